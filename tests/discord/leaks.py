"""The leak scan: everything anyone but its addressee can see, checked against what was hidden at that moment.

Recording (during a scenario, inside SimCord, never in the bot):

- every message the bot creates or edits in a server channel, as SimCord publishes it to everybody
  (``MESSAGE_CREATE``/``MESSAGE_UPDATE``; ephemeral answers and DMs are not channel-visible and are skipped):
  its text, its embeds, the labels, placeholders and options of its components, its images and their alt
  text (attachment descriptions);
- every private answer that must show only what the channel may see (**Zoom**, **Full board**: drawn from the
  public view), as the scenario hands it over with ``public_answer``: its text, images and their alt text are
  held to the channel's rules;
- every autocomplete list the bot offers a user (from the ``ResponseClock``, which sees each first response);
- with each of them, *the moment*: the channel's game as the store holds it right then (its snapshot, version,
  seats and action log), read from the SQLite file with a plain read-only connection while the bot's own
  call is still in progress. The host commits before it delivers, so that is the state the message was
  produced from (or a later one, when another request committed in between).

Scanning (at the end of the scenario): each game's log is replayed once, and every recorded snapshot must be
the replay of the log it was stored with. Then:

- a channel line names no card that was hidden at its moment, unless that card was also face up or shown by
  the actions since the channel's previous message (see ``hidden.Secrets``). Lines are checked the first time
  they appear in a channel: a board edited twenty times repeats its narration, which was checked once;
- a channel image is never a hand image (by name, or byte for byte equal to an image sent by DM);
- an autocomplete list offered to a user names no card hidden from that user's seat;
- a DM's "since your last move" lines (``bot/tables/since.py``): each private one (🔒) is an event the game told
  the DM's addressee's seat, replayed from the log of its moment; never another seat's news.

Card names come from each game's catalog (``hidden.SECRETS``).
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
import simcord
from simcord.components import walk_components

from engine.core import GameSpec, SeatSetup, State
from engine.core.playout import LoggedAction
from engine.core.words import name_seats
from engine.registry import GAMES

from .hidden import named_cards, secrets_of


@dataclass(frozen=True)
class Moment:
    """A channel's game as the store held it when something was shown."""

    game_id: int
    game_key: str
    status: str
    version: int
    options: dict[str, Any]
    seed: int
    roles: tuple[str | None, ...]  # by seat
    users: dict[int, int]  # user id → seat
    snapshot: str | None
    log: tuple[LoggedAction, ...]
    names: dict[int, str] = field(default_factory=dict)  # seat → the name its player is shown by


@dataclass
class Shown:
    """One channel-visible message (as created or edited) and its moment."""

    seq: int
    channel_id: int
    message_id: int
    lines: list[str]
    images: list[tuple[str, str]]  # (filename, CDN url)
    moment: Moment | None


@dataclass
class Offered:
    """One autocomplete list offered to one user, and its moment."""

    seq: int
    channel_id: int
    user_id: int
    labels: list[str]
    moment: Moment | None


@dataclass
class News:
    """The "since your last move" lines of one DM, who it went to, and the moment of its game."""

    seq: int
    user_ids: tuple[int, ...]
    lines: list[str]
    moment: Moment | None


@dataclass
class Exported:
    """The files of one ``/export``, answered to one user alone, and its moment."""

    seq: int
    channel_id: int
    user_id: int
    texts: list[str]
    moment: Moment | None


