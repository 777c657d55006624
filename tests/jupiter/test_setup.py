"""Options and setup (JUP-SETUP-*, JUP-VAR-* options, JUP-GAP-GROUP; every exposed side docks: test_docking.py)."""

from __future__ import annotations

from collections import Counter

import pytest
from pydantic import ValidationError

from engine.core import BadOptions, IllegalAction, NotYourTurn, SeatSetup, StaleChoice
from engine.jupiter.catalog import CATALOG
from engine.jupiter.colony import tile_of
from engine.jupiter.options import JupiterOptions
from engine.jupiter.rules import apply, prompts
from engine.jupiter.setup import deal_abilities, setup
from engine.jupiter.state import COLONIST, JupiterState

from .rigging import answer, new_game, prompt_for, ready

OPTION_RULES = [
    ("JUP-VAR-RV-1", "robot_vulnerability"),
    ("JUP-VAR-FAST-1", "fast_creeps"),
    ("JUP-VAR-HERO-1", "ultimate_heroes"),
    ("JUP-VAR-POLITE-1", "polite_colonists"),
]


@pytest.mark.parametrize("field", [pytest.param(f, marks=pytest.mark.rule(r), id=r) for r, f in OPTION_RULES])
def test_each_alternate_rule_is_an_independent_option_off_by_default(field: str) -> None:
    assert getattr(JupiterOptions(), field) is False
    alone = JupiterOptions(**{field: True})
    assert [f for f, _ in JupiterOptions.model_fields.items() if getattr(alone, f)] == [field]
    assert new_game(2, **{field: True}).options == alone


def test_an_unknown_option_is_refused() -> None:
    with pytest.raises(ValidationError):
        JupiterOptions.model_validate({"fast_creps": True})


@pytest.mark.parametrize("players", [0, 8])
def test_one_to_seven_robots(players: int) -> None:
    with pytest.raises(BadOptions, match="1 to 7 robots"):
        setup([SeatSetup() for _ in range(players)], JupiterOptions(), 1)


@pytest.mark.rule("JUP-SETUP-1")
def test_the_twenty_colony_tiles_are_shuffled_by_the_seed() -> None:
    a, b = new_game(seed=1), new_game(seed=2)
    for state in (a, b):
        assert {p.tile for p in state.placements} | {state.out_of_game} == set(CATALOG.tiles)
    assert [p.tile for p in a.placements] != [p.tile for p in b.placements]
    assert new_game(seed=1) == a  # the same seed, the same colony and deal


@pytest.mark.rule("JUP-SETUP-2")
def test_nineteen_tiles_go_to_the_spiral_with_a_random_fixed_rotation() -> None:
    state = new_game(seed=3)
    assert [p.cell for p in state.placements] == list(CATALOG.spiral)
    rotations = Counter(p.rotation for seed in range(5) for p in new_game(seed=seed).placements)
    assert set(rotations) == set(range(6))


@pytest.mark.rule("JUP-SETUP-3")
def test_the_twentieth_tile_is_out_of_the_game() -> None:
    state = new_game(seed=4)
    assert state.out_of_game not in state.colony.tiles
    assert not any(tile_of(d) == state.out_of_game for d in state.colony.domes)


@pytest.mark.rule("JUP-SETUP-4")
def test_a_colonist_on_every_dome_of_the_seven_interior_tiles_only() -> None:
    for seed in range(8):
        state = new_game(seed=seed)
        interior = [p.tile for p in state.placements[:7]]
        expected = {d for t in interior for d in state.colony.spaces_of(t)}
        assert {d for d, piece in state.occupant.items() if piece == COLONIST} == expected
        critical = sum(1 for t in interior if CATALOG.tile(t).module in (3, 4))
        assert state.placed == 49 - critical == len(expected)
        assert 42 <= state.placed <= 49


