"""Setting up a game: characters from the seats, decks, bag, Mothers and threat by difficulty (CAP-SETUP-*).

Shuffles and deals happen in one fixed order from the game's seeded generator, so a seed always gives the
same game: each character's Actions stack in turn order, then the spare parts, jump scares and items, the
legendary cards, each room deck, the event deck and the repair deck.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import BadOptions, Rng, SeatSetup

from .catalog import CATALOG
from .options import CapricornOptions
from .state import BLACK_TOKEN, SHARED_DECK, CapricornState, Character, Crew, Mother, TurnLog
from .terms import ROLES, RoleKey

RULEBOOK_ROLES: tuple[RoleKey, ...] = ("engineer", "soldier", "medic", "chemist")


def character_roles(seats: Sequence[SeatSetup], options: CapricornOptions) -> list[tuple[RoleKey, int]]:
    """The characters in turn order as ``(role, seat)``, or a sentence saying why the seats do not work.

    One seat plays two characters (CAP-G-SEAT-2); two to five seats play one each (CAP-G-SEAT-3/4). A seat
    without a role gets the first free one, rulebook roles before the Scout.
    """
    if not 1 <= len(seats) <= len(ROLES):
        raise BadOptions(f"Abandon Capricorn needs 1 to {len(ROLES)} players.")
    chosen: list[RoleKey | None] = []
    for seat in seats:
        if seat.role is not None and seat.role not in ROLES:
            raise BadOptions(f"There is no role {seat.role!r}; the roles are {', '.join(ROLES)}.")
        chosen.append(next((r for r in ROLES if r == seat.role), None))
    taken = [r for r in chosen if r is not None]
    if len(set(taken)) != len(taken):
        raise BadOptions("Two players hold the same role; each role can be played once.")
    free: list[RoleKey] = [r for r in ROLES if r not in taken]  # rulebook roles first, the Scout last
    roles: list[RoleKey] = [free.pop(0) if role is None else role for role in chosen]
    result = [(role, seat) for seat, role in enumerate(roles)]
    if len(seats) == 1:
        if options.second_role == roles[0]:
            raise BadOptions("Your second role must differ from your first.")
        default: RoleKey = next(r for r in RULEBOOK_ROLES if r != roles[0])
        result.append((options.second_role or default, 0))
    return result


def deal_room_decks(rng: Rng) -> dict[str, list[str]]:
    """One spare part, one jump scare, one item and three legendary cards per main room, each room shuffled;
    the leftover legendary cards form the shared Offices/Bridge deck (CAP-SETUP-9, CAP-SETUP-10)."""
    kinds = ("part", "jump_scare")
    piles = {kind: [c.id for c in CATALOG.found.values() if c.kind == kind] for kind in kinds}
    items = [c.id for c in CATALOG.found.values() if c.kind in ("med_kit", "flamethrower")]
    legendary = list(CATALOG.legendary)
    for pile in (piles["part"], piles["jump_scare"], items, legendary):
        rng.shuffle(pile)
    per_room = CATALOG.rules.legendary_per_room
    decks: dict[str, list[str]] = {}
    for n, room in enumerate(CATALOG.main_rooms):
        deck = [piles["part"][n], piles["jump_scare"][n], items[n], *legendary[n * per_room : (n + 1) * per_room]]
        rng.shuffle(deck)
        decks[room] = deck
    decks[SHARED_DECK] = legendary[len(CATALOG.main_rooms) * per_room :]
    rng.shuffle(decks[SHARED_DECK])
    return decks


def new_crew(roles: list[tuple[RoleKey, int]], options: CapricornOptions, rng: Rng) -> Crew:
    """The table at the start of the game (CAP-SETUP-1..13)."""
    rules = CATALOG.rules
    difficulty = rules.difficulty[options.difficulty]
    numbers = difficulty.numbers(options.table)  # CAP-G-DIFF-1: the printed table or our tuned one
    characters = []
    for role, seat in roles:
        stack = list(CATALOG.starter[role])
        rng.shuffle(stack)
        hand, stack = stack[: rules.hand_size], stack[rules.hand_size :]
        characters.append(Character(role=role, seat=seat, health=rules.character_health, hand=hand, stack=stack))
    room_decks = deal_room_decks(rng)
    events = list(CATALOG.events)
    rng.shuffle(events)
    repair = list(CATALOG.repair)
    rng.shuffle(repair)
    bag: dict[str, int] = {color: alien.in_bag for color, alien in rules.aliens.items()}
    if difficulty.black_mother:
        bag[BLACK_TOKEN] = 1
    mothers = {
        "black": Mother(
            color="black",
            status="waiting" if difficulty.black_mother else "absent",
            health=rules.mothers["black"].health,
        ),
        "green": Mother(color="green", status="waiting", health=rules.mothers["green"].health),
    }
    return Crew(
        characters=characters,
        threat=numbers.threat[len(characters)],
        repairs_required=numbers.repairs,
        alien_die=rules.alien_die(options.table, options.difficulty, len(characters)),
        room_decks=room_decks,
        event_deck=events,
        repair_deck=repair,
        bag=bag,
        mothers=mothers,
    )


def setup(seats: Sequence[SeatSetup], options: CapricornOptions, seed: int) -> CapricornState:
    """A new game for ``seats`` (in seat order) under ``options``, deterministic in ``seed``."""
    roles = character_roles(seats, options)
    rng = Rng.from_seed(seed)
    crew = new_crew(roles, options, rng)
    state = CapricornState(
        difficulty=options.difficulty,
        table=options.table,
        variant=options.variant,
        seats=len(seats),
        rng=rng,
        crew=crew,
        log=TurnLog(start=crew.model_copy(deep=True), rng=rng.model_copy(deep=True)),
        answers_forced=True,
    )
    from .rules import run  # the turn machinery imports this module's neighbours; setup only starts it

    run(state)  # up to the first decision of the first turn
    return state
