"""Player Actions (JUP-ACT-*, JUP-CARD-*, JUP-COMBO-*): the action menu and each action's chain of prompts.

The active robot is offered a menu of what is legal now (JUP-DEC-4): Move, Shoot, Command, Trade, Swap,
Override, each card it can play, and End. Picking one starts a short chain of prompts (a target, a
destination...), kept in ``state.chain``; the action happens when the chain's last answer arrives, so a
"cancel" on the way costs nothing. Some actions ask follow-up questions after they happen (which colonist
follows, which creep the grenade hits, where the loosened pod docks): those are chains too.

Chains (``state.chain``), first element the kind:
``move`` → dest · ``shoot`` → target · ``command`` → colonist → dest · ``trade`` → partner → ``G`` gifts… ``T``
takes… · ``swap`` → piece · ``ovmove`` → robot → dest · ``ovshoot`` → robot → target · ``sniper`` src → target ·
``heatseeker`` src → tile → target · ``teleport`` src → tile → dome · ``rocketboots`` src → direction → dome ·
``pilot`` src (→ dock tile → side) · ``datacore`` src → card · ``modctrl`` src → tile → anchor tile → side ·
follow-ups ``follow`` vacated-dome · ``grenade`` domes… · ``redock`` (→ tile). ``src`` is ``h`` (a hand copy),
``c`` (the core) or ``2`` (a double, JUP-COMBO-9).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from engine.core import Choice, Event, Prompt

from .board import (
    POD,
    can_move,
    check_destroyed,
    check_end,
    creep_targets,
    destinations,
    grenade_targets,
    kill,
    move_colonist,
    place_robot,
    range_tiles,
    reachable,
    robot_tile,
    robots_in_play,
    target_label,
)
from .cards import Source, actions_left, can_double, in_force, sources, spend, spend_double
from .catalog import CATALOG, SIDE_NAMES
from .colony import Colony, step, tile_of
from .pod import answer_dock, dock_prompt, docking_dome, has_room, launch
from .state import COLONIST, CREEP, JupiterState, cap, robot_name, seat_of_code

CANCEL = Choice(id="cancel", label="Cancel (go back to the action menu)")
DONE = "done"
NONE = "none"
SPECIAL_ACTIONS = ("sniper", "rocketboots", "teleport", "heatseeker")
DOUBLES = ("teleport", "heatseeker")
EVENTS_IN_ACTIONS = ("pilot", "datacore", "modctrl")
SRC_CODE: dict[str, Source] = {"h": "hand", "c": "core"}


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def me(state: JupiterState) -> str:
    return cap(robot_name(state.active))


# What is possible now -------------------------------------------------------------------------------------


def robot_moves(state: JupiterState, seat: int, standard: bool = False) -> dict[str, int]:
    """Where a robot can move now, with costs; ``standard`` ignores the active robot's cards (Override)."""
    where = state.where_is(seat)
    if where is None:
        return {}
    jug = not standard and in_force(state, "juggernaut")
    return destinations(state, where, actions_left(state), robot=True, juggernaut=jug)


def command_range(state: JupiterState) -> tuple[str, ...]:
    return range_tiles(state, state.active, in_force(state, "bullhorn"))


def commandable(state: JupiterState) -> dict[str, dict[str, int]]:
    """Colonists in command range that can move, with their destinations (JUP-ACT-CMD-1..3)."""
    tiles, board = _command_board(state)  # read once for every colonist (nothing changes meanwhile)
    left = actions_left(state)
    return {
        dome: dests for dome in _in_range(state, tiles) if (dests := reachable(state, dome, left, False, False, *board))
    }


def movers(state: JupiterState, first_only: bool = False) -> list[str]:
    """The colonists of ``commandable``, in its order, each known to move without working out where (who is
    offered to be commanded: ``board.can_move``); ``first_only`` stops at the first one (the menu only needs to
    know whether there is any). Working out every destination of every colonist in range cost the menu and the
    "which colonist" question a search of each colonist's neighbourhood, and most colonists stand among others."""
    tiles, board = _command_board(state)
    left = actions_left(state)
    result = []
    for dome in _in_range(state, tiles):
        if can_move(state, dome, left, *board):
            result.append(dome)
            if first_only:
                break
    return result


def command_dests(state: JupiterState, dome: str) -> dict[str, int]:
    """Where the colonist on ``dome`` (in command range) can be commanded to, with the actions it costs."""
    tiles, board = _command_board(state)
    return reachable(state, dome, actions_left(state), False, False, *board) if tiles else {}


def _in_range(state: JupiterState, tiles: tuple[str, ...]) -> Iterator[str]:
    """The colonists' domes on ``tiles`` (those in command range), tile by tile, each tile's in dome order."""
    for tile in tiles:
        yield from state.pieces_on(tile, COLONIST)


