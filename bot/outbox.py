"""What the host asks Discord to do after a request: the outbox.

The host (``bot.tables``) never talks to Discord. Every request returns an ``Outbox``: channel posts or edits,
direct messages, and the private answer to the person who asked. The cogs deliver it. Keeping this a plain
value is what lets the host be tested without Discord and lets the local terminal table reuse it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from engine.core import Prompt

if TYPE_CHECKING:
    from .store import DeliveryRecord

PostKind = Literal["lobby", "board", "notice"]


@dataclass(frozen=True)
class Attachment:
    """A file to attach (always a PNG here), with its alt text: Discord's attachment description, read aloud
    by screen readers and shown when the image does not load (the renderer's ``alt`` of the same view)."""

    filename: str
    data: bytes
    description: str = ""


@dataclass(frozen=True)
class ChannelPost:
    """A message everyone in the channel can see: nothing hidden may ever be in it.

    ``kind`` says which controls go with it: a ``lobby`` message carries Join/Leave/Begin/Cancel and the
    role picker, a ``board`` message carries the "Your move" button while the game runs (``live``), a
    ``notice`` carries nothing. ``edit_message_id`` set means edit that message instead of posting a new
    one (a new one notifies people, an edit does not). After posting a new lobby or board message the
    deliverer reports its id back with ``Host.board_posted`` so the next small step edits it, and takes the
    controls off the message it ``supersedes`` (the previous board), so only the current board has buttons.
    """

    kind: PostKind
    text: str
    image: Attachment | None = None
    edit_message_id: int | None = None
    pings: tuple[int, ...] = ()
    live: bool = True
    game_id: int | None = None
    game_key: str | None = None  # which game, so the deliverer can build its controls (e.g. the role picker)
    supersedes: int | None = None  # the previous board message of this game, whose buttons are retired
    nonce: str | None = None  # a stored delivery's: Discord makes one message of every send with it
    drawn: str | None = None  # a drawn board's: the stored game it shows (``bot.tables.liveboard.board_key``)

    @property
    def is_edit(self) -> bool:
        return self.edit_message_id is not None


@dataclass(frozen=True)
class Panel:
    """One player's private view and their pending decisions: an ephemeral panel, a DM, or ``/hand``.

    ``image`` is the seat's hand; ``closeup`` the part of the board where their choices are, enlarged for a
    phone (only while something waits on them, and only for a game whose renderer draws one).
    """

    text: str
    prompts: tuple[Prompt, ...] = ()
    image: Attachment | None = None
    closeup: Attachment | None = None
    game_id: int | None = None  # the game its controls answer (``bot.ui.prompts``): never the channel's next one

    def attachments(self) -> list[Attachment]:
        """The images to send with the panel, the hand first."""
        return [a for a in (self.image, self.closeup) if a is not None]


@dataclass(frozen=True)
class DirectMessage:
    """A private message to one player about the game in ``channel_id`` (buttons for ``panel.prompts``)."""

    user_id: int
    channel_id: int
    panel: Panel
    nonce: str | None = None  # a stored delivery's: Discord makes one message of every send with it


@dataclass
class Outbox:
    """Everything to deliver for one request, in order: channel posts, then DMs, then the private reply.

    ``owed`` names the stored deliveries this outbox carries (``Host.delivered`` forgets them once sent): an
    action's board and DMs are stored with its commit, so a crash before they reach Discord loses nothing.
    ``timers`` likewise names the claimed timer firings it carries (a reminder): marked fired once sent.
    ``later`` holds stored deliveries nobody waits for, drawn after the answer (a finished game's recap: a second
    or more of drawing; the others' DMs of an action): the deliverer draws
    each (``Host.drawn_later``, else from the stored game: ``Host.redeliver``) and sends it after everything
    else, so whoever acted is answered first; a crash before that leaves the row to the catch-up.
    """

    channel_id: int
    posts: list[ChannelPost] = field(default_factory=list)
    dms: list[DirectMessage] = field(default_factory=list)
    reply: Panel | None = None
    owed: list[tuple[int, int, int]] = field(default_factory=list)
    timers: list[tuple[int, str, str]] = field(default_factory=list)
    later: list[DeliveryRecord] = field(default_factory=list)
    retry_now: bool = False  # asked for (``/board``): sent even while its channel is left alone (``bot.backoff``)

    def public_texts(self) -> list[str]:
        """Every text that reaches the channel (for leak checks)."""
        return [p.text for p in self.posts]
