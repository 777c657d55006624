"""The end of a turn (Conversion, Invasion, Draw) and the start of the next one (JUP-TURN-*).

After Player Actions the turn runs as a small machine: ``state.stage`` names the next step and ``advance``
runs steps until one needs a decision (a reroll, a Suppressant, a creep's space, a discard) or the next
robot's turn begins. Creeps waiting to be placed sit in ``state.queue`` (one entry per creep, by tile, in
spiral order) and are placed before any later step runs.

Steps: ``convert1`` (Conversion, unless Fast Creeps) → ``roll`` → ``reroll`` (Phase Shift?) → ``suppress``
(Suppressant?) → ``wave`` (queue the creeps) → ``convert2`` (Conversion with Fast Creeps) → ``draw`` →
``suppress2`` (Suppressant after a setback?) → ``setback`` → ``setback_done`` → ``discard`` → ``next``.
"""

from __future__ import annotations

from engine.core import Choice, Event, Prompt
from engine.core.words import count

from .board import check_destroyed, check_end, robots_on_guard
from .cards import Source, hand_limit, sources, spend
from .catalog import CATALOG
from .state import COLONIST, CREEP, JupiterState, TurnReport, cap, robot_name

KEEP = "keep"
NONE = "none"


def end_actions(state: JupiterState) -> list[Event]:
    """Player Actions are over (JUP-GAP-ACT-1: unused actions are lost)."""
    state.phase = "end"
    state.chain = []
    state.stage = "convert1"
    return advance(state)


def convert(state: JupiterState) -> list[Event]:
    """Every colonist bridged to a creep becomes a creep, all at once (JUP-CONVERT-1, JUP-GAP-INV-3); the pod's
    colonists are not on a dome, so they never convert (JUP-CONVERT-2)."""
    colony = state.colony
    doomed = [
        dome
        for dome, piece in state.occupant.items()
        if piece == COLONIST and any(state.occupant.get(n) == CREEP for n in colony.neighbours(dome))
    ]
    if not doomed:
        return [Event(text="Conversion: no colonist is next to a creep.")]
    for dome in doomed:
        state.occupant[dome] = CREEP
    state.lost += len(doomed)
    turn = "turns into a creep" if len(doomed) == 1 else "turn into creeps"
    events = [Event(text=f"Conversion: {count(len(doomed), 'colonist')} {turn} ({', '.join(sorted(doomed))}).")]
    events += check_destroyed(state, [d.split(".")[0] for d in doomed])
    return events + check_end(state)


def wave_targets(state: JupiterState, roll: int) -> list[str]:
    """Tiles that get a creep: edge tiles of module ``roll`` on 1-5 (JUP-INVADE-2), every tile holding an
    ordinary creep on 6 (JUP-INVADE-3, JUP-SUPER-7), in spiral order (JUP-GAP-INV-1)."""
    colony = state.colony
    if roll == 6:
        return [t for t in colony.tiles if state.pieces_on(t, CREEP)]
    return [t for t in colony.tiles if colony.module_of(t) == roll and colony.is_edge_tile(t)]


def placement_options(state: JupiterState, tile: str) -> tuple[str, list[str]]:
    """Where a creep for ``tile`` may go: an open edge space, else any open space, else a colonist it replaces,
    else nowhere (JUP-INVADE-4..6, JUP-GAP-INV-2)."""
    colony = state.colony
    edge = [d for d in colony.edge_spaces(tile) if d not in state.occupant]
    if edge:
        return "edge", edge
    free = [d for d in colony.spaces_of(tile) if d not in state.occupant]
    if free:
        return "open", free
    colonists = state.pieces_on(tile, COLONIST)
    if colonists:
        return "replace", colonists
    return "none", []


