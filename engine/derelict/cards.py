"""Action decks, hands and discard piles; infection cards (DER-DRAW-*, DER-INFECT-1..3, DER-COST-4).

Every draw, reveal or reshuffle of a character's cards goes through here so that DER-DRAW-2 (an exhausted
deck is rebuilt from the discard, infection cards included) holds for every effect, not only step 1.
"""

from __future__ import annotations

from engine.core import Event

from .board import character_name
from .catalog import CATALOG
from .state import DerelictState, Player, draw_top, is_infection

HAND_SIZE = 5


def card_name(player: Player, card: str) -> str:
    """A card's name for its owner: an action card by name, an infection card as such."""
    if is_infection(card):
        return "infection card"
    assert player.character is not None
    return CATALOG.action_card(player.character, card).name


def draw_one(state: DerelictState, player: Player) -> str | None:
    """Draw the top card of ``player``'s deck, rebuilding it from the discard when empty (DER-DRAW-2..4)."""
    card = draw_top(state.rng, player.deck, player.discard)
    if card is not None:  # DER-DRAW-4: with deck and discard empty the hand stays short
        player.hand.append(card)
    return card


def draw(state: DerelictState, player: Player, n: int, out: list[Event]) -> int:
    """Draw ``n`` cards (fewer if deck and discard run dry); the owner reads which, everyone how many."""
    drawn = [c for c in (draw_one(state, player) for _ in range(n)) if c is not None]
    if drawn:
        names = ", ".join(card_name(player, c) for c in drawn)
        out.append(Event(text=f"You draw {names}.", audience=(player.seat,)))
        count = f"{len(drawn)} card" + ("" if len(drawn) == 1 else "s")
        out.append(Event(text=f"{character_name(player)} draws {count} (hand {len(player.hand)})."))
    return len(drawn)


def refill_hand(state: DerelictState, player: Player, out: list[Event]) -> None:
    """DER-DRAW-1: draw until the hand holds 5 cards (a hand at 5 or more draws nothing, DER-DRAW-4)."""
    missing = HAND_SIZE - len(player.hand)
    if missing > 0:
        draw(state, player, missing, out)


def take_infection(state: DerelictState, player: Player, out: list[Event]) -> None:
    """DER-INFECT-2: the top infection card goes to the taker's discard pile (nothing if none is left)."""
    card = draw_top(state.rng, state.ship.infection_deck, state.ship.infection_discard)
    if card is None:
        out.append(Event(text=f"{character_name(player)} would take an infection card, but none is left."))
        return
    player.discard.append(card)
    out.append(Event(text=f"{character_name(player)} takes 1 infection card (into the discard pile)."))


def payable(player: Player) -> list[str]:
    """The cards that may pay a cost: action cards only (DER-COST-4)."""
    return [c for c in player.hand if not is_infection(c)]


def discard_from_hand(player: Player, card: str) -> None:
    player.hand.remove(card)
    player.discard.append(card)


def all_cards(player: Player) -> list[str]:
    """Every action and infection card the character owns (deck, hand, discard)."""
    return [*player.deck, *player.hand, *player.discard]


def infection_cards(player: Player) -> list[str]:
    return [c for c in all_cards(player) if is_infection(c)]
