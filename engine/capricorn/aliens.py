"""Step 3 of a turn: the aliens and Mothers in the active character's room move and attack (CAP-ALIEN-*,
CAP-MOTHER-*, CAP-G-ALIEN-1..5, CAP-G-HIDE-2/3, CAP-G-MOTHER-1).

Only the active character's room moves. Small aliens move one at a time (nearest first, then space order,
then placement order), each toward the character it picks when its move starts, first across into that
character's lane and then along it, stopping as soon as it is next to a character it notices. Mothers move
after them, black first. Then everything in the room next to a character attacks every character next to it.
"""

from __future__ import annotations

from engine.core.words import sentence_start

from .board import SHIP
from .catalog import CATALOG
from .effects import alien_name, damage_alien, damage_mother, hurt, mother_name, push_from
from .script import Script
from .state import Alien, Crew, Mother
from .terms import POD


def approach(a: str, b: str) -> int:
    """Steps an alien on ``a`` needs to stand next to ``b`` along the lane-first path (CAP-G-ALIEN-1)."""
    if SHIP.adjacent(a, b):
        return 0
    sa, sb = SHIP.space(a), SHIP.space(b)
    return (1 if sa.lane != sb.lane else 0) + abs(sa.col - sb.col) - 1


def noticed(crew: Crew, room: str, mother: bool) -> list[int]:
    """Characters in ``room`` an alien heads for: Mothers see everyone, small aliens no hider (CAP-HIDE-2,
    CAP-MOTHER-4, CAP-G-HIDE-3)."""
    return [i for i in crew.in_room(room) if mother or not crew.characters[i].hiding]


def nearest(crew: Crew, space: str, candidates: list[int]) -> int | None:
    """The character an alien on ``space`` goes for: the nearest; ties to the active character, then the
    first in turn order after them (CAP-ALIEN-3, CAP-G-ALIEN-2)."""
    if not candidates:
        return None
    n = len(crew.characters)
    return min(
        candidates,
        key=lambda i: (approach(space, crew.characters[i].space), (i - crew.active) % n),
    )


def next_step(here: str, target: str) -> str:
    """One step of the path: across into the target's lane first, then along the lane (CAP-ALIEN-4)."""
    a, b = SHIP.space(here), SHIP.space(target)
    if a.lane != b.lane:
        return SHIP.code(a.room, b.lane, a.col)
    return SHIP.code(a.room, a.lane, a.col + (1 if b.col > a.col else -1))


def walk(crew: Crew, start: str, steps: int, watched: list[int]) -> list[str]:
    """The spaces an alien passes, in order, moving up to ``steps`` from ``start`` toward the nearest of
    ``watched`` and halting once next to any of them (CAP-ALIEN-5, CAP-G-ALIEN-4)."""
    target = nearest(crew, start, watched)
    if target is None:
        return []
    goal = crew.characters[target].space
    path: list[str] = []
    here = start
    for _ in range(steps):
        if any(SHIP.adjacent(here, crew.characters[i].space) for i in watched):
            break
        here = next_step(here, goal)
        path.append(here)
    return path


def small_may_stop(crew: Crew, space: str) -> bool:
    """A small alien may end on a space without a character or a Mother (CAP-ALIEN-9, CAP-ALIEN-10)."""
    return crew.character_at(space) is None and crew.mother_at(space) is None


def move_small(s: Script, alien: Alien, roll: int, room: str) -> None:
    """Move one small alien ``roll`` × its speed (CAP-ALIEN-2, CAP-ALIEN-6); a cube on its way hurts it and
    a kill stops it there (CAP-G-CUBE-1); it ends on the last space it may occupy (CAP-G-ALIEN-5), and a
    fourth alien there pushes the others (CAP-ALIEN-8)."""
    crew = s.crew
    steps = roll * CATALOG.rules.aliens[alien.color].speed
    path = walk(crew, alien.space, steps, noticed(crew, room, mother=False))
    start = alien.space
    end = start
    for space in path:
        if space in crew.cubes:
            alien.space = space
            damage_alien(s, alien, CATALOG.rules.actions.cube_damage, "A chemistry cube")
            if alien not in crew.aliens:
                return
            alien.space = start
        if small_may_stop(crew, space):
            end = space
    if end == start:
        return
    alien.space = end
    s.say(f"{sentence_start(alien_name(alien))} moves from {start} to {end}.")
    if len(crew.aliens_at(end)) >= 4:
        push_from(s, end, keep=alien.id)


