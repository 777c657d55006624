"""Adventure, Jumpgate, deployment, goods, control and bombard (PIO-ADV-*, PIO-JUMPGATE-*, PIO-DEPLOY-*,
PIO-GOODS-*, PIO-CONTROL-*, PIO-BOMB-*, PIO-CMD-*, PIO-GAP-15..19, -21, -27)."""

from __future__ import annotations

from typing import Any

import pytest

from .rigging import Play, new_game, rig

# slot 1 R1 Ravan (5 spots, 2 green: C -2 -2 +2 $+100), 2 B5 Tidewell (7, 4 green), 3 G4 Fern (6, 3 green),
# 4 TP (Trade Post), 5 Y1 Dune (6, 2 green), 6 belt
RING = ["R1", "B5", "G4", "TP", "Y1", "belt"]


def p1(at: int, **fields: Any) -> dict[int, dict[str, Any]]:
    return {0: {"at": at, "commander": "novak", **fields}, 1: {"at": 0, "commander": "fraser"}}


def game(
    at: int,
    spots: dict[int, str] | None = None,
    dice: list[int] | None = None,
    scenario: str = "cosmic_pioneers",
    **fields: Any,
) -> Play:
    return Play(rig(new_game(scenario=scenario), ring=RING, spots=spots, players=p1(at, **fields), dice=dice or []))


# -- adventure ---------------------------------------------------------------------------------------------
@pytest.mark.rule("PIO-ADV-1")
@pytest.mark.rule("PIO-ADV-2")
def test_plus_x_places_colonists_leftmost_and_the_overflow_goes_into_cargo() -> None:
    play = game(1, {1: "1 . 1 1 ."}, dice=[5], cargo=[], levels={"cargo": 1})
    play.choose("stay")
    assert play.spots(1) == "1 0 1 1 0"
    assert play.view().players[0].cargo == []  # exactly 2 spots: nothing left over


@pytest.mark.rule("PIO-ADV-2")
@pytest.mark.rule("PIO-GAP-15")
def test_plus_x_overflow_into_cargo_up_to_capacity() -> None:
    play = game(1, {1: "1 1 1 1 ."}, dice=[5], cargo=["C", "C"], levels={"cargo": 1})
    play.choose("stay")
    assert play.spots(1) == "1 1 1 1 0"
    assert play.view().players[0].cargo == ["C", "C"]  # full: the second stays in the reserve


@pytest.mark.rule("PIO-ADV-3")
def test_minus_x_removes_rightmost_colonists_of_any_colour_then_from_cargo() -> None:
    play = game(1, {1: "0 . W 1 ."}, dice=[3], cargo=["C", "C"])
    play.choose("stay")  # Ravan's 3 is -2: P2's on spot 4, then P1's own on spot 1
    assert play.spots(1) == ". . W . ."
    assert play.view().players[0].cargo == ["C", "C"]


@pytest.mark.rule("PIO-ADV-3")
def test_minus_x_takes_from_cargo_once_the_planet_is_out_of_colonists() -> None:
    play = game(1, {1: ". . W 1 ."}, dice=[4], cargo=["C", "C"])
    play.choose("stay")
    assert play.spots(1) == ". . W . ."
    assert play.view().players[0].cargo == ["C"]
    assert "1 colonist removed from the planet and 1 from cargo" in play.text()


@pytest.mark.rule("PIO-ADV-4")
def test_losing_credits_takes_them_all_when_short() -> None:
    # Cinder (R3) 3 is $-100; put it on slot 1 via a custom ring
    state = rig(new_game(), ring=["R5"], players=p1(1, cargo=[], credits=100), dice=[2])  # Ember 2: $-200
    play = Play(state).choose("stay")
    assert play.view().players[0].credits == 0
    assert "loses 100 credits" in play.text()


@pytest.mark.rule("PIO-ADV-7")
def test_gaining_credits() -> None:
    play = game(1, dice=[6], cargo=[], credits=300)
    play.choose("stay")
    assert play.view().players[0].credits == 400


