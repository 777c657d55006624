"""A hot-seat table in the terminal over the same host and store: the offline way to try and debug a game.

    bash scripts/run --local abordaje --option variant=advanced      (or: python -m bot.local abordaje …)
    bash scripts/run --local derelict --players 1 --bots 2           (one person against two seat bots)
    bash scripts/run --local --db derelict.db                        (go on with the game kept in that file)
    bash scripts/run --local --replay abordaje-7-replay.json         (play back a finished game: /export)

Players take turns at one keyboard, so the table must hide one seat from the next. When the terminal passes to
another person, the one leaving presses Enter, the screen *and its scroll-back* are cleared, and only then does
the pass line ask for the next player; their news and their hand are printed after they press Enter. Private
images (hands, close-ups) are written only with ``--images``, each player's into a folder of their own;
board images, which the whole channel would see, go to a fresh folder under ``boards/``, made only when the
first image is written (a start that fails leaves nothing behind).

Each thing is printed once: a board message that a step edits shows only its new lines, a player's panel
shows only what changed since that player last read it (the whole of it when they take the terminal), and a
question is asked once, with its choices, not repeated by the panel and the board's "waiting on" line.
Discord's markup (mentions, timestamps, strike-through, "press Your move") is turned into terminal text.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import sys
import tempfile
import textwrap
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from engine.core import GameError, GameSpec, Prompt
from engine.core.words import and_list, count
from engine.registry import GAMES

from .guides import allowed_values, options_text
from .hints import hint_for
from .outbox import Attachment, Outbox, Panel
from .store import GameRecord, SeatRecord
from .store.factory import open_store
from .tables import Actor, Host

PLAYER_BASE_ID = 1000
CHANNEL_ID = 1
CLEAR_ALL = "\033[3J\033[H\033[2J"
"""Erase the scroll-back (3J), go home, erase the screen: what the last player read is gone, not scrolled up."""
WAITING_MARK = "⏳"  # the board's "waiting on …" line: the terminal asks the player directly instead


class Refusal(Exception):
    """A start the terminal refuses before the host is asked (an option the game does not have, no game named)."""


class LocalTable:
    """Drives one game through the host, reading answers from ``ask`` and writing images under ``out_dir``."""

    def __init__(
        self,
        host: Host,
        out_dir: Path,
        ask: Callable[[str], str] = input,
        say: Callable[[str], None] = print,
        hot_seat: bool = True,
        images: bool = False,
        hints: bool = True,
        player_names: Sequence[str] = (),
    ) -> None:
        self.host = host
        self.player_names = list(player_names)  # the people at the keyboard, in seat order ("Player n" past them)
        self.hints = hints
        self.hinted: dict[int, set[str]] = {}  # user id -> the kinds of decision they were given a hint on
        self.game_key = ""
        self.out_dir = out_dir
        self.ask = ask
        self.say = say
        self.hot_seat = hot_seat
        self.images = images
        self.channel_id = CHANNEL_ID
        self.image_count = 0
        self.message_ids = 0
        self.names: dict[int, str] = {}  # user id -> display name, for mentions
        self.people: set[int] = set()  # user ids of the people at the keyboard (not the bots)
        self.shown: dict[int, list[str]] = {}  # message id -> the lines of it already printed
        self.news: list[str] = []  # every piece of channel text, in order
        self.read_up_to: dict[int, int] = {}  # user id -> how much of ``news`` they have read
        self.private_news: dict[int, list[str]] = {}  # user id -> private news waiting for them (from their DMs)
        self.panel_shown: dict[int, list[str]] = {}  # user id -> their panel's lines as they last read them
        self.at_terminal: int | None = None  # the user id of the person holding the terminal

    def actor(self, index: int) -> Actor:
        """The ``index``-th person at the keyboard (0-based), by the name the table gave them, else "Player n"."""
        named = self.player_names[index] if index < len(self.player_names) else ""
        actor = Actor(PLAYER_BASE_ID + index, named or default_name(index), can_moderate=True)
        self.names[actor.user_id] = actor.display_name
        self.people.add(actor.user_id)
        return actor

    def seat_actor(self, seat: SeatRecord) -> Actor:
        return Actor(seat.user_id, seat.display_name, can_moderate=True)

    def know_seats(self, record: GameRecord) -> None:
        """Names of every seat (bots too) for mentions; the people among them (a game resumed from a file)."""
        for seat in record.seats:
            self.names[seat.user_id] = seat.display_name
            if not seat.is_bot:
                self.people.add(seat.user_id)

    @property
    def passing(self) -> bool:
        """Whether the terminal passes between people (one person alone never needs to hide anything)."""
        return self.hot_seat and len(self.people) > 1

    # ------------------------------------------------------------------------------------------ output

    def write_image(self, relative: Path, image: Attachment) -> Path:
        path = self.out_dir / relative
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        path.write_bytes(image.data)
        return path

    def publish(self, text: str) -> None:
        """Channel text: printed now to whoever holds the terminal, kept for the others to read on their turn."""
        if not text.strip():
            return
        self.news.append(text)
        if self.at_terminal is not None or not self.passing:
            self.say(text)
            if self.at_terminal is not None:
                self.read_up_to[self.at_terminal] = len(self.news)

    def show_private(self, user_id: int, text: str, questions: set[str], whole: bool) -> None:
        """A player's panel, to that player at the terminal: all of it, or only the lines new since they read it."""
        lines = [
            line
            for line in terminal_text(text, self.names).splitlines()
            if line.strip() and line.strip() not in questions and not line.startswith(WAITING_MARK)
        ]
        seen = set() if whole else set(self.panel_shown.get(user_id, []))
        fresh = [line for line in lines if line not in seen]
        if fresh:
            self.say("\n".join(fresh))
        self.panel_shown[user_id] = lines

    def show_notes(self, user_id: int, notes: list[str], questions: set[str]) -> None:
        """What the player was told privately while away (their DMs' news), less what their panel already showed."""
        shown = set(self.panel_shown.get(user_id, [])) | questions
        for line in notes:
            if line.strip() and line.strip() not in shown and not line.startswith(WAITING_MARK):
                self.say(line)
                shown.add(line)

    async def _news_of(self, user_id: int, dm: Panel) -> list[str]:
        """The lines of a DM that are news (what happened to the player), not the view it repeats: those not in
        the player's panel as it stands now, which is the state the DM was written from."""
        try:
            now = await self.host.panel(self.channel_id, user_id)
        except GameError:
            now = Panel(text="")
        known = set(terminal_text(now.text, self.names).splitlines())
        return [line for line in terminal_text(dm.text, self.names).splitlines() if line not in known]

    async def deliver(self, out: Outbox) -> None:
        """Print what the channel would show (only what is new) and save its images; DMs wait for their reader."""
        for post in out.posts:
            post = await self.host.aim(post)  # a board drawn before the game moved on is drawn again
            text = terminal_text(post.text, self.names)
            if post.is_edit and post.edit_message_id in self.shown:
                shown = _new_lines(self.shown[post.edit_message_id], text)
                self.shown[post.edit_message_id] = text.splitlines()
            else:
                shown = "\n" + "=" * 72 + "\n" + text
            shown = "\n".join(line for line in shown.splitlines() if not line.startswith(WAITING_MARK))
            if post.image is not None:
                self.image_count += 1
                path = self.write_image(Path(f"{self.image_count:04d}-{post.image.filename}"), post.image)
                shown = f"{shown.rstrip()}\n[board image: {path}]" if shown.strip() else f"[board image: {path}]"
            self.publish(shown)
            if post.kind in ("lobby", "board") and not post.is_edit:
                self.message_ids += 1
                self.shown[self.message_ids] = text.splitlines()
                await self.host.board_posted(self.channel_id, post.game_id, self.message_ids)
        for dm in out.dms:
            if dm.user_id in self.people and dm.user_id != self.at_terminal:
                self.private_news.setdefault(dm.user_id, []).extend(await self._news_of(dm.user_id, dm.panel))
        await self.host.delivered(out)  # shown: nothing is owed any more
        for item in out.later:  # the others' DMs (as the action left the game) and a recap: once the rest is shown
            drawn = await self.host.drawn_later(item) if item.kind == "dm" else None
            await self.deliver(drawn or await self.host.redeliver(item))

    # -------------------------------------------------------------------------------------------- play

    async def setup(self, game_key: str, players: int, options: dict[str, Any], bots: int = 0, level: str = "") -> None:
        """Open the lobby with ``bots`` seat bots, seat every player and begin; a refused start leaves no lobby."""
        people = [self.actor(index) for index in range(players)]  # known first: the screen is hidden from the start
        extra = {"bots": bots, "level": level} if level else {"bots": bots}
        await self.deliver(await self.host.start(None, self.channel_id, people[0], game_key, options, **extra))
        try:
            for actor in people[1:]:
                await self.deliver(await self.host.join(self.channel_id, actor))
            await self.deliver(await self.host.begin(self.channel_id, people[0]))
        except GameError:
            await self.host.delivered(await self.host.cancel(self.channel_id, people[0]))
            raise
        record = await self.host.store.live_game(self.channel_id)
        if record is not None:
            self.know_seats(record)

    async def play_bots(self) -> None:
        """Every move the seat bots owe, one after another, printed as the channel would show them."""
        while (out := await self.host.bot_step(self.channel_id)) is not None:
            await self.deliver(out)

    async def play(self, max_steps: int = 100_000) -> None:
        """Ask each waiting player in turn until the game ends (or the input runs out)."""
        for _ in range(max_steps):
            await self.play_bots()
            record = await self.host.store.live_game(self.channel_id)
            if record is None or record.status != "active":
                break
            self.know_seats(record)
            self.game_key = record.game_key
            # The person holding the terminal goes on while they have a decision; then the next one in seat order.
            order = sorted(record.seats, key=lambda s: (s.user_id != self.at_terminal, s.seat))
            for seat in order:
                if seat.is_bot:
                    continue
                panel = await self.host.panel(self.channel_id, seat.user_id)
                if panel.prompts:
                    await self.turn_of(seat, panel)
                    break
            else:
                break
        latest = await self.host.store.latest_game(self.channel_id)
        if latest is not None and latest.status != "active":
            self.say(f"\nGame {latest.status}. {latest.result or ''}")

    def show_hint(self, user_id: int, prompt: Prompt) -> None:
        """The first time a player meets a kind of decision, one line on what it is about (``--no-hints``: never)."""
        hint = hint_for(self.game_key, prompt.question) if self.hints else None
        seen = self.hinted.setdefault(user_id, set())
        if hint is not None and hint.kind not in seen:
            seen.add(hint.kind)
            self.say(f"Hint: {hint.text}")

    def take_terminal(self, seat: SeatRecord) -> bool:
        """Hand the terminal to ``seat``'s player, hiding the last one's screen first; whether it changed hands."""
        if seat.user_id == self.at_terminal:
            return False
        if self.passing:
            if self.at_terminal is not None:
                self.ask(f"\n--- {self.names[self.at_terminal]}: press Enter to hide your screen ---")
            self.at_terminal = None
            self.say(CLEAR_ALL)
            self.ask(f"--- Pass the terminal to {seat.display_name}, then press Enter ---")
            self.say(f"{seat.display_name} at the terminal.")
        self.at_terminal = seat.user_id
        unread = self.news[self.read_up_to.get(seat.user_id, 0) :]
        if unread and self.passing:
            self.say("\n".join(unread))
        self.read_up_to[seat.user_id] = len(self.news)
        return True

    async def turn_of(self, seat: SeatRecord, panel: Panel) -> None:
        questions = {p.question.strip() for p in panel.prompts}
        arrived = self.take_terminal(seat)
        self.show_private(seat.user_id, panel.text, questions, whole=arrived and self.passing)
        self.show_notes(seat.user_id, self.private_news.pop(seat.user_id, []), questions)
        if self.images:
            folder = Path("hands") / seat.display_name.replace(" ", "_")
            if panel.image is not None:
                self.say(f"[your hand image: {self.write_image(folder / 'hand.png', panel.image)}]")
            if panel.closeup is not None:
                self.say(
                    f"[where your choices are, enlarged: {self.write_image(folder / 'closeup.png', panel.closeup)}]"
                )
        prompt = panel.prompts[0]
        self.show_hint(seat.user_id, prompt)
        while True:
            choice = _pick(prompt, self.ask)
            try:
                out = await self.host.act(self.channel_id, self.seat_actor(seat), prompt.id, choice)
            except GameError as exc:
                self.say(f"! {exc.sentence}")
                continue
            if out.reply is not None:  # their next questions are asked in turn, not listed here
                asked = questions | {p.question.strip() for p in out.reply.prompts}
                self.show_private(seat.user_id, out.reply.text, asked, whole=False)
            self.private_news.pop(seat.user_id, None)  # their own DMs repeat the reply just shown
            await self.deliver(out)
            self.private_news.pop(seat.user_id, None)
            return


