"""Turns, costs and movement: DER-TURN-*, DER-COST-*, DER-ACT-MOVE-*, DER-ACT-CAREFUL-*, DER-EXPLORE-1..2."""

from __future__ import annotations

import pytest

from .rigging import NOISE, Play, new_game, place_tile, rig

HAND = ["search", "rest", "sabotage", "repairs", "reload"]  # the Commander's cards


def commander_game(**kwargs):  # type: ignore[no-untyped-def]
    """Seat 0 the Commander, seat 1 the Pilot; seat 0 to act, both in the Cryo Bay."""
    state = new_game(2, characters=("commander", "pilot"))
    kwargs.setdefault("hands", {0: list(HAND), 1: ["search", "rest", "sabotage", "focus", "repairs"]})
    kwargs.setdefault("current", 0)
    return rig(state, **kwargs)


@pytest.mark.rule("DER-TURN-2")
@pytest.mark.rule("DER-TURN-4")
@pytest.mark.rule("DER-ACT-MOVE-1")
def test_two_actions_then_the_turn_goes_clockwise() -> None:
    play = Play(commander_game(draws=[NOISE["silence"], NOISE["silence"]]))
    assert set(play.choices(0)) >= {"move", "pass"}
    play.act(0, "move")
    assert play.choices(0) == ["S02", "S07", "S10", "S06"]  # only corridors, in exit order
    play.act(0, "S06", "search")
    assert play.state.players[0].room == "S06"
    play.act(0, "move", "CB", "rest")
    assert play.state.current == 1 and not play.state.players[0].passed
    assert len(play.state.players[0].hand) == 3


@pytest.mark.rule("DER-TURN-3")
@pytest.mark.rule("DER-TURN-5")
def test_passing_ends_the_round_for_that_player_with_a_free_discard() -> None:
    play = Play(commander_game(hands={0: ["search", "inf2"], 1: ["rest"]}))
    play.act(0, "pass")
    assert set(play.choices(0)) == {"done", "search", "inf2"}  # infection cards may go too
    play.act(0, "inf2", "done")
    me = play.state.players[0]
    assert me.passed and me.hand == ["search"] and me.discard[-1] == "inf2"
    assert play.state.current == 1
    play.act(1, "pass")
    play.act(1, "done")
    assert play.state.round == 2  # everyone passed: event phase, then the next round


@pytest.mark.rule("DER-TURN-6")
def test_with_an_empty_hand_only_pass_is_offered() -> None:
    play = Play(commander_game(hands={0: [], 1: ["rest"]}))
    assert play.choices(0) == ["drop", "pass"]  # dropping the Sidearm is free (DER-TURN-8), not an action
    play.act(0, "pass")
    assert play.state.players[0].passed  # no discard question for an empty hand


@pytest.mark.rule("DER-COST-4")
@pytest.mark.rule("DER-COST-6")
def test_infection_cards_never_pay_and_an_unpayable_action_is_not_offered() -> None:
    play = Play(commander_game(hands={0: ["inf1", "inf2", "search"], 1: ["rest"]}))
    offered = play.choices(0)
    assert "move" in offered and "careful" not in offered  # careful movement costs 2


@pytest.mark.rule("DER-COST-5")
@pytest.mark.rule("DER-COST-1")
def test_the_player_picks_the_card_that_pays_unless_there_is_no_real_choice() -> None:
    play = Play(commander_game(draws=[NOISE["silence"]]))
    play.act(0, "move", "S06")
    assert play.pending(0).id.endswith(".pay")
    play.act(0, "reload")
    assert "reload" not in play.state.players[0].hand and play.state.players[0].discard[-1] == "reload"
    forced = Play(commander_game(hands={0: ["search", "search", "inf1"], 1: ["rest"]}, draws=[NOISE["silence"]]))
    forced.act(0, "move", "S06")  # two copies of one card: nothing to choose, paid at once
    assert forced.state.players[0].hand == ["search", "inf1"]


@pytest.mark.rule("DER-COST-2")
def test_torn_leg_makes_moving_dearer() -> None:
    from engine.derelict.state import SeriousWound

    state = commander_game(hands={0: ["search", "rest"], 1: ["rest"]})
    state.players[0].serious = [SeriousWound(card="torn_leg")]
    play = Play(state)
    assert "move (2 cards)" in [c.label.lower() for c in play.pending(0).choices]
    assert "careful" not in play.choices(0)


