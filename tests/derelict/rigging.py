"""Helpers that build rigged Derelict positions and drive them through the contract only.

``new_game`` plays the setup prompts (each seat drafts the first character offered, or the one asked for,
and keeps its first task), so round 1 has begun. The position helpers then edit the state's fields directly
(the only place tests touch its insides): rooms, hands, intruders, noise, queued random draws. Everything
afterwards goes through ``SPEC.prompts`` / ``SPEC.apply`` like the host, so a test checks what a player sees.

Rigged draws (``RiggedRng``): the noise die is ``randrange(10)`` over 1,1,2,2,3,3,4,4,Danger,Silence (so
``NOISE["2"]`` is 2, ``NOISE["danger"]`` 8, ``NOISE["silence"]`` 9); the combat die ``randrange(6)`` over
Miss, Small, Mid, Hit, Hit, Double; a bag draw is ``randrange(len(bag))`` over the bag's sorted token ids.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from engine.core import Event, Prompt, RiggedRng, SeatSetup
from engine.derelict import SPEC, DerelictOptions, DerelictState
from engine.derelict.state import Intruder, Step
from engine.derelict.view import DerelictView

NOISE = {"1": 0, "2": 2, "3": 4, "4": 6, "danger": 8, "silence": 9}
COMBAT = {"miss": 0, "small": 1, "mid": 2, "hit": 3, "double": 5}


def new_game(
    players: int = 2,
    *,
    mode: str = "standard",
    length: str = "full",
    seed: int = 7,
    characters: Sequence[str] = (),
) -> DerelictState:
    """A game past its setup prompts: round 1 has begun and the first player's turn is open."""
    options = DerelictOptions(mode=mode, length=length)  # type: ignore[arg-type]
    state = SPEC.setup([SeatSetup()] * players, options, seed)
    for seat in range(players):
        if characters:
            # Offer the wanted character so the draft can take it (test set-up only).
            state.players[seat].offered = [characters[seat], *state.players[seat].offered[:1]]
            if characters[seat] in state.players[seat].offered[1:]:
                state.players[seat].offered = [characters[seat]]
        prompts = {p.id: p for p in SPEC.prompts(state)}
        draft = prompts[f"draft{seat}"]
        state, _ = SPEC.apply(state, seat, draft.id, draft.choices[0].id)
    for seat in range(players):
        task = next(p for p in SPEC.prompts(state) if p.id == f"task{seat}")
        state, _ = SPEC.apply(state, seat, task.id, task.choices[0].id)
    return state


def rig(
    state: DerelictState,
    *,
    rooms: dict[int, str] | None = None,
    hands: dict[int, list[str]] | None = None,
    decks: dict[int, list[str]] | None = None,
    discards: dict[int, list[str]] | None = None,
    intruders: Iterable[tuple[str, str]] = (),
    noise: Iterable[str] | None = None,
    bag: list[str] | None = None,
    draws: Iterable[int] = (),
    current: int | None = None,
    explored: dict[str, str] | None = None,
    attack_deck: list[str] | None = None,
    event_deck: list[int] | None = None,
) -> DerelictState:
    """A copy of ``state`` with the named fields replaced; ``intruders`` are (type, room) pairs."""
    new = state.clone()
    for seat, room in (rooms or {}).items():
        new.players[seat].room = room
    for seat, hand in (hands or {}).items():
        new.players[seat].hand = list(hand)
    for seat, deck in (decks or {}).items():
        new.players[seat].deck = list(deck)
    for seat, pile in (discards or {}).items():
        new.players[seat].discard = list(pile)
    for kind, room in intruders:
        new.ship.intruders.append(
            Intruder(id=new.ship.next_intruder, type=kind, room=room, arrived=new.ship.next_intruder)
        )
        new.ship.next_intruder += 1
    if noise is not None:
        new.ship.noise = list(noise)
    if bag is not None:
        new.ship.bag = sorted(bag)
    for slot, tile in (explored or {}).items():
        new.ship.tiles[slot] = tile
        new.ship.explored.append(slot)
        new.ship.item_counter[slot] = 2
    if attack_deck is not None:
        new.ship.attack_deck = list(attack_deck)
    if event_deck is not None:
        new.ship.event_deck = list(event_deck)
    if current is not None:
        new.current = current
        new.first = current
        new.step = Step(kind="turn")
    new.rng = RiggedRng(state=12345, queued=list(draws))
    return new


def place_tile(state: DerelictState, slot: str, tile: str, token: int = 0) -> None:
    """Put ``tile`` face down in ``slot`` (swapping with wherever it was) and exploration token ``token``."""
    ship = state.ship
    holder = next((s for s, t in ship.tiles.items() if t == tile), None)
    if holder is not None and holder != slot:
        ship.tiles[holder] = ship.tiles[slot]
    ship.tiles[slot] = tile
    other = next(s for s, t in ship.explore_tokens.items() if t == token)
    ship.explore_tokens[other] = ship.explore_tokens[slot]
    ship.explore_tokens[slot] = token


@dataclass
class Play:
    """A game driven through ``SPEC`` like the host drives it, keeping every event handed out."""

    state: DerelictState
    events: list[Event] = field(default_factory=list)

    def prompts(self) -> list[Prompt]:
        return SPEC.prompts(self.state)

    def pending(self, seat: int) -> Prompt:
        prompt = next((p for p in self.prompts() if p.seat == seat), None)
        assert prompt is not None, f"nothing waits on seat {seat}: {[p.id for p in self.prompts()]}"
        return prompt

    def choices(self, seat: int) -> list[str]:
        return [c.id for c in self.pending(seat).choices]

    def act(self, seat: int, *choice_ids: str) -> Play:
        """``seat`` answers its pending prompts with ``choice_ids``, one after the other."""
        for choice in choice_ids:
            prompt = self.pending(seat)
            assert prompt.choice(choice) is not None, f"{choice!r} not offered by {prompt.id}: {self.choices(seat)}"
            self.state, events = SPEC.apply(self.state, seat, prompt.id, choice)
            self.events += events
        return self

    def texts(self, seat: int | None = None) -> list[str]:
        """Event texts readable by ``seat`` (``None``: the channel)."""
        return [e.text for e in self.events if e.readable_by(seat)]

    def public(self) -> str:
        return "\n".join(e.text for e in self.events if e.is_public)

    def view(self, seat: int | None = None) -> DerelictView:
        return SPEC.view(self.state, seat)
