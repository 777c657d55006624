"""Swapping tactics (ABO-SWAP-*, ABO-ADV-CUNNING-1, ABO-GAP-24)."""

from __future__ import annotations

import pytest

from .rigging import PIRATE, SPANISH, Play, code_of, new_game, rig, with_orders

CARD_NAMES = ("Fight!", "Boarding!", "Fire!", "Repel!", "Take cover!", "Stand up!")


@pytest.mark.rule("ABO-SWAP-1")
def test_a_swap_moves_the_order_to_the_other_card_before_it_executes() -> None:
    """The pirate's Fire! was placed on card 1; swapped with card 2, it fires on the Spanish deck of card 2
    (and the pirate captain on card 1 is no longer beside it)."""
    play = Play(with_orders(new_game(), {1: ("fire", "fight"), 2: ("fight", "fight")}, draws=[0, 0]))
    play.place_last().run({"sw.p": "1-2"})
    assert play.crew("s1") == (0, 2)
    assert play.crew("s2") == (0, 0)


@pytest.mark.rule("ABO-SWAP-1")
def test_a_player_may_pass() -> None:
    play = Play(with_orders(new_game(), {1: ("fire", "fight")}, draws=[0, 0]))
    play.place_last()
    prompt = play.pending("pirate")
    assert prompt is not None and prompt.choices[0].id == "pass"
    play.run({"sw.p": "pass"})
    assert play.crew("s1") == (0, 0)


@pytest.mark.rule("ABO-SWAP-2")
@pytest.mark.parametrize(("turn", "first", "second"), [(1, PIRATE, SPANISH), (2, SPANISH, PIRATE)])
def test_basic_both_swap_the_initiative_player_first(turn: int, first: int, second: int) -> None:
    play = Play(with_orders(rig(new_game(), turn=turn), {}))
    play.place_last()
    seats = []
    while play.view().phase == "swap":
        prompt = play.prompts()[0]
        seats.append(prompt.seat)
        play.act("pirate" if prompt.seat == PIRATE else "spanish", "pass")
    assert seats == [first, second]


@pytest.mark.rule("ABO-SWAP-3")
def test_a_swap_offers_only_pairs_of_own_active_cards_and_leaves_the_opponent_alone() -> None:
    state = rig(new_game(), conquered={2: ["spanish"]})
    play = Play(with_orders(state, {1: ("fire", "boarding"), 4: ("stand_up", "repel")}))
    play.place_last()
    prompt = play.pending("pirate")
    assert prompt is not None
    assert [c.id for c in prompt.choices] == ["pass", "1-4", "1-5", "4-5"]
    play.run({"sw.p": "1-4"}, stop_at="cp.p")
    view = play.view("pirate")
    assert view.cards[0].slots["pirate"].kind == "stand_up"
    assert view.cards[2].slots["pirate"].kind == "fire"
    spanish = play.view("spanish")
    assert spanish.cards[0].slots["spanish"].kind == "boarding"
    assert spanish.cards[2].slots["spanish"].kind == "repel"


@pytest.mark.rule("ABO-GAP-24")
def test_one_swap_at_most_and_the_opponent_learns_the_positions_only() -> None:
    play = Play(with_orders(new_game(), {1: ("fire", "fight"), 4: ("repel", "fight")}))
    play.place_last()
    play.act("pirate", "1-4")
    # The next question is the Spanish swap: the pirate is not asked again.
    assert [code_of(p) for p in play.prompts()] == ["sw.s"]
    assert play.view().sides["pirate"].swapped == (1, 4)
    assert play.view("spanish").cards[0].slots["pirate"].kind is None
    public = play.public_text()
    assert "The Pirates swap their face-down orders on ship-deck cards 1 and 4." in public
    assert not any(name in public for name in CARD_NAMES)
    assert "Repel! is now on card 1, Fire! on card 4" in play.private_text("pirate")
    assert "Repel!" not in play.private_text("spanish")


def test_swap_question_hides_the_cards_but_the_choices_are_private() -> None:
    play = Play(with_orders(new_game(), {1: ("fire", "fight")}))
    play.place_last()
    prompt = play.pending("pirate")
    assert prompt is not None and prompt.private
    assert not any(name in prompt.question for name in CARD_NAMES)
    assert "Fire!" in prompt.choices[1].label


@pytest.mark.rule("ABO-ADV-CUNNING-1")
@pytest.mark.parametrize("turn", [1, 2])
def test_advanced_only_the_pirate_may_swap(turn: int) -> None:
    play = Play(with_orders(rig(new_game("advanced"), turn=turn), {}))
    assert play.view().sides["pirate"].can_swap and not play.view().sides["spanish"].can_swap
    play.place_last()
    swaps = []
    while play.view().phase == "swap":
        prompt = play.prompts()[0]
        swaps.append(prompt.seat)
        play.act("pirate", "pass")
    assert swaps == [PIRATE]
    assert [code for code in play.asked if code.startswith("sw")] == ["sw.p"]
