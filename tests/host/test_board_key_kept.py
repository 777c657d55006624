"""A board's key (``board_key``) is the same whichever process writes it: one that hashes a snapshot once and keeps
it agrees with one that writes the whole list each time (older processes, other processes delivering the same
game), so a board drawn by one is never taken for stale by the other and drawn again."""

from __future__ import annotations

import hashlib
import json
import random

from bot.store import GameRecord, SeatRecord
from bot.tables.liveboard import SNAPSHOTS_HASHED, board_key


def written_whole(record: GameRecord) -> str:
    """The key as processes wrote it before snapshots were hashed once: the whole list's JSON, hashed."""
    shown = [
        record.snapshot,
        record.status,
        list(record.narration),
        record.result,
        record.waiting_since,
        [(s.seat, s.user_id, s.bot, s.role, s.display_name) for s in record.seats],
    ]
    return hashlib.blake2b(json.dumps(shown).encode(), digest_size=12).hexdigest()


WORDS = ["⟦1⟧ takes Commander Kade.", 'a "quoted" word', "back\\slash", "¡Abordaje!", "🤖 Bot 2", "line\nbreak", ""]


def a_record(rng: random.Random, snapshots: list[str | None]) -> GameRecord:
    seats = [
        SeatRecord(
            seat=i,
            user_id=100 + i,
            display_name=rng.choice(WORDS) or "Nova",
            bot=rng.choice([None, None, "normal"]),
            role=rng.choice([None, "Captain"]),
        )
        for i in range(rng.randint(1, 4))
    ]
    return GameRecord(
        id=rng.randint(1, 3),
        guild_id=1,
        channel_id=2,
        game_key="derelict",
        seed=rng.randint(0, 9),
        engine_version="derelict-2",
        opener_id=100,
        status=rng.choice(["active", "finished", "ended"]),
        seats=seats,
        snapshot=rng.choice(snapshots),
        narration=rng.sample(WORDS, rng.randint(0, len(WORDS))),
        result=rng.choice([None, "Nova won.", "Ünïcode «result»"]),
        waiting_since=rng.choice([0.0, 12.5, 1_700_000_000.25]),
    )


def test_every_record_keys_as_the_whole_list_did_however_often_its_snapshot_was_seen() -> None:
    rng = random.Random(26)
    snapshots: list[str | None] = [
        None,
        "",
        json.dumps({"turn": 3, "names": WORDS}),
        json.dumps({"deck": list(range(2000)), "text": "é" * 300}, ensure_ascii=False),
        *(json.dumps({"seed": n, "log": [rng.choice(WORDS) for _ in range(50)]}) for n in range(SNAPSHOTS_HASHED * 2)),
    ]
    for _ in range(600):
        record = a_record(rng, snapshots)
        assert board_key(record) == written_whole(record)
        again = record.model_copy(update={"snapshot": None if record.snapshot is None else "".join(record.snapshot)})
        assert board_key(again) == written_whole(record), "an equal snapshot read back from the store keys the same"


def test_records_that_differ_in_what_a_board_shows_key_differently() -> None:
    rng = random.Random(8)
    record = a_record(rng, [json.dumps({"turn": 1})])
    key = board_key(record)
    for change in (
        {"snapshot": json.dumps({"turn": 2})},
        {"status": "ended" if record.status != "ended" else "active"},
        {"narration": [*record.narration, "one more line"]},
        {"result": "Somebody else won."},
        {"waiting_since": 99.0},
    ):
        assert board_key(record.model_copy(update=change)) != key, change