def _command_board(state: JupiterState) -> tuple[tuple[str, ...], tuple[set[str], Colony, str | None, bool]]:
    """The tiles in command range, and what ``reachable`` reads of the board for a commanded colonist: those
    tiles (it may not step out of them), the colony, the docking dome, whether the pod has room."""
    tiles = command_range(state)
    return tiles, (set(tiles), state.colony, docking_dome(state), has_room(state))


def trade_partners(state: JupiterState) -> list[int]:
    """Robots in the active robot's command range (JUP-ACT-TRADE-3)."""
    tiles = set(command_range(state))
    return [s for s in robots_in_play(state) if s != state.active and robot_tile(state, s) in tiles]


def swap_targets(state: JupiterState) -> list[str]:
    """Pieces the active robot can trade places with (JUP-CARD-SWAP-2, JUP-GAP-SWAP)."""
    where = state.where_is(state.active)
    if where is None:
        return []
    if where == POD:
        dock = docking_dome(state)
        piece = state.occupant.get(dock) if dock is not None else None
        return [dock] if dock is not None and piece is not None and piece != CREEP else []
    return sorted(n for n in state.colony.neighbours(where) if n in state.occupant)


def can_swap_back(state: JupiterState, piece: str) -> bool:
    """Whether a piece landed on by a Swap combo can go to the robot's starting space (JUP-COMBO-4)."""
    where = state.where_is(state.active)
    if where is None or (where == POD and state.pod.dock is None):
        return False
    return not (where == POD and piece == CREEP)  # no creep ever boards the pod


def overridable(state: JupiterState) -> list[int]:
    """Other robots on the colony or aboard the docked pod (JUP-CARD-OVERRIDE-2)."""
    return [s for s in robots_in_play(state) if s != state.active and robot_tile(state, s) is not None]


def sniper_targets(state: JupiterState) -> list[str]:
    tile = robot_tile(state, state.active)
    return creep_targets(state, state.colony.adjacent_tiles(tile)) if tile is not None else []


def teleport_spots(state: JupiterState) -> dict[str, list[str]]:
    """Landing spaces for Teleport by tile, plus the docked pod (JUP-CARD-TELEPORT-2, JUP-COMBO-2, JUP-COMBO-4,
    JUP-GAP-POD-6)."""
    where = state.where_is(state.active)
    result = dict(_teleport_tiles(state, where))
    if where != POD and has_room(state):
        result[POD] = [POD]
    return result


def _teleport_tiles(state: JupiterState, where: str | None) -> Iterator[tuple[str, list[str]]]:
    """``teleport_spots``' tiles one at a time, each with its landing spaces: whether Teleport has a use needs
    only the first (the menu asked every tile's every dome of it)."""
    jug, swap = in_force(state, "juggernaut"), in_force(state, "swap")
    for tile in state.colony.tiles:
        spots = []
        for dome in state.colony.spaces_of(tile):
            piece = state.occupant.get(dome)
            if dome == where:
                continue
            if piece is None or (piece == CREEP and jug) or (swap and can_swap_back(state, piece)):
                spots.append(dome)
        if spots:
            yield tile, spots


def rocket_landings(state: JupiterState, direction: int) -> dict[str, list[str]]:
    """Landing spaces along one straight line, each with the creeps it kills on the way (JUP-CARD-ROCKET-2,
    JUP-GAP-ROCKET, JUP-COMBO-3, JUP-COMBO-4)."""
    where = state.where_is(state.active)
    if where is None or where == POD:
        return {}
    jug, swap, polite = in_force(state, "juggernaut"), in_force(state, "swap"), state.options.polite_colonists
    killed: list[str] = []
    result: dict[str, list[str]] = {}
    for dome in state.colony.line(where, direction):
        piece = state.occupant.get(dome)
        if piece is None:
            result[dome] = list(killed)
        elif piece == CREEP:
            if jug:
                killed.append(dome)
                result[dome] = list(killed)
                continue
            if swap:
                result[dome] = list(killed)
            break
        elif piece == COLONIST:
            if swap:
                result[dome] = list(killed)
        else:
            if swap:
                result[dome] = list(killed)
            if not polite:
                break
    return result


def movable_tiles(state: JupiterState) -> list[str]:
    """Tiles Module Control can move: two consecutive exposed sides, not the pod's tile (JUP-GAP-MODCTRL)."""
    return list(_movable(state))


def _movable(state: JupiterState) -> Iterator[str]:
    """``movable_tiles`` one at a time: whether Module Control has a use needs only the first, and each tile's
    anchors lay out the colony without it (a layout of its own, built and kept: the menu asked it of every tile)."""
    colony = state.colony
    docked = state.pod.dock[0] if state.pod.dock is not None else None
    for tile in colony.tiles:
        sides = set(colony.exposed_sides(tile))
        if tile != docked and any(k in sides and (k + 1) % 6 in sides for k in range(6)) and anchors(state, tile):
            yield tile


