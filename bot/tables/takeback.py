"""A player takes back their own last move (``/undo`` by a player, or **Take back** under their move).

Only a move that changed nothing anyone cannot take back in their head: it revealed nothing (no draw, roll,
shuffle or hidden card seen, by its player or by anyone else told in private) and nobody acted after it. The
test is the moderators' ``/undo``'s (``ModerationHost.undo``): the state before the move is rebuilt by replaying
the log without it, and what the player could not see (``GameSpec.unseen``) must be the same on both sides.
A move that told another seat something in private (an event only they may read) stands too: they have read it.

A take-back edits the board in place (no new message, no ping: the people it pinged were told by the move; the
board now says whom the game waits on again), gives the player their panel as it was, and writes
"<name> took back their move." in ``/log``.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from dataclasses import dataclass

from engine.core import Event, IllegalAction, NotAllowed, StaleChoice

from ..outbox import Outbox
from ..replay import state_after
from ..store import ActionRecord, GameRecord
from .common import Actor, Committed, Loaded, Owed, Telling
from .core import HostCore
from .races import Attempt, retried

log = logging.getLogger(__name__)

TAKE_BACK_RACED = "The game moved on at the same moment (another move or undo), so your move stands."
REVEALED = "Your move drew, rolled, shuffled or showed something hidden, so it stands and cannot be taken back."
EARLIER_GAME = "That button was for an earlier game in this channel; nothing changed."


def took_back_line(name: str) -> str:
    """The board's and ``/log``'s line for a take-back."""
    return f"↩️ {name} took back their move."


def told_others(events: list[Event], seat: int, seats: list[int]) -> bool:
    """Whether ``events`` told any seat but ``seat`` something in private (they have read it: it stands)."""
    return any(not e.is_public and any(e.readable_by(s) for s in seats if s != seat) for e in events)


OFFERS_KEPT = 256  # games whose last move's take-back this process remembers (for the button under a move)


@dataclass(frozen=True)
class Offer:
    """The last move this process committed in one game, and whether it may be taken back (it revealed
    nothing): what the **Take back** button under a move needs, known without replaying the log."""

    index: int
    user_id: int
    takeable: bool


class TakeBackHost(HostCore):
    """``take_back``: the caller's own last decision, while it revealed nothing and nobody acted since."""

    def _offer_book(self) -> OrderedDict[int, Offer]:
        """This process's last move per game (made on first use: the host's constructor is shared)."""
        book: OrderedDict[int, Offer] = self.__dict__.setdefault("_take_back_offers", OrderedDict())
        return book

    async def _commit(
        self,
        loaded: Loaded,
        seat: int,
        user_id: int,
        prompt_id: str,
        choice_id: str,
        tell: Telling | None = None,
    ) -> Committed:
        """Every move's commit (``HostCore._commit``), remembering whether it revealed anything: the states on
        both sides are in hand here, so the **Take back** button is offered only under a move it can undo."""
        before = loaded.state
        done = await super()._commit(loaded, seat, user_id, prompt_id, choice_id, tell)
        spec, record = done.loaded.spec, done.loaded.record
        if before is not None and spec.unseen is not None and record.id is not None:
            seats = [s.seat for s in record.seats]
            takeable = spec.unseen(before, seat) == spec.unseen(done.loaded.state, seat) and not told_others(
                done.events, seat, seats
            )
            offers = self._offer_book()
            offers[record.id] = Offer(record.action_count - 1, user_id, takeable and record.status == "active")
            offers.move_to_end(record.id)
            while len(offers) > OFFERS_KEPT:
                offers.popitem(last=False)
        return done

    async def take_back_offer(self, channel_id: int, user_id: int) -> tuple[int, int] | None:
        """The game id and log position of ``user_id``'s move just committed in the channel by this process,
        when it may be taken back and is still the game's last; ``None`` otherwise (no button is shown)."""
        record = await self.store.live_game(channel_id)
        if record is None or record.id is None or record.status != "active":
            return None
        offer = self._offer_book().get(record.id)
        if offer is None or not offer.takeable or offer.user_id != user_id or offer.index != record.action_count - 1:
            return None
        return record.id, offer.index

    async def take_back(
        self, channel_id: int, actor: Actor, *, game_id: int | None = None, index: int | None = None
    ) -> Outbox:
        """Undo ``actor``'s last action in the channel's game, or say in one sentence why it stands.

        ``game_id`` and ``index``: the game and the log position of the move a **Take back** button was shown
        under; that button takes back that move only."""
        seen: list[int] = []  # the log's length the first run read: a retry finding another refuses

        async def run(attempt: Attempt) -> Outbox:
            loaded = await self._load_running(channel_id)
            record, spec = loaded.record, loaded.spec
            if game_id is not None and record.id != game_id:
                raise StaleChoice(EARLIER_GAME)
            attempt.saw(record)
            assert record.id is not None and loaded.state is not None
            seat = record.seat_of(actor.user_id)
            if seat is None:
                raise NotAllowed("You are not playing in this game, so there is no move of yours to take back.")
            seen.append(record.action_count)
            if seen[0] != record.action_count:
                raise IllegalAction(TAKE_BACK_RACED)
            if spec.unseen is None:
                raise IllegalAction(f"{spec.name} has no take-back here; see `/rules`.")
            actions = await self.store.actions(record.id)
            mine = [a for a in actions if a.seat == seat.seat and a.user_id == actor.user_id]
            if not mine:
                raise IllegalAction("You have not made a move in this game yet, so there is nothing to take back.")
            last = actions[-1]
            if last.seat != seat.seat or last.user_id != actor.user_id:
                raise IllegalAction(f"{self._mover(record, last)} has played since your move, so it stands.")
            if index is not None and last.index != index:
                raise IllegalAction(
                    "That button was under an earlier move of yours; `/undo` takes back your latest one."
                )
            before = state_after(spec, record, actions[:-1])
            _, events = spec.apply(before, last.seat, last.prompt_id, last.choice_id)
            others = [s.seat for s in record.seats]
            if spec.unseen(before, seat.seat) != spec.unseen(loaded.state, seat.seat) or told_others(
                events, seat.seat, others
            ):
                raise IllegalAction(REVEALED)
            line = took_back_line(actor.display_name)
            narration = list(record.narration)
            if last.public and narration[-len(last.public) :] == last.public:
                del narration[-len(last.public) :]
            now = self.clock()
            record.snapshot = before.model_dump_json()
            record.action_count = last.index
            record.narration = [*narration, line]
            record.waiting_since = now
            record.reminders_sent = 0
            record.skip_votes = []
            record.updated_at = now
            # An edit of the board, pinging nobody: whoever the move pinged was already told; the board now says
            # whom the game waits on. The player gets their panel as it was before the move, as the answer.
            owed = Owed(new_post=False, ping_seats=frozenset(), told=(), actor_dm=False)
            restored = Loaded(record, spec, before)
            out = await self._changed(restored, owed, undone=last.index)
            intro = "You took back your move; decide again."
            out.reply = await self._panel(restored, seat, (), intro=intro)
            await self._note(record, actor.user_id, line)
            log.info("take back channel=%s id=%s index=%s by=%s", channel_id, record.id, last.index, actor.user_id)
            return out

        return await retried(self.store, self.lock(channel_id), run)

    @staticmethod
    def _mover(record: GameRecord, action: ActionRecord) -> str:
        """Who made ``action``, by name ("Someone" for a skip's answers, given by a voter for an idle seat)."""
        seat = record.user_of(action.seat)
        if seat is None or seat.user_id != action.user_id:
            return "Someone"
        return seat.display_name
