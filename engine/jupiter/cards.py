"""Which Rescue card effects a robot may use right now, and what using one spends (JUP-CARD-GEN-*).

Three shapes of card, read from each card's scopes in ``data/jupiter/rescue.toml``:

* *Single Turn* cards (Boost, Bullhorn, Follower, Grenadier, Juggernaut, Override, Swap) are played from the
  hand at no cost and stay in force until the end of the turn, then go to the discard pile (JUP-CARD-GEN-3). As
  a core they are simply always in force (JUP-GAP-CARD-3).
* *Single Action* cards (Heat Seeker, Rocket Boots, Sniper, Teleport) give one special action at its own cost;
  a hand copy is discarded when used (JUP-CARD-GEN-2). As a core, an Every Action card can be used on every
  action (Sniper) and a Once Per Turn card once in each turn (JUP-CARD-GEN-5, JUP-CARD-GEN-6).
* *Single Event* cards (Data Core, Module Control, Pilot, Phase Shift, Suppressant) are used once at a moment of
  the turn at no action cost (JUP-CARD-GEN-4, JUP-GAP-CARD-1).

Holding several copies gives several uses (JUP-CARD-GEN-7); the core is never discarded (JUP-CARD-GEN-1).
"""

from __future__ import annotations

from typing import Literal

from .catalog import CATALOG
from .state import JupiterState

Source = Literal["hand", "core"]


def in_force(state: JupiterState, key: str) -> bool:
    """Whether the active robot has the Single Turn effect ``key`` this turn (played, or its core)."""
    robot = state.robots[state.active]
    if key in state.in_force:
        return True
    return robot.core == key and CATALOG.card(key).standard_scope == "single_turn"


def boosts(state: JupiterState) -> int:
    """Extra actions this turn: one per Boost played, one for a Boost core (JUP-CARD-BOOST-2, JUP-COMBO-1)."""
    robot = state.robots[state.active]
    return state.in_force.count("boost") + (1 if robot.core == "boost" else 0)


def jammed(state: JupiterState) -> bool:
    """Whether any radar dish holds a super creep (JUP-SUPER-3)."""
    return any(CATALOG.tile(t).centre == "radar_dish" for t in state.super_creeps)


def actions_total(state: JupiterState) -> int:
    """This turn's actions, recomputed live so freeing the last dish gives the fifth back (JUP-GAP-ACT-2)."""
    numbers = CATALOG.numbers
    base = numbers.actions_jammed if jammed(state) else numbers.actions
    return base + boosts(state)


def actions_left(state: JupiterState) -> int:
    return max(0, actions_total(state) - state.spent)


def hand_limit(state: JupiterState) -> int:
    """The hand limit: 4, minus one per covered power plant, never below 0 (JUP-HAND-1, JUP-HAND-3)."""
    plants = sum(1 for t in state.super_creeps if CATALOG.tile(t).centre == "power_plant")
    return max(0, CATALOG.numbers.hand_limit - plants)


def sources(state: JupiterState, key: str) -> list[Source]:
    """Where a use of the action or event card ``key`` can come from now: hand copies and/or the core."""
    robot = state.robots[state.active]
    result: list[Source] = []
    if key in state.doubled:  # a double is the one use of that ability this turn (JUP-COMBO-9)
        return result
    if key in robot.hand:
        result.append("hand")
    if robot.core == key:
        scope = CATALOG.card(key).core_scope
        if scope == "every_action" or key not in state.cores_used:
            result.append("core")
    return result


def can_double(state: JupiterState, key: str) -> bool:
    """Teleport + Teleport or Heat Seeker + Heat Seeker: two copies at hand, a hand copy and an unused core
    (JUP-COMBO-9, JUP-GAP-DOUBLE)."""
    robot = state.robots[state.active]
    if key in state.doubled:
        return False
    copies = robot.hand.count(key) + (1 if robot.core == key and key not in state.cores_used else 0)
    return copies >= 2


def spend(state: JupiterState, key: str, source: Source) -> None:
    """Use one copy: a hand copy goes to the discard pile, a Once Per Turn core is marked used this turn."""
    robot = state.robots[state.active]
    if source == "hand":
        robot.hand.remove(key)
        state.discard.append(key)
    elif CATALOG.card(key).core_scope == "once_per_turn":
        state.cores_used.append(key)


def spend_double(state: JupiterState, key: str) -> None:
    """Spend both copies of a double: the core (if unused) and one hand copy, else two hand copies; the
    ability is then spent for the turn (JUP-COMBO-9)."""
    robot = state.robots[state.active]
    if robot.core == key and key not in state.cores_used:
        spend(state, key, "core")
        spend(state, key, "hand")
    else:
        spend(state, key, "hand")
        spend(state, key, "hand")
    state.doubled.append(key)
