"""The event phase and the end of the game: DER-ROUND-4, DER-EVENT-*, DER-EVCARD-*, DER-BAG-*, DER-FIRE-3..4,
DER-COMBAT-*, DER-END-*, DER-END-CHECK-*, DER-WIN-1."""

from __future__ import annotations

import pytest

from engine.core import Event
from engine.derelict import SPEC
from engine.derelict.combat import wound_intruder
from engine.derelict.endgame import end_checks
from engine.derelict.ending import GameOver
from engine.derelict.phase import advance_tracks, bag_step, event_card, fire_step
from engine.derelict.state import DerelictState

from .rigging import COMBAT, NOISE, Play, new_game, rig


def quiet_game(**kwargs) -> DerelictState:  # type: ignore[no-untyped-def]
    return rig(new_game(2, characters=("pilot", "medic")), **kwargs)


@pytest.mark.rule("DER-EVENT-1")
@pytest.mark.rule("DER-EVENT-2")
@pytest.mark.rule("DER-END-1")
def test_time_runs_out_in_a_hyperjump_that_kills_everyone_awake() -> None:
    state = quiet_game()
    state.ship.time = 12
    state.players[1].status = "hibernating"
    out: list[Event] = []
    with pytest.raises(GameOver):
        advance_tracks(state, out)
    assert state.players[0].status == "dead" and state.players[1].status == "hibernating"
    short = rig(new_game(1, length="short"))
    short.ship.time = 9
    with pytest.raises(GameOver):
        advance_tracks(short, out)


@pytest.mark.rule("DER-EVCARD-1")
@pytest.mark.rule("DER-INTRUDER-4")
@pytest.mark.rule("DER-INTRUDER-6")
@pytest.mark.rule("DER-EVENT-5")
def test_event_cards_move_idle_intruders_through_their_exit_and_hatches_flush() -> None:
    # Card 22, Quiet spell: larvae and crawlers move through exit 2.
    state = quiet_game(
        intruders=[("crawler", "S06"), ("crawler", "S13"), ("crawler", "CB"), ("hunter", "S09")], event_deck=[22]
    )
    out: list[Event] = []
    event_card(state, out)
    rooms = sorted((i.type, i.room) for i in state.ship.intruders)
    # S06 -> CB (exit 2); S13's exit 2 is a hatch: flushed to the bag; the crawler in the Cryo Bay is in
    # combat and stays; hunters are not named.
    assert rooms == [("crawler", "CB"), ("crawler", "CB"), ("hunter", "S09")]


@pytest.mark.rule("DER-EVCARD-2")
def test_a_removed_event_shuffles_the_discard_back() -> None:
    state = quiet_game(event_deck=[4, 9])
    state.ship.event_discard = [1, 2]
    out: list[Event] = []
    event_card(state, out)  # Life support fault: remove
    assert sorted(state.ship.event_deck) == [1, 2, 9] and not state.ship.event_discard


@pytest.mark.rule("DER-FIRE-3")
@pytest.mark.rule("DER-FIRE-4")
@pytest.mark.rule("DER-COMBAT-4")
@pytest.mark.rule("DER-COMBAT-7")
@pytest.mark.rule("DER-EVENT-4")
def test_fire_wounds_intruders_and_burns_an_egg() -> None:
    state = quiet_game(intruders=[("hunter", "S06")], explored={"S06": "armory"}, attack_deck=["rake1"])
    state.ship.fire = ["S06"]
    state.ship.objects["S06"] = ["egg", "egg"]
    state.ship.intruders[0].wounds = 1
    out: list[Event] = []
    fire_step(state, out)
    # Rake 1 has endurance 2: two wounds kill the hunter, which leaves a carcass.
    assert not state.ship.intruders
    assert state.ship.objects["S06"] == ["egg", "carcass:hunter"]


@pytest.mark.rule("DER-COMBAT-5")
@pytest.mark.parametrize("kind", ["brooder", "matriarch"])
def test_a_brooder_and_the_matriarch_die_exactly_when_their_wounds_reach_the_cards_number(kind: str) -> None:
    """Rulebook, "Shot": "If the number of wounds is greater than or equal to this number, the alien dies";
    the same comparison for every alien. Rake 1 shows 2: one wound short survives, two kill."""
    survives = quiet_game(intruders=[(kind, "S06")], attack_deck=["rake1"])
    out: list[Event] = []
    wound_intruder(survives, survives.ship.intruders[0], 1, out)
    assert survives.ship.intruders[0].wounds == 1
    assert f"The {kind} has 1 wound; endurance check: 2." in [e.text for e in out]
    dies = quiet_game(intruders=[(kind, "S06")], attack_deck=["rake1"])
    wound_intruder(dies, dies.ship.intruders[0], 2, out)
    assert not dies.ship.intruders and dies.ship.objects["S06"] == [f"carcass:{kind}"]


