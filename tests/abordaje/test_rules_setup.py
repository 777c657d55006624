"""Setup: players and sides, ship-deck cards, crew, captains, the deal (ABO-SETUP-*, ABO-ADV-SETUP-*)."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.abordaje import SPEC
from engine.core import BadOptions, SeatSetup

from .rigging import PIRATE, SPANISH, Play, new_game, with_orders

FULL_DECK = Counter({k: 2 for k in ("fight", "boarding", "fire", "repel", "take_cover", "stand_up")})


@pytest.mark.rule("ABO-SETUP-1")
def test_two_players_one_pirate_one_spanish() -> None:
    assert (SPEC.min_players, SPEC.max_players) == (2, 2)
    assert {r.key for r in SPEC.roles} == {"pirate", "spanish"} and SPEC.roles_required
    view = Play(new_game()).view()
    assert view.sides["pirate"].seat == PIRATE and view.sides["spanish"].seat == SPANISH
    with pytest.raises(BadOptions, match="one player on the Pirates and one on the Spanish"):
        SPEC.setup([SeatSetup(role="pirate"), SeatSetup(role="pirate")], SPEC.options_model(), 1)


@pytest.mark.rule("ABO-GAP-22")
def test_the_lobby_picks_the_sides_and_the_engine_follows_the_seat_roles() -> None:
    """The lobby's opener picks a side (or random); the engine seats whoever holds each role."""
    state = SPEC.setup([SeatSetup(role="spanish"), SeatSetup(role="pirate")], SPEC.options_model(), 3)
    view = SPEC.view(state, None)
    assert view.sides["pirate"].seat == 1 and view.sides["spanish"].seat == 0
    assert SPEC.view(state, 1).my_side == "pirate"


@pytest.mark.rule("ABO-SETUP-2")
def test_basic_game_uses_cards_1_2_4_5_in_order_colour_up() -> None:
    view = Play(new_game("basic")).view()
    assert [c.number for c in view.cards] == [1, 2, 4, 5]
    assert all(c.active and not c.conquered_by for c in view.cards)


@pytest.mark.rule("ABO-SETUP-3")
def test_every_card_holds_two_independent_decks() -> None:
    """A Boarding! on card 2 moves crew between the two decks of card 2 and touches no other card."""
    play = Play(with_orders(new_game(), {2: ("boarding", "fight")}))
    assert all(set(c.decks) == {"pirate", "spanish"} for c in play.view().cards)
    play.place_last().run()
    assert play.crew("p2") == (0, 0) and play.crew("s2") == (2, 1)
    for n in (1, 4, 5):
        assert play.crew(f"p{n}") == (2, 0) and play.crew(f"s{n}") == (0, 2)


@pytest.mark.rule("ABO-SETUP-4")
def test_basic_crew_two_per_own_deck_and_seven_in_the_pool() -> None:
    play = Play(new_game("basic"))
    for n in (1, 2, 4, 5):
        assert play.crew(f"p{n}") == (2, 0)
        assert play.crew(f"s{n}") == (0, 2)
    for side in ("pirate", "spanish"):
        info = play.view().sides[side]
        assert (info.in_play, info.pool, info.losses) == (8, 7, 0)
        assert info.in_play + info.pool == 15


@pytest.mark.rule("ABO-SETUP-5")
def test_captains_start_at_the_flags() -> None:
    play = Play(new_game("basic"))
    assert play.captain("pirate") == "p1"
    assert play.captain("spanish") == "s5"


@pytest.mark.rule("ABO-SETUP-6")
def test_captains_are_not_crew() -> None:
    """Both captains are on the board, yet each side has 8 crew in play: the tokens, not the captains."""
    view = Play(new_game()).view()
    assert view.sides["pirate"].in_play == 8 and view.sides["spanish"].in_play == 8
    tokens = sum(d.pirate_crew for c in view.cards for d in c.decks.values())
    assert tokens == 8


@pytest.mark.rule("ABO-SETUP-7")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_deal_five_each_from_the_shuffled_twelve_and_two_set_aside_unseen(seed: int) -> None:
    state = new_game(seed=seed)
    pirate, spanish = SPEC.view(state, PIRATE), SPEC.view(state, SPANISH)
    assert len(pirate.hand) == 5 and len(spanish.hand) == 5
    dealt = Counter(pirate.hand) + Counter(spanish.hand)
    assert not dealt - FULL_DECK, "a hand holds a card the 12-card deck does not have"
    assert sum((FULL_DECK - dealt).values()) == 2  # the set-aside pair
    public = SPEC.view(state, None)
    assert public.hand == [] and public.drawn_set_aside is None
    assert pirate.drawn_set_aside is None and spanish.drawn_set_aside is None


@pytest.mark.rule("ABO-SETUP-7")
def test_every_turn_reshuffles_all_twelve_cards() -> None:
    """After a turn (8 cards placed, 2 left in hands) the next deal is again 5 and 5 from all 12."""
    play = Play(with_orders(new_game(), {})).place_last().run()
    assert play.turn == 2
    pirate, spanish = play.view("pirate"), play.view("spanish")
    assert len(pirate.hand) == 5 and len(spanish.hand) == 5
    assert not (Counter(pirate.hand) + Counter(spanish.hand)) - FULL_DECK


def test_different_seeds_deal_different_hands() -> None:
    hands = {tuple(SPEC.view(new_game(seed=s), PIRATE).hand) for s in range(8)}
    assert len(hands) > 1


@pytest.mark.rule("ABO-ADV-SETUP-1")
def test_advanced_game_uses_all_five_cards() -> None:
    view = Play(new_game("advanced")).view()
    assert [c.number for c in view.cards] == [1, 2, 3, 4, 5]


@pytest.mark.rule("ABO-ADV-SETUP-2")
def test_advanced_pirates_fifteen_with_one_at_prow_and_stern() -> None:
    play = Play(new_game("advanced"))
    assert [play.crew(f"p{n}")[0] for n in (1, 2, 3, 4, 5)] == [1, 2, 2, 2, 1]
    info = play.view().sides["pirate"]
    assert (info.in_play, info.pool) == (8, 7)


@pytest.mark.rule("ABO-ADV-SETUP-3")
def test_advanced_spanish_twenty_two_per_deck_pool_ten() -> None:
    play = Play(new_game("advanced"))
    assert [play.crew(f"s{n}")[1] for n in (1, 2, 3, 4, 5)] == [2, 2, 2, 2, 2]
    info = play.view().sides["spanish"]
    assert (info.in_play, info.pool) == (10, 10)


@pytest.mark.rule("ABO-GAP-23")
def test_advanced_captains_start_as_in_the_basic_game() -> None:
    play = Play(new_game("advanced"))
    assert play.captain("pirate") == "p1" and play.crew("p1") == (1, 0)
    assert play.captain("spanish") == "s5"
