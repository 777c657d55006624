"""Abandon Capricorn (Søren Brandborg, Bastian Borup): a cooperative escape from a rotating space station.

Modules: ``terms`` (the game's words as types), ``catalog`` (the ship, cards and numbers from
``data/capricorn``), ``board`` (the ship's geometry: spaces, adjacency, doors under rotation), ``options``,
``state`` (the table, the turn log), ``setup``, ``script`` (a turn as straight code that asks questions,
replayed from the turn's snapshot), ``effects`` (damage, the bag, placing and pushing aliens, rotation, jump
scares), ``repair`` (attempts and the repair deck), ``actions`` (each card action, role powers and Search),
``aliens`` (step 3), ``events`` (step 4), ``turn`` (one character's turn), ``rules`` (``prompts``, ``apply``,
``outcome``), ``view`` (what a viewer sees), ``reference`` (the ``/rules`` text). See
``docs/rules/capricorn.md`` for the rules as implemented and every decision.
"""

from __future__ import annotations

from engine.core import GameSpec, Role, answering_forced, dealing_forced

from .board import SHIP, Ship
from .catalog import CATALOG, Catalog, DataError
from .options import CapricornOptions
from .reference import BLURB, RULES_TEXT, cards_text
from .rules import apply, outcome, prompts
from .secrecy import skip_choice, skip_held_by, unseen
from .setup import setup
from .state import CapricornState
from .view import CapricornView, view

# 6: a question with one answer is answered by the game (CapricornState.answers_forced); 5: the printed difficulty
# table by default, the tuned one as `table: tuned`
ENGINE_VERSION = "capricorn-6"

SPEC: GameSpec[CapricornState, CapricornOptions] = GameSpec(
    key="capricorn",
    name="Abandon Capricorn",
    min_players=1,
    max_players=5,
    options_model=CapricornOptions,
    state_model=CapricornState,
    engine_version=ENGINE_VERSION,
    setup=dealing_forced(setup, prompts, apply),
    prompts=prompts,
    apply=answering_forced(prompts, apply, when=lambda state: state.answers_forced),
    view=view,
    outcome=outcome,
    rules_text=RULES_TEXT,
    cards_text=cards_text,
    roles=(
        Role("engineer", "Engineer"),
        Role("soldier", "Soldier"),
        Role("medic", "Medic"),
        Role("chemist", "Chemist"),
        Role("scout", "Scout", dealt_from=5),  # CAP-G-SEAT-4: ours, for a fifth player
    ),
    roles_required=True,
    blurb=BLURB,
    unseen=unseen,
    skip_choice=skip_choice,
    skip_held_by=skip_held_by,
)

__all__ = [
    "CATALOG",
    "ENGINE_VERSION",
    "SHIP",
    "SPEC",
    "CapricornOptions",
    "CapricornState",
    "CapricornView",
    "Catalog",
    "DataError",
    "Ship",
]
