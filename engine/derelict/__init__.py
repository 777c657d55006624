"""Derelict: 1-5 players survive a ship teeming with intruders, each with a secret task (digest DER-*).

Modules: ``catalog`` (components from ``data/derelict``), ``options``, ``state``, ``board`` (map and figure
queries), ``setup`` (setup and round start), ``cards`` (decks and hands), ``harm`` (wounds, death, larvae),
``intruders`` (figures, bag, attacks), ``noise`` (noise rolls, collisions), ``hazards`` (fire, malfunctions,
exploring), ``combat`` (wounding intruders), ``infection`` (scans), ``pods``, ``actions`` (what a turn may
do), ``turn`` (turns as prompts), ``phase`` (the event phase), ``ending`` and ``endgame`` (end conditions and
checks), ``rules`` (the contract functions), ``view`` (what a viewer sees), ``secrecy``; for balance,
``heuristic`` and ``knowledge`` (the self-play player) and ``selfplay`` (the runner of digest §7).

Registered and playable with ``/start derelict`` (docs/rules/derelict.md). Engine versions: ``derelict-0``
was the untuned design; ``derelict-1`` dealt games under balance tuning 1 (ship.toml ``tunings``);
``derelict-2`` deals them under tuning 2, the rulebook's endurance check for every intruder; ``derelict-3``
(same tuning) offers no exchange that moves nothing. A stored game keeps the tuning it was dealt under and plays
on as it was.
"""

from __future__ import annotations

from engine.core import GameSpec, answering_forced, dealing_forced

from .options import DerelictOptions
from .reference import cards_text
from .rules import apply, outcome, prompts
from .secrecy import skip_choice, unseen
from .setup import setup
from .state import DerelictState
from .view import view

# 1: balance tuning 1; 2: one endurance check (DER-COMBAT-5), and questions with one answer answered by the game;
# 3: every exchange offer moves something (DerelictState.offers_move)
ENGINE_VERSION = "derelict-3"

RULES_TEXT = (
    "Derelict: survive a ship full of intruders. Each player secretly keeps 1 of 2 tasks. Each round: draw to "
    "5 cards, then take turns of 2 actions, paying each action in cards, until everyone passes; then the "
    "event phase (time, attacks, fire, an event card, a bag token). Moving into an empty room makes a noise "
    "roll; noise in a noisy corridor is a collision with whatever is in the bag. The game ends when time runs "
    "out, the ship explodes, or nobody is left awake aboard; then engines, course, infection and tasks are "
    "checked. Survive and meet your task to win."
)

SPEC: GameSpec[DerelictState, DerelictOptions] = GameSpec(
    key="derelict",
    name="Derelict",
    min_players=1,
    max_players=5,
    options_model=DerelictOptions,
    state_model=DerelictState,
    engine_version=ENGINE_VERSION,
    setup=dealing_forced(setup, prompts, apply),
    prompts=prompts,
    apply=answering_forced(prompts, apply),
    view=view,
    outcome=outcome,
    rules_text=RULES_TEXT,
    cards_text=cards_text,
    blurb="Semi-cooperative survival horror with secret tasks, for 1-5 players.",
    unseen=unseen,
    skip_choice=skip_choice,
)

__all__ = ["ENGINE_VERSION", "SPEC", "DerelictOptions", "DerelictState"]
