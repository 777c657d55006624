"""Skip votes: a table is never stuck because someone went quiet.

After the server's idle time (``/settings``, default from ``IDLE_HOURS``) the other players may vote to skip
the decision the game waits on. A majority of the other players skips it: the game answers the idle seat's
pending prompts with its own "do nothing" answers (``GameSpec.skip_choice``; each rules page says what a
skip does) until that seat owes nothing more. Every skipped answer is an ordinary action in the log, so a
replay, ``/log`` and ``/log private`` see it like any other. A game without a skip says so and points to
``/replace`` and ``/end``. A server that turned on ``/settings skipbot`` hands the idle seat to a seat bot
instead (zombie mode), until a moderator's ``/replace`` gives it to a person again. Bots never vote and are
never counted among the voters.
"""

from __future__ import annotations

import logging
from typing import Any

from engine.core import Conflict, Event, GameSpec, IllegalAction, NotAllowed, Prompt, State
from engine.seatbots import seat_bot

from ..outbox import ChannelPost, Outbox
from .away import skip_waits
from .common import Actor, Committed, Telling, duration, people
from .core import posts_owed, with_nonces
from .moderation import ModerationHost
from .races import Attempt, retried

log = logging.getLogger(__name__)

SKIP_RACED = "The decision you voted to skip was answered or skipped at the same moment; nothing to vote on now."
MAX_SKIPPED_ANSWERS = 200  # a skip answers one turn's prompts; a game that keeps asking is not skippable


class SkipsHost(ModerationHost):
    """``/skip``: votes, and playing the idle seat's "do nothing" answers once a majority agrees."""

    async def vote_skip(self, channel_id: int, actor: Actor) -> Outbox:
        """Vote to skip the decision the game has waited on for longer than the server's idle time."""
        voted_on: list[float] = []  # the wait the first run read: a retry finding another says the vote is moot

        async def run(attempt: Attempt) -> Outbox:
            loaded = await self._load_running(channel_id)
            record, spec, state = loaded.record, loaded.spec, loaded.state
            assert state is not None
            attempt.saw(record)
            voted_on.append(record.waiting_since)
            if voted_on[0] != record.waiting_since:
                raise IllegalAction(SKIP_RACED)
            voter = record.seat_of(actor.user_id)
            if voter is None:
                raise NotAllowed("Only the players of this game can vote to skip a turn.")
            to_bot = (await self._settings(record.guild_id)).skip_to_bot and seat_bot(spec.key) is not None
            if spec.skip_choice is None and not to_bot:
                raise IllegalAction(
                    f"{spec.name} cannot skip a player's decision (see `/rules`). A moderator can `/replace` an "
                    "idle player with someone else, or `/end` the game."
                )
            prompts = self.pending(record, spec, state)
            if not prompts:
                raise IllegalAction("Nothing is waiting on anyone.")
            bot_seats = {s.seat for s in record.seats if s.is_bot}
            idle_seat = next((p.seat for p in prompts if p.seat not in bot_seats), prompts[0].seat)  # a person's
            idle = record.user_of(idle_seat)
            idle_name = idle.display_name if idle else "a player"
            if idle is not None and idle.is_bot:
                raise IllegalAction(f"{idle_name} is a bot: it plays within a few seconds, no vote needed.")
            if voter.seat == idle_seat:
                raise IllegalAction("The game is waiting on you: make your move (**Your move** or `/act`).")
            if idle is not None:  # someone away (``/away``) is not skipped until they are back
                await skip_waits(self.store, record.guild_id, idle.user_id, idle_name, self.clock())
            waited = self.clock() - record.waiting_since
            needed_wait = await self.idle_seconds(record.guild_id)
            if waited < needed_wait:
                raise IllegalAction(
                    f"{idle_name} has had this decision for {duration(waited)}; a skip can be voted in "
                    f"{duration(needed_wait - waited)}."
                )
            if actor.user_id in record.skip_votes:
                raise IllegalAction("You have already voted to skip this decision; waiting for the others.")
            voters = [s for s in people(record.seats) if s.seat != idle_seat]  # bots never vote
            needed = len(voters) // 2 + 1
            votes = [*record.skip_votes, actor.user_id]
            if len(votes) < needed:
                version, now = record.version, self.clock()
                record.skip_votes = votes
                record.updated_at = now  # also the notice's claim: this process posts it from now
                text = (
                    f"⏭️ {actor.display_name} votes to skip {idle_name}'s decision ({len(votes)} of {needed} votes "
                    "needed). Agree with `/skip`."
                )
                # The vote's notice is stored with it, so a crash before it is posted loses no vote's news.
                notice = [ChannelPost(kind="notice", text=text, game_id=record.id, game_key=record.game_key)]
                rows = posts_owed(record, version + 1, notice, now, 0)
                record = await self._save(record, version, rows, [self._noted(record, actor.user_id, text)])
                return Outbox(channel_id, posts=with_nonces(notice, rows), owed=[row.key for row in rows])
            if idle is not None and to_bot:
                return await self._seat_to_bot(loaded, idle, actor, "the players voted to skip their decision")
            answers = skipped_answers(spec, state, idle_seat)
            if not answers:
                raise IllegalAction(f"{idle_name}'s decision cannot be skipped; a moderator can `/replace` them.")
            text = f"⏭️ The players voted to skip {idle_name}'s decision."
            skipped = ChannelPost(kind="notice", text=text, game_id=record.id, game_key=record.game_key)
            # One board and one round of DMs for the whole skip: the last answer's commit owes them (``Telling``).
            # A race lost on the first answer runs the whole vote again; one lost later (another process wrote
            # between two answers) answers what is left of the skipped turn on the game as it now stands.
            before: tuple[Prompt, ...] | None = None
            done: Committed | None = None
            events: list[Event] = []
            turn = state.turn
            while answers:
                (seat, prompt_id, choice_id), *rest = answers
                tell = (
                    None
                    if rest
                    else Telling(voter, before=before, events=tuple(events), headline=True, notices=(skipped,))
                )
                try:
                    done = await self._commit(loaded, seat, actor.user_id, prompt_id, choice_id, tell)
                except Conflict:
                    if done is None:
                        raise
                    loaded = await self._load_running(channel_id)
                    assert loaded.state is not None
                    answers = skipped_answers(spec, loaded.state, idle_seat) if loaded.state.turn == turn else []
                    continue
                before = tuple(done.before) if before is None else before
                events.extend(done.events)
                loaded, answers = done.loaded, rest
            assert done is not None
            await self._note(record, actor.user_id, text)
            log.info("skip channel=%s id=%s seat=%s answers=%s", channel_id, record.id, idle_seat, len(events))
            if done.owed is None:  # the last answer was lost to another process's write: only this one says it
                return Outbox(channel_id, posts=[skipped])
            # The notice was stored with the last answer, after its board and DMs: it carries its row's nonce.
            out = await self._after_action(done, voter)
            seq = len(out.owed) + len(out.later)  # after the rows of the move's board, DMs and recap
            rows = posts_owed(done.loaded.record, done.loaded.record.version, [skipped], 0.0, seq)
            out.posts[:0] = with_nonces([skipped], rows)
            out.owed += [row.key for row in rows]
            return out

        return await retried(self.store, self.lock(channel_id), run)


