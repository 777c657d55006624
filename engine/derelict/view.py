"""What one viewer may see (digest §5). ``viewer=None`` is the channel and the board image.

The public view never holds a hand, a task, an unscanned infection status, a deck order, a face-down tile
or exploration token, an engine token or the coordinates card. A seat's private view adds exactly its own
hand, inventory, dealt/chosen task and the peeks it took (kept for the rest of the game). At the end the
chosen tasks, the coordinates card, the engine tokens and every infection status become public
(DER-END-CHECK-7); an unchosen task never does.
"""

from __future__ import annotations

from functools import cache
from typing import Any, NamedTuple

from pydantic import BaseModel, Field

from engine.core import View
from engine.core.copies import built, shallow
from engine.core.recent import Recent
from engine.core.words import count

from .board import character_name, kind_of
from .catalog import CATALOG
from .state import NOTHING, DerelictState, Player, is_infection


class IntruderView(BaseModel):
    id: int
    type: str
    letter: str
    wounds: int


class RoomView(BaseModel):
    id: str
    grid: tuple[int, int]
    explored: bool
    name: str | None  # None while face down
    colour: str | None
    computer: bool = False
    items: int | None = None  # item counter (explored slots)
    fire: bool = False
    malfunction: bool = False
    objects: list[str] = []  # uncarried objects lying here (explored rooms only)
    intruders: list[IntruderView] = []
    characters: list[int] = []  # seats standing here


class PodView(BaseModel):
    number: int
    bay: str
    locked: bool
    launched: bool
    seats: list[int]


class SeatView(BaseModel):
    """A seat's public strip (table §5: sizes, counts, wounds, held things are public)."""

    seat: int
    character: str | None
    name: str
    letter: str | None
    status: str
    room: str | None
    hand_size: int
    deck_size: int
    discard: list[str]  # names; an unscanned infection card only as "infection card"
    infection_cards: int
    light_wounds: int
    serious_wounds: list[str]
    slime: bool
    larva: bool
    signal: bool
    held: list[str]
    item_count: int
    passed: bool
    cause: str = ""


class IncomingOffer(BaseModel):
    """A trade offered to the viewer: who offers, what they give and what they ask, by name and by kind."""

    by: int
    give: str
    ask: str
    gives_nothing: bool
    asks_nothing: bool


class DerelictView(View):
    phase: str
    mode: str
    length: str
    round: int
    time: int
    time_spaces: int
    cryo_open: int
    self_destruct: int | None
    course: str
    first: int
    current: int | None
    rooms: list[RoomView]
    noise: list[str]
    pods: list[PodView]
    bag_size: int
    fires: int
    malfunctions: int
    weaknesses: dict[str, str]  # revealed: object kind -> weakness name
    seats: list[SeatView]
    # private to the viewer
    hand: list[str] = Field(default_factory=list)
    items: list[str] = Field(default_factory=list)
    # task names with their text: both dealt while choosing, then the chosen one
    tasks: list[str] = Field(default_factory=list)
    offered: list[str] = Field(default_factory=list)
    peeks: list[str] = Field(default_factory=list)
    engines_seen: dict[str, str] = Field(default_factory=dict)
    """What the viewer's peeks showed of each engine (working, damaged, or lost: both tokens damaged), by room."""
    course_seen: dict[str, str] = Field(default_factory=dict)
    """The coordinates card as the viewer read it: course position -> destination (empty: not read)."""
    # public at the end only
    chosen_tasks: dict[int, str] = Field(default_factory=dict)
    destination_card: list[str] = Field(default_factory=list)
    engines: dict[str, str] = Field(default_factory=dict)
    summary: str = ""
    infection_reveal: dict[int, list[str]] = Field(default_factory=dict)
    """At the end, each seat's infection cards by status (INFECTED or clean): every one is public then."""
    incoming: IncomingOffer | None = None
    """The trade offered to the viewer and waiting on their answer (private to them): what a seat bot reads,
    never the accept button's wording."""

    def rooms_on_fire(self) -> set[str]:
        return {r.id for r in self.rooms if r.fire}

    def room_words(self, room: str) -> str:
        """A room as the board names it ("Cryo Bay", "Lab (S05)", "unexplored room S05"), never its code alone."""
        found = next((r for r in self.rooms if r.id == room), None)
        if found is None or found.name is None:
            return f"unexplored room {room}"
        return found.name if not room.startswith("S") else f"{found.name} ({room})"

    def describe(self) -> str:
        lines = [f"Round {self.round} · time {self.time}/{self.time_spaces} · course {self.course}"]
        if self.self_destruct is not None:
            lines.append(f"Self-destruct armed: space {self.self_destruct}")
        for s in self.seats:
            where = self.room_words(s.room) if s.room else s.status
            lines.append(
                f"{s.name}: {where}, hand {s.hand_size}, {count(s.infection_cards, 'infection card')}, "
                f"{count(s.light_wounds, 'light wound')}, {count(len(s.serious_wounds), 'serious wound')}"
            )
        if self.hand:
            lines.append("Your hand: " + ", ".join(self.hand))
        if self.items:  # the Salvager counts them, and a picture alone is not read by everyone
            lines.append("Your items: " + ", ".join(self.items))
        if self.incoming is not None:
            lines.append(f"Offered to you: {self.incoming.give} for {self.incoming.ask}.")
        for seat, cards in self.infection_reveal.items():
            name = next(s.name for s in self.seats if s.seat == seat)
            bad = cards.count("INFECTED")
            lines.append(f"{name}'s infection cards: {bad} INFECTED, {len(cards) - bad} clean.")
        if self.tasks:
            lines.append("Your task: " + " / ".join(self.tasks))
        return "\n".join(lines)