def place_creep(state: JupiterState, tile: str, dome: str) -> list[Event]:
    """A creep for ``tile`` lands on ``dome``; a colonist there is lost (JUP-INVADE-6)."""
    state.queue.pop(0)
    replaced = state.occupant.get(dome) == COLONIST
    state.occupant[dome] = CREEP
    state.invaded.append(tile)
    if replaced:
        state.lost += 1
        events = [Event(text=f"A creep replaces the colonist on {dome}; the colonist is lost.")]
    else:
        events = [Event(text=f"A creep rises on {dome}.")]
    return events + check_destroyed(state, [tile]) + check_end(state)


def suppressant_sources(state: JupiterState) -> list[Source]:
    """Suppressant uses available now; the core first, so a hand copy is kept when the core can do it."""
    return sorted(sources(state, "suppressant"), key=lambda src: src != "core")


def setback_tiles(state: JupiterState, key: str) -> list[str]:
    """Tiles a setback would hit now (JUP-SETBACK-*): unguarded uncovered plants or dishes, or Surge's tiles."""
    colony = state.colony
    if key == "surge":
        return [t for t in dict.fromkeys(state.invaded) if t in colony.placements and t not in state.suppressed]
    centre = "power_plant" if key == "powergrab" else "radar_dish"
    return [
        t
        for t in colony.tiles
        if CATALOG.tile(t).centre == centre
        and t not in state.super_creeps
        and not robots_on_guard(state, t)
        and t not in state.suppressed
    ]


def advance(state: JupiterState) -> list[Event]:
    """Run the end of the turn until a decision is needed or the next turn has begun."""
    events: list[Event] = []
    while state.phase == "end":
        if state.redock:
            return events  # the pod's tile blew up: the active robot docks it before anything else
        if state.queue:
            tile = state.queue[0]
            if tile not in state.colony.placements or tile in state.suppressed:
                state.queue.pop(0)
                continue
            kind, options = placement_options(state, tile)
            if kind == "none":
                state.queue.pop(0)
                events.append(Event(text=f"Tile {tile} has no room for another creep."))
                continue
            if len(options) > 1:
                return events
            events += place_creep(state, tile, options[0])
            continue
        stage = state.stage
        if stage == "convert1":
            state.stage = "roll"
            if not state.options.fast_creeps:
                events += convert(state)
        elif stage == "roll":
            state.roll = state.rng.roll_d6()
            state.stage = "reroll"
            events.append(Event(text=f"{cap(robot_name(state.active))} rolls the invasion die: {state.roll}."))
        elif stage == "reroll":
            if sources(state, "phaseshift"):
                return events
            state.stage = "suppress"
        elif stage == "suppress":
            assert state.roll is not None
            if suppressant_sources(state) and _unsuppressed(state, wave_targets(state, state.roll)):
                return events
            state.stage = "wave"
        elif stage == "wave":
            assert state.roll is not None
            targets = [t for t in wave_targets(state, state.roll) if t not in state.suppressed]
            state.queue = targets
            state.stage = "convert2"
            if targets:
                events.append(Event(text=f"Invasion on a {state.roll}: a creep for {', '.join(targets)}."))
            else:
                events.append(Event(text=f"Invasion on a {state.roll}: no tile is invaded, so no creep comes."))
        elif stage == "convert2":
            state.stage = "draw"
            if state.options.fast_creeps:
                events += convert(state)
        elif stage == "draw":
            events += draw(state)
        elif stage == "suppress2":
            assert state.drawn is not None
            if suppressant_sources(state) and setback_tiles(state, state.drawn):
                return events
            state.stage = "setback"
        elif stage == "setback":
            events += resolve_setback(state)
        elif stage == "setback_done":
            assert state.drawn is not None
            state.discard.append(state.drawn)
            state.drawn = None
            state.stage = "discard"
        elif stage == "discard":
            if len(state.robots[state.active].hand) > hand_limit(state):
                return events
            state.stage = "next"
        elif stage == "next":
            events += next_turn(state)
        else:  # pragma: no cover - every stage is listed above
            raise RuntimeError(f"unknown stage {stage!r}")
    return events


def _unsuppressed(state: JupiterState, tiles: list[str]) -> list[str]:
    return [t for t in dict.fromkeys(tiles) if t not in state.suppressed]


