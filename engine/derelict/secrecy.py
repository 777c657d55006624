"""What each seat cannot see, so a moderator's ``/undo`` can tell a plain move from a draw or a reveal.

A seat cannot see the generator, any deck order (its own included), the bag, the face-down tiles and
exploration tokens, the engine tokens, the coordinates card, the INFECTED marks, the weaknesses, or other
seats' hands, items and tasks. An action that changed any of that for the seat that took it drew, rolled,
shuffled or uncovered something, and is final.
"""

from __future__ import annotations

from engine.core import Prompt, first_offered

from .state import DerelictState

# The "do as little as possible" answers, in preference order: pass (and keep the hand), be done trading,
# decline an offer, stay in a pod, keep a roll, stop shooting, wait in a pod, keep no searched item.
SKIP_PREFERENCE = ("pass", "done", "decline", "stay", "keep", "stop", "wait", "none")


def unseen(state: DerelictState, seat: int) -> object:
    """Everything hidden from ``seat``, in a comparable form."""
    ship = state.ship
    hidden_slots = {s: (ship.tiles[s], ship.explore_tokens[s]) for s in ship.tiles if s not in ship.explored}
    others = [(p.hand, p.items, p.task, p.dealt_tasks, p.deck) for p in state.players if p.seat != seat]
    me = state.players[seat]
    return (
        state.rng.state,
        sorted(ship.bag),
        hidden_slots,
        ship.engines,
        ship.coordinates,
        ship.infected,
        ship.weaknesses,
        ship.event_deck,
        ship.attack_deck,
        ship.infection_deck,
        ship.wound_deck,
        ship.item_decks,
        me.deck,
        others,
    )


def skip_choice(state: DerelictState, prompt: Prompt) -> str | None:
    """The answer a voted skip gives one of an idle seat's prompts: the least it can do, else the first."""
    picked = first_offered(prompt, *SKIP_PREFERENCE)
    return picked if picked is not None else prompt.choices[0].id
