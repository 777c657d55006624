"""What an action does, in a few words: the ``detail`` a select shows under a choice of the turn (issue 26).

A choice reads "Shoot (1 card)" or "Adrenaline (free)": its cost is in the label, its effect is not. An action
card or an item says what its card says (``data/derelict``); the basic actions say what the player's guide
says of them (docs/guide/derelict.md, "Your turn"). Room actions are named for what they do and get none.
A detail is read only by the seat the prompt is for, like the choice: it names that seat's own cards.
"""

from __future__ import annotations

from engine.core import MAX_DETAIL

from .actions import Action
from .catalog import CATALOG
from .state import Player

BASIC_TEXT: dict[str, str] = {
    "move": "To a neighbouring room; entering an empty room makes a noise roll.",
    "careful": "Move without a noise roll, then put a noise token in an exit you choose.",
    "shoot": "Spend an ammo and roll the combat die against an intruder or an egg here.",
    "melee": "Like a shot, with bare hands; you take an infection card.",
    "exchange": "Trade items and objects with the characters in your room.",
    "take": "A corpse, a carcass or an egg, into a free hand.",
    "drop": "Put down something you hold.",
    "craft": "Combine two item cards into a crafted item.",
}


def action_detail(player: Player, action: Action) -> str | None:
    """What ``action`` does, for ``player``'s own choice; ``None`` where its name says it."""
    text: str | None = None
    if action.card is not None and player.character is not None:
        text = CATALOG.action_card(player.character, action.card).text
    elif action.id.startswith("item_") and action.id.removeprefix("item_") in CATALOG.item_cards:
        text = CATALOG.item_cards[action.id.removeprefix("item_")].text
    else:
        text = BASIC_TEXT.get(action.id)
    return None if text is None else clipped(text)


def clipped(text: str) -> str:
    return text if len(text) <= MAX_DETAIL else text[: MAX_DETAIL - 1] + "…"
