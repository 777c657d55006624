"""Setting up a game (JUP-SETUP-*): the spiral colony, the colonists, the deal, and every robot in the pod.

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


def setup(seats: Sequence[SeatSetup], options: JupiterOptions, seed: int) -> JupiterState:
    """A new game for ``len(seats)`` robots, waiting for every seat to choose its core ability."""
    players = len(seats)
    if not MIN_ROBOTS <= players <= MAX_ROBOTS:
        raise BadOptions(f"Jupiter Deep needs {MIN_ROBOTS} to {MAX_ROBOTS} robots, not {players}.")
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
    )
