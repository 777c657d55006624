"""Noise, collisions, surprise attacks and intruder attacks: DER-NOISE-*, DER-COLLISION-*, DER-ATTACK-*,
DER-INFECT-4, DER-WOUND-*."""

from __future__ import annotations

import pytest

from engine.core import Event
from engine.derelict.harm import kill, light_wound, serious_wound
from engine.derelict.noise import noise_roll
from engine.derelict.state import DerelictState, SeriousWound

from .rigging import NOISE, Play, new_game, rig


def alone_in(room: str, **kwargs) -> DerelictState:  # type: ignore[no-untyped-def]
    """Seat 0 alone in ``room`` (explored as an Armory if a slot), seat 1 in the Cryo Bay."""
    explored = {room: "armory"} if room.startswith("S") else {}
    kwargs.setdefault("hands", {0: ["search", "rest", "sabotage"], 1: ["rest"]})
    return rig(new_game(2, characters=("commander", "pilot")), rooms={0: room}, explored=explored, **kwargs)


def roll(state: DerelictState) -> list[Event]:
    out: list[Event] = []
    noise_roll(state, state.players[0], out)
    return out


@pytest.mark.rule("DER-NOISE-3")
@pytest.mark.rule("DER-COLLISION-1")
@pytest.mark.rule("DER-COLLISION-2")
def test_noise_in_a_noisy_corridor_is_a_collision() -> None:
    state = alone_in("S06", noise=["CB|S06", "S05|S06", "DU"], bag=["H2"], draws=[NOISE["2"], 0])
    out = roll(state)
    assert state.ship.noise == ["DU"]  # every exit of S06 cleared; other passages keep theirs
    assert [(i.type, i.room) for i in state.ship.intruders] == [("hunter", "S06")]
    assert any("Collision" in e.text for e in out)


@pytest.mark.rule("DER-COLLISION-3")
@pytest.mark.rule("DER-COLLISION-4")
def test_a_token_number_above_the_hand_size_is_a_surprise_attack() -> None:
    # H2 shows 3; a hand of 3 cards: no surprise.
    calm = alone_in("S06", noise=["CB|S06"], bag=["H2"], draws=[NOISE["2"], 0], attack_deck=["maul1"])
    roll(calm)
    assert calm.players[0].serious == [] and calm.ship.attack_deck == ["maul1"]
    # A hand of 2: the hunter attacks at once (Maul: 1 serious wound).
    hit = alone_in(
        "S06", noise=["CB|S06"], bag=["H2"], draws=[NOISE["2"], 0], attack_deck=["maul1"], hands={0: ["a", "b"]}
    )
    roll(hit)
    assert len(hit.players[0].serious) == 1


@pytest.mark.rule("DER-COLLISION-5")
def test_a_blank_fills_the_exits_with_noise_and_goes_back() -> None:
    state = alone_in("S06", noise=["CB|S06"], bag=["blank", "H1"], draws=[NOISE["2"], 1])
    roll(state)
    assert not state.ship.intruders
    assert sorted(state.ship.noise) == ["CB|S06", "S01|S06", "S05|S06", "S06|S09"]
    assert sorted(state.ship.bag) == ["H1", "blank"]


@pytest.mark.rule("DER-COLLISION-6")
@pytest.mark.rule("DER-BAG-6")
def test_an_empty_bag_gets_a_hunter_token_first() -> None:
    state = alone_in("S06", noise=["CB|S06"], bag=[], draws=[NOISE["2"], 0])
    supply_hunters = [t for t in state.ship.supply if t.startswith("H")]
    roll(state)
    assert [i.type for i in state.ship.intruders] == ["hunter"]
    assert state.ship.intruders[0].token == supply_hunters[0]


@pytest.mark.rule("DER-COLLISION-7")
def test_with_no_free_figure_idle_ones_return_to_the_bag() -> None:
    state = alone_in("S06", noise=["CB|S06"], bag=["M1"], draws=[NOISE["2"], 0])
    state = rig(state, intruders=[("matriarch", "S12")], draws=[NOISE["2"], 0])
    roll(state)
    assert [(i.type, i.room) for i in state.ship.intruders] == [("matriarch", "S06")]


@pytest.mark.rule("DER-NOISE-4")
@pytest.mark.rule("DER-NOISE-5")
def test_danger_draws_idle_neighbours_in_or_fills_the_exits() -> None:
    state = alone_in("S06", intruders=[("hunter", "S05"), ("crawler", "S09")], draws=[NOISE["danger"]])
    state.players[1].room = "S09"  # the crawler there is in combat and stays
    roll(state)
    assert sorted((i.type, i.room) for i in state.ship.intruders) == [("crawler", "S09"), ("hunter", "S06")]
    empty = alone_in("S06", draws=[NOISE["danger"]])
    roll(empty)
    assert sorted(empty.ship.noise) == ["CB|S06", "S01|S06", "S05|S06", "S06|S09"]


