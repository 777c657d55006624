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
