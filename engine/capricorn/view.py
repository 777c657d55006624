"""What a viewer of an Abandon Capricorn game may see (digest §8): the model renderers and messages read.

Public: positions, health, hiding, backpacks, cubes, search tokens, found parts, threat, repairs, rings and
open doors, Mothers, aliens, the bag's counts, the killed pile, the face-up piles (Used piles, the shared
discard pile, the event discard pile, flipped repair cards) and the sizes of every face-down pile. Private:
a character's hand, shown only to the seat that holds the character. Nothing reveals the order or contents
of a face-down pile, and the generator never appears (CAP-COMM-1).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel

from engine.core import View
from engine.core.recent import Recent
from engine.core.words import count

from .board import SHIP
from .catalog import CATALOG
from .state import BLACK_TOKEN, CapricornState, Character
from .terms import ALIEN_COLORS, AlienColor, Difficulty, MotherColor, RoleKey, Table, Variant


class CharacterView(BaseModel):
    """One crew member as everyone sees them; ``hand`` only in the view of the seat holding them."""

    role: RoleKey
    name: str
    letter: str
    seat: int
    space: str
    health: int
    hiding: bool
    hand_size: int
    stack_size: int
    used: list[str]  # face up, newest last
    backpack: list[str]  # face up
    hand: list[str] | None = None


class AlienView(BaseModel):
    id: int
    color: str
    letter: str
    space: str
    health: int


class MotherView(BaseModel):
    color: MotherColor
    status: Literal["waiting", "on_map", "dead", "absent"]
    space: str | None
    health: int


class CapricornView(View):
    """Everything the viewer may see of an Abandon Capricorn game."""

    difficulty: Difficulty
    table: Table  # CAP-G-DIFF-1: the printed table or our tuned one
    variant: Variant
    turn: int
    active: int  # index into ``characters``
    characters: list[CharacterView]
    aliens: list[AlienView]
    mothers: list[MotherView]
    rotation: dict[str, int]
    open_doors: list[tuple[str, str]]
    threat: int
    alien_die: list[int]  # CAP-G-DICE-1: the faces of this table's white die (set by difficulty and crew size)
    repairs_done: list[str]
    repairs_required: int
    repair_room: str | None
    repair_flipped: list[str]
    repair_deck_size: int
    end_game: bool
    parts_found: list[str]
    searched: list[str]
    cubes: list[str]
    room_deck_sizes: dict[str, int]
    event_deck_size: int
    event_discard: list[str]
    discard: list[str]
    bag: dict[str, int]  # per colour; the black token as "black"
    killed: dict[str, int]
    waiting_seats: list[int]
    result: Literal["win", "loss"] | None = None
    summary: str = ""

    def die_faces(self) -> str:
        """The white die's faces as a player reads them, lowest first: ``0 1 1 2 2 3``."""
        return " ".join(str(face) for face in sorted(self.alien_die))

    def setting(self) -> str:
        """The difficulty and whose table it is dealt from (CAP-G-DIFF-1): ``Normal, printed table``."""
        return f"{CATALOG.rules.difficulty[self.difficulty].name}, {self.table} table"

    def describe(self) -> str:
        """A short text of the board for a message, with the viewer's own hand if they hold one."""
        me = self.characters[self.active]
        rings = ", ".join(f"{ring} {marks}" for ring, marks in self.rotation.items())
        lines = [
            f"**Abandon Capricorn** — {self.setting()}, turn {self.turn}: the **{me.name}** acts.",
            f"Threat {self.threat} · alien die {self.die_faces()} · repairs "
            f"{len(self.repairs_done)}/{self.repairs_required}"
            + (f" · repairing the {SHIP.room(self.repair_room).name}" if self.repair_room else "")
            + (" · **end game**: everyone into the pod!" if self.end_game else ""),
            f"Rings: {rings} · doors: " + ", ".join(f"{a}↔{b}" for a, b in self.open_doors),
        ]
        for c in self.characters:
            flags = " (hiding)" if c.hiding else ""
            pack = f" · backpack: {', '.join(CATALOG.card_name(x) for x in c.backpack)}" if c.backpack else ""
            lines.append(
                f"{c.letter} {c.name}: {c.health} health on {c.space}{flags}, {count(c.hand_size, 'card')}{pack}"
            )
        rooms: dict[str, list[str]] = {}
        for a in self.aliens:
            rooms.setdefault(a.space.split(".")[0], []).append(a.letter)
        for m in self.mothers:
            if m.status == "on_map" and m.space is not None:
                rooms.setdefault(m.space.split(".")[0], []).append(f"M{m.color[0].upper()}({m.health})")
        if rooms:
            lines.append("Aliens: " + "; ".join(f"{room} {' '.join(sorted(ps))}" for room, ps in rooms.items()))
        lines.append(f"Bag: {sum(self.bag.values())} · killed: {sum(self.killed.values())}")
        for c in self.characters:
            if c.hand is not None:
                cards = "; ".join(CATALOG.action(x).label for x in c.hand) or "no cards"
                lines.append(f"Your {c.name} hand: {cards}")
        if self.result is not None:
            lines.append(f"**{'Won' if self.result == 'win' else 'Lost'}**: {self.summary}")
        return "\n".join(lines)


