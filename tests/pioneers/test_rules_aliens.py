"""Alien events (PIO-ALIEN-*, PIO-GAP-8..11): the five abilities exactly as PIO-GAP-10 reads them, spawning.

Each test parks P1 (Novak: no re-roll to ask) on slot 1, stays there, and rolls a 1 on the adventure, which
draws the rigged top card of the event deck (PIO-ADV-5). Slot 1 is a red planet (native Lizard) unless the
test says otherwise, so only the card's own type spawns where the test expects it.
"""

from __future__ import annotations

import pytest

from engine.pioneers.catalog import AlienType

from .rigging import Play, new_game, rig

RING = ["R1", "Y1", "G1", "B1", "P1"]  # 5 spots, 6, 7, 6, 6


def event(card: AlienType, spots: dict[int, str], *, supply: dict[AlienType, int] | None = None) -> Play:
    state = rig(
        new_game(),
        ring=RING,
        spots=spots,
        players={0: {"at": 1, "commander": "novak", "cargo": []}, 1: {"at": 0}},
        deck=[card, "slime"],
        dice=[1],
        supply=supply,
    )
    return Play(state).choose("stay")


@pytest.mark.rule("PIO-ALIEN-WORM-1")
@pytest.mark.rule("PIO-ALIEN-7")
def test_worm_kills_the_two_rightmost_lifeforms_aliens_included_never_worms() -> None:
    play = event("worm", {1: "0 W 1 . B"})
    # the bug and the P2 colonist die; the worm steps left onto nothing (spot 1 is taken) and stays
    assert play.spots(1) == "0 W . . ."


@pytest.mark.rule("PIO-ALIEN-WORM-2")
def test_worm_moves_one_spot_left_when_that_spot_is_empty() -> None:
    play = event("worm", {1: "0 . W 1 1"})
    assert play.spots(1) == "0 W . . ."


@pytest.mark.rule("PIO-ALIEN-WORM-3")
def test_worm_alone_on_its_planet_is_removed() -> None:
    play = event("worm", {1: ". . W 1 0"})
    assert play.spots(1) == ". . . . ."
    assert play.view().supply["worm"] == 6 - 1  # back in the supply (PIO-GAP-8) but the yellow spawn took 1


@pytest.mark.rule("PIO-ALIEN-SLIME-1")
def test_slime_doubles_on_empty_spots_rightmost_first() -> None:
    play = event("slime", {1: "S 0 . . S"})
    assert play.spots(1) == "S 0 S S S"


@pytest.mark.rule("PIO-ALIEN-SLIME-1")
def test_slime_never_takes_an_occupied_spot() -> None:
    play = event("slime", {1: "S 0 0 . 1"})
    assert play.spots(1) == "S 0 0 S 1"


@pytest.mark.rule("PIO-ALIEN-SLIME-2")
@pytest.mark.rule("PIO-GAP-10")
def test_slime_stops_where_the_supply_runs_out() -> None:
    play = event("slime", {1: "S S . . ."}, supply={"slime": 1})
    assert play.spots(1) == "S S . . S"
    assert play.view().supply["slime"] == 0


@pytest.mark.rule("PIO-ALIEN-SQUID-1")
@pytest.mark.rule("PIO-ALIEN-SQUID-2")
def test_squid_places_a_squid_on_its_left_killing_what_stands_there() -> None:
    play = event("squid", {1: "0 1 Q . ."})
    assert play.spots(1) == "0 Q Q . ."
    assert play.view().players[1].reserve == 11 + 1  # 1 on the planet, 3 in cargo; the dead one is back in the reserve


@pytest.mark.rule("PIO-ALIEN-SQUID-3")
def test_squids_never_kill_squids() -> None:
    play = event("squid", {1: "0 Q Q . ."})
    assert play.spots(1) == "Q Q Q . ."


@pytest.mark.rule("PIO-ALIEN-SQUID-4")
def test_no_squid_in_the_supply_nothing_happens() -> None:
    play = event("squid", {1: "0 1 Q . ."}, supply={"squid": 0})
    assert play.spots(1) == "0 1 Q . ."


@pytest.mark.rule("PIO-ALIEN-LIZARD-1")
def test_lizard_moves_left_killing_what_is_there() -> None:
    play = event("lizard", {1: "0 1 L 0 ."})
    # the lizard steps onto spot 2 killing P2's colonist; then the red planet has a lizard: no spawn
    assert play.spots(1) == "0 L . 0 ."


