"""Deck control at the end of a turn: withdrawal, extermination, control markers, conquest and the end of
the game (ABO-WITHDRAW-*, ABO-EXTERM-*, ABO-CONTROL-*, ABO-CONQUER-*, ABO-END-*, ABO-CREW-*, and the gaps
they leave: ABO-GAP-10, -13, -14, -15, -16, -26)."""

from __future__ import annotations

from itertools import product

import pytest

from engine.abordaje import SPEC, AbordajeState
from engine.abordaje.view import CardKind

from .rigging import PIRATE, SPANISH, Play, new_game, resolve, rig, with_orders

QUIET = {"pirate": 0, "spanish": 0}
CALM: tuple[CardKind, CardKind] = ("stand_up", "stand_up")  # with empty pools and no losses: no effect


def settle(state: AbordajeState, answers: dict[str, str] | None = None, **orders: tuple[CardKind, CardKind]) -> Play:
    """Play a turn where every order is a Stand up! (doing nothing with empty pools) unless named, as
    ``c2=("fire", "stand_up")``: the deck-control step then acts on the rigged crew as given."""
    placed = {int(key[1:]): kinds for key, kinds in orders.items()}
    return resolve(state, placed, answers, filler=CALM)


def marker(play: Play, code: str) -> tuple[str | None, int]:
    deck = play.deck(code)
    return deck.control_marker, deck.marker_turns


def conquests(play: Play) -> tuple[int, int]:
    sides = play.view().sides
    return sides["pirate"].conquests, sides["spanish"].conquests


# --- Withdrawal -----------------------------------------------------------------------------------


@pytest.mark.rule("ABO-WITHDRAW-1")
@pytest.mark.rule("ABO-GAP-16")
def test_a_captain_alone_with_enemy_crew_withdraws_owner_picks_among_the_closest() -> None:
    """The Spanish captain is alone with 2 pirate boarders on s2; s1 and s4 (Spanish crew, one step each)
    tie, so the Spanish player picks; s5 is two steps away and not offered."""
    state = rig(new_game(), {"s2": (2, 0)}, captains={"spanish": "s2"}, pool=QUIET)
    play = resolve(state, {}, stop_at="wd.s", filler=CALM)
    prompt = play.pending("spanish")
    assert prompt is not None and [c.id for c in prompt.choices] == ["s1", "s4"]
    assert not any(c.id == "stay" for c in prompt.choices)  # mandatory (ABO-CARD-GEN-1)
    play.run({"wd.s": "s4"})
    assert play.captain("spanish") == "s4"


@pytest.mark.rule("ABO-WITHDRAW-1")
def test_a_captain_beside_his_own_crew_or_alone_on_an_empty_deck_stays() -> None:
    state = rig(new_game(), {"s2": (2, 1), "s4": (0, 0)}, captains={"spanish": "s2", "pirate": "s4"}, pool=QUIET)
    play = settle(state)
    assert play.captain("spanish") == "s2" and play.captain("pirate") == "s4"


@pytest.mark.rule("ABO-WITHDRAW-2")
@pytest.mark.rule("ABO-GAP-16")
def test_from_the_enemy_ship_the_closest_deck_with_his_crew_wins_over_going_home() -> None:
    """Pirate captain alone among Spaniards on s2. s1 holds a pirate (one step along the Spanish ship);
    p2 holds Spanish boarders only, so going home means p1 or p4 (two steps). He goes to s1, unasked."""
    state = rig(new_game(), {"s2": (0, 2), "s1": (1, 1), "p2": (0, 1)}, captains={"pirate": "s2"}, pool=QUIET)
    play = settle(state)
    assert "wd.p" not in play.asked
    assert play.captain("pirate") == "s1"
    assert "withdraws to the Spanish deck of card 1" in play.public_text()


@pytest.mark.rule("ABO-WITHDRAW-2")
@pytest.mark.rule("ABO-GAP-16")
def test_back_to_his_own_deck_of_the_card_when_it_is_closest() -> None:
    """The vertical step home counts 1: p2 (own deck, no enemies) beats the pirates on s5 two steps away."""
    state = rig(new_game(), {"s2": (0, 2), "s5": (1, 2)}, captains={"pirate": "s2"}, pool=QUIET)
    play = settle(state)
    assert play.captain("pirate") == "p2"


