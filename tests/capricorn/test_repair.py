"""Repairs: opening an attempt, flipping repair cards with rotations, success, the end of an attempt, the other
characters' contributions and the Engineer's powers (CAP-REPAIR-*, CAP-G-REP-*, CAP-ROLE-ENGINEER-*, CAP-G-ENG-*).

The Engineer (character 0, seat 0) stands on the Lab's repair space LAB.i6 with the Lab's spare part P2; the
Soldier (character 1, seat 1) stands in the Cargo Bay. Repair cards: R1, R2 "50% done", R3 rotate inner, R4,
R5 rotate middle, R6 jump scare (red alien, 2 damage). E5 Rotate/Shoot, E6 Rotate×2/Hide, E7 Power/Rotate;
S5 Rotate/Shoot, S6 Rotate×2/Hide.
"""

from __future__ import annotations

import pytest

from .rigging import Play, new_game, rig

HAND = ["E1", "E2", "E5", "E6", "E7"]


def repair_game(**rigging: object) -> Play:
    rigging.setdefault("hands", {0: HAND, 1: ["S2", "S3"]})
    rigging.setdefault("spaces", {0: "LAB.i6", 1: "CARGO.i0"})
    rigging.setdefault("backpacks", {0: ["P2"]})
    return Play(rig(new_game("engineer", "soldier", difficulty="easy"), **rigging))  # type: ignore[arg-type]


@pytest.mark.rule("CAP-REPAIR-1")
@pytest.mark.rule("CAP-MAP-11")
def test_a_repair_opens_only_on_the_rooms_repair_space_with_its_part() -> None:
    assert "repair" in repair_game().choices()
    assert "repair" not in repair_game(backpacks={0: ["P1"]}).choices()  # the Medbay's part
    assert "repair" not in repair_game(spaces={0: "LAB.i5", 1: "CARGO.i0"}).choices()
    assert "repair" not in repair_game(repaired=["LAB"], backpacks={0: ["P2"]}).choices()


@pytest.mark.rule("CAP-REPAIR-2")
@pytest.mark.rule("CAP-REPAIR-4")
@pytest.mark.rule("CAP-REPAIR-5")
@pytest.mark.rule("CAP-G-REP-1")
@pytest.mark.rule("CAP-G-REP-4")
@pytest.mark.rule("CAP-END-1")
def test_two_fifty_percent_cards_in_one_attempt_complete_the_repair_and_start_the_end_game() -> None:
    play = repair_game(repair_tops=["R1", "R2"])
    play.act("repair", "play.E6", "rotate")
    assert play.choices() == ["inner", "middle", "flip", "stop"]
    play.act("flip")
    assert play.crew.repair_flipped == ["R1"] and play.crew.rotation == {"inner": 0, "middle": 0}
    play.act("flip")
    crew = play.crew
    assert crew.repaired == ["LAB"] and "P2" in crew.removed and crew.characters[0].backpack == []
    assert crew.repair_room is None and crew.repair_flipped == [] and len(crew.repair_deck) == 6
    assert crew.end_game and "The Lab is repaired! (1 of 1 repairs done)" in play.text()
    assert "repair" not in play.choices()


@pytest.mark.rule("CAP-REPAIR-3")
@pytest.mark.rule("CAP-REPAIR-6")
def test_rotations_flip_one_by_one_and_a_wrong_cable_turns_a_ring() -> None:
    play = repair_game(repair_tops=["R3", "R1"])
    play.act("repair", "play.E6", "rotate", "flip")
    assert play.crew.rotation == {"inner": 1, "middle": 0} and play.crew.repair_flipped == ["R3"]
    play.act("stop")  # the second rotation is not used
    assert play.crew.repair_flipped == ["R3"] and play.crew.repair_room == "LAB"


@pytest.mark.rule("CAP-REPAIR-7")
def test_the_repair_jump_scare_brings_a_red_alien_and_two_damage_but_no_threat() -> None:
    play = repair_game(repair_tops=["R6"], threat=1)
    play.act("repair", "play.E5", "rotate", "flip")
    assert [a.color for a in play.crew.aliens_at("LAB.o6")] == ["red"]
    assert play.crew.characters[0].health == 8 and play.crew.threat == 1


@pytest.mark.rule("CAP-REPAIR-8")
def test_ending_an_attempt_puts_every_flipped_card_back_and_shuffles() -> None:
    play = repair_game(repair_tops=["R1", "R3"])
    play.act("repair", "play.E5", "rotate", "flip")
    assert play.crew.repair_flipped == ["R1"]
    play.act("endrep")  # the Soldier holds no Rotate card: no closing window
    assert play.crew.repair_room is None and play.crew.repair_flipped == [] and len(play.crew.repair_deck) == 6
    assert "the repair deck is shuffled" in play.text()


@pytest.mark.rule("CAP-G-REP-2")
def test_before_an_attempt_ends_the_others_may_still_contribute() -> None:
    play = repair_game(hands={0: HAND, 1: ["S5", "S6"]}, repair_tops=["R4"])
    play.act("repair", "endrep")
    assert play.questions(1) == ["The Lab repair is about to end: play a card on it?"]
    assert [c.id for c in play.prompts()[0].choices] == ["play.S5", "play.S6", "decline"]
    play.answer(1, "play.S5")
    assert play.crew.rotation == {"inner": 0, "middle": 1}  # R4: the middle ring turns
    assert play.questions(1) == ["The Lab repair is about to end: play a card on it?"]  # asked again
    play.answer(1, "decline")
    assert play.crew.repair_room is None


