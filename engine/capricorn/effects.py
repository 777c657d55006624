"""The atomic changes every rule is built from: damage, healing, kills, the bag, placing aliens, pushing.

Each function works on a running ``Script`` (it may narrate, and a push may ask the active player where the
pushed aliens go) and checks the end of the game right after its change (CAP-G-END-2): a character at 0
health or an alien the bag cannot supply ends the game at once, with nothing after it happening.
"""

from __future__ import annotations

from math import ceil, floor

from engine.core import Choice
from engine.core.words import and_list, count, plural, sentence_start

from .board import SHIP
from .catalog import CATALOG
from .script import GameOver, Script
from .state import BLACK_TOKEN, Alien, Crew, Mother
from .terms import ALIEN_COLORS, POD, AlienColor, RotatingRing

# --- names for narration


def alien_name(alien: Alien) -> str:
    """``a Tough alien`` — the type by name and letter, as the board marks it."""
    data = CATALOG.rules.aliens[alien.color]
    article = "an" if data.name[:1].upper() in "AEIOU" else "a"
    return f"{article} {data.name} alien ({data.letter})"


def mother_name(mother: Mother) -> str:
    return f"the {CATALOG.rules.mothers[mother.color].name}"


# --- the end of the game


def check_win(s: Script) -> None:
    """Won when the required repairs are done, every character is in the pod and no Mother is alive on the
    map (CAP-END-3, CAP-G-MOTHER-2)."""
    crew = s.crew
    if (
        len(crew.repaired) >= crew.repairs_required
        and all(c.space == POD for c in crew.characters)
        and not any(m.on_map for m in crew.mothers.values())
    ):
        s.say("Everyone is aboard the escape pod and it launches: the crew escapes the Capricorn!", headline=True)
        raise GameOver("win", "The crew escaped the Capricorn together.")


# --- damage and healing


def hurt(s: Script, character: int, amount: int, source: str) -> None:
    """``character`` loses ``amount`` health from ``source``; at 0 the game is lost (CAP-END-4, CAP-ALIEN-12)."""
    if amount <= 0:
        return
    c = s.crew.characters[character]
    c.health = max(0, c.health - amount)
    s.say(f"{source} hits the {c.name} for {amount} ({c.health} health left).")
    if c.health == 0:
        s.say(f"The {c.name} is dead. The crew has lost.", headline=True)
        raise GameOver("loss", f"The {c.name} died.")


def heal(s: Script, character: int, amount: int, source: str) -> int:
    """Heal up to the top of the track (CAP-G-HP-1); the health actually restored."""
    c = s.crew.characters[character]
    gained = min(amount, CATALOG.rules.character_health - c.health)
    c.health += gained
    s.say(f"{source} heals the {c.name} by {gained} ({c.health} health).")
    return gained


def damage_alien(s: Script, alien: Alien, amount: int, source: str) -> None:
    """A small alien takes damage; at 0 health it goes to the killed pile (CAP-HIT-3)."""
    if amount <= 0:
        return
    alien.damage += amount
    if alien.health <= 0:
        s.crew.aliens.remove(alien)
        s.crew.killed[alien.color] += 1
        s.say(f"{source} kills {alien_name(alien)} on {alien.space}.")
    else:
        s.say(f"{source} wounds {alien_name(alien)} on {alien.space} ({alien.health} health left).")


def damage_mother(s: Script, mother: Mother, amount: int, source: str) -> None:
    """A Mother's tracker goes down; at 0 she is dead and leaves the game (CAP-MOTHER-5, CAP-HIT-4)."""
    if amount <= 0:
        return
    mother.health = max(0, mother.health - amount)
    if mother.health == 0:
        s.say(f"{source} kills {mother_name(mother)}!", headline=True)
        mother.status = "dead"
        mother.space = None
        check_win(s)
    else:
        s.say(f"{source} hits {mother_name(mother)} for {amount} ({mother.health} health left).")


def damage_space(s: Script, space: str, amount: int, source: str, spare: int | None = None) -> None:
    """Everything on ``space`` takes ``amount``: characters (but ``spare``), small aliens, a Mother."""
    for i, c in enumerate(s.crew.characters):
        if c.space == space and i != spare:
            hurt(s, i, amount, source)
    for alien in s.crew.aliens_at(space):
        damage_alien(s, alien, amount, source)
    mother = s.crew.mother_at(space)
    if mother is not None:
        damage_mother(s, mother, amount, source)


