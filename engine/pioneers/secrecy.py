"""What nobody can see, so a moderator's ``/undo`` can tell a plain choice from one that rolled or drew.

Nothing is secret between players. Hidden from everyone: the generator (future dice), the order of the
alien event deck and the planet tiles left in the box. An action that changed any of these rolled a die,
drew a card or shuffled, and is final; a plain choice (a move that starts no combat, a deployment step) can
be undone.
"""

from __future__ import annotations

from engine.core import Prompt, first_offered

from .state import PioneersState


def unseen(state: PioneersState, seat: int) -> object:
    """Everything hidden from every seat, in a comparable form."""
    return (state.rng.state, tuple(state.deck), tuple(state.unused_tiles))


def skip_choice(state: PioneersState, prompt: Prompt) -> str | None:
    """The answer a voted skip gives one of an idle seat's prompts."""
    picked = first_offered(prompt, "stay", "keep", "none", "done", "hold")
    if picked is not None:
        return picked
    return prompt.choices[0].id if prompt.choices else None
