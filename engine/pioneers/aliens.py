"""Alien events: killing, the five abilities exactly as PIO-GAP-10 reads them, spawning, the event deck.

Every ability acts on every live planet holding that type (native or not), planets in ring order clockwise
from the Jumpgate, the aliens of one planet left to right, using the aliens present before the card: an
alien placed by the card does not act. Spots never shift (PIO-GAP-9).
"""

from __future__ import annotations

from engine.core import Event
from engine.core.words import seat_ref

from .catalog import CATALOG, AlienType
from .state import ALIEN_LETTER, LETTER_ALIEN, PioneersState, is_alien, is_colonist, plural


def kill(state: PioneersState, slot: int, spot: int, cause: str) -> str:
    """Kill the lifeform on a spot: a colonist to its owner's reserve, an alien to the supply (PIO-GAP-8).

    Returns what died, for the narration (``a blue colonist`` style is left to the caller: ``P2 colonist``).
    """
    sector = state.ring[slot]
    item = sector.spots[spot]
    assert item is not None
    sector.spots[spot] = None
    if is_colonist(item):
        state.player(int(item)).reserve += 1
        state.stats.killed[cause] = state.stats.killed.get(cause, 0) + 1
        return f"a colonist of {seat_ref(int(item))}"
    alien = LETTER_ALIEN[item]
    state.supply[alien] += 1
    return f"a {alien}"


def dies(victim: str) -> str:
    """``a P1 colonist dies``."""
    return f"{victim} dies"


def place_alien(state: PioneersState, slot: int, spot: int, alien: AlienType) -> bool:
    """Put an alien from the supply on an empty spot; ``False`` when the supply has none left."""
    if state.supply[alien] <= 0:
        return False
    state.supply[alien] -= 1
    state.ring[slot].spots[spot] = ALIEN_LETTER[alien]
    return True


def _worm(state: PioneersState, slot: int, start: int) -> list[str]:
    """PIO-ALIEN-WORM-1..3: kill the two rightmost non-Worm lifeforms, step left if empty, leave if alone."""
    spots = state.ring[slot].spots
    said = []
    others = [i for i, s in enumerate(spots) if s is not None and s != "W"]
    for i in reversed(others[-2:]):
        said.append(dies(kill(state, slot, i, "alien")))
    at = start
    if at > 0 and spots[at - 1] is None:
        spots[at - 1], spots[at] = "W", None
        at -= 1
        said.append(f"the worm steps left to spot {at + 1}")  # a move that kills nobody is still told
    if not any(s is not None and s != "W" for s in spots):
        spots[at] = None
        state.supply["worm"] += 1
        said.append("the worm leaves")
    return said


def _slime(state: PioneersState, slot: int) -> list[str]:
    """PIO-ALIEN-SLIME-1..2: as many new Slimes as are there, rightmost empty spots first."""
    sector = state.ring[slot]
    n = len(sector.aliens("S"))
    added = 0
    for spot in reversed(sector.empty_spots()):
        if added == n or not place_alien(state, slot, spot, "slime"):
            break
        added += 1
    return [f"{plural(added, 'slime')} {'grows' if added == 1 else 'grow'}"] if added else []


def _squid(state: PioneersState, slot: int, at: int) -> list[str]:
    """PIO-ALIEN-SQUID-1..4: a new Squid on the spot left of this one, killing what stands there."""
    spots = state.ring[slot].spots
    if at == 0 or spots[at - 1] == "Q" or state.supply["squid"] <= 0:
        return []
    said = []
    if spots[at - 1] is not None:
        said.append(dies(kill(state, slot, at - 1, "alien")))
    place_alien(state, slot, at - 1, "squid")
    return [*said, "a squid spreads"]