def _pick(prompt: Prompt, ask: Callable[[str], str]) -> str:
    lines = [f"{prompt.question}"]
    lines += [f"  {i + 1}. {c.label}" for i, c in enumerate(prompt.choices)]
    while True:
        answer = ask("\n".join(lines) + "\n> ").strip()
        if answer.isdigit() and 1 <= int(answer) <= len(prompt.choices):
            return prompt.choices[int(answer) - 1].id
        for c in prompt.choices:
            if answer.casefold() in (c.id.casefold(), c.label.casefold()):
                return c.id
        lines = [f"Type a number from 1 to {len(prompt.choices)}.", *lines[-len(prompt.choices) - 1 :]]


_MENTION = re.compile(r"<@!?(-?\d+)>")
_CHANNEL = re.compile(r"(?:\bin )?<#\d+>")
_TIMESTAMP = re.compile(r"<t:(\d+)(?::([tTdDfFR]))?>")
_STRUCK = re.compile(r"~~(.+?)~~")
# What a Discord player is told to press, said the way a terminal player does it.
_DISCORD_WORDS = (
    ("Press **Your move**.", "It is their turn at the terminal."),
    ("(**Your move**, or `/act`)", "(at the terminal)"),
    ("(**Your move** or `/act`)", "(at the terminal)"),
    ("press **Your move**", "take the terminal"),
    ("with the menu", "in the list"),
)


