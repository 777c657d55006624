"""The player's turn, steps 1 and 2: cards, action types, each action, search, share or trash, draw.

Every test is given a rigged position, when a player answers prompts, then checks one rule. The Engineer is
character 0 (seat 0) and the Soldier character 1 (seat 1) unless a test says otherwise. Engineer cards:
E1 Move×2/Rotate, E2 Move×2/Hide, E3 Move/Shoot, E4 Move/Hit, E5 Rotate/Shoot, E6 Rotate×2/Hide,
E9 Rotate×2/Move, E10 Rotate/Hit; Soldier S9 Shoot×2/Move, S10 Grenade/Move; legendary L1 Sprint.
"""

from __future__ import annotations

import pytest

from engine.capricorn import rules
from engine.capricorn.board import SHIP
from engine.capricorn.terms import POD

from .rigging import Play, new_game, rig

HAND = ["E1", "E2", "E3", "E4", "E5"]


def engineer_game(**rigging: object) -> Play:
    """Engineer (0) and Soldier (1) on Easy (no black token), the Engineer to act, rigged as given."""
    rigging.setdefault("hands", {0: HAND})
    return Play(rig(new_game("engineer", "soldier", difficulty="easy"), **rigging))  # type: ignore[arg-type]


def aliens_on(play: Play, space: str) -> list[str]:
    return [a.color for a in play.crew.aliens_at(space)]


# --- step 1: cards and action types


@pytest.mark.rule("CAP-ACT-1")
@pytest.mark.rule("CAP-ACT-7")
def test_every_card_but_one_is_played_and_the_last_stays_in_hand() -> None:
    play = engineer_game()
    assert "done" not in play.choices()
    for card in ("E1", "E2", "E3", "E4"):
        play.act(f"play.{card}", "none")
    assert play.prompt().question == "Your last card: pass it on or trash it?"  # "done" alone: taken at once
    assert play.crew.characters[0].hand == ["E5"]


@pytest.mark.rule("CAP-ACT-6")
def test_a_hand_of_six_plays_five() -> None:
    play = engineer_game(hands={0: [*HAND, "E6"]})
    for card in ("E1", "E2", "E3", "E4", "E5"):
        assert "done" not in play.choices()
        play.act(f"play.{card}", "none")
    assert play.crew.characters[0].hand == ["E6"]


@pytest.mark.rule("CAP-ACT-2")
@pytest.mark.rule("CAP-ACT-3")
def test_a_played_card_goes_face_up_to_the_used_pile_and_may_do_nothing() -> None:
    play = engineer_game(spaces={0: "LAB.o2"})
    play.act("play.E3")
    assert play.crew.characters[0].used[-1] == "E3"
    assert play.choices() == ["move", "shoot", "none"] or play.choices() == ["move", "none"]
    play.act("none")
    assert "discards Snap Shot for no effect" in play.text()
    assert play.prompt().question == "Your action step: what do you do next?"  # no search after a discard


@pytest.mark.rule("CAP-ACT-4")
def test_several_actions_of_one_type_and_stopping_early() -> None:
    play = engineer_game(spaces={0: "LAB.o5"})
    play.play("E1", "move", "LAB.o4")
    assert "stop" in play.choices()
    play.act("stop")
    assert play.crew.characters[0].space == "LAB.o4"


@pytest.mark.rule("CAP-ACT-5")
def test_two_shots_at_two_aliens() -> None:
    play = Play(
        rig(
            new_game("soldier", "engineer", difficulty="easy"),
            spaces={0: "LAB.i3"},
            hands={0: ["S9", "S1", "S2"]},
            aliens=[("blue", "LAB.o7"), ("red", "LAB.i0")],
        )
    )
    blue, red = (a.id for a in play.crew.aliens)
    play.play("S9", "shoot", f"a{blue}", f"a{red}")
    assert play.crew.aliens == []
    assert play.crew.killed == {"yellow": 0, "blue": 1, "red": 1}


# --- move


@pytest.mark.rule("CAP-MOVE-1")
def test_a_step_is_orthogonal_never_diagonal() -> None:
    play = engineer_game(spaces={0: "HANGAR.o3"})
    play.act("play.E3", "move")
    assert play.choices() == ["HANGAR.i3", "HANGAR.o2", "HANGAR.o4", "stop"]