def draw(state: JupiterState) -> list[Event]:
    """The last step: one Rescue card (JUP-DRAW-1..3); an empty deck is refilled from the discard pile
    (JUP-GAP-DECK-2). A robot removed from play draws nothing (JUP-GAP-RV-2)."""
    seat = state.active
    state.stage = "discard"
    if not state.robots[seat].in_play:
        return []
    events: list[Event] = []
    if not state.deck:
        if not state.discard:
            return [Event(text="The Rescue deck and the discard pile are empty: no card is drawn.")]
        state.deck, state.discard = state.discard, []
        state.rng.shuffle(state.deck)
        events.append(Event(text="The discard pile is shuffled into a new Rescue deck."))
    card = state.deck.pop(0)
    name = CATALOG.card_name(card)
    state.drew = card
    if CATALOG.is_setback(card):
        state.drawn = state.setback = card
        state.stage = "suppress2"
        events.append(Event(text=f"{cap(robot_name(seat))} draws a setback: {name}!", headline=True))
    else:
        state.robots[seat].hand.append(card)
        events.append(Event(text=f"{cap(robot_name(seat))} draws {name}."))
    return events


def resolve_setback(state: JupiterState) -> list[Event]:
    """Power Grab and Signal to Noise cover plants or dishes (JUP-SETBACK-POWERGRAB-1, JUP-SETBACK-SIGNAL-1,
    JUP-SUPER-5, JUP-SUPER-6); Surge queues one more creep for each tile invaded this turn (JUP-SETBACK-SURGE-1,
    JUP-GAP-INV-5)."""
    key = state.drawn
    assert key is not None
    tiles = setback_tiles(state, key)
    state.stage = "setback_done"
    state.setback_tiles = list(tiles)
    if key == "surge":
        state.queue = tiles
        if not tiles:
            return [Event(text="Surge: no tile was invaded this turn, so no creep comes.")]
        return [Event(text=f"Surge: another creep for {', '.join(tiles)}.")]
    state.super_creeps += tiles
    what = "power plant" if key == "powergrab" else "radar dish"
    if not tiles:
        return [Event(text=f"{CATALOG.card_name(key)}: no unguarded {what} to cover.")]
    return [Event(text=f"{CATALOG.card_name(key)}: a super creep covers the {what} of {', '.join(tiles)}.")]


def next_turn(state: JupiterState) -> list[Event]:
    """The turn passes to the left (JUP-TURN-2); Single Turn cards played this turn are discarded
    (JUP-CARD-GEN-3)."""
    state.discard += state.in_force
    seat = (state.active + 1) % state.players
    return begin_turn(state, seat)


def begin_turn(state: JupiterState, seat: int) -> list[Event]:
    """Start ``seat``'s turn: docking first if it launched the pod (JUP-TURN-3); a removed robot has no
    actions (JUP-GAP-RV-2). The turn that ends is kept as ``last_turn`` for the board (see ``report``)."""
    if state.turn >= 1:
        state.last_turn = report(state)
    state.destroyed_before = len(state.destroyed)
    state.drew, state.setback, state.setback_tiles = None, None, []
    state.turn += 1
    state.step = 0
    state.active = seat
    state.spent = 0
    state.chain = []
    state.in_force, state.cores_used, state.doubled = [], [], []
    state.suppressed, state.queue, state.invaded = [], [], []
    state.roll, state.drawn, state.stage = None, None, ""
    events = [Event(text=f"Turn {state.turn}: {robot_name(seat)}'s turn.", headline=True)]
    if state.pod.dock is None and state.pod.launched_by == seat:
        state.phase = "start"
        return events
    return events + enter_actions(state)


def report(state: JupiterState) -> TurnReport:
    """What the end of the current turn did, taken just before the next turn clears it."""
    return TurnReport(
        turn=state.turn,
        seat=state.active,
        roll=state.roll,
        suppressed=list(dict.fromkeys(state.suppressed)),
        invaded=list(dict.fromkeys(state.invaded)),
        destroyed=state.destroyed_this_turn(),
        drew=state.drew,
        setback=state.setback,
        setback_tiles=list(state.setback_tiles),
    )