@pytest.mark.rule("ABO-GAP-16")
def test_with_nowhere_to_go_the_captain_stays() -> None:
    """Every pirate deck holds Spaniards and no pirates, and no pirate is on the Spanish ship (so the
    pirates are also exterminated: with any pirate crew in play there is somewhere to go)."""
    crew = {f"p{n}": (0, 1) for n in (1, 2, 4, 5)}
    state = rig(new_game(), crew, captains={"pirate": "s2"}, pool=QUIET)
    play = settle(state)
    assert "has nowhere to withdraw to" in play.public_text()
    assert play.captain("pirate") == "s2"
    outcome = SPEC.outcome(play.state)
    assert outcome is not None and outcome.winners == (SPANISH,)


# --- Extermination --------------------------------------------------------------------------------


@pytest.mark.rule("ABO-EXTERM-1")
@pytest.mark.rule("ABO-END-2")
def test_fewer_crew_in_play_than_active_cards_loses_at_once() -> None:
    """The pirates have 4 crew in play (4 active cards); a Fire! kills one: the Spanish win."""
    crew = {"p1": (1, 0), "p2": (1, 0), "p4": (1, 0), "p5": (1, 0)}
    state = rig(new_game(), crew, pool=QUIET)
    play = resolve(state, {5: ("fight", "fire")}, draws=[0])
    outcome = SPEC.outcome(play.state)
    assert outcome is not None and outcome.result == "win" and outcome.winners == (SPANISH,)
    assert "fewer than the 4 active ship-deck cards" in outcome.summary
    assert play.prompts() == [] and play.view().winner == "spanish"


@pytest.mark.rule("ABO-EXTERM-1")
@pytest.mark.rule("ABO-CREW-2")
@pytest.mark.rule("ABO-GAP-10")
def test_captains_never_count_for_extermination() -> None:
    """Three pirate crew and the pirate captain on the board, four active cards: the pirates lose."""
    crew = {"p1": (1, 0), "p2": (1, 0), "p4": (1, 0), "p5": (0, 0)}
    state = rig(new_game(), crew, captains={"pirate": "p5"}, pool=QUIET)
    play = settle(state)
    outcome = SPEC.outcome(play.state)
    assert outcome is not None and outcome.winners == (SPANISH,)


@pytest.mark.rule("ABO-EXTERM-1")
def test_exactly_as_many_crew_as_active_cards_is_enough() -> None:
    crew = {"p1": (1, 0), "p2": (1, 0), "p4": (1, 0), "p5": (1, 0)}
    play = resolve(rig(new_game(), crew, pool=QUIET), {})
    assert SPEC.outcome(play.state) is None and play.turn == 2


@pytest.mark.rule("ABO-EXTERM-2")
@pytest.mark.rule("ABO-END-4")
def test_both_exterminated_at_the_same_check_is_a_tie() -> None:
    crew = {f"p{n}": (0, 0) for n in (1, 2, 4, 5)} | {f"s{n}": (0, 0) for n in (1, 2, 4, 5)}
    crew |= {"p1": (3, 0), "s5": (0, 3)}
    play = resolve(rig(new_game(), crew, pool=QUIET), {})
    outcome = SPEC.outcome(play.state)
    assert outcome is not None and outcome.result == "tie" and outcome.winners == ()
    assert play.view().tie and play.prompts() == []


@pytest.mark.rule("ABO-EXTERM-3")
def test_extermination_is_checked_before_control_and_stops_the_turn() -> None:
    """The pirates would conquer s2 for their second conquest this step, but they fall to 3 crew first:
    the Spanish win by extermination, and no marker or conquest happens."""
    crew = {"s2": (2, 0), "p1": (0, 0), "p2": (0, 0), "p4": (1, 0), "p5": (1, 0)}
    state = rig(new_game(), crew, pool=QUIET, markers={"s2": 1})
    state.board.conquests["pirate"] = 1
    play = resolve(state, {4: ("fight", "fire")}, draws=[0])
    outcome = SPEC.outcome(play.state)
    assert outcome is not None and outcome.winners == (SPANISH,)
    assert conquests(play) == (1, 0)
    assert play.view().cards[1].active