@pytest.mark.rule("CAP-MOVE-2")
@pytest.mark.rule("CAP-ROT-1")
def test_doors_only_where_rings_line_up_and_a_rotation_changes_them() -> None:
    play = engineer_game(spaces={0: "BRIDGE.i6"})
    play.act("play.E3", "move")
    assert POD in play.choices()
    play.act("stop")
    play.play("E5", "rotate", "inner")
    assert play.crew.rotation == {"inner": 1, "middle": 0}
    play.act("play.E4", "move")
    assert POD not in play.choices()


@pytest.mark.rule("CAP-MOVE-3")
def test_never_onto_another_character_but_the_pod_holds_everyone() -> None:
    play = engineer_game(spaces={0: "BRIDGE.i6", 1: "BRIDGE.i5"})
    play.act("play.E3", "move")
    assert "BRIDGE.i5" not in play.choices()
    play.act(POD)
    assert play.crew.characters[0].space == POD == play.crew.characters[0].space


@pytest.mark.rule("CAP-MOVE-4")
@pytest.mark.rule("CAP-G-MOVE-1")
def test_moving_through_an_alien_costs_health_and_a_move_cannot_end_there() -> None:
    play = engineer_game(spaces={0: "BRIDGE.i6"}, aliens=[("red", "BRIDGE.i5")])
    play.act("play.E3", "move")
    assert "BRIDGE.i5" not in play.choices()  # a single step could not leave it again
    play.act("stop")
    play.play("E1", "move", "BRIDGE.i5")
    assert play.crew.characters[0].health == 8
    assert "stop" not in play.choices()
    play.act("BRIDGE.i4")
    assert play.crew.characters[0].space == "BRIDGE.i4"


@pytest.mark.rule("CAP-MOVE-5")
@pytest.mark.rule("CAP-EVENT-2")
@pytest.mark.rule("CAP-G-MOVE-2")
def test_entering_a_room_repopulates_every_breach_in_order_even_with_someone_there() -> None:
    play = engineer_game(spaces={1: "BRIDGE.i9"}, draws=[0, 18])
    play.play("E3", "move", "BRIDGE.i6")
    assert aliens_on(play, "BRIDGE.o0") == ["yellow"]  # breach 1: draw 0 of 54 is yellow
    assert aliens_on(play, "BRIDGE.i11") == ["blue"]  # breach 2: draw 18 of 53 is blue
    assert "entry into the Bridge draws aliens" in play.text()


@pytest.mark.rule("CAP-G-MOVE-2")
def test_leaving_and_re_entering_repopulates_again_but_the_pod_never() -> None:
    play = engineer_game(spaces={0: "BRIDGE.i6"})
    play.play("E1", "move", POD)
    assert play.crew.aliens == []  # entering the pod triggers nothing
    play.act("BRIDGE.i6")
    assert len(play.crew.aliens) == 2


@pytest.mark.rule("CAP-EVENT-5")
@pytest.mark.rule("CAP-EVENT-6")
@pytest.mark.rule("CAP-G-PUSH-1")
def test_a_fourth_alien_pushes_the_three_evenly_where_the_player_says() -> None:
    play = engineer_game(
        spaces={0: "BRIDGE.o9"},
        aliens=[("yellow", "LAB.o0")] * 3,
        draws=[36, 0],  # breach 1: red (15 yellow + 18 blue before red); breach 2: yellow
    )
    play.play("E3", "move", "LAB.i1")
    prompt = play.prompt()
    assert prompt.question == "Where is a Tough alien (T) pushed from LAB.o0?"
    assert play.choices() == ["LAB.i0", "LAB.o1"]
    play.act("LAB.i0", "LAB.i0")  # the third has only LAB.o1 left: spread 2 and 1
    assert aliens_on(play, "LAB.o0") == ["red"]
    assert aliens_on(play, "LAB.i0") == ["yellow", "yellow"]
    assert aliens_on(play, "LAB.o1") == ["yellow"]
    assert aliens_on(play, "LAB.o7") == ["yellow"]


