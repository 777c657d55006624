"""A game's story (``bot.story``): the public board at each turn's end, told once and then told further.

``/replay`` keeps a running game's story and, when the game moved on, tells it from where it stopped rather
than from the deal: what it tells must be exactly what a telling from the start tells.
"""

from __future__ import annotations

from bot.store import ActionRecord, GameRecord, SeatRecord
from bot.story import ROUTINE, tell
from engine.core import SeatSetup
from engine.core.playout import random_playout
from engine.registry import GAMES


def capricorn_game() -> tuple[GameRecord, list[ActionRecord]]:
    spec = GAMES["capricorn"]
    options = spec.parse_options({})
    roles = [r.key for r in spec.roles][:2]
    steps = list(random_playout(spec, [SeatSetup(role=r) for r in roles], options, 4))
    record = GameRecord(
        id=9,
        channel_id=1,
        game_key="capricorn",
        options=options.model_dump(mode="json"),
        seed=4,
        engine_version=spec.engine_version,
        status="active",
        opener_id=1,
        seats=[SeatRecord(seat=i, user_id=i + 1, display_name=f"P{i}", role=r) for i, r in enumerate(roles)],
    )
    log = [
        ActionRecord(
            game_id=9,
            index=i,
            seat=s.action.seat,
            user_id=s.action.seat + 1,
            prompt_id=s.action.prompt_id,
            choice_id=s.action.choice_id,
            public=[],
            at=0.0,
        )
        for i, s in enumerate(steps)
    ]
    return record, log


def test_a_story_told_further_is_the_story_told_from_the_start() -> None:
    record, log = capricorn_game()
    spec = GAMES["capricorn"]
    story = tell(spec, record, log[:10])
    for end in (37, 38, len(log)):
        story = tell(spec, record, log[:end], since=story)
        whole = tell(spec, record, log[:end])
        assert [(f.label, f.actions, f.turn) for f in story.frames] == [
            (f.label, f.actions, f.turn) for f in whole.frames
        ]
        assert [f.state for f in story.frames] == [f.state for f in whole.frames]
        assert story.moments == whole.moments
    assert story.frames[0].label == "The start" and story.frames[-1].label.startswith("Now")
    turns = [f.turn for f in story.frames[1:-1]]
    assert turns == list(range(1, len(turns) + 1)), "one board after each turn"


def test_the_end_closes_the_story_and_routine_headlines_are_not_decisive() -> None:
    record, log = capricorn_game()
    spec = GAMES["capricorn"]
    over = record.model_copy(update={"status": "finished"})
    story = tell(spec, over, log)
    assert story.frames[-1].label.startswith("The end") and story.frames[-1].actions == len(log)
    assert story.moments, "a whole game has headlines"
    decisive = story.decisive()
    assert 0 < len(decisive) <= 5 and decisive[-1] == story.moments[-1], "how it ended is decisive"
    assert not [m for m in decisive if "End of turn" in m], f"turns passing are routine (seen {ROUTINE}+ times)"
