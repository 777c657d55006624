"""What each action on a card does, one action at a time (CAP-MOVE-*, CAP-ROT-1, CAP-HIT-*, CAP-SHOOT-*,
CAP-GREN-*, CAP-HIDE-1, CAP-POWER-1 and the role powers CAP-ROLE-*), and the free Search after a card
(CAP-SEARCH-*, CAP-JUMP-*, CAP-PART-*).

Each ``do_*`` function performs up to ``count`` actions of one symbol for the active character, asking for
the target of each and offering to stop early (CAP-ACT-4, CAP-ACT-5). ``usable`` says whether a symbol has
at least one legal action right now, so a card's prompt offers only options that can do something.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.core import Choice
from engine.core.words import count, sentence_start

from .board import SHIP
from .catalog import CATALOG
from .effects import (
    alien_name,
    check_win,
    damage_alien,
    damage_mother,
    damage_space,
    heal,
    hurt,
    jump_scare,
    mother_name,
    populate_room,
    rotate,
)
from .repair import close_repair, engineer_flip, flip
from .script import Script
from .state import Alien, Crew, Mother
from .terms import POD, ROTATING, RotatingRing, Symbol

STOP = Choice(id="stop", label="Stop here")
RINGS = tuple(Choice(id=ring, label=f"Rotate the {ring} ring") for ring in ROTATING)  # asked at every Rotate


# --- what can be done


def usable(s: Script, symbol: Symbol) -> bool:
    """Whether the active character has at least one legal action of ``symbol`` right now."""
    crew = s.crew
    me = crew.active
    c = crew.current
    if symbol == "move":
        return can_step(crew, me, 1)
    if symbol == "rotate":
        return True
    if symbol == "hit":
        return any_target(crew, SHIP.around(c.space))
    if symbol == "shoot":
        return can_shoot(crew, me)
    if symbol == "grenade":
        return bool(SHIP.grenade_corners(c.space, CATALOG.rules.actions.grenade_range))
    if symbol == "hide":
        return c.space != POD and SHIP.space(c.space).hiding and not c.hiding
    return power_usable(crew, me)


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


def can_step(crew: Crew, me: int, left: int) -> bool:
    """Whether ``move_targets`` has a space: asked for every card a replay of the turn plays, so it stops at the
    first."""
    here = crew.characters[me].space
    return any(
        crew.character_at(n) is None and can_finish(crew, me, n, left - 1) for n in SHIP.steps(here, crew.rotation)
    )


def do_move(s: Script, count: int, dash: bool = False) -> None:
    """Up to ``count`` steps, one prompt each; ``dash``: the Scout's power, passing aliens do not attack."""
    crew = s.crew
    me = crew.active
    c = crew.current
    left = count
    while left > 0:
        targets = move_targets(crew, me, left)
        can_stop = not occupied_by_enemy(crew, c.space)
        answer = replayed_step(s, targets, can_stop)
        if answer is None:
            choices = [Choice(id=n, label=f"Step to {n}{enemy_note(crew, n)}") for n in targets]
            if can_stop:
                choices.append(STOP)
            verb = "Dash" if dash else "Move"
            answer = s.ask(me, f"{verb}: where to? ({left} step{'s' if left > 1 else ''} left)", choices)
        if answer == STOP.id:
            return
        step_to(s, me, answer, attacks=not dash)
        left -= 1


def replayed_step(s: Script, targets: list[str], can_stop: bool) -> str | None:
    """The step a replay of the turn takes, when the answer given before is a space in ``targets`` or stopping
    and the question had two choices or more (so it took that answer): its labels are not made again. ``None``:
    ask."""
    answer = s.recorded()
    if answer is None or answer.key != "a" or len(targets) + can_stop < 2:
        return None
    if answer.choice in targets or (can_stop and answer.choice == STOP.id):
        return s.take(answer)
    return None