# --- the bag


def draw_from_bag(s: Script) -> str:
    """Draw one token at random: a colour, or ``"black"`` for the black Mother's token.

    An empty bag is first refilled with every killed alien (CAP-EVENT-3); still empty, the game is lost
    (CAP-EVENT-4, CAP-END-5; CAP-G-MOVE-3 for room entries).
    """
    crew = s.crew
    if crew.bag_size == 0:
        for color in ALIEN_COLORS:
            crew.bag[color] = crew.bag.get(color, 0) + crew.killed[color]
            crew.killed[color] = 0
        if crew.bag_size == 0:
            s.say(
                "An alien must be placed but the bag is empty, even with the killed aliens back in it. "
                "The crew has lost.",
                headline=True,
            )
            raise GameOver("loss", "The aliens overran the ship: the bag ran out.")
        back = "the killed alien goes" if crew.bag_size == 1 else f"the {crew.bag_size} killed aliens go"
        s.say(f"The bag is empty: {back} back into it.")
    pick = s.rng.randrange(crew.bag_size)
    for token in (*ALIEN_COLORS, BLACK_TOKEN):
        n = crew.bag.get(token, 0)
        if pick < n:
            crew.bag[token] = n - 1
            return token
        pick -= n
    raise AssertionError("bag draw out of range")


# --- where pieces may stand


def free_for_piece(crew: Crew, space: str) -> bool:
    """No character and no Mother there: a small alien or a Mother may be put on it (CAP-G-PLACE-1)."""
    return crew.character_at(space) is None and crew.mother_at(space) is None


def placement_space(crew: Crew, target: str) -> str:
    """``target`` if free, else the nearest free space of its room, space order breaking ties (CAP-G-PLACE-1)."""
    if free_for_piece(crew, target):
        return target
    room = SHIP.room_of(target)
    assert room is not None
    options = [c for c in SHIP.room(room).spaces if free_for_piece(crew, c)]
    if not options:
        raise AssertionError(f"no free space in {room}")  # a room has far more spaces than characters
    return min(options, key=lambda c: (SHIP.distance(target, c) or 0, SHIP.order(c)))


def place_alien(s: Script, color: AlienColor, target: str, why: str) -> Alien:
    """Put a small alien on ``target`` (or its fallback), pushing if it makes four (CAP-EVENT-5)."""
    crew = s.crew
    space = placement_space(crew, target)
    alien = Alien(id=crew.next_alien, color=color, space=space)
    crew.next_alien += 1
    crew.aliens.append(alien)
    s.say(f"{why}: {alien_name(alien)} appears on {space}.")
    if len(crew.aliens_at(space)) >= 4:
        push_from(s, space, keep=alien.id)
    return alien


def place_mother(s: Script, mother: Mother, target: str, why: str) -> None:
    """Put a Mother on ``target`` (or its fallback); small aliens there are pushed away (CAP-MOTHER-3)."""
    space = placement_space(s.crew, target) if s.crew.mother_at(target) is not mother else target
    mother.status = "on_map"
    mother.space = space
    s.say(f"{why}: {mother_name(mother)} arrives on {space}.", headline=True)
    if s.crew.aliens_at(space):
        push_from(s, space, keep=None)


def populate_room(s: Script, room: str, why: str) -> None:
    """One alien from the bag on each breach of ``room``, in breach order (CAP-EVENT-2, CAP-MOVE-5).

    The black Mother's token goes to the box and she enters on that breach (CAP-EVENT-7).
    """
    for breach in SHIP.room(room).breaches:
        token = draw_from_bag(s)
        if token == BLACK_TOKEN:
            s.crew.black_token_boxed = True
            place_mother(s, s.crew.mothers["black"], breach, why)
        else:
            place_alien(s, token, breach, why)  # type: ignore[arg-type]  # a colour: every token but black


# --- pushing (CAP-G-PUSH-1)


def push_destinations(crew: Crew, space: str) -> list[str]:
    """Where aliens pushed off ``space`` may go: orthogonal neighbours free of characters and Mothers, else
    diagonal ones, else the nearest free spaces of the room."""
    orthogonal = [c for c in SHIP.within_room_steps(space) if free_for_piece(crew, c)]
    if orthogonal:
        return orthogonal
    diagonal = [c for c in SHIP.around(space) if c not in SHIP.within_room_steps(space) and free_for_piece(crew, c)]
    if diagonal:
        return diagonal
    rest = [c for c in SHIP.around(space, radius=99) if free_for_piece(crew, c)]
    nearest = min(SHIP.distance(space, c) or 0 for c in rest)
    return [c for c in rest if SHIP.distance(space, c) == nearest]


