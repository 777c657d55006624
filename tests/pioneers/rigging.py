"""Helpers that build rigged Cosmic Pioneers positions and drive them through the contract only.

A test names a position (the ring, what stands on each spot, the ships, the event deck, the dice to come),
then plays it with ``SPEC.prompts`` / ``SPEC.apply`` like the host would, and reads the result from
``SPEC.view`` and the events.

- The ring is given from slot 1 clockwise (slot 0 is always the Jumpgate): planet ids (``"R1"``),
  ``"belt"`` or ``"TP"`` (the Trade Post).
- Spots are written left to right, one token each: ``.`` empty, a seat digit for that seat's colonist,
  ``W S Q L B`` for a worm, slime, squid, lizard or bug: ``"0 0 . . W"``.
- Dice: ``dice=[4, 2]`` makes the next two d6 rolls 4 and 2 (the hit die is a d6 too: 1 colonist, 2 worm,
  3 slime, 4 squid, 5 lizard, 6 bug).

The position helpers edit a fresh state's fields directly (the only place tests touch its insides);
everything afterwards goes through the contract, so a test checks what a player would see. Reserves and
the alien supply are recomputed from the board so the conservation invariants hold in every rigged game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core import Event, Prompt, RiggedRng, SeatSetup
from engine.core.words import name_seats
from engine.pioneers import SPEC, PioneersOptions, PioneersState
from engine.pioneers.catalog import CATALOG, AlienType
from engine.pioneers.state import LETTER_ALIEN, Sector, Turn
from engine.pioneers.turn import settle
from engine.pioneers.view import PioneersView

NAMES = {0: "Ann", 1: "Ben", 2: "Cat", 3: "Dan"}
"""Who sits at the rigged table, seat by seat: the names ``Play.text`` gives the engine's seat markers."""


def new_game(n: int = 2, scenario: str = "cosmic_pioneers", seed: int = 3) -> PioneersState:
    """A game past its setup (commanders dealt, ring laid at random, every free upgrade on cargo)."""
    options = PioneersOptions(scenario=scenario, commanders="random", layout="random")
    state = SPEC.setup([SeatSetup()] * n, options, seed)
    for p in SPEC.prompts(state):
        state, _ = SPEC.apply(state, p.seat, p.id, "cargo")
    return state


def spots_of(text: str) -> list[str | None]:
    return [None if t == "." else t for t in text.split()]


def rig(
    state: PioneersState,
    ring: Sequence[str] | None = None,
    spots: Mapping[int, str] | None = None,
    goods: Mapping[int, Sequence[str]] | None = None,
    players: Mapping[int, Mapping[str, Any]] | None = None,
    deck: Sequence[AlienType] | None = None,
    dice: Sequence[int] = (),
    draws: Sequence[int] = (),
    active: int = 0,
    round: int = 1,
    supply: Mapping[AlienType, int] | None = None,
) -> PioneersState:
    """A copy of ``state`` at the start of ``active``'s turn in ``round`` with the given position.

    ``players`` maps a seat to fields of its ``Player`` (``at``, ``cargo``, ``levels``, ``credits``,
    ``commander``, ``crashed``); commanders named there are swapped so they stay distinct. ``draws`` are raw
    ``randrange`` answers queued after ``dice`` (for shuffles).
    """
    new = state.clone()
    if ring is not None:
        sectors = [Sector(kind="jumpgate")]
        for tile in ring:
            if tile == "belt":
                sectors.append(Sector(kind="belt"))
            elif tile == "TP":
                sectors.append(Sector(kind="trade_post"))
            else:
                sectors.append(Sector(kind="planet", planet=tile, spots=[None] * CATALOG.planet(tile).spots))
        new.ring = sectors
    for slot, text in (spots or {}).items():
        row = spots_of(text)
        assert len(row) == len(new.ring[slot].spots), f"slot {slot} has {len(new.ring[slot].spots)} spots"
        new.ring[slot].spots = row
    for slot, origins in (goods or {}).items():
        new.ring[slot].goods = list(origins)
    for seat, fields in (players or {}).items():
        player = new.player(seat)
        if "commander" in fields:
            for other in new.players:
                if other.commander == fields["commander"]:
                    other.commander = player.commander
        for key, value in fields.items():
            if key == "levels":
                player.levels = {**player.levels, **value}
            else:
                setattr(player, key, value)
    for player in new.players:
        if "reserve" not in (players or {}).get(player.seat, {}):
            on_board = sum(1 for s in new.ring for spot in s.spots if spot == str(player.seat))
            player.reserve = CATALOG.components.colonists_per_player - on_board - player.cargo.count("C")
    box = CATALOG.components.alien_supply
    for alien in box:
        letter = next(k for k, v in LETTER_ALIEN.items() if v == alien)
        used = sum(s.spots.count(letter) for s in new.ring) + sum(p.cargo.count(letter) for p in new.players)
        new.supply[alien] = box[alien] - used
    new.supply.update(supply or {})
    if deck is not None:
        new.deck = list(deck)
        new.discards = []
    new.round = round
    new.first = active
    new.turn_order = [(active + k) % new.seats for k in range(new.seats)]
    new.turn_index = 0
    new.current = Turn(seat=active)
    new.combat = None
    new.crashes = []
    new.rng = RiggedRng(state=99, queued=[d - 1 for d in dice] + list(draws))
    settle(new)  # the turn's start: a crashed ship straightens (PIO-MOVE-4)
    return new


@dataclass
class Play:
    """A rigged game being played through the contract; ``events`` collects everything said so far."""

    state: PioneersState
    events: list[Event] = field(default_factory=list)

    def prompts(self) -> list[Prompt]:
        return SPEC.prompts(self.state)

    def prompt(self) -> Prompt:
        pending = self.prompts()
        assert len(pending) == 1, f"expected one prompt, got {[p.id for p in pending]}"
        return pending[0]

    def choice_ids(self) -> list[str]:
        return [c.id for c in self.prompt().choices]

    def choose(self, *choice_ids: str) -> Play:
        """Answer the pending prompt(s) in turn with each choice id."""
        for choice_id in choice_ids:
            p = self.prompt()
            self.state, events = SPEC.apply(self.state, p.seat, p.id, choice_id)
            self.events += events
        return self

    def view(self) -> PioneersView:
        view = SPEC.view(self.state, None)
        assert isinstance(view, PioneersView)
        return view

    def spots(self, slot: int) -> str:
        return " ".join("." if s is None else s for s in self.state.ring[slot].spots)

    def text(self) -> str:
        """The events as a table reads them: each seat marker as the seat's person (``NAMES``)."""
        return "\n".join(name_seats(e.text, NAMES) for e in self.events)

    def waits_on(self) -> str:
        """The kind of the pending decision (``mv``, ``dep``, ``bomb`` …) or ``""``."""
        pending = self.prompts()
        return pending[0].id.split(".", 1)[1] if pending else ""