@pytest.mark.rule("JUP-SETUP-5")
def test_two_cards_each_dealt_seat_by_seat_from_the_top() -> None:
    deck = ["boost", "surge", "sniper", "teleport", "pilot", "swap"]
    first, back = deal_abilities(deck, 2)
    assert first == ["boost", "sniper"] and back == ["surge"]
    second, _ = deal_abilities(deck, 2)
    assert second == ["teleport", "pilot"]
    state = new_game(players=7, seed=5)
    assert all(len(r.dealt) == 2 for r in state.robots)
    assert Counter(state.deck) + Counter(c for r in state.robots for c in r.dealt) == Counter(CATALOG.full_deck())


@pytest.mark.rule("JUP-SETUP-6")
def test_setbacks_dealt_go_to_the_bottom_and_are_replaced() -> None:
    deck = ["surge", "signal", "boost", "powergrab", "sniper", "teleport"]
    dealt, back = deal_abilities(deck, 2)
    assert dealt == ["boost", "sniper"] and back == ["surge", "signal", "powergrab"]
    assert deck == ["teleport", "surge", "signal", "powergrab"]
    for seed in range(20):
        state = new_game(players=7, seed=seed)
        assert not any(CATALOG.is_setback(c) for r in state.robots for c in r.dealt)
        n = len(state.sent_back_at_setup)
        assert state.deck[len(state.deck) - n :] == state.sent_back_at_setup


@pytest.mark.rule("JUP-SETUP-7")
def test_each_robot_has_its_own_colour_and_letter() -> None:
    assert len({r.colour for r in CATALOG.robots}) == 7 == len({r.letter for r in CATALOG.robots})


@pytest.mark.rule("JUP-SETUP-8")
@pytest.mark.rule("JUP-DEC-1")
def test_every_robot_chooses_its_core_at_the_same_time() -> None:
    state = new_game(players=3, seed=8)
    pending = prompts(state)
    assert [p.seat for p in pending] == [0, 1, 2]
    assert all(len(p.choices) <= 2 and p.id == f"t0.core.{p.seat}" for p in pending)
    two = state.robots[2].dealt
    state, events = answer(state, 2, two[1])
    assert state.robots[2].core == two[1] and state.robots[2].hand == [two[0]] and state.robots[2].dealt == []
    assert "installs" in events[0].text and events[0].is_public
    assert [p.id for p in prompts(state)] == ["t0.core.0", "t0.core.1"]  # the others' buttons stay valid
    with pytest.raises(StaleChoice):
        apply(state, 2, "t0.core.2", two[0])


@pytest.mark.rule("JUP-SETUP-9")
def test_every_robot_starts_aboard_the_pod() -> None:
    state = new_game(players=4)
    assert state.pod.robots == [0, 1, 2, 3] and state.pod.load == 4 and state.pod.dock is None
    assert all(state.where_is(seat) == "pod" for seat in range(4))
    assert not any(piece.startswith("R") for piece in state.occupant.values())


def _cored(state: JupiterState) -> JupiterState:
    for seat in range(state.players):
        state, _ = answer(state, seat, state.robots[seat].dealt[0])
    return state


@pytest.mark.rule("JUP-SETUP-10")
@pytest.mark.rule("JUP-DEC-2")
def test_the_group_picks_the_first_robot_or_draws_one() -> None:
    state = _cored(new_game(players=3, seed=9))
    assert state.phase == "first"
    chosen, events = answer(state, 0, "s2")
    assert chosen.first == chosen.active == 2 and chosen.phase == "dock" and "chosen by the group" in events[0].text
    drawn, events = answer(state, 0, "random")
    assert drawn.first is not None and "drawn at random" in events[0].text
    assert {answer(_cored(new_game(players=3, seed=s)), 0, "random")[0].first for s in range(12)} == {0, 1, 2}


@pytest.mark.rule("JUP-GAP-GROUP")
def test_the_lobby_opener_decides_for_the_group_and_the_first_robot_docks() -> None:
    state = _cored(new_game(players=3, seed=10))
    assert [p.seat for p in prompts(state)] == [0]
    with pytest.raises(NotYourTurn):
        apply(state, 1, prompts(state)[0].id, "s1")
    state, _ = answer(state, 0, "s1")
    assert [p.seat for p in prompts(state)] == [1]


