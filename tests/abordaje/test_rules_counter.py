"""Repel! and Take cover!: cancel (option A) or reinforce & move (option B), or both with the captain
(ABO-CARD-REPEL-*, ABO-CARD-COVER-*, ABO-CARD-MOVE-*, ABO-GAP-18, ABO-GAP-25)."""

from __future__ import annotations

import pytest

from .rigging import Play, new_game, resolve, rig

NO_SPANISH_POOL = {"spanish": 0}


def choices(play: Play, side: str) -> list[str]:
    prompt = play.pending(side)
    assert prompt is not None
    return [c.id for c in prompt.choices]


@pytest.mark.rule("ABO-CARD-REPEL-1")
@pytest.mark.rule("ABO-GAP-18")
def test_repel_cancels_the_boarding_on_its_card() -> None:
    play = resolve(new_game(), {2: ("repel", "boarding")}, stop_at="ct2.p")
    assert choices(play, "pirate") == ["cancel", "keep"]  # no captain on card 2: not both
    play.run({"ct2.p": "cancel"})
    assert play.crew("p2") == (2, 0) and play.crew("s2") == (0, 2)
    assert not any(a in play.asked for a in ("r2.p", "m2.p"))


@pytest.mark.rule("ABO-CARD-REPEL-1")
@pytest.mark.rule("ABO-GAP-18")
def test_a_kept_repel_lets_the_boarding_happen_then_reinforces_and_moves() -> None:
    play = resolve(new_game(), {2: ("repel", "boarding")}, {"ct2.p": "keep", "r2.p": "yes", "m2.p": "none"})
    # Boarding!: kills 1 on p2 and sends both Spaniards across; then the pirates add 1 from the pool.
    assert play.crew("p2") == (2, 2)
    assert play.crew("s2") == (0, 0)


@pytest.mark.rule("ABO-CARD-REPEL-1")
def test_repel_does_not_cancel_a_boarding_on_another_card() -> None:
    state = rig(new_game(), pool=NO_SPANISH_POOL)
    play = resolve(
        state, {2: ("repel", "stand_up"), 4: ("stand_up", "boarding")}, {"r2.p": "no", "m2.p": "none", "r4.p": "no"}
    )
    assert "ct2.p" not in play.asked
    assert play.crew("p4") == (1, 2)  # the Spanish Boarding! on card 4 happened


@pytest.mark.rule("ABO-CARD-REPEL-2")
@pytest.mark.rule("ABO-CARD-MOVE-2")
def test_repel_with_nothing_to_cancel_reinforces_and_moves() -> None:
    state = rig(new_game(), pool=NO_SPANISH_POOL)
    play = resolve(state, {2: ("repel", "stand_up")}, {"r2.p": "yes", "m2.p": "p2-p1"})
    assert "ct2.p" not in play.asked
    assert play.crew("p2") == (2, 0)  # 2 + 1 reinforcement - 1 moved
    assert play.crew("p1") == (3, 0)
    assert play.view().sides["pirate"].pool == 6


@pytest.mark.rule("ABO-CARD-REPEL-3")
@pytest.mark.rule("ABO-GAP-17")
@pytest.mark.rule("ABO-GAP-18")
@pytest.mark.parametrize("captain", ["p2", "s2"])
def test_with_the_captain_present_repel_cancels_and_still_reinforces(captain: str) -> None:
    state = rig(new_game(), {"s2": (1, 2)}, captains={"pirate": captain})
    play = resolve(state, {2: ("repel", "boarding")}, stop_at="ct2.p")
    assert choices(play, "pirate") == ["cancel", "keep", "both"]
    play.run({"ct2.p": "both", "r2.p": "yes", "m2.p": "none"})
    assert play.crew("p2") == (3, 0)  # no Spanish crossed, one pirate reinforced
    assert play.crew("s2") == (1, 2)


@pytest.mark.rule("ABO-CARD-COVER-1")
@pytest.mark.rule("ABO-ORDER-4")
def test_take_cover_cancels_the_fire_on_its_card() -> None:
    play = resolve(new_game(), {2: ("take_cover", "fire")}, stop_at="ct2.p")
    assert choices(play, "pirate") == ["cancel", "keep"]
    play.run({"ct2.p": "cancel"})
    assert play.crew("p2") == (2, 0)
    assert play.view().sides["pirate"].losses == 0


@pytest.mark.rule("ABO-CARD-COVER-1")
def test_take_cover_does_not_cancel_a_boarding() -> None:
    play = resolve(new_game(), {2: ("take_cover", "boarding")}, {"r2.p": "no", "m2.p": "none"})
    assert "ct2.p" not in play.asked
    assert play.crew("p2") == (1, 2)


@pytest.mark.rule("ABO-CARD-COVER-2")
def test_take_cover_option_b_is_reinforce_and_move() -> None:
    state = rig(new_game(), pool=NO_SPANISH_POOL)
    play = resolve(state, {2: ("take_cover", "stand_up")}, {"r2.p": "yes", "m2.p": "p4-p2"})
    assert play.crew("p2") == (4, 0) and play.crew("p4") == (1, 0)