def enter_actions(state: JupiterState) -> list[Event]:
    """Player Actions, or straight to the end of the turn for a robot out of play."""
    if state.robots[state.active].in_play:
        state.phase = "actions"
        return []
    return [Event(text=f"{cap(robot_name(state.active))} is out of play: no actions."), *end_actions(state)]


# Prompts and answers of the end of the turn ----------------------------------------------------------------


def end_prompt(state: JupiterState) -> Prompt:
    """The decision the end of the turn waits on."""
    seat = state.active
    if state.queue:
        tile = state.queue[0]
        kind, options = placement_options(state, tile)
        if kind == "replace":
            choices = [Choice(id=d, label=f"The colonist on {d} is lost") for d in options]
            question = f"{tile} is full: which colonist does the creep replace?"
        else:
            where = "open edge space" if kind == "edge" else "open space"
            choices = [Choice(id=d, label=f"Creep on {d}") for d in options]
            question = f"A creep rises on {tile}: on which {where}?"
        return _prompt(state, "place" if kind != "replace" else "replace", question, choices)
    if state.stage == "reroll":
        choices = [Choice(id=KEEP, label=f"Keep the {state.roll}")]
        for src in sources(state, "phaseshift"):
            where = "your hand" if src == "hand" else "your core"
            choices.append(Choice(id=f"phaseshift.{src[0]}", label=f"Reroll with Phase Shift from {where}"))
        return _prompt(state, "reroll", f"The invasion die shows {state.roll}. Reroll it?", choices)
    if state.stage in ("suppress", "suppress2"):
        if state.stage == "suppress":
            assert state.roll is not None
            tiles = _unsuppressed(state, wave_targets(state, state.roll))
            when = f"the roll of {state.roll}"
        else:
            assert state.drawn is not None
            tiles = setback_tiles(state, state.drawn)
            when = CATALOG.card_name(state.drawn)
        choices = [Choice(id=t, label=f"Protect {t}") for t in tiles]
        choices.append(Choice(id=NONE, label="No Suppressant now"))
        return _prompt(state, "suppress", f"Suppressant: protect a tile from {when}?", choices)
    limit = hand_limit(state)
    hand = state.robots[seat].hand
    choices = [Choice(id=k, label=f"Discard {CATALOG.card_name(k)}") for k in dict.fromkeys(hand)]
    return _prompt(state, "discard", f"Your hand is over its limit of {limit}: which card do you discard?", choices)


def _prompt(state: JupiterState, kind: str, question: str, choices: list[Choice]) -> Prompt:
    return Prompt(id=state.prompt_id(kind), seat=state.active, question=question, choices=tuple(choices), private=False)


def answer_end(state: JupiterState, choice: str) -> list[Event]:
    """Apply the active robot's answer during the end of the turn, then carry on."""
    who = cap(robot_name(state.active))
    events: list[Event] = []
    if state.queue:
        events += place_creep(state, state.queue[0], choice)
    elif state.stage == "reroll":
        if choice == KEEP:
            state.stage = "suppress"
        else:
            spend(state, "phaseshift", "hand" if choice.endswith(".h") else "core")
            state.roll = state.rng.roll_d6()
            events.append(Event(text=f"{who} shifts phase and rerolls: {state.roll}."))
    elif state.stage in ("suppress", "suppress2"):
        if choice == NONE:
            state.stage = "wave" if state.stage == "suppress" else "setback"
        else:
            spend(state, "suppressant", suppressant_sources(state)[0])
            state.suppressed.append(choice)
            events.append(Event(text=f"{who} sprays Suppressant on {choice}: no creeps rise there this turn."))
    else:
        state.robots[state.active].hand.remove(choice)
        state.discard.append(choice)
        events.append(Event(text=f"{who} discards {CATALOG.card_name(choice)} down to the hand limit."))
    return events + advance(state)
