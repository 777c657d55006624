"""Jupiter Deep (Mark Major, Whirling Derby Games, 2012): 1 to 7 robots rescue colonists from a creeping colony.

Modules: ``catalog`` (tiles, spiral, Rescue deck and numbers from ``data/jupiter``), ``colony`` (hex tiles, domes,
bridges, edges, islands, straight lines), ``options``, ``state`` (the state and piece queries), ``setup`` (the
spiral, colonists, the deal), ``pod`` (docking, launching), ``cards`` (which card effects apply now), ``board``
(moving, killing, self-destruction, the end), ``actions`` (Player Actions and every card), ``turn`` (Conversion,
Invasion, Draw, the next turn), ``rules`` (the contract functions), ``view`` (what a viewer sees), ``reference``
(the ``/rules`` text), ``heuristic`` and ``selfplay`` (a greedy self-play player and its win-rate
script; see the balance section of docs/rules/jupiter.md).
"""

from __future__ import annotations

from engine.core import GameSpec

from .options import JupiterOptions
from .reference import BLURB, RULES_TEXT
from .rules import apply, outcome, prompts
from .setup import MAX_ROBOTS, MIN_ROBOTS, setup
from .state import JupiterState
from .view import JupiterView, view

ENGINE_VERSION = "jupiter-1"

SPEC: GameSpec[JupiterState, JupiterOptions] = GameSpec(
    key="jupiter",
    name="Jupiter Deep",
    min_players=MIN_ROBOTS,
    max_players=MAX_ROBOTS,
    options_model=JupiterOptions,
    state_model=JupiterState,
    engine_version=ENGINE_VERSION,
    setup=setup,
    prompts=prompts,
    apply=apply,
    view=view,
    outcome=outcome,
    rules_text=RULES_TEXT,
    blurb=BLURB,
)

__all__ = ["ENGINE_VERSION", "SPEC", "JupiterOptions", "JupiterState", "JupiterView"]