def anchors(state: JupiterState, tile: str) -> dict[str, list[int]]:
    """Where ``tile`` can go: empty cells beside another tile, named by that tile and side; never its own cell
    or the pod's cell. Each cell is offered once, under the first tile in spiral order that touches it."""
    colony = state.colony
    # Read on the colony itself, not on a layout without ``tile`` (a colony of its own, built and kept per tile
    # asked: most of a menu's time when one was new). Without ``tile`` the others keep their cells and spiral
    # order, and a side of theirs is exposed when no tile is across it or ``tile`` is, whose cell is excluded.
    own = colony.cell_of(tile)
    pod_cell = colony.pod_cell(*state.pod.dock) if state.pod.dock is not None else None
    cells = colony.cells
    seen: set[tuple[int, int]] = set()
    result: dict[str, list[int]] = {}
    for other in colony.tiles:
        if other == tile:
            continue
        at = colony.cell_of(other)
        for side in range(6):
            cell = step(at, side)
            if cell in cells or cell in seen or cell in (own, pod_cell):  # a tile there, or offered
                continue
            seen.add(cell)
            result.setdefault(other, []).append(side)
    return result


def special_has_use(state: JupiterState, key: str) -> bool:
    if key == "sniper":
        return bool(sniper_targets(state))
    if key == "heatseeker":
        return bool(creep_targets(state, state.colony.tiles))
    if key == "teleport":  # as ``bool(teleport_spots(state))``, stopped at the first tile with a landing space
        where = state.where_is(state.active)
        return next(_teleport_tiles(state, where), None) is not None or (where != POD and has_room(state))
    return any(rocket_landings(state, d) for d in range(6))


def event_has_use(state: JupiterState, key: str, src: Source) -> bool:
    if key == "pilot":
        return True
    if key == "datacore":
        hand = list(state.robots[state.active].hand)
        if src == "hand":
            hand.remove("datacore")
        return bool(hand)
    return next(_movable(state), None) is not None


# The menu ------------------------------------------------------------------------------------------------


def menu(state: JupiterState) -> list[Choice]:
    """The legal entries of the action menu now (JUP-DEC-4); ``end`` is always there."""
    return list(_entries(state))


def only_end(state: JupiterState) -> bool:
    """Whether "End your actions" is the menu's only entry (the turn ends by itself): ``menu`` stopped at its
    first entry, since ``end`` always comes last. Asked after every action, before the menu is built for the
    prompt: most often the robot can move, which answers it without working out the rest (every colonist's
    destinations, every card's targets)."""
    return next(_entries(state)).id == "end"


def _entries(state: JupiterState) -> Iterator[Choice]:
    """``menu``'s entries one at a time, in the menu's order."""
    left = actions_left(state)
    seat = state.active
    if left >= 1:
        if robot_moves(state, seat):
            yield Choice(id="move", label="Move your robot")
        tile = robot_tile(state, seat)
        if tile is not None and creep_targets(state, [tile]):
            yield Choice(id="shoot", label="Shoot a creep on your tile (1 action)")
        if movers(state, first_only=True):
            yield Choice(id="command", label="Command a colonist")
        if trade_partners(state) and (
            state.robots[seat].hand or any(state.robots[s].hand for s in trade_partners(state))
        ):
            yield Choice(id="trade", label="Trade cards with a robot in range (1 action)")
        if in_force(state, "swap") and swap_targets(state):
            yield Choice(id="swap", label="Swap places with an adjacent piece (1 action)")
        if in_force(state, "override") and overridable(state):
            if any(robot_moves(state, s, standard=True) for s in overridable(state)):
                yield Choice(id="ovmove", label="Override: move another robot")
            if any(creep_targets(state, [t]) for s in overridable(state) if (t := robot_tile(state, s))):
                yield Choice(id="ovshoot", label="Override: shoot with another robot (1 action)")
    robot = state.robots[seat]
    for key in dict.fromkeys(robot.hand):
        card = CATALOG.card(key)
        if card.standard_scope == "single_turn":
            yield Choice(id=f"play.{key}", label=f"Play {card.name} for this turn (free)")
    for key in SPECIAL_ACTIONS:
        card = CATALOG.card(key)
        usable = [src for src in sources(state, key) if card.action_cost <= left]
        if (usable or (key in DOUBLES and can_double(state, key) and left >= 1)) and special_has_use(state, key):
            for src in usable:
                where = "your hand" if src == "hand" else "your core"
                label = f"{card.name} from {where} ({plural(card.action_cost, 'action')})"
                yield Choice(id=f"{key}.{src[0]}", label=label)
            if key in DOUBLES and can_double(state, key) and left >= 1:
                yield Choice(id=f"{key}.2", label=f"{card.name} + {card.name} (1 action, both spent)")
    for key in EVENTS_IN_ACTIONS:
        card = CATALOG.card(key)
        for src in sources(state, key):
            if event_has_use(state, key, src):
                where = "your hand" if src == "hand" else "your core"
                yield Choice(id=f"{key}.{src[0]}", label=f"{card.name} from {where} (free)")
    lost = f" ({plural(left, 'unused action')} lost)" if left else ""
    yield Choice(id="end", label=f"End your actions{lost}")


