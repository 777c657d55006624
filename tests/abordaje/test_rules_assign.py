"""Assigning orders: play direction, simultaneous face-down placement, hand exchanges, the set-aside draw,
what stays secret (ABO-ASSIGN-*, ABO-GAP-1, -2, -5, -11, -21, ABO-HANDICAP-2)."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from engine.abordaje import SPEC, AbordajeState
from engine.abordaje.view import CardKind
from engine.core import RiggedRng

from .rigging import PIRATE, SEAT, SPANISH, Play, new_game, rig, with_orders

CARD_NAMES = ("Fight!", "Boarding!", "Fire!", "Repel!", "Take cover!", "Stand up!")
FULL_DECK = Counter({k: 2 for k in ("fight", "boarding", "fire", "repel", "take_cover", "stand_up")})


def names_a_card(text: str) -> bool:
    return any(name in text for name in CARD_NAMES)


def place_both(play: Play) -> tuple[CardKind, CardKind]:
    """Both players place the first card of their hand (as their private view lists it)."""
    placed: list[CardKind] = []
    for side in ("pirate", "spanish"):
        kind = play.view(side).hand[0]
        if play.pending(side) is not None:
            play.act(side, kind)
        placed.append(kind)
    return placed[0], placed[1]


def assignment_order(state: AbordajeState) -> list[int]:
    """The ship-deck cards in the order the assignment asks for them."""
    play = Play(state)
    order: list[int] = []
    while play.state.phase == "assign":
        card = play.view().assigning_card
        assert card is not None
        order.append(card)
        place_both(play)
    return order


@pytest.mark.rule("ABO-ASSIGN-1")
@pytest.mark.rule("ABO-GAP-2")
@pytest.mark.rule("ABO-INIT-1")
def test_odd_turns_fill_cards_prow_to_stern() -> None:
    assert assignment_order(new_game("basic")) == [1, 2, 4, 5]
    assert assignment_order(new_game("advanced")) == [1, 2, 3, 4, 5]


@pytest.mark.rule("ABO-ASSIGN-1")
@pytest.mark.rule("ABO-GAP-2")
@pytest.mark.rule("ABO-INIT-2")
def test_even_turns_fill_cards_stern_to_prow() -> None:
    play = Play(with_orders(new_game(), {})).place_last().run()
    assert play.turn == 2
    assert assignment_order(play.state) == [5, 4, 2, 1]


@pytest.mark.rule("ABO-GAP-2")
@pytest.mark.rule("ABO-CONQUER-5")
def test_conquered_cards_are_skipped_and_take_one_exchange_less() -> None:
    state = rig(new_game("advanced"), conquered={3: ["pirate"]})
    play = Play(state)
    exchanges = 0
    order = []
    while play.state.phase == "assign":
        order.append(play.view().assigning_card)
        before = len(play.events)
        place_both(play)
        new = play.events[before:]
        exchanges += any(e.text == "The players exchanged their remaining hands." for e in new)
    assert order == [1, 2, 4, 5]
    assert exchanges == 3  # n - 1 exchanges for n = 4 active cards


@pytest.mark.rule("ABO-ASSIGN-2")
def test_both_players_place_at_the_same_time_face_down_on_their_own_side() -> None:
    play = Play(new_game())
    prompts = play.prompts()
    assert sorted(p.seat for p in prompts) == [PIRATE, SPANISH]
    assert all(p.private for p in prompts)
    kind = play.view("pirate").hand[0]
    play.act("pirate", kind)
    # The Spanish are still asked; the pirate is not asked twice.
    assert [p.seat for p in play.prompts()] == [SPANISH]
    card1 = play.view().cards[0]
    assert card1.slots["pirate"].filled and card1.slots["pirate"].kind is None  # face down to the public
    assert play.view("spanish").cards[0].slots["pirate"].kind is None  # and to the opponent
    assert play.view("pirate").cards[0].slots["pirate"].kind == kind  # its owner sees it
    assert not card1.slots["spanish"].filled


@pytest.mark.rule("ABO-ASSIGN-2")
def test_a_player_can_only_place_a_card_from_his_own_hand() -> None:
    play = Play(new_game(seed=5))
    hand = play.view("pirate").hand
    prompt = play.pending("pirate")
    assert prompt is not None
    assert {c.id for c in prompt.choices} == set(hand)


@pytest.mark.rule("ABO-ASSIGN-3")
@pytest.mark.rule("ABO-GAP-1")
def test_after_each_card_but_the_last_the_hands_are_exchanged() -> None:
    play = Play(new_game(seed=11))
    before = {side: Counter(play.view(side).hand) for side in ("pirate", "spanish")}
    pirate_kind, spanish_kind = place_both(play)
    after = {side: Counter(play.view(side).hand) for side in ("pirate", "spanish")}
    # Each now holds what the other had left: cards have no owner (ABO-GAP-1).
    assert after["pirate"] == before["spanish"] - Counter([spanish_kind])
    assert after["spanish"] == before["pirate"] - Counter([pirate_kind])
    assert play.view("pirate").last_passed == sorted(
        (before["pirate"] - Counter([pirate_kind])).elements(), key=list(FULL_DECK).index
    )


@pytest.mark.rule("ABO-GAP-1")
def test_a_player_may_hold_and_play_two_copies_of_one_kind() -> None:
    state = new_game()
    state.hands = {
        "pirate": ["fight", "fire", "fire", "repel", "stand_up"],
        "spanish": ["fight", "boarding", "boarding", "take_cover", "stand_up"],
    }
    play = Play(state)
    play.act("pirate", "fire")
    play.act("spanish", "boarding")
    play.act("pirate", "boarding")  # the pirate now holds the Spanish hand, with its second Boarding!
    play.act("spanish", "fire")
    view = play.view("pirate")
    assert [view.cards[i].slots["pirate"].kind for i in (0, 1)] == ["fire", "boarding"]


@pytest.mark.rule("ABO-ASSIGN-4")
def test_before_the_last_card_each_player_draws_one_set_aside_card() -> None:
    play = Play(new_game(seed=4))
    dealt = Counter(play.view("pirate").hand) + Counter(play.view("spanish").hand)
    set_aside = FULL_DECK - dealt
    for _ in range(3):
        place_both(play)
    assert play.view().assigning_card == 5
    pirate, spanish = play.view("pirate"), play.view("spanish")
    assert len(pirate.hand) == 3 and len(spanish.hand) == 3  # 2 left + 1 drawn
    assert pirate.drawn_set_aside is not None and spanish.drawn_set_aside is not None
    assert Counter([pirate.drawn_set_aside, spanish.drawn_set_aside]) == set_aside
    assert play.view().sides["pirate"].hand_count == 3
    assert play.view().drawn_set_aside is None
    assert "Each player drew one of the set-aside cards at random." in play.public_text()


@pytest.mark.rule("ABO-GAP-5")
@pytest.mark.rule("ABO-ASSIGN-4")
@pytest.mark.parametrize(("draw", "pirate_gets", "spanish_gets"), [(1, "fire", "repel"), (0, "repel", "fire")])
def test_set_aside_draw_shuffles_with_the_game_rng_then_index_0_to_the_pirate(
    draw: int, pirate_gets: CardKind, spanish_gets: CardKind
) -> None:
    """Fisher–Yates on two cards makes one draw: 1 keeps the order, 0 swaps it."""
    state = with_orders(new_game(), {})
    state.step = 2  # about to fill card 4; card 5 is the last
    state.board.card(4).orders = {}
    state.hands = {"pirate": ["fight", "stand_up"], "spanish": ["fight", "stand_up"]}
    state.set_aside = ["fire", "repel"]
    state.rng = RiggedRng(state=1, queued=[draw])
    play = Play(state)
    play.act("pirate", "fight")
    play.act("spanish", "fight")
    assert play.view("pirate").drawn_set_aside == pirate_gets
    assert play.view("spanish").drawn_set_aside == spanish_gets
    assert f"You drew {'Fire!' if pirate_gets == 'fire' else 'Repel!'}" in play.private_text("pirate")


@pytest.mark.rule("ABO-ASSIGN-5")
def test_nothing_is_revealed_until_every_card_holds_both_orders() -> None:
    play = Play(new_game(seed=2))
    for _ in range(3):
        place_both(play)
        assert all(s.kind is None for c in play.view().cards for s in c.slots.values())
        assert play.view().phase == "assign"
    place_both(play)
    # All eight orders down: swapping tactics comes next, still face down.
    assert play.view().phase == "swap"
    assert all(s.filled and s.kind is None for c in play.view().cards for s in c.slots.values())
    play.run(anything=True)
    assert "Orders revealed." in play.public_text()


@pytest.mark.rule("ABO-ASSIGN-6")
def test_a_card_is_placed_and_resolved_where_its_owner_has_no_crew() -> None:
    """The pirates have no crew on card 2 at all, still place an order there, and its Fire! kills."""
    state = rig(new_game(), {"p2": (0, 0), "s2": (0, 2)})
    play = Play(with_orders(state, {2: ("fire", "fight")}, draws=[0, 0]))
    assert all(c.slots["pirate"].filled for c in play.view().cards if c.number != 5)
    play.place_last().run()
    assert play.crew("s2") == (0, 0)


@pytest.mark.rule("ABO-ASSIGN-6")
def test_each_player_places_exactly_one_card_on_every_active_card() -> None:
    play = Play(new_game(seed=9))
    while play.state.phase == "assign":
        place_both(play)
    for card in play.view().cards:
        assert card.slots["pirate"].filled and card.slots["spanish"].filled
    assert play.view().sides["pirate"].hand_count == 2  # 5 dealt + 1 drawn - 4 placed


@pytest.mark.rule("ABO-ASSIGN-7")
def test_leftover_cards_are_never_played_nor_shown() -> None:
    """The pirate's leftover Take cover! is named to nobody but him, then goes back into the deck."""
    play = Play(with_orders(new_game(), {2: ("boarding", "fire")}, draws=[0, 0]))
    play.state.hands["pirate"] = ["fight", "take_cover"]
    play.place_last()
    assert play.view().sides["pirate"].hand_count == 1
    assert play.view("spanish").hand == ["stand_up"]  # his own leftover only
    play.run()
    assert "Take cover!" not in play.public_text()
    spanish_lines = [line for line in play.private_text("spanish").splitlines() if "turn 2" not in line]
    assert not any("Take cover!" in line for line in spanish_lines)
    assert play.turn == 2 and len(play.view("pirate").hand) == 5  # gathered and dealt again


