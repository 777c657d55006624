"""Room actions and ship systems: DER-ACT-3, DER-HIBER-*, DER-POD-*, DER-COURSE-*, DER-ENGINE-*,
DER-SIGNAL-1, DER-SELF-*, DER-WEAK-2, DER-EXPLORE-4, DER-MALF-*, DER-FIRE-*."""

from __future__ import annotations

import pytest

from engine.core import Event
from engine.derelict.hazards import place_fire, place_malfunction
from engine.derelict.state import DerelictState

from .rigging import NOISE, Play, new_game, rig

HAND = ["search", "rest", "sabotage", "repairs", "evasive_roll"]  # the Pilot's cards


def pilot_in(room: str, **kwargs) -> DerelictState:  # type: ignore[no-untyped-def]
    """Seat 0 the Pilot in ``room`` with a full hand, to act; seat 1 the Medic in the Cryo Bay."""
    kwargs.setdefault("hands", {0: list(HAND), 1: ["rest"]})
    return rig(new_game(2, characters=("pilot", "medic")), rooms={0: room}, current=0, **kwargs)


@pytest.mark.rule("DER-HIBER-2")
@pytest.mark.rule("DER-HIBER-4")
@pytest.mark.rule("DER-HIBER-1")
def test_hibernation_opens_on_the_cryo_space_and_takes_the_character_out_of_play() -> None:
    early = Play(pilot_in("CB"))
    assert "hibernate" not in early.choices(0)
    state = pilot_in("CB", draws=[NOISE["silence"]])
    state.ship.time = 7
    play = Play(state)
    play.act(0, "hibernate", "search")
    assert play.state.players[0].status == "hibernating"
    assert play.state.current == 1  # the turn ended with the character out of play


@pytest.mark.rule("DER-HIBER-3")
@pytest.mark.rule("DER-COST-7")
def test_in_a_derelict_0_game_an_intruder_appearing_in_the_cryo_bay_stops_hibernation_and_keeps_the_cost() -> None:
    state = pilot_in("CB", draws=[NOISE["1"], 0], noise=["CB|S02"], bag=["H2"], hands={0: list(HAND), 1: []})
    state.tuning = 0  # a game stored by engine derelict-0: hibernating makes a noise roll
    state.players[1].room = "S10"
    state.ship.time = 7
    play = Play(state)
    play.act(0, "hibernate", "search")
    me = play.state.players[0]
    assert me.status == "active" and len(me.hand) == 4
    assert [i.room for i in play.state.ship.intruders] == ["CB"]


@pytest.mark.rule("DER-HIBER-3")
def test_in_a_tuned_game_hibernating_makes_no_noise_roll() -> None:
    # The same Cryo Bay with a noisy exit and a hunter in the bag: tuning 1 rolls nothing, so nothing comes.
    state = pilot_in("CB", noise=["CB|S02"], bag=["H2"], hands={0: list(HAND), 1: []})
    state.players[1].room = "S10"
    state.ship.time = 7
    play = Play(state)
    play.act(0, "hibernate", "search")
    assert play.state.players[0].status == "hibernating"
    assert play.state.ship.intruders == [] and play.state.ship.noise == ["CB|S02"] and play.state.ship.bag == ["H2"]


@pytest.mark.rule("DER-POD-3")
@pytest.mark.rule("DER-POD-5")
@pytest.mark.rule("DER-POD-6")
@pytest.mark.rule("DER-POD-10")
def test_boarding_an_unlocked_pod_then_launching_escapes() -> None:
    state = pilot_in("PA", draws=[NOISE["silence"]])
    assert "board_pod" not in Play(state).choices(0)  # every pod starts locked
    state.ship.pods[0].locked = False
    play = Play(state)
    play.act(0, "board_pod", "search")
    assert play.choices(0) == ["launch", "wait"]
    play.act(0, "launch")
    assert play.state.players[0].status == "escaped"
    assert play.state.ship.pods[0].launched


@pytest.mark.rule("DER-POD-7")
@pytest.mark.rule("DER-POD-9")
def test_a_character_waiting_in_a_pod_chooses_at_the_start_of_each_turn() -> None:
    state = pilot_in("PA", draws=[NOISE["silence"]])
    state.ship.pods[0].locked = False
    play = Play(state)
    play.act(0, "board_pod", "search", "wait")
    assert play.state.players[0].status == "pod" and play.state.current == 1
    play.act(1, "pass", "done")
    assert play.choices(0) == ["launch", "stay", "step_out"]
    play.act(0, "step_out")
    assert play.state.players[0].status == "active" and play.state.players[0].room == "PA"
    assert "move" in play.choices(0)  # the turn goes on


