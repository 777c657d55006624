"""What a card's action types do, in a few words: the ``detail`` a select shows under a choice (issue 26).

A card's label names its action types ("Play Hot Foot (Move ×2 / Shoot)"); a new player does not know what
Shoot or Power does, so each choice that plays a card or picks an action type says it. The words follow the
player's guide (docs/guide/capricorn.md, "The actions"); Power is the playing character's role's, from
``data/capricorn/cards.toml``.
"""

from __future__ import annotations

from engine.core import MAX_DETAIL

from .catalog import CATALOG
from .terms import RoleKey, Symbol

SYMBOL_TEXT: dict[Symbol, str] = {
    "move": "a step to a space next to you",
    "rotate": "turn the inner or middle ring one mark",
    "hit": "2 damage to an alien next to you",
    "shoot": "1 damage to an alien in your room",
    "grenade": "3 damage around a corner up to 4 away",
    "hide": "small aliens leave you be this turn",
    "power": "your role's own power",
}


def symbol_detail(symbol: Symbol, role: RoleKey | None = None) -> str:
    """What one action type does; Power as ``role``'s power when the role is known."""
    if symbol == "power" and role is not None:
        return clipped(CATALOG.roles[role].power)
    return SYMBOL_TEXT[symbol]


def card_detail(symbols: list[Symbol], role: RoleKey | None = None) -> str:
    """What each action type of a card does: "Move: a step to a space next to you · Shoot: 1 damage …"; Power
    last, since a role's power is the longest and the first to be clipped."""
    ordered = sorted(symbols, key=lambda symbol: symbol == "power")
    parts = [f"{symbol.capitalize()}: {symbol_detail(symbol, role)}" for symbol in ordered]
    return clipped(" · ".join(parts))


def clipped(text: str) -> str:
    return text if len(text) <= MAX_DETAIL else text[: MAX_DETAIL - 1] + "…"


def as_sentence(text: str) -> str:
    """``text`` with a capital first letter, the rest untouched (a choice's detail standing alone)."""
    return text[:1].upper() + text[1:]