@pytest.mark.rule("PIO-ADV-5")
def test_a_roll_of_one_draws_an_alien_event() -> None:
    state = rig(new_game(), ring=RING, players=p1(1, cargo=[]), dice=[1], deck=["worm"])
    play = Play(state).choose("stay")
    assert "rolls 1 on the adventure: a Worm event" in play.text()
    assert play.spots(5) == ". . . . . W"  # the yellow planet's spawn


@pytest.mark.rule("PIO-JUMPGATE-1")
def test_the_jumpgate_has_no_adventure() -> None:
    play = game(1, cargo=[])
    play.choose("s0")
    assert "adventure" not in play.text()


# -- Jumpgate ----------------------------------------------------------------------------------------------
@pytest.mark.rule("PIO-JUMPGATE-2")
@pytest.mark.rule("PIO-GAP-8")
@pytest.mark.rule("PIO-GAP-18")
def test_dispose_then_income() -> None:
    play = game(1, cargo=["C", "L"], levels={"cargo": 3})
    play.choose("s0")
    assert sorted(play.choice_ids()) == ["d-C", "d-L", "keep"]
    before = play.view().supply["lizard"]
    play.choose("d-L")
    assert play.view().supply["lizard"] == before + 1
    assert "collects" not in play.text()
    play.choose("keep")
    assert "collects" in play.text()


@pytest.mark.rule("PIO-JUMPGATE-3")
def test_income_is_200_plus_100_per_controlled_planet() -> None:
    """P2 (Fraser, no bonus) controls Ravan (2 green: 2 colonists)."""
    state = rig(
        new_game(),
        ring=RING,
        spots={1: "1 1 . . ."},
        players={0: {"at": 3, "commander": "novak"}, 1: {"at": 1, "commander": "fraser", "cargo": [], "credits": 0}},
        active=1,
    )
    play = Play(state).choose("s0")
    assert play.view().players[1].credits == 300


@pytest.mark.rule("PIO-JUMPGATE-4")
@pytest.mark.rule("PIO-GAP-6")
def test_upgrades_cost_500_a_level_up_to_level_3() -> None:
    play = game(1, cargo=["C", "C"], credits=800, levels={"weapons": 2, "engines": 1})
    play.choose("s0", "keep")  # 800 + 300 (Novak) = 1100
    ids = play.choice_ids()
    assert "weapons1" in ids and "weapons2" not in ids and "engines2" in ids and "none" in ids
    play.choose("engines2")
    assert play.view().players[0].levels["engines"] == 3 and play.view().players[0].credits == 100


@pytest.mark.rule("PIO-JUMPGATE-5")
def test_loading_colonists_up_to_the_cargo_capacity() -> None:
    play = game(1, cargo=[], credits=0, levels={"cargo": 2})
    play.choose("s0")
    assert play.choice_ids() == ["c3", "c2", "c1", "c0"]
    play.choose("c3")
    assert play.view().players[0].cargo == ["C", "C", "C"]


# -- deployment --------------------------------------------------------------------------------------------
@pytest.mark.rule("PIO-DEPLOY-1")
@pytest.mark.rule("PIO-DEPLOY-3")
@pytest.mark.rule("PIO-DEPLOY-4")
def test_unloaded_colonists_go_leftmost_and_aliens_rightmost() -> None:
    play = game(2, {2: "1 . . . . . ."}, dice=[6], cargo=["C", "S"], levels={"cargo": 3})  # Tidewell 6: +3
    play.choose("stay")
    assert play.spots(2) == "1 0 0 0 . . ."
    play.choose("u-C", "u-S")
    assert play.spots(2) == "1 0 0 0 0 . S"


@pytest.mark.rule("PIO-DEPLOY-2")
@pytest.mark.rule("PIO-GAP-17")
def test_load_and_unload_mix_but_only_own_colonists_and_aliens_need_level_3() -> None:
    play = game(2, {2: "1 0 B . . . ."}, dice=[2], cargo=["C"], levels={"cargo": 2})  # Tidewell 2: -1
    play.choose("stay")  # -1 removes P1's colonist on spot 2 (rightmost colonist)
    assert play.spots(2) == "1 . B . . . ."
    ids = play.choice_ids()
    assert "lc1" not in ids and not any(i.startswith("la") for i in ids)