@pytest.mark.rule("DER-NOISE-6")
@pytest.mark.rule("DER-NOISE-7")
def test_silence_is_quiet_unless_you_are_slimed() -> None:
    quiet = alone_in("S06", draws=[NOISE["silence"]])
    roll(quiet)
    assert not quiet.ship.noise
    slimed = alone_in("S06", draws=[NOISE["silence"]])
    slimed.players[0].slime = True
    roll(slimed)
    assert len(slimed.ship.noise) == 4  # Danger with nothing around: noise in every exit


@pytest.mark.rule("DER-NOISE-8")
def test_a_duct_token_is_shared_by_every_hatch() -> None:
    state = alone_in("S01", noise=["DU"], bag=["H1"], draws=[NOISE["1"], 0])  # S01's exit 1 is a hatch
    roll(state)
    assert [i.room for i in state.ship.intruders] == ["S01"]  # the dorsal duct was noisy: a collision


@pytest.mark.rule("DER-ATTACK-2")
@pytest.mark.rule("DER-ATTACK-3")
@pytest.mark.rule("DER-EVENT-3")
def test_event_attacks_hit_the_character_with_fewest_cards_when_the_symbol_matches() -> None:
    state = new_game(2, characters=("commander", "pilot"))
    state = rig(
        state,
        rooms={0: "CB", 1: "CB"},
        hands={0: ["search", "rest"], 1: ["rest"]},
        intruders=[("hunter", "CB")],
        attack_deck=["slash1"],
        event_deck=[22],
    )
    from engine.derelict.phase import intruder_attacks

    out: list[Event] = []
    intruder_attacks(state, out)
    assert state.players[1].light == 2 and state.players[0].light == 0
    miss = rig(state, attack_deck=["metamorphosis1"])
    before = miss.players[1].light
    intruder_attacks(miss, out)
    assert miss.players[1].light == before and any("a miss" in e.text for e in out)


@pytest.mark.rule("DER-INFECT-4")
@pytest.mark.rule("DER-INTRUDER-3")
def test_a_larva_that_hits_latches_on_and_a_second_one_kills() -> None:
    state = rig(new_game(2), hands={0: [], 1: ["rest"]}, intruders=[("larva", "CB")], attack_deck=["rake1", "rake2"])
    from engine.derelict.phase import intruder_attacks

    out: list[Event] = []
    intruder_attacks(state, out)
    me = state.players[0]
    assert me.larva and not state.ship.intruders and any(c.startswith("inf") for c in me.discard)
    state = rig(state, intruders=[("larva", "CB")], attack_deck=["rake2"])
    intruder_attacks(state, out)
    assert state.players[0].status == "dead"
    # The crawler bursting out takes the lowest crawler token left in the supply (C1 starts in the bag).
    assert [(i.type, i.token) for i in state.ship.intruders] == [("crawler", "C2")]


@pytest.mark.rule("DER-WOUND-1")
@pytest.mark.rule("DER-WOUND-2")
def test_three_light_wounds_become_a_serious_wound_card() -> None:
    state = rig(new_game(1, characters=("pilot",)))
    state.ship.wound_deck = ["bleeding", "torn_leg"]
    out: list[Event] = []
    for _ in range(3):
        light_wound(state, state.players[0], out)
    me = state.players[0]
    assert me.light == 0 and [w.card for w in me.serious] == ["bleeding"]


@pytest.mark.rule("DER-WOUND-3")
def test_a_wound_beyond_three_serious_ones_kills() -> None:
    state = rig(new_game(2, characters=("pilot", "medic")))
    me = state.players[0]
    me.serious = [SeriousWound(card="bleeding") for _ in range(3)]
    out: list[Event] = []
    light_wound(state, me, out)
    assert me.status == "dead"


@pytest.mark.rule("DER-WOUND-6")
@pytest.mark.rule("DER-WOUND-7")
def test_a_death_leaves_a_corpse_drops_what_was_held_and_unlocks_the_pods() -> None:
    state = rig(new_game(2, characters=("pilot", "medic")))
    me = state.players[0]
    me.held = ["body"]
    me.items = ["medkit"]
    out: list[Event] = []
    kill(state, me, "test", out)
    assert state.ship.objects["CB"] == ["body", "corpse:pilot", "body"] and not me.items and not me.held
    assert all(not p.locked for p in state.ship.pods)


@pytest.mark.rule("DER-WOUND-2")
def test_an_empty_wound_deck_still_counts_the_wound() -> None:
    state = rig(new_game(1))
    state.ship.wound_deck = []
    state.ship.wound_discard = []
    out: list[Event] = []
    serious_wound(state, state.players[0], out)
    assert [w.card for w in state.players[0].serious] == [None]


@pytest.mark.rule("DER-END-3")
@pytest.mark.rule("DER-END-4")
def test_the_last_awake_character_dying_ends_the_game_with_the_hyperjump() -> None:
    state = rig(new_game(2, characters=("pilot", "medic")), current=0, hands={0: ["search"], 1: []})
    state.players[1].status = "hibernating"
    state.players[0].serious = [SeriousWound(card="bleeding") for _ in range(3)]
    state.ship.fire = ["CB"]
    play = Play(state)
    play.act(0, "pass", "done")  # Bleeding, then fire: the fourth wound kills
    assert play.state.phase == "over"
    assert "hyperjump" in play.state.ship.ending
