"""What Jupiter Deep hides, for ``/undo``, and what a voted skip does.

Nothing at the table is secret (every hand is on the board) except the rescue deck's order and the
generator behind the invasion die. An action that drew a card or rolled the die is final; moving, shooting,
commanding, trading and playing a card from hand can be undone.

A skip (voted by the other players after the idle time) ends the idle robot's actions at once ("End your
actions") and lets the end of the turn run as usual; a question the end of the turn asks that robot's
player (the invasion's choices, a core ability, docking the pod) takes the first offered answer, the order
the rules list them in. A robot that must discard down to its hand limit discards the first cards listed.
"""

from __future__ import annotations

from engine.core import Prompt, first_offered

from .state import JupiterState


def unseen(state: JupiterState, seat: int) -> object:
    """What nobody can see: the deck's order and the generator (the same for every seat)."""
    return (state.rng.state, state.deck)


def skip_choice(state: JupiterState, prompt: Prompt) -> str | None:
    """End the actions; otherwise the first offered answer."""
    picked = first_offered(prompt, "end", "keep")
    if picked is not None:
        return picked
    return prompt.choices[0].id if prompt.choices else None