@pytest.mark.rule("PIO-DEPLOY-1")
@pytest.mark.rule("PIO-CMD-3")
def test_cargo_level_3_loads_aliens() -> None:
    play = game(2, {2: ". . B . . . ."}, dice=[3], cargo=[], levels={"cargo": 3})  # Tidewell 3: +1
    play.choose("stay", "la3")
    assert play.view().players[0].cargo == ["B"] and play.spots(2) == "0 . . . . . ."


@pytest.mark.rule("PIO-CMD-5")
def test_cargo_never_holds_more_than_its_slots() -> None:
    play = game(2, {2: "0 0 0 . . . ."}, dice=[4], cargo=["C", "C"], levels={"cargo": 1})  # Tidewell 4: +2
    play.choose("stay")
    assert not any(i.startswith("lc") for i in play.choice_ids())


@pytest.mark.rule("PIO-DEPLOY-2")
def test_each_item_moves_once_a_phase_so_deployment_ends() -> None:
    play = game(2, {2: "0 . . . . . ."}, dice=[3], cargo=["C"], levels={"cargo": 2})
    play.choose("stay")  # +1 on spot 2
    play.choose("lc1")
    assert "u-C" in play.choice_ids()  # the colonist already aboard may still go down
    play.choose("u-C")  # the old one goes down on the leftmost empty spot; the fresh one stays aboard
    assert play.spots(2) == "0 0 . . . . ."
    assert play.choice_ids() == ["lc2", "done"]


@pytest.mark.rule("PIO-GAP-27")
def test_at_the_trade_post_deployment_offers_goods_only_and_there_is_no_bombard() -> None:
    play = game(3, cargo=["C", "g-green"], levels={"cargo": 2}, dice=[6])
    play.state.ring[4].goods = ["blue"]
    play.choose("s4")
    assert sorted(play.choice_ids()) == ["done", "lg-blue", "ug-green"]
    play.choose("done")
    assert play.prompt().seat == 1


# -- goods -------------------------------------------------------------------------------------------------
@pytest.mark.rule("PIO-GOODS-1")
@pytest.mark.rule("PIO-SECTOR-5")
def test_trade_routes_pays_300_for_a_good_unloaded_at_the_trade_post() -> None:
    play = game(3, cargo=["g-green"], credits=0, scenario="trade_routes")
    supply = play.view().goods_supply
    play.choose("s4", "ug-green")
    assert play.view().players[0].credits == 300 and play.view().goods_supply == supply + 1


@pytest.mark.rule("PIO-GOODS-2")
def test_a_good_unloaded_on_a_planet_of_its_origin_colour_is_removed() -> None:
    play = game(3, dice=[3], cargo=["g-green"])  # Fern 3: +1
    play.choose("stay", "ug-green")
    assert play.view().ring[3].goods == []


@pytest.mark.rule("PIO-GOODS-3")
@pytest.mark.rule("PIO-GAP-21")
def test_a_good_unloaded_elsewhere_stays_and_keeps_its_origin() -> None:
    play = game(3, dice=[3], cargo=["g-blue"])
    play.choose("stay", "ug-blue")
    assert play.view().ring[3].goods == ["blue"]


# -- control -----------------------------------------------------------------------------------------------
@pytest.mark.rule("PIO-CONTROL-1")
@pytest.mark.rule("PIO-CONTROL-2")
@pytest.mark.rule("PIO-CONTROL-3")
def test_control_needs_as_many_colonists_as_green_spots_and_a_plurality() -> None:
    """Fern: 3 green. 2 P1 + 1 P2 + 1 P3 = 4 on any spots: P1 controls with 2 of 4; 2 alone are too few."""
    state = rig(new_game(n=3), ring=RING, spots={3: ". . 0 1 2 0"})
    assert Play(state).view().ring[3].controller == 0
    state = rig(new_game(n=3), ring=RING, spots={3: ". . 0 . . 0"})
    assert Play(state).view().ring[3].controller is None


@pytest.mark.rule("PIO-CONTROL-4")
def test_a_tie_for_the_most_colonists_means_nobody_controls() -> None:
    state = rig(new_game(), ring=RING, spots={3: "0 0 1 1 . ."})
    assert Play(state).view().ring[3].controller is None


