"""One player plays several robots (the ``robots`` option, digest section 2): seats are players, robots are dealt
to them round-robin, and every prompt of a robot goes to the seat that plays it.

Pinned here: a one-seat game with two robots plays to its outcome with every prompt addressed to seat 0 (and
replays from its log); the prompts of a seat playing several robots name the robot; a table of two shares three
robots round-robin; the option refuses impossible counts with a sentence, at the lobby (more than seven) and at
the deal (fewer robots than players); a game without the option stores and plays exactly as before.
"""

from __future__ import annotations

import pytest

from engine.core import BadOptions, NotYourTurn, SeatSetup
from engine.core.playout import LoggedAction, random_playout, replay
from engine.jupiter import SPEC, JupiterOptions, JupiterState
from engine.jupiter.view import JupiterView


def table(players: int, robots: int | None, seed: int = 4) -> JupiterState:
    options = SPEC.parse_options({} if robots is None else {"robots": robots})
    return SPEC.setup([SeatSetup() for _ in range(players)], options, seed)


@pytest.mark.rule("JUP-SETUP-7")
@pytest.mark.rule("JUP-TURN-2")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_lone_player_with_two_robots_plays_to_an_outcome_answering_every_prompt(seed: int) -> None:
    seats = [SeatSetup()]
    options = SPEC.parse_options({"robots": 2})
    state = SPEC.setup(seats, options, seed)
    assert state.players == 2 and state.seats == 1 and state.owners == [0, 0]
    log: list[LoggedAction] = []
    actives: set[int] = set()
    final = state
    for step in random_playout(SPEC, seats, options, seed, max_steps=5000):
        assert all(p.seat == 0 for p in step.prompts), f"a prompt for another seat at step {step.index}"
        assert step.action.seat == 0
        log.append(step.action)
        assert isinstance(step.after, JupiterState)
        final = step.after
        if final.phase == "actions":
            actives.add(final.active)
        for p in SPEC.prompts(final):
            assert p.seat == 0
    result = SPEC.outcome(final)
    assert result is not None, "the game did not end"
    assert actives == {0, 1}, "both robots took turns"
    assert result.winners in ((), (0,))
    assert replay(SPEC, seats, options, seed, log) == final


def test_a_seat_with_two_robots_gets_both_core_prompts_each_naming_its_robot() -> None:
    state = table(1, 2)
    prompts = SPEC.prompts(state)
    assert [p.seat for p in prompts] == [0, 0] and [p.id for p in prompts] == ["t0.core.0", "t0.core.1"]
    assert prompts[0].question.startswith("The red robot: ") and prompts[1].question.startswith("The blue robot: ")
    state, _ = SPEC.apply(state, 0, "t0.core.1", prompts[1].choices[0].id)  # the second robot answers first
    assert state.robots[1].core is not None and state.robots[0].core is None
    state, _ = SPEC.apply(state, 0, "t0.core.0", prompts[0].choices[0].id)
    first = SPEC.prompts(state)
    assert len(first) == 1 and first[0].seat == 0 and first[0].id.endswith(".first")
    assert [c.label for c in first[0].choices[:2]] == ["The red robot", "The blue robot"]  # one player: no owner named


@pytest.mark.rule("JUP-SETUP-9")
def test_three_robots_at_a_table_of_two_are_dealt_round_robin() -> None:
    state = table(2, 3)
    assert state.owners == [0, 1, 0] and state.pod.robots == [0, 1, 2]
    assert [p.seat for p in SPEC.prompts(state)] == [0, 1, 0]
    with pytest.raises(NotYourTurn):
        SPEC.apply(state, 1, "t0.core.2", state.robots[2].dealt[0])
    view = SPEC.view(state, 0)
    assert isinstance(view, JupiterView)
    assert view.my_seat == 0 and view.seats == 2 and [r.owner for r in view.robots] == [0, 1, 0]
    assert SPEC.view(state, 2).my_seat is None  # there is no third player


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        ({"robots": 8}, "robots: Jupiter Deep has 7 robot pawns: choose from 1 to 7 robots in all, not 8."),
        ({"robots": 0}, "choose from 1 to 7 robots in all, not 0."),
        ({"robots": "lots"}, "choose from 1 to 7 robots in all, not 'lots'."),
    ],
)
def test_an_impossible_robot_count_is_refused_in_a_sentence(raw: dict[str, object], words: str) -> None:
    with pytest.raises(BadOptions) as refused:
        SPEC.parse_options(raw)
    assert words in str(refused.value)


def test_fewer_robots_than_players_is_refused_when_the_game_begins() -> None:
    options = SPEC.parse_options({"robots": 2})
    with pytest.raises(BadOptions, match="3 players need at least 3 robots"):
        SPEC.setup([SeatSetup() for _ in range(3)], options, 1)


def test_the_option_reaches_the_lobby_as_a_whole_number_with_a_short_description() -> None:
    field = JupiterOptions.model_fields["robots"]
    assert field.default is None and field.description is not None and len(field.description) <= 100
    assert SPEC.parse_options({"robots": "3"}).robots == 3


def test_without_the_option_every_seat_plays_its_own_robot_as_before() -> None:
    state = table(3, None)
    same = table(3, 3)
    assert state.owners == [] and state.model_dump(exclude={"options"}) == same.model_dump(exclude={"options"})
    assert "owners" not in state.model_dump(exclude_defaults=True)
    assert [p.seat for p in SPEC.prompts(state)] == [0, 1, 2]
    assert "The red robot" not in SPEC.prompts(state)[0].question
