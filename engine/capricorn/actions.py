"""What each action on a card does, one action at a time (CAP-MOVE-*, CAP-ROT-1, CAP-HIT-*, CAP-SHOOT-*,
CAP-GREN-*, CAP-HIDE-1), and the free Search after a card (CAP-SEARCH-*, CAP-JUMP-*, CAP-PART-*).

Each ``do_*`` function performs up to ``count`` actions of one symbol for the active character, asking for
the target of each and offering to stop early (CAP-ACT-4, CAP-ACT-5). ``usable`` says whether a symbol has
at least one legal action right now, so a card's prompt offers only options that can do something.
"""

from __future__ import annotations

from engine.core import Choice

from .board import SHIP
from .catalog import CATALOG
from .effects import (
    alien_name,
    check_win,
    damage_alien,
    damage_mother,
    damage_space,
    free_for_piece,
    hurt,
    mother_name,
    place_alien,
    place_mother,
    placement_space,
    populate_room,
)
from .script import Script
from .state import Alien, Crew, Mother
from .terms import POD, ROTATING, AlienColor, RotatingRing, Symbol

STOP = Choice(id="stop", label="Stop here")


# --- what can be done


def usable(s: Script, symbol: Symbol) -> bool:
    """Whether the active character has at least one legal action of ``symbol`` right now.

    Power is not offered yet: the role powers are the next layer of this engine.
    """
    crew = s.crew
    me = crew.active
    c = crew.current
    if symbol == "move":
        return bool(move_targets(crew, me, 1))
    if symbol == "rotate":
        return True
    if symbol == "hit":
        return bool(hit_targets(crew, me))
    if symbol == "shoot":
        return bool(shoot_targets(crew, me))
    if symbol == "grenade":
        return bool(SHIP.grenade_corners(c.space, CATALOG.rules.actions.grenade_range))
    if symbol == "hide":
        return c.space != POD and SHIP.space(c.space).hiding and not c.hiding
    return False


# --- move (CAP-MOVE-1..5, CAP-G-MOVE-1/2)


def occupied_by_enemy(crew: Crew, space: str) -> bool:
    """An alien or a Mother stands there: a character may pass but not stop (CAP-G-MOVE-1)."""
    return bool(crew.aliens_at(space)) or crew.mother_at(space) is not None


def can_finish(crew: Crew, me: int, space: str, left: int) -> bool:
    """Whether a move standing on ``space`` with ``left`` steps can end legally: off any alien space."""
    if not occupied_by_enemy(crew, space):
        return True
    if left == 0:
        return False
    return any(
        crew.character_at(n) in (None, me) and can_finish(crew, me, n, left - 1)
        for n in SHIP.steps(space, crew.rotation)
    )


def move_targets(crew: Crew, me: int, left: int) -> list[str]:
    """Spaces the character may step onto with ``left`` steps on the card (this one included).

    Never a space holding another character, the pod excepted (CAP-MOVE-3); an alien space only with a way
    to leave it on this card (CAP-G-MOVE-1); doors only while aligned (CAP-MOVE-2).
    """
    here = crew.characters[me].space
    return [
        n for n in SHIP.steps(here, crew.rotation) if crew.character_at(n) is None and can_finish(crew, me, n, left - 1)
    ]


def do_move(s: Script, count: int) -> None:
    crew = s.crew
    me = crew.active
    c = crew.current
    left = count
    while left > 0:
        choices = [Choice(id=n, label=f"Step to {n}{enemy_note(crew, n)}") for n in move_targets(crew, me, left)]
        if not occupied_by_enemy(crew, c.space):
            choices.append(STOP)
        answer = s.ask(me, f"Move: where to? ({left} step{'s' if left > 1 else ''} left)", choices)
        if answer == STOP.id:
            return
        step_to(s, me, answer)
        left -= 1


def enemy_note(crew: Crew, space: str) -> str:
    """`` (2 aliens: they attack)`` for a label, when stepping there costs health."""
    n = len(crew.aliens_at(space)) + (1 if crew.mother_at(space) is not None else 0)
    return f" ({n} alien{'s' if n > 1 else ''} attack)" if n else ""


def step_to(s: Script, me: int, space: str) -> None:
    """One step: stand up from hiding, take a cube's damage, be attacked by whatever stands there
    (CAP-MOVE-4), and re-populate a room entered from elsewhere (CAP-MOVE-5, CAP-G-MOVE-2)."""
    crew = s.crew
    c = crew.characters[me]
    before = SHIP.room_of(c.space)
    c.space = space
    c.hiding = False  # CAP-G-HIDE-1: hiding lasts until the hider moves
    s.say(f"The {c.name} moves to {SHIP.name(space)}.")
    if space == POD:
        check_win(s)
        return
    if space in crew.cubes:
        hurt(s, me, CATALOG.rules.actions.cube_damage, "A chemistry cube")
    for alien in crew.aliens_at(space):
        hurt(s, me, CATALOG.rules.aliens[alien.color].damage, alien_name(alien).capitalize())
    mother = crew.mother_at(space)
    if mother is not None:
        hurt(s, me, CATALOG.rules.mothers[mother.color].damage, mother_name(mother).capitalize())
    room = SHIP.room_of(space)
    if room is not None and room != before:
        populate_room(s, room, f"The {c.name}'s entry into the {SHIP.room(room).name} draws aliens")


