"""Movement, combat and crash landing (PIO-MOVE-*, PIO-COMBAT-*, PIO-CRASH-*, PIO-SECTOR-3, PIO-GAP-13..16)."""

from __future__ import annotations

import pytest

from engine.pioneers import PioneersState

from .rigging import Play, new_game, rig

# slot: 1 R1(5) 2 belt 3 B1(6) 4 G1(7) 5 belt 6 P1(6) 7 Y1(6) 8 R2(5)
RING = ["R1", "belt", "B1", "G1", "belt", "P1", "Y1", "R2"]


def at(seat0: int, seat1: int = 0, **fields: object) -> dict[int, dict[str, object]]:
    return {0: {"at": seat0, "commander": "novak", **fields}, 1: {"at": seat1, "commander": "fraser"}}


@pytest.mark.rule("PIO-MOVE-1")
@pytest.mark.rule("PIO-MOVE-3")
@pytest.mark.rule("PIO-SECTOR-3")
@pytest.mark.rule("PIO-MOVE-2")
def test_moves_up_to_the_engine_range_either_way_never_onto_a_belt() -> None:
    """Engines 1 (3 sectors) from the Jumpgate: clockwise 1 R1, (2 belt), 3 B1; counter-clockwise 8 R2,
    7 Y1, 6 P1; the belts cost a step but are never offered."""
    play = Play(rig(new_game(), ring=RING, players=at(0, levels={"engines": 1})))
    assert sorted(play.choice_ids()) == sorted(["stay", "s1", "s3", "s8", "s7", "s6"])


@pytest.mark.rule("PIO-CMD-4")
def test_engine_level_two_reaches_four_sectors() -> None:
    play = Play(rig(new_game(), ring=RING, players=at(0, levels={"engines": 2})))
    assert "s4" in play.choice_ids() and "s5" not in play.choice_ids()


@pytest.mark.rule("PIO-GAP-14")
def test_staying_put_still_ends_movement_there() -> None:
    play = Play(rig(new_game(), ring=RING, players=at(3, cargo=[]), dice=[6])).choose("stay")
    assert "adventure at 3 Thalassa" in play.text()


@pytest.mark.rule("PIO-COMBAT-1")
@pytest.mark.rule("PIO-COMBAT-2")
@pytest.mark.rule("PIO-COMBAT-4")
def test_ending_by_another_ship_starts_a_combat_and_the_loser_crash_lands() -> None:
    """P1 weapons 2 (+1) rolls 3 = 4 against P2's 3: P2 crashes onto an adjacent planet (4 Verdance; slot 2
    is a belt so only one site)."""
    state = rig(new_game(), ring=RING, players=at(0, 3, levels={"weapons": 2}), dice=[3, 3, 6])
    play = Play(state).choose("s3")
    assert "4 against 3" in play.text()
    assert play.view().players[1].at == 4 and play.view().players[1].crashed


@pytest.mark.rule("PIO-COMBAT-3")
def test_the_defender_wins_ties() -> None:
    state = rig(new_game(), ring=RING, players=at(0, 3, cargo=[]), dice=[4, 4, 6])
    play = Play(state).choose("s3")
    assert "Ben wins the combat 4 to 4" in play.text()
    assert play.view().players[0].crashed and play.view().players[0].at == 4


@pytest.mark.rule("PIO-COMBAT-1")
def test_no_combat_on_the_jumpgate() -> None:
    state = rig(new_game(), ring=RING, players=at(1, 0, cargo=[]))
    play = Play(state).choose("s0")
    assert ("Combat" not in play.text() and play.waits_on() == "disp") or play.waits_on() in ("upg", "load")


@pytest.mark.rule("PIO-CRASH-8")
def test_a_crash_landed_ship_cannot_be_attacked() -> None:
    state = rig(
        new_game(),
        ring=RING,
        players={**at(0, 3, cargo=[]), 1: {"at": 3, "commander": "fraser", "crashed": True}},
        dice=[6],
    )
    play = Play(state).choose("s3")
    assert "Combat" not in play.text()


@pytest.mark.rule("PIO-MOVE-4")
def test_a_crashed_ship_straightens_at_the_start_of_its_next_turn() -> None:
    state = rig(new_game(), ring=RING, players=at(0, 3, crashed=True, cargo=[]))
    play = Play(state)
    assert play.waits_on() == "mv" and not play.view().players[0].crashed


@pytest.mark.rule("PIO-GAP-13")
def test_the_attacker_fights_each_ship_in_turn_order_and_stops_at_his_first_defeat() -> None:
    state = rig(
        new_game(n=3),
        ring=RING,
        players={
            0: {"at": 0, "commander": "novak", "cargo": []},
            1: {"at": 3, "commander": "fraser"},
            2: {"at": 3, "commander": "sato"},
        },
        dice=[5, 2, 1, 6],  # beats P2 5-2, then loses to P3 1-6
    )
    play = Play(state).choose("s3")
    text = play.text()
    assert text.index("attacks Ben") < text.index("attacks Cat")
    assert "Ben crash lands" in text and "Ann crash lands" in text
    assert "Cat crash lands" not in text