def incoming_offer(state: DerelictState, viewer: int) -> IncomingOffer | None:
    """The offer made to ``viewer`` in the open exchange, the first if several wait (the one its prompt asks)."""
    from .exchange import thing_name

    ex = state.exchange
    if ex is None:
        return None
    for frm, offer in ex.offers.items():
        if offer.to == viewer:
            give, ask = thing_name(state, offer.give), thing_name(state, offer.ask)
            return IncomingOffer(
                by=frm, give=give, ask=ask, gives_nothing=offer.give == NOTHING, asks_nothing=offer.ask == NOTHING
            )
    return None


def card_label(state: DerelictState, player: Player, card: str) -> str:
    """A card's public name: action cards by name; infection cards by status only once scanned."""
    if is_infection(card):
        if card in state.ship.scanned or state.phase == "over":  # every status is public at the end
            return "infection card (INFECTED)" if card in state.ship.infected else "infection card (clean)"
        return "infection card"
    assert player.character is not None
    return CATALOG.action_card(player.character, card).name


def held_names(player: Player) -> list[str]:
    names = [f"{CATALOG.weapon[w.id].name} ({w.ammo} ammo)" for w in player.weapons]
    return names + [object_name(o) for o in player.held]


def object_name(obj: str) -> str:
    """An object's (or a held heavy item's) public name."""
    if obj in CATALOG.item_cards:
        return CATALOG.item_cards[obj].name
    if obj == "body":
        return "crewmate's body"
    if obj == "egg":
        return "egg"
    if obj == "remains":
        return "crew corpse"
    kind, _, what = obj.partition(":")
    if kind == "carcass":
        return f"{CATALOG.intruder[what].name.lower()} carcass"  # type: ignore[index]
    if kind == "corpse":
        return f"corpse of {CATALOG.character[what].name}"
    return obj


def seat_view(state: DerelictState, p: Player) -> SeatView:
    from .cards import infection_cards

    character = CATALOG.character[p.character] if p.character else None
    return built(
        SeatView,
        seat=p.seat,
        character=p.character,
        name=character_name(p),
        letter=character.letter if character else None,
        status=p.status,
        room=p.room if p.status == "active" else None,
        hand_size=len(p.hand),
        deck_size=len(p.deck),
        discard=[card_label(state, p, c) for c in p.discard],
        infection_cards=len(infection_cards(p)),
        light_wounds=p.light,
        serious_wounds=[
            ("dressed " if w.dressed else "") + (wound_title(w.card) if w.card else "serious wound") for w in p.serious
        ],
        slime=p.slime,
        larva=p.larva,
        signal=p.signal,
        held=held_names(p),
        item_count=len(p.items),
        passed=p.passed,
        cause=p.cause,
    )


