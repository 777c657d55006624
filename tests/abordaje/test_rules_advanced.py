"""Advanced rules: navy discipline and the handicap (ABO-ADV-NAVY-*, ABO-HANDICAP-*, ABO-GAP-8, ABO-GAP-19),
plus the rules with no turn limit (ABO-GAP-20)."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.abordaje import SPEC
from engine.core import BadOptions, SeatSetup

from .rigging import Play, new_game, resolve, rig

QUIET = {"pirate": 0, "spanish": 0}
FULL_DECK = Counter({k: 2 for k in ("fight", "boarding", "fire", "repel", "take_cover", "stand_up")})


@pytest.mark.rule("ABO-ADV-NAVY-1")
@pytest.mark.rule("ABO-GAP-8")
@pytest.mark.parametrize(
    ("answers", "left"),
    [({"nv": "yes", "r5.s": "yes"}, (0, 0)), ({"nv": "no", "r5.s": "yes", "l5.s": "no"}, (0, 1))],
)
def test_navy_discipline_runs_the_captains_card_before_everything(
    answers: dict[str, str], left: tuple[int, int]
) -> None:
    """s5 holds 1 Spaniard (and his captain); pirate Fire! there, Spanish Stand up!. With navy discipline the
    Stand up! goes first (2 Spaniards), then the Fire! kills both; without it the Fire! kills 1, then 1 stands
    up. Even on this pirate-initiative turn the Spanish go first."""
    state = rig(new_game("advanced"), {"s5": (0, 1)})
    play = resolve(state, {5: ("fire", "stand_up")}, answers, draws=[0, 0])
    assert play.crew("s5") == left


@pytest.mark.rule("ABO-ADV-NAVY-1")
def test_no_navy_discipline_in_the_basic_game() -> None:
    state = rig(new_game("basic"), {"s5": (0, 1)})
    play = resolve(state, {5: ("fire", "stand_up")}, {"r5.s": "yes", "l5.s": "no"}, draws=[0])
    assert "nv" not in play.asked and play.crew("s5") == (0, 1)


@pytest.mark.rule("ABO-ADV-NAVY-1")
@pytest.mark.rule("ABO-GAP-19")
def test_navy_discipline_follows_the_captain_onto_the_enemy_deck() -> None:
    """The Spanish captain stands on the pirate deck of card 4 (beside Spanish boarders): the order the
    navy may run first is the Spanish one on card 4."""
    state = rig(new_game("advanced"), {"p4": (2, 2)}, captains={"spanish": "p4"}, pool=QUIET)
    play = resolve(state, {4: ("stand_up", "boarding")}, stop_at="nv")
    prompt = play.pending("spanish")
    assert prompt is not None and "Boarding! on card 4" in prompt.question


@pytest.mark.rule("ABO-ADV-NAVY-2")
@pytest.mark.rule("ABO-FIGHT-8")
def test_no_navy_discipline_for_a_fight_sharing_the_pirate_fights_deck() -> None:
    state = rig(new_game("advanced"), {"s5": (3, 3)}, pool=QUIET)
    play = resolve(state, {5: ("fight", "fight")})
    assert "nv" not in play.asked
    # One combat at priority 1: the Spanish captain (there, and his side fought) kills a pirate, then step
    # 3; no step 2 for either side.
    assert play.crew("s5") == (1, 2)


@pytest.mark.rule("ABO-ADV-NAVY-2")
@pytest.mark.rule("ABO-GAP-19")
def test_fight_decks_are_chosen_first_and_navy_applies_if_they_differ() -> None:
    """Both decks of card 5 confronted. The pirate (initiative) picks s5, the Spanish p5: two combats, so
    navy discipline may run the Spanish one at 0."""
    state = rig(new_game("advanced"), {"p5": (2, 2), "s5": (2, 2)}, pool=QUIET)
    play = resolve(state, {5: ("fight", "fight")}, {"fd5.p": "spanish", "fd5.s": "pirate", "nv": "yes"})
    assert [a for a in play.asked if a in ("fd5.p", "fd5.s", "nv")] == ["fd5.p", "fd5.s", "nv"]
    assert play.crew("p5") == (0, 1) and play.crew("s5") == (1, 0)


@pytest.mark.rule("ABO-ADV-NAVY-2")
@pytest.mark.rule("ABO-GAP-19")
def test_fight_decks_chosen_alike_leave_no_navy_discipline() -> None:
    state = rig(new_game("advanced"), {"p5": (2, 2), "s5": (2, 2)}, pool=QUIET)
    play = resolve(state, {5: ("fight", "fight")}, {"fd5.p": "spanish", "fd5.s": "spanish"})
    assert "nv" not in play.asked
    # One combat on s5: the Spanish captain's step-1 kill (2 -> 1 pirates), then step 3.
    assert play.crew("s5") == (0, 1) and play.crew("p5") == (2, 2)


@pytest.mark.rule("ABO-ADV-NAVY-2")
@pytest.mark.rule("ABO-ORDER-4")
def test_no_navy_discipline_for_a_cancelled_spanish_card() -> None:
    state = rig(new_game("advanced"), pool=QUIET)
    play = resolve(state, {5: ("repel", "boarding")}, {"ct5.p": "cancel"})
    assert "nv" not in play.asked
    assert play.crew("p5") == (1, 0)


@pytest.mark.rule("ABO-ADV-NAVY-2")
@pytest.mark.parametrize("answers", [{"ct5.s": "cancel"}, {"ct5.s": "both", "m5.s": "none"}])
def test_no_navy_discipline_for_a_spanish_counter_used_to_cancel(answers: dict[str, str]) -> None:
    state = rig(new_game("advanced"), pool=QUIET)
    play = resolve(state, {5: ("fire", "take_cover")}, answers)
    assert "nv" not in play.asked
    assert play.crew("s5") == (0, 2)


@pytest.mark.rule("ABO-ADV-NAVY-3")
def test_a_card_run_at_priority_0_does_not_run_again() -> None:
    state = rig(new_game("advanced"), pool={"pirate": 0, "spanish": 5})
    play = resolve(state, {5: ("stand_up", "stand_up")}, {"nv": "yes", "r5.s": "yes"})
    assert play.asked.count("r5.s") == 1
    assert play.crew("s5") == (0, 3) and play.view().sides["spanish"].pool == 4
    text = play.public_text()
    assert text.index("Navy discipline: the Spanish execute their Stand up! on card 5") < text.index(
        "The Pirates' Stand up! on card 5"
    )


@pytest.mark.rule("ABO-ADV-NAVY-3")
def test_navy_discipline_is_optional() -> None:
    state = rig(new_game("advanced"), pool={"pirate": 0, "spanish": 5})
    play = resolve(state, {5: ("stand_up", "stand_up")}, {"nv": "no", "r5.s": "yes"})
    assert "The Spanish do not use navy discipline." in play.public_text()
    assert play.crew("s5") == (0, 3)


# --- Handicap -------------------------------------------------------------------------------------


@pytest.mark.rule("ABO-HANDICAP-1")
@pytest.mark.parametrize("seed", range(6))
def test_handicap_plays_with_eleven_cards_one_repel_removed(seed: int) -> None:
    play = Play(new_game("advanced", handicap=True, seed=seed))
    dealt = Counter(play.view("pirate").hand) + Counter(play.view("spanish").hand)
    assert sum(dealt.values()) == 10
    assert dealt["repel"] <= 1
    # Play to the last card: the single set-aside card goes to the pirate; all 11 are then accounted for.
    while play.view().assigning_card != 5:
        for side in ("pirate", "spanish"):
            if play.pending(side) is not None:
                play.act(side, play.view(side).hand[0])
    drawn = play.view("pirate").drawn_set_aside
    assert drawn is not None
    assert dealt + Counter([drawn]) == FULL_DECK - Counter(["repel"])


@pytest.mark.rule("ABO-HANDICAP-3")
def test_handicap_only_with_the_advanced_game() -> None:
    with pytest.raises(BadOptions, match=r"The handicap only applies to the advanced game\."):
        SPEC.parse_options({"variant": "basic", "handicap": True})
    options = SPEC.parse_options({"variant": "advanced", "handicap": True})
    state = SPEC.setup([SeatSetup(role="pirate"), SeatSetup(role="spanish")], options, 1)
    assert Play(state).view().handicap


# --- No turn limit --------------------------------------------------------------------------------


@pytest.mark.rule("ABO-GAP-20")
def test_no_turn_limit_in_the_engine() -> None:
    state = rig(new_game(), turn=401)
    play = resolve(state, {})
    assert play.turn == 402 and SPEC.outcome(play.state) is None
    assert all(len(p.id) <= 32 for p in play.prompts())
