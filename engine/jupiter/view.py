"""What a viewer sees of a Jupiter Deep game (digest section 6): everything but the deck's order.

Nothing in Jupiter Deep is secret from the table: every hand and core is public (the rulebook lets players show
their cards), and so are the board, the pod, the discard pile and the dice. The only hidden things are the order
of the Rescue deck (the view gives its size) and the generator. So every viewer gets the same view except for
``viewer`` and ``my_seat``; prompts, which are not part of the view, go only to their seat.

The renderer reads this and never the state: tile cells and rotations, dome lattice points (``point``: the
centre dome of the tile on cell ``(q, r)`` is at ``(3q, 3r)``, outer dome ``k`` one lattice step toward side
``k``), the bridges, and every piece.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from engine.core import View
from engine.core.copies import built, shallow
from engine.core.recent import Recent
from engine.core.words import count

from .board import living, rescue_target
from .cards import actions_left, actions_total, hand_limit, jammed
from .catalog import CATALOG, SIDE_NAMES
from .colony import Colony
from .rules import deciding
from .state import COLONIST, CREEP, JupiterState, Phase, TurnReport, cap, robot_name, seat_of_code
from .turn import report

Piece = Literal["colonist", "creep", "robot"]
Stage = Literal["setup", "start", "actions", "conversion", "invasion", "draw", "setback", "discard", "over"]
"""Where the turn stands: ``setup`` (cores, first robot, first dock), ``start`` (docking the pod it launched),
``actions``, then the end of the turn: ``conversion``, ``invasion`` (roll, Phase Shift, Suppressant, placing
creeps), ``draw``, ``setback`` (a setback drawn is being resolved), ``discard`` (down to the hand limit);
``over`` once the game has ended."""


class DomeView(BaseModel):
    """One space: its typeable name, the board side it faces (``None`` = centre), lattice point and piece."""

    name: str
    side: str | None
    point: tuple[int, int]
    piece: Piece | None = None
    seat: int | None = None  # the robot's seat when ``piece`` is "robot"


class TileView(BaseModel):
    id: str
    module: int
    q: int
    r: int
    rotation: int
    centre: Literal["dome", "power_plant", "radar_dish"]
    super_creep: bool
    exposed_sides: list[str]
    domes: list[DomeView]


class PodView(BaseModel):
    docked_at: str | None  # the docking dome, or None while away
    dock_tile: str | None
    dock_side: str | None
    colonists: int
    robots: list[int]
    capacity: int
    launched_by: int | None  # the seat that docks it at the start of its next turn
    launches: int


class RobotView(BaseModel):
    seat: int
    colour: str
    letter: str
    where: str | None  # a dome, "pod", or None when out of play
    in_play: bool
    core: str | None
    core_used: bool
    hand: list[str]
    dealt: list[str]  # the two cards to choose a core from, at setup or on return
    waiting: bool
    owner: int | None = None  # the seat (player) who plays this robot


class ReportView(BaseModel):
    """What the end of a robot's turn did (a turn over, or the one being played): the board shows the last one
    so a player coming back later sees what the die, the invasion and the draw did."""

    turn: int
    seat: int
    colour: str
    roll: int | None = None
    suppressed: list[str] = Field(default_factory=list)  # tiles Suppressant protected
    invaded: list[str] = Field(default_factory=list)  # tiles that got a creep (Invasion, then Surge), in order
    destroyed: list[str] = Field(default_factory=list)  # tiles that self-destructed
    drew: str | None = None  # the card drawn: an ability (to hand) or a setback
    setback: str | None = None
    setback_tiles: list[str] = Field(default_factory=list)
    setback_effect: str = ""  # the setback's effect in words


class JupiterView(View):
    """The table as one viewer sees it."""

    my_seat: int | None
    phase: Phase
    turn: int
    active: int
    first: int | None
    options: dict[str, bool]
    tiles: list[TileView]
    bridges: list[tuple[str, str]]
    pod: PodView
    robots: list[RobotView]
    saved: int
    living: int
    lost: int
    needed: int
    placed: int
    creeps_on_board: int
    creep_markers: int
    hand_limit: int
    actions_per_turn: int
    actions_left: int
    dish_jammed: bool
    in_force: list[str]
    deck_size: int
    discard: list[str]
    destroyed: list[str]
    out_of_game: str
    roll: int | None
    invading: list[str]
    result: str
    # Added for players who come back later (all with defaults, so older stored views and readers keep working).
    turn_stage: Stage = "setup"
    turn_steps: list[Stage] = Field(default_factory=list)  # the steps of a turn in this game's order
    waiting_for: str = ""  # what the game waits on, in words (public: it names no hidden information)
    setback: str | None = None  # the setback drawn this turn (kept after it is resolved, until the turn ends)
    setback_pending: bool = False  # drawn but not resolved yet (Suppressant may still be offered)
    setback_tiles: list[str] = Field(default_factory=list)  # what it hit: plants/dishes covered, Surge's tiles
    setback_effect: str = ""
    drew: str | None = None  # the card this turn's Draw took
    covered_plants: list[str] = Field(default_factory=list)  # tiles whose power plant holds a super creep
    covered_dishes: list[str] = Field(default_factory=list)  # tiles whose radar dish holds a super creep
    lasting: list[str] = Field(default_factory=list)  # the super creeps' effects while they stay, in words
    suppressed: list[str] = Field(default_factory=list)  # tiles Suppressant protects this turn
    invaded: list[str] = Field(default_factory=list)  # tiles that got a creep this turn
    destroyed_this_turn: list[str] = Field(default_factory=list)
    this_turn: ReportView | None = None  # the end of the current turn so far (None before it starts)
    last_turn: ReportView | None = None  # the end of the previous robot's turn
    seats: int = 0  # players at the table (fewer than robots when somebody plays several: see RobotView.owner)

    def describe(self) -> str:
        """A few lines for the channel message under the board image."""
        lines = [f"**Jupiter Deep**, turn {self.turn}: saved **{self.saved}**/{self.needed}, living {self.living}."]
        if self.phase in ("won", "lost"):
            lines.append(self.result)
            return "\n".join(lines)
        lines.append(
            f"Actions per turn {self.actions_per_turn}, hand limit {self.hand_limit}, "
            f"creeps on the colony {self.creeps_on_board}/{self.creep_markers}."
        )
        if self.phase == "actions":
            lines.append(f"{cap(robot_name(self.active))} has {count(self.actions_left, 'action')} left.")
        elif self.waiting_for:
            lines.append(f"Now: {self.waiting_for}.")
        if self.setback is not None:
            lines.append(f"Setback this turn: {CATALOG.card_name(self.setback)}: {self.setback_effect}.")
        lines.extend(f"{cap(words)}." for words in self.lasting)
        if self.this_turn is not None:
            lines.append(report_line(self.this_turn, self.turn_stage not in ("conversion", "invasion")))
        elif self.last_turn is not None:
            lines.append(report_line(self.last_turn))
        for robot in self.robots:
            core = f"core {CATALOG.card_name(robot.core)}" if robot.core else "no core yet"
            hand = ", ".join(CATALOG.card_name(k) for k in robot.hand) or "no cards"
            lines.append(f"{robot.letter} {robot.colour} ({robot.where or 'out of play'}): {core}; {hand}")
        lines.extend(self._card_texts())
        return "\n".join(lines)

    def _card_texts(self) -> list[str]:
        """What the cards in play now do (a name alone is not enough): while robots choose their cores, every
        card dealt to choose from; else the cards of the robot whose turn it is. Nothing here is secret, so every
        viewer reads the same lines (a seat's view stays the public one)."""
        if self.phase == "core":
            keys = [k for robot in self.robots for k in robot.dealt]
        else:
            keys = [k for robot in self.robots if robot.seat == self.active for k in [robot.core, *robot.hand] if k]
        return [f"• **{CATALOG.card_name(k)}**: {CATALOG.card(k).text}" for k in dict.fromkeys(keys)]


def report_line(report: ReportView, settled: bool = True) -> str:
    """``Turn 4 (red): rolled 3; creeps rose on T04, T11; drew Boost.``: one turn's end in a sentence
    (``settled=False`` while the invasion may still come, so its absence is not reported)."""
    parts = []
    if report.roll is not None:
        parts.append(f"rolled {report.roll}")
    if report.suppressed:
        parts.append("Suppressant on " + ", ".join(report.suppressed))
    if report.invaded:
        parts.append("creeps rose on " + ", ".join(report.invaded))
    elif settled:
        parts.append("no creep rose")
    if report.destroyed:
        parts.append(", ".join(report.destroyed) + " self-destructed")
    if report.setback is not None:
        parts.append(f"setback {CATALOG.card_name(report.setback)} ({report.setback_effect})")
    elif report.drew is not None:
        parts.append(f"drew {CATALOG.card_name(report.drew)}")
    return f"Turn {report.turn} ({report.colour}): " + "; ".join(parts) + "."


def turn_stage(state: JupiterState) -> Stage:
    """The step of the turn the game rests in (``turn.py``'s ``stage`` names the next step to run, and only some
    steps ever wait for a decision: see ``advance``)."""
    if state.phase in ("won", "lost"):
        return "over"
    if state.phase in ("core", "first", "dock"):
        return "setup"
    if state.phase in ("start", "actions"):
        return state.phase
    stage = state.stage
    if stage in ("convert1", "roll"):  # at rest here only while the pod docks again after Conversion
        return "conversion"
    if stage in ("reroll", "suppress", "wave", "convert2"):
        return "invasion"
    if stage == "draw":  # at rest here only after Fast Creeps' Conversion blew up the pod's tile
        return "conversion" if state.options.fast_creeps else "draw"
    if stage in ("suppress2", "setback", "setback_done"):
        return "setback"
    return "discard"


def turn_steps(state: JupiterState) -> list[Stage]:
    """The steps of a turn in order: Conversion comes after Invasion with Fast Creeps (JUP-VAR-FAST-1)."""
    middle: list[Stage] = ["invasion", "conversion"] if state.options.fast_creeps else ["conversion", "invasion"]
    return ["start", "actions", *middle, "draw", "discard"]


def waiting_for(state: JupiterState) -> str:
    """What the game waits on, in words, from the same state ``prompts`` reads (never hidden information)."""
    who = robot_name(state.active)
    if state.phase in ("won", "lost"):
        return state.result
    if state.phase == "core":
        names = [robot_name(s) for s, r in enumerate(state.robots) if r.core is None]
        return "every robot chooses its core ability (waiting on " + ", ".join(names) + ")"
    if state.phase == "first":
        return "the first player picks the robot that goes first"
    if state.phase == "dock":
        return f"{robot_name(state.first or 0)} docks the Evacuation Pod"
    if state.phase == "start":
        return f"{who} docks the pod it launched"
    if state.phase == "actions":
        what = f"{who} acts: {actions_left(state)} of {actions_total(state)} actions left"
    elif state.redock:
        what = f"{who} docks the pod again: its tile self-destructed"
    elif state.queue:
        what = f"{who} chooses where the creep on {state.queue[0]} rises"
    elif state.stage == "reroll":
        what = f"{who} may reroll the invasion die ({state.roll}) with Phase Shift"
    elif state.stage == "suppress":
        what = f"{who} may use Suppressant against the roll of {state.roll}"
    elif state.stage == "suppress2" and state.drawn is not None:
        what = f"{who} may use Suppressant against {CATALOG.card_name(state.drawn)}"
    else:
        what = f"{who} discards down to the hand limit of {hand_limit(state)}"
    if state.recore:
        what += "; " + ", ".join(robot_name(s) for s in state.recore) + " choose a new core"
    return what


def setback_effect(key: str, tiles: list[str], pending: bool) -> str:
    """A setback's effect in words: what it is about to do, or what it did."""
    if key == "surge":
        if pending:
            return "another creep for every tile invaded this turn"
        return "another creep for " + ", ".join(tiles) if tiles else "no tile was invaded: no creep"
    what, many = ("power plant", "power plants") if key == "powergrab" else ("radar dish", "radar dishes")
    if pending:
        return f"a super creep on every unguarded {what}"
    if not tiles:
        return f"every {what} was guarded or covered: no super creep"
    return (
        f"super creeps on the {many} of " + ", ".join(tiles)
        if len(tiles) > 1
        else f"a super creep on the {what} of {tiles[0]}"
    )


def lasting_effects(plants: list[str], dishes: list[str], limit: int) -> list[str]:
    """What the super creeps on plants and dishes do while they stay (JUP-HAND-3, JUP-SUPER-3)."""
    numbers = CATALOG.numbers
    effects = []
    if plants:
        what = "power plants" if len(plants) > 1 else "power plant"
        effects.append(f"{what} {', '.join(plants)} covered: hand limit {limit}, not {numbers.hand_limit}")
    if dishes:
        what = "radar dishes" if len(dishes) > 1 else "radar dish"
        effects.append(
            f"{what} {', '.join(dishes)} covered: {numbers.actions_jammed} actions a turn, not {numbers.actions}"
        )
    return effects


def _report(state: JupiterState, report: TurnReport) -> ReportView:
    return built(
        ReportView,
        turn=report.turn,
        seat=report.seat,
        colour=CATALOG.colour(report.seat),
        roll=report.roll,
        suppressed=list(report.suppressed),
        invaded=list(report.invaded),
        destroyed=list(report.destroyed),
        drew=report.drew,
        setback=report.setback,
        setback_tiles=list(report.setback_tiles),
        setback_effect=setback_effect(report.setback, report.setback_tiles, False) if report.setback else "",
    )


# Building a view ---------------------------------------------------------------------------------------------
#
# The host asks for two views per action (the board, then the actor's panel) and they differ only in
# ``viewer`` and ``my_seat``; a turn's no-image action is mostly these views. So the viewer-free part is built
# once per state and kept for the few most recent states, keyed by the state's JSON (about 20 µs to write,
# and it changes with anything a view could show: a state changed in place by a test is a new key). Every call
# returns its own copy, with ``viewer`` and ``my_seat`` set: the nested models are shared between the copies,
# which is safe because views are only ever read (the renderer copies before it changes a report).

_views: Recent[str, JupiterView] = Recent(4)  # the board and the panel of the state just played, /board and /hand

TileLayout = tuple[str, dict[str, Any], list[dict[str, Any]], tuple[str, ...]]
"""A tile as every view of one layout shows it: its id, its fixed ``TileView`` fields, its domes' fields when
empty (validated into new models by every view, so one layout's dicts serve them all) and its domes' names (what
a view looks up the pieces by)."""

_layouts: Recent[int, tuple[Colony, list[TileLayout]]] = Recent(32)


def view(state: JupiterState, viewer: int | None) -> JupiterView:
    """The view for ``viewer`` (a seat, or ``None`` for the channel); it never includes the deck's order."""
    public = _views.made(state.model_dump_json(), lambda: _public_view(state))
    mine = viewer is not None and 0 <= viewer < state.seats
    return shallow(public, viewer=viewer, my_seat=viewer if mine else None)  # both fields already set


def _layout(colony: Colony) -> list[TileLayout]:
    """What a view shows of a layout, per tile in spiral order: the tile's fixed fields and its domes as they
    are when empty (name, board side, lattice point). Kept per layout: it changes only when a tile goes or
    moves, and working it out again cost a view about a tenth of its time."""
    entry = _layouts.get(id(colony))
    if entry is not None and entry[0] is colony:
        return entry[1]
    tiles: list[TileLayout] = []
    for tile in colony.tiles:
        placement = colony.placements[tile]
        fixed: dict[str, Any] = {
            "id": tile,
            "module": colony.module_of(tile),
            "q": placement.q,
            "r": placement.r,
            "rotation": placement.rotation,
            "centre": CATALOG.tile(tile).centre,
            "exposed_sides": [SIDE_NAMES[s] for s in colony.exposed_sides(tile)],  # copied by each TileView
        }
        domes = []
        names = tuple(colony.spaces_of(tile))
        for name in names:
            dome = colony.domes[name]
            side = None if dome.side is None else SIDE_NAMES[dome.side]
            domes.append({"name": name, "side": side, "point": dome.point, "piece": None, "seat": None})
        tiles.append((tile, fixed, domes, names))
    _layouts.put(id(colony), (colony, tiles))  # the entry holds the colony, so its id is not reused
    return tiles


_PIECES: dict[str, Piece] = {COLONIST: "colonist", CREEP: "creep"}

# a few boards' worth: a move changes two or three tiles, the others are met again
_tile_views: Recent[tuple[int, tuple[str | None, ...], bool], tuple[dict[str, Any], TileView]] = Recent(256)


def _tile_view(
    state: JupiterState, tile: str, fixed: dict[str, Any], empty_domes: list[dict[str, Any]], names: tuple[str, ...]
) -> TileView:
    """One tile as a view shows it, remembered by its layout entry (``fixed``, held by the entry, so its id is
    not reused while remembered), the pieces on its domes and its super creep: most tiles are the same after a
    move, and validating each again was a third of a view. Shared between views, which are only ever read."""
    codes = tuple(map(state.occupant.get, names))  # the piece on each dome, by the layout's dome names
    key = (id(fixed), codes, tile in state.super_creeps)
    entry = _tile_views.get(key)
    if entry is not None and entry[0] is fixed:
        return entry[1]
    # one validation per tile builds its dome models too (in pydantic's core, not one call per dome)
    domes = [
        empty if code is None else {**empty, "piece": _PIECES.get(code, "robot"), "seat": seat_of_code(code)}
        for empty, code in zip(empty_domes, codes, strict=True)
    ]
    made = TileView.model_validate({**fixed, "super_creep": key[2], "domes": domes})
    _tile_views.put(key, (fixed, made))
    return made


BoardKey = tuple[int, tuple[str | None, ...], frozenset[str]]
_boards: Recent[BoardKey, tuple[list[TileLayout], list[TileView]]] = Recent(16)
"""Every tile's view of a board, kept by its layout (the entry holds the layout, so its id is not reused while
kept), the piece on every dome and the super creeps: about half the actions (cards, rolls, steps of the turn's
end) move no piece, and the board's nineteen tiles were looked up one by one again."""


def _tiles(state: JupiterState, layout: list[TileLayout]) -> list[TileView]:
    """The tiles' views in spiral order: the whole board's when no piece moved, else tile by tile."""
    codes = tuple(map(state.occupant.get, [name for entry in layout for name in entry[3]]))
    key = (id(layout), codes, frozenset(state.super_creeps))
    kept = _boards.get(key)
    if kept is not None and kept[0] is layout:
        return list(kept[1])
    tiles = [_tile_view(state, tile, fixed, domes, names) for tile, fixed, domes, names in layout]
    _boards.put(key, (layout, tiles))
    return list(tiles)


def _public_view(state: JupiterState) -> JupiterView:
    """The view with no viewer: everything every viewer sees."""
    colony = state.colony
    waiting = deciding(state)
    tiles = _tiles(state, _layout(colony))
    dock = state.pod.dock
    pod = built(
        PodView,
        docked_at=colony.outer(*dock) if dock is not None else None,
        dock_tile=dock[0] if dock is not None else None,
        dock_side=SIDE_NAMES[dock[1]] if dock is not None else None,
        colonists=state.pod.colonists,
        robots=list(state.pod.robots),
        capacity=CATALOG.numbers.pod_capacity,
        launched_by=state.pod.launched_by,
        launches=state.pod.launches,
    )
    robots = [
        built(
            RobotView,
            seat=seat,
            colour=CATALOG.robots[seat].colour,
            letter=CATALOG.robots[seat].letter,
            where=state.where_is(seat),
            in_play=robot.in_play,
            core=robot.core,
            core_used=seat == state.active and robot.core is not None and robot.core in state.cores_used,
            hand=list(robot.hand),
            dealt=list(robot.dealt),
            waiting=seat in waiting,
            owner=state.owner(seat),
        )
        for seat, robot in enumerate(state.robots)
    ]
    in_actions = state.phase == "actions"
    stage = turn_stage(state)
    pending = state.setback is not None and state.stage in ("suppress2", "setback")
    plants = [t for t in state.super_creeps if CATALOG.tile(t).centre == "power_plant"]
    dishes = [t for t in state.super_creeps if CATALOG.tile(t).centre == "radar_dish"]
    this_turn = None
    if state.phase == "end" or (state.phase in ("won", "lost") and state.stage):
        # the end of the turn has begun (and perhaps the game ended in it): its report so far
        this_turn = _report(state, report(state))
    seats = state.seats
    return built(
        JupiterView,
        viewer=None,
        my_seat=None,
        phase=state.phase,
        turn=state.turn,
        active=state.active,
        first=state.first,
        options={k: v for k, v in state.options.model_dump().items() if isinstance(v, bool)},  # the on/off rules
        tiles=tiles,
        bridges=list(colony.bridges()),
        pod=pod,
        robots=robots,
        saved=state.saved,
        living=living(state),
        lost=state.lost,
        needed=rescue_target(state),
        placed=state.placed,
        creeps_on_board=state.creeps_on_board(),
        creep_markers=CATALOG.numbers.creeps,
        hand_limit=hand_limit(state),
        # during a turn, its own total (a card's extra actions included), so "left" never exceeds it
        actions_per_turn=actions_total(state)
        if in_actions
        else (CATALOG.numbers.actions_jammed if jammed(state) else CATALOG.numbers.actions),
        actions_left=actions_left(state) if in_actions else 0,
        dish_jammed=jammed(state),
        in_force=list(state.in_force),
        deck_size=len(state.deck),
        discard=list(state.discard),
        destroyed=list(state.destroyed),
        out_of_game=state.out_of_game,
        roll=state.roll,
        invading=list(state.queue),
        result=state.result,
        turn_stage=stage,
        turn_steps=turn_steps(state),
        waiting_for=waiting_for(state),
        setback=state.setback,
        setback_pending=pending,
        setback_tiles=list(state.setback_tiles),
        setback_effect=setback_effect(state.setback, state.setback_tiles, pending) if state.setback else "",
        drew=state.drew,
        covered_plants=plants,
        covered_dishes=dishes,
        lasting=lasting_effects(plants, dishes, hand_limit(state)),
        suppressed=list(dict.fromkeys(state.suppressed)),
        invaded=list(dict.fromkeys(state.invaded)),
        destroyed_this_turn=state.destroyed_this_turn(),
        this_turn=this_turn,
        last_turn=_report(state, state.last_turn) if state.last_turn is not None else None,
        seats=seats,
    )