@pytest.mark.rule("DER-COMBAT-5")
def test_a_game_dealt_under_tuning_1_keeps_the_brooders_two_and_the_matriarchs_four() -> None:
    """A stored game keeps the rule it began with: under tuning 0 or 1 (engines derelict-0 and -1) a brooder
    adds 2 and the matriarch 4 to the card's number. Rake 1 shows 2."""
    for kind, bonus in (("brooder", 2), ("matriarch", 4)):
        old = quiet_game(intruders=[(kind, "S06")], attack_deck=["rake1", "rake1"])
        old.tuning = 1
        out: list[Event] = []
        wound_intruder(old, old.ship.intruders[0], 1 + bonus, out)
        assert old.ship.intruders and f"endurance check: {2 + bonus}." in out[-1].text
        old.ship.attack_deck = ["rake1"]
        wound_intruder(old, old.ship.intruders[0], 1, out)
        assert not old.ship.intruders


@pytest.mark.rule("DER-COMBAT-8")
@pytest.mark.rule("DER-COMBAT-9")
def test_an_intruder_surviving_a_flee_marked_card_flees() -> None:
    state = quiet_game(intruders=[("brooder", "S06")], attack_deck=["maul4"], draws=[NOISE["2"]])
    out: list[Event] = []
    wound_intruder(state, state.ship.intruders[0], 4, out)  # Maul 4 shows 5 with the flee mark: 4 < 5
    brooder = state.ship.intruders[0]
    assert brooder.wounds == 4 and brooder.room == "CB"  # fled through S06's exit 2


@pytest.mark.rule("DER-ACT-SHOOT-1")
@pytest.mark.rule("DER-ACT-SHOOT-2")
@pytest.mark.rule("DER-ACT-SHOOT-3")
@pytest.mark.rule("DER-COMBAT-2")
@pytest.mark.rule("DER-ACT-SHOOT-4")
def test_a_shot_spends_ammo_and_rolls_the_combat_die() -> None:
    state = quiet_game(intruders=[("hunter", "CB")], current=0, hands={0: ["search", "rest"], 1: []})
    state.rng.queued = [COMBAT["small"]]  # Small does not wound a hunter
    play = Play(state)
    play.act(0, "shoot", "search")  # one weapon, one target: only the paying card is asked
    assert play.state.players[0].weapons[0].ammo == 2
    assert play.state.ship.intruders[0].wounds == 0


@pytest.mark.rule("DER-ACT-MELEE-1")
@pytest.mark.rule("DER-ACT-MELEE-2")
@pytest.mark.rule("DER-ACT-MELEE-3")
def test_hand_to_hand_infects_first_and_a_blow_that_wounds_nothing_hurts_back() -> None:
    state = quiet_game(intruders=[("hunter", "CB")], current=0, hands={0: ["search", "rest"], 1: []})
    state.rng.queued = [COMBAT["miss"]]
    play = Play(state)
    play.act(0, "melee", "search")
    me = play.state.players[0]
    assert any(c.startswith("inf") for c in me.discard) and len(me.serious) == 1


@pytest.mark.rule("DER-HIVE-2")
@pytest.mark.rule("DER-HIVE-3")
def test_shooting_eggs_destroys_one_per_wound_then_makes_noise() -> None:
    state = quiet_game(current=0, hands={0: ["search", "rest"], 1: []}, rooms={0: "S06"}, explored={"S06": "hive"})
    state.ship.objects["S06"] = ["egg", "egg", "egg"]
    state.rng.queued = [COMBAT["double"], NOISE["silence"]]
    play = Play(state)
    play.act(0, "shoot", "rest")
    assert play.state.ship.objects["S06"] == ["egg"]
    assert "rolls for noise" in play.public()


