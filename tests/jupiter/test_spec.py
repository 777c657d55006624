"""The game as the host sees it: ``SPEC`` keeps the contract, the view hides only the deck's order, outcomes.

``SPEC`` is not in ``engine/registry.py`` yet, so the registry-wide contract test does not cover it; this file
runs the same checks on it (``engine.core.playout``), plus the view and outcome rules of Jupiter Deep.
"""

from __future__ import annotations

import pytest

from engine.core import MAX_CHOICE_ID, MAX_LABEL, MAX_PROMPT_ID, SeatSetup
from engine.core.playout import LoggedAction, random_playout, replay
from engine.jupiter import SPEC, JupiterView
from engine.jupiter.catalog import CATALOG

from .rigging import act, new_game, position, ready

SEEDS = range(4)


@pytest.mark.parametrize("seed", SEEDS)
def test_spec_random_playouts_keep_the_contract(seed: int) -> None:
    players = SPEC.min_players + seed % (SPEC.max_players - SPEC.min_players + 1)
    seats = [SeatSetup() for _ in range(players)]
    options = SPEC.options_model()
    log: list[LoggedAction] = []
    last = SPEC.setup(seats, options, seed)
    for step in random_playout(SPEC, seats, options, seed, max_steps=1500):
        where = f"seed={seed} step={step.index}"
        state = step.after
        log.append(step.action)
        assert SPEC.state_model.model_validate_json(state.model_dump_json()) == state, where
        prompts = SPEC.prompts(state)
        assert len({p.id for p in prompts}) == len(prompts), where
        for p in prompts:
            assert 0 <= p.seat < players and len(p.id) <= MAX_PROMPT_ID, where
            for c in p.choices:
                assert 0 < len(c.id) <= MAX_CHOICE_ID and 0 < len(c.label) <= MAX_LABEL, where
        for viewer in [None, *range(players)]:
            assert SPEC.view(state, viewer).viewer == viewer, where
        outcome = SPEC.outcome(state)
        assert (outcome is None) == bool(prompts), where
        last = state
    assert replay(SPEC, seats, options, seed, log) == last


def test_spec_declares_the_game() -> None:
    assert (SPEC.key, SPEC.min_players, SPEC.max_players) == ("jupiter", 1, 7)
    options = SPEC.parse_options({"fast_creeps": True, "polite_colonists": True})
    assert options.fast_creeps and options.polite_colonists and not options.robot_vulnerability
    assert "28" in SPEC.rules_text and SPEC.blurb


def test_every_hand_and_core_is_public_but_not_the_deck_order() -> None:
    state = ready(new_game(players=3, seed=21))
    public = SPEC.view(state, None)
    assert [r.hand for r in public.robots] == [r.hand for r in state.robots]
    assert [r.core for r in public.robots] == [r.core for r in state.robots]
    assert public.deck_size == len(state.deck) and "deck" not in JupiterView.model_fields
    shuffled = state.clone()
    shuffled.deck = list(reversed(shuffled.deck))
    assert SPEC.view(shuffled, None) == public  # the deck's order never reaches a view
    assert "rng" not in public.model_dump_json() and str(state.rng.state) not in public.model_dump_json()
    mine = SPEC.view(state, 1)
    assert mine.my_seat == 1 and mine.model_copy(update={"viewer": None, "my_seat": None}) == public


@pytest.mark.rule("JUP-LOSE-3")
def test_the_view_always_shows_saved_living_and_needed() -> None:
    state = position(robots={0: "T01.C", 1: "T06.C"}, pod_colonists=3, saved=11)
    view = SPEC.view(state, None)
    assert (view.saved, view.living, view.needed) == (11, state.colonists_on_board() + 3, 28)
    assert view.pod.colonists == 3 and view.pod.docked_at == "T08.E"
    text = view.describe()
    assert "saved **11**/28" in text and "red" in text


@pytest.mark.rule("JUP-GAP-SUPPLY")
def test_the_view_draws_the_colony() -> None:
    state = position(robots={0: "T01.C", 1: "T06.C"}, pieces={"T01.E": "X"}, super_creeps=["T09"])
    view = SPEC.view(state, None)
    tiles = {t.id: t for t in view.tiles}
    assert len(tiles) == 19 and tiles["T09"].super_creep and tiles["T09"].centre == "power_plant"
    domes = {d.name: d for t in view.tiles for d in t.domes}
    assert domes["T01.E"].piece == "creep" and domes["T01.C"].piece == "robot" and domes["T01.C"].seat == 0
    assert domes["T02.W"].point == (2, 0) and ("T01.E", "T02.W") in view.bridges
    assert tiles["T08"].exposed_sides == ["E", "NE", "SE"]
    assert view.robots[0].colour == CATALOG.robots[0].colour
    assert (view.creeps_on_board, view.creep_markers) == (1, 60)


@pytest.mark.rule("JUP-WIN-1")
def test_a_win_is_everyone_s_and_a_loss_nobody_s() -> None:
    state = position(robots={0: "T08.E", 1: "pod"}, pod_colonists=2, saved=26, filler=False)
    state, _ = act(state, "move", "pod")
    outcome = SPEC.outcome(state)
    assert outcome is not None and outcome.result == "win" and outcome.winners == (0, 1)
    state = position(
        robots={0: "T19.C", 1: "T06.C"}, pieces={"T01.C": "X", "T01.E": "C"}, rolls=[1], filler=False, saved=27
    )
    state, _ = act(state, "end")
    outcome = SPEC.outcome(state)
    assert outcome is not None and outcome.result == "loss" and outcome.winners == ()
