"""Setting a game up (PIO-SETUP-1..15): seats, commanders, the free upgrade, the planet pool, the ring.

``setup`` does everything random at once (first player, scenario, the two setup alien cards, the pool);
what players decide (commanders, the free upgrade, the draft) then comes as prompts, and
``finish_setup`` builds the event deck and applies the scenario's own setup once the ring is complete.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Event, Rng, SeatSetup

from .catalog import ALIEN_TYPES, CATALOG, COLOURS, AlienType
from .options import PioneersOptions
from .state import COLONIST, PioneersState, Player, Sector, plural

TRADE_POST_SLOT = 7  # farthest from the Jumpgate on a ring of 15 (PIO-SETUP-13, PIO-GAP-2)


def ring_size(trade_post: bool) -> int:
    components = CATALOG.components
    planets = 7 + 2 * components.setup_alien_cards
    return 1 + planets + components.asteroid_belts + (1 if trade_post else 0)


def draw_pool(rng: Rng, scenario: str, setup_aliens: Sequence[AlienType]) -> tuple[list[str], list[str]]:
    """PIO-SETUP-9..10: the planets for the table (by colour, drawn at random within it; a short colour is
    made up from the other colours' remaining tiles) and the unused tiles."""
    wanted = dict(CATALOG.scenario(scenario).planets)
    for alien in setup_aliens:
        colour = CATALOG.native_colour[alien]
        wanted[colour] = wanted.get(colour, 0) + 2
    remaining = {c: [p.id for p in CATALOG.planets.values() if p.colour == c] for c in COLOURS}
    pool: list[str] = []
    missing = 0
    for colour in COLOURS:
        tiles = remaining[colour]
        rng.shuffle(tiles)
        n = min(wanted.get(colour, 0), len(tiles))
        missing += wanted.get(colour, 0) - n
        pool += tiles[:n]
        remaining[colour] = tiles[n:]
    rest = [tile for colour in COLOURS for tile in remaining[colour]]
    rng.shuffle(rest)
    pool += rest[:missing]
    unused = sorted(rest[missing:])
    return sorted(pool), unused


def setup(seats: Sequence[SeatSetup], options: PioneersOptions, seed: int) -> PioneersState:
    """A new game waiting on its first setup decision."""
    rng = Rng.from_seed(seed)
    components = CATALOG.components
    n = len(seats)
    first = rng.randrange(n)  # PIO-GAP-3
    scenario = options.scenario if options.scenario != "random" else rng.choice(sorted(CATALOG.scenarios))
    cards = list(ALIEN_TYPES)
    rng.shuffle(cards)
    setup_aliens = sorted(cards[: components.setup_alien_cards], key=ALIEN_TYPES.index)
    pool, unused = draw_pool(rng, scenario, setup_aliens)
    trade_post = CATALOG.scenario(scenario).trade_post
    size = ring_size(trade_post)
    ring = [Sector(kind="jumpgate")] + [Sector(kind="belt") for _ in range(size - 1)]
    players = [
        Player(seat=s, credits=components.starting_credits, reserve=components.colonists_per_player) for s in range(n)
    ]
    state = PioneersState(
        seats=n,
        scenario=scenario,
        setup_aliens=setup_aliens,
        players=players,
        first=first,
        ring=ring,
        pool=pool,
        belts_left=components.asteroid_belts,
        supply=dict(components.alien_supply),
        goods_supply=components.goods_tokens,
        unused_tiles=unused,
        rng=rng,
        crash_ends_turn=True,
    )
    if trade_post:
        state.ring[TRADE_POST_SLOT] = Sector(kind="trade_post")
    if options.commanders == "random":
        keys = sorted(CATALOG.commanders)
        rng.shuffle(keys)
        for player, key in zip(players, keys, strict=False):
            player.commander = key
        state.phase = "upgrade"
    if options.layout == "random":
        tiles = [*pool, *(["belt"] * state.belts_left)]
        rng.shuffle(tiles)
        for slot, tile in zip(layout_slots(state), tiles, strict=True):
            place_tile(state, slot, tile)
        state.pool, state.belts_left = [], 0
    return state


def layout_slots(state: PioneersState) -> list[int]:
    """The slots tiles go to, in the order they are filled: clockwise from the Jumpgate (PIO-GAP-2)."""
    return [i for i in range(1, len(state.ring)) if state.ring[i].kind != "trade_post"]


def place_tile(state: PioneersState, slot: int, tile: str) -> None:
    """Lay one tile: a planet face up (its spots empty) or a belt (PIO-SETUP-12)."""
    if tile == "belt":
        state.ring[slot] = Sector(kind="belt")
    else:
        spots: list[str | None] = [None] * CATALOG.planet(tile).spots
        state.ring[slot] = Sector(kind="planet", planet=tile, spots=spots)


def draft_seat(state: PioneersState) -> int:
    """PIO-SETUP-11: the last player places first, then play passes to the right, cycling."""
    return (state.last_seat() - state.draft_turn) % state.seats


def commander_seat(state: PioneersState) -> int | None:
    """PIO-GAP-4: commanders are picked from the last player backwards; ``None`` once all have one."""
    for k in range(state.seats):
        seat = (state.last_seat() - k) % state.seats
        if state.player(seat).commander is None:
            return seat
    return None


def fill_cargo(state: PioneersState, player: Player) -> int:
    """Load colonists from the reserve up to the free slots (PIO-SETUP-6, PIO-JUMPGATE-5); returns how many."""
    n = min(player.free_slots(), player.reserve)
    player.cargo += [COLONIST] * n
    player.reserve -= n
    return n


def finish_setup(state: PioneersState) -> list[Event]:
    """Once the ring is complete: the event deck (PIO-SETUP-14, PIO-GAP-26), ships on the Jumpgate and the
    scenario's own setup (PIO-SETUP-15)."""
    deck: list[AlienType] = [CATALOG.native(state.ring[slot].info.colour) for slot in state.planet_slots()]
    state.rng.shuffle(deck)
    state.deck = deck
    for player in state.players:
        player.at = 0
    rules = state.rules
    placed = 0
    for slot in state.planet_slots():
        colour = state.colour_of(slot)
        if colour in rules.setup_goods and state.goods_supply > 0:
            state.ring[slot].goods.append(colour)  # the good's origin is the planet's colour
            state.goods_supply -= 1
            placed += 1
    state.phase = "play"
    text = f"The ring is complete: {plural(len(deck), 'alien event card')} in the deck."
    if placed:
        text += f" {plural(placed, 'good')} placed for {rules.name}."
    return [Event(text=text)]
