"""A finished game's recap: one channel message with the boards turn by turn (an animated GIF) and the moments
that decided it.

**Posted once, even across a crash.** The commit that finishes a game stores a ``notice`` row marked ``recap``
with it (``recap_owed``), in the same transaction as the last move, so a crash after that commit leaves the
recap owed; the catch-up draws it again from the stored game (``DeliveriesHost.redeliver``) and sends it with
the row's nonce, so a resend after a crash that came after Discord took it is one message (within
``NONCE_WINDOW``, as for every stored notice). Past the window it is posted again all the same: a crash in the
very instant after Discord took it (before the row was forgotten) then shows it twice, which is rarer and
milder than a game left without its story (a recap pings nobody). A row rather than a new delivery kind: no
migration, and a process of an older release that claims it posts its words (the result) as a plain notice.

**Drawn after the answer, off the event loop.** Drawing a long game's recap takes a second or more (Jupiter's
last move took 1.3-1.5 s while the move itself took 40 ms), and nobody waits for it: the finishing move's
outbox carries the row (``Outbox.later``, ``finishing_recap``) and the deliverer draws it from the stored game
(``DeliveriesHost.redeliver``, the catch-up's own path) once the board is posted and whoever acted has their
answer. The story is replayed and the GIF encoded in a worker thread (``bot.story``, ``render.recap``), so
every other channel is answered meanwhile.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from engine.core import GameError, GameSpec
from engine.core.words import count
from render.recap import animate

from ..outbox import Attachment, ChannelPost
from ..store import DeliveryRecord, GameRecord
from ..story import Shelf, Story, Storyteller
from .common import MESSAGE_LIMIT, Loaded, clip
from .names import for_images, in_channel

log = logging.getLogger(__name__)

RECAP_FILE = "recap.gif"


def recap_words(spec: GameSpec[Any, Any], record: GameRecord) -> str:
    """The recap's words without the story (what a row stores, and what is posted if the story cannot be told)."""
    return f"📜 **The story of this game of {spec.name}**\n🏁 {record.result or 'The game is over.'}"


def recap_owed(
    spec: GameSpec[Any, Any], record: GameRecord, version: int, now: float, seq: int
) -> list[DeliveryRecord]:
    """The row a game's finishing commit stores for its recap (commit ``version``, place ``seq``)."""
    assert record.id is not None
    return [
        DeliveryRecord(
            game_id=record.id,
            version=version,
            seq=seq,
            channel_id=record.channel_id,
            kind="notice",
            recap=True,
            text=recap_words(spec, record),
            created_at=now,
        )
    ]


async def recap_post(teller: Storyteller, record: GameRecord, words: str, nonce: str | None) -> ChannelPost:
    """The recap message of the finished game ``record``: ``words``, the decisive moments and the animated board.
    A story that cannot be told (rules changed since) leaves the words alone: the result is still worth saying."""
    image: Attachment | None = None
    lines = [words]
    try:
        story = await teller.story(record)
        image = await recap_image(teller, record, story)
        moments = story.decisive()
        if moments:
            lines.append("**Decisive moments:**")
            lines.extend(f"• {in_channel(m, record)}" for m in moments)
        turns = story.frames[-1].state.turn
        lines.insert(1, f"{count(turns, 'turn')}, {count(story.actions, 'decision')}: the board turn by turn below.")
    except GameError:
        log.info("recap of game %s told without its story: it cannot be rebuilt", record.id)
    except Exception:  # a drawing bug must not cost the game its last board: the result is said all the same
        log.exception("recap of game %s told without its story", record.id)
    text = clip("\n".join(lines), MESSAGE_LIMIT)
    return ChannelPost(kind="notice", text=text, image=image, game_id=record.id, game_key=record.game_key, nonce=nonce)


async def recap_image(teller: Storyteller, record: GameRecord, story: Story) -> Attachment | None:
    """The story's frames as one animated GIF (``render.recap``), drawn and encoded in a worker thread."""
    renderer = teller.renderers.get(record.game_key)
    spec = teller.games.get(record.game_key)
    if renderer is None or spec is None:
        return None
    frames = story.frames

    def draw(i: int) -> bytes:
        return renderer.board(for_images(spec.view(frames[i].state, None), record))

    data = await asyncio.to_thread(animate, draw, len(frames))
    alt = f"The board of this game of {spec.name} turn by turn, from the start to the final board."

    return Attachment(RECAP_FILE, data, alt)


def finishing_recap(loaded: Loaded, seq: int) -> list[DeliveryRecord]:
    """The recap row a commit stored if it finished the game (row ``seq`` of that commit), to be drawn after the
    answer (``Outbox.later``); none otherwise."""
    record = loaded.record
    if record.status != "finished":
        return []
    return recap_owed(loaded.spec, record, record.version, 0.0, seq)


async def owed_recap(shelf: Shelf, item: DeliveryRecord) -> ChannelPost:
    """The recap a stored row owes, drawn from the game as stored now; its words alone if the game is gone."""
    record = await shelf.store.get_game(item.game_id)
    if record is None or record.status not in ("finished", "ended"):
        return ChannelPost(kind="notice", text=item.text or "", game_id=item.game_id, nonce=item.nonce)
    return await recap_post(
        Storyteller(shelf), record, item.text or recap_words(shelf.games[record.game_key], record), item.nonce
    )