def enemy_note(crew: Crew, space: str) -> str:
    """`` (2 aliens: they attack)`` for a label, when stepping there costs health."""
    n = len(crew.aliens_at(space)) + (1 if crew.mother_at(space) is not None else 0)
    return f" ({count(n, 'alien')} {'attacks' if n == 1 else 'attack'})" if n else ""


def step_to(s: Script, me: int, space: str, attacks: bool = True) -> None:
    """One step: stand up from hiding, take a cube's damage, be attacked by whatever stands there
    (CAP-MOVE-4; not on the Scout's dash), and re-populate a room entered from elsewhere (CAP-MOVE-5,
    CAP-G-MOVE-2). A repairer stepping off the repair space ends the attempt at once (CAP-G-REP-2)."""
    crew = s.crew
    c = crew.characters[me]
    before = SHIP.room_of(c.space)
    c.space = space
    c.hiding = False  # CAP-G-HIDE-1: hiding lasts until the hider moves
    s.say(f"The {c.name} moves to {space}.")
    if crew.repair_room is not None and me == crew.active:
        close_repair(s, f"The {c.name} leaves the repair space")
    if space == POD:
        check_win(s)
        return
    if space in crew.cubes:
        hurt(s, me, CATALOG.rules.actions.cube_damage, "A chemistry cube")
    for alien in crew.aliens_at(space) if attacks else []:
        hurt(s, me, CATALOG.rules.aliens[alien.color].damage, sentence_start(alien_name(alien)))
    mother = crew.mother_at(space) if attacks else None
    if mother is not None:
        hurt(s, me, CATALOG.rules.mothers[mother.color].damage, sentence_start(mother_name(mother)))
    room = SHIP.room_of(space)
    if room is not None and room != before:
        populate_room(s, room, f"The {c.name}'s entry into the {SHIP.room(room).name} draws aliens")


# --- rotate (CAP-ROT-1, CAP-MAP-4)


def do_rotate(s: Script, count: int) -> None:
    """Up to ``count`` rotations; while a repair attempt is open each may flip a repair card instead
    (CAP-ROT-1, CAP-REPAIR-2, CAP-REPAIR-3, CAP-G-REP-1)."""
    crew = s.crew
    for done in range(count):
        choices = ring_choices(crew)
        choices.append(STOP if done else Choice(id="stop", label="Stop without rotating"))
        answer = s.ask(crew.active, f"Rotate: which ring? ({count - done} left)", choices)
        if answer == STOP.id:
            return
        spend_rotation(s, crew.active, answer)


def ring_choices(crew: Crew, flip_label: str = "Flip a repair card") -> list[Choice]:
    """The two rotating rings, and flipping a repair card while an attempt is open (D5)."""
    choices = list(RINGS)
    if crew.repair_room is not None and crew.repair_deck:
        choices.append(Choice(id="flip", label=f"{flip_label} ({SHIP.room(crew.repair_room).name})"))
    return choices


def spend_rotation(s: Script, who: int, answer: str) -> None:
    """Carry out one rotation symbol: ``inner``/``middle`` turn that ring, ``flip`` flips a repair card."""
    if answer == "flip":
        flip(s, who)
        return
    ring: RotatingRing = "inner" if answer == "inner" else "middle"
    rotate(s, ring, f"The {s.crew.characters[who].name} rotates")


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
                    label=f"{sentence_start(mother_name(mother))} on {space}, {mother.health} health",
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


def any_target(crew: Crew, spaces: Iterable[str]) -> bool:
    """Whether ``target_choices`` on ``spaces`` has one (an alien or a Mother there), without making them."""
    return any(crew.aliens_at(space) or crew.mother_at(space) is not None for space in spaces)


def can_shoot(crew: Crew, me: int) -> bool:
    """Whether ``shoot_targets`` has one."""
    room = SHIP.room_of(crew.characters[me].space)
    return room is not None and any_target(crew, SHIP.room(room).spaces)


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
    s.say(f"The {c.name} hides on {c.space}.")


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


