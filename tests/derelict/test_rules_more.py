"""Rules pinned one by one that the other files exercise only in passing: DER-ROUND-*, DER-TURN-1,
DER-FIRST-1, DER-ATTACK-4..5, DER-COMBAT-3, DER-COMBAT-10, DER-END-5..6, DER-EXPLORE-3, DER-EVCARD-3,
DER-ACT-HEAVY-3, DER-POD-1..4, DER-INTRUDER-2, DER-SLIME-1, DER-WOUND-4, DER-HIVE-4, DER-INFECT-2."""

from __future__ import annotations

import pytest

from engine.core import Event
from engine.derelict.combat import wound_intruder
from engine.derelict.endgame import hive_destroyed
from engine.derelict.ending import GameOver, explode, hyperjump
from engine.derelict.infection import remove_infection
from engine.derelict.intruders import attack, remove_to_bag
from engine.derelict.phase import event_card
from engine.derelict.state import DerelictState, SeriousWound

from .rigging import COMBAT, NOISE, Play, new_game, rig


def two(**kwargs) -> DerelictState:  # type: ignore[no-untyped-def]
    kwargs.setdefault("hands", {0: ["search", "rest", "sabotage"], 1: ["rest"]})
    return rig(new_game(2, characters=("pilot", "medic")), **kwargs)


@pytest.mark.rule("DER-ROUND-1")
@pytest.mark.rule("DER-ROUND-2")
@pytest.mark.rule("DER-ROUND-3")
@pytest.mark.rule("DER-ROUND-4")
@pytest.mark.rule("DER-TURN-1")
@pytest.mark.rule("DER-FIRST-1")
def test_a_round_is_turns_from_the_token_holder_then_the_event_phase_then_the_next_round() -> None:
    state = two(current=1, event_deck=[22, 9], bag=["blank"], draws=[0])
    play = Play(state)
    assert play.pending(1)  # the token holder (seat 1) starts
    play.act(1, "pass", "done")
    play.act(0, "pass", "done")
    text = play.public()
    order = ["passes", "Event phase of round 1", "Time advances", "Event: Quiet spell", "Bag:", "Round 2 begins"]
    positions = [text.index(part) for part in order]
    assert positions == sorted(positions)
    assert play.state.first == 0 and play.state.current == 0  # the token passed left, from seat 1 to seat 0


@pytest.mark.rule("DER-ROUND-5")
@pytest.mark.rule("DER-END-2")
def test_an_explosion_ends_the_game_in_the_middle_of_an_action() -> None:
    state = two(current=0, hands={0: ["sabotage"], 1: ["rest"]}, rooms={0: "BR"})
    state.ship.malfunction = ["PA", "S01", "S02", "S03", "S04", "E1", "S05", "S06"]
    play = Play(state)
    play.act(0, "card_sabotage")
    assert play.state.phase == "over" and play.state.ship.destroyed
    assert all(p.status == "dead" for p in play.state.players)


@pytest.mark.rule("DER-END-5")
@pytest.mark.rule("DER-END-6")
def test_the_escaped_outlive_any_end_and_only_an_explosion_kills_intruders() -> None:
    state = two(intruders=[("hunter", "S06")])
    state.players[1].status = "escaped"
    out: list[Event] = []
    with pytest.raises(GameOver):
        hyperjump(state, "test", out)
    assert state.players[1].status == "escaped" and state.ship.intruders
    state = two(intruders=[("hunter", "S06")])
    state.players[1].status = "escaped"
    with pytest.raises(GameOver):
        explode(state, "test", out)
    assert state.players[1].status == "escaped" and not state.ship.intruders and hive_destroyed(state)


@pytest.mark.rule("DER-ATTACK-4")
@pytest.mark.rule("DER-ATTACK-5")
@pytest.mark.rule("DER-ATTACK-1")
def test_an_empty_attack_deck_is_rebuilt_and_a_braced_attack_still_spends_its_card() -> None:
    state = two(intruders=[("hunter", "CB")], attack_deck=[])
    state.ship.attack_discard = ["maul1"]
    state.players[0].braced = True
    out: list[Event] = []
    attack(state, state.ship.intruders[0], state.players[0], out)
    assert state.players[0].serious == [] and state.ship.attack_discard == ["maul1"]
    assert any("braced" in e.text for e in out)


@pytest.mark.rule("DER-COMBAT-3")
@pytest.mark.rule("DER-COMBAT-1")
def test_a_larva_dies_from_one_wound_without_a_card() -> None:
    state = two(intruders=[("larva", "CB")], attack_deck=["maul1"])
    out: list[Event] = []
    wound_intruder(state, state.ship.intruders[0], 1, out)
    assert not state.ship.intruders and state.ship.attack_deck == ["maul1"]
    assert "CB" not in state.ship.objects or "carcass:larva" not in state.ship.objects["CB"]


@pytest.mark.rule("DER-COMBAT-10")
def test_a_crawler_turned_brooder_keeps_its_wounds() -> None:
    state = two(intruders=[("crawler", "CB")], attack_deck=["metamorphosis1"], hands={0: ["search"], 1: ["rest"]})
    state.ship.intruders[0].wounds = 2
    out: list[Event] = []
    attack(state, state.ship.intruders[0], state.players[0], out)
    assert [(i.type, i.wounds) for i in state.ship.intruders] == [("brooder", 2)]


