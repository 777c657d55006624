"""Re-dealing what one viewer cannot see (OpenSpiel's ``ResampleInfostateTest`` for Derelict).

``resample_hidden(state, viewer, seed)`` returns a state identical in everything ``viewer`` knows and
re-dealt in everything else (digest §5): other seats' hands (the split of their known cards between hand and
deck) and inventories and tasks, every deck order (the viewer's own included), which unscanned infection
cards read INFECTED, the face-down tiles and exploration tokens the viewer has not peeked at (the Hive may
move to another unexplored Hive slot, its eggs with it), engine tokens and the coordinates card unless the
viewer looked, the face-down weaknesses, and the generator. If ``SPEC.view`` and the prompts a viewer can
read are the same for both states, they cannot depend on the hidden part.
"""

from __future__ import annotations

import random

from engine.core import Rng
from engine.derelict.catalog import CATALOG
from engine.derelict.state import DerelictState


def resample_hidden(state: DerelictState, viewer: int | None, seed: int) -> DerelictState:
    new = state.clone()
    ship = new.ship
    pick = random.Random(seed)
    new.rng = Rng.from_seed(seed)
    peeks = " ".join(new.players[viewer].peeks) if viewer is not None else ""
    for p in new.players:
        if p.seat == viewer:
            pick.shuffle(p.deck)
            continue
        pool = p.hand + p.deck
        pick.shuffle(pool)
        p.hand, p.deck = pool[: len(p.hand)], pool[len(p.hand) :]
        light = [i.id for i in CATALOG.items.items if not i.heavy]
        p.items = [pick.choice(light) for _ in p.items]
        fits = [t.id for t in CATALOG.tasks.tasks]
        dealt = pick.sample(fits, 2)
        if "Intel" not in peeks:
            p.dealt_tasks = dealt
            if p.task is not None:
                p.task = dealt[0]
    unscanned = [c for c in (f"inf{i}" for i in range(20)) if c not in ship.scanned]
    hidden_infected = [c for c in ship.infected if c not in ship.scanned]
    ship.infected = sorted(
        [c for c in ship.infected if c in ship.scanned] + pick.sample(unscanned, len(hidden_infected))
    )
    for deck in (ship.event_deck, ship.attack_deck, ship.infection_deck, ship.wound_deck, *ship.item_decks.values()):
        pick.shuffle(deck)
    resample_slots(new, peeks, pick)
    for room, stack in ship.engines.items():
        if CATALOG.fixed[room].name not in peeks:
            pick.shuffle(stack)
    if "coordinates card" not in peeks:
        ship.coordinates = pick.randrange(len(CATALOG.ship.course.cards))
    unused = [w.id for w in CATALOG.ship.weaknesses.cards if w.id not in ship.weaknesses.values()]
    for kind in ship.weaknesses:
        if kind not in ship.revealed_weaknesses:
            unused.append(ship.weaknesses[kind])
    pick.shuffle(unused)
    for kind in ship.weaknesses:
        if kind not in ship.revealed_weaknesses:
            ship.weaknesses[kind] = unused.pop()
    return new


def resample_slots(state: DerelictState, peeks: str, pick: random.Random) -> None:
    """Re-deal tiles and tokens among unexplored slots the viewer has not peeked at."""
    ship = state.ship
    free = [s for s in CATALOG.slots if s not in ship.explored and f"slot {s} " not in peeks]
    hive = next(s for s, t in ship.tiles.items() if t == "hive")
    if hive in free:
        spots = [s for s in CATALOG.rooms.hive_slots if s in free]
        target = pick.choice(spots)
        ship.tiles[hive], ship.tiles[target] = ship.tiles[target], "hive"
        if target != hive:
            ship.objects[target], ship.objects[hive] = ship.objects.get(hive, []), ship.objects.get(target, [])
        free = [s for s in free if s != target]
    else:
        free = [s for s in free if s != hive]
    tiles = [ship.tiles[s] for s in free]
    tokens = [ship.explore_tokens[s] for s in free]
    pick.shuffle(tiles)
    pick.shuffle(tokens)
    for slot, tile, token in zip(free, tiles, tokens, strict=True):
        ship.tiles[slot] = tile
        ship.explore_tokens[slot] = token