def action_prompt(state: JupiterState) -> Prompt:
    """The prompt of the current step of Player Actions."""
    chain = state.chain
    if not chain:
        return _prompt(
            state, "act", f"{me(state)}: {plural(actions_left(state), 'action')} left. What now?", menu(state)
        )
    kind = chain[0]
    builder = _PROMPTS[kind.split(".")[0]]
    return builder(state)


def _prompt(state: JupiterState, kind: str, question: str, choices: list[Choice], cancel: bool = False) -> Prompt:
    return Prompt(
        id=state.prompt_id(kind),
        seat=state.active,
        question=question,
        choices=(*choices, CANCEL) if cancel else tuple(choices),
        private=False,
    )


def _dest_choices(dests: dict[str, int], creeps: set[str]) -> list[Choice]:
    result = []
    for dest, cost in dests.items():
        what = "board the Evacuation Pod" if dest == POD else dest
        if dest in creeps:
            what += ", running over the creep"
        result.append(Choice(id=dest, label=f"{cap(what)} ({plural(cost, 'action')})"))
    return result


def _creeps(state: JupiterState) -> set[str]:
    return {d for d, p in state.occupant.items() if p == CREEP}


def _p_move(state: JupiterState) -> Prompt:
    dests = robot_moves(state, state.active)
    return _prompt(state, "move", "Where does your robot move?", _dest_choices(dests, _creeps(state)), True)


def _p_shoot(state: JupiterState) -> Prompt:
    tile = robot_tile(state, state.active)
    targets = creep_targets(state, [tile] if tile else [])
    choices = [Choice(id=t, label=target_label(state, t)) for t in targets]
    return _prompt(state, "shoot", "Which creep on your tile do you shoot?", choices, True)


def _p_command(state: JupiterState) -> Prompt:
    if len(state.chain) == 1:
        choices = [Choice(id=d, label=f"The colonist on {d}") for d in movers(state)]
        return _prompt(state, "who", "Which colonist do you command?", choices, True)
    dests = command_dests(state, state.chain[1])
    question = f"Where does the colonist on {state.chain[1]} go?"
    return _prompt(state, "to", question, _dest_choices(dests, set()), True)


def _p_trade(state: JupiterState) -> Prompt:
    chain = state.chain
    if len(chain) == 1:
        choices = [Choice(id=f"s{s}", label=cap(robot_name(s))) for s in trade_partners(state)]
        return _prompt(state, "with", "Which robot do you trade with?", choices, True)
    partner = int(chain[1][1:])
    if "T" not in chain:
        given = chain[3:]
        left = _minus(state.robots[state.active].hand, given)
        choices = [Choice(id=k, label=f"Give {CATALOG.card_name(k)}") for k in dict.fromkeys(left)]
        choices.append(Choice(id=DONE, label="Done giving"))
        gifts = ", ".join(CATALOG.card_name(k) for k in given) or "nothing yet"
        return _prompt(state, "give", f"Which card do you give {robot_name(partner)}? (giving: {gifts})", choices, True)
    taken = chain[chain.index("T") + 1 :]
    left = _minus(state.robots[partner].hand, taken)
    choices = [Choice(id=k, label=f"Take {CATALOG.card_name(k)}") for k in dict.fromkeys(left)]
    choices.append(Choice(id=DONE, label="Done: make the trade"))
    takes = ", ".join(CATALOG.card_name(k) for k in taken) or "nothing yet"
    return _prompt(
        state, "take", f"Which card do you take from {robot_name(partner)}? (taking: {takes})", choices, True
    )


def _minus(cards: list[str], removed: list[str]) -> list[str]:
    rest = list(cards)
    for key in removed:
        rest.remove(key)
    return rest


def _piece_label(state: JupiterState, dome: str) -> str:
    piece = state.occupant[dome]
    seat = seat_of_code(piece)
    what = "a colonist" if piece == COLONIST else "a creep" if piece == CREEP else robot_name(seat or 0)
    return f"{cap(what)} on {dome}"


def _p_swap(state: JupiterState) -> Prompt:
    choices = [Choice(id=d, label=_piece_label(state, d)) for d in swap_targets(state)]
    return _prompt(state, "swap", "Which piece do you trade places with?", choices, True)