@pytest.mark.rule("PIO-ALIEN-LIZARD-2")
def test_a_lizard_on_spot_one_leaves_the_planet() -> None:
    play = event("lizard", {1: "L 0 . . ."})
    # it leaves; then the red planet has no lizard, so one spawns on the rightmost empty spot
    assert play.spots(1) == ". 0 . . L"
    assert "a lizard leaves" in play.text()


@pytest.mark.rule("PIO-ALIEN-BUG-1")
@pytest.mark.rule("PIO-ALIEN-BUG-3")
def test_bug_replaces_its_neighbours_and_leaves_empty_spots_empty() -> None:
    play = event("bug", {1: "0 B . W B"})
    # bug on 2: spot 1 colonist -> bug, spot 3 empty stays; bug on 5: worm on 4 -> bug
    assert play.spots(1) == "B B . B B"


@pytest.mark.rule("PIO-ALIEN-BUG-2")
def test_no_bug_in_the_supply_nothing_happens() -> None:
    play = event("bug", {1: "0 B 1 . ."}, supply={"bug": 0})
    assert play.spots(1) == "0 B 1 . ."


@pytest.mark.rule("PIO-GAP-10")
def test_new_aliens_placed_by_the_card_do_not_act() -> None:
    """Squid on 4 places a squid on 3; that new squid does not spread again to 2."""
    play = event("squid", {1: "0 1 . Q ."})
    assert play.spots(1) == "0 1 Q Q ."


@pytest.mark.rule("PIO-GAP-10")
def test_abilities_act_on_non_native_planets_too() -> None:
    """A lizard carried to the blue planet (slot 4) acts there; red slot 1 then gets its spawn."""
    play = event("lizard", {4: "0 L . . . ."})
    assert play.spots(4) == "L . . . . ."
    assert play.spots(1) == ". . . . L"


@pytest.mark.rule("PIO-ALIEN-1")
@pytest.mark.rule("PIO-ALIEN-2")
@pytest.mark.rule("PIO-ALIEN-3")
def test_ability_first_then_spawn_on_native_planets_without_one() -> None:
    """Slot 2 is yellow (native worm) and empty: after the ability (nothing to do) a worm spawns on the
    rightmost empty spot."""
    play = event("worm", {2: "0 0 . . . ."})
    assert play.spots(2) == "0 0 . . . W"


@pytest.mark.rule("PIO-ALIEN-2")
def test_no_spawn_where_that_type_already_stands() -> None:
    play = event("squid", {4: "Q . . . . 0"})
    # the squid on spot 1 cannot spread left; the blue planet already has a squid: no spawn
    assert play.spots(4) == "Q . . . . 0"


@pytest.mark.rule("PIO-ALIEN-4")
def test_on_a_full_planet_the_spawning_alien_kills_the_rightmost_lifeform() -> None:
    play = event("slime", {3: "0 0 0 1 1 1 0"})
    assert play.spots(3) == "0 0 0 1 1 1 S"
    assert play.view().players[0].reserve == 15 - 4 + 1


@pytest.mark.rule("PIO-ALIEN-5")
@pytest.mark.rule("PIO-GAP-11")
def test_spawning_stops_when_the_supply_is_empty_nearer_clockwise_first() -> None:
    state = rig(
        new_game(),
        ring=["R1", "Y1", "R2", "R3"],
        players={0: {"at": 2, "commander": "novak", "cargo": []}, 1: {"at": 0}},
        deck=["lizard"],
        dice=[1],
        supply={"lizard": 2},
    )
    play = Play(state).choose("stay")
    assert [play.spots(s).count("L") for s in (1, 3, 4)] == [1, 1, 0]
    assert "no lizard is left to spawn" in play.text()


@pytest.mark.rule("PIO-ALIEN-6")
def test_an_empty_deck_reshuffles_the_discards() -> None:
    state = rig(
        new_game(),
        ring=RING,
        players={0: {"at": 1, "commander": "novak", "cargo": []}, 1: {"at": 0}},
        deck=[],
        dice=[1],
    )
    state.discards = ["bug"]
    play = Play(state).choose("stay")
    assert "shuffled into a new deck" in play.text()
    assert play.view().discards == ["bug"] and play.view().deck_size == 0