# --- Control markers ------------------------------------------------------------------------------


@pytest.mark.rule("ABO-CONTROL-1")
def test_more_crew_than_the_owner_on_an_enemy_deck_places_a_marker() -> None:
    play = settle(rig(new_game(), {"s2": (2, 1)}, pool=QUIET))
    assert marker(play, "s2") == ("pirate", 1)
    assert "The Pirates hold the majority on the Spanish deck of card 2: control marker placed." in (play.public_text())


@pytest.mark.rule("ABO-CONTROL-2")
def test_equal_numbers_are_not_a_majority() -> None:
    play = settle(rig(new_game(), {"s2": (2, 2)}, pool=QUIET))
    assert marker(play, "s2") == (None, 0)


@pytest.mark.rule("ABO-CONTROL-3")
def test_a_marker_is_removed_when_the_majority_is_lost() -> None:
    play = settle(rig(new_game(), {"s2": (2, 2)}, pool=QUIET, markers={"s2": 1}))
    assert marker(play, "s2") == (None, 0)
    assert "lost the majority on the Spanish deck of card 2: control marker removed" in play.public_text()


@pytest.mark.rule("ABO-CONTROL-4")
def test_a_marker_kept_a_second_turn_conquers() -> None:
    play = settle(rig(new_game(), {"s2": (2, 1)}, pool=QUIET, markers={"s2": 1}))
    card2 = play.view().cards[1]
    assert not card2.active and card2.conquered_by == ["pirate"]
    assert conquests(play) == (1, 0)


@pytest.mark.rule("ABO-GAP-13")
@pytest.mark.rule("ABO-CONTROL-4")
def test_consecutive_means_placed_then_kept_a_removed_marker_starts_again() -> None:
    """Turn 1: placed. Turn 2: a Spanish reinforcement ties s2 and the marker goes. Turn 3: a pirate moves
    across for the majority again: a first turn, not a conquest. Turn 4: kept: conquered."""
    state = rig(new_game(), {"s2": (2, 1)}, pool={"pirate": 0})
    play = resolve(state, {2: CALM}, {"r2.s": "no"})
    assert marker(play, "s2") == ("pirate", 1)
    play = resolve(play.state, {2: CALM}, {"r2.s": "yes"})
    assert play.crew("s2") == (2, 2) and marker(play, "s2") == (None, 0)
    play = resolve(play.state, {2: ("repel", "stand_up")}, {"m2.p": "p2-s2", "r2.s": "no"})
    assert play.crew("s2") == (3, 2) and marker(play, "s2") == ("pirate", 1)
    assert play.view().cards[1].active
    play = resolve(play.state, {2: CALM}, {"r2.s": "no"})
    assert not play.view().cards[1].active and conquests(play) == (1, 0)


@pytest.mark.rule("ABO-CREW-3")
@pytest.mark.rule("ABO-GAP-10")
def test_a_captain_on_an_enemy_deck_counts_beside_his_crew() -> None:
    """s2: 1 pirate and the pirate captain v 1 Spaniard: 2 against 1, a marker. Without the captain: tie."""
    play = settle(rig(new_game(), {"s2": (1, 1)}, captains={"pirate": "s2"}, pool=QUIET))
    assert marker(play, "s2") == ("pirate", 1)
    play = settle(rig(new_game(), {"s2": (1, 1)}, pool=QUIET))
    assert marker(play, "s2") == (None, 0)


@pytest.mark.rule("ABO-CREW-3")
@pytest.mark.rule("ABO-CREW-4")
@pytest.mark.rule("ABO-GAP-10")
def test_a_captain_alone_cannot_take_control() -> None:
    play = settle(rig(new_game(), {"s2": (0, 0)}, captains={"pirate": "s2"}, pool=QUIET))
    assert marker(play, "s2") == (None, 0)