# --- rotate (CAP-ROT-1, CAP-MAP-4)


def rotate(s: Script, ring: RotatingRing, why: str) -> None:
    """Turn a ring one mark clockwise; everything on it turns with it (CAP-MAP-5)."""
    s.crew.rotation[ring] = (s.crew.rotation[ring] + 1) % SHIP.marks
    s.say(f"{why}: the {ring} ring turns one mark clockwise.")


def do_rotate(s: Script, count: int) -> None:
    crew = s.crew
    for done in range(count):
        choices = [Choice(id=ring, label=f"Rotate the {ring} ring") for ring in ROTATING]
        if done:
            choices.append(STOP)
        else:
            choices.append(Choice(id="stop", label="Stop without rotating"))
        answer = s.ask(crew.active, f"Rotate: which ring? ({count - done} left)", choices)
        if answer == STOP.id:
            return
        ring: RotatingRing = "inner" if answer == "inner" else "middle"
        rotate(s, ring, f"The {crew.current.name} rotates")


# --- hit, shoot, grenade


def target_choices(crew: Crew, spaces: list[str]) -> list[Choice]:
    """One choice per distinct target on ``spaces``: aliens alike on one space are one choice."""
    choices: list[Choice] = []
    seen: set[tuple[str, str, int]] = set()
    for space in spaces:
        for alien in crew.aliens_at(space):
            key = (space, alien.color, alien.damage)
            if key in seen:
                continue
            seen.add(key)
            data = CATALOG.rules.aliens[alien.color]
            choices.append(
                Choice(id=f"a{alien.id}", label=f"{data.name} alien ({data.letter}) on {space}, {alien.health} health")
            )
        mother = crew.mother_at(space)
        if mother is not None:
            choices.append(
                Choice(
                    id=f"m{mother.color}",
                    label=f"{mother_name(mother).capitalize()} on {space}, {mother.health} health",
                )
            )
    return choices


def hit_targets(crew: Crew, me: int) -> list[Choice]:
    """Aliens and Mothers next to the character, in the same room (CAP-HIT-1, CAP-HIT-2)."""
    here = crew.characters[me].space
    return target_choices(crew, SHIP.around(here))


def shoot_targets(crew: Crew, me: int) -> list[Choice]:
    """Every alien and Mother in the character's room, whatever stands between (CAP-SHOOT-1, CAP-SHOOT-2)."""
    here = crew.characters[me].space
    room = SHIP.room_of(here)
    return [] if room is None else target_choices(crew, list(SHIP.room(room).spaces))


def strike(s: Script, target: str, amount: int, source: str) -> None:
    """Deal ``amount`` to the target of a choice id (``a<id>`` alien, ``m<colour>`` Mother)."""
    crew = s.crew
    if target.startswith("a"):
        alien: Alien = crew.alien(int(target[1:]))
        damage_alien(s, alien, amount, source)
    else:
        mother: Mother = crew.mothers["black" if target == "mblack" else "green"]
        damage_mother(s, mother, amount, source)


def do_targets(s: Script, count: int, symbol: Symbol) -> None:
    crew = s.crew
    me = crew.active
    amount = CATALOG.rules.actions.hit_damage if symbol == "hit" else CATALOG.rules.actions.shoot_damage
    for done in range(count):
        choices = hit_targets(crew, me) if symbol == "hit" else shoot_targets(crew, me)
        if not choices:
            return
        choices.append(STOP)
        answer = s.ask(me, f"{symbol.capitalize()}: which target? ({count - done} left)", choices)
        if answer == STOP.id:
            return
        strike(s, answer, amount, f"The {crew.current.name}'s {'blow' if symbol == 'hit' else 'shot'}")


def do_grenade(s: Script, count: int) -> None:
    """A grenade on a corner deals 3 to everyone and everything on its 4 spaces, thrower included
    (CAP-GREN-1, CAP-GREN-2, CAP-G-GREN-1)."""
    crew = s.crew
    me = crew.active
    numbers = CATALOG.rules.actions
    for done in range(count):
        here = crew.current.space
        room = SHIP.room_of(here)
        if room is None:
            return
        choices = []
        for corner in SHIP.grenade_corners(here, numbers.grenade_range):
            blast = SHIP.blast(room, corner)
            hurt_names = [
                crew.characters[i].name for i in range(len(crew.characters)) if crew.characters[i].space in blast
            ]
            warning = f" (hits the {', the '.join(hurt_names)}!)" if hurt_names else ""
            choices.append(Choice(id=f"g{corner}", label=f"Corner {room} {corner}/{corner + 1}{warning}"[:80]))
        choices.append(STOP)
        answer = s.ask(me, f"Grenade: which corner? ({count - done} left)", choices)
        if answer == STOP.id:
            return
        corner = int(answer[1:])
        s.say(
            f"The {crew.current.name} throws a grenade between columns {corner} and {corner + 1} of the "
            f"{SHIP.room(room).name}."
        )
        for space in SHIP.blast(room, corner):
            damage_space(s, space, numbers.grenade_damage, "The grenade")


