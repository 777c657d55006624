"""Repairs: opening an attempt, flipping repair cards, success, and the end of an attempt (CAP-REPAIR-*,
CAP-G-REP-1..5), with the Engineer's draw-2 flip (CAP-ROLE-ENGINEER-1, CAP-G-ENG-1).

Only the active character opens an attempt, on the repair space of a room whose spare part is in their
backpack, so the repairer is always the active character (CAP-G-REP-1) and every effect of a flipped card
lands on them (CAP-G-REP-3). An attempt never outlives the Action step: it ends on success, when the repairer
ends it or leaves the repair space, or with the Action step (CAP-G-REP-2); then the flipped cards go back
and the deck is shuffled (CAP-REPAIR-8).
"""

from __future__ import annotations

from engine.core import Choice

from .board import SHIP
from .catalog import CATALOG
from .effects import jump_scare, rotate
from .script import Script
from .state import Crew
from .terms import POD


def part_for(crew: Crew, who: int, room: str) -> str | None:
    """The spare part card fitting ``room`` in the backpack of ``who``, if any."""
    return next(
        (card for card in crew.characters[who].backpack if card in CATALOG.found and CATALOG.found[card].room == room),
        None,
    )


def can_open_repair(crew: Crew) -> str | None:
    """The room the active character may start repairing now, or ``None`` (CAP-REPAIR-1, CAP-MAP-11).

    On a room's repair space, with that room's part in the backpack, the room not repaired yet, no attempt open.
    """
    here = crew.current.space
    if crew.repair_room is not None or here == POD or not SHIP.space(here).repair:
        return None
    room = SHIP.space(here).room
    if room in crew.repaired or part_for(crew, crew.active, room) is None:
        return None
    return room


def open_repair(s: Script, room: str) -> None:
    """Start an attempt: from now on rotation symbols may flip repair cards (CAP-REPAIR-1, CAP-REPAIR-2)."""
    s.crew.repair_room = room
    s.say(f"The {s.crew.current.name} starts repairing the {SHIP.room(room).name}: rotations now flip repair cards.")


def close_repair(s: Script, why: str) -> None:
    """End the attempt: every flipped card, '50% done' included, goes back and the deck is shuffled
    (CAP-REPAIR-8)."""
    crew = s.crew
    if crew.repair_room is None:
        return
    room = crew.repair_room
    crew.repair_room = None
    crew.repair_deck += crew.repair_flipped
    crew.repair_flipped = []
    s.rng.shuffle(crew.repair_deck)
    s.say(f"{why}: the {SHIP.room(room).name} repair attempt ends; the repair deck is shuffled.")


def carry_out(s: Script, card_id: str, who: int) -> None:
    """Resolve one repair card flipped by ``who``; its effects land on the repairer (CAP-G-REP-3)."""
    crew = s.crew
    card = CATALOG.repair[card_id]
    crew.repair_flipped.append(card_id)
    s.say(f"The {crew.characters[who].name} flips a repair card: {card.name}.")
    if card.kind == "done":  # CAP-REPAIR-4: nothing rotates; the second one in this attempt completes it
        if sum(1 for c in crew.repair_flipped if CATALOG.repair[c].kind == "done") >= 2:
            complete_repair(s)
    elif card.kind == "rotate":  # CAP-REPAIR-6: the wrong cables
        assert card.ring is not None
        rotate(s, card.ring, "Wrong cables")
    else:  # CAP-REPAIR-7: a red alien beside the repairer, 2 damage, the threat unchanged
        jump_scare(s, crew.active, card.alien or "red", damage=card.damage)


def flip(s: Script, who: int) -> None:
    """One rotation symbol spent on the open attempt: flip the top repair card (CAP-REPAIR-2)."""
    crew = s.crew
    if crew.repair_room is None or not crew.repair_deck:
        return
    carry_out(s, crew.repair_deck.pop(0), who)


def engineer_flip(s: Script, who: int) -> None:
    """The Engineer's Power during a repair: draw 2 repair cards, carry out one, put the other at the bottom
    (CAP-ROLE-ENGINEER-1; with one card left, just that one: CAP-G-ENG-1)."""
    crew = s.crew
    if crew.repair_room is None or not crew.repair_deck:
        return
    drawn = crew.repair_deck[:2]  # stay in the deck until chosen: every card is always in one place
    choices: list[Choice] = []
    for card_id in drawn:
        name = CATALOG.repair[card_id].name
        if all(c.label != f"Carry out: {name}" for c in choices):  # two alike are one choice
            choices.append(Choice(id=card_id, label=f"Carry out: {name}"))
    chosen = s.ask(who, "Engineer: which of the two repair cards do you carry out?", choices)
    for card_id in drawn:
        crew.repair_deck.remove(card_id)
    for card_id in drawn:
        if card_id != chosen:
            crew.repair_deck.append(card_id)
            s.say(f"The {crew.characters[who].name} puts the other repair card at the bottom of the deck.")
            s.tell([who], f"You put {CATALOG.repair[card_id].name} at the bottom of the repair deck.")
    carry_out(s, chosen, who)


def complete_repair(s: Script) -> None:
    """The second '50% done': the part is fitted for good, the room counts as repaired, the flipped cards go
    back (CAP-REPAIR-5, CAP-G-REP-4); with enough repairs the end game starts (CAP-END-1)."""
    crew = s.crew
    room = crew.repair_room
    assert room is not None
    part = part_for(crew, crew.active, room)
    assert part is not None
    crew.characters[crew.active].backpack.remove(part)
    crew.removed.append(part)
    crew.repaired.append(room)
    s.say(
        f"The {SHIP.room(room).name} is repaired! ({len(crew.repaired)} of {crew.repairs_required} repairs done)",
        headline=True,
    )
    close_repair(s, "Repair complete")
    if len(crew.repaired) >= crew.repairs_required and not crew.end_game:
        crew.end_game = True
        s.say("The escape pod is ready: everyone into the pod, and no Alien Mother may be left alive!", headline=True)
