"""Action cards, items and crafting: DER-ACT-CARD-1, DER-COST-3, DER-ACT-ITEM-1, DER-ACT-CRAFT-1..2,
DER-TURN-8, DER-TURN-9, DER-INFECT-5..7, and the characters' cards of table 2.4."""

from __future__ import annotations

import pytest

from engine.derelict.state import DerelictState, SeriousWound

from .rigging import COMBAT, NOISE, Play, new_game, rig


def game(character: str, room: str = "CB", **kwargs) -> DerelictState:  # type: ignore[no-untyped-def]
    """Seat 0 plays ``character`` in ``room`` and is to act; seat 1 the Commander in the Cryo Bay."""
    other = "commander" if character != "commander" else "pilot"
    kwargs.setdefault("hands", {1: ["rest"]})
    return rig(new_game(2, characters=(character, other)), rooms={0: room}, current=0, **kwargs)


@pytest.mark.rule("DER-ACT-CARD-1")
@pytest.mark.rule("DER-COST-3")
def test_playing_a_card_discards_it_and_its_cost() -> None:
    state = game("medic", hands={0: ["triage", "search", "rest"], 1: ["rest"]})
    state.players[1].light = 2
    play = Play(state)
    play.act(0, "card_triage", "search")  # the Commander is the only one hurt: only the payment is asked
    assert play.state.players[1].light == 0
    assert sorted(play.state.players[0].discard[-2:]) == ["search", "triage"]


@pytest.mark.rule("DER-INFECT-5")
@pytest.mark.rule("DER-INFECT-6")
@pytest.mark.rule("DER-INFECT-3")
def test_rest_scans_the_hand_removes_clean_cards_and_an_infected_one_brings_a_larva() -> None:
    state = game("pilot", hands={0: ["rest", "inf1", "inf2"], 1: ["rest"]})
    state.ship.infected = ["inf2"]
    play = Play(state)
    before = play.view(None).seats[0].discard
    play.act(0, "card_rest")
    me = play.state.players[0]
    assert "inf1" not in me.hand and "inf2" in me.hand and me.larva
    assert "1 read INFECTED" in play.public() and before == []
    assert "infection card (INFECTED)" in play.view(0).hand  # the scanned status is public from now on


@pytest.mark.rule("DER-INFECT-7")
def test_surgery_removes_infected_cards_and_the_larva_then_passes() -> None:
    state = game("pilot", room="S05", hands={0: ["search", "inf2"], 1: ["rest"]}, explored={"S05": "surgery"})
    state.ship.infected = ["inf2"]
    state.players[0].larva = True
    play = Play(state)
    play.act(0, "operate")
    me = play.state.players[0]
    assert not me.larva and "inf2" not in me.hand + me.discard + me.deck
    assert me.passed and not me.hand and me.light == 1


@pytest.mark.rule("DER-ACT-ITEM-1")
def test_a_used_item_is_shown_and_a_one_use_item_is_discarded() -> None:
    state = game("pilot", hands={0: ["search"], 1: ["rest"]})
    state.players[0].items = ["ration_pack"]
    state.players[0].deck = ["rest", "focus"]
    play = Play(state)
    play.act(0, "item_ration_pack")
    me = play.state.players[0]
    assert me.items == [] and sorted(me.hand) == ["focus", "rest"]
    assert "uses Ration pack" in play.public()
    assert play.state.ship.item_discards["medical"] == ["ration_pack"]


@pytest.mark.rule("DER-ACT-CRAFT-1")
@pytest.mark.rule("DER-ACT-CRAFT-2")
def test_two_matching_items_make_a_crafted_one_while_copies_last() -> None:
    state = game("pilot", hands={0: ["search", "rest"], 1: ["rest"]})
    state.players[0].items = ["solvent", "medkit", "bandage"]
    play = Play(state)
    play.act(0, "craft")
    assert play.choices(0) == ["antiserum", "firebomb"]
    play.act(0, "antiserum", "search")
    me = play.state.players[0]
    assert me.items == ["bandage", "antiserum"] and play.state.ship.crafted_left["antiserum"] == 1
    state = game("pilot", hands={0: ["search", "rest"], 1: ["rest"]})
    state.players[0].items = ["solvent", "medkit"]
    state.ship.crafted_left["antiserum"] = 0
    assert "craft" not in Play(state).choices(0)


