"""Step 4: event cards, as many as the threat, each resolved before the next; and the end game's skip.

Given a rigged event deck, when the Engineer (character 0, one card left) trashes the last card, then the
events resolve. Event ids: V1–V6 new aliens in your room, V7 BRIDGE … V15 CARGO new aliens there, V16/V17 the
black Mother, V18/V19 the green Mother, V20–V22 rotate inner, V23–V26 rotate middle.
"""

from __future__ import annotations

import pytest

from engine.capricorn.terms import POD

from .rigging import Play, new_game, rig


def step4(**rigging: object) -> Play:
    rigging.setdefault("hands", {0: ["E1"]})
    rigging.setdefault("threat", 1)
    play = Play(rig(new_game("engineer", "soldier", difficulty="easy"), **rigging))  # type: ignore[arg-type]
    return play.end_actions("trash")


@pytest.mark.rule("CAP-EVENT-1")
@pytest.mark.rule("CAP-EVENT-12")
@pytest.mark.rule("CAP-TURN-2")
def test_as_many_events_as_the_threat_each_in_turn() -> None:
    play = step4(spaces={0: "CARGO.i0"}, event_deck=["V20", "V23", "V21", "V24"], threat=3)
    assert play.crew.rotation == {"inner": 2, "middle": 1}
    assert play.crew.event_deck == ["V24"] and play.crew.event_discard[-3:] == ["V20", "V23", "V21"]
    text = play.text()
    assert text.index("trashes") < text.index("»: the inner ring turns") < text.index("End of turn 1")
    assert "Event «The Inner Ring Lurches»: the inner ring turns" in text, "each event is named as drawn"


@pytest.mark.rule("CAP-EVENT-2")
@pytest.mark.rule("CAP-EVENT-8")
def test_new_aliens_in_your_room_and_in_a_named_room() -> None:
    play = step4(spaces={0: "CARGO.i2"}, event_deck=["V1", "V7"], threat=2)
    assert [len(play.crew.aliens_at(b)) for b in ("CARGO.o0", "CARGO.o4", "CARGO.i5")] == [1, 1, 1]
    assert [len(play.crew.aliens_at(b)) for b in ("BRIDGE.o0", "BRIDGE.i11")] == [1, 1]
    assert "Event «Hull Breach: Bridge»: new aliens arrive in the Bridge." in play.text()


@pytest.mark.rule("CAP-EVENT-9")
def test_a_mother_card_brings_her_to_breach_one_of_your_room() -> None:
    play = step4(spaces={0: "CARGO.i2"}, mothers={"black": ("LAB.o3", 6)}, event_deck=["V16"])
    black = play.crew.mothers["black"]
    assert (black.space, black.health) == ("CARGO.o0", 6)


@pytest.mark.rule("CAP-EVENT-10")
@pytest.mark.rule("CAP-G-MOTHER-2")
def test_a_mother_not_on_the_map_ignores_her_card() -> None:
    play = step4(spaces={0: "CARGO.i2"}, event_deck=["V18"])
    assert play.crew.mothers["green"].status == "waiting"
    assert "She is not in play: ignored." in play.text()


@pytest.mark.rule("CAP-EVENT-11")
def test_a_mother_busy_with_someone_else_stays() -> None:
    play = step4(spaces={0: "CARGO.i2", 1: "LAB.i3"}, mothers={"green": ("LAB.o3", 10)}, event_deck=["V18"])
    assert play.crew.mothers["green"].space == "LAB.o3"
    assert "busy with someone else" in play.text()


@pytest.mark.rule("CAP-G-MOTHER-3")
def test_a_mother_card_is_ignored_in_the_pod_but_moves_her_within_your_room() -> None:
    pod = step4(spaces={0: POD}, mothers={"green": ("LAB.o3", 10)}, event_deck=["V18"])
    assert pod.crew.mothers["green"].space == "LAB.o3"
    same = step4(spaces={0: "CARGO.i2"}, mothers={"green": ("CARGO.o3", 10)}, event_deck=["V18"])
    assert same.crew.mothers["green"].space == "CARGO.o0"


