"""The last nine rule ids: entering a room (DER-ACT-MOVE-4), who a collision engages (DER-COLLISION-8), one
endurance check per action (DER-COMBAT-6), refilling item decks (DER-EXPLORE-5), fire blocks no action
(DER-FIRE-5), turn order (DER-FIRST-4), intruders on the board (DER-INTRUDER-1), noise rolls one at a time
(DER-NOISE-9) and no character wounding another (DER-TURN-10)."""

from __future__ import annotations

import pytest

from engine.core import Event
from engine.derelict.noise import noise_roll
from engine.derelict.phase import bag_step, fire_step, intruder_attacks
from engine.derelict.state import DerelictState

from .rigging import COMBAT, NOISE, Play, new_game, place_tile, rig


def pair(first: str = "commander", second: str = "pilot", **kwargs) -> DerelictState:  # type: ignore[no-untyped-def]
    """Seat 0 plays ``first``, seat 1 ``second``; both start in the Cryo Bay and seat 0 is to act."""
    kwargs.setdefault("hands", {0: ["search", "rest", "sabotage", "repairs"], 1: ["search", "rest", "sabotage"]})
    kwargs.setdefault("current", 0)
    return rig(new_game(2, characters=(first, second)), **kwargs)


def rollers(texts: list[str]) -> list[str]:
    """The characters who rolled for noise, in the order they rolled."""
    return [t.split(" rolls for noise")[0] for t in texts if " rolls for noise" in t]


@pytest.mark.rule("DER-ACT-MOVE-4")
def test_entering_explores_then_slimes_then_rolls_for_noise() -> None:
    # Given the Slime Hold face down next door (a quiet exploration token) and a Silence on the noise die.
    state = pair(draws=[NOISE["silence"]])
    place_tile(state, "S06", "slime_hold", token=0)
    play = Play(state)
    # When the Commander moves in.
    play.act(0, "move", "S06", "search")
    # Then the room is explored first, the slime comes next, and only then the roll: the slime turns its
    # Silence into Danger, which (nothing near) fills every exit with noise.
    text = play.public()
    assert text.index("it is the Slime Hold") < text.index("covered in slime") < text.index("rolls for noise")
    assert play.state.players[0].slime
    assert sorted(play.state.ship.noise) == ["CB|S06", "S01|S06", "S05|S06", "S06|S09"]


@pytest.mark.rule("DER-COLLISION-8")
def test_a_collision_engages_everyone_in_the_room() -> None:
    # Given the Commander and the Pilot both in the explored Armory, its exit 2 noisy, a hunter in the bag.
    state = pair(rooms={0: "S06", 1: "S06"}, explored={"S06": "armory"}, noise=["CB|S06"], bag=["H1"])
    state.rng.queued = [NOISE["2"], 0]
    out: list[Event] = []
    # When the Commander rolls for noise (as a bag token or event makes them) and hits the noisy exit.
    noise_roll(state, state.players[0], out)
    # Then the collision happens although someone else is there, and both are in combat with the hunter:
    # neither may move carefully, both may fight it.
    assert any("Collision" in e.text for e in out)
    assert [(i.type, i.room) for i in state.ship.intruders] == [("hunter", "S06")]
    for seat in (0, 1):
        state.current = seat
        offered = Play(state).choices(seat)
        assert "careful" not in offered and {"shoot", "melee"} <= set(offered)


@pytest.mark.rule("DER-COMBAT-6")
def test_double_tap_makes_one_endurance_check_after_both_shots() -> None:
    # Given the Pilot facing a hunter; the attack deck's top card (Rake 1) has endurance 2.
    state = pair("pilot", "commander", hands={0: ["double_tap", "search"], 1: ["rest"]})
    state = rig(state, intruders=[("hunter", "CB")], attack_deck=["rake1", "rake4"])
    state.rng.queued = [COMBAT["hit"], COMBAT["hit"]]
    play = Play(state)
    # When two Hits land inside one Double tap.
    play.act(0, "card_double_tap")
    # Then both wounds are placed before a single check: 2 wounds against endurance 2 kill the hunter, and
    # only one attack card was drawn for it.
    assert [t for t in play.public().splitlines() if "endurance check" in t] == [
        "The hunter has 2 wounds; endurance check: 2."
    ]
    assert not play.state.ship.intruders and play.state.ship.attack_deck == ["rake4"]