@pytest.mark.rule("ABO-HANDICAP-2")
@pytest.mark.rule("ABO-GAP-11")
def test_handicap_only_the_pirate_draws_and_the_spanish_last_card_is_forced() -> None:
    play = Play(new_game("advanced", handicap=True, seed=6))
    for _ in range(4):
        place_both(play)
    assert play.view().assigning_card == 5
    assert len(play.view("pirate").hand) == 2 and play.view("pirate").drawn_set_aside is not None
    # The Spanish held one card and chose from his hand alone: it was placed for him.
    assert play.view("spanish").drawn_set_aside is None
    assert play.view("spanish").hand == []
    assert play.view().cards[4].slots["spanish"].filled
    assert [p.seat for p in play.prompts()] == [PIRATE]
    assert "The Pirates drew the set-aside card." in play.public_text()
    assert "You had one card left" in play.private_text("spanish")


@pytest.mark.rule("ABO-GAP-11")
def test_two_copies_of_one_kind_still_get_a_prompt() -> None:
    """Decision: a hand of two identical cards has one legal answer, but is asked anyway.

    Answering it at once would tell the opponent (who sees when a card is placed) that the hand holds two
    copies of one kind; a one-card hand is placed at once since hand sizes are public.
    """
    play = Play(with_orders(new_game(), {}))
    play.state.hands["pirate"] = ["fire", "fire"]
    prompt = play.pending("pirate")
    assert prompt is not None and [c.id for c in prompt.choices] == ["fire"]


