"""Playing: answering prompts (buttons, selects, `/act`), and the reading commands (board, panel, status, rules)."""

from __future__ import annotations

import logging

from engine.core import IllegalAction, NoGameHere, NotAllowed, StaleChoice
from engine.seatbots import seat_bot

from ..outbox import Outbox, Panel
from .common import AUTOCOMPLETE_LIMIT, Actor, Loaded, Owed, Telling, option_text
from .names import in_private
from .paused import PausedHost, check_not_paused
from .races import Attempt, retried

log = logging.getLogger(__name__)

EARLIER_GAME = "That choice was for an earlier game in this channel; nothing changed."
RACED = (
    "Another move was taken at the same moment, and that choice is no longer open; "
    "the board shows what the game waits on now."
)


class PlayHost(PausedHost):
    """Answering prompts and showing the game."""

    async def act(
        self,
        channel_id: int,
        actor: Actor,
        prompt_id: str,
        choice_id: str,
        *,
        interaction_id: int | None = None,
        game_id: int | None = None,
    ) -> Outbox:
        """Answer one pending prompt as ``actor``; a stale or forged answer gets a sentence and changes nothing.
        ``game_id`` is the game the answering control was shown for (a prompt id names a step of one game only).

        ``interaction_id`` names the deferred interaction waiting for the answer (``note_deferral``): the
        commit links it to the action, so after a crash the answer can still say the move was taken.

        Another process may commit a move of the same game between this one's read and its commit (the version
        check refuses the second writer: ``Conflict``). Then the game is read again and the answer applied to
        the new state if it is still offered to this player; otherwise the player reads ``RACED`` (``retried``).
        """

        async def answer(attempt: Attempt) -> Outbox:
            loaded = await self._load_running(channel_id)
            if game_id is not None and loaded.record.id != game_id:
                raise StaleChoice(EARLIER_GAME)
            attempt.saw(loaded.record)
            check_not_paused(loaded.record)  # its server removed the bot: `/board` there resumes it
            seat = loaded.record.seat_of(actor.user_id)
            if seat is None:
                raise NotAllowed("You are not playing in this game; you can watch the board and `/status`.")
            if attempt.retry and not self._offered(loaded, seat.seat, prompt_id, choice_id):
                raise IllegalAction(RACED)
            done = await self._commit(
                loaded, seat.seat, actor.user_id, prompt_id, choice_id, Telling(seat, interaction_id)
            )
            return await self._after_action(done, seat)

        return await retried(self.store, self.lock(channel_id), answer)

    def _offered(self, loaded: Loaded, seat: int, prompt_id: str, choice_id: str) -> bool:
        """Whether the game as read now still asks ``seat`` the prompt with that choice."""
        assert loaded.state is not None
        return any(
            p.id == prompt_id and p.seat == seat and any(c.id == choice_id for c in p.choices)
            for p in self.pending(loaded.record, loaded.spec, loaded.state)
        )

    async def panel(self, channel_id: int, user_id: int) -> Panel:
        """The private panel (the "Your move" button, ``/hand``): your view and your pending choices."""
        loaded = await self._load(channel_id, live_only=False)
        if loaded.record.status == "lobby":
            raise NoGameHere("The game has not begun yet: it is still in its lobby.")
        seat = loaded.record.seat_of(user_id)
        if seat is None:
            raise NotAllowed("You are not playing in this game, so you have no hand here.")
        return await self._panel(loaded, seat, [])

    async def choices_for(self, channel_id: int, user_id: int, typed: str = "") -> list[tuple[str, str]]:
        """``/act`` autocomplete: (label, value) of exactly this user's legal choices, filtered, at most 25.

        Never raises: a user with nothing pending (or no game) gets an empty list.
        """
        record = await self.store.live_game(channel_id)
        if record is None or record.status != "active":
            return []
        seat = record.seat_of(user_id)
        if seat is None:
            return []
        spec = self.spec(record.game_key)
        state = self._state_of(record, spec)
        if state is None:
            return []
        needle = typed.casefold().strip()
        found: list[tuple[str, str]] = []
        for p in self.pending(record, spec, state):
            if p.seat != seat.seat:
                continue
            for c in p.choices:
                label = in_private(c.label, record)
                if needle and needle not in label.casefold() and needle not in c.id.casefold():
                    continue
                found.append((label[:100], f"{p.id}|{c.id}"))
                if len(found) >= AUTOCOMPLETE_LIMIT:
                    return found
        return found

    async def act_typed(
        self, channel_id: int, actor: Actor, value: str, *, interaction_id: int | None = None
    ) -> Outbox:
        """``/act`` with what the user typed or picked: a ``prompt|choice`` value or a choice's label."""
        if "|" in value:
            prompt_id, _, choice_id = value.partition("|")
            return await self.act(channel_id, actor, prompt_id, choice_id, interaction_id=interaction_id)
        typed = value.casefold().strip()
        offered = await self.choices_for(channel_id, actor.user_id)
        matches = [v for label, v in offered if label.casefold() == typed]
        if len(matches) == 1:
            prompt_id, _, choice_id = matches[0].partition("|")
            return await self.act(channel_id, actor, prompt_id, choice_id, interaction_id=interaction_id)
        if not await self.choices_for(channel_id, actor.user_id):
            await self._load_running(channel_id)
            raise IllegalAction("Nothing is waiting on you right now.")
        raise IllegalAction("I don't recognise that choice; pick one from the list `/act` offers as you type.")

    async def board(self, channel_id: int) -> Outbox:
        """Repost the board as a new message (the old one stops being edited).

        The post is stored (a change of the game's version, with its delivery) like a move's board, so a crash
        before it reached Discord leaves it to the catch-up; a lobby's message is simply drawn again."""

        async def run(attempt: Attempt) -> Outbox:
            loaded = await self.resumed(await self._load(channel_id, live_only=False))  # a paused game goes on
            attempt.saw(loaded.record)
            if loaded.record.status == "lobby":
                return self._lobby_outbox(loaded.record, loaded.spec, new=True)
            return await self._changed(loaded, Owed(new_post=True, ping_seats=frozenset(), told=(), actor_dm=False))

        return await retried(self.store, self.lock(channel_id), run)

    async def rules(self, channel_id: int | None, game_key: str | None = None) -> str:
        """The short rules reference of this channel's game (or of ``game_key``), with the options this channel's
        game is played with (a Capricorn table may be the printed or the tuned one: the text alone cannot say)."""
        record = None
        if game_key is None and channel_id is not None:
            live = await self.store.live_game(channel_id)
            record = live or await self.store.latest_game(channel_id)
            if record is not None:
                game_key = record.game_key
        if game_key is None:
            names = ", ".join(f"`{k}` ({s.name})" for k, s in sorted(self.games.items()))
            return f"No game in this channel. Games you can `/start`: {names}."
        spec = self.spec(game_key)
        lines = [spec.rules_text]
        if record is not None:
            chosen = spec.parse_options(record.options).model_dump(mode="json")
            played = ", ".join(f"{k}: {option_text(v)}" for k, v in chosen.items() if v is not None)
            which = "This channel's game" if record is live else "This channel's last game"
            lines.append(f"**{which}:** {played or 'the usual rules'}.")
        if spec.cards_text is not None:
            lines.append("`/cards` lists every card and what it does.")
        bot = seat_bot(game_key)
        if bot is not None:
            lines.append(f"**Bots:** {bot.about}")
        return "\n".join(lines)