@pytest.mark.rule("DER-COMBAT-6")
def test_steady_hand_checks_endurance_once_after_both_sidearm_shots() -> None:
    # Given the Commander facing a hunter; the attack deck's top card (Rake 1) has endurance 2.
    state = pair(hands={0: ["search", "rest"], 1: ["rest"]}, intruders=[("hunter", "CB")], attack_deck=["rake1"])
    state.rng.queued = [COMBAT["hit"], COMBAT["hit"]]
    play = Play(state)
    # When the first Sidearm shot wounds: no check yet, the second shot is offered.
    play.act(0, "shoot", "search")
    assert play.state.ship.intruders[0].wounds == 1 and play.state.ship.attack_deck == ["rake1"]
    # Then after the second shot one check with both wounds kills it.
    play.act(0, "again")
    assert not play.state.ship.intruders and play.state.ship.attack_deck == []
    # And stopping after one shot makes the check with that shot's wound alone.
    stopped = pair(hands={0: ["search", "rest"], 1: ["rest"]}, intruders=[("hunter", "CB")], attack_deck=["rake1"])
    stopped.rng.queued = [COMBAT["hit"]]
    play = Play(stopped).act(0, "shoot", "search", "stop")
    assert play.state.ship.attack_deck == [] and "The hunter has 1 wound; endurance check: 2." in play.public()


@pytest.mark.rule("DER-COMBAT-6")
def test_the_fire_step_checks_each_wounded_intruder_once() -> None:
    # Given a hunter and a crawler in a burning room, and a larva beside them.
    state = pair(intruders=[("hunter", "S09"), ("crawler", "S09"), ("larva", "S09")], attack_deck=["rake1", "rake2"])
    state.ship.fire = ["S09"]
    out: list[Event] = []
    # When the fire step burns them.
    fire_step(state, out)
    # Then each wounded intruder makes its own check, one card each; the larva dies of its wound unchecked.
    checks = [e.text for e in out if "endurance check" in e.text]
    assert len(checks) == 2 and checks[0].startswith("The hunter") and checks[1].startswith("The crawler")
    assert state.ship.attack_deck == [] and "larva" not in [i.type for i in state.ship.intruders]


@pytest.mark.rule("DER-EXPLORE-5")
def test_an_empty_item_deck_is_rebuilt_from_its_discard_and_then_runs_short() -> None:
    # Given the Commander in the explored Armory, one military card left in the deck and one in the discard.
    state = pair(rooms={0: "S06"}, explored={"S06": "armory"})
    deck, spent = state.ship.item_decks["military"][:2]
    state.ship.item_decks["military"] = [deck]
    state.ship.item_discards["military"] = [spent]
    play = Play(state)
    # When they search (2 cards): the deck gives one, then its discard is shuffled in for the second.
    play.act(0, "card_search")
    assert set(play.choices(0)) >= {deck, spent, "none"}
    play.act(0, "none")
    # Then both cards, kept by nobody, lie in the discard again.
    assert sorted(play.state.ship.item_discards["military"]) == sorted([deck, spent])
    # Given both empty, a search finds nothing rather than failing.
    empty = pair(rooms={0: "S06"}, explored={"S06": "armory"})
    empty.ship.item_decks["military"] = []
    empty.ship.item_discards["military"] = []
    play = Play(empty).act(0, "card_search")
    assert "The search turns up nothing." in play.public()


@pytest.mark.rule("DER-FIRE-5")
def test_fire_blocks_no_action_and_burns_at_the_end_of_the_turn() -> None:
    # Given the Commander in the explored Comms room, once burning and once not.
    calm = pair(rooms={0: "S06"}, explored={"S06": "comms"})
    burning = pair(rooms={0: "S06"}, explored={"S06": "comms"})
    burning.ship.fire = ["S06"]
    play = Play(burning)
    # Then the fire takes nothing off the list of actions: the room action and Search stay.
    assert play.choices(0) == Play(calm).choices(0)
    assert {"signal", "card_search"} <= set(play.choices(0))
    # When they act in it: no harm until the turn ends.
    play.act(0, "card_search", "none")
    assert play.state.players[0].light == 0
    play.act(0, "pass", "done")
    assert play.state.players[0].light == 1


