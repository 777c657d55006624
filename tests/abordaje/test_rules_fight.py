"""Fight! (ABO-FIGHT-*, ABO-GAP-9, ABO-CREW-4).

Unless a test says otherwise, the opponent's order on the fighting card is a Stand up! with an empty pool
(it does nothing and asks nothing), so only the Fight! cards act.
"""

from __future__ import annotations

import pytest

from .rigging import Play, new_game, resolve, rig

QUIET = {"pirate": 0, "spanish": 0}  # empty pools: Stand up! does nothing


def losses(play: Play) -> tuple[int, int]:
    sides = play.view().sides
    return sides["pirate"].losses, sides["spanish"].losses


@pytest.mark.rule("ABO-FIGHT-1")
def test_fight_happens_only_on_the_deck_holding_both_colours() -> None:
    """Card 2: the pirate deck holds only pirates, the Spanish deck both crews: the combat is on s2 alone."""
    state = rig(new_game(), {"s2": (2, 2)}, pool=QUIET)
    play = resolve(state, {2: ("fight", "stand_up")})
    assert play.crew("p2") == (2, 0)
    assert play.crew("s2") == (1, 0)


@pytest.mark.rule("ABO-FIGHT-1")
@pytest.mark.rule("ABO-FIGHT-10")
def test_no_fighting_from_ship_to_ship() -> None:
    """Pirates on p2, Spanish on s2, nobody has boarded: the Fight! does nothing at all."""
    play = resolve(rig(new_game(), pool=QUIET), {2: ("fight", "stand_up")})
    assert play.crew("p2") == (2, 0) and play.crew("s2") == (0, 2)
    assert losses(play) == (0, 0)
    assert "finds no deck with both crews: no combat" in play.public_text()


@pytest.mark.rule("ABO-FIGHT-2")
def test_step_one_the_fighting_sides_captain_kills_one() -> None:
    """s2: 2 pirates (with their captain) v 3 Spanish; pirate Fight!. Step 1: captain kills 1 -> 2 v 2;
    step 2: the Spanish played no Fight!, lose 1 -> 2 v 1; step 3: both lose 1 -> 1 v 0."""
    state = rig(new_game(), {"s2": (2, 3), "p2": (0, 0)}, captains={"pirate": "s2"}, pool=QUIET)
    play = resolve(state, {2: ("fight", "stand_up")})
    assert play.crew("s2") == (1, 0)
    assert losses(play) == (1, 3)
    assert "the pirate captain kills 1 Spanish crew" in play.public_text()


@pytest.mark.rule("ABO-FIGHT-2")
def test_a_captain_whose_side_played_no_fight_kills_nobody() -> None:
    """The Spanish captain stands in the combat but the Spanish played no Fight!: no step-1 kill for him."""
    state = rig(new_game(), {"s2": (2, 2)}, captains={"spanish": "s2"}, pool=QUIET)
    play = resolve(state, {2: ("fight", "stand_up")}, {"l2.s": "no", "wd.s": "s1"})
    assert play.crew("s2") == (1, 0)
    assert losses(play) == (1, 2)


@pytest.mark.rule("ABO-FIGHT-3")
def test_step_two_the_side_without_a_fight_loses_one() -> None:
    """s2: 1 pirate v 3 Spanish, Spanish Fight! only. Step 2: the pirates lose their one: the fight ends."""
    state = rig(new_game(), {"s2": (1, 3)}, pool=QUIET)
    play = resolve(state, {2: ("stand_up", "fight")})
    assert play.crew("s2") == (0, 3)
    assert losses(play) == (1, 0)


@pytest.mark.rule("ABO-FIGHT-4")
def test_step_three_both_sides_lose_one() -> None:
    """s2: 3 v 3, pirate Fight! only: step 2 -> 3 v 2, step 3 -> 2 v 1. One round, not to the death."""
    state = rig(new_game(), {"s2": (3, 3)}, pool=QUIET)
    play = resolve(state, {2: ("fight", "stand_up")})
    assert play.crew("s2") == (2, 1)
    assert losses(play) == (1, 2)


@pytest.mark.rule("ABO-FIGHT-5")
def test_combat_ends_when_a_side_is_wiped_out() -> None:
    """s2: 2 pirates and their captain v 1 Spaniard. Step 1 kills the Spaniard: steps 2 and 3 are skipped,
    so the pirates lose nobody (step 3 would have cost them one)."""
    state = rig(new_game(), {"s2": (2, 1), "p2": (0, 0)}, captains={"pirate": "s2"}, pool=QUIET)
    play = resolve(state, {2: ("fight", "stand_up")})
    assert play.crew("s2") == (2, 0)
    assert losses(play) == (0, 1)