def _p_override(state: JupiterState) -> Prompt:
    chain = state.chain
    shoot = chain[0] == "ovshoot"
    if len(chain) == 1:
        seats = [s for s in overridable(state) if not shoot or creep_targets(state, [robot_tile(state, s) or ""])]
        if not shoot:
            seats = [s for s in seats if robot_moves(state, s, standard=True)]
        choices = [Choice(id=f"s{s}", label=cap(robot_name(s))) for s in seats]
        return _prompt(state, "robot", "Which robot do you take over for this action?", choices, True)
    seat = int(chain[1][1:])
    if shoot:
        targets = creep_targets(state, [robot_tile(state, seat) or ""])
        choices = [Choice(id=t, label=target_label(state, t)) for t in targets]
        return _prompt(state, "shoot", f"Which creep does {robot_name(seat)} shoot?", choices, True)
    dests = robot_moves(state, seat, standard=True)
    return _prompt(state, "move", f"Where does {robot_name(seat)} move?", _dest_choices(dests, set()), True)


def _p_sniper(state: JupiterState) -> Prompt:
    choices = [Choice(id=t, label=target_label(state, t)) for t in sniper_targets(state)]
    return _prompt(state, "snipe", "Which creep on an adjacent tile do you snipe?", choices, True)


def _p_heatseeker(state: JupiterState) -> Prompt:
    colony = state.colony
    if len(state.chain) == 2:
        tiles = [t for t in colony.tiles if creep_targets(state, [t])]
        choices = [Choice(id=t, label=f"{t}: {plural(len(creep_targets(state, [t])), 'creep')}") for t in tiles]
        return _prompt(state, "tile", "On which tile is the creep your Heat Seeker kills?", choices, True)
    targets = creep_targets(state, [state.chain[2]])
    choices = [Choice(id=t, label=target_label(state, t)) for t in targets]
    return _prompt(state, "target", "Which creep does your Heat Seeker kill?", choices, True)


def _p_teleport(state: JupiterState) -> Prompt:
    spots = teleport_spots(state)
    if len(state.chain) == 2:
        choices = [
            Choice(id=t, label="The Evacuation Pod" if t == POD else f"{t}: {plural(len(s), 'space')}")
            for t, s in spots.items()
        ]
        return _prompt(state, "tile", "To which tile do you teleport?", choices, True)
    domes = spots[state.chain[2]]
    choices = [
        Choice(id=d, label=_piece_label(state, d) if d in state.occupant else f"{d} (open)") for d in domes if d != POD
    ]
    return _prompt(state, "spot", "Onto which space do you teleport?", choices, True)


def _p_rocketboots(state: JupiterState) -> Prompt:
    if len(state.chain) == 2:
        choices = []
        for d in range(6):
            landings = rocket_landings(state, d)
            if landings:
                choices.append(
                    Choice(id=SIDE_NAMES[d], label=f"Toward {SIDE_NAMES[d]} ({plural(len(landings), 'landing')})")
                )
        return _prompt(state, "dir", "In which direction do your Rocket Boots fly?", choices, True)
    landings = rocket_landings(state, SIDE_NAMES.index(state.chain[2]))
    choices = []
    for dome, killed in landings.items():
        extra = f", killing {plural(len(killed), 'creep')}" if killed else ""
        if dome in state.occupant and dome not in killed:
            extra = ", swapping places"
        choices.append(Choice(id=dome, label=f"Land on {dome}{extra}"))
    return _prompt(state, "land", "Where do you land?", choices, True)


def _p_pilot(state: JupiterState) -> Prompt:
    picked = state.chain[2] if len(state.chain) > 2 else None
    return dock_prompt(state, state.active, picked)


def _p_datacore(state: JupiterState) -> Prompt:
    hand = list(state.robots[state.active].hand)
    if state.chain[1] == "h":
        hand.remove("datacore")
    choices = [Choice(id=k, label=f"Make {CATALOG.card_name(k)} your core") for k in dict.fromkeys(hand)]
    return _prompt(state, "core", "Which card in your hand becomes your new core?", choices, True)


def _p_modctrl(state: JupiterState) -> Prompt:
    chain = state.chain
    if len(chain) == 2:
        choices = [Choice(id=t, label=f"Move {t} (module {state.colony.module_of(t)})") for t in movable_tiles(state)]
        return _prompt(state, "tile", "Which tile does Module Control move?", choices, True)
    spots = anchors(state, chain[2])
    if len(chain) == 3:
        choices = [Choice(id=t, label=f"Beside {t}") for t in spots]
        return _prompt(state, "near", f"Beside which tile does {chain[2]} go?", choices, True)
    sides = spots[chain[3]]
    choices = [Choice(id=SIDE_NAMES[s], label=f"Against side {SIDE_NAMES[s]} of {chain[3]}") for s in sides]
    return _prompt(state, "side", f"Against which side of {chain[3]}?", choices, True)


def _p_follow(state: JupiterState) -> Prompt:
    vacated = state.chain[1]
    candidates = follower_candidates(state, vacated, state.chain[2])
    choices = [Choice(id=d, label=f"The colonist on {d} follows") for d in candidates]
    choices.append(Choice(id=NONE, label="No colonist follows"))
    return _prompt(state, "follow", f"Follower: which colonist steps into {vacated}?", choices)