@pytest.mark.rule("CAP-G-PLACE-1")
def test_a_breach_under_a_character_sends_the_alien_to_the_nearest_free_space() -> None:
    play = engineer_game(spaces={0: "BRIDGE.i6", 1: "BRIDGE.o0"})
    play.play("E1", "move", POD, "BRIDGE.i6")
    assert aliens_on(play, "BRIDGE.o0") == []
    assert len(play.crew.aliens_at("BRIDGE.i0")) == 1  # distance 1, first in space order


@pytest.mark.rule("CAP-EVENT-7")
@pytest.mark.rule("CAP-MOTHER-6")
def test_the_black_token_brings_in_the_black_mother_and_goes_to_the_box() -> None:
    state = new_game("engineer", "soldier", difficulty="normal")
    play = Play(rig(state, hands={0: HAND}, draws=[54, 0]))
    play.play("E3", "move", "BRIDGE.i6")
    black = play.crew.mothers["black"]
    assert (black.status, black.space, black.health) == ("on_map", "BRIDGE.o0", 10)
    assert play.crew.black_token_boxed and play.crew.bag["black"] == 0
    assert aliens_on(play, "BRIDGE.i11") == ["yellow"]


@pytest.mark.rule("CAP-EVENT-3")
@pytest.mark.rule("CAP-EVENT-4")
@pytest.mark.rule("CAP-END-5")
@pytest.mark.rule("CAP-G-MOVE-3")
def test_an_empty_bag_is_refilled_from_the_killed_pile_and_then_the_game_is_lost() -> None:
    play = engineer_game(bag={"yellow": 0, "blue": 0, "red": 0}, killed={"yellow": 1, "blue": 0, "red": 0})
    play.play("E3", "move", "BRIDGE.i6")
    assert "the killed alien goes back into it" in play.text()
    assert aliens_on(play, "BRIDGE.o0") == ["yellow"]
    assert play.over() == "loss"
    assert rules.prompts(play.state) == []
    assert "the bag ran out" in (rules.outcome(play.state) or pytest.fail()).summary


# --- hit, shoot, grenade, hide


@pytest.mark.rule("CAP-HIT-1")
@pytest.mark.rule("CAP-HIT-2")
@pytest.mark.rule("CAP-HIT-3")
def test_a_hit_deals_two_to_an_adjacent_alien_only() -> None:
    play = engineer_game(
        spaces={0: "BRIDGE.i6"}, aliens=[("yellow", "BRIDGE.o7"), ("red", "BRIDGE.i9"), ("red", "LAB.i1")]
    )
    yellow = play.crew.aliens[0].id
    play.act("play.E4", "hit")
    assert play.choices() == [f"a{yellow}", "stop"]
    play.act(f"a{yellow}")
    assert aliens_on(play, "BRIDGE.o7") == []
    assert play.crew.killed["yellow"] == 1


@pytest.mark.rule("CAP-HIT-4")
@pytest.mark.rule("CAP-MOTHER-5")
def test_damage_to_a_mother_moves_her_tracker_and_at_zero_she_is_dead() -> None:
    play = engineer_game(spaces={0: "BRIDGE.i6"}, mothers={"green": ("BRIDGE.i7", 2)})
    play.act("play.E4", "hit")
    assert play.choices() == ["mgreen", "stop"]
    play.act("mgreen")
    green = play.crew.mothers["green"]
    assert (green.status, green.space, green.health) == ("dead", None, 0)


@pytest.mark.rule("CAP-SHOOT-1")
@pytest.mark.rule("CAP-SHOOT-2")
@pytest.mark.rule("CAP-G-DMG-1")
def test_a_shot_reaches_anything_in_the_room_and_nothing_beyond() -> None:
    play = engineer_game(spaces={0: "LAB.i1", 1: "LAB.i3"}, aliens=[("yellow", "LAB.i7"), ("red", "BRIDGE.o9")])
    yellow = play.crew.aliens[0].id
    play.act("play.E3", "shoot")
    assert play.choices() == [f"a{yellow}", "stop"]  # behind the Soldier; not through the open door
    play.act(f"a{yellow}")
    assert play.crew.alien(yellow).health == 1
    for card in ("E1", "E2", "E4"):
        play.act(f"play.{card}", "none")
    play.end_actions("trash")
    assert play.crew.alien(yellow).health == 2  # CAP-G-DMG-1: the wound heals at the end of the turn