def wound_title(card: str) -> str:
    return next(w.name for w in CATALOG.ship.wounds if w.id == card)


def room_views(state: DerelictState) -> list[RoomView]:
    """Every room in map order. The intruders and characters are sorted into their rooms in one pass (as
    ``intruders_in`` and ``characters_in`` would give them, room by room): twenty rooms asked each of them for
    every one was a fifth of a view. Each room is kept by what it shows (``room_view``)."""
    ship = state.ship
    intruders: dict[str, list[ShownIntruder]] = {}
    for i in sorted(ship.intruders, key=lambda i: i.arrived):  # arrival order, as ``intruders_in``
        letter = CATALOG.intruder[i.type].letter  # type: ignore[index]
        intruders.setdefault(i.room, []).append((i.id, i.type, letter, i.wounds))
    characters: dict[str, list[int]] = {}
    for p in state.players:
        if p.status == "active":
            characters.setdefault(p.room, []).append(p.seat)
    board = (
        tuple(ship.explored),
        tuple(ship.tiles.items()),
        tuple(ship.item_counter.items()),
        tuple(ship.fire),
        tuple(ship.malfunction),
        tuple((room, tuple(things)) for room, things in ship.objects.items()),
        tuple((room, tuple(shown)) for room, shown in intruders.items()),
        tuple((room, tuple(seats)) for room, seats in characters.items()),
    )
    kept = _boards.get(board)
    if kept is not None:
        return list(kept)
    seen = Seen(set(ship.explored), set(ship.fire), set(ship.malfunction))
    rooms = [
        room_view(state, room_id, tuple(intruders.get(room_id, ())), tuple(characters.get(room_id, ())), seen)
        for room_id in CATALOG.map_order
    ]
    _boards.put(board, rooms)
    return list(rooms)


_boards: Recent[tuple[object, ...], list[RoomView]] = Recent(16)
"""Every room's view, kept by everything of the ship the rooms show (explored slots and their tiles, item
counters, fires, malfunctions, objects, and the intruders and characters in each room): most moves (cards,
rolls, turns passed, wounds) change no room, and the twenty rooms were looked up one by one again. Shared
between views, which are only ever read; each view gets its own list."""


ShownIntruder = tuple[int, str, str, int]
"""An intruder as its room shows it: id, type, letter, wounds."""


class Seen(NamedTuple):
    """The ship's explored slots, fires and malfunctions as sets, made once per view for its twenty rooms."""

    explored: set[str]
    fire: set[str]
    malfunction: set[str]


@cache
def grid_of(room_id: str) -> tuple[int, int]:
    return next(r.grid for r in CATALOG.map.rooms if r.id == room_id)


_rooms: Recent[tuple[object, ...], RoomView] = Recent(512)
"""Rooms as views show them, kept by everything a room shows: a move changes a room or two of the twenty, and
validating each again was about half of a view. Shared between views, which are only ever read."""


def room_view(
    state: DerelictState,
    room_id: str,
    intruders: tuple[ShownIntruder, ...],
    characters: tuple[int, ...],
    seen: Seen,
) -> RoomView:
    """A room as views show it, kept by everything it shows (``_rooms``)."""
    ship = state.ship
    explored = room_id in CATALOG.fixed or room_id in seen.explored  # ``is_explored``
    kind = kind_of(state, room_id) if explored else None
    objects = ship.objects.get(room_id) if explored else None
    shown = (
        room_id,
        explored,
        kind.name if kind else None,
        kind.colour if kind else None,
        kind.computer if kind else False,
        ship.item_counter.get(room_id) if explored else None,
        room_id in seen.fire,
        room_id in seen.malfunction,
        tuple(object_name(o) for o in objects) if objects else (),
        intruders,
        characters,
    )
    kept = _rooms.get(shown)
    if kept is None:
        kept = _room(shown)
        _rooms.put(shown, kept)
    return kept