@pytest.mark.rule("CAP-G-REP-2")
def test_leaving_the_repair_space_ends_the_attempt_at_once() -> None:
    play = repair_game(hands={0: HAND, 1: ["S5", "S2"]})
    play.act("repair", "play.E1", "move", "LAB.i5")
    assert play.crew.repair_room is None and "leaves the repair space" in play.text()
    assert play.questions(1) == []


@pytest.mark.rule("CAP-REPAIR-9")
@pytest.mark.rule("CAP-G-REP-5")
@pytest.mark.rule("CAP-G-REP-3")
@pytest.mark.rule("CAP-COMM-3")
def test_another_character_plays_a_rotate_card_on_the_open_repair_and_the_repairer_takes_its_effects() -> None:
    play = repair_game(hands={0: HAND, 1: ["S6", "S1"]}, repair_tops=["R6", "R3"])
    assert play.questions(1) == []  # only the active player decides while no repair is open
    play.act("repair")
    assert play.questions(1) == ["Off-turn: Soldier, play a card on the Lab repair?"]
    play.answer(1, "play.S6")
    assert play.crew.characters[1].used == ["S6"] and play.crew.characters[1].hand == ["S1"]
    assert play.crew.characters[0].health == 8 and play.crew.characters[1].health == 10  # R6 hits the repairer
    assert [a.color for a in play.crew.aliens_at("LAB.o6")] == ["red"]
    play.answer(1, "yes")  # the second Rotate symbol
    assert play.crew.repair_flipped == ["R6", "R3"] and play.crew.rotation["inner"] == 1


@pytest.mark.rule("CAP-ROLE-ENGINEER-1")
@pytest.mark.rule("CAP-G-ENG-1")
def test_the_engineer_power_draws_two_repair_cards_and_keeps_one() -> None:
    play = repair_game(repair_tops=["R3", "R1"])
    play.act("repair", "play.E7", "power")
    assert play.choices() == ["inner", "middle", "flip"]
    play.act("flip")
    assert play.prompt().question == "Engineer: which of the two repair cards do you carry out?"
    assert [c.label for c in play.prompt().choices] == ["Carry out: Rotate the inner ring", "Carry out: 50% done"]
    play.act("R1")
    assert play.crew.repair_flipped == ["R1"] and play.crew.repair_deck[-1] == "R3"
    assert "Rotate the inner ring at the bottom" in play.private_text(0)
    assert "Rotate the inner ring at the bottom" not in play.text()


@pytest.mark.rule("CAP-ROLE-ENGINEER-2")
@pytest.mark.rule("CAP-G-ENG-2")
def test_the_engineer_rotates_a_ring_off_turn_once_a_turn() -> None:
    play = repair_game(active=1, hands={0: ["E5", "E6", "E1"], 1: ["S1", "S2", "S3"]})
    assert play.questions(0) == ["Off-turn: Engineer, play a card to rotate a ring?"]
    play.answer(0, "play.E5")
    play.answer(0, "middle")
    assert play.crew.rotation == {"inner": 0, "middle": 1} and play.crew.characters[0].used == ["E5"]
    assert play.questions(0) == []  # once a turn
    play.act("play.S1", "none", "play.S2", "none").end_actions("trash")
    assert play.crew.active == 0


def test_not_now_silences_an_off_turn_offer_for_the_rest_of_the_turn() -> None:
    play = repair_game(active=1, hands={0: ["E5", "E1"], 1: ["S1", "S2", "S3"]})
    play.answer(0, "notnow")
    assert play.questions(0) == [] and play.crew.characters[0].hand == ["E5", "E1"]


@pytest.mark.rule("CAP-ACT-7")
@pytest.mark.rule("CAP-ROLE-ENGINEER-2")
def test_a_player_with_nothing_left_but_to_end_is_not_asked_and_the_off_turn_window_stays_open() -> None:
    """capricorn-6: the Soldier, down to his last card, is not asked "End your actions" alone; the Engineer's
    off-turn offer stands until she answers it, then the step ends by itself and the channel reads why."""
    play = repair_game(active=1, hands={0: ["E5", "E6", "E1"], 1: ["S1", "S2"]})
    play.act("play.S1", "none")
    assert play.questions(1) == []  # nothing to choose: not asked
    assert play.questions(0) == ["Off-turn: Engineer, play a card to rotate a ring?"]
    play.answer(0, "notnow")
    assert "The Soldier has nothing else to do and ends the action step." in play.text()
    assert play.questions(1) == ["Your last card: pass it on or trash it?"]


def test_a_game_stored_before_capricorn_6_still_asks_end_your_actions() -> None:
    """A stored game has no ``answers_forced``: its turns replay the questions they were answered with."""
    state = repair_game(active=1, hands={0: ["E5", "E6", "E1"], 1: ["S1", "S2"]}).state
    state.answers_forced = False
    play = Play(rig(state))
    play.act("play.S1", "none")
    assert [c.label for c in play.prompts()[0].choices] == ["End your actions"]
