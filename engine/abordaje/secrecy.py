"""What each side cannot see, so a moderator's ``/undo`` can tell a placement from a reveal.

A side sees its own hand, its own face-down orders and the public board. It cannot see the generator, the
set-aside cards, the other side's hand and set-aside draw, or the other side's orders until they are turned
up. An action that changed any of that for the side that took it drew, swapped hands or revealed orders, and
is final. Placing an order from your hand changes only what you can see: it can be undone.

¡Abordaje! has no skip: both sides' orders are needed every turn, so an idle player is replaced by a
moderator (``/replace``) or the game is ended (``/end``); see docs/rules/abordaje.md.
"""

from __future__ import annotations

from .state import AbordajeState, other


def unseen(state: AbordajeState, seat: int) -> object:
    """Everything hidden from ``seat``'s side, in a comparable form."""
    them = other(state.side_of(seat))
    board = state.board
    orders = None if board.revealed else [card.orders.get(them) for card in board.cards]
    resolution = state.resolution
    return (
        state.rng.state,
        None if resolution is None else resolution.rng.state,
        state.set_aside,
        state.hands[them],
        state.drawn.get(them),
        orders,
    )