AlienKey = tuple[tuple[int, AlienColor, str, int], ...]
"""Every alien on the map as a view shows it (id, colour, space, health), in the table's order."""

_aliens: Recent[AlienKey, list[AlienView]] = Recent(64)
"""The aliens as views show them, kept by everything they show: a move moves an alien or two, or none, and a
view validated all twenty again, twice a move. Shared between views, which are only ever read."""


def _alien_views(shown: AlienKey) -> list[AlienView]:
    """The aliens' views in id order."""
    return [
        AlienView(id=id_, color=color, letter=CATALOG.rules.aliens[color].letter, space=space, health=health)
        for id_, color, space, health in sorted(shown)
    ]


_HEALTH = {color: CATALOG.rules.aliens[color].health for color in ALIEN_COLORS}

_FIELDS = tuple(CapricornView.__pydantic_fields__)


def _made(**fields: Any) -> CapricornView:
    """``CapricornView(**fields)`` without validating its thirty-odd fields (a fifth of every view, two or more a
    move): what ``view`` passes is already of each field's type, in lists and dicts of its own. The fields in
    their declared order (a dump follows it); ``names``, not given, is a new empty dict and not counted as set,
    as a call leaves it. ``tests/capricorn/test_view_built.py`` holds every view to a validated copy of itself."""
    fields["names"] = {}
    made = object.__new__(CapricornView)
    object.__setattr__(made, "__dict__", {name: fields[name] for name in _FIELDS})
    object.__setattr__(made, "__pydantic_fields_set__", set(_FIELDS) - {"names"})
    object.__setattr__(made, "__pydantic_extra__", None)
    object.__setattr__(made, "__pydantic_private__", None)
    return made


def _character(c: Character, mine: bool) -> CharacterView:
    """``CharacterView(...)`` of every field, without validating (as ``_made``): a view shows up to five, and
    validating them was another fifth of it. ``mine``: the viewer holds the character and sees its hand."""
    made = object.__new__(CharacterView)
    fields = {
        "role": c.role,
        "name": c.name,
        "letter": CATALOG.roles[c.role].letter,
        "seat": c.seat,
        "space": c.space,
        "health": c.health,
        "hiding": c.hiding,
        "hand_size": len(c.hand),
        "stack_size": len(c.stack),
        "used": list(c.used),
        "backpack": list(c.backpack),
        "hand": list(c.hand) if mine else None,
    }
    object.__setattr__(made, "__dict__", fields)
    object.__setattr__(made, "__pydantic_fields_set__", set(fields))
    object.__setattr__(made, "__pydantic_extra__", None)
    object.__setattr__(made, "__pydantic_private__", None)
    return made


def view(state: CapricornState, viewer: int | None) -> CapricornView:
    """The view of ``viewer`` (a seat, or ``None`` for the channel)."""
    crew = state.crew
    characters = [_character(c, viewer is not None and viewer == c.seat) for c in crew.characters]
    shown = tuple((a.id, a.color, a.space, _HEALTH[a.color] - a.damage) for a in crew.aliens)  # ``Alien.health``
    aliens = _aliens.made(shown, lambda: _alien_views(shown))
    mothers = [
        MotherView(color=m.color, status=m.status, space=m.space, health=m.health) for m in crew.mothers.values()
    ]
    bag: dict[str, int] = {color: crew.bag.get(color, 0) for color in ALIEN_COLORS}
    bag[BLACK_TOKEN] = crew.bag.get(BLACK_TOKEN, 0)
    return _made(
        viewer=viewer,
        difficulty=state.difficulty,
        table=state.table,
        variant=state.variant,
        turn=state.turn,
        active=crew.active,
        characters=characters,
        aliens=list(aliens),  # the kept list is shared; each view has a list of its own, as validating gave
        mothers=mothers,
        rotation=dict(crew.rotation),
        open_doors=SHIP.openings(crew.rotation),
        threat=crew.threat,
        alien_die=list(crew.alien_die),
        repairs_done=list(crew.repaired),
        repairs_required=crew.repairs_required,
        repair_room=crew.repair_room,
        repair_flipped=list(crew.repair_flipped),
        repair_deck_size=len(crew.repair_deck),
        end_game=crew.end_game,
        parts_found=list(crew.parts_found),
        searched=list(crew.searched),
        cubes=list(crew.cubes),
        room_deck_sizes={room: len(deck) for room, deck in crew.room_decks.items()},
        event_deck_size=len(crew.event_deck),
        event_discard=list(crew.event_discard),
        discard=list(crew.discard),
        bag=bag,
        killed=dict(crew.killed),
        waiting_seats=sorted({d.seat for d in state.log.pending}),
        result=state.result,
        summary=state.summary,
    )