# --- role powers (CAP-POWER-1, CAP-ROLE-*, digest §6.5)


def heal_choices(crew: Crew, me: int) -> list[Choice]:
    """The Medic's heals that restore something: 2 to herself, 3 to an adjacent character (CAP-ROLE-MEDIC-1)."""
    numbers = CATALOG.rules.actions
    top = CATALOG.rules.character_health
    c = crew.characters[me]
    choices = []
    if c.health < top:
        choices.append(Choice(id="self", label=f"Heal yourself {numbers.medic_self_heal} ({c.health} health now)"))
    for i, other in enumerate(crew.characters):
        if i != me and other.health < top and SHIP.adjacent(c.space, other.space):  # never from the pod
            label = f"Heal the {other.name} {numbers.medic_other_heal} ({other.health} health now)"
            choices.append(Choice(id=f"heal.{other.role}", label=label))
    return choices


def cube_spaces(crew: Crew, me: int) -> list[str]:
    """Where the Chemist may put a cube: a space next to her in her room with no piece and no cube, while
    cubes are left (CAP-ROLE-CHEMIST-1, CAP-G-CUBE-1)."""
    if len(crew.cubes) >= CATALOG.rules.actions.cubes:
        return []
    return [
        space
        for space in SHIP.around(crew.characters[me].space)
        if crew.character_at(space) is None
        and not crew.aliens_at(space)
        and crew.mother_at(space) is None
        and space not in crew.cubes
    ]


def power_usable(crew: Crew, me: int) -> bool:
    """Whether the character's role power can do something right now."""
    role = crew.characters[me].role
    if role == "medic":
        return bool(heal_choices(crew, me))
    if role == "soldier":
        return can_shoot(crew, me)
    if role == "chemist":
        return bool(cube_spaces(crew, me))
    if role == "scout":
        return can_step(crew, me, CATALOG.rules.actions.scout_dash)
    return True  # the Engineer can always rotate a ring


def do_power(s: Script) -> None:
    """The active character's role power (CAP-POWER-1)."""
    crew = s.crew
    me = crew.active
    c = crew.current
    numbers = CATALOG.rules.actions
    if c.role == "medic":
        answer = s.ask(me, "Medic: whom do you heal?", heal_choices(crew, me))
        if answer == "self":
            heal(s, me, numbers.medic_self_heal, "The Medic's care")
        else:
            who = next(i for i, o in enumerate(crew.characters) if o.role == answer.removeprefix("heal."))
            heal(s, who, numbers.medic_other_heal, "The Medic's care")
    elif c.role == "soldier":  # CAP-ROLE-SOLDIER-1: like a Shoot, for 3
        answer = s.ask(me, "Soldier: which target?", shoot_targets(crew, me))
        strike(s, answer, numbers.soldier_damage, "The Soldier's aimed shot")
    elif c.role == "chemist":
        choices = [Choice(id=space, label=f"Cube on {space}") for space in cube_spaces(crew, me)]
        space = s.ask(me, "Chemist: where does the cube go?", choices)
        crew.cubes.append(space)
        s.say(f"The Chemist places a chemistry cube on {space} ({numbers.cubes - len(crew.cubes)} left).")
    elif c.role == "scout":  # §6.5: a dash; aliens passed do not attack
        do_move(s, numbers.scout_dash, dash=True)
    else:
        engineer_power(s, me)


def engineer_power(s: Script, who: int) -> None:
    """One rotation (CAP-G-ENG-1): a ring, or during a repair the draw-2 flip. On her own turn the Engineer
    picks; off-turn during a repair her Power always flips (CAP-G-REP-1)."""
    crew = s.crew
    if crew.repair_room is not None and crew.repair_deck and who != crew.active:
        engineer_flip(s, who)
        return
    answer = s.ask(who, "Engineer: which rotation?", ring_choices(crew, "Draw 2 repair cards, carry out one"))
    if answer == "flip":
        engineer_flip(s, who)
    else:
        spend_rotation(s, who, answer)