MAX_NAME = 32  # a Discord display name's length, which every text and image is made to hold


def default_name(index: int) -> str:
    """The name of the ``index``-th person at the keyboard (0-based) when nobody gave one."""
    return f"Player {index + 1}"


def parse_names(raw: str | None) -> list[str]:
    """``--names Ana,Ben,Caro`` as names in seat order; an empty one keeps its default ("Ana,,Caro"). Refuses a
    name said twice or longer than a Discord display name, with a sentence."""
    if not raw:
        return []
    names = [name.strip() for name in raw.split(",")]
    for name in names:
        if len(name) > MAX_NAME:
            raise Refusal(f"The name {name!r} is too long: at most {MAX_NAME} characters.")
    filled = [name or default_name(i) for i, name in enumerate(names)]
    twice = sorted({name for name in filled if filled.count(name) > 1})
    if twice:
        raise Refusal(f"Two players cannot share a name ({and_list(twice)}): give each their own.")
    return names


def ask_names(players: int, ask: Callable[[str], str]) -> list[str]:
    """Each person's name, asked once at the start; Enter keeps "Player n", a name already taken is asked again."""
    names: list[str] = []
    for index in range(players):
        while True:
            name = ask(f"Name of player {index + 1} (Enter: {default_name(index)})> ").strip()[:MAX_NAME]
            chosen = name or default_name(index)
            if chosen not in [n or default_name(i) for i, n in enumerate(names)]:
                break
        names.append(name)
    return names