@pytest.mark.rule("DER-POD-8")
def test_an_intruder_entering_the_bay_pulls_the_waiting_out() -> None:
    from engine.derelict.intruders import move_intruder

    state = pilot_in("PA")
    state.players[0].status = "pod"
    state.players[0].pod = 1
    state.ship.pods[0].seats = [0]
    state = rig(state, intruders=[("hunter", "S01")])
    out: list[Event] = []
    move_intruder(state, state.ship.intruders[0], "PA", out)
    assert state.players[0].status == "active" and state.players[0].room == "PA"


@pytest.mark.rule("DER-COURSE-1")
@pytest.mark.rule("DER-COURSE-2")
def test_reading_the_course_is_private_and_setting_it_is_public() -> None:
    play = Play(pilot_in("BR"))
    labels = [c.label for c in play.pending(0).choices]
    assert "Read course (free)" in labels  # the Pilot's trait: 1 less
    play.act(0, "read_course")
    private = [e for e in play.events if e.audience == (0,)]
    assert any("coordinates card reads" in e.text for e in private)
    assert not any("coordinates card reads" in t for t in play.texts(None))
    assert play.view(0).peeks and not play.view(1).peeks
    play.act(0, "set_course", "D", "search")
    assert play.view(None).course == "D"
    hibernating = pilot_in("BR")
    hibernating.players[1].status = "hibernating"
    assert "set_course" not in Play(hibernating).choices(0)


@pytest.mark.rule("DER-ENGINE-1")
@pytest.mark.rule("DER-ENGINE-2")
def test_engine_work_shows_both_tokens_privately_and_the_channel_only_learns_a_change() -> None:
    state = pilot_in("E1")
    state.ship.engines["E1"] = ["damaged", "working"]
    play = Play(state)
    play.act(0, "card_repairs")
    play.act(0, "search", "rest")  # pay 2 more cards
    assert play.choices(0) == ["working", "damaged"]
    play.act(0, "working")
    assert play.state.ship.engines["E1"] == ["working", "damaged"]
    public = play.public()
    assert "changes the order" in public and "working" not in public.lower().replace("works on", "")
    assert any("damaged on top" in t for t in play.texts(0))


@pytest.mark.rule("DER-ACT-3")
@pytest.mark.rule("DER-MALF-3")
def test_a_malfunction_disables_the_room_action() -> None:
    state = pilot_in("BR")
    state.ship.malfunction = ["BR"]
    assert "read_course" not in Play(state).choices(0)


@pytest.mark.rule("DER-SIGNAL-1")
@pytest.mark.rule("DER-ACT-ROOM-1")
def test_the_signal_is_sent_once_and_is_public() -> None:
    play = Play(pilot_in("S05", explored={"S05": "comms"}))
    play.act(0, "signal", "search", "rest")
    assert play.view(None).seats[0].signal
    play.state = rig(play.state, current=0, hands={0: list(HAND)})
    assert "signal" not in play.choices(0)


@pytest.mark.rule("DER-SELF-1")
@pytest.mark.rule("DER-SELF-2")
@pytest.mark.rule("DER-SELF-3")
@pytest.mark.rule("DER-SELF-4")
def test_the_self_destruct_arms_runs_and_detonates() -> None:
    from engine.derelict.ending import GameOver
    from engine.derelict.phase import advance_tracks

    play = Play(pilot_in("S05", explored={"S05": "reactor"}))
    play.act(0, "self_destruct", "search", "rest")
    state = play.state
    assert state.ship.self_destruct == 0
    out: list[Event] = []
    for _ in range(3):
        advance_tracks(state, out)
    assert state.ship.self_destruct == 3 and all(not p.locked for p in state.ship.pods)
    state = rig(state, current=0, hands={0: list(HAND)}, rooms={0: "S05"})
    assert "self_destruct" not in Play(state).choices(0)  # amber: no disarming
    with pytest.raises(GameOver):
        for _ in range(3):
            advance_tracks(state, out)
    assert state.ship.destroyed and all(p.status == "dead" for p in state.players)


@pytest.mark.rule("DER-EXPLORE-4")
def test_search_lowers_the_counter_and_keeps_one_of_two_cards_privately() -> None:
    state = pilot_in("S05", explored={"S05": "armory"})
    state.ship.item_decks["military"] = ["frag_grenade", "flare", "pod_key"]
    play = Play(state)
    play.act(0, "card_search")
    assert play.choices(0) == ["frag_grenade", "flare", "none"]
    play.act(0, "flare")
    me = play.state.players[0]
    assert me.items == ["flare"] and play.state.ship.item_counter["S05"] == 1
    assert play.state.ship.item_discards["military"] == ["frag_grenade"]
    assert "Flare" not in play.public() and play.view(None).seats[0].item_count == 1


@pytest.mark.rule("DER-WEAK-2")
def test_analysing_an_object_reveals_its_kinds_weakness_to_everyone() -> None:
    state = pilot_in("S05", explored={"S05": "lab"})
    state.players[0].held = ["egg"]
    play = Play(state)
    play.act(0, "analyse", "search", "rest")
    assert "egg" in play.view(None).weaknesses and play.state.players[0].held == ["egg"]