def _p_grenade(state: JupiterState) -> Prompt:
    dome = state.chain[1]
    choices = [Choice(id=t, label=target_label(state, t)) for t in grenade_targets(state, dome)]
    return _prompt(state, "grenade", f"Grenadier: which creep next to {dome} does the blast kill?", choices)


def _p_redock(state: JupiterState) -> Prompt:
    return dock_prompt(state, state.active, state.chain[1] if len(state.chain) > 1 else None)


_PROMPTS: dict[str, Callable[[JupiterState], Prompt]] = {
    "move": _p_move,
    "shoot": _p_shoot,
    "command": _p_command,
    "trade": _p_trade,
    "swap": _p_swap,
    "ovmove": _p_override,
    "ovshoot": _p_override,
    "sniper": _p_sniper,
    "heatseeker": _p_heatseeker,
    "teleport": _p_teleport,
    "rocketboots": _p_rocketboots,
    "pilot": _p_pilot,
    "datacore": _p_datacore,
    "modctrl": _p_modctrl,
    "follow": _p_follow,
    "grenade": _p_grenade,
    "redock": _p_redock,
}


def follower_candidates(state: JupiterState, vacated: str, moved_to: str) -> list[str]:
    """Colonists bridged to the space a commanded colonist left, other than that colonist itself
    (JUP-CARD-FOLLOWER-2, JUP-GAP-FOLLOW)."""
    return sorted(n for n in state.colony.neighbours(vacated) if n != moved_to and state.occupant.get(n) == COLONIST)


# Answers --------------------------------------------------------------------------------------------------


def answer_action(state: JupiterState, choice: str) -> list[Event]:
    """Apply the active robot's answer to the current step of Player Actions."""
    chain = state.chain
    if choice == CANCEL.id:
        state.chain = []
        return []
    if not chain:
        return _start(state, choice)
    kind = chain[0]
    handler = _ANSWERS[kind]
    events = handler(state, choice)
    if state.phase != "actions":
        state.chain = []
        return events
    if state.redock and state.pod.dock is None:
        state.redock = False
        state.chain = ["redock"]
    return events


def _start(state: JupiterState, choice: str) -> list[Event]:
    """A menu entry: start its chain, or act at once when nothing more needs asking."""
    if choice.startswith("play."):
        key = choice.removeprefix("play.")
        state.robots[state.active].hand.remove(key)
        state.in_force.append(key)
        return [Event(text=f"{me(state)} plays {CATALOG.card_name(key)} for this turn.")]
    if choice.startswith("pilot.") and state.pod.dock is not None:
        spend(state, "pilot", SRC_CODE[choice[-1]])
        events = launch(state, state.active, "Pilot")
        return events + check_end(state)
    if "." in choice:
        key, src = choice.split(".")
        state.chain = [key, src]
        return []
    state.chain = [choice]
    return []


def _pay(state: JupiterState, cost: int) -> None:
    state.spent += cost


def _a_move(state: JupiterState, choice: str) -> list[Event]:
    cost = robot_moves(state, state.active)[choice]
    state.chain = []
    _pay(state, cost)
    return _move_robot(state, state.active, choice, by_card=True)


def _move_robot(state: JupiterState, seat: int, dest: str, by_card: bool) -> list[Event]:
    """Move a robot; landing on a creep (Juggernaut) kills it and may set off a grenade."""
    events: list[Event] = []
    kills: list[str] = []
    if dest != POD and state.occupant.get(dest) == CREEP:
        events += kill(state, dest, f"{robot_name(seat)}'s Juggernaut")
        kills.append(dest)
    place_robot(state, seat, dest)
    where = "aboard the Evacuation Pod" if dest == POD else f"to {dest}"
    events.insert(0, Event(text=f"{cap(robot_name(seat))} moves {where}."))
    events += check_end(state)
    if by_card and state.phase == "actions":
        events += _queue_grenades(state, kills)
    return events


def _queue_grenades(state: JupiterState, kills: list[str]) -> list[Event]:
    """Each kill by the active robot's own action sets off one grenade with Grenadier (JUP-GAP-GREN)."""
    if not in_force(state, "grenadier"):
        return []
    domes = [k for k in kills if state.colony.is_dome(k)]
    if not domes:
        return []
    state.chain = ["grenade", *domes]
    return _settle_grenades(state)


def _settle_grenades(state: JupiterState) -> list[Event]:
    """Resolve queued grenades that need no choice (none or one creep beside the kill)."""
    events: list[Event] = []
    while state.chain and state.chain[0] == "grenade":
        if len(state.chain) == 1:
            state.chain = []
            break
        targets = grenade_targets(state, state.chain[1])
        if len(targets) > 1:
            break
        if targets:
            events += kill(state, targets[0], f"{robot_name(state.active)}'s grenade")
        state.chain = ["grenade", *state.chain[2:]]
    return events


def _a_grenade(state: JupiterState, choice: str) -> list[Event]:
    events = kill(state, choice, f"{robot_name(state.active)}'s grenade")
    state.chain = ["grenade", *state.chain[2:]]
    return events + _settle_grenades(state) + check_end(state)


