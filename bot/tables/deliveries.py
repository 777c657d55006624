"""What a crash must not lose: the deliveries a commit owes, and the answers of interactions cut off.

An action's board, pings and DMs are stored with its commit (``HostCore._commit``) and forgotten once sent
(``delivered``). An interaction waiting for an answer ("…is thinking") is stored before the bot defers it
(``note_deferral``) and forgotten once answered. What a process left behind when it died is claimed by the
next one (``claim_deliveries``, ``claim_deferrals``: a claim older than ``claim_seconds`` is taken over) and
delivered again from the stored game (``redeliver``) or answered (``deferral_answer``). A claimant on this
machine whose process is gone needs no waiting: ``release_dead_claims`` frees its claims at once, so a bot
restarted after a crash delivers what it owed as soon as it is ready.

**Never a ping or a DM twice.** Every stored delivery is sent with its own nonce, and Discord makes one
message of every send carrying the same nonce for a few minutes (``enforce_nonce``), so sending again what a
crash may or may not have sent is harmless within ``NONCE_WINDOW``. Past it, a resend could be a second
message, and the host prefers silence to a repeat (at most once): a DM is dropped (the panel and ``/hand``
show the same). A new board records itself at once (``board_posted``), so while the game's board is still the
one the commit saw, the post was not made (a crash in the instant between Discord's answer and that record is
the one case a late resend could repeat). Once the board changed, a board that pings (whoever joined the wait)
is still sent again with its nonce within the window: a bot round commits several moves before it delivers
any, so a later commit's board may be the one that replaced the commit's, and it pinged only whoever joined
the wait at its own step; past the window it becomes an edit of the newest board, like a board that pings
nobody. Every board is aimed at the newest board when it is sent (``BoardsHost.aim``). An edit is sent again
freely: the same content twice changes nothing.

A lobby's message (opened, joined, left, a role picked, a bot seated) is stored the same way: a ``board`` row
marked ``lobby``, drawn again from the lobby as stored, and dropped once the lobby is closed or dealt (their
own closing says so). A moderator's step and a reposted board are stored the same way (``HostCore._changed``,
``_wipe``): /end, /undo, /replace, a seat handed to a bot and /board store their board and DMs with their
change; their notices (the seat handed over, the reset) and the closing edit of a board whose game is gone
carry their own words (``notice``, ``closing``), so a reset, which deletes the game, still has its messages
delivered. A late notice (past ``NONCE_WINDOW``) is posted without its pings.

The move that finishes a game stores its recap the same way (a ``notice`` row marked ``recap``, after the
move's board and DMs: ``bot.tables.recap``), drawn again from the stored game when it is sent.

**Known limit (not fixed).** Past ``NONCE_WINDOW`` Discord no longer deduplicates: a new board posted in the
instant before a crash (after Discord took it, before ``board_posted`` recorded it) is posted again, and its
pings ping twice, when the catch-up gets to it more than two minutes later. The board of a game that is over
(/end, the last move) is never recorded by ``board_posted``, so the same instant there reposts it without
pings. Past the window, a pinging board whose commit's board was replaced by another delivery's is not sent
again, so whoever it was to ping is not pinged (at most once). Closing the window would need Discord to tell
whether a nonce was used, which it does not.
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Sequence
from dataclasses import replace

from engine.core import GameError

from ..outbox import ChannelPost, DirectMessage, Outbox, Panel
from ..replay import state_after
from ..store import ActionRecord, DeferralRecord, DeliveryRecord, GameRecord
from .common import Loaded, clip
from .names import in_private
from .play import PlayHost
from .recap import owed_recap

log = logging.getLogger(__name__)

NONCE_WINDOW = 120.0
"""Seconds Discord is trusted to deduplicate a nonce ("the past few minutes" in its documentation)."""

ANSWER_WINDOW = 15 * 60 - 30.0
"""Seconds after its defer an interaction can still be answered: Discord's 15 minutes, less a margin for the
clocks of two machines and the time the answer takes to draw."""

TAKEN = "Your move was taken: {what}"
NOT_TAKEN = "The bot restarted before your move was taken; nothing changed. Please choose again."
DONE = "Done before the bot restarted: {said}"
NOT_DONE = "The bot restarted before {asked} was done; nothing changed. Please try again."
CATCH_UP_BATCH = 20  # items claimed at a time: what one process sends before it looks again


class DeliveriesHost(PlayHost):
    """Stored deliveries and deferred interactions: noting, claiming, redrawing, forgetting."""

    async def release_dead_claims(self) -> int:
        """Free at once the claims of processes of this machine that are gone; how many claimants that was."""
        dead = [c for c in await self.store.claimants() if self._is_dead(c)]
        if dead:
            await self.store.release_claims(dead)
            log.info("claims of %d dead process(es) released", len(dead))
        return len(dead)

    def _is_dead(self, claimant: str) -> bool:
        """Whether ``claimant`` (``host:pid:token``, see ``HostCore.owner``) is a process of this machine that is
        gone: its pid is not running, or is this process under another token (an earlier life of the same
        pid, as in a container). A claimant of another machine may be alive: its claims wait to go stale."""
        machine, _, rest = claimant.partition(":")
        pid_text, _, _ = rest.partition(":")
        if machine != socket.gethostname() or claimant == self.owner or not pid_text.isdigit():
            return False
        pid = int(pid_text)
        if pid == os.getpid():
            return True
        try:
            os.kill(pid, 0)  # signal 0: only asks whether the process exists
        except ProcessLookupError:
            return True
        except PermissionError:
            return False  # it exists, under another user
        return False

    async def note_deferral(
        self,
        interaction_id: int,
        application_id: int,
        token: str,
        channel_id: int,
        user_id: int,
        *,
        asked: str | None = None,
        said: str | None = None,
    ) -> None:
        """Remember an interaction the bot is about to defer, claimed by this process until it answers.

        A command other than a move names what it ``asked`` ("/join") and what the player reads once it is
        done (``said``): its commit marks it done, and a catch-up answers with one or the other."""
        deferral = DeferralRecord(
            interaction_id=interaction_id,
            application_id=application_id,
            token=token,
            channel_id=channel_id,
            user_id=user_id,
            deferred_at=self.clock(),
            asked=asked,
            said=said,
        )
        await self.store.add_deferral(deferral, self.owner)

    async def answered(self, interaction_id: int) -> None:
        """Forget an interaction once it was answered (or failed with a sentence the user read)."""
        await self.store.finish_deferral(interaction_id)

    async def claim_deferrals(self, limit: int = CATCH_UP_BATCH) -> list[DeferralRecord]:
        """Interactions a dead process left unanswered that Discord still accepts an answer for, oldest first."""
        now = self.clock()
        return await self.store.claim_deferrals(self.owner, now, now - self.claim_seconds, now - ANSWER_WINDOW, limit)

    async def deferral_answer(self, deferral: DeferralRecord) -> tuple[str, Panel | None]:
        """What the player whose answer was cut off reads: whether the move (or command) was taken, and their
        panel (after a move)."""
        if deferral.asked is not None:
            if deferral.taken:
                return clip(DONE.format(said=deferral.said or "done.")), None
            return clip(NOT_DONE.format(asked=deferral.asked)), None
        if not deferral.taken or deferral.game_id is None or deferral.action_index is None:
            return NOT_TAKEN, None
        actions = await self.store.actions(deferral.game_id)
        what = "done."
        if deferral.action_index < len(actions):
            action = actions[deferral.action_index]
            label = await self._label_of(deferral.game_id, actions, deferral.action_index)
            what = f"{label.rstrip('.')}." if label else (" ".join(action.public) or what)
            game = await self.store.latest_game(deferral.channel_id)
            what = in_private(what, game) if game is not None else what
        try:
            panel = await self.panel(deferral.channel_id, deferral.user_id)
        except GameError:  # the game ended or was reset since: the sentence is all there is to say
            panel = None
        return clip(TAKEN.format(what=what)), panel

    async def _label_of(self, game_id: int, actions: Sequence[ActionRecord], index: int) -> str | None:
        """The label of the choice action ``index`` answered, as its player saw it ("Shoot the red alien on
        BRIDGE.i3"), found by replaying the log up to it; ``None`` when the game cannot be rebuilt."""
        record = await self.store.get_game(game_id)
        if record is None:
            return None
        action = actions[index]
        try:
            spec = self.spec(record.game_key)
            state = state_after(spec, record, actions[:index])
            for prompt in spec.prompts(state):
                if prompt.id == action.prompt_id:
                    choice = prompt.choice(action.choice_id)
                    return None if choice is None else choice.label
        except GameError:  # begun under older rules: the log cannot be replayed
            return None
        return None

    async def claim_deliveries(self, limit: int = CATCH_UP_BATCH) -> list[DeliveryRecord]:
        """Deliveries a dead process left undone, oldest first, now this process's to send."""
        now = self.clock()
        return await self.store.claim_deliveries(self.owner, now, now - self.claim_seconds, limit)

    async def delivered(self, out: Outbox) -> None:
        """Forget the stored deliveries ``out`` carried, and mark its timer firings done: they reached Discord
        (or Discord refused them)."""
        if out.owed:
            await self.store.finish_deliveries(out.owed)
        if out.timers:
            await self.store.finish_timers(out.timers, self.clock())

    async def redeliver(self, item: DeliveryRecord) -> Outbox:
        """The outbox of one stored delivery, drawn from the game as stored now (see the module docstring)."""
        out = Outbox(item.channel_id, owed=[item.key])
        if item.recap:  # a finished game's recap: its story drawn again from the stored game
            out.posts.append(await owed_recap(self, item))
            return out
        if item.kind in ("notice", "closing"):  # their own words: told even when the game is gone (a reset)
            out.posts.append(self._stored_post(item, fresh=self.clock() - item.created_at <= NONCE_WINDOW))
            return out
        record = await self.store.get_game(item.game_id)
        if item.lobby:  # a lobby's message: drawn from the lobby as stored, while it is still a lobby
            if record is not None and record.status == "lobby":
                out.posts.extend(self._owed_lobby(record, item))
            return out  # closed or dealt since: its closing, stored with that step, says so
        if record is None or record.snapshot is None:
            return out  # the game was reset since: nothing left to show
        spec = self.spec(record.game_key)
        loaded = Loaded(record, spec, self._state_of(record, spec))
        assert loaded.state is not None
        fresh = self.clock() - item.created_at <= NONCE_WINDOW
        if item.kind == "board":
            out.posts.append(await self._owed_board(loaded, item, fresh=fresh))
        elif fresh and item.user_id is not None:
            seat = record.seat_of(item.user_id)
            prefs = await self.store.user_prefs(item.user_id)
            if seat is not None and not prefs.dm_closed:
                panel = await self._panel(loaded, seat, item.lines)
                out.dms.append(DirectMessage(item.user_id, record.channel_id, panel, item.nonce))
        else:
            log.info("dm dropped game=%s version=%s: too late to send it only once", item.game_id, item.version)
        return out

    def _owed_lobby(self, record: GameRecord, item: DeliveryRecord) -> list[ChannelPost]:
        """The lobby message a stored row owes: a new one (with the row's nonce) while the lobby still has the
        message it had at the commit, an edit of the lobby's message otherwise."""
        new = item.new_post and record.board_message_id == item.board_message_id
        posts = self._lobby_outbox(record, self.spec(record.game_key), new=new).posts
        return [replace(post, nonce=item.nonce) for post in posts] if new else posts

    @staticmethod
    def _stored_post(item: DeliveryRecord, *, fresh: bool) -> ChannelPost:
        """A stored notice (a new message; past ``NONCE_WINDOW`` without its pings, which it may have made
        already) or closing (the last edit of a game's message, without buttons)."""
        text = item.text or ""
        if item.kind == "notice":
            pings = tuple(item.pings) if fresh else ()
            return ChannelPost(kind="notice", text=text, pings=pings, game_id=item.game_id, nonce=item.nonce)
        return ChannelPost(
            kind="board",
            text=text,
            edit_message_id=item.board_message_id,
            live=False,
            game_id=item.game_id,
            nonce=item.nonce,
        )

    async def _owed_board(self, loaded: Loaded, item: DeliveryRecord, *, fresh: bool) -> ChannelPost:
        """The board a stored delivery owes: a new message with its pings while the commit's board is still the
        game's, or while Discord still makes one message of its nonce when it owes pings (a later commit's
        board may have replaced the commit's, and pinged only whoever joined the wait then); an edit of the
        game's board otherwise."""
        record = loaded.record
        assert loaded.state is not None
        prompts = self.pending(record, loaded.spec, loaded.state) if record.status == "active" else []
        unchanged = record.board_message_id == item.board_message_id
        new = item.new_post and (unchanged or (fresh and bool(item.pings)))
        post = await self._board_post(loaded, prompts, new=new, ping_seats=set())
        return replace(post, pings=tuple(item.pings), nonce=item.nonce) if new else post

    # ------------------------------------------------------------------ when Discord fails (issue 31)

    async def postpone(self, keys: Sequence[tuple[int, int, int]], until: float) -> None:
        """Keep items Discord failed owed: the catch-up claims them again at ``until`` (``bot.backoff``)."""
        if keys:
            await self.store.postpone_deliveries(keys, self.owner, until - self.claim_seconds)

    async def resume_channel(self, channel_id: int) -> int:
        """The channel works again: whatever it held (``postpone``) is claimable at once."""
        since = self.clock() - self.claim_seconds  # not stale yet: held (or being sent by this process now)
        resumed = await self.store.resume_channel_deliveries(channel_id, self.owner, since)
        if resumed:
            log.info("channel %s works again: %d owed item(s) resumed", channel_id, resumed)
        return resumed

    async def channel_gone(self, channel_id: int) -> None:
        """The channel (or thread) was deleted: its running game ends, stored and readable by ``/games``; what
        was owed to the channel is dropped, with a log line. A lobby there is closed the same way. A game paused
        because the bot left its server stays paused: a refusal from a server the bot is not in says nothing of
        the channel (only ``/board`` there, once the bot is back, tells)."""
        async with self.lock(channel_id):
            record = await self.store.live_game(channel_id)
            if record is not None and record.paused_at is not None:
                dropped = await self.store.drop_channel_deliveries([channel_id])
                log.info("channel %s refused while its game is paused: %d owed item(s) dropped", channel_id, dropped)
                return
            if record is not None:
                record.status = "ended"
                record.result = "Ended because its channel was deleted."
                record.narration = []
                record.updated_at = self.clock()
                await self._save(record, record.version)
        dropped = await self.store.drop_channel_deliveries([channel_id])
        log.info("channel %s was deleted: game ended, %d owed item(s) dropped", channel_id, dropped)