@pytest.mark.rule("ABO-CREW-2")
def test_a_captain_on_his_own_deck_does_not_defend_it() -> None:
    """s2: 2 pirates v 1 Spaniard and the Spanish captain: still 2 against 1, the pirates get a marker."""
    play = settle(rig(new_game(), {"s2": (2, 1)}, captains={"spanish": "s2"}, pool=QUIET))
    assert marker(play, "s2") == ("pirate", 1)


# --- Conquest -------------------------------------------------------------------------------------


@pytest.mark.rule("ABO-CONQUER-1")
@pytest.mark.rule("ABO-CONQUER-3")
def test_a_conquered_card_flips_keeps_the_trophy_and_sends_crew_to_the_pools() -> None:
    state = rig(new_game(), {"s2": (3, 1), "p2": (2, 0)}, pool={"pirate": 0, "spanish": 7}, markers={"s2": 1})
    play = resolve(state, {2: ("fight", "fight")})
    card2 = play.view().cards[1]
    assert not card2.active and card2.conquered_by == ["pirate"]
    assert card2.decks["spanish"].control_marker == "pirate"  # the trophy stays on the conquered deck
    # The Fight! on s2 first: both fought, step 3 -> 2 v 0. Then: 2 + 2 pirates and 0 Spaniards go back.
    assert card2.decks["spanish"].pirate_crew == 0 and card2.decks["pirate"].pirate_crew == 0
    pirate = play.view().sides["pirate"]
    assert (pirate.pool, pirate.losses) == (4, 1)
    assert "Ship-deck card 2 is flipped and leaves play" in play.public_text()


@pytest.mark.rule("ABO-GAP-12")
@pytest.mark.rule("ABO-CONQUER-3")
def test_pools_may_grow_past_their_starting_size() -> None:
    state = rig(new_game(), {"s2": (3, 1), "p2": (4, 2)}, markers={"s2": 1}, pool={"spanish": 0})
    play = resolve(state, {2: CALM}, {"r2.p": "no"})
    assert play.view().sides["pirate"].pool == 7 + 7
    assert play.view().sides["spanish"].pool == 3


@pytest.mark.rule("ABO-CONQUER-2")
def test_both_decks_of_one_card_conquered_in_the_same_step() -> None:
    state = rig(new_game(), {"s2": (2, 1), "p2": (1, 2)}, pool=QUIET, markers={"s2": 1, "p2": 1})
    play = settle(state)
    card2 = play.view().cards[1]
    assert not card2.active and sorted(card2.conquered_by) == ["pirate", "spanish"]
    assert card2.decks["spanish"].control_marker == "pirate"
    assert card2.decks["pirate"].control_marker == "spanish"
    assert conquests(play) == (1, 1)
    assert SPEC.outcome(play.state) is None


@pytest.mark.rule("ABO-GAP-14")
def test_a_first_turn_marker_on_the_other_deck_of_a_conquered_card_is_discarded() -> None:
    state = rig(new_game(), {"s2": (2, 1), "p2": (1, 2)}, pool=QUIET, markers={"s2": 1})
    play = settle(state)
    card2 = play.view().cards[1]
    assert card2.conquered_by == ["pirate"]
    assert card2.decks["pirate"].control_marker is None
    assert conquests(play) == (1, 0)


@pytest.mark.rule("ABO-CONQUER-4")
@pytest.mark.rule("ABO-GAP-26")
def test_a_captain_on_a_conquered_card_returns_to_his_ship_beside_it_owner_chooses() -> None:
    state = rig(new_game(), {"s2": (2, 1)}, captains={"pirate": "s2"}, pool=QUIET, markers={"s2": 1})
    play = resolve(state, {}, stop_at="rt.p", filler=CALM)
    prompt = play.pending("pirate")
    assert prompt is not None and [c.id for c in prompt.choices] == ["1", "4"]
    play.run({"rt.p": "4"})
    assert play.captain("pirate") == "p4"


