"""What a seat cannot see in Abandon Capricorn, for ``/undo``, and what a voted skip does.

Hidden from everyone: the generator (dice, the bag's draws, shuffles), the room decks, the event and repair
decks, the bag's contents and every Actions stack. Hidden from a seat: the other characters' hands. An
action that changed any of that for the seat that took it (drew a card, searched, rolled, drew an alien,
passed a card into another hand) is final; moving, rotating, fighting with no roll and the like can be undone.

A skip (voted by the other players after the idle time) plays the idle character's turn as "do nothing":
every card but one is discarded with no effect, the last is trashed, an open repair ends, off-turn offers
are declined and yes/no questions answered no. The aliens and events of that turn still happen.
"""

from __future__ import annotations

from engine.core import Prompt, first_offered

from .state import CapricornState
from .turn import NO_EFFECT

# In this order: end what can be ended before discarding anything.
_SKIP_PREFERENCE = ("done", "endrep", "notnow", "decline", "no", "stop", "trash", NO_EFFECT)


def skip_held_by(state: CapricornState, prompt: Prompt) -> str | None:
    """ "Not now" to another character's off-turn offer that holds up a skipped turn (capricorn-6 waits for
    those offers when the active player has nothing left to do): a skip ends the quiet player's turn at once,
    closing the offers as a player ending their actions did. ``None`` for anything else: a real decision."""
    return "notnow" if prompt.choice("notnow") is not None else None


def unseen(state: CapricornState, seat: int) -> object:
    """Everything hidden from ``seat``, in a comparable form."""
    crew = state.crew
    return (
        state.rng.state,
        state.log.rng.state,
        crew.room_decks,
        crew.event_deck,
        crew.repair_deck,
        crew.bag,
        crew.black_token_boxed,
        [(c.stack, None if c.seat == seat else c.hand) for c in crew.characters],
    )


def skip_choice(state: CapricornState, prompt: Prompt) -> str | None:
    """The "do nothing" answer to one of the idle seat's prompts; ``None`` when there is none."""
    picked = first_offered(prompt, *_SKIP_PREFERENCE)
    if picked is not None:
        return picked
    plays = [c.id for c in prompt.choices if c.id.startswith("play.")]
    return plays[0] if plays else None  # the card is then discarded with no effect
