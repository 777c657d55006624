"""Step 3: the aliens and Mothers of the active character's room move and attack.

Given a rigged room, when the active player ends their action step and trashes the last card, then the aliens
move by the queued die roll and attack. The Engineer (character 0) acts with one card left; the event deck is
one inner-ring rotation (harmless in the outer ring). Die faces: the white die's draws 0..5 show 0, 1, 1, 2, 2,
3; a Mother die's show 1, 2, 2, 3, 3, 4.
"""

from __future__ import annotations

import pytest

from engine.capricorn.aliens import approach

from .rigging import Play, new_game, rig

WHITE = {0: 0, 1: 1, 2: 3, 3: 5}  # face -> the draw that rolls it
MOTHER = {1: 0, 2: 1, 3: 3, 4: 5}


def step3(*roles: str, difficulty: str = "easy", **rigging: object) -> Play:
    """The Engineer's turn ends (last card trashed) with the rigging given; steps 3 and 4 run."""
    rigging.setdefault("hands", {0: ["E1"]})
    rigging.setdefault("event_deck", ["V20"])
    rigging.setdefault("threat", 1)
    state = new_game(*(roles or ("engineer", "soldier")), difficulty=difficulty)
    play = Play(rig(state, **rigging))  # type: ignore[arg-type]
    return play.end_actions("trash")


def on(play: Play, space: str) -> list[str]:
    return [a.color for a in play.crew.aliens_at(space)]


@pytest.mark.rule("CAP-ALIEN-1")
@pytest.mark.rule("CAP-G-MOTHER-1")
def test_nothing_rolls_without_aliens_in_the_active_room() -> None:
    play = step3(spaces={0: "CARGO.i0"}, aliens=[("red", "HANGAR.i3")], mothers={"green": ("HANGAR.o0", 10)})
    assert "die shows" not in play.text()
    assert on(play, "HANGAR.i3") == ["red"] and play.crew.mothers["green"].space == "HANGAR.o0"


@pytest.mark.rule("CAP-ALIEN-2")
@pytest.mark.rule("CAP-ALIEN-4")
@pytest.mark.rule("CAP-G-ALIEN-1")
def test_an_alien_steps_into_the_target_lane_first_then_along_it() -> None:
    play = step3(spaces={0: "CARGO.i0"}, aliens=[("yellow", "CARGO.o5")], draws=[WHITE[3]])
    assert "The alien die shows 3." in play.text()
    assert on(play, "CARGO.i3") == ["yellow"]  # o5 -> i5 -> i4 -> i3
    assert approach("CARGO.o5", "CARGO.i0") == 5 and approach("CARGO.i1", "CARGO.i0") == 0


@pytest.mark.rule("CAP-G-DICE-1")
@pytest.mark.rule("CAP-G-DIFF-1")
@pytest.mark.parametrize(
    ("difficulty", "crew", "face"),
    [("easy", 2, 3), ("normal", 2, 3), ("normal", 4, 2), ("normal", 5, 3), ("hard", 2, 1), ("nightmare", 2, 2)],
)
def test_each_difficulty_and_crew_rolls_its_white_die(difficulty: str, crew: int, face: int) -> None:
    """The die's highest face: the printed 3 on Easy and Normal (whose 2-3 character die is harsher only below its
    top), but 2 for a crew of four on Normal; 1 on Hard and 2 on Nightmare (ours, rules.toml)."""
    roles = ("engineer", "soldier", "medic", "chemist", "scout")[:crew]
    play = step3(*roles, difficulty=difficulty, spaces={0: "CARGO.i0"}, aliens=[("yellow", "CARGO.o5")], draws=[5])
    assert f"The alien die shows {face}." in play.text()
    assert on(play, {3: "CARGO.i3", 2: "CARGO.i4", 1: "CARGO.i5"}[face]) == ["yellow"]


@pytest.mark.rule("CAP-ALIEN-5")
@pytest.mark.rule("CAP-ALIEN-11")
@pytest.mark.rule("CAP-ALIEN-12")
@pytest.mark.rule("CAP-G-ALIEN-4")
def test_an_alien_stops_once_adjacent_and_attacks() -> None:
    play = step3(spaces={0: "CARGO.i0"}, aliens=[("red", "CARGO.i3")], draws=[WHITE[3]])
    assert on(play, "CARGO.i1") == ["red"]  # one step of the roll unused
    assert play.crew.characters[0].health == 8


@pytest.mark.rule("CAP-ALIEN-3")
@pytest.mark.rule("CAP-G-ALIEN-2")
def test_a_tie_goes_to_the_active_player() -> None:
    play = step3(spaces={0: "CARGO.i0", 1: "CARGO.i4"}, aliens=[("yellow", "CARGO.i2")], draws=[WHITE[1]])
    assert on(play, "CARGO.i1") == ["yellow"]


@pytest.mark.rule("CAP-G-ALIEN-2")
@pytest.mark.rule("CAP-ALIEN-13")
def test_a_tie_without_the_active_player_goes_to_the_next_in_turn_order() -> None:
    play = step3(
        "medic",
        "engineer",
        "soldier",
        active=1,
        hands={1: ["E1"]},
        spaces={0: "CARGO.i0", 1: "CARGO.o5", 2: "CARGO.i4"},
        aliens=[("yellow", "CARGO.i2")],
        draws=[WHITE[1]],
    )
    assert on(play, "CARGO.i3") == ["yellow"]  # toward the Soldier (after the Engineer), not the Medic
    assert play.crew.characters[2].health == 9  # not the active character, attacked all the same