@pytest.mark.rule("CAP-GREN-1")
@pytest.mark.rule("CAP-GREN-2")
@pytest.mark.rule("CAP-G-GREN-1")
def test_a_grenade_hits_the_four_spaces_of_its_corner_thrower_included() -> None:
    play = Play(
        rig(
            new_game("soldier", "engineer", difficulty="easy"),
            spaces={0: "LAB.i2"},
            hands={0: ["S10", "S1", "S2"]},
            aliens=[("yellow", "LAB.o3"), ("red", "LAB.o4")],
        )
    )
    play.act("play.S10", "grenade")
    assert play.choices() == ["g0", "g1", "g2", "g3", "g4", "g5", "stop"]  # both columns within 4 of i2
    assert "hits the Soldier" in play.prompt().choice("g2").label  # type: ignore[union-attr]
    play.act("g2")
    assert play.crew.characters[0].health == 7
    assert aliens_on(play, "LAB.o3") == [] and aliens_on(play, "LAB.o4") == ["red"]


@pytest.mark.rule("CAP-HIDE-1")
@pytest.mark.rule("CAP-MAP-6")
@pytest.mark.rule("CAP-G-HIDE-1")
def test_hiding_needs_a_hiding_place_and_ends_with_a_move() -> None:
    play = engineer_game(spaces={0: "BRIDGE.i4"}, hands={0: ["E2", "E3", "E4", "E6"]})
    play.act("play.E2")
    assert "hide" not in play.choices()
    play.act("move", "BRIDGE.i3", "stop")  # onto the hiding place: it blocks nothing
    play.play("E6", "hide")
    assert play.crew.characters[0].hiding
    play.play("E3", "move", "BRIDGE.i4")
    assert not play.crew.characters[0].hiding


# --- search


@pytest.mark.rule("CAP-SEARCH-1")
@pytest.mark.rule("CAP-SEARCH-2")
@pytest.mark.rule("CAP-SEARCH-3")
def test_a_search_after_a_card_puts_a_token_and_a_legendary_card_on_top_of_the_stack() -> None:
    play = engineer_game(spaces={0: "BRIDGE.i3"}, deck_tops={"SHARED": ["L1"]})
    play.play("E3", "move", "BRIDGE.i2")
    assert play.choices() == ["yes", "no"]
    play.act("yes")
    me = play.crew.characters[0]
    assert me.stack[0] == "L1" and "BRIDGE.i2" in play.crew.searched
    assert "finds a legendary action card" in play.text() and "Sprint" not in play.text()
    assert "Sprint" in play.private_text(0)
    play.act("play.E1", "none", "play.E2", "none", "play.E4", "none")
    play.end_actions("trash")
    assert "L1" in play.state.crew.characters[0].hand  # drawn in step 2 of the same turn


@pytest.mark.rule("CAP-SEARCH-2")
def test_a_searched_dot_is_not_searched_again() -> None:
    play = engineer_game(spaces={0: "BRIDGE.i3"}, searched=["BRIDGE.i2"])
    play.play("E3", "move", "BRIDGE.i2")
    assert play.prompt().question == "Your action step: what do you do next?"


@pytest.mark.rule("CAP-SEARCH-4")
@pytest.mark.rule("CAP-PART-1")
@pytest.mark.rule("CAP-PART-3")
def test_items_and_spare_parts_go_face_up_into_the_backpack() -> None:
    play = engineer_game(spaces={0: "LAB.o2"}, deck_tops={"LAB": ["P1", "K1"]})
    play.play("E3", "move", "LAB.o1", "yes")
    assert play.crew.characters[0].backpack == ["P1"]
    assert play.crew.parts_found == ["LAB"]  # where it was found, whichever room it fits
    play.play("E4", "move", "LAB.o2")
    play.play("E1", "move", "LAB.o3", "stop", "yes")
    assert play.crew.characters[0].backpack == ["P1", "K1"]
    assert "finds: Med kit (heals 3)" in play.text()