@pytest.mark.rule("DER-FIRST-4")
def test_in_turn_order_starts_at_the_token_holder_and_skips_dead_seats() -> None:
    # Given three seats, the first-player token on seat 2 (index 1), seat 3 dead, everyone else free.
    state = rig(new_game(3, characters=("commander", "pilot", "medic")), rooms={0: "CB", 1: "S06", 2: "S09"})
    state.first = 1
    state.players[2].status = "dead"
    state.ship.bag = ["H1"]
    state.rng.queued = [0, NOISE["silence"], NOISE["silence"]]
    out: list[Event] = []
    # When a hunter token makes every free character roll for noise.
    bag_step(state, out)
    # Then the token holder rolls first, then clockwise, and the dead seat is skipped.
    assert rollers([e.text for e in out]) == ["Pilot Okafor", "Commander Vale"]


@pytest.mark.rule("DER-INTRUDER-1")
def test_intruders_stand_in_rooms_in_plain_sight_and_leave_each_other_alone() -> None:
    # Given a hunter and a crawler together in a room with nobody in it.
    state = pair(intruders=[("hunter", "S09"), ("crawler", "S09")], draws=[NOISE["silence"]])
    play = Play(state)
    # Then every player and the channel see both in that room.
    for seat in (None, 0, 1):
        s09 = next(r for r in play.view(seat).rooms if r.id == "S09")
        assert sorted(i.type for i in s09.intruders) == ["crawler", "hunter"]
    # When a turn goes by elsewhere and the intruders' attack step runs.
    play.act(0, "move", "S06", "search")
    out: list[Event] = []
    intruder_attacks(play.state, out)
    # Then they have not moved, and neither has attacked the other.
    assert sorted((i.type, i.room, i.wounds) for i in play.state.ship.intruders) == [
        ("crawler", "S09", 0),
        ("hunter", "S09", 0),
    ]
    assert not any("attacks" in e.text for e in out)


@pytest.mark.rule("DER-NOISE-9")
def test_noise_rolls_in_turn_order_finish_one_at_a_time() -> None:
    # Given the Commander and the Pilot in the explored Armory, its exit 2 noisy, a hunter token drawn.
    state = pair(rooms={0: "S06", 1: "S06"}, explored={"S06": "armory"}, noise=["CB|S06"], bag=["H1"])
    state.first = 0
    state.rng.queued = [0, NOISE["2"], 0, NOISE["silence"]]
    out: list[Event] = []
    # When the token makes every free character roll: the Commander rolls first and collides.
    bag_step(state, out)
    # Then that collision is finished before the Pilot's turn to roll: the hunter is now in the room, so
    # the Pilot is in combat and does not roll at all (DER-NOISE-10).
    assert rollers([e.text for e in out]) == ["Commander Vale"]
    assert [(i.type, i.room) for i in state.ship.intruders] == [("hunter", "S06")]


@pytest.mark.rule("DER-TURN-10")
def test_no_action_targets_another_character() -> None:
    # Given the Commander and the Pilot together with no intruder around.
    state = pair()
    play = Play(state)
    # Then nothing to shoot or strike is offered: another character is never a target.
    assert not {"shoot", "melee"} & set(play.choices(0))
    # Given two hunters with them: the targets are the hunters only.
    armed = pair(intruders=[("hunter", "CB"), ("hunter", "CB")])
    armed.rng.queued = [COMBAT["double"]]
    play = Play(armed).act(0, "shoot")
    assert all(c.startswith("i") for c in play.choices(0))
    # When the shot lands, only the hunter is hurt; the Pilot beside them is untouched.
    play.act(0, play.choices(0)[0], "search")
    pilot = play.state.players[1]
    assert pilot.light == 0 and pilot.serious == [] and pilot.status == "active"