@pytest.mark.rule("CAP-ALIEN-6")
@pytest.mark.rule("CAP-TYPE-3")
def test_a_fast_alien_moves_twice_the_roll_but_a_zero_moves_nobody() -> None:
    play = step3(spaces={0: "CARGO.i0"}, aliens=[("blue", "CARGO.i5")], draws=[WHITE[1]])
    assert on(play, "CARGO.i3") == ["blue"]
    still = step3(spaces={0: "CARGO.i0"}, aliens=[("blue", "CARGO.i5")], draws=[WHITE[0]])
    assert on(still, "CARGO.i5") == ["blue"]


@pytest.mark.rule("CAP-ALIEN-7")
@pytest.mark.rule("CAP-ALIEN-8")
@pytest.mark.rule("CAP-G-ALIEN-3")
def test_an_alien_joining_three_pushes_them_and_attacks_come_after_all_movement() -> None:
    play = step3(spaces={0: "CARGO.i0"}, aliens=[("yellow", "CARGO.i1")] * 3 + [("red", "CARGO.i3")], draws=[WHITE[2]])
    prompt = play.prompt()
    assert prompt.question == "Where is a Tough alien (T) pushed from CARGO.i1?" and not prompt.private
    assert sorted(play.choices()) == ["CARGO.i2", "CARGO.o1"]
    play.act("CARGO.o1", "CARGO.o1")
    assert on(play, "CARGO.i1") == ["red"]
    assert on(play, "CARGO.o1") == ["yellow", "yellow"] and on(play, "CARGO.i2") == ["yellow"]
    assert play.crew.characters[0].health == 10 - 2 - 1 - 1  # the red and both yellows on o1; i2 is not adjacent


@pytest.mark.rule("CAP-ALIEN-9")
@pytest.mark.rule("CAP-ALIEN-10")
@pytest.mark.rule("CAP-G-ALIEN-5")
@pytest.mark.rule("CAP-HIDE-2")
@pytest.mark.rule("CAP-G-HIDE-3")
def test_aliens_ignore_a_hider_pass_through_and_never_stop_on_them() -> None:
    short = step3(spaces={0: "CARGO.i0", 1: "CARGO.i4"}, hiding=[1], aliens=[("yellow", "CARGO.o4")], draws=[WHITE[2]])
    assert on(short, "CARGO.o4") == [] and on(short, "CARGO.o3") == []
    assert on(short, "CARGO.i3") == ["yellow"]  # o4 -> i4 (the hider: pass) -> i3
    through = step3(
        spaces={0: "CARGO.i0", 1: "CARGO.i4"}, hiding=[1], aliens=[("yellow", "CARGO.i5")], draws=[WHITE[1]]
    )
    assert on(through, "CARGO.i5") == ["yellow"]  # its one step would end on the hider: it stays


@pytest.mark.rule("CAP-HIDE-3")
@pytest.mark.rule("CAP-G-HIDE-2")
def test_when_everyone_hides_no_die_is_rolled_but_adjacent_aliens_attack() -> None:
    play = step3(spaces={0: "CARGO.o2"}, hiding=[0], aliens=[("red", "CARGO.o3"), ("yellow", "CARGO.i5")])
    assert "alien die" not in play.text() and "Everyone in the room is hiding" in play.text()
    assert on(play, "CARGO.i5") == ["yellow"]
    assert play.crew.characters[0].health == 8


@pytest.mark.rule("CAP-MOTHER-1")
@pytest.mark.rule("CAP-MOTHER-2")
@pytest.mark.rule("CAP-MOTHER-3")
@pytest.mark.rule("CAP-MOTHER-4")
@pytest.mark.rule("CAP-HIDE-4")
@pytest.mark.rule("CAP-TYPE-1")
def test_a_mother_rolls_her_die_ignores_hiding_pushes_and_deals_three() -> None:
    play = step3(
        spaces={0: "CARGO.o2"},
        hiding=[0],
        aliens=[("yellow", "CARGO.o3"), ("yellow", "CARGO.o3")],
        mothers={"green": ("CARGO.i5", 10)},
        draws=[MOTHER[4]],
    )
    assert "The Green Mother's die shows 4." in play.text()
    # she ends among the yellows: they are pushed, one to each free neighbour, so nobody is asked (CAP-G-PUSH-1)
    assert "They go to CARGO.i3 and CARGO.o4." in play.text()
    assert play.crew.mothers["green"].space == "CARGO.o3"  # i5 -> o5 -> o4 -> o3, next to the hider: stop
    assert on(play, "CARGO.o4") == ["yellow"] and on(play, "CARGO.i3") == ["yellow"]
    assert play.crew.characters[0].health == 10 - 3 - 1  # the Mother and the yellow on i3; o4 is too far


@pytest.mark.rule("CAP-G-CUBE-1")
@pytest.mark.rule("CAP-ROLE-CHEMIST-2")
def test_an_alien_moving_onto_a_cube_is_killed_there() -> None:
    play = step3(spaces={0: "CARGO.i0"}, aliens=[("yellow", "CARGO.i5")], cubes=["CARGO.i4"], draws=[WHITE[2]])
    assert play.crew.aliens == [] and play.crew.killed["yellow"] == 1
    assert "A chemistry cube kills a Tough alien (T) on CARGO.i4." in play.text()


@pytest.mark.rule("CAP-MAP-9")
@pytest.mark.rule("CAP-MAP-10")
def test_aliens_never_go_or_attack_through_an_open_door() -> None:
    play = step3(
        spaces={0: "LAB.o6", 1: "BRIDGE.o9"},  # BRIDGE.o9 faces LAB.i1 through the open door
        hiding=[0],
        aliens=[("red", "LAB.i1"), ("yellow", "LAB.i2")],
        draws=[WHITE[3]],
    )
    assert on(play, "LAB.i1") == ["red"] and on(play, "LAB.i2") == ["yellow"]
    assert play.crew.characters[1].health == 10