@pytest.mark.rule("CAP-JUMP-1")
@pytest.mark.rule("CAP-JUMP-2")
@pytest.mark.rule("CAP-JUMP-3")
@pytest.mark.rule("CAP-JUMP-4")
@pytest.mark.rule("CAP-G-JUMP-2")
def test_a_jump_scare_places_its_alien_opposite_attacks_and_raises_the_threat() -> None:
    play = engineer_game(spaces={0: "LAB.o2"}, deck_tops={"LAB": ["J5"]}, threat=1)  # J5: red
    play.play("E3", "move", "LAB.o1", "yes")
    assert aliens_on(play, "LAB.i1") == ["red"]
    assert play.crew.characters[0].health == 8
    assert play.crew.threat == 2 and "J5" in play.crew.discard


@pytest.mark.rule("CAP-G-JUMP-1")
@pytest.mark.rule("CAP-G-DIFF-2")
def test_a_jump_scare_goes_beside_when_the_opposite_space_is_full() -> None:
    play = engineer_game(spaces={0: "LAB.o2", 1: "LAB.i1"}, deck_tops={"LAB": ["J7"]}, threat=8)  # J7: the green Mother
    play.play("E3", "move", "LAB.o1", "yes")
    green = play.crew.mothers["green"]
    assert (green.status, green.space) == ("on_map", "LAB.o0")  # orthogonal, in space order
    assert play.crew.characters[0].health == 7
    assert play.crew.threat == 8  # CAP-G-DIFF-2: the track stops at 8


# --- step 2: share or trash, draw


@pytest.mark.rule("CAP-SHARE-1")
@pytest.mark.rule("CAP-SHARE-2")
@pytest.mark.rule("CAP-SHARE-4")
@pytest.mark.rule("CAP-G-SHARE-2")
def test_passing_the_last_card_costs_one_health_and_only_the_two_see_it() -> None:
    play = engineer_game()
    for card in ("E1", "E2", "E3", "E4"):
        play.act(f"play.{card}", "none")
    play.end_actions("pass")
    assert play.state.crew.characters[0].health == 9
    assert "E5" in play.state.crew.characters[1].hand and len(play.state.crew.characters[1].hand) == 6
    assert "passes a card to the Soldier" in play.text() and "Cover the Turn" not in play.text()
    assert "Cover the Turn" in play.private_text(0) and "Cover the Turn" in play.private_text(1)


@pytest.mark.rule("CAP-SHARE-3")
@pytest.mark.rule("CAP-G-SHARE-1")
def test_at_one_health_the_last_card_can_only_be_trashed() -> None:
    play = engineer_game(health={0: 1})
    for card in ("E1", "E2", "E3", "E4"):
        play.act(f"play.{card}", "none")
    play.end_actions()  # trashing is the only choice left, taken at once
    assert "E5" in play.state.crew.discard
    assert "E5" not in play.state.crew.characters[0].used


@pytest.mark.rule("CAP-SHARE-5")
@pytest.mark.rule("CAP-G-DECK-1")
def test_drawing_from_an_empty_stack_reshuffles_the_used_pile() -> None:
    play = engineer_game(stacks={0: ["E6", "E7"]}, used={0: []})
    for card in ("E1", "E2", "E3", "E4"):
        play.act(f"play.{card}", "none")
    play.end_actions("trash")
    me = play.state.crew.characters[0]
    assert len(me.hand) == 5 and me.hand[:2] == ["E6", "E7"]
    assert sorted(me.hand[2:] + me.stack) == ["E1", "E2", "E3", "E4"]
    assert "shuffles their Used pile" in play.text()


@pytest.mark.rule("CAP-G-DECK-2")
def test_a_character_without_cards_still_draws() -> None:
    play = engineer_game(hands={0: []}, stacks={0: ["E1", "E2"]}, used={0: []})
    me = play.state.crew.characters[0]
    assert sorted(me.hand) == ["E1", "E2"]
    assert play.state.crew.active == 1


@pytest.mark.rule("CAP-G-DECK-3")
def test_a_crew_without_any_card_has_lost() -> None:
    play = engineer_game(hands={0: [], 1: []}, stacks={0: [], 1: []}, used={0: [], 1: []})
    assert play.over() == "loss"