@pytest.mark.rule("DER-EXPLORE-3")
@pytest.mark.rule("DER-INTRUDER-5")
def test_intruders_entering_a_face_down_room_do_not_explore_it() -> None:
    state = two(intruders=[("larva", "S02")], event_deck=[22])  # Quiet spell: larvae move through exit 2
    out: list[Event] = []
    event_card(state, out)
    assert state.ship.intruders[0].room == "S03" and "S03" not in state.ship.explored


@pytest.mark.rule("DER-EVCARD-3")
def test_noise_placed_by_an_event_never_causes_a_collision() -> None:
    state = two(event_deck=[11])  # Hive call: noise in each exit of the explored Hive
    hive = next(s for s, t in state.ship.tiles.items() if t == "hive")
    state.ship.explored.append(hive)
    from engine.derelict.board import passages

    state.ship.noise = [passages(hive)[0]]
    bag = list(state.ship.bag)
    out: list[Event] = []
    event_card(state, out)
    assert sorted(state.ship.noise) == sorted(passages(hive)) and state.ship.bag == bag


@pytest.mark.rule("DER-ACT-HEAVY-3")
@pytest.mark.rule("DER-HIVE-1")
def test_taking_an_egg_in_the_hive_makes_a_noise_roll_even_with_company() -> None:
    state = two(current=0, rooms={0: "S06", 1: "S06"}, explored={"S06": "hive"}, draws=[NOISE["silence"]])
    state.ship.objects["S06"] = ["egg", "egg"]
    play = Play(state)
    play.act(0, "take", "search")
    assert play.state.players[0].held == ["egg"] and "rolls for noise: Silence" in play.public()


@pytest.mark.rule("DER-POD-1")
@pytest.mark.rule("DER-POD-2")
def test_pods_unlock_and_can_be_locked_again() -> None:
    state = two(current=0, rooms={0: "PA"}, hands={0: ["pod_override", "search"], 1: ["rest"]})
    state.ship.pods[0].locked = False
    play = Play(state)
    play.act(0, "card_pod_override")  # one card to pay and one pod in this bay: nothing else to ask
    assert play.state.ship.pods[0].locked


@pytest.mark.rule("DER-POD-4")
def test_an_intruder_appearing_in_the_bay_stops_the_boarding() -> None:
    state = two(current=0, rooms={0: "PA", 1: "S10"}, noise=["DU"], bag=["H2"], draws=[NOISE["1"], 0])
    state.ship.pods[0].locked = False
    play = Play(state)
    play.act(0, "board_pod", "search")
    assert play.state.players[0].status == "active" and not play.state.ship.pods[0].seats


@pytest.mark.rule("DER-INTRUDER-2")
def test_a_flushed_intruders_token_goes_back_into_the_bag() -> None:
    state = two(bag=["H2"], noise=["CB|S06"], rooms={0: "S06"}, explored={"S06": "armory"}, draws=[NOISE["2"], 0])
    from engine.derelict.noise import noise_roll

    out: list[Event] = []
    noise_roll(state, state.players[0], out)
    hunter = state.ship.intruders[0]
    assert hunter.token == "H2" and state.ship.bag == []
    remove_to_bag(state, hunter)
    assert state.ship.bag == ["H2"] and not state.ship.intruders


@pytest.mark.rule("DER-SLIME-1")
def test_the_shower_removes_the_slime_marker() -> None:
    state = two(current=0, rooms={0: "S05"}, explored={"S05": "shower"})
    state.players[0].slime = True
    play = Play(state)
    play.act(0, "shower", "search", "rest")
    assert not play.state.players[0].slime


@pytest.mark.rule("DER-WOUND-4")
def test_dressing_keeps_the_wound_counted_and_healing_removes_it() -> None:
    state = two(current=0, hands={0: ["search", "search", "search"], 1: ["rest"]})
    state.players[0].items = ["medkit", "medkit"]
    state.players[0].serious = [SeriousWound(card="torn_leg")]
    play = Play(state)
    play.act(0, "item_medkit")  # the only option: dress it
    me = play.state.players[0]
    assert len(me.serious) == 1 and me.serious[0].dressed
    assert "move (1 card)" in [c.label.lower() for c in play.pending(0).choices]  # the Torn leg no longer applies
    play.act(0, "item_medkit")  # now: heal the dressed wound
    assert play.state.players[0].serious == []


@pytest.mark.rule("DER-HIVE-4")
def test_the_hive_is_destroyed_when_its_last_egg_is() -> None:
    state = two(current=0, rooms={0: "S06"}, explored={"S06": "hive"}, hands={0: ["search", "rest"], 1: ["rest"]})
    state.ship.objects["S06"] = ["egg"]
    state.rng.queued = [COMBAT["hit"], NOISE["silence"]]
    assert not hive_destroyed(state)
    play = Play(state)
    play.act(0, "shoot", "rest")
    assert hive_destroyed(play.state)


@pytest.mark.rule("DER-INFECT-2")
@pytest.mark.rule("DER-INFECT-1")
def test_a_removed_infection_card_goes_to_the_infection_discard_and_refills_the_deck() -> None:
    state = two(discards={0: ["inf3"]})
    state.ship.infection_deck = []
    state.ship.infection_discard = []
    remove_infection(state, state.players[0], "inf3")
    assert state.ship.infection_discard == ["inf3"]
    from engine.derelict.cards import take_infection

    out: list[Event] = []
    take_infection(state, state.players[1], out)
    assert state.players[1].discard == ["inf3"]