@dataclass
class LeakScanner:
    """Records what everybody can see during a scenario, then scans it (see the module docstring)."""

    env: simcord.Env
    db: Path
    games: dict[str, GameSpec[Any, Any]] = field(default_factory=lambda: dict(GAMES))
    shown: list[Shown] = field(default_factory=list)
    offered: list[Offered] = field(default_factory=list)
    exported: list[Exported] = field(default_factory=list)
    dm_images: set[str] = field(default_factory=set)  # CDN urls of images sent by DM
    news: list[News] = field(default_factory=list)  # DMs' "since your last move" lines
    _seq: int = 0
    _db: sqlite3.Connection | None = None

    def install(self, on_autocomplete: list[Any]) -> LeakScanner:
        self.env.backend.subscribers.append(self._published)
        on_autocomplete.append(self._autocompleted)
        return self

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    # ------------------------------------------------------------------ recording

    def _published(self, event: str, payload: Any) -> None:
        if event not in ("MESSAGE_CREATE", "MESSAGE_UPDATE") or not isinstance(payload, dict):
            return
        images = [(a.get("filename", ""), a.get("url", "")) for a in payload.get("attachments") or []]
        if payload.get("guild_id") is None:
            self.dm_images.update(url for _, url in images)
            self._news(payload)
            return  # a DM: only its addressee reads it (its news lines are checked against their seat)
        channel_id = int(payload["channel_id"])
        self._seq += 1
        self.shown.append(
            Shown(self._seq, channel_id, int(payload["id"]), _lines(payload), images, self._moment(channel_id))
        )

    def _news(self, payload: dict[str, Any]) -> None:
        """Record a DM's news lines (``bot/tables/since.py``), its addressee and its game's moment."""
        content = payload.get("content") or ""
        game = GAME_CHANNEL.search(content)
        lines = news_lines(content)
        if game is None or not lines:
            return
        channel = self.env.backend.channels.get(int(payload["channel_id"]))
        users = tuple(getattr(channel, "recipient_ids", ()) or ())
        self._seq += 1
        self.news.append(News(self._seq, users, lines, self._moment(int(game.group(1)))))

    def public_answer(self, channel_id: int, messages: Sequence[discord.Message]) -> None:
        """Record an ephemeral answer whose content is public by design (a zoom, the full board): scanned like
        a channel message, so a zoom image or its alt text naming a hidden card is a leak too."""
        for message in messages:
            texts = [message.content or "", *(a.description or "" for a in message.attachments)]
            lines = [line for text in texts for line in text.splitlines() if line.strip()]
            images = [(a.filename, a.url) for a in message.attachments]
            self._seq += 1
            self.shown.append(Shown(self._seq, channel_id, message.id, lines, images, self._moment(channel_id)))

    def private_answer(self, channel_id: int, user_id: int, files: Mapping[str, bytes]) -> None:
        """Record the files answered to one user alone (``/export``): scanned for any card hidden from their seat
        that they were never shown, and, while the game runs, for the game's seed (which would deal it again)."""
        texts = [data.decode("utf-8", "replace") for data in files.values()]
        self._seq += 1
        self.exported.append(Exported(self._seq, channel_id, user_id, texts, self._moment(channel_id)))

    def _autocompleted(self, record: Any, choices: list[dict[str, Any]]) -> None:
        self._seq += 1
        labels = [str(c.get("name", "")) for c in choices]
        self.offered.append(
            Offered(self._seq, record.channel_id, record.user_id, labels, self._moment(record.channel_id))
        )

    def _moment(self, channel_id: int) -> Moment | None:
        """The channel's newest game in the store right now (``None``: no game, or no database yet)."""
        if self._db is None:
            if not self.db.exists():
                return None
            self._db = sqlite3.connect(f"file:{self.db}?mode=ro", uri=True, isolation_level=None)
        db = self._db
        db.execute("BEGIN")  # one read snapshot: the store's worker thread may commit between two SELECTs
        try:
            return self._read(db, channel_id)
        finally:
            db.execute("COMMIT")

    @staticmethod
    def _read(db: sqlite3.Connection, channel_id: int) -> Moment | None:
        row = db.execute(
            "SELECT id, game_key, status, version, options, seed, snapshot FROM games "
            "WHERE channel_id = ? ORDER BY id DESC LIMIT 1",
            (channel_id,),
        ).fetchone()
        if row is None:
            return None
        game_id, key, status, version, options, seed, snapshot = row
        seats = db.execute(
            "SELECT seat, user_id, role, display_name, bot FROM seats WHERE game_id = ? ORDER BY position",
            (game_id,),
        ).fetchall()
        log = db.execute(
            "SELECT seat, prompt_id, choice_id FROM actions WHERE game_id = ? ORDER BY idx", (game_id,)
        ).fetchall()
        return Moment(
            game_id=game_id,
            game_key=key,
            status=status,
            version=version,
            options=json.loads(options),
            seed=seed,
            roles=tuple(role for _, _, role, _, _ in sorted(seats)),
            users={user: seat for seat, user, _, _, _ in seats},
            names={seat: (f"🤖 {name}" if bot else name) for seat, _, _, name, bot in seats},  # as DMs name them
            snapshot=snapshot,
            log=tuple(LoggedAction(s, p, c) for s, p, c in log),
        )

    # ------------------------------------------------------------------ scanning

    def scan(self) -> list[str]:
        """Every leak and every snapshot that is not the replay of its log, as sentences."""
        problems: list[str] = []
        states = self._replays(problems)
        problems += self._scan_channels(states)
        problems += self._scan_images()
        problems += self._scan_autocomplete(states)
        problems += self._scan_news()
        problems += self._scan_exports(states)
        return problems

    def _scan_exports(self, states: dict[tuple[int, tuple[LoggedAction, ...]], list[State]]) -> list[str]:
        """An export names no card hidden from its asker that their seat never saw (their own past lines may
        name a card they held and passed on), and holds no seed of a game still running."""
        problems = []
        for exported in self.exported:
            m = exported.moment
            if m is None or m.snapshot is None:
                continue
            text = "\n".join(exported.texts)
            if m.status not in ("finished", "ended") and str(m.seed) in text:
                problems.append(f"user {exported.user_id}'s export of running game {m.game_id} holds its seed")
            secrets = secrets_of(m.game_key)
            replayed = states[(m.game_id, m.log)]
            seat = m.users.get(exported.user_id)
            seen: set[str] = set()
            for i, state in enumerate(replayed):
                seen |= secrets.known_to(state, seat)
                if i:
                    seen |= secrets.shown_between(replayed[i - 1], state)
            leaked = named_cards(text, secrets) & (secrets.hidden(replayed[-1]) - seen)
            if leaked:
                problems.append(
                    f"user {exported.user_id}'s export of game {m.game_id} names hidden {sorted(leaked)} "
                    "their seat never saw"
                )
        return problems

    def _replays(self, problems: list[str]) -> dict[tuple[int, tuple[LoggedAction, ...]], list[State]]:
        """Each recorded moment's states after 0, 1, … actions of its own log, keyed by game and log (a log
        is not always a prefix of a later one: a moderator's undo takes its last action back); each recorded
        snapshot checked against its replay."""
        shown = (*(s.moment for s in self.shown), *(o.moment for o in self.offered), *(e.moment for e in self.exported))
        moments = [m for m in shown if m]
        states: dict[tuple[int, tuple[LoggedAction, ...]], list[State]] = {}
        # The logs replayed so far per deal: a later moment's log mostly extends an earlier one, whose states
        # are taken as they are (``apply`` never changes a state), so a long game is replayed once, not once
        # per message. A log no earlier one begins (after an undo) is replayed from the deal.
        deals: dict[tuple[int, str, int, tuple[str | None, ...]], list[tuple[LoggedAction, ...]]] = {}
        for m in moments:
            if m.snapshot is None or (m.game_id, m.log) in states:
                continue
            spec = self.games[m.game_key]
            deal = (m.game_id, json.dumps(m.options, sort_keys=True), m.seed, m.roles)
            logs = deals.setdefault(deal, [])
            start = next((log for log in reversed(logs) if m.log[: len(log)] == log), None)
            if start is None:
                state: State = spec.setup([SeatSetup(role=r) for r in m.roles], spec.parse_options(m.options), m.seed)
                replayed = [state]
            else:
                replayed = list(states[(m.game_id, start)])
                state = replayed[-1]
            logs.append(m.log)
            for action in m.log[len(replayed) - 1 :]:
                state, _ = spec.apply(state, action.seat, action.prompt_id, action.choice_id)
                replayed.append(state)
            states[(m.game_id, m.log)] = replayed
            if spec.load_state(m.snapshot) != state:
                problems.append(f"game {m.game_id} v{m.version}: the stored snapshot is not the replay of its log")
        return states

    def _scan_channels(self, states: dict[tuple[int, tuple[LoggedAction, ...]], list[State]]) -> list[str]:
        problems: list[str] = []
        seen: dict[int, set[str]] = {}  # channel → lines already checked
        since: dict[tuple[int, int], int] = {}  # (channel, game) → action count at the previous message
        for shown in self.shown:
            lines = seen.setdefault(shown.channel_id, set())
            new = [line for line in shown.lines if line not in lines]
            lines.update(new)
            m = shown.moment
            if m is None or m.snapshot is None or not new:
                continue
            secrets = secrets_of(m.game_key)
            replayed = states[(m.game_id, m.log)]
            now = len(m.log)
            start = min(since.get((shown.channel_id, m.game_id), 0), now)
            since[(shown.channel_id, m.game_id)] = now
            state = replayed[now]
            allowed = secrets.known_to(state, None)
            for i in range(start + 1, now + 1):
                allowed |= secrets.shown_between(replayed[i - 1], replayed[i])
            secret = secrets.hidden(state) - allowed
            for line in new:
                leaked = named_cards(line, secrets) & secret
                if leaked:
                    problems.append(
                        f"channel {shown.channel_id}, message {shown.message_id} (game {m.game_id} after "
                        f"{now} actions) names hidden {sorted(leaked)}: {line!r}"
                    )
        return problems

    def _scan_images(self) -> list[str]:
        problems = []
        cdn = self.env.backend.cdn
        private = {cdn.get(url) for url in self.dm_images}
        for shown in self.shown:
            for filename, url in shown.images:
                if filename.endswith("-hand.png") or cdn.get(url) in private:
                    problems.append(f"channel {shown.channel_id}, message {shown.message_id} shows a hand image")
        return problems

    def _scan_autocomplete(self, states: dict[tuple[int, tuple[LoggedAction, ...]], list[State]]) -> list[str]:
        problems = []
        for offered in self.offered:
            m = offered.moment
            if m is None or m.snapshot is None:
                if offered.labels and (m is None or m.status != "lobby"):
                    problems.append(f"user {offered.user_id} was offered {offered.labels} with no game running")
                continue
            secrets = secrets_of(m.game_key)
            state = states[(m.game_id, m.log)][-1]
            secret = secrets.hidden(state) - secrets.known_to(state, m.users.get(offered.user_id))
            leaked = named_cards("\n".join(offered.labels), secrets) & secret
            if leaked:
                problems.append(
                    f"user {offered.user_id} in channel {offered.channel_id} was offered another player's "
                    f"hidden {sorted(leaked)}: {offered.labels}"
                )
        return problems

    def _scan_news(self) -> list[str]:
        """Each private news line of a DM is an event its addressee's seat was told (by the log of its moment)."""
        problems = []
        told: dict[tuple[int, tuple[LoggedAction, ...]], dict[int, set[str]]] = {}
        for news in self.news:
            m = news.moment
            if m is None or m.snapshot is None:
                continue
            if (m.game_id, m.log) not in told:
                told[(m.game_id, m.log)] = self._told_by_seat(m)
            readable = told[(m.game_id, m.log)]
            seats = {m.users[u] for u in news.user_ids if u in m.users}
            mine = set().union(*(readable.get(seat, set()) for seat in seats))
            for line in news.lines:
                if line.startswith(PRIVATE_NEWS) and line.removeprefix(PRIVATE_NEWS) not in mine:
                    problems.append(
                        f"a DM to {news.user_ids} (game {m.game_id} after {len(m.log)} actions) tells news that is "
                        f"not theirs: {line!r}"
                    )
        return problems

    def _told_by_seat(self, m: Moment) -> dict[int, set[str]]:
        """Every private event text each seat was told in ``m``'s log, with people's names as a DM shows them."""
        spec = self.games[m.game_key]
        state: State = spec.setup([SeatSetup(role=r) for r in m.roles], spec.parse_options(m.options), m.seed)
        readable: dict[int, set[str]] = {seat: set() for seat in m.users.values()}
        for action in m.log:
            state, events = spec.apply(state, action.seat, action.prompt_id, action.choice_id)
            for e in events:
                for seat in readable:
                    if not e.is_public and e.readable_by(seat):
                        readable[seat].add(name_seats(e.text, m.names))
        return readable

    @property
    def messages(self) -> int:
        return len(self.shown)

    @property
    def lists(self) -> int:
        return len(self.offered)