@pytest.mark.rule("ABO-GAP-21")
def test_private_view_keeps_the_hand_last_passed_and_own_placed_cards() -> None:
    play = Play(new_game(seed=8))
    first_hand = Counter(play.view("pirate").hand)
    pirate_kind, _ = place_both(play)
    view = play.view("pirate")
    assert Counter(view.last_passed) == first_hand - Counter([pirate_kind])
    assert view.cards[0].slots["pirate"].kind == pirate_kind
    assert play.view("spanish").last_passed != [] and play.view().last_passed == []


def test_assignment_narration_in_the_channel_never_names_a_card() -> None:
    """Public lines say who placed where; the hand, the exchange and the draw go to their seat only."""
    play = Play(new_game(seed=12))
    play.events = []
    while play.state.phase == "assign":
        place_both(play)
    public = [e for e in play.events if e.is_public]
    assert public and not any(names_a_card(e.text) for e in public)
    private = [e for e in play.events if not e.is_public]
    assert any(names_a_card(e.text) for e in private)
    for e in private:
        assert len(e.audience) == 1 and e.audience[0] in (PIRATE, SPANISH)
    # A line naming the pirate's placed card reaches the pirate only.
    mine = [e for e in private if e.text.startswith("You placed")]
    assert {e.audience for e in mine} == {(PIRATE,), (SPANISH,)}