# -- bombard -----------------------------------------------------------------------------------------------
@pytest.mark.rule("PIO-BOMB-1")
@pytest.mark.rule("PIO-BOMB-2")
@pytest.mark.rule("PIO-BOMB-5")
def test_level_1_kills_one_of_the_hit_die_type_rightmost_colonist_first_even_his_own() -> None:
    play = game(2, {2: "1 S 1 . . . ."}, dice=[3, 1], cargo=[], levels={"bombs": 1})  # Tidewell 3 +1
    play.choose("stay")
    assert play.spots(2) == "1 S 1 0 . . ."
    play.choose("done", "bomb")
    assert play.spots(2) == "1 S 1 . . . ."


@pytest.mark.rule("PIO-BOMB-3")
@pytest.mark.rule("PIO-BOMB-5")
@pytest.mark.rule("PIO-GAP-19")
def test_level_2_rolls_the_hit_die_and_a_d6_aliens_leftmost_first() -> None:
    play = game(2, {2: "S 1 S S . . ."}, dice=[3, 3, 2], cargo=[], levels={"bombs": 2})  # slime face, d6 2
    play.choose("stay", "done", "bomb")
    assert play.spots(2) == ". 1 . S 0 . ."


@pytest.mark.rule("PIO-GAP-19")
def test_a_face_with_no_such_lifeform_hits_nothing() -> None:
    play = game(2, {2: "S 1 . . . . ."}, dice=[3, 6], cargo=[], levels={"bombs": 1})  # bug face
    play.choose("stay", "done", "bomb")
    assert "nothing is hit" in play.text()


@pytest.mark.rule("PIO-BOMB-4")
def test_level_3_rolls_a_d6_and_the_bomber_picks_colonists_or_aliens() -> None:
    play = game(2, {2: "S 1 1 Q . . ."}, dice=[3, 5], cargo=[], levels={"bombs": 3})
    play.choose("stay", "done", "bomb")
    assert play.choice_ids() == ["colonist", "alien"]
    play.choose("alien")
    assert play.spots(2) == ". 1 1 . 0 . ."  # 5 hits, only 2 aliens: as many as the roll allows


@pytest.mark.rule("PIO-BOMB-1")
def test_no_bombard_question_on_a_planet_with_no_lifeform() -> None:
    play = game(2, dice=[2], cargo=[], levels={"bombs": 1})  # Tidewell 2: -1 on an empty planet
    play.choose("stay")
    assert play.prompt().seat == 1


# -- derived control, fixed spots, one attribute table -----------------------------------------------------
@pytest.mark.rule("PIO-GAP-23")
def test_control_is_derived_from_the_spots_whenever_needed() -> None:
    """P2 holds Ravan (2 green) until P1's adventure removes a colonist: the income a moment later already
    counts without it."""
    state = rig(
        new_game(),
        ring=RING,
        spots={1: "1 1 . . ."},
        players={0: {"at": 0, "commander": "novak"}, 1: {"at": 2, "commander": "fraser", "cargo": []}},
        dice=[3],
    )
    play = Play(state)
    assert play.view().ring[1].controller == 1
    play.choose("s1")  # Ravan 3: -2
    assert play.view().ring[1].controller is None and play.view().players[1].controlled == 0


@pytest.mark.rule("PIO-GAP-9")
def test_lifeforms_never_slide_into_a_gap() -> None:
    play = game(2, {2: "1 1 S 1 . . ."}, dice=[3, 3, 1], cargo=[], levels={"bombs": 2})  # +1; slime face, d6 1
    play.choose("stay", "done", "bomb")
    assert play.spots(2) == "1 1 . 1 0 . ."


@pytest.mark.rule("PIO-GAP-5")
def test_every_commander_reads_the_same_attribute_table() -> None:
    reaches = set()
    for commander in ("fraser", "kade", "novak", "sato"):
        state = rig(
            new_game(),
            ring=["R1", "B5", "G4", "Y1", "P1", "R2", "R3", "belt"],
            players=p1(0, commander=commander, levels={"engines": 1}),
        )
        reaches.add(tuple(sorted(Play(state).choice_ids())))
    assert len(reaches) == 1 and len(next(iter(reaches))) == 1 + 3 + 2  # stay, 3 clockwise, 2 the other way
