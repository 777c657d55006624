"""The actions a player may take on their turn, each as one small record (DER-TURN-2, DER-COST-*, DER-ACT-*).

An ``Action`` says when it is allowed, what it costs, which parameters the player picks (a destination, a
target, a weapon: each becomes one small prompt), and how it resolves. ``turn.py`` turns them into prompts:
the action, then each parameter, then the cards that pay (DER-COST-5), then the resolution. Effects that
need a decision only after something hidden is seen (the item cards a Search draws, the engine tokens a
repair shows) ask it in a follow-up step set by ``resolve``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache

from engine.core import Choice, Event
from engine.core.words import count

from .board import (
    character_name,
    characters_in,
    in_combat,
    intruders_in,
    is_occupied_for,
    kind_of,
    neighbours,
    passages,
    room_name,
    stamp,
)
from .cards import card_name, discard_from_hand, payable
from .catalog import CATALOG
from .combat import endurance_check, roll_combat, strike
from .harm import give_slime, has_wound
from .hazards import explore
from .intruders import attack, type_name
from .noise import noise_roll, passage_name
from .state import DerelictState, Intruder, Player, Step

Params = dict[str, str]
Resolver = Callable[[DerelictState, Player, Params, list[Event]], None]
ChoicesFn = Callable[[DerelictState, Player, Params], list[Choice]]


@dataclass(frozen=True)
class Param:
    """One parameter of an action: asked as one prompt with ``question`` over ``choices``."""

    name: str
    question: str
    choices: ChoicesFn


@dataclass(frozen=True)
class Action:
    id: str
    label: str
    cost: Callable[[DerelictState, Player], int]
    allowed: Callable[[DerelictState, Player], bool]
    resolve: Resolver
    params: tuple[Param, ...] = field(default=())
    card: str | None = None  # the action card played (discarded with the cost)
    followup: Param | None = None  # asked after ``resolve`` when it sets a follow-up step
    finish: Resolver | None = None
    free: bool = False  # DER-TURN-8: not an action (dropping things)
    room: bool = False  # a room action: offered only in a working room that has it (``rooms.offers``)


# --- entering rooms --------------------------------------------------------------------------------------


def enter(state: DerelictState, player: Player, room: str, out: list[Event], *, noisy: bool) -> None:
    """DER-ACT-MOVE-2..4, -7: move in; explore; the Slime Hold's slime; the noise roll if the room is empty."""
    occupied = is_occupied_for(state, room, player)
    player.room = room
    player.arrived = stamp(state)
    out.append(Event(text=f"{character_name(player)} moves to {room_name(state, room)}."))
    explore(state, player, room, out)
    if state.ship.tiles.get(room) == "slime_hold" and room in state.ship.explored:
        give_slime(player, out)
    if noisy and not occupied and player.status == "active":
        noise_roll(state, player, out)


def escape_attacks(state: DerelictState, player: Player, out: list[Event]) -> None:
    """DER-ACT-MOVE-5/6: each intruder in the room attacks the escaper, in arrival order."""
    for intruder in intruders_in(state, player.room):
        if player.status != "active":
            return
        if intruder in state.ship.intruders:
            attack(state, intruder, player, out)


def move_cost(state: DerelictState, player: Player) -> int:
    """Move 1; a Torn leg adds 1 (DER-COST-2, table 2.8)."""
    return 1 + (1 if has_wound(player, "torn_leg") else 0)


def destinations(state: DerelictState, player: Player, params: Params) -> list[Choice]:
    return [Choice(id=r, label=room_name(state, r)) for r in neighbours(player.room)]


def careful_destinations(state: DerelictState, player: Player, params: Params) -> list[Choice]:
    """DER-ACT-CAREFUL-3: a room whose four exits all hold noise tokens cannot be entered carefully."""
    return [c for c in destinations(state, player, params) if any(k not in state.ship.noise for k in passages(c.id))]


def careful_exits(state: DerelictState, player: Player, params: Params) -> list[Choice]:
    room = params["to"]
    return [
        Choice(id=str(n), label=f"Exit {n}: {passage_name(key)}")
        for n, key in enumerate(passages(room), start=1)
        if key not in state.ship.noise
    ]


