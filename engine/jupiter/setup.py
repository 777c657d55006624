"""Setting up a game (JUP-SETUP-*): who plays which robot, the spiral colony, the colonists, the deal, and every
robot in the pod.

Randomness is drawn from the state's generator in a fixed order (tile shuffle, 19 rotations, deck shuffle),
so a seed always gives the same colony and the same deal.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import BadOptions, Rng, SeatSetup

from .catalog import CATALOG
from .colony import Colony, spiral_layout
from .options import JupiterOptions
from .state import COLONIST, JupiterState, Pod, Robot

MIN_ROBOTS = 1
MAX_ROBOTS = len(CATALOG.robots)


def deal_abilities(deck: list[str], count: int) -> tuple[list[str], list[str]]:
    """Take ``count`` ability cards from the top of ``deck`` (index 0), sending setbacks to the bottom.

    Returns the cards dealt and the setbacks sent back, in the order they came up (JUP-SETUP-6). ``deck`` is
    changed in place. A setback sent back comes up again only after the rest of the deck, so this ends as
    long as the deck holds ``count`` abilities.
    """
    dealt: list[str] = []
    returned: list[str] = []
    if sum(1 for key in deck if not CATALOG.is_setback(key)) < count:
        raise ValueError("the deck holds too few ability cards to deal")
    while len(dealt) < count:
        card = deck.pop(0)
        if CATALOG.is_setback(card):
            deck.append(card)
            returned.append(card)
        else:
            dealt.append(card)
    return dealt, returned


def robot_owners(seats: int, options: JupiterOptions) -> list[int]:
    """The seat playing each robot, robots in turn order: one robot per seat unless the ``robots`` option asks
    for more, which are dealt round-robin in seat order (digest section 2), so seat 0 plays robots 0 and 2 of
    three at a table of two. Empty when every seat plays exactly its own robot (robot ``i`` is seat ``i``), so
    such games store the same state as before the option existed. Raises a sentence when the count and the
    table do not fit."""
    if not MIN_ROBOTS <= seats <= MAX_ROBOTS:
        raise BadOptions(
            f"Jupiter Deep needs {MIN_ROBOTS} to {MAX_ROBOTS} robots, each with a player: not {seats} players."
        )
    robots = options.robots if options.robots is not None else seats
    if not MIN_ROBOTS <= robots <= MAX_ROBOTS:
        raise BadOptions(f"Jupiter Deep has {MAX_ROBOTS} robot pawns: choose from 1 to {MAX_ROBOTS} robots in all.")
    if robots < seats:
        raise BadOptions(
            f"{seats} players need at least {seats} robots (one each), but the robots option asks for {robots}: "
            f"open a new lobby with robots {seats} or more, or play with fewer players."
        )
    return [] if robots == seats else [robot % seats for robot in range(robots)]


def setup(seats: Sequence[SeatSetup], options: JupiterOptions, seed: int) -> JupiterState:
    """A new game for the robots of ``seats`` (one each, or the ``robots`` option's count shared round-robin),
    waiting for every robot to choose its core ability."""
    owners = robot_owners(len(seats), options)
    players = len(owners) or len(seats)  # robots: the engine's "seats" are robots (see ``JupiterState.owner``)
    rng = Rng.from_seed(seed)
    tiles = sorted(CATALOG.tiles)  # JUP-SETUP-1: the pod tile is not among them
    rng.shuffle(tiles)
    used, out_of_game = tiles[: len(CATALOG.spiral)], tiles[len(CATALOG.spiral)]  # JUP-SETUP-3
    rotations = [rng.randrange(6) for _ in used]  # JUP-SETUP-2
    placements = spiral_layout(used, rotations)
    colony = Colony.of(placements)
    occupant: dict[str, str] = {}
    for tile in used[: CATALOG.interior]:  # JUP-SETUP-4: plants and dishes are not spaces
        for dome in colony.spaces_of(tile):
            occupant[dome] = COLONIST
    deck = CATALOG.full_deck()
    rng.shuffle(deck)  # JUP-SETUP-5
    robots = []
    sent_back: list[str] = []
    for _ in range(players):  # each seat gets both cards before the next seat is dealt
        dealt, returned = deal_abilities(deck, CATALOG.numbers.dealt)
        robots.append(Robot(dealt=dealt))
        sent_back += returned
    return JupiterState(
        options=options,
        rng=rng,
        placements=list(placements),
        out_of_game=out_of_game,
        occupant=occupant,
        robots=robots,
        deck=deck,
        pod=Pod(robots=list(range(players))),  # JUP-SETUP-9
        placed=len(occupant),
        sent_back_at_setup=sent_back,
        owners=owners,
    )