def test_a_lone_robot_goes_first_without_being_asked() -> None:
    state = _cored(new_game(players=1, seed=11))
    assert state.phase == "dock" and state.first == 0 and prompt_for(state, 0).id.endswith(".dock")


@pytest.mark.rule("JUP-SETUP-11")
@pytest.mark.rule("JUP-DEC-3")
def test_the_first_robot_docks_the_pod_on_an_exposed_side_in_two_steps() -> None:
    state, _ = answer(_cored(new_game(players=2, seed=12)), 0, "s1")
    tiles = prompt_for(state, 1)
    colony = state.colony
    assert {c.id for c in tiles.choices} <= {t for t in colony.tiles if colony.is_edge_tile(t)}
    assert all(not colony.is_edge_tile(t) or t in {c.id for c in tiles.choices} for t in colony.tiles[:7])
    multi = next(c.id for c in tiles.choices if "," in c.label)
    state, _ = answer(state, 1, multi)
    sides = prompt_for(state, 1)
    assert sides.id != tiles.id and sides.choices[-1].id == "back"
    back, _ = answer(state, 1, "back")
    assert prompt_for(back, 1).choices == tiles.choices and back.pod.dock is None
    side = sides.choices[0].id
    docked, events = answer(state, 1, side)
    tile, number = docked.pod.dock or ("", -1)
    assert tile == multi and colony.outer(tile, number) == f"{multi}.{side}"
    assert number in colony.exposed_sides(tile)
    assert docked.phase == "actions" and docked.turn == 1 and docked.active == 1
    assert any(e.headline and "Turn 1" in e.text for e in events)


@pytest.mark.rule("JUP-SETUP-11")
def test_a_tile_with_one_docking_side_docks_at_once() -> None:
    state, _ = answer(_cored(new_game(players=2, seed=16)), 0, "s0")
    state = state.clone()
    gone = state.placements.pop(1)  # a gap east of the centre tile: its E side is now its only exposed side
    centre = state.placements[0].tile
    assert state.colony.exposed_sides(centre) == (0,)
    assert prompt_for(state, 0).choices[0].id == centre  # spiral order: the centre tile is listed first
    docked, _ = answer(state, 0, centre)
    assert docked.pod.dock == (centre, 0) and docked.phase == "actions"
    assert docked.colony.pod_cell(centre, 0) == gone.cell


def test_a_side_that_is_not_offered_is_refused() -> None:
    state, _ = answer(_cored(new_game(players=2, seed=13)), 0, "s0")
    with pytest.raises(IllegalAction):
        answer(state, 0, state.placements[0].tile)  # the centre tile has no exposed side


def test_colonists_are_conserved_at_setup() -> None:
    state = ready(new_game(players=5, seed=14))
    supply = CATALOG.numbers.colonists - state.placed
    assert state.colonists_on_board() + state.pod.colonists + state.saved + state.lost + supply == 49


def test_prompt_and_choice_ids_keep_the_contract_limits() -> None:
    for seed in range(10):
        state = new_game(players=7, seed=seed)
        seen: set[str] = set()
        while state.phase != "actions":
            for p in prompts(state):
                assert len(p.id) <= 32 and "|" not in p.id and ":" not in p.id
                assert all(0 < len(c.id) <= 24 and "|" not in c.id and ":" not in c.id for c in p.choices)
                assert all(0 < len(c.label) <= 80 for c in p.choices) and len(p.choices) <= 25
            p = prompts(state)[-1]
            assert p.id not in seen or p.id.startswith("t0.core")
            seen.add(p.id)
            state, _ = apply(state, p.seat, p.id, p.choices[-1].id if p.choices[-1].id != "back" else p.choices[0].id)
        assert state.phase == "actions"


def test_replaying_the_same_answers_gives_the_same_state() -> None:
    a = ready(new_game(players=4, seed=15), first=2)
    b = ready(new_game(players=4, seed=15), first=2)
    assert a == b and a.model_dump_json() == b.model_dump_json()
    assert JupiterState.model_validate_json(a.model_dump_json()) == a
