"""The short player-facing texts: the one-line blurb and the ``/rules`` reference (under 1800 characters)."""

from __future__ import annotations

BLURB = "Race rival captains round a ring of alien planets: land colonists, fight, bombard, control worlds."

RULES_TEXT = """\
**Cosmic Pioneers**: 2–4 captains, 12 rounds. Most VP wins: **1 per colonist on a planet, 5 per \
controlled planet, 1 per 500 credits** (the scenario may change these).
**Setup**: commanders picked from the last seat backwards; one free upgrade each; cargo filled with \
colonists; players place the 11 planets and 2 asteroid belts round the Jumpgate.
**Each round**: an alien event (ability on every planet holding that alien, then it spawns on its native \
planets), then each captain in turn:
1. **Move** up to your engine range either way round; never stop on a belt (it still costs a step). \
Stopping by another ship in orbit starts **combat**: d6 + weapons each, the defender wins ties, the \
loser **crash lands** nearby, unloads all (what does not fit dies) and acts no more \
until its next move.
2. **Adventure** (planets): roll the planet's table; a 1 always draws an alien event. **Jumpgate**: \
dispose of cargo, collect 200 + 100 per controlled planet, upgrade (500 a level), load colonists.
3. **Deploy**: load and unload colonists (leftmost empty spot), aliens (rightmost, cargo level 3) and \
goods; each item moves once a phase.
4. **Bombard**: level 1 the hit die kills 1 of its type; level 2 the hit die and a d6; level 3 a d6 \
of colonists or aliens. Colonists are hit from the right, aliens from the left.
**Control**: at least as many colonists as green spots, and strictly the most of them.
**Aliens**: Worm kills the 2 rightmost lifeforms; Slime doubles; Squid spreads left; Lizard steps left \
killing; Bug turns its neighbours into Bugs. Killed colonists return to the reserve.
**Commanders**: Fraser picks unload spots; Kade re-rolls a losing combat die; Novak +100 at the \
Jumpgate; Sato re-rolls an adventure die of 2 or 3 once a game.
Ties: most planets, then colonists, then credits."""


def cards_text() -> tuple[str, ...]:
    """The alien event cards (then a new alien of that type on its native planet), and the commanders, read from
    ``data/pioneers/components.toml``."""
    from engine.core.words import card_line

    from .catalog import ALIEN_TYPES, CATALOG

    per_type = CATALOG.components.cards_per_alien_type
    events = CATALOG.components.alien_events
    lines = ["__Alien event cards__ (one drawn each round; then the alien spawns on its native planet)"]
    lines += [card_line(alien.capitalize(), events[alien], per_type) for alien in ALIEN_TYPES]
    lines.append("__Commanders__ (one each)")
    lines += [card_line(c.name, f"({c.phase}) {c.ability}") for c in CATALOG.commanders.values()]
    return tuple(lines)
