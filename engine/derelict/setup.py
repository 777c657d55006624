"""Setting up a game (DER-SETUP-1..11, DER-TASK-2..3, DER-SOLO-2) and starting each round (DER-DRAW-1,
DER-FIRST-1..3).

Setup deals everything face down with the game's seeded generator; the draft and the task choice are the
first prompts (``prompts.py``); round 1 starts when every seat has drafted and chosen (DER-SETUP-11).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Event, Rng, SeatSetup
from engine.core.words import seat_ref

from .board import character_name, is_awake, turn_order
from .cards import refill_hand
from .catalog import CATALOG, ItemDeck
from .options import DerelictOptions
from .state import DerelictState, Player, Pod, Ship, Step, Weapon

ITEM_DECKS: tuple[ItemDeck, ...] = ("military", "technical", "medical")


def deal_tiles(rng: Rng) -> dict[str, str]:
    """DER-SETUP-2: the Hive in one of its slots; 8 core tiles and 4 random extras in the other 12."""
    slots = list(CATALOG.slots)
    hive_slot = rng.choice(CATALOG.rooms.hive_slots)
    core = [t.id for t in CATALOG.rooms.tiles if t.set == "core" and t.id != "hive"]
    extra = [t.id for t in CATALOG.rooms.tiles if t.set == "extra"]
    rng.shuffle(extra)
    tiles = core + extra[: CATALOG.rooms.extra_tiles_used]
    rng.shuffle(tiles)
    others = [s for s in slots if s != hive_slot]
    dealt = dict(zip(others, tiles, strict=True))
    dealt[hive_slot] = "hive"
    return {s: dealt[s] for s in slots}


def fill_bag(players: int) -> tuple[list[str], list[str]]:
    """DER-SETUP-5: (bag, supply) — blank, L1-L4, C1, M1, H1-H3 and one more hunter token per player."""
    bag_spec = CATALOG.intruders.bag
    bag = ["blank"] * bag_spec.blanks + [t.id for t in bag_spec.tokens if t.in_bag]
    spare = [t.id for t in bag_spec.tokens if not t.in_bag and t.type == bag_spec.per_player]
    bag += spare[:players]
    supply = [t.id for t in bag_spec.tokens if t.id not in bag]
    return sorted(bag), supply


def deal_tasks(rng: Rng, players: int, mode: str) -> list[list[str]]:
    """DER-TASK-2/3: two tasks per player, none hostile in coop mode or solo."""
    fits = [t for t in CATALOG.tasks.tasks if t.players <= players]
    if mode == "coop" or players == 1:
        fits = [t for t in fits if t.kind == "friendly"]
    if players == 1:
        pool = [t.id for t in fits]
        rng.shuffle(pool)
        return [pool[:2]]
    company = [t.id for t in fits if t.deck == "company"]
    personal = [t.id for t in fits if t.deck == "personal"]
    rng.shuffle(company)
    rng.shuffle(personal)
    return [[company[i], personal[i]] for i in range(players)]


def setup(seats: Sequence[SeatSetup], options: DerelictOptions, seed: int) -> DerelictState:
    """A new game: every deck shuffled, tiles and tokens face down, the draft open (DER-SETUP-1..11)."""
    rng = Rng.from_seed(seed)
    n = len(seats)
    tiles = deal_tiles(rng)
    token_order = list(range(len(CATALOG.explore.tokens)))
    rng.shuffle(token_order)
    explore_tokens = dict(zip(CATALOG.slots, token_order, strict=True))
    hive = next(s for s, t in tiles.items() if t == "hive")
    bag, supply = fill_bag(n)
    events = [e.number for e in CATALOG.events.events]
    rng.shuffle(events)
    attacks = [key for key, _, _, _ in CATALOG.attack_cards]
    rng.shuffle(attacks)
    infection = [f"inf{i}" for i in range(CATALOG.ship.infection.cards)]
    rng.shuffle(infection)
    marked = list(infection)
    rng.shuffle(marked)
    tuned = CATALOG.ship.tunings[-1].infected  # dealt at setup: a stored game keeps its own marks
    infected = sorted(marked[: CATALOG.ship.infection.infected if tuned is None else tuned])
    wounds = [w.id for w in CATALOG.ship.wounds for _ in range(w.copies)]
    rng.shuffle(wounds)
    item_decks = {}
    for deck in ITEM_DECKS:
        cards = CATALOG.item_deck(deck)
        rng.shuffle(cards)
        item_decks[deck] = cards
    weakness_ids = [w.id for w in CATALOG.ship.weaknesses.cards]
    rng.shuffle(weakness_ids)
    weaknesses = dict(zip(CATALOG.ship.weaknesses.kinds, weakness_ids, strict=False))
    coordinates = rng.randrange(len(CATALOG.ship.course.cards))
    engines = {}
    for room in CATALOG.ship.engines.rooms:
        stack = ["working", "damaged"]
        rng.shuffle(stack)
        engines[room] = stack
    pods = [Pod(number=p.number, bay=p.bay) for p in CATALOG.ship.pods if p.from_players <= n]
    ship = Ship(
        tiles=tiles,
        explore_tokens=explore_tokens,
        objects={CATALOG.map.start: ["body"], hive: ["egg"] * CATALOG.ship.tokens.eggs},
        bag=bag,
        supply=supply,
        event_deck=events,
        attack_deck=attacks,
        infection_deck=infection,
        infected=infected,
        wound_deck=wounds,
        item_decks=item_decks,
        item_discards={deck: [] for deck in item_decks},
        crafted_left={c.id: c.copies for c in CATALOG.items.crafted},
        weaknesses=weaknesses,
        coordinates=coordinates,
        course=CATALOG.ship.course.start,
        engines=engines,
        pods=pods,
    )
    tasks = deal_tasks(rng, n, options.mode)
    pool = [c.id for c in CATALOG.characters.characters]
    rng.shuffle(pool)
    players = [Player(seat=i, dealt_tasks=tasks[i], room=CATALOG.map.start) for i in range(n)]
    first = rng.randrange(n)  # DER-SETUP-10
    state = DerelictState(
        mode=options.mode,
        length=options.length,
        players=players,
        ship=ship,
        first=first,
        rng=rng,
        character_pool=pool,
        turn=0,
        tuning=CATALOG.ship.tunings[-1].id,
        offers_move=True,
    )
    offer_characters(state, 0)
    return state


def offer_characters(state: DerelictState, seat: int) -> None:
    """DER-SETUP-7: the next drafter is offered 2 random characters not yet taken."""
    state.drafting = seat
    state.players[seat].offered = state.character_pool[:2]


def take_character(state: DerelictState, seat: int, character: str, out: list[Event]) -> None:
    """The drafter keeps one character (the other goes back); DER-SETUP-8 equips it."""
    player = state.players[seat]
    player.character = character
    player.offered = []
    state.character_pool.remove(character)
    spec = CATALOG.character[character]
    player.weapons = [Weapon(id=spec.weapon, ammo=CATALOG.weapon[spec.weapon].capacity)]
    deck = CATALOG.deck_of(character)
    state.rng.shuffle(deck)
    player.deck = deck
    out.append(Event(text=f"{seat_ref(seat)} drafts {spec.name}."))
    nxt = seat + 1
    if nxt < len(state.players):
        offer_characters(state, nxt)
    else:
        state.drafting = None


def setup_done(state: DerelictState) -> bool:
    return state.drafting is None and all(p.task is not None for p in state.players)


def pass_first_token(state: DerelictState) -> None:
    """DER-FIRST-1..3: the token goes to the next seat on the left with an active character."""
    n = len(state.players)
    for step in range(1, n + 1):
        seat = (state.first + step) % n
        if is_awake(state.players[seat]):
            state.first = seat
            return


def start_round(state: DerelictState, out: list[Event]) -> None:
    """DER-ROUND-3: draw to 5, pass the first-player token, then the token holder's turn begins."""
    state.phase = "play"
    state.round += 1
    state.turn = state.round  # the host's "turn N" is the round (0 during setup)
    out.append(Event(text=f"Round {state.round} begins.", headline=True))
    for p in state.players:
        p.passed = False
        p.actions = 0
        p.hardened_used = False
        p.braced = False
        if p.status in ("active", "pod"):
            refill_hand(state, p, out)
    pass_first_token(state)
    holder = state.players[state.first]
    out.append(Event(text=f"{character_name(holder)} takes the first-player token."))
    order = turn_order(state)
    state.current = order[0].seat if order else None
    state.step = Step(kind="turn")