@pytest.mark.rule("ABO-CONQUER-4")
def test_both_captains_return_to_their_own_ships() -> None:
    """Card 1 (the prow) is conquered with both captains on it: each goes to his own deck of card 2."""
    state = rig(new_game(), {"s1": (2, 1)}, captains={"pirate": "s1", "spanish": "s1"}, pool=QUIET, markers={"s1": 1})
    play = settle(state)
    assert play.captain("pirate") == "p2" and play.captain("spanish") == "s2"


@pytest.mark.rule("ABO-GAP-26")
@pytest.mark.rule("ABO-GAP-3")
def test_returns_skip_cards_conquered_in_the_same_step() -> None:
    """Cards 2 and 4 fall together (one conquest each); the pirate captain on card 2 may return to card 1
    or to card 5, now its neighbours, never to card 4."""
    state = rig(
        new_game(), {"s2": (2, 1), "p4": (1, 2)}, captains={"pirate": "s2"}, pool=QUIET, markers={"s2": 1, "p4": 1}
    )
    play = resolve(state, {}, stop_at="rt.p", filler=CALM)
    prompt = play.pending("pirate")
    assert prompt is not None and [c.id for c in prompt.choices] == ["1", "5"]
    play.run({"rt.p": "5"})
    assert play.captain("pirate") == "p5"


@pytest.mark.rule("ABO-CONQUER-4")
@pytest.mark.rule("ABO-GAP-26")
@pytest.mark.rule("ABO-GAP-3")
def test_captains_on_the_stern_cards_falling_together_return_to_the_nearest_card_still_active() -> None:
    """Cards 4 and 5 fall in one step (one conquest each), the pirate captain on s5 and the Spanish captain
    on p4: the card next to each is gone too, and each returns at once to his own deck of card 2, the one
    card beside the gap."""
    crew = {"s5": (2, 1), "p4": (1, 2)}
    state = rig(new_game(), crew, captains={"pirate": "s5", "spanish": "p4"}, pool=QUIET, markers={"s5": 1, "p4": 1})
    play = settle(state)
    assert conquests(play) == (1, 1) and SPEC.outcome(play.state) is None
    assert play.captain("pirate") == "p2" and play.captain("spanish") == "s2"
    assert not any(code.startswith("rt.") for code in play.asked)  # one card to go to: nobody is asked
    assert "The pirate captain returns to" in play.public_text()


@pytest.mark.rule("ABO-CONQUER-4")
@pytest.mark.rule("ABO-GAP-26")
@pytest.mark.parametrize("variant", ["basic", "advanced"])
def test_a_captain_on_a_conquered_card_always_has_a_card_to_return_to(variant: str) -> None:
    """The state "a captain on a flipped card with no active card beside it" cannot arise, shown over every
    way the cards can stand when captains return.

    Captains return only when the conquest did not end the game, so each player has at most one conquest
    (ABO-END-1) and at most two cards are flipped (a card flips only when conquered); four or five cards are
    in play, so at least two stay active, and the nearest of them on either side of a flipped card is
    adjacent to it (ABO-CONQUER-6). Checked exhaustively: every set of flipped cards with every set of
    conquerors that leaves the game going on, and every flipped card a captain could stand on."""
    numbers = [card.number for card in new_game(variant).board.cards]
    checked = 0
    for who in product(([], ["pirate"], ["spanish"], ["pirate", "spanish"]), repeat=len(numbers)):
        conquered = {n: by for n, by in zip(numbers, who, strict=True) if by}
        if not conquered or any(sum(side in by for by in who) > 1 for side in ("pirate", "spanish")):
            continue  # nothing flipped, or a second conquest: the game is over before anyone returns
        board = rig(new_game(variant), conquered=conquered).board
        for number in conquered:
            beside = board.neighbours(number)
            assert beside and all(board.card(n).active for n in beside), (variant, conquered, number)
            checked += 1
    n = len(numbers)  # one conqueror: 2n layouts; both on one card: n; on two cards: n(n-1), two flipped each
    assert checked == 2 * n + n + 2 * n * (n - 1)


