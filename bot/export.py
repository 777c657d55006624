"""``/export``: a game's record as files for whoever asks, privately.

- ``<game>-log.txt``: everything the channel was told, oldest first (the stored narration, as ``/log`` reads
  it), then, for a player, what they alone were told, rebuilt by replaying the log (``/log private``'s
  rebuild: ``bot.history``), never stored as text.
- ``<game>-replay.json``, only once the game is over and nothing is secret any more: game, engine version,
  options, seed, seats and every decision with its seat, which ``bash scripts/run --local --replay FILE``
  plays back offline step by step, boards included (``bot.local_replay``).

A running game's export holds neither the seed (it would let anyone deal the hidden cards again) nor any
seat's decisions (an order not yet revealed is a decision): its log file is the public narration and the
asker's own lines, the same as ``/log`` and ``/log private`` show them.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from engine.core import NotAllowed

from .history import _told_only_to
from .outbox import Attachment
from .store import GameRecord
from .story import Shelf, Storyteller
from .tables.names import display_name, in_private

REPLAY_FORMAT = "spacehost-replay"
REPLAY_FORMAT_VERSION = 1


def is_over(record: GameRecord) -> bool:
    """Whether the game is finished or ended: from then on nothing in it is secret."""
    return record.status in ("finished", "ended")


async def export(shelf: Shelf, channel_id: int, user_id: int) -> tuple[str, list[Attachment]]:
    """What ``user_id`` is given for the channel's running or latest game: a sentence and the files."""
    teller = Storyteller(shelf)
    record = await teller.game(channel_id)
    assert record.id is not None
    spec = teller._spec(record)
    actions = (await shelf.store.actions(record.id))[: record.action_count]
    notes = await shelf.store.notes(record.id)
    lines = [f"{spec.name} — what happened (oldest first)", ""]
    for action in actions:
        while notes and notes[0].after_action <= action.index:
            lines.append(notes.pop(0).text)
        lines.extend(in_private(line, record) for line in action.public)
    lines.extend(note.text for note in notes)
    if is_over(record) and record.result:
        lines.append(f"🏁 {record.result}")
    seat = record.seat_of(user_id)
    if seat is not None:
        mine = await asyncio.to_thread(_told_only_to, spec, record, actions, seat.seat)
        lines += ["", f"What only you ({display_name(seat)}) were told (oldest first)", "", *mine]
    files = [Attachment(f"{record.game_key}-{record.id}-log.txt", ("\n".join(lines) + "\n").encode())]
    if is_over(record):
        files.append(
            Attachment(f"{record.game_key}-{record.id}-replay.json", replay_file(record, actions_of(actions)).encode())
        )
        said = (
            "The game's log, and its replay file: play it back offline with `bash scripts/run --local --replay FILE`."
        )
    else:
        said = "The game's log so far. Its replay file comes once the game is over, when nothing in it is secret."
    if seat is not None:
        said += " Your own private lines are at the end of the log; keep them to yourself while the game runs."
    return said, files


def actions_of(actions: Any) -> list[dict[str, Any]]:
    """Every decision as the replay file keeps it: its place, seat, prompt and choice, and when it was made."""
    return [
        {"index": a.index, "seat": a.seat, "prompt": a.prompt_id, "choice": a.choice_id, "at": a.at} for a in actions
    ]


def replay_file(record: GameRecord, decisions: list[dict[str, Any]]) -> str:
    """The replay file of a game that is over (JSON, read by ``bot.local_replay``)."""
    if not is_over(record):
        raise NotAllowed("A replay file is given once the game is over: until then its seed is secret.")
    data = {
        "format": REPLAY_FORMAT,
        "format_version": REPLAY_FORMAT_VERSION,
        "game": record.game_key,
        "engine_version": record.engine_version,
        "options": record.options,
        "seed": record.seed,
        "seats": [
            {"seat": s.seat, "role": s.role, "name": display_name(s)}
            for s in sorted(record.seats, key=lambda s: s.seat)
        ],
        "result": record.result,
        "decisions": decisions,
    }
    return json.dumps(data, ensure_ascii=False, indent=1)