def do_hide(s: Script) -> None:
    """Lie down on a hiding place (CAP-HIDE-1)."""
    c = s.crew.current
    c.hiding = True
    s.say(f"The {c.name} hides on {SHIP.name(c.space)}.")


# --- search (CAP-SEARCH-*, CAP-JUMP-*, CAP-PART-*)


def can_search(crew: Crew) -> bool:
    """An unsearched dot under the active character, with a card left in that room's deck."""
    here = crew.current.space
    if here == POD or not SHIP.space(here).dot or here in crew.searched:
        return False
    room = SHIP.room_of(here)
    assert room is not None
    return bool(crew.room_decks[crew.deck_of(room)])


def search(s: Script) -> None:
    """Put a search token on the dot, then take the top card of the room's deck and resolve it."""
    crew = s.crew
    me = crew.active
    c = crew.current
    here = c.space
    room = SHIP.room_of(here)
    assert room is not None
    crew.searched.append(here)
    card = crew.room_decks[crew.deck_of(room)].pop(0)
    kind = CATALOG.found_kind(card)
    if kind == "legendary":
        c.stack.insert(0, card)  # CAP-SEARCH-3: on top of the Actions stack, drawn this turn
        s.say(f"The {c.name} searches {here} and finds a legendary action card.")
        s.tell([me], f"You found {CATALOG.action(card).label}; it is on top of your Actions stack.")
        return
    found = CATALOG.found[card]
    if found.kind in ("med_kit", "flamethrower", "part"):
        c.backpack.append(card)  # CAP-SEARCH-4, CAP-PART-1
        s.say(f"The {c.name} searches {here} and finds: {found.name}.")
        if found.kind == "part":
            crew.parts_found.append(room)  # CAP-PART-3
        return
    s.say(f"The {c.name} searches {here}: a jump scare!", headline=True)
    crew.discard.append(card)  # CAP-JUMP-3
    crew.threat = min(CATALOG.rules.threat_max, crew.threat + 1)  # CAP-JUMP-4, CAP-G-DIFF-2
    s.say(f"The threat rises to {crew.threat}.")
    jump_scare(s, me, found.alien or "red")


def jump_scare_space(crew: Crew, here: str, small: bool) -> str:
    """Where a jump-scare alien appears (CAP-G-JUMP-1): the opposite lane's space if it has room, else an
    orthogonal neighbour, else a diagonal one, else the nearest free space."""
    info = SHIP.space(here)
    opposite = SHIP.code(info.room, "o" if info.lane == "i" else "i", info.col)

    def has_room(space: str) -> bool:
        return free_for_piece(crew, space) and (not small or len(crew.aliens_at(space)) < 3)

    orthogonal = [n for n in SHIP.within_room_steps(here) if n != opposite]
    diagonal = [n for n in SHIP.around(here) if n not in SHIP.within_room_steps(here)]
    for space in [opposite, *orthogonal, *diagonal]:
        if has_room(space):
            return space
    return placement_space(crew, opposite)


def jump_scare(s: Script, victim: int, what: str, damage: int | None = None) -> None:
    """Bring in the alien a jump scare shows next to ``victim``; it attacks them at once (CAP-JUMP-1/2).

    A small alien comes from the bag, or from the killed pile if the bag has none of its colour; if that
    colour is nowhere, nothing appears but the damage still applies (CAP-G-JUMP-1). ``damage`` overrides the
    attack (the repair deck's jump scare: CAP-REPAIR-7).
    """
    crew = s.crew
    here = crew.characters[victim].space
    if what == "green":
        mother = crew.mothers["green"]
        place_mother(s, mother, jump_scare_space(crew, here, small=False), "Jump scare")
        hurt(s, victim, CATALOG.rules.mothers["green"].damage if damage is None else damage, "The Green Mother")
        return
    color: AlienColor = "yellow" if what == "yellow" else "blue" if what == "blue" else "red"
    amount = CATALOG.rules.aliens[color].damage if damage is None else damage
    name = f"The {CATALOG.rules.aliens[color].name} alien"
    if crew.bag.get(color, 0) > 0:
        crew.bag[color] -= 1
    elif crew.killed[color] > 0:
        crew.killed[color] -= 1
    else:
        s.say(f"No {CATALOG.rules.aliens[color].name} alien is left to appear, but the scare still hurts.")
        hurt(s, victim, amount, name)
        return
    place_alien(s, color, jump_scare_space(crew, here, small=True), "Jump scare")
    hurt(s, victim, amount, name)