def _room(shown: tuple[Any, ...]) -> RoomView:
    room_id, explored, name, colour, computer, items, fire, malfunction, objects, intruders, characters = shown
    return RoomView(
        id=room_id,
        grid=grid_of(str(room_id)),
        explored=explored,
        name=name,
        colour=colour,
        computer=computer,
        items=items,
        fire=fire,
        malfunction=malfunction,
        objects=list(objects),
        intruders=[IntruderView(id=i, type=t, letter=letter, wounds=w) for i, t, letter, w in intruders],
        characters=list(characters),
    )


_public: Recent[str, DerelictView] = Recent(4)
"""The public part of the last few states' views, by the state's JSON. A move asks for two views of one state (the
board's and the acting seat's panel), and a seat's view is the public one plus its own secrets: the public part is
built once. A state changed in place (as tests set up positions) writes another JSON, so it is never answered from
an older state's view. Each caller gets its own copy (``shallow``); the nested models are shared, which is safe
because views are only ever read (the host copies a view before naming it)."""


def view(state: DerelictState, viewer: int | None) -> DerelictView:
    """The viewer's view; ``None`` is the public one."""
    result = shallow(_public.made(state.model_dump_json(), lambda: public_view(state)), viewer=viewer)
    result.__pydantic_fields_set__.add("viewer")
    if viewer is not None and 0 <= viewer < len(state.players):
        me = state.players[viewer]
        result.hand = [card_label(state, me, c) for c in me.hand]
        result.items = [CATALOG.item_cards[i].name for i in me.items]
        shown = [me.task] if me.task else me.dealt_tasks
        result.tasks = [f"{CATALOG.task[t].name}: {CATALOG.task[t].text}" for t in shown]
        result.offered = [CATALOG.character[c].name for c in me.offered]
        result.peeks = list(me.peeks)
        result.engines_seen = dict(me.engines_seen)
        result.course_seen = dict(me.course_seen)
        result.incoming = incoming_offer(state, viewer)
    return result


def public_view(state: DerelictState) -> DerelictView:
    """What everyone sees (``viewer`` unset): the board, every seat's public strip and, at the end, what the
    end makes public."""
    from .endgame import outcome_of

    ship = state.ship
    from .tuning import time_track

    track = time_track(state)
    result = built(
        DerelictView,
        viewer=None,
        phase=state.phase,
        mode=state.mode,
        length=state.length,
        round=state.round,
        time=ship.time,
        time_spaces=track.spaces,
        cryo_open=track.cryo_open,
        self_destruct=ship.self_destruct,
        course=ship.course,
        first=state.first,
        current=state.current,
        rooms=room_views(state),
        noise=sorted(ship.noise),
        pods=[
            built(PodView, number=p.number, bay=p.bay, locked=p.locked, launched=p.launched, seats=list(p.seats))
            for p in ship.pods
        ],
        bag_size=len(ship.bag),
        fires=len(ship.fire),
        malfunctions=len(ship.malfunction),
        weaknesses={
            kind: next(w.name for w in CATALOG.ship.weaknesses.cards if w.id == ship.weaknesses[kind])
            for kind in ship.revealed_weaknesses
        },
        seats=[seat_view(state, p) for p in state.players],
    )
    if state.phase == "over":
        result.chosen_tasks = {p.seat: CATALOG.task[p.task].name for p in state.players if p.task}
        result.destination_card = list(CATALOG.ship.course.cards[ship.coordinates])
        result.engines = {room: stack[0] for room, stack in ship.engines.items()}
        result.summary = outcome_of(state).summary
        from .cards import infection_cards

        infected = state.ship.infected
        result.infection_reveal = {
            p.seat: ["INFECTED" if c in infected else "clean" for c in infection_cards(p)] for p in state.players
        }
    return result
