"""Scanning infection cards and the infection procedure (DER-INFECT-3, -5, -6, -7)."""

from __future__ import annotations

from engine.core import Event

from .board import character_name
from .harm import larva_on_board
from .state import DerelictState, Player, is_infection


def scan(state: DerelictState, player: Player, cards: list[str], out: list[Event]) -> list[str]:
    """DER-INFECT-5: reveal each named infection card's status to everyone; returns the INFECTED ones."""
    cards = [c for c in cards if is_infection(c)]
    infected = [c for c in cards if c in state.ship.infected]
    for c in cards:
        if c not in state.ship.scanned:
            state.ship.scanned.append(c)
    if cards:
        n = len(cards)
        out.append(
            Event(
                text=f"{character_name(player)} scans {n} infection card{'' if n == 1 else 's'}: "
                f"{len(infected)} read INFECTED."
            )
        )
    return infected


def remove_infection(state: DerelictState, player: Player, card: str) -> None:
    """An infection card an effect removes goes to the infection discard (DER-INFECT-2)."""
    for pile in (player.hand, player.discard, player.deck):
        if card in pile:
            pile.remove(card)
            state.ship.infection_discard.append(card)
            return


def infection_procedure(state: DerelictState, player: Player, infected: list[str], out: list[Event]) -> None:
    """DER-INFECT-6: any INFECTED card scanned during play puts a larva on the board, or kills."""
    if infected:
        larva_on_board(state, player, out)


def scan_hand_remove_clean(state: DerelictState, player: Player, out: list[Event]) -> None:
    """Rest, Galley, Shower: scan the hand's infection cards, remove the clean ones, INFECTED ones trigger
    the infection procedure and stay (DER-INFECT-7)."""
    cards = [c for c in player.hand if is_infection(c)]
    infected = scan(state, player, cards, out)
    for c in cards:
        if c not in infected:
            remove_infection(state, player, c)
    infection_procedure(state, player, infected, out)