@pytest.mark.rule("CAP-G-EVT-1")
def test_an_empty_event_deck_is_reshuffled_from_its_discard_pile() -> None:
    play = step4(spaces={0: POD}, event_deck=[])
    assert "its discard pile is shuffled into a new deck" in play.text()
    assert len(play.crew.event_deck) == 25 and len(play.crew.event_discard) == 1


@pytest.mark.rule("CAP-G-END-1")
def test_before_the_end_game_a_character_in_the_pod_still_draws_events() -> None:
    play = step4(spaces={0: POD}, event_deck=["V1", "V7"], threat=2)
    assert "The pod has no breaches: no effect." in play.text()
    assert len(play.crew.aliens_in_room("BRIDGE")) == 2


@pytest.mark.rule("CAP-END-2")
@pytest.mark.rule("CAP-G-END-1")
def test_in_the_end_game_the_pod_is_safe_from_steps_three_and_four() -> None:
    play = step4(spaces={0: POD}, repaired=["LAB"], event_deck=["V7"])
    assert play.crew.end_game and play.crew.aliens == []
    assert play.crew.event_deck == ["V7"]
    assert "safe in the pod: no aliens, no events" in play.text()


# --- pushes nobody needs to decide (CAP-G-PUSH-1)


def cargo_breach(*colors: str, wounded: bool = False) -> Play:
    """Three aliens wait on the Cargo Bay's breach o4 (free neighbours o3, o5, i4) when a Hull Breach there
    places a yellow on each breach: the second one makes four on o4. The Engineer is in the Lab, so nothing moves
    in step 3. ``wounded``: the last of the three has lost 1 health."""
    state = rig(
        new_game("engineer", "soldier", difficulty="easy"),
        hands={0: ["E1"]},
        threat=1,
        spaces={0: "LAB.i3"},
        aliens=[(color, "CARGO.o4") for color in colors],
        event_deck=["V15"],
        draws=[0, 0, 0],  # yellow, yellow, yellow
    )
    if wounded:
        state.crew.aliens[-1].damage += 1
        state.log.start = state.crew.model_copy(deep=True)
    return Play(state).end_actions("trash")


@pytest.mark.rule("CAP-G-PUSH-1")
def test_identical_aliens_forced_one_to_each_destination_are_pushed_without_a_question() -> None:
    play = cargo_breach("yellow", "yellow", "yellow")
    assert not any("pushed from" in p.question for p in play.prompts())
    assert "Too many aliens on CARGO.o4: 3 are pushed aside." in play.text()
    assert all(on == ["yellow"] for on in (aliens_on(play, s) for s in ("CARGO.o3", "CARGO.o5", "CARGO.i4")))
    assert aliens_on(play, "CARGO.o4") == ["yellow"] and aliens_on(play, "CARGO.i5") == ["yellow"]
    assert play.crew.active == 1, "the turn went on to the Soldier"


@pytest.mark.rule("CAP-G-PUSH-1")
def test_a_different_alien_among_the_pushed_is_placed_by_the_player_and_the_rest_follow() -> None:
    play = cargo_breach("red", "yellow", "yellow")
    assert play.prompt().question == "Where is an Aggressive alien (A) pushed from CARGO.o4?"
    assert sorted(play.choices()) == ["CARGO.i4", "CARGO.o3", "CARGO.o5"]
    play.act("CARGO.o5")  # the red's place changes the board; the two yellows then have one way left
    assert aliens_on(play, "CARGO.o5") == ["red"]
    assert aliens_on(play, "CARGO.o3") == ["yellow"] and aliens_on(play, "CARGO.i4") == ["yellow"]
    assert not any("pushed from" in p.question for p in play.prompts())


@pytest.mark.rule("CAP-G-PUSH-1")
def test_a_wounded_alien_is_not_alike_so_the_player_is_asked() -> None:
    play = cargo_breach("yellow", "yellow", "yellow", wounded=True)
    assert play.prompt().question == "Where is a Tough alien (T) pushed from CARGO.o4?"


def aliens_on(play: Play, space: str) -> list[str]:
    return [a.color for a in play.crew.aliens_at(space)]