@pytest.mark.rule("PIO-CRASH-1")
@pytest.mark.rule("PIO-GAP-16")
def test_the_crashing_player_chooses_between_two_adjacent_planets() -> None:
    state = rig(new_game(), ring=RING, players=at(0, 7, levels={"engines": 2}), dice=[1, 6])
    play = Play(state).choose("s7")  # P1 loses: sites 6 Hive and 8 Pyra
    assert play.prompt().seat == 0 and sorted(play.choice_ids()) == ["s6", "s8"]
    play.choose("s8")
    assert play.view().players[0].at == 8


@pytest.mark.rule("PIO-CRASH-7")
def test_with_no_adjacent_planet_the_nearest_one_is_used() -> None:
    """P2 loses at 1 Ravan: slot 2 is a belt and slot 0 the Jumpgate; nearest is 3 Thalassa (2 steps) v
    8 Pyra (2 steps the other way)... both at distance 2, so P2 chooses."""
    state = rig(new_game(), ring=RING, players=at(0, 1), dice=[6, 1])
    play = Play(state).choose("s1")
    assert play.prompt().seat == 1 and sorted(play.choice_ids()) == ["s3", "s8"]


@pytest.mark.rule("PIO-CRASH-2")
@pytest.mark.rule("PIO-CRASH-3")
@pytest.mark.rule("PIO-CRASH-4")
@pytest.mark.rule("PIO-CRASH-6")
def test_crash_unloads_everything_colonists_left_aliens_right_goods_above() -> None:
    state = rig(
        new_game(),
        ring=RING,
        spots={4: ". 1 . . . . ."},
        players={0: {"at": 0, "commander": "novak"}, 1: {"at": 3, "commander": "fraser", "cargo": ["C", "W", "g-red"]}},
        dice=[6, 1, 6],
    )
    play = Play(state).choose("s3")
    assert play.spots(4) == "1 1 . . . . W"
    assert play.view().ring[4].goods == ["red"]
    assert play.view().players[1].cargo == []


@pytest.mark.rule("PIO-CRASH-4")
@pytest.mark.rule("PIO-CRASH-5")
def test_the_crasher_chooses_which_lifeforms_survive_and_never_displaces_any() -> None:
    state = rig(
        new_game(),
        ring=RING,
        spots={4: "0 0 0 0 0 . 0"},
        players={0: {"at": 0, "commander": "novak"}, 1: {"at": 3, "commander": "fraser", "cargo": ["C", "B"]}},
        dice=[6, 1, 6],
    )
    play = Play(state).choose("s3")
    assert play.prompt().seat == 1 and play.choice_ids() == ["C", "B"]
    play.choose("B")
    assert play.spots(4) == "0 0 0 0 0 B 0"
    assert play.view().players[1].reserve == 14 + 1  # the colonist that did not fit died (back to reserve)


@pytest.mark.rule("PIO-CRASH-8")
@pytest.mark.rule("PIO-CRASH-9")
@pytest.mark.rule("PIO-GAP-16")
def test_an_attacker_who_loses_crash_lands_and_his_turn_ends_there_with_no_adventure() -> None:
    """Rulebook, Crash Landing: "While you are crash landed you can not engage into any other actions". 4
    against 4, the defender wins; the attacker crash lands at 4 Verdance and no adventure die is rolled (the rigged
    dice hold only the two combat dice: a third roll would be drawn at random and its adventure narrated)."""
    state = rig(new_game(), ring=RING, players=at(0, 3, cargo=[]), dice=[4, 4])
    play = Play(state).choose("s3")
    text = play.text()
    assert "Ben wins the combat 4 to 4" in text and "Ann crash lands at 4 Verdance" in text
    assert "adventure" not in text and play.view().players[0].credits == 300
    assert play.prompt().seat == 1 and play.waits_on() == "mv"  # straight to the defender's move: no deploy, no bombard


@pytest.mark.rule("PIO-CRASH-9")
def test_a_game_stored_before_pioneers_3_keeps_the_adventure_at_the_crash_site() -> None:
    """A stored game keeps the rule it began with: one written by an earlier engine has no
    ``crash_ends_turn`` and loads without it, so its losing attacker still adventures where he crashed."""
    state = rig(new_game(), ring=RING, players=at(0, 3, cargo=[]), dice=[4, 4, 6])
    stored = state.model_dump(mode="json")
    del stored["crash_ends_turn"]  # what engines pioneers-1 and pioneers-2 wrote
    old = PioneersState.model_validate(stored)
    old.rng = state.rng
    assert not old.crash_ends_turn
    play = Play(old).choose("s3")
    assert "adventure at 4 Verdance" in play.text()
    assert play.prompt().seat == 1  # then no deployment, no bombard, as before


@pytest.mark.rule("PIO-ADV-6")
@pytest.mark.rule("PIO-GAP-15")
def test_a_crash_result_crash_lands_from_that_planet_with_no_second_adventure() -> None:
    """Ravan's 2 is C: P1 crashes next door (slot 2 is a belt, so 8 Pyra? no: distance 1 only slot 0 and 2;
    none qualifies; the nearest are 3 Thalassa and 8 Pyra at 2) and does not adventure again."""
    state = rig(new_game(), ring=RING, players=at(1, 0, cargo=[]), dice=[2])
    play = Play(state).choose("stay", "s3")
    assert play.text().count("goes on an adventure") == 1
    assert play.view().players[0].at == 3 and play.view().players[0].crashed