def terminal_text(text: str, names: Mapping[int, str], now: float | None = None) -> str:
    """Discord markup made readable in a terminal: mentions as names, timestamps as words, no markdown."""
    for discord_words, terminal_words in _DISCORD_WORDS:
        text = text.replace(discord_words, terminal_words)
    text = _MENTION.sub(lambda m: names.get(int(m.group(1)), "a player"), text)
    text = _CHANNEL.sub(lambda m: "at this table" if m.group(0).startswith("in ") else "this table", text)
    text = _TIMESTAMP.sub(lambda m: _when(int(m.group(1)), time.time() if now is None else now), text)
    text = _STRUCK.sub(lambda m: f"{m.group(1)} (crossed out)", text)
    return text.replace("**", "").replace("__", "").replace("`", "")


def _when(ts: int, now: float) -> str:
    """A Discord relative timestamp in words: "just now", "5 minutes ago", "in 2 hours"."""
    seconds = round(ts - now)
    if abs(seconds) < 60:
        return "just now"
    for size, unit in ((86_400, "day"), (3_600, "hour"), (60, "minute")):
        if abs(seconds) >= size:
            count = abs(seconds) // size
            words = f"{count} {unit}{'' if count == 1 else 's'}"
            return f"in {words}" if seconds > 0 else f"{words} ago"
    return "just now"  # unreachable: every |seconds| >= 60 matched a unit