@pytest.mark.rule("ABO-FIGHT-5")
def test_combat_ends_after_step_two() -> None:
    state = rig(new_game(), {"s2": (2, 1)}, pool=QUIET)
    play = resolve(state, {2: ("fight", "stand_up")})
    assert play.crew("s2") == (2, 0)  # step 2 took the Spaniard; step 3 is skipped
    assert losses(play) == (0, 1)


@pytest.mark.rule("ABO-FIGHT-6")
def test_one_confronted_deck_takes_every_fight_on_the_card_without_asking() -> None:
    state = rig(new_game(), {"s2": (3, 3)}, pool=QUIET)
    play = resolve(state, {2: ("fight", "fight")})
    assert not any(a.startswith("fd") for a in play.asked)
    assert play.crew("s2") == (2, 2)  # one combat, both fought: step 3 only


@pytest.mark.rule("ABO-FIGHT-7")
@pytest.mark.parametrize(("turn", "first"), [(1, "fd2.p"), (2, "fd2.s")])
def test_both_decks_confronted_initiative_player_chooses_first(turn: int, first: str) -> None:
    state = rig(new_game(), {"p2": (2, 1), "s2": (1, 2)}, turn=turn, pool=QUIET)
    play = resolve(state, {2: ("fight", "fight")}, {"fd2.p": "spanish", "fd2.s": "spanish"})
    fights = [a for a in play.asked if a.startswith("fd")]
    assert fights[0] == first and sorted(fights) == ["fd2.p", "fd2.s"]
    # Both chose the Spanish deck: a single combat there (step 3 only), the pirate deck untouched.
    assert play.crew("s2") == (0, 1)
    assert play.crew("p2") == (2, 1)


@pytest.mark.rule("ABO-FIGHT-7")
def test_a_lone_fight_applies_where_its_owner_chooses() -> None:
    state = rig(new_game(), {"p2": (2, 1), "s2": (1, 2)}, pool=QUIET)
    play = resolve(state, {2: ("fight", "stand_up")}, stop_at="fd2.p")
    prompt = play.pending("pirate")
    assert prompt is not None
    assert [c.id for c in prompt.choices] == ["pirate", "spanish"]
    assert prompt.choices[0].label == "Fight on the pirate deck of card 2 (2 pirate v 1 Spanish)"
    play.run({"fd2.p": "pirate"})
    assert play.crew("p2") == (2, 0)  # step 2: the Spanish lose their one, combat over
    assert play.crew("s2") == (1, 2)


@pytest.mark.rule("ABO-FIGHT-8")
def test_two_fights_on_one_deck_are_one_combat_without_step_two() -> None:
    """s2: 3 v 3, both Fight!: no step-2 loss for either side, step 3 costs one each: 2 v 2."""
    state = rig(new_game(), {"s2": (3, 3)}, pool=QUIET)
    play = resolve(state, {2: ("fight", "fight")})
    assert play.crew("s2") == (2, 2)
    assert losses(play) == (1, 1)
    combat = "Fight! (the Pirates' and the Spanish) on the Spanish deck of card 2"
    assert play.public_text().count(combat) == 1


@pytest.mark.rule("ABO-FIGHT-9")
def test_fights_on_different_decks_are_two_independent_combats() -> None:
    """p2 and s2 both hold 2 v 2. Pirate Fight! on s2, Spanish Fight! on p2: in each combat the side
    without a Fight! there loses 1 at step 2, then both lose 1."""
    state = rig(new_game(), {"p2": (2, 2), "s2": (2, 2)}, pool=QUIET)
    play = resolve(state, {2: ("fight", "fight")}, {"fd2.p": "spanish", "fd2.s": "pirate"})
    assert play.crew("s2") == (1, 0)
    assert play.crew("p2") == (0, 1)


@pytest.mark.rule("ABO-CREW-4")
def test_a_captain_alone_cannot_start_a_combat() -> None:
    """The pirate captain stands alone among 2 Spaniards on s2: his Fight! has no combat, nobody dies."""
    state = rig(new_game(), {"s2": (0, 2), "p2": (0, 0)}, captains={"pirate": "s2"}, pool=QUIET)
    play = resolve(state, {2: ("fight", "stand_up")})
    assert play.crew("s2") == (0, 2)
    assert losses(play) == (0, 0)


@pytest.mark.rule("ABO-GAP-9")
def test_both_captains_kill_at_once_in_step_one() -> None:
    """s2: 1 v 1 with both captains, both Fight!: both step-1 kills happen together, then the end check."""
    state = rig(new_game(), {"s2": (1, 1)}, captains={"pirate": "s2", "spanish": "s2"}, pool=QUIET)
    play = resolve(state, {2: ("fight", "fight")})
    assert play.crew("s2") == (0, 0)
    assert losses(play) == (1, 1)