def push_from(s: Script, space: str, keep: int | None, depth: int = 0) -> None:
    """Push every small alien on ``space`` but ``keep`` (the arriving one) to the destinations, spread as
    evenly as possible; the active player picks where each goes when it matters (CAP-EVENT-6), and is not asked
    when every way left gives the same board (CAP-G-PUSH-1)."""
    crew = s.crew
    pushed = [a for a in crew.aliens_at(space) if a.id != keep]
    if not pushed:
        return
    if depth > 60:
        raise AssertionError("pushes do not settle")
    targets = push_destinations(crew, space)
    k, n = len(pushed), len(targets)
    most, least = ceil(k / n), floor(k / n)
    given = dict.fromkeys(targets, 0)
    s.say(f"Too many aliens on {space}: {k} {plural(k, 'is', 'are')} pushed aside.")
    for index, alien in enumerate(pushed):
        settled = settled_spread(crew, pushed[index:], given, most, least)
        if settled is not None:
            landings = [t for t in targets for _ in range(settled[t])]
            who = sentence_start(alien_name(alien)) + " goes" if len(landings) == 1 else "They go"
            s.say(f"{who} to {and_list(landings)}.")
            for rest, target in zip(pushed[index:], landings, strict=True):
                land(s, rest, target, depth)
            return
        left_after = k - index - 1
        allowed = []
        for t in targets:
            if given[t] >= most:
                continue
            given[t] += 1
            short = sum(max(0, least - g) for g in given.values())
            given[t] -= 1
            if short <= left_after:
                allowed.append(t)
        choices = [Choice(id=t, label=f"{t} ({count(len(crew.aliens_at(t)), 'alien')} there)") for t in allowed]
        answer = s.ask(
            crew.active,
            f"Where is {alien_name(alien)} pushed from {space}?",
            choices,
            private=False,
        )
        given[answer] += 1
        land(s, alien, answer, depth)


def settled_spread(
    crew: Crew, rest: list[Alien], given: dict[str, int], most: int, least: int
) -> dict[str, int] | None:
    """How many of ``rest`` (the aliens still to push) each destination gets, when every valid way to divide them
    gives the same board (CAP-G-PUSH-1): they are alike (colour and health), each destination's share is forced
    by the even spread, and no landing makes four (a cascade's order could matter). ``None`` when it can matter.

    ``given`` is what each destination has received so far; each must end between ``least`` and ``most``.
    """
    if len({(a.color, a.health) for a in rest}) > 1:
        return None
    total = sum(given.values()) + len(rest)
    low = {t: max(g, least) for t, g in given.items()}
    shares = {}
    for t in given:
        floor_t = max(low[t], total - sum(most for u in given if u != t))
        ceil_t = min(most, total - sum(low[u] for u in given if u != t))
        if floor_t != ceil_t:
            return None
        shares[t] = floor_t - given[t]
    if any(share and len(crew.aliens_at(t)) + share >= 4 for t, share in shares.items()):
        return None
    return shares


def land(s: Script, alien: Alien, space: str, depth: int = 0) -> None:
    """A small alien arrives on ``space`` by moving or being pushed: a cube there hurts it
    (CAP-ROLE-CHEMIST-2), and a fourth alien pushes the others (CAP-ALIEN-8)."""
    alien.space = space
    if space in s.crew.cubes:
        damage_alien(s, alien, CATALOG.rules.actions.cube_damage, "A chemistry cube")
        if alien not in s.crew.aliens:
            return
    if len(s.crew.aliens_at(space)) >= 4:
        push_from(s, space, keep=alien.id, depth=depth + 1)


# --- rotation (CAP-ROT-1, CAP-MAP-4)


def rotate(s: Script, ring: RotatingRing, why: str) -> None:
    """Turn a ring one mark clockwise; everything on it turns with it (CAP-MAP-5)."""
    s.crew.rotation[ring] = (s.crew.rotation[ring] + 1) % SHIP.marks
    s.say(f"{why}: the {ring} ring turns one mark clockwise.")


# --- jump scares (CAP-JUMP-*, CAP-REPAIR-7)


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
