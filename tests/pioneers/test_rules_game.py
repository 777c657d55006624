"""Commanders, rounds, scenarios and the end (PIO-CMD-*, PIO-ROUND-*, PIO-END-*, PIO-SECTOR-4, PIO-GAP-7,
-12, -20, -22..24, and each scenario's own rule)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Outcome, SeatSetup
from engine.pioneers import SPEC, PioneersOptions

from .rigging import Play, new_game, rig

RING = ["R1", "B5", "G4", "Y1", "P1", "belt"]  # 1 Ravan, 2 Tidewell, 3 Fern, 4 Dune, 5 Hive
QUIET = ("stay", "keep", "none", "c0", "g0", "done", "hold")


def pass_turn(play: Play) -> Play:
    """The active captain does nothing that matters: stays, keeps, declines."""
    seat = play.prompt().seat
    while play.prompts() and play.prompt().seat == seat:
        ids = play.choice_ids()
        quiet = [c for c in QUIET if c in ids]
        if not quiet:
            break
        play.choose(quiet[0])
    return play


def game(scenario: str = "cosmic_pioneers", n: int = 2, **kwargs: Any) -> Play:
    kwargs.setdefault("ring", RING)
    return Play(rig(new_game(n=n, scenario=scenario), **kwargs))


def seats(*fields: dict[str, Any]) -> dict[int, dict[str, Any]]:
    commanders = ("novak", "fraser", "kade", "sato")
    return {i: {"commander": commanders[i], "cargo": [], **f} for i, f in enumerate(fields)}


# -- commanders --------------------------------------------------------------------------------------------
@pytest.mark.rule("PIO-CMD-1")
@pytest.mark.rule("PIO-CMD-2")
def test_weapons_level_two_adds_one_to_combat() -> None:
    play = game(players=seats({"at": 0, "levels": {"weapons": 2}}, {"at": 2}), dice=[2, 3, 6])
    play.choose("s2")
    assert "3 against 3" in play.text()


@pytest.mark.rule("PIO-CMD-1")
def test_fraser_picks_the_spot_of_each_lifeform_he_unloads() -> None:
    play = game(
        players=seats({"at": 1, "commander": "fraser", "cargo": ["C", "C"]}, {"at": 0, "commander": "novak"}), dice=[6]
    )
    play.choose("stay", "u-C")
    assert play.choice_ids() == [f"p{i}" for i in range(1, 6)]
    play.choose("p4")
    assert play.spots(1) == ". . . 0 ."


@pytest.mark.rule("PIO-CMD-1")
def test_kade_may_re_roll_his_losing_combat_die_and_the_new_roll_stands() -> None:
    play = game(players=seats({"at": 0, "commander": "kade"}, {"at": 2, "commander": "novak"}), dice=[1, 4, 6, 6])
    play.choose("s2")
    assert play.prompt().seat == 0 and play.choice_ids() == ["reroll", "keep"]
    play.choose("reroll")
    assert "re-rolls: 6" in play.text() and "Ann wins the combat 6 to 4" in play.text()


@pytest.mark.rule("PIO-CMD-1")
def test_kade_defending_is_asked_too_and_not_when_winning() -> None:
    play = game(players=seats({"at": 0, "commander": "novak"}, {"at": 2, "commander": "kade"}), dice=[5, 2, 1, 6])
    play.choose("s2")
    assert play.prompt().seat == 1
    play.choose("reroll")  # 1: still losing; P2 crashes
    assert "Ann wins" in play.text()
    play = game(players=seats({"at": 0, "commander": "novak"}, {"at": 2, "commander": "kade"}), dice=[2, 5, 6])
    play.choose("s2")
    assert play.waits_on() == "site" and play.prompt().seat == 0  # Kade won: no question; P1 goes down


@pytest.mark.rule("PIO-CMD-1")
def test_novak_gains_100_more_at_the_jumpgate() -> None:
    play = game(players=seats({"at": 1, "commander": "novak", "credits": 0}, {"at": 0}))
    play.choose("s0")
    assert play.view().players[0].credits == 300


@pytest.mark.rule("PIO-CMD-1")
def test_sato_may_re_roll_his_adventure_die_when_it_shows_two_or_three() -> None:
    play = game(players=seats({"at": 1, "commander": "sato"}, {"at": 0}), dice=[3, 6])
    play.choose("stay")
    assert play.choice_ids() == ["reroll", "keep"]
    play.choose("reroll")
    assert play.view().players[0].credits == 400  # Ravan 6: $+100
    play = game(players=seats({"at": 1, "commander": "sato"}, {"at": 0}), dice=[1], deck=["bug"])
    play.choose("stay")
    assert "a Bug event" in play.text() and play.waits_on() != "sato"


@pytest.mark.rule("PIO-CMD-1")
def test_sato_keeps_a_five_without_being_asked() -> None:
    """Our data: Sato re-rolls only the faces 2 and 3 (the balance round of the rules page)."""
    play = game(players=seats({"at": 1, "commander": "sato"}, {"at": 0}), dice=[5])
    play.choose("stay")
    assert play.waits_on() != "sato" and "re-rolls" not in play.text()
    assert play.spots(1).split().count("0") == 2  # Ravan 5: +2 colonists, kept


@pytest.mark.rule("PIO-CMD-1")
def test_sato_re_rolls_once_a_game() -> None:
    """Our data: one re-roll a game; a 2 rolled again is kept (Ravan 2: crash)."""
    play = game(players=seats({"at": 1, "commander": "sato"}, {"at": 0}), dice=[2, 2])
    play.choose("stay")
    play.choose("reroll")
    assert play.waits_on() != "sato" and "re-rolls the adventure die: 2" in play.text()
    play = game(players=seats({"at": 1, "commander": "sato", "rerolls_used": 1}, {"at": 0}), dice=[2])
    play.choose("stay")
    assert play.waits_on() != "sato" and "crash lands" in play.text()
    play = game(players=seats({"at": 1, "commander": "sato", "rerolls_used": 1}, {"at": 0}), dice=[3])
    play.choose("stay")
    assert play.waits_on() != "sato"  # a 3 after the game's re-roll: kept too


# -- rounds ------------------------------------------------------------------------------------------------
@pytest.mark.rule("PIO-ROUND-1")
@pytest.mark.rule("PIO-ROUND-4")
@pytest.mark.rule("PIO-ROUND-5")
@pytest.mark.rule("PIO-ROUND-2")
@pytest.mark.rule("PIO-ROUND-3")
@pytest.mark.rule("PIO-GAP-7")
def test_turns_go_left_from_the_first_player_then_the_token_passes_left_and_an_event_opens_the_round() -> None:
    play = game(n=3, players=seats({"at": 0}, {"at": 0}, {"at": 0}), active=1, round=3, deck=["bug", "worm"])
    order = []
    for _ in range(3):
        order.append(play.prompt().seat)
        pass_turn(play)
    assert order == [1, 2, 0]
    view = play.view()
    assert view.round == 4 and view.first == 2 and play.prompt().seat == 2
    assert "Round 4: a Bug event" in play.text()


@pytest.mark.rule("PIO-END-1")
@pytest.mark.rule("PIO-GAP-22")
def test_the_game_ends_after_round_12() -> None:
    play = game(players=seats({"at": 0}, {"at": 0}), round=12)
    pass_turn(play)
    pass_turn(play)
    assert play.state.phase == "over" and not play.prompts()


def final(players: dict[int, dict[str, Any]], spots: dict[int, str], scenario: str = "cosmic_pioneers") -> Outcome:
    """Both captains stay at the Jumpgate in round 12 (collecting income), then the game is scored."""
    play = game(scenario, players=players, spots=spots, round=12)
    pass_turn(play)
    pass_turn(play)
    result = SPEC.outcome(play.state)
    assert result is not None and result.scores is not None
    return result


@pytest.mark.rule("PIO-END-2")
@pytest.mark.rule("PIO-END-3")
@pytest.mark.rule("PIO-END-4")
@pytest.mark.rule("PIO-END-5")
@pytest.mark.rule("PIO-GAP-24")
def test_scoring_colonists_on_planets_control_and_credits() -> None:
    """P1 (Novak): 3 on Ravan (controls: 2 green) + 1 on Fern, 800 + 400 income = 1200 credits: 4 + 5 + 2 = 11;
    his hold does not count. P2 (Fraser): 1 on Fern (2 of 3 green: nobody controls), 300 + 200 = 500: 1 + 1."""
    result = final(
        seats({"at": 0, "credits": 800, "cargo": ["C", "C"]}, {"at": 0, "credits": 300}),
        {1: "0 0 0 . .", 3: "0 1 . . . ."},
    )
    assert result.result == "win" and result.winners == (0,)
    assert result.scores == {0: 4 + 5 + 2, 1: 1 + 1}


# Each case: equal VP; P1 Novak (income 300 + 100 a planet), P2 Fraser (200 + 100 a planet).
TIES = {
    "planets": ({"credits": 0}, {"credits": 800}, {1: "0 0 . . .", 2: "1 1 1 . . . .", 3: "1 1 . . . ."}, (0,)),
    "colonists": ({"credits": 600}, {"credits": 0}, {1: "0 0 . . .", 4: "1 1 1 1 . ."}, (1,)),
    "credits": ({"credits": 0}, {"credits": 0}, {1: "0 0 . . .", 3: "0 . . . . .", 4: "1 1 1 . . ."}, (0,)),
}


@pytest.mark.rule("PIO-GAP-20")
@pytest.mark.parametrize("broken_by", sorted(TIES))
def test_equal_vp_is_broken_by_planets_then_colonists_then_credits(broken_by: str) -> None:
    first, second, spots, winners = TIES[broken_by]
    result = final(seats({"at": 0, **first}, {"at": 0, **second}), spots)
    assert result.scores is not None and result.scores[0] == result.scores[1]
    assert result.result == "win" and result.winners == winners


@pytest.mark.rule("PIO-GAP-20")
def test_players_still_equal_share_the_win() -> None:
    """Fraser 100 + 300 and Novak 0 + 400: 400 credits each, one planet and two colonists each."""
    result = final(
        seats({"at": 0, "commander": "fraser", "credits": 100}, {"at": 0, "commander": "novak", "credits": 0}),
        {1: "0 0 . . .", 4: "1 1 . . . ."},
    )
    assert result.result == "tie" and result.winners == (0, 1)


# -- scenarios ---------------------------------------------------------------------------------------------
@pytest.mark.rule("PIO-GAP-12")
@pytest.mark.rule("PIO-SECTOR-4")
def test_planet_killers_destroys_the_planet_with_the_most_aliens_at_the_end_of_round_6() -> None:
    play = game(
        "planet_killers",
        players=seats({"at": 0}, {"at": 3, "cargo": ["C"]}),
        spots={2: "0 B B . . . .", 3: "1 S S S . ."},
        round=6,
        deck=["bug", "bug", "bug"],
        active=0,
    )
    pass_turn(play)
    assert play.prompt().seat == 1
    pass_turn(play)
    assert play.prompt().seat == 1 and play.choice_ids() == ["s2", "s4"]  # P2's ship goes down
    play.choose("s4")
    view = play.view()
    assert view.ring[3].kind == "destroyed" and all(s is None for s in view.ring[3].spots)
    assert "Fern is destroyed" in play.text()
    assert view.players[1].at != 3 and "Ben crash lands" in play.text()
    assert 3 not in [s.slot for s in view.ring if s.kind == "planet"]


@pytest.mark.rule("PIO-GAP-12")
def test_a_destroyed_planet_is_a_belt_for_movement() -> None:
    play = game("planet_killers", players=seats({"at": 2}, {"at": 0}))
    play.state.ring[3].destroyed = True
    assert "s3" not in play.choice_ids() and "s4" in play.choice_ids()


def test_peace_accord_has_no_combat() -> None:
    play = game("peace_accord", players=seats({"at": 0}, {"at": 2}), dice=[6])
    play.choose("s2")
    assert "Combat" not in play.text()


def test_battle_royale_loot_and_cheaper_weapons() -> None:
    play = game("battle_royale", players=seats({"at": 0, "credits": 50 * 0}, {"at": 2, "credits": 300}), dice=[6, 1, 6])
    play.choose("s2")
    assert "takes 100 credits from Ben" in play.text()
    play = game("battle_royale", players=seats({"at": 1, "credits": 400}, {"at": 0}))
    play.choose("s0")  # 400 + 300 = 700
    assert "weapons2" in play.choice_ids() and "cargo1" in play.choice_ids() and "cargo2" not in play.choice_ids()


def test_trade_routes_setup_puts_a_good_on_every_blue_and_green_planet() -> None:
    state = SPEC.setup(
        [SeatSetup()] * 2, PioneersOptions(scenario="trade_routes", commanders="random", layout="random"), 1
    )
    for p in SPEC.prompts(state):
        state, _ = SPEC.apply(state, p.seat, p.id, "cargo")
    for sector in state.ring:
        if sector.is_planet:
            assert sector.goods == ([sector.info.colour] if sector.info.colour in ("blue", "green") else [])


def test_supply_drop_goods_from_the_jumpgate_pay_and_land_a_colonist() -> None:
    play = game("supply_drop", players=seats({"at": 1, "credits": 0, "levels": {"cargo": 2}}, {"at": 0}))
    play.choose("s0", "c1")
    assert play.choice_ids() == ["g2", "g1", "g0"]
    play.choose("g2")
    assert play.view().players[0].cargo == ["C", "g-jumpgate", "g-jumpgate"]
    play = game("supply_drop", players=seats({"at": 3, "credits": 0, "cargo": ["g-jumpgate"]}, {"at": 0}), dice=[6])
    play.choose("stay", "ug-jumpgate")  # Fern 6: $+200
    assert play.view().players[0].credits == 300 and play.spots(3) == "0 . . . . ."


def test_gold_rush_doubles_credits_won_on_yellow_planets() -> None:
    play = game("gold_rush", players=seats({"at": 4, "credits": 0}, {"at": 0}), dice=[6])  # Dune 6: $+100
    play.choose("stay")
    assert play.view().players[0].credits == 200
    play = game("gold_rush", players=seats({"at": 1, "credits": 0}, {"at": 0}), dice=[6])  # Ravan 6: $+100
    play.choose("stay")
    assert play.view().players[0].credits == 100  # red: not doubled


def test_alien_plague_resolves_a_second_card_in_round_4() -> None:
    play = game("alien_plague", players=seats({"at": 0}, {"at": 0}), round=3, deck=["bug", "worm"])
    pass_turn(play)
    pass_turn(play)
    assert "Round 4: a Bug event" in play.text() and "Alien Plague, a second card: a Worm event" in play.text()


def test_land_grab_scores_7_a_planet_and_1_per_1000_credits() -> None:
    result = final(seats({"at": 0, "credits": 1700}, {"at": 0}), {1: "0 0 . . ."}, "land_grab")
    assert result.scores is not None and result.scores[0] == 2 + 7 + 2  # 1700 + 400 = 2100 credits


def test_manifest_destiny_ends_the_game_after_a_round_with_4_controlled_planets() -> None:
    play = game(
        "manifest_destiny",
        players=seats({"at": 0}, {"at": 0}),
        spots={1: "0 0 . . .", 2: "0 0 0 0 0 . .", 3: "0 0 0 0 . .", 4: "0 0 0 . . ."},
        round=5,
    )
    pass_turn(play)
    pass_turn(play)
    assert play.state.phase == "over" and play.view().round == 5


# -- more corners ------------------------------------------------------------------------------------------
@pytest.mark.rule("PIO-CMD-1")
def test_fraser_places_an_alien_where_he_likes_too() -> None:
    play = game(
        players=seats(
            {"at": 1, "commander": "fraser", "cargo": ["B"], "levels": {"cargo": 3}}, {"at": 0, "commander": "novak"}
        ),
        dice=[6],
    )
    play.choose("stay", "u-B", "p1")
    assert play.spots(1) == "B . . . ."


@pytest.mark.rule("PIO-CMD-1")
def test_kade_keeping_his_die_loses_the_combat() -> None:
    play = game(players=seats({"at": 0, "commander": "kade"}, {"at": 2, "commander": "novak"}), dice=[1, 4, 6])
    play.choose("s2", "keep")
    assert "Ben wins the combat 4 to 1" in play.text() and "re-rolls" not in play.text()


def test_battle_royale_loot_is_all_the_loser_has_when_short() -> None:
    play = game("battle_royale", players=seats({"at": 0, "credits": 0}, {"at": 2, "credits": 0}), dice=[6, 1, 6])
    play.choose("s2")
    assert "takes" not in play.text() and play.view().players[0].credits == 0


def test_supply_drop_pays_but_lands_no_colonist_from_an_empty_reserve() -> None:
    play = game(
        "supply_drop",
        players=seats({"at": 3, "credits": 0, "cargo": ["g-jumpgate"], "reserve": 0}, {"at": 0}),
        dice=[4],
    )
    play.choose("stay", "ug-jumpgate")  # Fern 4: +1, but the reserve is empty
    assert play.view().players[0].credits == 100 and play.spots(3) == ". . . . . ."


def test_an_unknown_scenario_is_refused_with_the_list_of_scenarios() -> None:
    from engine.core import BadOptions

    with pytest.raises(BadOptions) as caught:
        SPEC.parse_options({"scenario": "moon_base"})
    assert "no scenario called 'moon_base'" in str(caught.value) and "trade_routes" in str(caught.value)
    with pytest.raises(BadOptions):
        SPEC.parse_options({"layout": "spiral"})