def test_assignment_prompts_hide_the_hand_from_the_waiting_line() -> None:
    play = Play(new_game(seed=3))
    while play.state.phase == "assign":
        for prompt in play.prompts():
            assert not names_a_card(prompt.question)
            assert re.fullmatch(r"t1\.as[0-9]\.[ps]", prompt.id)
        place_both(play)


def test_placing_a_card_not_in_hand_is_refused_and_changes_nothing() -> None:
    from engine.core import IllegalAction

    play = Play(new_game(seed=1))
    missing = next(k for k in FULL_DECK if k not in play.view("pirate").hand)
    prompt = play.pending("pirate")
    assert prompt is not None
    before = play.state.model_dump_json()
    with pytest.raises(IllegalAction) as err:
        SPEC.apply(play.state, PIRATE, prompt.id, missing)
    assert "not one of your choices" in str(err.value)
    assert play.state.model_dump_json() == before


def test_answering_the_opponents_placement_is_refused() -> None:
    from engine.core import GameError

    play = Play(new_game(seed=1))
    prompt = play.pending("spanish")
    assert prompt is not None
    before = play.state.model_dump_json()
    with pytest.raises(GameError, match="belongs to another player"):
        SPEC.apply(play.state, PIRATE, prompt.id, prompt.choices[0].id)
    assert play.state.model_dump_json() == before


def test_an_old_placement_button_is_stale() -> None:
    from engine.core import StaleChoice

    play = Play(new_game(seed=1))
    old = play.pending("pirate")
    assert old is not None
    place_both(play)
    with pytest.raises(StaleChoice):
        SPEC.apply(play.state, SEAT["pirate"], old.id, old.choices[0].id)


@pytest.mark.rule("ABO-GAP-21")
def test_the_hand_last_passed_keeps_the_card_the_receiver_was_forced_to_place() -> None:
    """Handicap: the pirate passes his single card, which the Spanish must place at once on card 5.

    The pirate's record of the hand he passed still lists it: it must not shrink as the receiver places
    from it, which would also be a way to read a face-down card (a bug found by these tests).
    """
    play = Play(new_game("advanced", handicap=True, seed=6))
    for _ in range(3):
        place_both(play)
    passing = play.view("pirate").hand[1]
    play.act("spanish", play.view("spanish").hand[0])
    play.act("pirate", play.view("pirate").hand[0])
    assert play.view("spanish").hand == []  # forced onto card 5 within the same answer
    assert play.view("pirate").last_passed == [passing]