def _new_lines(before: list[str], after: str) -> str:
    """The lines of an edited message that were not in it before (a turn's story grows at its end)."""
    seen = set(before)
    return "\n".join(line for line in after.splitlines() if line not in seen)


def fresh_run_folder(base: Path, game: str) -> Path:
    """``boards/<game>-<time>[-n]/``: a new folder per run, so one game's images never mix with another's.
    Only named here: it is made when the first image is written."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    folder, n = base / f"{game}-{stamp}", 1
    while folder.exists():
        n += 1
        folder = base / f"{game}-{stamp}-{n}"
    return folder


def _parse_options(pairs: list[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        key, _, value = pair.partition("=")
        lowered = value.lower()
        options[key.strip()] = {"on": True, "true": True, "off": False, "false": False}.get(lowered, value)
    return options


def _option_names(spec: GameSpec[Any, Any]) -> str:
    """``variant (basic, advanced) and handicap (on, off)``: a game's options with their values where listed."""
    named = []
    for name in spec.options_model.model_fields:
        values = allowed_values(spec.options_model, name)
        named.append(f"{name} ({', '.join(values)})" if values else name)
    return and_list(named)


def check_option_names(spec: GameSpec[Any, Any], options: Mapping[str, Any]) -> None:
    """Refuse an option the game does not have, with a sentence naming the ones it has."""
    unknown = [name for name in options if name not in spec.options_model.model_fields]
    if unknown:
        names = and_list([repr(n) for n in unknown])
        raise Refusal(f"{spec.name} has no option {names}; its options are {_option_names(spec)}.")


def options_help() -> str:
    """Every game's options and their values, for ``--help``: the player's guide's own words."""
    blocks = ["games and their options (as --option KEY=VALUE):"]
    for key, spec in sorted(GAMES.items()):
        players = f"{spec.min_players}-{spec.max_players}" if spec.max_players > spec.min_players else spec.min_players
        blocks.append(f"\n{key}: {spec.name}, {players} players")
        for line in terminal_text(options_text(key), {}).splitlines():
            indent = "  " + " " * (len(line) - len(line.lstrip()))
            blocks.append(
                textwrap.fill(line.strip(), width=100, initial_indent=indent, subsequent_indent=indent + "  ")
            )
    return "\n".join(blocks)


