"""Aiming a drawn board at the game's newest board message, as it is stored when the board is delivered.

A board is drawn from the game when its commit is made and delivered afterwards (``bot.tables.liveboard`` says
why the two differ). The deliverer asks ``aim`` just before it sends one: an edit goes to the newest board,
whichever message the commit saw; a new board replaces the newest one; and a board drawn from a game that has
moved on since is drawn again from the stored game, so the newest board never shows an older step than the
store. Pings and nonces stay those of the stored delivery: aiming never adds or drops a notification.
"""

from __future__ import annotations

from dataclasses import replace

from ..outbox import ChannelPost
from .common import Loaded
from .core import HostCore
from .liveboard import board_key


class BoardsHost(HostCore):
    """The host's side of one live board per game."""

    async def aim(self, post: ChannelPost) -> ChannelPost:
        """``post`` aimed at the stored game's newest board and drawn from the game as stored now (see the
        module docstring). A post that is not a drawn board (a lobby, a notice, a closing) is left alone."""
        if post.kind != "board" or post.game_id is None or post.drawn is None:
            return post
        record = await self.store.get_game(post.game_id)
        if record is None or record.snapshot is None:
            return post  # reset since: its closing, stored with the reset, says so
        newest = record.board_message_id
        if post.is_edit:
            post = replace(post, edit_message_id=newest or post.edit_message_id)
        else:
            post = replace(post, supersedes=newest)
        if board_key(record) != post.drawn:
            spec = self.spec(record.game_key)
            loaded = Loaded(record, spec, self._state_of(record, spec))
            assert loaded.state is not None
            prompts = self.pending(record, spec, loaded.state) if record.status == "active" else []
            fresh = await self._board_post(loaded, prompts, new=not post.is_edit, ping_seats=set())
            post = replace(
                fresh,
                edit_message_id=post.edit_message_id,
                supersedes=post.supersedes,
                pings=post.pings,
                nonce=post.nonce,
            )
        if record.id is not None:  # what the players see next: later boards frame what changed since this one
            self.shown.delivered(record.id, record.version)
        return post