def do_move(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    if in_combat(state, player):
        out.append(Event(text=f"{character_name(player)} tries to escape!"))
        escape_attacks(state, player, out)
        if player.status != "active":
            return
    enter(state, player, params["to"], out, noisy=True)


def do_careful(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    """DER-ACT-CAREFUL-1/2/4: no noise roll; then a noise token in the chosen exit of the room entered."""
    enter(state, player, params["to"], out, noisy=False)
    key = passages(params["to"])[int(params["exit"]) - 1]
    if key not in state.ship.noise:
        state.ship.noise.append(key)
    out.append(Event(text=f"{character_name(player)} leaves a noise token in {passage_name(key)}."))


# --- fighting --------------------------------------------------------------------------------------------


def targets(state: DerelictState, player: Player, params: Params) -> list[Choice]:
    """An intruder in the room, or an uncarried egg lying here (DER-ACT-SHOOT-4)."""
    choices = [
        Choice(id=f"i{i.id}", label=f"{type_name(i.type)} #{i.id} ({count(i.wounds, 'wound')})")
        for i in intruders_in(state, player.room)
    ]
    if "egg" in state.ship.objects.get(player.room, []):
        choices.append(Choice(id="egg", label="An egg"))
    return choices


def loaded_weapons(state: DerelictState, player: Player, params: Params) -> list[Choice]:
    return [
        Choice(id=str(n), label=f"{CATALOG.weapon[w.id].name} ({w.ammo} ammo)")
        for n, w in enumerate(player.weapons)
        if w.ammo > 0
    ]


def do_shoot(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    """DER-ACT-SHOOT-1..4: spend 1 ammo and roll; a reroll the weapon (or Aimed shot) allows is offered."""
    weapon = player.weapons[int(params["weapon"])]
    weapon.ammo -= 1
    face = roll_combat(state)
    aimed = params.get("aimed") == "yes"
    if (weapon.id == "carbine" and face == "miss") or weapon.id == "prototype_carbine" or aimed:
        out.append(Event(text=f"{character_name(player)} rolls {face.capitalize()}."))
        follow_up(state, player, "shoot", {**params, "face": face, "stage": "reroll"})
        return
    fire_shot(state, player, params, face, out)


def fire_shot(state: DerelictState, player: Player, params: Params, face: str, out: list[Event]) -> None:
    """Apply a kept roll; the Commander's Steady hand may then shoot again with the Sidearm (once), and the
    endurance check waits for both shots (DER-COMBAT-6)."""
    weapon = player.weapons[int(params["weapon"])]
    target = None if params["target"] == "egg" else intruder_by_choice(state, params["target"])
    again = params.get("stage") == "again"
    steady = player.character == "commander" and weapon.id == "sidearm" and not again and target is not None
    wounds = strike(state, player, target, weapon.id, out, face=face, check=not (steady or again))
    still_here = target is not None and target in state.ship.intruders and target.room == player.room
    if steady and wounds and weapon.ammo > 0 and still_here:
        follow_up(state, player, "shoot", {**params, "stage": "again"})
    elif target is not None and still_here and (again or (steady and wounds)):
        endurance_check(state, target, out)


def shot_followups(state: DerelictState, player: Player, params: Params) -> list[Choice]:
    if params["stage"] == "reroll":
        return [Choice(id="keep", label=f"Keep {params['face'].capitalize()}"), Choice(id="reroll", label="Reroll")]
    return [Choice(id="again", label="Shoot again (Steady hand)"), Choice(id="stop", label="Stop")]


def finish_shot(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    choice = params["next"]
    if choice == "stop":
        endurance_check(state, intruder_by_choice(state, params["target"]), out)  # the first shot's wounds
        return
    if choice == "again":
        weapon = player.weapons[int(params["weapon"])]
        weapon.ammo -= 1
        fire_shot(state, player, params, roll_combat(state), out)
        return
    face = roll_combat(state) if choice == "reroll" else params["face"]
    if choice == "reroll":
        out.append(Event(text=f"{character_name(player)} rerolls: {face.capitalize()}."))
    fire_shot(state, player, {**params, "stage": "rolled"}, face, out)


def do_melee(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    target = None if params["target"] == "egg" else intruder_by_choice(state, params["target"])
    strike(state, player, target, None, out)


def intruder_by_choice(state: DerelictState, choice: str) -> Intruder:
    number = int(choice[1:])
    return next(i for i in state.ship.intruders if i.id == number)


def can_fight(state: DerelictState, player: Player) -> bool:
    return bool(targets(state, player, {}))


# --- the action table ------------------------------------------------------------------------------------


def out_of_combat(state: DerelictState, player: Player) -> bool:
    return player.status == "active" and not in_combat(state, player)


def one(state: DerelictState, player: Player) -> int:
    return 1


def two_plus_leg(state: DerelictState, player: Player) -> int:
    return 2 + (1 if has_wound(player, "torn_leg") else 0)


SHOT_PARAMS = (
    Param("weapon", "Which weapon do you shoot with?", loaded_weapons),
    Param("target", "What do you shoot at?", targets),
)


def do_exchange(state: DerelictState, player: Player, params: Params, out: list[Event]) -> None:
    """DER-ACT-EXCHANGE-1..3: open the exchange; the turn waits until it ends."""
    from .exchange import open_exchange

    open_exchange(state, player, out)
    state.step = Step(kind="exchange")


def can_exchange(state: DerelictState, player: Player) -> bool:
    """DER-ACT-EXCHANGE-2: another character here, and no combat."""
    return out_of_combat(state, player) and len(characters_in(state, player.room)) > 1


BASIC: tuple[Action, ...] = (
    Action(
        id="move",
        label="Move",
        cost=move_cost,
        allowed=lambda s, p: p.status == "active",
        resolve=do_move,
        params=(Param("to", "Where do you move?", destinations),),
    ),
    Action(
        id="careful",
        label="Careful movement",
        cost=two_plus_leg,
        allowed=out_of_combat,
        resolve=do_careful,
        params=(
            Param("to", "Where do you move carefully?", careful_destinations),
            Param("exit", "Which exit of that room gets your noise token?", careful_exits),
        ),
    ),
    Action(
        id="shoot",
        label="Shoot",
        cost=one,
        allowed=lambda s, p: p.status == "active" and can_fight(s, p),
        resolve=do_shoot,
        params=SHOT_PARAMS,
        followup=Param("next", "Your shot: what next?", shot_followups),
        finish=finish_shot,
    ),
    Action(id="exchange", label="Exchange", cost=one, allowed=can_exchange, resolve=do_exchange),
    Action(
        id="melee",
        label="Hand-to-hand",
        cost=one,
        allowed=lambda s, p: p.status == "active" and can_fight(s, p),
        resolve=do_melee,
        params=(Param("target", "What do you attack with your bare hands?", targets),),
    ),
)


def pay_options(player: Player, action: Action) -> list[str]:
    """The cards that may pay, once the action is chosen (a played card is already on the discard pile)."""
    return payable(player)


def affordable(state: DerelictState, player: Player, action: Action) -> bool:
    """DER-COST-6: an action the player cannot pay is not offered (a played card does not pay for itself)."""
    spare = len(payable(player)) - (1 if action.card is not None else 0)
    return spare >= action.cost(state, player)


@cache
def all_actions() -> tuple[Action, ...]:
    """Basic actions, room actions, then action cards and items (``rooms.py``, ``play.py`` add theirs). Made once:
    every part is a module's tuple of frozen actions, and the imports (late, to break the cycle) were a tenth of
    working out a turn's menu."""
    from .crew import CREW_ACTIONS
    from .gear import CRAFT, ITEM_ACTIONS
    from .play import CARD_ACTIONS
    from .rooms import ROOM_ACTIONS

    return (*BASIC, CRAFT, *ROOM_ACTIONS, *CARD_ACTIONS, *CREW_ACTIONS, *ITEM_ACTIONS)


def available(state: DerelictState, player: Player) -> list[Action]:
    """Every action the player may start now: allowed, affordable, and with a choice for each parameter."""
    result = []
    here = room_actions_here(state, player)
    for action in all_actions():
        if action.card is not None and action.card not in player.hand:
            continue
        if action.room and action.id not in here:  # what its ``allowed`` would find first, asked once for all
            continue
        if not action.allowed(state, player) or not affordable(state, player, action):
            continue
        if action.params and not action.params[0].choices(state, player, {}):
            continue
        result.append(action)
    return result


def room_actions_here(state: DerelictState, player: Player) -> set[str]:
    """The room actions the player's room has and that work now (DER-ACT-3: out of combat, in a room without a
    malfunction): a room action elsewhere is not offered. Worked out once per turn menu, not once per room
    action (forty of them, each asking whether an intruder is in the room)."""
    if not out_of_combat(state, player) or player.room in state.ship.malfunction:
        return set()
    kind = kind_of(state, player.room)
    return set() if kind is None else {a.id for a in kind.actions}


def action_by_id(action_id: str) -> Action:
    return _by_id()[action_id]


@cache
def _by_id() -> dict[str, Action]:
    """Each action by its id, the first of ``all_actions`` with it (as a search in order finds)."""
    found: dict[str, Action] = {}
    for action in all_actions():
        found.setdefault(action.id, action)
    return found


def follow_up(state: DerelictState, player: Player, action: str, params: Params) -> None:
    """Ask the action's follow-up question next (the same action goes on)."""
    state.step = Step(kind="after", action=action, params=dict(params))


def discard_named(player: Player, card: str, out: list[Event]) -> None:
    """Discard one card from hand to pay; the discard pile is public, so the channel reads its name."""
    discard_from_hand(player, card)
    out.append(Event(text=f"{character_name(player)} discards {card_name(player, card)}."))