@pytest.mark.rule("ABO-CONQUER-5")
def test_no_orders_on_a_conquered_card() -> None:
    state = rig(new_game(), {"s2": (2, 1)}, pool=QUIET, markers={"s2": 1})
    play = settle(state)
    assert play.view().assigning_card == 5
    order = []
    while play.state.phase == "assign":
        order.append(play.view().assigning_card)
        for side in ("pirate", "spanish"):
            if play.pending(side) is not None:
                play.act(side, play.view(side).hand[0])
    assert order == [5, 4, 1]
    assert not any(s.filled for s in play.view().cards[1].slots.values())


@pytest.mark.rule("ABO-CONQUER-6")
@pytest.mark.rule("ABO-GAP-3")
def test_withdrawal_distance_counts_across_a_conquered_card() -> None:
    """Advanced, card 3 gone: the Spanish captain alone among boarders on s2. s1 holds only a pirate (closed
    to him); s4, across the gap, is one step away and holds Spaniards: he goes there, unasked."""
    state = rig(
        new_game("advanced"),
        {"s2": (2, 0), "s1": (1, 0)},
        captains={"spanish": "s2"},
        conquered={3: ["pirate"]},
        pool=QUIET,
    )
    play = settle(state, {"nv": "no"})
    assert "wd.s" not in play.asked
    assert play.captain("spanish") == "s4"


# --- End of the game ------------------------------------------------------------------------------


@pytest.mark.rule("ABO-END-1")
@pytest.mark.rule("ABO-GAP-15")
def test_a_second_conquest_wins() -> None:
    state = rig(new_game(), {"s2": (2, 1)}, pool=QUIET, markers={"s2": 1}, conquered={4: ["pirate"]})
    play = settle(state)
    outcome = SPEC.outcome(play.state)
    assert outcome is not None and outcome.result == "win" and outcome.winners == (PIRATE,)
    assert outcome.summary == "The Pirates win by conquering two enemy decks."
    assert play.prompts() == []


@pytest.mark.rule("ABO-GAP-15")
def test_reaching_two_while_the_opponent_reaches_one_wins() -> None:
    """Pirates 1 -> 2, Spanish 0 -> 1 in the same step: the pirates win; only 2 and 2 is a tie."""
    state = rig(
        new_game("advanced"),
        {"s2": (2, 1), "p4": (1, 2)},
        pool=QUIET,
        markers={"s2": 1, "p4": 1},
        conquered={3: ["pirate"]},
    )
    play = settle(state, {"nv": "no"})
    outcome = SPEC.outcome(play.state)
    assert conquests(play) == (2, 1)
    assert outcome is not None and outcome.winners == (PIRATE,)


@pytest.mark.rule("ABO-GAP-15")
def test_two_conquests_in_one_step_win() -> None:
    state = rig(new_game(), {"s2": (2, 1), "s4": (2, 1)}, pool=QUIET, markers={"s2": 1, "s4": 1})
    play = settle(state)
    outcome = SPEC.outcome(play.state)
    assert outcome is not None and outcome.winners == (PIRATE,)


@pytest.mark.rule("ABO-END-3")
def test_both_second_conquests_in_the_same_step_is_a_tie() -> None:
    state = rig(new_game("advanced"), {"s2": (2, 1), "p4": (1, 2)}, pool=QUIET, markers={"s2": 1, "p4": 1})
    state = rig(state, conquered={3: ["pirate", "spanish"]})
    play = settle(state, {"nv": "no"})
    outcome = SPEC.outcome(play.state)
    assert conquests(play) == (2, 2)
    assert outcome is not None and outcome.result == "tie"


def test_a_finished_game_takes_no_more_answers() -> None:
    from engine.core import StaleChoice

    crew = {"p1": (1, 0), "p2": (1, 0), "p4": (1, 0), "p5": (0, 0)}
    play = Play(with_orders(rig(new_game(), crew, pool=QUIET), {}))
    prompt = play.pending("pirate")
    assert prompt is not None
    play.place_last().run()
    assert SPEC.outcome(play.state) is not None
    with pytest.raises(StaleChoice):
        SPEC.apply(play.state, PIRATE, prompt.id, prompt.choices[0].id)
