"""Setup (PIO-SETUP-*, PIO-GAP-1..4, -26): seats, commanders in order, the free upgrade, the pool, the draft."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core import SeatSetup
from engine.pioneers import SPEC, PioneersOptions
from engine.pioneers.catalog import CATALOG

from .rigging import Play


def start(n: int, seed: int = 5, **options: str) -> Play:
    return Play(SPEC.setup([SeatSetup()] * n, PioneersOptions(**options), seed))


def through_setup(play: Play) -> Play:
    """Answer every setup prompt with its first choice, the free upgrades on engines."""
    while play.state.phase != "play":
        for p in play.prompts():
            choice = "engines" if p.id.startswith("free") else p.choices[0].id
            play.state, events = SPEC.apply(play.state, p.seat, p.id, choice)
            play.events += events
    return play


@pytest.mark.rule("PIO-SETUP-1")
@pytest.mark.rule("PIO-SETUP-4")
@pytest.mark.rule("PIO-SETUP-2")
@pytest.mark.rule("PIO-GAP-3")
def test_each_player_has_a_ship_15_colonists_and_300_credits_and_one_holds_the_token() -> None:
    for n in (2, 3, 4):
        view = start(n).view()
        assert len(view.players) == n
        assert all(p.reserve == 15 and p.credits == 300 and p.cargo == [] for p in view.players)
        assert 0 <= view.first < n
    firsts = {start(4, seed).view().first for seed in range(20)}
    assert len(firsts) > 1  # drawn by the seeded generator, not always seat 1


@pytest.mark.rule("PIO-SETUP-3")
@pytest.mark.rule("PIO-GAP-4")
def test_commanders_are_picked_one_at_a_time_from_the_last_player_backwards_and_are_distinct() -> None:
    play = start(3)
    first = play.view().first
    order = []
    while play.state.phase == "commander":
        p = play.prompt()
        order.append(p.seat)
        taken = {pl.commander for pl in play.view().players}
        assert not taken & {c.id for c in p.choices}
        play.choose(p.choices[0].id)
    assert order == [(first - 1) % 3, (first - 2) % 3, first]
    assert all(p.levels == {"weapons": 1, "cargo": 1, "bombs": 1, "engines": 1} for p in play.view().players)


@pytest.mark.rule("PIO-SETUP-5")
@pytest.mark.rule("PIO-SETUP-6")
def test_the_free_upgrade_is_asked_of_everybody_at_once_then_cargo_fills() -> None:
    play = start(3, commanders="random")
    prompts = play.prompts()
    assert sorted(p.seat for p in prompts) == [0, 1, 2]
    for p, attribute in zip(prompts, ("cargo", "weapons", "engines"), strict=True):
        play.state, _ = SPEC.apply(play.state, p.seat, p.id, attribute)
    players = play.view().players
    assert players[0].levels["cargo"] == 2 and len(players[0].cargo) == 3 and players[0].reserve == 12
    assert players[1].levels["weapons"] == 2 and len(players[1].cargo) == 2


@pytest.mark.rule("PIO-SETUP-7")
@pytest.mark.rule("PIO-SETUP-9")
@pytest.mark.rule("PIO-GAP-1")
def test_the_pool_is_the_scenario_plus_two_per_setup_alien_card() -> None:
    for seed in range(10):
        play = start(2, seed, scenario="cosmic_pioneers")
        view = play.view()
        assert len(view.setup_aliens) == 2 and len(set(view.setup_aliens)) == 2
        wanted = Counter(CATALOG.scenario("cosmic_pioneers").planets)
        for alien in view.setup_aliens:
            wanted[CATALOG.native_colour[alien]] += 2
        got = Counter(CATALOG.planet(t).colour for t in view.pool)
        assert len(view.pool) == 11
        assert got == +wanted


@pytest.mark.rule("PIO-SETUP-10")
def test_a_short_colour_is_made_up_from_the_other_colours() -> None:
    """Gold Rush wants 4 yellow; with the Worm card it wants 6 of the 5 yellow tiles."""
    seeds = [s for s in range(60) if "worm" in start(2, s, scenario="gold_rush").view().setup_aliens]
    assert seeds
    pool = start(2, seeds[0], scenario="gold_rush").view().pool
    assert len(pool) == 11 and len(set(pool)) == 11
    assert sum(1 for t in pool if CATALOG.planet(t).colour == "yellow") == 5


@pytest.mark.rule("PIO-SETUP-8")
def test_a_random_scenario_is_drawn_unless_the_lobby_fixed_it() -> None:
    assert len({start(2, s).view().scenario for s in range(30)}) > 3
    assert start(2, 1, scenario="land_grab").view().scenario == "land_grab"


@pytest.mark.rule("PIO-SETUP-11")
@pytest.mark.rule("PIO-GAP-2")
@pytest.mark.rule("PIO-SETUP-12")
def test_the_draft_runs_from_the_last_player_to_the_right_filling_slots_clockwise() -> None:
    play = start(3, 2, commanders="random", scenario="cosmic_pioneers")
    for p in play.prompts():
        play.state, _ = SPEC.apply(play.state, p.seat, p.id, "cargo")
    first = play.view().first
    seats, slots = [], []
    while play.state.phase == "draft":
        p = play.prompt()
        seats.append(p.seat)
        slots.append(int(p.question.split("slot ")[1].rstrip("?")))
        play.choose("belt" if "belt" in play.choice_ids() and len(seats) in (2, 9) else p.choices[0].id)
    assert seats[:4] == [(first - 1) % 3, (first - 2) % 3, (first - 3) % 3, (first - 1) % 3]
    # the last slot has one tile left for it: the game places it without asking
    assert slots == list(range(1, 13))
    view = play.view()
    assert sum(1 for s in view.ring if s.kind == "planet") == 11
    assert [s.slot for s in view.ring if s.kind == "belt"] == [2, 9]


@pytest.mark.rule("PIO-SETUP-13")
@pytest.mark.rule("PIO-GAP-25")
def test_the_trade_post_sits_opposite_the_jumpgate_and_only_when_the_scenario_uses_it() -> None:
    ring = through_setup(start(2, scenario="trade_routes", commanders="random", layout="random")).view().ring
    assert len(ring) == 15 and ring[7].kind == "trade_post"
    ring = through_setup(start(2, scenario="land_grab", commanders="random", layout="random")).view().ring
    assert len(ring) == 14 and all(s.kind != "trade_post" for s in ring)


@pytest.mark.rule("PIO-SETUP-14")
@pytest.mark.rule("PIO-GAP-26")
@pytest.mark.rule("PIO-SETUP-15")
def test_the_event_deck_holds_one_card_per_planet_of_its_native_type_and_ships_start_on_the_jumpgate() -> None:
    play = through_setup(start(2, 4, scenario="cosmic_pioneers", commanders="random", layout="random"))
    view = play.view()
    assert view.deck_size + len(view.discards) == 11  # round 1's card is already drawn
    natives = Counter(CATALOG.native(CATALOG.planet(s.planet).colour) for s in view.ring if s.planet)
    assert Counter(play.state.deck) + Counter(view.discards) == natives
    assert all(p.at == 0 for p in view.players) or view.round == 1


@pytest.mark.rule("PIO-SECTOR-1")
@pytest.mark.rule("PIO-SECTOR-2")
def test_the_ring_has_the_jumpgate_belts_and_planets_with_spots_and_a_table() -> None:
    view = through_setup(start(2, 4, scenario="cosmic_pioneers", commanders="random", layout="random")).view()
    assert view.ring[0].kind == "jumpgate"
    assert sum(1 for s in view.ring if s.kind == "belt") == 2
    for s in view.ring:
        if s.kind == "planet":
            assert s.native and len(s.spots) >= s.green >= 1 and len(s.adventure) == 5