@pytest.mark.rule("DER-BAG-2")
@pytest.mark.rule("DER-BAG-5")
@pytest.mark.rule("DER-EVENT-6")
@pytest.mark.rule("DER-BAG-1")
def test_larva_and_blank_tokens_add_hunters_and_crawlers_add_brooders() -> None:
    for token, adds in (("L1", "H4"), ("blank", "H4"), ("C1", "B1")):
        state = quiet_game(bag=[token], draws=[0])
        state.ship.supply = ["B1", "H4"]
        out: list[Event] = []
        bag_step(state, out)
        assert adds in state.ship.bag
        assert (token in state.ship.bag) == (token == "blank")


@pytest.mark.rule("DER-BAG-3")
@pytest.mark.rule("DER-NOISE-10")
def test_a_hunter_token_makes_every_free_character_roll_and_goes_back() -> None:
    state = quiet_game(bag=["H1"], draws=[0, NOISE["1"]], rooms={0: "S06", 1: "CB"}, intruders=[("larva", "CB")])
    out: list[Event] = []
    bag_step(state, out)
    assert state.ship.bag == ["H1"]
    rollers = [e.text for e in out if "rolls for noise" in e.text]
    assert len(rollers) == 1 and rollers[0].startswith("Pilot")  # the Medic is in combat


@pytest.mark.rule("DER-BAG-4")
def test_the_matriarch_token_grows_an_egg_when_nobody_is_in_the_hive() -> None:
    state = quiet_game(bag=["M1"], draws=[0])
    hive = next(s for s, t in state.ship.tiles.items() if t == "hive")
    out: list[Event] = []
    bag_step(state, out)
    assert state.ship.objects[hive].count("egg") == 6 and state.ship.bag == ["M1"]


@pytest.mark.rule("DER-END-CHECK-1")
@pytest.mark.rule("DER-END-CHECK-2")
def test_two_damaged_engines_kill_the_sleepers() -> None:
    state = quiet_game()
    state.players[0].status = "hibernating"
    state.players[1].status = "escaped"
    state.ship.engines = {"E1": ["damaged", "working"], "E2": ["damaged", "working"], "E3": ["working", "damaged"]}
    out: list[Event] = []
    end_checks(state, out)
    assert state.players[0].status == "dead" and state.players[1].status == "escaped"
    assert state.ship.destroyed


@pytest.mark.rule("DER-END-CHECK-3")
@pytest.mark.rule("DER-TASK-6")
def test_a_course_not_to_earth_kills_the_sleepers_but_not_the_escaped() -> None:
    state = quiet_game()
    state.ship.engines = {r: ["working", "damaged"] for r in ("E1", "E2", "E3")}
    state.ship.coordinates = 0  # A Earth, B Ceres, C Titan, D Void
    state.ship.course = "B"
    state.players[0].status = "hibernating"
    state.players[1].status = "escaped"
    out: list[Event] = []
    end_checks(state, out)
    assert state.players[0].status == "dead" and state.players[1].status == "escaped"


@pytest.mark.rule("DER-END-CHECK-4")
@pytest.mark.rule("DER-END-CHECK-5")
def test_the_contagion_check_draws_four_only_for_the_infected() -> None:
    state = quiet_game()
    for p in state.players:
        p.status = "escaped"
    state.ship.infected = ["inf0"]
    state.players[0].deck = ["inf0", "search", "rest", "sabotage", "repairs"]
    state.players[0].hand = []
    state.players[0].discard = []
    state.players[1].discard = ["inf5"]  # clean: no draw
    state.rng.queued = [4, 3, 2, 1]  # a shuffle that keeps the order: inf0 is among the top 4
    out: list[Event] = []
    end_checks(state, out)
    assert state.players[0].status == "dead" and state.players[1].status == "escaped"


@pytest.mark.rule("DER-WIN-1")
@pytest.mark.rule("DER-END-CHECK-6")
@pytest.mark.rule("DER-END-CHECK-7")
@pytest.mark.rule("DER-TASK-1")
@pytest.mark.rule("DER-TASK-5")
def test_survivors_whose_task_is_met_win_and_chosen_tasks_go_public() -> None:
    state = quiet_game()
    state.ship.engines = {r: ["working", "damaged"] for r in ("E1", "E2", "E3")}
    state.ship.coordinates = 0
    state.ship.course = "A"  # Earth
    state.players[0].task, state.players[0].dealt_tasks = "P1", ["C3", "P1"]
    state.players[1].task = "C5"  # the player on the left (seat 0) must not survive
    for p in state.players:
        p.status = "hibernating"
    out: list[Event] = []
    end_checks(state, out)
    result = SPEC.outcome(state)
    assert result is not None and result.winners == (0,)
    assert "not met" in result.summary
    view = SPEC.view(state, None)
    assert view.chosen_tasks == {0: "Homecoming", 1: "Clean slate"}
    assert "Egg assay" not in str(view.model_dump())  # the unchosen task never shows