def move_mother(s: Script, mother: Mother, roll: int, room: str) -> None:
    """Move a Mother ``roll`` spaces toward any character (she ignores hiding: CAP-MOTHER-2, CAP-MOTHER-4),
    through small aliens; those on her final space are pushed (CAP-MOTHER-3)."""
    crew = s.crew
    assert mother.space is not None
    start = mother.space
    end = start
    for space in walk(crew, start, roll, noticed(crew, room, mother=True)):
        if space in crew.cubes:
            damage_mother(s, mother, CATALOG.rules.actions.cube_damage, "A chemistry cube")
            if not mother.on_map:
                return
        if crew.character_at(space) is None and crew.mother_at(space) is None:
            end = space
    if end == start:
        return
    mother.space = end
    s.say(f"{sentence_start(mother_name(mother))} moves from {start} to {end}.")
    if crew.aliens_at(end):
        push_from(s, end, keep=None)


def roll(s: Script, faces: tuple[int, ...]) -> int:
    """One roll of a die with these faces (CAP-G-DICE-1)."""
    return faces[s.rng.randrange(len(faces))]


def aliens_step(s: Script) -> None:
    """Step 3: roll, move the active character's room's aliens, then Mothers, then attack (CAP-ALIEN-1..13)."""
    crew = s.crew
    here = crew.current.space
    room = None if here == POD else SHIP.room_of(here)
    if room is None:
        return
    small = crew.aliens_in_room(room)
    mothers = crew.mothers_in_room(room)
    if not small and not mothers:
        return  # CAP-ALIEN-1
    if small and noticed(crew, room, mother=False):  # CAP-G-HIDE-2: no roll when everyone here hides
        white = roll(s, crew.alien_die)  # CAP-G-DICE-1: the difficulty's die, fixed at setup
        s.say(f"The alien die shows {white}.")
        watched = noticed(crew, room, mother=False)

        def order(a: Alien) -> tuple[int, int, int]:
            target = nearest(crew, a.space, watched)
            distance = 99 if target is None else approach(a.space, crew.characters[target].space)
            return distance, SHIP.order(a.space), a.id

        for alien in sorted(small, key=order):  # CAP-G-ALIEN-3
            if alien in crew.aliens and white > 0:
                move_small(s, alien, white, room)
    elif small:
        s.say("Everyone in the room is hiding: the small aliens stay put.")
    for mother in mothers:  # CAP-MOTHER-1, CAP-G-MOTHER-1: one die per Mother in the room, black first
        face = roll(s, CATALOG.rules.dice.mother)
        s.say(f"The {CATALOG.rules.mothers[mother.color].name}'s die shows {face}.")
        if mother.on_map:
            move_mother(s, mother, face, room)
    attack(s, room)


def attack(s: Script, room: str) -> None:
    """Every alien and Mother in ``room`` attacks every character next to it, hiders included (CAP-ALIEN-11,
    CAP-ALIEN-13, CAP-HIDE-3)."""
    crew = s.crew
    victims = crew.in_room(room)
    for alien in crew.aliens_in_room(room):
        for i in victims:
            if SHIP.adjacent(alien.space, crew.characters[i].space):
                hurt(s, i, CATALOG.rules.aliens[alien.color].damage, sentence_start(alien_name(alien)))
    for mother in crew.mothers_in_room(room):
        assert mother.space is not None
        for i in victims:
            if SHIP.adjacent(mother.space, crew.characters[i].space):
                hurt(s, i, CATALOG.rules.mothers[mother.color].damage, sentence_start(mother_name(mother)))