@pytest.mark.rule("ABO-CARD-COVER-3")
@pytest.mark.rule("ABO-GAP-18")
def test_with_the_captain_present_take_cover_cancels_and_still_moves() -> None:
    state = rig(new_game(), captains={"pirate": "p2"})
    play = resolve(state, {2: ("take_cover", "fire")}, {"ct2.p": "both", "r2.p": "no", "m2.p": "p2-p4"})
    assert play.crew("p2") == (1, 0) and play.crew("p4") == (3, 0)
    assert play.view().sides["pirate"].losses == 0


@pytest.mark.rule("ABO-CARD-MOVE-1")
@pytest.mark.rule("ABO-CARD-MOVE-2")
@pytest.mark.rule("ABO-CARD-MOVE-3")
@pytest.mark.rule("ABO-CARD-MOVE-4")
def test_every_move_leaves_or_reaches_your_deck_of_the_card() -> None:
    """Pirates on p1, p2, p4 and on s2 beside the Spanish. The offered moves: horizontally either way to
    both neighbours, back from s2, and onto s2 (pirates are already there). Nothing between other decks."""
    state = rig(new_game(), {"s2": (1, 2), "s1": (1, 1)}, pool=NO_SPANISH_POOL)
    play = resolve(state, {2: ("repel", "stand_up")}, {"r2.p": "no"}, stop_at="m2.p")
    assert sorted(choices(play, "pirate")) == sorted(["none", "p2-p1", "p1-p2", "p2-p4", "p4-p2", "s2-p2", "p2-s2"])


@pytest.mark.rule("ABO-CARD-MOVE-3")
def test_a_crew_comes_back_from_the_enemy_deck() -> None:
    state = rig(new_game(), {"s2": (1, 2)}, pool=NO_SPANISH_POOL)
    play = resolve(state, {2: ("repel", "stand_up")}, {"r2.p": "no", "m2.p": "s2-p2"})
    assert play.crew("s2") == (0, 2) and play.crew("p2") == (3, 0)


@pytest.mark.rule("ABO-CARD-MOVE-4")
def test_no_move_onto_the_enemy_deck_without_crew_already_there() -> None:
    state = rig(new_game(), pool=NO_SPANISH_POOL)
    play = resolve(state, {2: ("repel", "stand_up")}, {"r2.p": "no"}, stop_at="m2.p")
    assert "p2-s2" not in choices(play, "pirate")


@pytest.mark.rule("ABO-CARD-MOVE-4")
def test_a_crew_joins_boarders_already_on_the_enemy_deck() -> None:
    state = rig(new_game(), {"s2": (1, 2)}, pool=NO_SPANISH_POOL)
    play = resolve(state, {2: ("repel", "stand_up")}, {"r2.p": "no", "m2.p": "p2-s2"})
    assert play.crew("s2") == (2, 2) and play.crew("p2") == (1, 0)


@pytest.mark.rule("ABO-CARD-MOVE-5")
@pytest.mark.rule("ABO-CARD-GEN-1")
def test_reinforcement_and_move_are_each_optional() -> None:
    state = rig(new_game(), pool=NO_SPANISH_POOL)
    play = resolve(state, {2: ("repel", "stand_up")}, {"r2.p": "no", "m2.p": "p2-p1"})
    assert play.crew("p2") == (1, 0) and play.view().sides["pirate"].pool == 7
    play = resolve(state, {2: ("repel", "stand_up")}, {"r2.p": "yes", "m2.p": "none"})
    assert play.crew("p2") == (3, 0) and play.crew("p1") == (2, 0)


@pytest.mark.rule("ABO-CARD-MOVE-5")
@pytest.mark.rule("ABO-GAP-6")
def test_reinforcement_comes_only_from_the_pool_never_the_losses() -> None:
    state = rig(new_game(), pool={"pirate": 0, "spanish": 0}, losses={"pirate": 4})
    play = resolve(state, {2: ("repel", "stand_up")}, {"m2.p": "none"})
    assert "r2.p" not in play.asked
    assert play.view().sides["pirate"].losses == 4 and play.crew("p2") == (2, 0)


@pytest.mark.rule("ABO-GAP-25")
def test_the_reinforcement_comes_first_and_may_be_the_crew_that_moves() -> None:
    """p2 is empty and its neighbours too: without the reinforcement nobody could move."""
    state = rig(new_game(), {"p1": (0, 0), "p2": (0, 0), "p4": (0, 0)}, pool=NO_SPANISH_POOL)
    play = resolve(state, {2: ("repel", "stand_up")}, {"r2.p": "yes", "m2.p": "p2-p4"})
    assert play.crew("p2") == (0, 0) and play.crew("p4") == (1, 0)
    play = resolve(state, {2: ("repel", "stand_up")}, {"r2.p": "no"})
    assert "m2.p" not in play.asked
    assert "have no crew that can move from or to card 2" in play.public_text()


@pytest.mark.rule("ABO-GAP-3")
@pytest.mark.rule("ABO-CONQUER-6")
def test_reinforce_and_move_reaches_across_a_conquered_card() -> None:
    state = rig(new_game("advanced"), conquered={3: ["spanish"]}, pool=NO_SPANISH_POOL)
    play = resolve(state, {2: ("repel", "stand_up")}, {"r2.p": "no"}, stop_at="m2.p")
    assert {"p2-p4", "p4-p2"} <= set(choices(play, "pirate"))