def _a_shoot(state: JupiterState, choice: str) -> list[Event]:
    state.chain = []
    _pay(state, 1)
    events = kill(state, choice, f"{robot_name(state.active)}'s shot")
    return events + _queue_grenades(state, [choice]) + check_end(state)


def _a_command(state: JupiterState, choice: str) -> list[Event]:
    if len(state.chain) == 1:
        state.chain = ["command", choice]
        return []
    source = state.chain[1]
    cost = command_dests(state, source)[choice]
    state.chain = []
    _pay(state, cost)
    events = move_colonist(state, source, choice, state.active)
    if state.phase == "actions" and in_force(state, "follower") and follower_candidates(state, source, choice):
        state.chain = ["follow", source, choice]
    return events


def _a_follow(state: JupiterState, choice: str) -> list[Event]:
    vacated = state.chain[1]
    state.chain = []
    if choice == NONE:
        return []
    return move_colonist(state, choice, vacated, state.active)


def _a_trade(state: JupiterState, choice: str) -> list[Event]:
    chain = state.chain
    if len(chain) == 1:
        state.chain = ["trade", choice, "G"]
        return []
    if choice != DONE:
        chain.append(choice)
        return []
    if "T" not in chain:
        chain.append("T")
        return []
    partner = int(chain[1][1:])
    t = chain.index("T")
    given, taken = chain[3:t], chain[t + 1 :]
    state.chain = []
    if not given and not taken:
        return [Event(text=f"{me(state)} calls off the trade.")]
    _pay(state, 1)
    mine, theirs = state.robots[state.active], state.robots[partner]
    for key in given:
        mine.hand.remove(key)
        theirs.hand.append(key)
    for key in taken:
        theirs.hand.remove(key)
        mine.hand.append(key)
    gave = ", ".join(CATALOG.card_name(k) for k in given) or "nothing"
    took = ", ".join(CATALOG.card_name(k) for k in taken) or "nothing"
    return [Event(text=f"{me(state)} trades with {robot_name(partner)}: gives {gave}, takes {took}.")]


def _a_swap(state: JupiterState, choice: str) -> list[Event]:
    state.chain = []
    _pay(state, 1)
    return _swap_into(state, choice, "Swap")


def _swap_into(state: JupiterState, dome: str, how: str) -> list[Event]:
    """The active robot takes ``dome``; the piece there goes to the robot's starting space (JUP-GAP-SWAP)."""
    seat = state.active
    start = state.where_is(seat)
    assert start is not None
    piece = state.occupant.pop(dome)
    events = [Event(text=f"{me(state)} trades places with {_describe(piece)} on {dome} ({how}).")]
    place_robot(state, seat, dome)
    other = seat_of_code(piece)
    if start == POD:
        if piece == COLONIST:
            state.pod.colonists += 1
            events.append(Event(text=f"The colonist boards the Evacuation Pod ({state.pod.colonists} aboard)."))
            events += check_end(state)
            if state.phase == "actions" and state.pod.colonists >= CATALOG.numbers.pod_capacity:
                events += launch(state, seat, "its seventh colonist is aboard")
                events += check_end(state)
        elif other is not None:
            state.pod.robots = sorted([*state.pod.robots, other])
        return events
    state.occupant[start] = piece
    if piece == CREEP:
        events += check_destroyed(state, [tile_of(start)])
    return events + check_end(state)


def _describe(piece: str) -> str:
    seat = seat_of_code(piece)
    return "a colonist" if piece == COLONIST else "a creep" if piece == CREEP else robot_name(seat or 0)


def _a_override(state: JupiterState, choice: str) -> list[Event]:
    chain = state.chain
    if len(chain) == 1:
        state.chain = [chain[0], choice]
        return []
    seat = int(chain[1][1:])
    shoot = chain[0] == "ovshoot"
    state.chain = []
    if shoot:
        _pay(state, 1)
        return kill(state, choice, f"{robot_name(seat)}'s shot (Override)") + check_end(state)
    _pay(state, robot_moves(state, seat, standard=True)[choice])
    return _move_robot(state, seat, choice, by_card=False)


def _src(state: JupiterState) -> str:
    return state.chain[1]


def _spend_src(state: JupiterState, key: str, src: str) -> None:
    if src == "2":
        spend_double(state, key)
    else:
        spend(state, key, SRC_CODE[src])


def _a_sniper(state: JupiterState, choice: str) -> list[Event]:
    src = _src(state)
    state.chain = []
    _spend_src(state, "sniper", src)
    _pay(state, CATALOG.card("sniper").action_cost)
    events = kill(state, choice, f"{robot_name(state.active)}'s Sniper shot")
    return events + _queue_grenades(state, [choice]) + check_end(state)


