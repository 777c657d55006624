"""Boarding!, Fire! and Stand up!, and the general card clarifications (ABO-CARD-BOARD-*, ABO-CARD-FIRE-*,
ABO-CARD-STAND-*, ABO-CARD-GEN-*, ABO-GAP-4, -5, -6, -11, -12, -17)."""

from __future__ import annotations

import pytest

from .rigging import Play, new_game, resolve, rig

QUIET = {"pirate": 0, "spanish": 0}  # empty pools: a Stand up! opposite does nothing and asks nothing


def side(play: Play, who: str) -> tuple[int, int, int]:
    """(in play, pool, losses) of a side."""
    info = play.view().sides["pirate" if who == "pirate" else "spanish"]
    return info.in_play, info.pool, info.losses


# --- Boarding! ------------------------------------------------------------------------------------


@pytest.mark.rule("ABO-CARD-BOARD-1")
@pytest.mark.rule("ABO-CARD-BOARD-2")
def test_boarding_kills_one_opposite_and_moves_two_across() -> None:
    play = resolve(rig(new_game(), pool=QUIET), {2: ("boarding", "stand_up")})
    assert play.crew("s2") == (2, 1)
    assert play.crew("p2") == (0, 0)
    assert side(play, "spanish")[2] == 1
    assert "The Pirates' Boarding! on card 2 kills 1 Spanish crew and sends 2 pirate crew across" in (
        play.public_text()
    )


@pytest.mark.rule("ABO-CARD-BOARD-1")
def test_boarding_with_nobody_opposite_kills_nobody() -> None:
    state = rig(new_game(), {"s2": (0, 0)}, pool=QUIET)
    play = resolve(state, {2: ("boarding", "stand_up")})
    assert play.crew("s2") == (2, 0)
    assert side(play, "spanish")[2] == 0
    assert "finds no enemy crew to kill" in play.public_text()


@pytest.mark.rule("ABO-CARD-BOARD-2")
@pytest.mark.rule("ABO-CARD-GEN-1")
def test_the_two_crew_move_is_mandatory_and_with_one_crew_that_one_goes() -> None:
    state = rig(new_game(), {"p2": (1, 0)}, pool=QUIET)
    play = resolve(state, {2: ("boarding", "stand_up")})
    assert play.crew("p2") == (0, 0) and play.crew("s2") == (1, 1)
    assert not any(a.startswith("b2") for a in play.asked)  # nobody was asked whether to move


@pytest.mark.rule("ABO-CARD-BOARD-3")
@pytest.mark.parametrize(("third", "left", "across"), [("yes", 0, 3), ("no", 1, 2)])
def test_a_third_crew_may_cross(third: str, left: int, across: int) -> None:
    state = rig(new_game(), {"p2": (3, 0)}, pool=QUIET)
    play = resolve(state, {2: ("boarding", "stand_up")}, {"b2.p3": third})
    assert play.crew("p2") == (left, 0)
    assert play.crew("s2") == (across, 1)


@pytest.mark.rule("ABO-CARD-BOARD-3")
def test_no_third_crew_question_with_only_two() -> None:
    play = resolve(rig(new_game(), pool=QUIET), {2: ("boarding", "stand_up")})
    assert "b2.p3" not in play.asked


@pytest.mark.rule("ABO-CARD-BOARD-4")
@pytest.mark.rule("ABO-GAP-17")
@pytest.mark.parametrize(("cross", "where"), [("yes", "s2"), ("no", "p2")])
def test_the_captain_on_his_deck_of_the_card_may_cross(cross: str, where: str) -> None:
    state = rig(new_game(), captains={"pirate": "p2"}, pool=QUIET)
    play = resolve(state, {2: ("boarding", "stand_up")}, {"b2.pc": cross})
    assert play.captain("pirate") == where


@pytest.mark.rule("ABO-CARD-BOARD-4")
@pytest.mark.rule("ABO-GAP-17")
def test_a_captain_already_on_the_enemy_deck_is_not_asked_to_cross() -> None:
    """Boarding! step 3 needs the captain on his own deck of the card, not merely on the card."""
    state = rig(new_game(), {"s2": (1, 2)}, captains={"pirate": "s2"}, pool=QUIET)
    play = resolve(state, {2: ("boarding", "stand_up")})
    assert "b2.pc" not in play.asked and play.captain("pirate") == "s2"