def parser() -> argparse.ArgumentParser:
    made = argparse.ArgumentParser(
        prog="bash scripts/run --local",
        description="Play a game hot-seat in the terminal, through the same host and store as the bot.",
        epilog=options_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    made.add_argument("game", nargs="?", choices=sorted(GAMES), help="which game (leave out to go on with --db's)")
    made.add_argument("--players", type=int, default=None, help="people at the keyboard (default: enough to play)")
    made.add_argument("--bots", type=int, default=0, help="seats played by the bot (default: 0)")
    made.add_argument("--level", choices=("normal", "easy"), default="normal", help="the bots' level (default: normal)")
    made.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="a game option, e.g. variant=advanced"
    )
    made.add_argument(
        "--out", type=Path, default=None, help="folder for this run's images (default: a new one under boards/)"
    )
    made.add_argument("--images", action="store_true", help="also write each player's hand image (own folder each)")
    made.add_argument("--no-hints", action="store_true", help="no first-time hint on each kind of decision")
    made.add_argument("--db", default=None, help="keep the game in this file; run again with it to go on")
    made.add_argument("--replay", type=Path, default=None, help="play back a finished game's /export replay file")
    made.add_argument(
        "--names", default=None, metavar="ANA,BEN", help='the players\' names in seat order (default: "Player 1", …)'
    )
    made.add_argument("--ask-names", action="store_true", help="ask each player's name at the start (Enter: default)")
    return made


async def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.replay is not None:  # a finished game played back, no table (``bot.local_replay``)
        from .local_replay import play_back

        return play_back(args.replay, args.out)
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or str(Path(tmp) / "local.db")
        store = await open_store(db)
        try:
            return await _run(args, store, db)
        except Refusal as refusal:
            print(refusal, file=sys.stderr)
            return 2
        finally:
            await store.close()


async def _run(args: argparse.Namespace, store: Any, db: str) -> int:
    """Resume the game kept in ``db``, or start the one asked for (refusing, with a sentence, what cannot start)."""
    host = Host(store)
    live = await store.live_game(CHANNEL_ID)
    if live is not None and args.game not in (None, live.game_key):
        raise Refusal(
            f"{db} holds a game of {GAMES[live.game_key].name} that is not over; run without a game name to go on "
            f"with it, or name another file."
        )
    key = live.game_key if live is not None else args.game
    if key is None:
        raise Refusal(f"Name a game to play: {and_list(sorted(GAMES))}.")
    spec = GAMES[key]
    options = _parse_options(args.option)
    names = parse_names(args.names)
    default_players = max(1, len(names), spec.min_players - args.bots)
    players = args.players if args.players is not None else default_players
    if live is None:
        check_option_names(spec, options)
        if players < 1 or args.bots < 0:
            raise Refusal("At least one person plays at the terminal (--players 1 or more; --bots 0 or more).")
        if len(names) > players:
            raise Refusal(f"{count(len(names), 'name')} for {count(players, 'player')}: give one name a player.")
        if args.ask_names:
            names = ask_names(players, input)
    out_dir = args.out if args.out is not None else fresh_run_folder(Path("boards"), key)
    table = LocalTable(host, out_dir, images=args.images, hints=not args.no_hints, player_names=names)
    hands = " (hands in its hands/ folder, one per player)" if args.images else ""
    print(f"Images of this game go to {out_dir}/{hands}.")
    try:
        if live is not None:
            table.know_seats(live)
            print(f"Going on with the game of {spec.name} kept in {db}.")
            if live.status == "lobby":
                opener = next(s for s in live.seats if s.user_id == live.opener_id)
                await table.deliver(await host.begin(CHANNEL_ID, table.seat_actor(opener)))
        else:
            await table.setup(key, players, options, bots=args.bots, level=args.level if args.bots else "")
        await table.play()
    except GameError as exc:
        print(exc.sentence, file=sys.stderr)
        return 2
    except (EOFError, KeyboardInterrupt):
        kept = f" The game is kept in {db}: run again with --db {db} to go on." if args.db else ""
        print(f"\nBye.{kept}")
    return 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main()))