GAME_CHANNEL = re.compile(r"<#(\d+)>")
PRIVATE_NEWS = "🔒 "  # how the panel marks a line only its player was told (``bot.tables.since.PRIVATE_MARK``)


def news_lines(content: str) -> list[str]:
    """The "since your last move" lines a panel opens with (its title and "… and N more" left out)."""
    lines = content.splitlines()
    start = next((i for i, line in enumerate(lines) if line.startswith("**Since ")), None)
    if start is None:
        return []
    found = []
    for line in lines[start + 1 :]:
        if not line.startswith("• "):
            break
        found.append(line.removeprefix("• "))
    return found


def _lines(payload: dict[str, Any]) -> list[str]:
    """Every line of text of a message: content, embeds, its images' alt text, and what its components say."""
    texts: list[str] = [payload.get("content") or ""]
    texts += [a.get("description") or "" for a in payload.get("attachments") or []]
    for embed in payload.get("embeds") or []:
        texts += [embed.get("title") or "", embed.get("description") or ""]
        texts += [(embed.get("footer") or {}).get("text") or "", (embed.get("author") or {}).get("name") or ""]
        for f in embed.get("fields") or []:
            texts += [f.get("name") or "", f.get("value") or ""]
    for component in walk_components(payload.get("components") or []):
        texts += [component.get("label") or "", component.get("placeholder") or "", component.get("content") or ""]
        for option in component.get("options") or []:
            texts += [option.get("label") or "", option.get("description") or ""]
    return [line for text in texts for line in text.splitlines() if line.strip()]