@pytest.mark.rule("DER-ACT-HEAVY-1")
@pytest.mark.rule("DER-ACT-HEAVY-2")
def test_taking_a_heavy_object_needs_a_free_hand_or_a_drop() -> None:
    play = Play(pilot_in("CB"))
    play.act(0, "take", "search")  # the body is the only object: nothing else to ask
    assert play.state.players[0].held == ["body"]
    state = pilot_in("CB")
    state.players[0].held = ["egg"]
    play = Play(state)
    play.act(0, "take")
    assert play.choices(0) == ["w0", "h0"]
    play.act(0, "h0", "search")
    assert play.state.players[0].held == ["body"] and play.state.ship.objects["CB"] == ["egg"]


@pytest.mark.rule("DER-FIRE-1")
@pytest.mark.rule("DER-FIRE-2")
@pytest.mark.rule("DER-MALF-1")
@pytest.mark.rule("DER-MALF-2")
def test_a_ninth_token_explodes_the_ship_but_a_token_that_cannot_be_held_does_not_count() -> None:
    from engine.derelict.ending import GameOver

    state = pilot_in("CB")
    out: list[Event] = []
    rooms = ["PA", "S01", "S02", "S03", "S04", "E1", "BR", "S05"]
    state.ship.fire = list(rooms)
    place_fire(state, "PA", out)  # already burning: nothing
    with pytest.raises(GameOver):
        place_fire(state, "CB", out)
    state = pilot_in("CB")
    hive = next(s for s, t in state.ship.tiles.items() if t == "hive")
    state.ship.malfunction = [r for r in [*rooms, "S06"] if r != hive][:8]
    place_malfunction(state, hive, out)  # the Hive never holds one: not a ninth token
    assert not state.ship.destroyed
    with pytest.raises(GameOver):
        place_malfunction(state, "E3", out)


@pytest.mark.rule("DER-WOUND-5")
def test_a_mangled_arm_makes_its_owner_drop_one_held_thing_on_their_own_turn() -> None:
    from engine.derelict.state import SeriousWound

    state = pilot_in("CB")
    state.players[0].held = ["body"]  # the Carbine and the body: two hands' worth
    state.players[0].serious = [SeriousWound(card="mangled_arm")]
    play = Play(state)
    assert play.choices(0) == ["w0", "h0"]
    play.act(0, "h0")
    assert play.state.players[0].held == [] and "move" in play.choices(0)


@pytest.mark.rule("DER-SOLO-2")
def test_solo_item_counters_are_halved_rounding_up() -> None:
    from engine.derelict.hazards import explore

    state = rig(new_game(1, characters=("pilot",)))
    state.ship.explore_tokens["S06"], other = 3, state.ship.explore_tokens["S06"]  # Quiet, value 3
    holder = next(s for s, t in state.ship.explore_tokens.items() if t == 3 and s != "S06")
    state.ship.explore_tokens[holder] = other
    if state.ship.tiles["S06"] in ("hive", "slime_hold"):
        state.ship.tiles["S06"], state.ship.tiles["S05"] = state.ship.tiles["S05"], state.ship.tiles["S06"]
    out: list[Event] = []
    explore(state, state.players[0], "S06", out)
    assert state.ship.item_counter["S06"] == 2


def test_requisition_keeps_one_card_and_puts_the_other_under_its_deck() -> None:
    """Table 2.2, Stores: draw 2 from a deck of your choice, keep 1, the other to the bottom."""
    state = pilot_in("S05", explored={"S05": "stores"})
    state.ship.item_decks["medical"] = ["medkit", "spirits", "bandage"]
    play = Play(state)
    play.act(0, "requisition", "medical", "search", "rest", "spirits")
    assert play.state.players[0].items == ["spirits"]
    assert play.state.ship.item_decks["medical"] == ["bandage", "medkit"]


@pytest.mark.rule("DER-HIBER-2")
def test_the_cryo_bay_opens_on_the_tuned_space_and_a_derelict_0_game_keeps_its_own() -> None:
    def offered(time: int, tuning: int, length: str = "full") -> bool:
        state = rig(new_game(2, characters=("pilot", "medic"), length=length), rooms={0: "CB"}, current=0)
        state.players[0].hand = list(HAND)
        state.ship.time, state.tuning = time, tuning
        return "hibernate" in Play(state).choices(0)

    assert not offered(4, 1) and offered(5, 1)  # tuning 1: space 5 of 13
    assert not offered(3, 1, "short") and offered(4, 1, "short")  # space 4 of 10
    assert not offered(6, 0) and offered(7, 0)  # a game stored by engine derelict-0: space 7, as dealt