# --- turns, variants, the end


@pytest.mark.rule("CAP-TURN-1")
@pytest.mark.rule("CAP-TURN-3")
def test_turns_follow_seat_order() -> None:
    play = engineer_game()
    for card in ("E1", "E2", "E3", "E4"):
        play.act(f"play.{card}", "none")
    play.end_actions("trash")
    assert play.state.crew.active == 1 and play.state.turn == 2
    assert play.prompt().seat == 1 and play.prompt().id.startswith("t2.")


@pytest.mark.rule("CAP-VAR-RGM-1")
@pytest.mark.rule("CAP-G-RGM-1")
def test_rotation_gone_mad_turns_the_active_characters_ring_first() -> None:
    state = new_game("engineer", "soldier", difficulty="easy", variant="rotation-gone-mad")
    assert rig(state, spaces={0: "LAB.i3"}).crew.rotation == {"inner": 0, "middle": 1}
    assert rig(state, spaces={0: "BRIDGE.i3"}).crew.rotation == {"inner": 1, "middle": 0}
    assert rig(state, spaces={0: "CARGO.i3"}).crew.rotation == {"inner": 0, "middle": 0}
    assert rig(state, spaces={0: POD}).crew.rotation == {"inner": 0, "middle": 0}
    assert rig(state, spaces={0: "LAB.i3"}).crew.aliens == []  # never "moving into" a room


@pytest.mark.rule("CAP-MAP-5")
def test_a_rotation_keeps_every_space_id_and_changes_only_the_doors() -> None:
    play = engineer_game(spaces={0: "LAB.i3"}, aliens=[("yellow", "LAB.o5")], cubes=["LAB.i2"], searched=["LAB.o1"])
    play.play("E5", "rotate", "middle")
    crew = play.crew
    assert crew.characters[0].space == "LAB.i3" and crew.aliens[0].space == "LAB.o5"
    assert crew.cubes == ["LAB.i2"] and crew.searched == ["LAB.o1"] and crew.rotation == {"inner": 0, "middle": 1}
    assert ("BRIDGE.o9", "LAB.i1") not in SHIP.openings(crew.rotation)


@pytest.mark.rule("CAP-ROLE-CHEMIST-2")
def test_stepping_onto_a_cube_costs_three() -> None:
    play = engineer_game(spaces={0: "LAB.i2"}, cubes=["LAB.i3"])
    play.play("E3", "move", "LAB.i3")
    assert play.crew.characters[0].health == 7


@pytest.mark.rule("CAP-END-4")
@pytest.mark.rule("CAP-END-6")
@pytest.mark.rule("CAP-G-END-2")
def test_a_death_loses_the_game_at_once_even_mid_card() -> None:
    play = engineer_game(spaces={0: "BRIDGE.i6"}, aliens=[("red", "BRIDGE.i5")], health={0: 2})
    play.play("E1", "move", "BRIDGE.i5")
    assert play.over() == "loss"
    assert rules.prompts(play.state) == []
    outcome = rules.outcome(play.state)
    assert outcome is not None and outcome.winners == () and "Engineer died" in outcome.summary


@pytest.mark.rule("CAP-END-3")
def test_the_last_step_into_the_pod_wins_when_repairs_are_done_and_no_mother_lives() -> None:
    state = new_game("engineer", "soldier", difficulty="easy")
    state.log.start.repaired = ["LAB"]
    play = Play(rig(state, hands={0: HAND}, spaces={0: "BRIDGE.i6"}))
    play.play("E3", "move", POD)
    outcome = rules.outcome(play.state)
    assert outcome is not None and outcome.result == "win" and outcome.winners == (0, 1)


def test_the_same_answers_give_the_same_game() -> None:
    def run(seed: int) -> object:
        play = Play(rig(new_game("engineer", "soldier", seed=seed), hands={0: HAND}))
        play.play("E3", "move", "BRIDGE.i6")
        play.play("E1", "move", "BRIDGE.i5", "BRIDGE.i4")
        return play.state

    assert run(3) == run(3)