def _a_heatseeker(state: JupiterState, choice: str) -> list[Event]:
    if len(state.chain) == 2:
        state.chain = [*state.chain, choice]
        return []
    src = _src(state)
    state.chain = []
    _spend_src(state, "heatseeker", src)
    _pay(state, 1 if src == "2" else CATALOG.card("heatseeker").action_cost)
    events = kill(state, choice, f"{robot_name(state.active)}'s Heat Seeker")
    return events + _queue_grenades(state, [choice]) + check_end(state)


def _a_teleport(state: JupiterState, choice: str) -> list[Event]:
    if len(state.chain) == 2 and choice != POD:
        state.chain = [*state.chain, choice]
        return []
    src = _src(state)
    state.chain = []
    _spend_src(state, "teleport", src)
    _pay(state, 1 if src == "2" else CATALOG.card("teleport").action_cost)
    return _land(state, choice, [], "Teleport")


def _land(state: JupiterState, dome: str, killed: list[str], how: str) -> list[Event]:
    """Land a Teleport or Rocket Boots move: kill what Juggernaut runs over, swap with what Swap lands on."""
    events: list[Event] = []
    kills: list[str] = []
    for creep in killed:
        if creep != dome:
            events += kill(state, creep, f"{robot_name(state.active)}'s Juggernaut")
            kills.append(creep)
    piece = state.occupant.get(dome) if dome != POD else None
    if piece == CREEP and in_force(state, "juggernaut"):
        events += kill(state, dome, f"{robot_name(state.active)}'s Juggernaut")
        kills.append(dome)
        piece = None
    if piece is not None:
        events += _swap_into(state, dome, f"{how} and Swap")
    else:
        events += _move_robot(state, state.active, dome, by_card=False)
    if state.phase == "actions":
        events += _queue_grenades(state, kills)
    return events


def _a_rocketboots(state: JupiterState, choice: str) -> list[Event]:
    if len(state.chain) == 2:
        state.chain = [*state.chain, choice]
        return []
    src = _src(state)
    direction = SIDE_NAMES.index(state.chain[2])
    killed = rocket_landings(state, direction)[choice]
    state.chain = []
    _spend_src(state, "rocketboots", src)
    _pay(state, CATALOG.card("rocketboots").action_cost)
    return _land(state, choice, killed, "Rocket Boots")


def _a_pilot(state: JupiterState, choice: str) -> list[Event]:
    src = _src(state)
    picked = state.chain[2] if len(state.chain) > 2 else None
    picked, events = answer_dock(state, state.active, picked, choice)
    if state.pod.dock is None:
        state.chain = ["pilot", src] + ([picked] if picked else [])
        return events
    state.chain = []
    spend(state, "pilot", SRC_CODE[src])
    return events + check_end(state)


def _a_redock(state: JupiterState, choice: str) -> list[Event]:
    picked = state.chain[1] if len(state.chain) > 1 else None
    picked, events = answer_dock(state, state.active, picked, choice)
    state.chain = [] if state.pod.dock is not None else ["redock"] + ([picked] if picked else [])
    return events + check_end(state)


def _a_datacore(state: JupiterState, choice: str) -> list[Event]:
    src = _src(state)
    state.chain = []
    robot = state.robots[state.active]
    old = robot.core
    if src == "h":
        robot.hand.remove("datacore")
        state.discard.append("datacore")
    if old is not None:
        state.discard.append(old)
    robot.hand.remove(choice)
    robot.core = choice
    was = CATALOG.card_name(old) if old else "nothing"
    return [Event(text=f"{me(state)} uses Data Core: {was} is discarded, {CATALOG.card_name(choice)} is its new core.")]


def _a_modctrl(state: JupiterState, choice: str) -> list[Event]:
    chain = state.chain
    if len(chain) < 4:
        state.chain = [*chain, choice]
        return []
    src, tile, anchor = chain[1], chain[2], chain[3]
    cell = step(state.colony.cell_of(anchor), SIDE_NAMES.index(choice))
    state.chain = []
    spend(state, "modctrl", SRC_CODE[src])
    state.placements = [
        p.model_copy(update={"q": cell[0], "r": cell[1]}) if p.tile == tile else p for p in state.placements
    ]
    return [Event(text=f"{me(state)} uses Module Control: {tile} moves against side {choice} of {anchor}.")]


_ANSWERS: dict[str, Callable[[JupiterState, str], list[Event]]] = {
    "move": _a_move,
    "shoot": _a_shoot,
    "command": _a_command,
    "trade": _a_trade,
    "swap": _a_swap,
    "ovmove": _a_override,
    "ovshoot": _a_override,
    "sniper": _a_sniper,
    "heatseeker": _a_heatseeker,
    "teleport": _a_teleport,
    "rocketboots": _a_rocketboots,
    "pilot": _a_pilot,
    "datacore": _a_datacore,
    "modctrl": _a_modctrl,
    "follow": _a_follow,
    "grenade": _a_grenade,
    "redock": _a_redock,
}