@pytest.mark.rule("ABO-GAP-11")
def test_boarding_with_no_own_crew_still_kills() -> None:
    state = rig(new_game(), {"p2": (0, 0)}, pool=QUIET)
    play = resolve(state, {2: ("boarding", "stand_up")})
    assert play.crew("s2") == (0, 1)


# --- Fire! ----------------------------------------------------------------------------------------


@pytest.mark.rule("ABO-CARD-FIRE-1")
@pytest.mark.rule("ABO-CARD-GEN-2")
@pytest.mark.rule("ABO-GAP-5")
@pytest.mark.parametrize(
    ("draws", "left"),
    [
        ([0, 0], (0, 2)),  # tokens listed [P, P, S, S]: index 0 twice takes both pirates
        ([2, 2], (2, 0)),  # index 2 of [P, P, S, S] then index 2 of [P, P, S]: both Spaniards
        ([1, 2], (1, 1)),  # index 1 (a pirate) then index 2 of [P, S, S] (a Spaniard)
    ],
)
def test_fire_kills_two_random_tokens_of_any_colour_even_own_boarders(draws: list[int], left: tuple[int, int]) -> None:
    state = rig(new_game(), {"s2": (2, 2)}, pool=QUIET)
    play = resolve(state, {2: ("fire", "stand_up")}, draws=draws)
    assert play.crew("s2") == left
    assert side(play, "pirate")[2] + side(play, "spanish")[2] == 2
    assert not any(a.startswith("f") for a in play.asked)  # no way to decline hitting one's own


@pytest.mark.rule("ABO-CARD-FIRE-2")
@pytest.mark.rule("ABO-GAP-4")
@pytest.mark.parametrize(("crew", "left"), [((0, 1), (0, 0)), ((0, 0), (0, 0)), ((1, 0), (0, 0))])
def test_fire_with_fewer_than_two_tokens_removes_what_is_there(crew: tuple[int, int], left: tuple[int, int]) -> None:
    state = rig(new_game(), {"s2": crew}, pool=QUIET)
    play = resolve(state, {2: ("fire", "stand_up")}, draws=[0] if sum(crew) else [])
    assert play.crew("s2") == left


@pytest.mark.rule("ABO-CARD-FIRE-3")
@pytest.mark.rule("ABO-GAP-4")
@pytest.mark.rule("ABO-GAP-17")
@pytest.mark.parametrize("captain", ["p2", "s2"])
def test_a_present_captain_picks_off_one_more_enemy_after_the_random_draws(captain: str) -> None:
    """Draws [0, 0] kill the two pirate boarders; the captain (on either deck of card 2) then kills one of
    the three Spaniards: never one of his own."""
    state = rig(new_game(), {"s2": (2, 3)}, captains={"pirate": captain}, pool=QUIET)
    play = resolve(state, {2: ("fire", "stand_up")}, draws=[0, 0])
    assert play.crew("s2") == (0, 2)
    assert "The pirate captain picks off 1 Spanish crew more." in play.public_text()


@pytest.mark.rule("ABO-CARD-FIRE-3")
@pytest.mark.rule("ABO-GAP-4")
def test_the_extra_kill_does_nothing_when_no_enemy_is_left() -> None:
    state = rig(new_game(), {"s2": (1, 2)}, captains={"pirate": "p2"}, pool=QUIET)
    play = resolve(state, {2: ("fire", "stand_up")}, draws=[1, 1])  # both Spaniards
    assert play.crew("s2") == (1, 0)
    assert "finds no enemy crew left to pick off" in play.public_text()


@pytest.mark.rule("ABO-CARD-FIRE-3")
@pytest.mark.rule("ABO-GAP-17")
def test_no_extra_kill_without_the_captain_on_the_card() -> None:
    state = rig(new_game(), {"s2": (0, 3)}, pool=QUIET)
    play = resolve(state, {2: ("fire", "stand_up")}, draws=[0, 0])
    assert play.crew("s2") == (0, 1)


