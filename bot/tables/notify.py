"""How each player wants to be told (``/notify``): first-time hints in the panel, one daily digest instead of a
DM per turn, quiet hours, and the time zone those hours are in.

Decisions (README, "Notifications"):

- **Hints**: the panel shows a one-line hint under a decision the first ``HINT_TIMES`` times a player meets that
  kind of decision (counted per player across games: a decision drawn again is counted once), until they turn
  hints off (``/notify hints:off``).
- **Digest** (``digest:daily``, at ``hour`` on the player's clock): no DM per turn any more (neither "your
  turn" nor private news: the panel opens with what happened since, ``bot/tables/since.py``); once a day one DM
  lists every game waiting on them, with links. Nothing waiting, no DM. Each day's digest is a timer firing
  (``TimerRecord``, kind ``digest``, keyed by the player and their local date) claimed like a reminder, so two
  processes send it once and a restart neither loses nor repeats it. A digest hour inside the quiet hours is
  refused (the digest would wait for their end, past the day).
- **Quiet hours** (``quiet:22-8``): while they last, a board post that falls due to the player names them (the
  board says whom it waits on) but does not ping them, no DM is sent to them, and a reminder to them alone
  waits (a reminder to several pings the others). When the quiet hours end, each game that began waiting on
  them meanwhile pings them once in its channel (with their panel by DM if they asked for DMs per turn): a
  timer firing keyed by the player and the end of those hours, so it is sent once.
- **Time zone**: an IANA name (``Europe/Paris``) or an offset (``+02:00``), see ``bot/tables/zones.py``;
  without one, hours are UTC.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from engine.core import BadOptions, Event, Prompt

from ..hints import hint_for
from ..outbox import ChannelPost, DirectMessage, Outbox, Panel
from ..store import GameRecord, NotifyPrefs, SeatRecord, TimerRecord
from .common import Loaded, Owed, clip, mention, relative_time
from .paused import is_paused
from .recent import Recent
from .reminders import TIMER_BATCH, RemindersHost
from .settings import SettingsHost
from .zones import checked_zone, in_hours, is_quiet, last_quiet_window, local_time, quiet_hours

log = logging.getLogger(__name__)

HINT_TIMES = 3
"""How many decisions of one kind show a player its hint: enough to learn it, few enough not to nag."""
HINT_MARK = "💡 "
DEFAULT_DIGEST_HOUR = 9
DIGEST = "digest"
"""Timer kind of a daily digest: ``due_key`` is ``<user>:<local date>``; its ``game_id`` is 0 (it is a player's)."""
QUIET_END = "quiet"
"""Timer kind of what quiet hours held: ``due_key`` is ``<user>:<end of those hours, unix seconds>``."""
USER_TIMER = 0  # the ``game_id`` of a firing that belongs to a player rather than a game


def choices_text(prefs: NotifyPrefs, notify_dm: bool) -> str:
    """A player's notification choices as one short paragraph."""
    zone = prefs.time_zone or "UTC"
    if prefs.digest_hour is not None:
        turns = f"one digest DM a day at {prefs.digest_hour}:00 ({zone}) listing the games waiting on you"
    elif notify_dm:
        turns = "a DM and a ping when a game waits on you"
    else:
        turns = "a ping in the game's channel when it waits on you"
    quiet = (
        f"quiet hours {prefs.quiet_start}:00–{prefs.quiet_end}:00 ({zone})"
        if prefs.quiet_start is not None and prefs.quiet_end is not None
        else "no quiet hours"
    )
    hints = "first-time hints on" if prefs.hints else "hints off"
    return f"Your notifications: {turns}; {quiet}; {hints}."


class NotifyHost(SettingsHost, RemindersHost):
    """``/notify``'s choices, applied to what each commit owes, the daily digests and the quiet hours' end."""

    async def _kept_prefs(self, user_ids: Sequence[int]) -> dict[int, NotifyPrefs]:
        """The players' notification choices as every move reads them: kept a few seconds (``recent``), one query
        for those not kept."""
        kept: Recent[int, NotifyPrefs] = self.__dict__.setdefault("_notify_kept", Recent())
        found = {uid: prefs for uid in user_ids if (prefs := kept.get(uid)) is not None}
        missing = [uid for uid in user_ids if uid not in found]
        if missing:
            for uid, prefs in (await self.store.notify_prefs(missing)).items():
                kept.put(uid, prefs)
                found[uid] = prefs
        return found

    def _forget_kept_prefs(self, user_id: int) -> None:
        kept: Recent[int, NotifyPrefs] = self.__dict__.setdefault("_notify_kept", Recent())
        kept.forget(user_id)

    async def notify(
        self,
        user_id: int,
        *,
        dm: bool | None = None,
        hints: bool | None = None,
        digest: bool | None = None,
        hour: int | None = None,
        quiet: str | None = None,
        time_zone: str | None = None,
    ) -> str:
        """``/notify``: change the choices given (all checked before any is written), and say where they stand.

        ``dm`` alone keeps its own answer (``set_notify``)."""
        if dm is not None and (hints, digest, hour, quiet, time_zone) == (None, None, None, None, None):
            return await self.set_notify(user_id, dm)
        current = (await self.store.notify_prefs([user_id]))[user_id]
        changes: dict[str, Any] = {}
        if hints is not None:
            changes["hints"] = hints
        if time_zone is not None:
            changes["time_zone"] = checked_zone(time_zone)
        if hour is not None and not 0 <= hour <= 23:
            raise BadOptions("The digest hour is a whole hour from 0 to 23, on your clock (like `hour:8`).")
        if digest is False:
            changes["digest_hour"] = None
        elif digest or hour is not None:
            changes["digest_hour"] = hour if hour is not None else current.digest_hour or DEFAULT_DIGEST_HOUR
        if quiet is not None:
            start, end = (None, None) if quiet.strip().casefold() == "off" else quiet_hours(quiet)
            changes.update(quiet_start=start, quiet_end=end, quiet_since=self.clock())
        after = current.model_copy(update=changes)
        if (
            after.digest_hour is not None
            and after.quiet_start is not None
            and after.quiet_end is not None
            and in_hours(after.digest_hour, after.quiet_start, after.quiet_end)
        ):
            raise BadOptions(
                f"Your digest at {after.digest_hour}:00 would fall in your quiet hours "
                f"({after.quiet_start}-{after.quiet_end}): pick an hour outside them."
            )
        if dm is not None:
            await self._set_dm_choice(user_id, "notify_dm", dm)
        if changes:
            after = await self.store.set_notify_prefs(user_id, changes)
            self._forget_kept_prefs(user_id)
        if changes.get("digest_hour") is not None:
            await self._skip_todays_digest(after)
        notify_dm = (await self.store.user_prefs(user_id)).notify_dm
        log.info("notify choices user=%s changed=%s", user_id, sorted(changes))
        return choices_text(after, notify_dm)

    async def _skip_todays_digest(self, prefs: NotifyPrefs) -> None:
        """A digest chosen after its hour starts tomorrow: today's is marked sent (the first comes at the hour)."""
        now = self.clock()
        clock = local_time(now, prefs.time_zone)
        if prefs.digest_hour is None or clock.hour < prefs.digest_hour:
            return
        timer = self._user_timer(DIGEST, f"{prefs.user_id}:{clock.date().isoformat()}", {"user": prefs.user_id}, now)
        if await self.store.claim_timer(timer, self.owner, now, now - self.claim_seconds):
            await self.store.finish_timers([timer.key], now)

    # ------------------------------------------------------------------ the panel's hints

    async def _hint_lines(self, loaded: Loaded, seat: SeatRecord, prompts: Sequence[Prompt]) -> list[str]:
        """The hint of each decision at hand, the first few times this player meets its kind (hints on)."""
        record = loaded.record
        if record.guild_id is None or record.id is None or seat.is_bot:
            return []  # the offline table prints its own hints (``bot/local.py``)
        if not (await self._kept_prefs([seat.user_id]))[seat.user_id].hints:
            return []
        lines: list[str] = []
        for prompt in prompts:
            hint = hint_for(record.game_key, prompt.question, prompt.id)
            if hint is None:
                continue
            kind, decision = f"{record.game_key}:{hint.kind}", f"g{record.id}:{prompt.id}"
            seen: set[tuple[int, str]] = self.__dict__.setdefault("_hints_seen_enough", set())
            if (seat.user_id, kind) in seen:
                continue  # shown often enough already (counts only grow): no write per move for it
            shown = await self.store.note_hint(seat.user_id, kind, decision)
            if shown > HINT_TIMES:
                seen.add((seat.user_id, kind))
            else:
                line = HINT_MARK + hint.text
                if line not in lines:
                    lines.append(line)
        if lines:
            lines[-1] += " _(`/notify hints:off` hides these tips.)_"
        return lines

    # ------------------------------------------------------------------ what a commit owes

    async def _owed(
        self,
        record: GameRecord,
        before: Sequence[Prompt],
        after: Sequence[Prompt],
        events: Sequence[Event],
        headline: bool,
        actor_seat: SeatRecord,
    ) -> Owed:
        """What an action owes, less what the players' choices hold back: no ping and no DM to someone in their
        quiet hours, no DM per turn to someone who takes a daily digest (decided before the commit, with it)."""
        owed = await super()._owed(record, before, after, events, headline, actor_seat)
        people = [s.user_id for s in record.seats if not s.is_bot]
        prefs = await self._kept_prefs(people)
        now = self.clock()
        quiet = {uid for uid, p in prefs.items() if is_quiet(p, now)}
        no_dm = quiet | {uid for uid, p in prefs.items() if p.digest_hour is not None}
        if not no_dm:
            return owed
        quiet_seats = {s.seat for s in record.seats if s.user_id in quiet}
        return replace(
            owed,
            ping_seats=owed.ping_seats - quiet_seats,
            told=tuple((seat, lines) for seat, lines in owed.told if seat.user_id not in no_dm),
            actor_dm=owed.actor_dm and actor_seat.user_id not in no_dm,
        )

    # ------------------------------------------------------------------ timed: digests and quiet hours' end

    async def remind(self, idle_seconds: float) -> list[Outbox]:
        """The reminders (``RemindersHost``), then the daily digests and quiet hours' ends due now: one loop."""
        outboxes = await super().remind(idle_seconds)
        return outboxes + await self.notify_round()

    async def notify_round(self) -> list[Outbox]:
        """Every digest and every quiet hours' end due now, each claimed before it is sent (and those a dead
        process claimed, once stale): exactly once across processes and restarts."""
        now = self.clock()
        stale = now - self.claim_seconds
        out: list[Outbox] = []
        for kind in (DIGEST, QUIET_END):
            for timer in await self.store.claim_stale_timers(kind, self.owner, now, stale, TIMER_BATCH, 0.0):
                out += await self._fire_user_timer(timer)
        for prefs in await self.store.notify_schedules():
            for timer in self._due_user_timers(prefs, now):
                if await self.store.claim_timer(timer, self.owner, now, stale):
                    out += await self._fire_user_timer(timer)
        return out

    def _due_user_timers(self, prefs: NotifyPrefs, now: float) -> list[TimerRecord]:
        """The digest and the quiet hours' end of ``prefs``'s player that are due at ``now`` (claimed or not)."""
        due: list[TimerRecord] = []
        uid = prefs.user_id
        quiet = is_quiet(prefs, now)
        clock = local_time(now, prefs.time_zone)
        if prefs.digest_hour is not None and clock.hour >= prefs.digest_hour and not quiet:
            day = clock.date().isoformat()
            due.append(self._user_timer(DIGEST, f"{uid}:{day}", {"user": uid}, now))
        if prefs.quiet_start is not None and prefs.quiet_end is not None and prefs.quiet_since is not None:
            begin, end = last_quiet_window(now, prefs.time_zone, prefs.quiet_start, prefs.quiet_end)
            if end > prefs.quiet_since and not quiet:
                payload = {"user": uid, "begin": max(begin, prefs.quiet_since), "end": end}
                due.append(self._user_timer(QUIET_END, f"{uid}:{int(end)}", payload, now))
        return due

    @staticmethod
    def _user_timer(kind: str, key: str, payload: dict[str, Any], now: float) -> TimerRecord:
        return TimerRecord(game_id=USER_TIMER, kind=kind, due_key=key, channel_id=0, payload=payload, created_at=now)

    async def _fire_user_timer(self, timer: TimerRecord) -> list[Outbox]:
        """What one claimed firing sends; marked fired at once when it sends nothing, else once delivered."""
        uid = int(timer.payload["user"])
        waiting = await self._games_waiting_on(uid)
        outboxes: list[Outbox]
        if timer.kind == QUIET_END:
            begin, end = float(timer.payload["begin"]), float(timer.payload["end"])
            waiting = [r for r in waiting if begin <= r.waiting_since < end]
            outboxes = [await self._held_ping(r, uid, timer) for r in waiting]
        elif waiting and not (await self.store.user_prefs(uid)).dm_closed:  # closed DMs: the panel and /games
            outboxes = [self._digest(uid, waiting, timer)]
        else:
            outboxes = []
        if not outboxes:
            await self.store.finish_timers([timer.key], self.clock())
        log.info("%s user=%s games=%d", timer.kind, uid, len(waiting))
        return outboxes

    async def _games_waiting_on(self, user_id: int) -> list[GameRecord]:
        """The running games (every server) that wait on ``user_id`` now, longest waiting first."""
        found = []
        for record in await self.store.games_of_user(user_id):
            seat = record.seat_of(user_id)
            if record.status != "active" or seat is None or seat.is_bot or record.game_key not in self.games:
                continue
            if is_paused(record):  # its server removed the bot (``bot.tables.paused``)
                continue
            spec = self.spec(record.game_key)
            state = self._state_of(record, spec)
            if state is not None and any(p.seat == seat.seat for p in self.pending(record, spec, state)):
                found.append(record)
        return sorted(found, key=lambda r: r.waiting_since)

    def _digest(self, user_id: int, waiting: Sequence[GameRecord], timer: TimerRecord) -> Outbox:
        """The day's one DM: every game waiting on the player, with a link to each board."""
        lines = [f"📬 Your daily digest: {_games(len(waiting))} waiting on you."]
        for record in waiting:
            lines.append(
                f"• **{self.spec(record.game_key).name}** in {_where(record)}, since "
                f"{relative_time(record.waiting_since)}"
            )
        lines.append("_`/notify digest:off` brings back a message at each turn._")
        first = waiting[0].channel_id
        panel = Panel(text=clip("\n".join(lines)))
        nonce = f"d{timer.due_key}"[-25:]
        return Outbox(first, dms=[DirectMessage(user_id, first, panel, nonce)], timers=[timer.key])

    async def _held_ping(self, record: GameRecord, user_id: int, timer: TimerRecord) -> Outbox:
        """The ping quiet hours held for one game, now they are over (and the panel by DM, if asked for)."""
        assert record.id is not None
        name = self.spec(record.game_key).name
        text = (
            f"🔔 {mention(user_id)}: the game of **{name}** has been waiting on you since "
            f"{relative_time(record.waiting_since)} (held during your quiet hours). Your move is on "
            f"{_where(record, 'the board')} (**Your move**, or `/act`)."
        )
        nonce = f"q{record.id}.{timer.due_key}"[-25:]
        post = ChannelPost(
            kind="notice", text=text, pings=(user_id,), game_id=record.id, game_key=record.game_key, nonce=nonce
        )
        out = Outbox(record.channel_id, posts=[post], timers=[timer.key])
        prefs = (await self.store.notify_prefs([user_id]))[user_id]
        dm_prefs = await self.store.user_prefs(user_id)
        seat = record.seat_of(user_id)
        if dm_prefs.notify_dm and not dm_prefs.dm_closed and prefs.digest_hour is None and seat is not None:
            loaded = Loaded(record, self.spec(record.game_key), self._state_of(record, self.spec(record.game_key)))
            panel = await self._panel(loaded, seat, [])
            out.dms.append(DirectMessage(user_id, record.channel_id, panel, f"h{nonce}"[-25:]))
        return out


def _games(n: int) -> str:
    return "1 game" if n == 1 else f"{n} games"


def _where(record: GameRecord, words: str | None = None) -> str:
    """The game's channel, with a link to its board when there is one."""
    if record.guild_id is None or record.board_message_id is None:
        return words or f"<#{record.channel_id}>"
    link = f"https://discord.com/channels/{record.guild_id}/{record.channel_id}/{record.board_message_id}"
    return f"[{words}]({link})" if words else f"<#{record.channel_id}> ([board]({link}))"