def skipped_answers(spec: GameSpec[Any, Any], state: State, seat: int) -> list[tuple[int, str, str]]:
    """The "do nothing" answers a skip gives, in order, as (seat, prompt, choice), until ``seat`` owes no
    decision in its turn (or the game asks something with no such answer: then only the answers found so far).

    Where the idle seat waits on another seat's optional offer only (``GameSpec.skip_held_by``: Capricorn's
    off-turn cards), the skip declines it, so the quiet player's turn ends at once instead of coming back to them
    for a second vote; a real decision of another seat is never taken."""
    assert spec.skip_choice is not None
    answers: list[tuple[int, str, str]] = []
    turn = state.turn
    for _ in range(MAX_SKIPPED_ANSWERS):
        if spec.outcome(state) is not None or state.turn != turn:
            break  # the skipped turn is over: the seat's next turn is its own again
        pending = spec.prompts(state)
        mine = [p for p in pending if p.seat == seat]
        if mine:
            prompt, choice = mine[0], spec.skip_choice(state, mine[0])
        elif pending and spec.skip_held_by is not None and _owes_later(spec, state, seat, turn):
            prompt, choice = pending[0], spec.skip_held_by(state, pending[0])
        else:
            break
        if choice is None:
            break
        answers.append((prompt.seat, prompt.id, choice))
        state, _ = spec.apply(state, prompt.seat, prompt.id, choice)
    return answers


def _owes_later(spec: GameSpec[Any, Any], state: State, seat: int, turn: int) -> bool:
    """Whether ``seat`` is asked again in this turn once every optional offer holding it up is declined."""
    assert spec.skip_held_by is not None
    for _ in range(MAX_SKIPPED_ANSWERS):
        if spec.outcome(state) is not None or state.turn != turn:
            return False
        pending = spec.prompts(state)
        if any(p.seat == seat for p in pending):
            return True
        choice = spec.skip_held_by(state, pending[0]) if pending else None
        if choice is None:
            return False
        state, _ = spec.apply(state, pending[0].seat, pending[0].id, choice)
    return False