def _lizard(state: PioneersState, slot: int, at: int) -> list[str]:
    """PIO-ALIEN-LIZARD-1..2: step left killing what is there; on spot 1 it leaves the planet."""
    spots = state.ring[slot].spots
    if at == 0:
        spots[0] = None
        state.supply["lizard"] += 1
        return ["a lizard leaves"]
    said = []
    if spots[at - 1] is not None:
        said.append(dies(kill(state, slot, at - 1, "alien")))
    spots[at - 1], spots[at] = "L", None
    return [*said, f"a lizard steps left to spot {at}"]  # a move that kills nobody is still told


def _bug(state: PioneersState, slot: int, at: int) -> list[str]:
    """PIO-ALIEN-BUG-1..3: each non-Bug lifeform left then right of this Bug becomes a Bug."""
    spots = state.ring[slot].spots
    said = []
    for n in (at - 1, at + 1):
        if 0 <= n < len(spots) and spots[n] is not None and spots[n] != "B" and state.supply["bug"] > 0:
            said.append(f"{kill(state, slot, n, 'alien')} becomes a bug")
            place_alien(state, slot, n, "bug")
    return said


def ability(state: PioneersState, alien: AlienType) -> list[str]:
    """Run one type's ability on every live planet holding it (PIO-GAP-10); returns one line per planet."""
    letter = ALIEN_LETTER[alien]
    lines = []
    for slot in state.planet_slots():
        starts = state.ring[slot].aliens(letter)
        if not starts:
            continue
        said: list[str] = []
        if alien == "slime":
            said = _slime(state, slot)
        else:
            for at in starts:
                # An earlier alien of this card may have killed or moved this one (a lizard stepping on a lizard).
                if state.ring[slot].spots[at] != letter:
                    continue
                if alien == "worm":
                    said += _worm(state, slot, at)
                elif alien == "squid":
                    said += _squid(state, slot, at)
                elif alien == "lizard":
                    said += _lizard(state, slot, at)
                else:
                    said += _bug(state, slot, at)
        if said:
            lines.append(f"{state.sector_name(slot)}: {', '.join(said)}")
    return lines


def spawn(state: PioneersState, alien: AlienType) -> list[str]:
    """PIO-ALIEN-2..5: one alien on every native planet without one, rightmost empty spot or the rightmost
    lifeform killed; planets in ring order, so a short supply favours those nearer clockwise (PIO-GAP-11)."""
    letter = ALIEN_LETTER[alien]
    colour = CATALOG.native_colour[alien]
    lines = []
    for slot in state.planet_slots():
        sector = state.ring[slot]
        if sector.info.colour != colour or sector.aliens(letter):
            continue
        if state.supply[alien] <= 0:
            lines.append(f"no {alien} is left to spawn")
            break
        empty = sector.empty_spots()
        if empty:
            spot = empty[-1]
            place_alien(state, slot, spot, alien)
            lines.append(f"{state.sector_name(slot)}: a {alien} spawns on spot {spot + 1}")
        else:
            spot = len(sector.spots) - 1
            victim = kill(state, slot, spot, "alien")
            place_alien(state, slot, spot, alien)
            lines.append(f"{state.sector_name(slot)}: a {alien} spawns, killing {victim}")
    return lines


def resolve_card(state: PioneersState, alien: AlienType) -> list[str]:
    """PIO-ALIEN-1: the ability first, then the spawn."""
    return ability(state, alien) + spawn(state, alien)


def draw_event(state: PioneersState, why: str) -> list[Event]:
    """Draw and resolve the top alien event card, reshuffling the discards into a new deck when needed
    (PIO-ALIEN-6)."""
    events = []
    if not state.deck:
        state.deck = list(state.discards)
        state.discards = []
        state.rng.shuffle(state.deck)
        events.append(Event(text="The alien event deck is empty: the discards are shuffled into a new deck."))
    alien = state.deck.pop(0)
    state.discards.append(alien)
    lines = resolve_card(state, alien)
    detail = "; ".join(lines) if lines else "nothing happens"
    events.append(Event(text=f"{why}: a {alien.capitalize()} event. {detail[:1].upper()}{detail[1:]}."))
    return events


def aliens_on(state: PioneersState, slot: int) -> int:
    return sum(1 for s in state.ring[slot].spots if is_alien(s))
