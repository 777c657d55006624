"""¡Abordaje! (César Gómez Bernardino): two players, pirates against the Spanish, on two lashed ships.

Modules: ``catalog`` (cards and set-ups from ``data/abordaje``), ``options``, ``state`` (the state and
board queries), ``assignment`` (setup, deal, face-down placement), ``resolution`` (the rest of a turn),
``orders`` (what each card does), ``control`` (withdrawal, extermination, control, conquest), ``script``
(how the resolution pauses for answers), ``rules`` (the contract functions), ``view`` (what a viewer sees).
"""

from __future__ import annotations

from engine.core import GameSpec, Role

from .assignment import setup
from .options import AbordajeOptions
from .reference import BLURB, RULES_TEXT, cards_text
from .rules import apply, outcome, prompts, view
from .secrecy import unseen
from .state import AbordajeState

ENGINE_VERSION = "abordaje-1"

SPEC: GameSpec[AbordajeState, AbordajeOptions] = GameSpec(
    key="abordaje",
    name="¡Abordaje!",
    min_players=2,
    max_players=2,
    options_model=AbordajeOptions,
    state_model=AbordajeState,
    engine_version=ENGINE_VERSION,
    setup=setup,
    prompts=prompts,
    apply=apply,
    view=view,
    outcome=outcome,
    rules_text=RULES_TEXT,
    cards_text=cards_text,
    roles=(Role("pirate", "Pirates"), Role("spanish", "Spanish")),
    roles_required=True,
    blurb=BLURB,
    unseen=unseen,
)

__all__ = ["ENGINE_VERSION", "SPEC", "AbordajeOptions", "AbordajeState"]
