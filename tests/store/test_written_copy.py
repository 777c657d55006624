"""What a commit hands back is the caller's own copy (``bot.store.sql.written``): the host changes it freely for
the next move (seats, story, votes, options) and nothing another holder of the game sees moves with it."""

from __future__ import annotations

from bot.store.base import GameRecord, SeatRecord
from bot.store.sql import written


def test_the_copy_written_back_shares_nothing_a_caller_may_change() -> None:
    game = GameRecord(
        channel_id=1,
        game_key="jupiter",
        seed=3,
        engine_version="jupiter-4",
        opener_id=1,
        options={"robots": 2, "deck": {"left_out": ["a"]}},
        seats=[SeatRecord(seat=i, user_id=10 + i, display_name=f"Ann{i}") for i in range(3)],
        snapshot='{"turn": 4}',
        narration=["Ann0 placed a tile."],
        skip_votes=[11],
    )
    mine = written(game, 7, 5)
    assert (mine.id, mine.version) == (7, 5)
    assert mine.model_dump(exclude={"id", "version"}) == game.model_dump(exclude={"id", "version"})
    mine.seats[0].display_name = "Bob"
    mine.seats.append(SeatRecord(seat=3, user_id=13, display_name="Cy"))
    mine.narration.append("Bob moved.")
    mine.skip_votes.clear()
    mine.options["deck"]["left_out"].append("b")
    assert [s.display_name for s in game.seats] == ["Ann0", "Ann1", "Ann2"]
    assert game.narration == ["Ann0 placed a tile."] and game.skip_votes == [11]
    assert game.options == {"robots": 2, "deck": {"left_out": ["a"]}}