@pytest.mark.rule("DER-ACT-CRAFT-2")
def test_the_engineer_counts_a_technical_item_as_a_tool() -> None:
    state = game("engineer", hands={0: ["search", "rest"], 1: ["rest"]})
    state.players[0].items = ["power_cell", "coverall"]  # both technical; the Coverall stands for a Tool
    play = Play(state)
    play.act(0, "craft", "search")
    assert "stun_prod" in play.state.players[0].items


@pytest.mark.rule("DER-TURN-8")
def test_dropping_is_free_and_leaves_objects_in_the_room() -> None:
    state = game("pilot", hands={0: ["search"], 1: ["rest"]})
    state.players[0].held = ["body"]
    play = Play(state)
    play.act(0, "drop", "h0")
    assert play.state.players[0].actions == 0 and play.state.ship.objects["CB"] == ["body", "body"]


@pytest.mark.rule("DER-TURN-9")
def test_double_tap_shoots_twice_inside_one_action() -> None:
    state = game("pilot", hands={0: ["double_tap", "search"], 1: ["rest"]}, intruders=[("hunter", "CB")])
    state.rng.queued = [COMBAT["small"], COMBAT["miss"]]
    play = Play(state)
    play.act(0, "card_double_tap")
    assert play.state.players[0].weapons[0].ammo == 1
    assert play.state.players[0].actions == 1


def test_steady_hand_offers_a_free_second_sidearm_shot() -> None:
    """Table 2.4, Commander: after a Sidearm shot that wounds, shoot again with it at no card cost."""
    state = game(
        "commander",
        hands={0: ["search", "rest"], 1: ["rest"]},
        intruders=[("hunter", "CB")],
        attack_deck=["rake4", "rake3"],
    )
    state.rng.queued = [COMBAT["hit"], COMBAT["hit"]]
    play = Play(state)
    play.act(0, "shoot", "search")
    assert play.choices(0) == ["again", "stop"]
    play.act(0, "again")
    assert play.state.players[0].weapons[0].ammo == 4 and play.state.players[0].hand == ["rest"]


def test_the_carbine_may_reroll_a_miss() -> None:
    """Table 2.4, weapon specials: the Carbine may reroll a Miss once."""
    state = game("pilot", hands={0: ["search", "rest"], 1: ["rest"]}, intruders=[("larva", "CB")])
    state.rng.queued = [COMBAT["miss"], COMBAT["hit"]]
    play = Play(state)
    play.act(0, "shoot", "search")
    assert play.choices(0) == ["keep", "reroll"]
    play.act(0, "reroll")
    assert not play.state.ship.intruders  # a larva dies from 1 wound


def test_override_performs_a_computer_rooms_action_for_free() -> None:
    """Table 2.4, Engineer: Override performs the room action of a room with a computer without its cost."""
    state = game("engineer", room="S05", hands={0: ["override"], 1: ["rest"]}, explored={"S05": "comms"})
    play = Play(state)
    play.act(0, "ov_signal")
    assert play.state.players[0].signal and play.state.players[0].hand == []


def test_listen_shows_a_neighbouring_slot_to_the_scout_alone() -> None:
    state = game("scout", hands={0: ["listen"], 1: ["rest"]})
    play = Play(state)
    play.act(0, "card_listen", "S06")
    tile = play.state.ship.tiles["S06"]
    assert any("slot S06 holds" in peek for peek in play.view(0).peeks)
    assert not play.view(1).peeks and "holds" not in play.public()
    assert tile  # still face down for everyone else
    assert next(r for r in play.view(None).rooms if r.id == "S06").name is None


def test_torn_leg_makes_an_escape_dearer_but_evasive_roll_avoids_the_attacks() -> None:
    state = game(
        "pilot",
        hands={0: ["evasive_roll", "search"], 1: ["rest"]},
        intruders=[("hunter", "CB")],
        draws=[NOISE["silence"]],
    )
    state.players[0].serious = [SeriousWound(card="torn_leg")]
    play = Play(state)
    play.act(0, "card_evasive_roll", "S06")
    assert play.state.players[0].room == "S06" and play.state.players[0].light == 0


def test_two_unscanned_infection_cards_are_one_choice_to_discard() -> None:
    """Issue 25: a player cannot tell two unscanned infection cards apart, so Focus's discard offers one
    "Discard infection card", not two buttons alike."""
    play = Play(game("pilot", hands={0: ["focus", "rest", "inf1", "inf2"], 1: ["rest"]}))
    play.act(0, "card_focus")
    labels = [c.label for c in play.pending(0).choices]
    assert labels.count("Discard infection card") == 1 and "Discard Rest" in labels