@pytest.mark.rule("ABO-CARD-FIRE-4")
@pytest.mark.rule("ABO-CREW-1")
def test_fire_never_hits_a_captain() -> None:
    """The Spanish captain and one Spaniard on s2: the Fire! kills the Spaniard; the captain stays."""
    state = rig(new_game(), {"s2": (0, 1)}, captains={"spanish": "s2"}, pool=QUIET)
    play = resolve(state, {2: ("fire", "stand_up")}, {"l2.s": "no"}, draws=[0])
    assert play.crew("s2") == (0, 0)
    assert play.captain("spanish") == "s2"


# --- Stand up! ------------------------------------------------------------------------------------


@pytest.mark.rule("ABO-CARD-STAND-1")
@pytest.mark.rule("ABO-CARD-GEN-1")
@pytest.mark.parametrize(("answer", "on_deck", "pool"), [("yes", 3, 6), ("no", 2, 7)])
def test_stand_up_puts_one_from_the_pool_on_your_deck(answer: str, on_deck: int, pool: int) -> None:
    play = resolve(new_game(), {2: ("stand_up", "fight")}, {"r2.p": answer})
    assert play.crew("p2") == (on_deck, 0)
    assert side(play, "pirate")[1] == pool
    assert "l2.p" not in play.asked  # no captain, no return from the losses


@pytest.mark.rule("ABO-CARD-STAND-2")
@pytest.mark.rule("ABO-ORDER-5")
def test_with_the_captain_present_one_also_comes_back_from_the_losses() -> None:
    state = rig(new_game(), captains={"pirate": "p2"}, losses={"pirate": 3})
    play = resolve(state, {2: ("stand_up", "fight")}, {"r2.p": "yes", "l2.p": "yes"})
    assert play.crew("p2") == (4, 0)
    assert side(play, "pirate")[1:] == (6, 2)


@pytest.mark.rule("ABO-CARD-STAND-2")
@pytest.mark.rule("ABO-GAP-17")
def test_the_captain_on_the_enemy_deck_of_the_card_is_present_too() -> None:
    state = rig(new_game(), {"s2": (1, 0)}, captains={"pirate": "s2"}, losses={"pirate": 1})
    play = resolve(state, {2: ("stand_up", "fight")}, {"r2.p": "no", "l2.p": "yes"})
    assert play.crew("p2") == (3, 0)
    assert side(play, "pirate")[2] == 0


@pytest.mark.rule("ABO-GAP-6")
def test_stand_up_with_no_losses_brings_nobody_back() -> None:
    state = rig(new_game(), captains={"pirate": "p2"})
    play = resolve(state, {2: ("stand_up", "fight")}, {"r2.p": "no"})
    assert "l2.p" not in play.asked
    assert "have no losses to bring back" in play.public_text()


@pytest.mark.rule("ABO-GAP-12")
@pytest.mark.rule("ABO-GAP-11")
def test_an_empty_pool_reinforces_nobody_and_asks_nothing() -> None:
    state = rig(new_game(), pool={"pirate": 0, "spanish": 0}, losses={"pirate": 2})
    play = resolve(state, {2: ("stand_up", "fight")})
    assert "r2.p" not in play.asked
    assert play.crew("p2") == (2, 0) and side(play, "pirate")[1:] == (0, 2)  # losses are not a pool


@pytest.mark.rule("ABO-CARD-GEN-1")
def test_optional_effects_are_asked_with_a_no() -> None:
    """Reinforcements, the third crew and the captain's crossing each offer a way to decline."""
    state = rig(new_game(), {"p2": (3, 0)}, captains={"pirate": "p2"})
    play = resolve(state, {2: ("boarding", "stand_up")}, stop_at="b2.p3")
    for code in ("b2.p3", "b2.pc", "r2.s"):
        prompt = play.prompts()[0]
        assert prompt.id.endswith(code) and [c.id for c in prompt.choices] == ["yes", "no"]
        play.act("pirate" if code.endswith(("p3", "pc")) else "spanish", "no")
