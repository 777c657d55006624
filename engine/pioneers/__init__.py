"""Cosmic Pioneers (Jake Clancey, 2016): 2 to 4 captains colonise a ring of alien planets in 12 rounds.

Modules: ``catalog`` (planets, scenarios, commanders and tables from ``data/pioneers``), ``options``,
``state`` (the state and board queries), ``setup`` (seats, pool, ring), ``aliens`` (events, abilities,
spawning), ``actions`` (the effects a turn is made of), ``turn`` (which decision is due, answers, the
automatic flow), ``rules`` (the contract functions), ``view`` (what a viewer sees), ``secrecy``.
"""

from __future__ import annotations

from engine.core import GameSpec, answering_forced, dealing_forced

from .options import PioneersOptions
from .reference import BLURB, RULES_TEXT, cards_text
from .rules import apply, outcome, prompts, view
from .secrecy import skip_choice, unseen
from .setup import setup
from .state import PioneersState

# 3: a crash landing ends its captain's turn (PIO-CRASH-9), and questions with one answer are answered by the game
ENGINE_VERSION = "pioneers-3"

SPEC: GameSpec[PioneersState, PioneersOptions] = GameSpec(
    key="pioneers",
    name="Cosmic Pioneers",
    min_players=2,
    max_players=4,
    options_model=PioneersOptions,
    state_model=PioneersState,
    engine_version=ENGINE_VERSION,
    setup=dealing_forced(setup, prompts, apply),
    prompts=prompts,
    apply=answering_forced(prompts, apply),
    view=view,
    outcome=outcome,
    rules_text=RULES_TEXT,
    cards_text=cards_text,
    blurb=BLURB,
    unseen=unseen,
    skip_choice=skip_choice,
)

__all__ = ["ENGINE_VERSION", "SPEC", "PioneersOptions", "PioneersState"]