@pytest.mark.rule("DER-EVCARD-4")
def test_spreading_blaze_never_places_a_ninth_fire_in_a_tuned_game_but_does_in_a_derelict_0_game() -> None:
    # Card 2, Spreading blaze: fire spreads to every room next to a burning room.
    burning = ["PA", "S01", "S02", "S03", "S04", "E1", "BR"]  # 7 of the 8 fire tokens
    state = quiet_game(event_deck=[2])
    state.ship.fire = list(burning)
    out: list[Event] = []
    event_card(state, out)
    assert len(state.ship.fire) == 8 and not state.ship.destroyed  # the 8th token is placed, no 9th
    assert any("No fire token is left" in e.text for e in out)
    assert "Fire spreads only while fire tokens remain: never a 9th." in out[0].text  # the card says so
    old = quiet_game(event_deck=[2])
    old.tuning = 0  # a game stored by engine derelict-0 plays on as it was dealt
    old.ship.fire = list(burning)
    with pytest.raises(GameOver):
        event_card(old, [])
    assert old.ship.destroyed


@pytest.mark.rule("DER-EVCARD-4")
def test_every_card_that_places_tokens_in_several_rooms_states_its_limit_in_cards_and_the_log() -> None:
    """Issue 30: a card must do what its text says. Each card that never places a 9th says so where players
    read it: ``/cards`` and the log line of the drawn card; a game dealt under tuning 0 (which still explodes)
    reads the card without it."""
    from engine.derelict.catalog import CATALOG

    lines = SPEC.cards_text() if SPEC.cards_text else ()
    limited = {"Flash fire", "Spreading blaze", "Scorched wiring", "Life support fault", "Short circuit"}
    limited |= {"Hull stress"}
    for card in CATALOG.events.events:
        assert (card.limit is not None) == (card.name in limited), card.name
        line = next(line for line in lines if line.startswith(f"**{card.name}**"))
        assert card.text in line and (card.limit is None or card.limit in line), line
        state = quiet_game(event_deck=[card.number])
        out: list[Event] = []
        event_card(state, out)
        assert (card.limit is not None) == ((card.limit or "@") in out[0].text), out[0].text
        old = quiet_game(event_deck=[card.number])
        old.tuning = 0
        out = []
        event_card(old, out)
        assert out[0].text.endswith(card.text), out[0].text


@pytest.mark.rule("DER-EVCARD-4")
def test_a_single_token_still_explodes_the_ship_in_a_tuned_game() -> None:
    from engine.derelict.hazards import place_malfunction

    state = quiet_game()
    state.ship.malfunction = ["PA", "S01", "S02", "S03", "S05", "E1", "BR", "S06"]
    with pytest.raises(GameOver):
        place_malfunction(state, "S07", [])  # Sabotage, exploring, Power surge: one token, the seed's rule


@pytest.mark.rule("DER-EVCARD-4")
def test_a_game_stored_by_engine_derelict_0_loads_as_tuning_0_and_a_new_game_gets_the_last_tuning() -> None:
    from engine.derelict.catalog import CATALOG

    new = quiet_game()
    assert new.tuning == CATALOG.ship.tunings[-1].id == 2
    stored = new.model_dump(mode="json")
    del stored["tuning"]  # what engine derelict-0 wrote
    assert DerelictState.model_validate(stored).tuning == 0


@pytest.mark.rule("DER-NOISE-10")
def test_egg_guard_makes_no_collision_for_a_character_already_in_combat() -> None:
    # Card 14, Egg guard: a collision for each character in the Hive or carrying an egg.
    state = quiet_game(event_deck=[14], bag=["H2"], intruders=[("hunter", "S10")])
    state.players[0].room, state.players[1].room = "S10", "S11"  # the Pilot fights; the Medic is free
    state.players[0].held, state.players[1].held = ["egg"], ["egg"]
    out: list[Event] = []
    event_card(state, out)
    collisions = [e.text for e in out if e.text.startswith("Collision")]
    assert len(collisions) == 1 and "S11" in collisions[0]  # only the free Medic's
    assert sorted(i.room for i in state.ship.intruders) == ["S10", "S11"]