@pytest.mark.rule("DER-ACT-MOVE-2")
@pytest.mark.rule("DER-NOISE-2")
@pytest.mark.rule("DER-NOISE-1")
def test_moving_into_an_empty_room_rolls_for_noise_and_marks_that_exit() -> None:
    play = Play(commander_game(draws=[NOISE["2"]]))
    play.act(0, "move", "S06", "search")
    assert "CB|S06" in play.state.ship.noise  # S06's exit 2 is the corridor back to the Cryo Bay
    assert any("rolls for noise: exit 2" in t for t in play.texts())


@pytest.mark.rule("DER-ACT-MOVE-3")
def test_a_room_holding_another_character_means_no_noise_roll() -> None:
    play = Play(commander_game(rooms={1: "S06"}, explored={"S06": "armory"}))
    play.act(0, "move", "S06", "search")
    assert not any("rolls for noise" in t for t in play.texts())


@pytest.mark.rule("DER-ACT-MOVE-5")
@pytest.mark.rule("DER-ACT-MOVE-6")
@pytest.mark.rule("DER-INTRUDER-7")
def test_escaping_a_fight_takes_an_attack_from_each_intruder_first() -> None:
    state = commander_game(intruders=[("hunter", "CB"), ("crawler", "CB")], attack_deck=["rake1", "maul1", "slash1"])
    play = Play(state)
    play.act(0, "move", "S06", "search")
    me = play.state.players[0]
    # Rake hits the hunter (1 light wound, 1 infection card); Maul has no crawler symbol: a miss.
    assert me.light == 1 and any(c.startswith("inf") for c in me.discard)
    assert me.room == "S06"
    text = play.public()
    assert text.index("The hunter attacks") < text.index("The crawler attacks")


@pytest.mark.rule("DER-ACT-MOVE-7")
@pytest.mark.rule("DER-ACT-1")
@pytest.mark.rule("DER-ACT-2")
def test_walking_into_intruders_means_combat_without_a_collision() -> None:
    play = Play(commander_game(intruders=[("hunter", "S06")], explored={"S06": "armory"}))
    play.act(0, "move", "S06", "search")
    assert "Collision" not in play.public()
    assert "careful" not in play.choices(0) and "shoot" in play.choices(0)  # DER-ACT-2


@pytest.mark.rule("DER-ACT-CAREFUL-1")
@pytest.mark.rule("DER-ACT-CAREFUL-2")
def test_careful_movement_makes_no_roll_and_leaves_a_chosen_noise_token() -> None:
    play = Play(commander_game())
    play.act(0, "careful", "S06")
    assert play.choices(0) == ["1", "2", "3", "4"]
    play.act(0, "1")
    play.act(0, "search", "rest")
    assert play.state.players[0].room == "S06"
    assert play.state.ship.noise == ["S01|S06"]
    assert not any("rolls for noise" in t for t in play.texts())


@pytest.mark.rule("DER-ACT-CAREFUL-3")
def test_careful_movement_needs_a_quiet_exit_in_the_room_entered() -> None:
    noisy = ["S01|S06", "CB|S06", "S06|S09", "S05|S06", "CB|S02"]
    play = Play(commander_game(noise=noisy))
    play.act(0, "careful")
    assert "S06" not in play.choices(0)
    play = Play(commander_game(noise=noisy[:3]))
    play.act(0, "careful", "S06")  # one quiet exit left: nothing to ask, it gets the token
    play.act(0, "search", "rest")
    assert "S05|S06" in play.state.ship.noise


@pytest.mark.rule("DER-ACT-CAREFUL-4")
def test_careful_movement_is_not_allowed_in_combat() -> None:
    play = Play(commander_game(intruders=[("larva", "CB")]))
    assert "careful" not in play.choices(0)


@pytest.mark.rule("DER-EXPLORE-1")
@pytest.mark.rule("DER-EXPLORE-2")
def test_the_first_to_enter_turns_the_tile_and_token_face_up() -> None:
    state = commander_game(draws=[NOISE["silence"]])
    place_tile(state, "S06", "lab", token=8)  # the second Fire token: value 2
    play = Play(state)
    play.act(0, "move", "S06", "search")
    room = next(r for r in play.view().rooms if r.id == "S06")
    assert room.name == "Lab" and room.items == 2 and room.fire
    assert "it is the Lab" in play.public()


@pytest.mark.rule("DER-TURN-7")
def test_fire_burns_a_character_at_the_end_of_each_turn() -> None:
    state = commander_game(explored={"S06": "armory"}, draws=[NOISE["silence"]])
    state.ship.fire = ["S06"]
    play = Play(state)
    play.act(0, "move", "S06", "search")
    play.act(0, "pass", "done")
    assert play.state.players[0].light == 1
