"""Views kept (issue 26's speed work) are the views built afresh: Cosmic Pioneers builds its table once per state for
every viewer (nothing in it is hidden from a seat) and keeps each sector by what it shows, Derelict keeps each room by
what it shows and a state's public part for both views of a move, ¡Abordaje! keeps each ship-deck card by what it
shows; a state changed in place gets a new view."""

from __future__ import annotations

import importlib

import pytest

from engine.abordaje import rules as abordaje_rules
from engine.core.recent import Recent
from engine.jupiter.state import COLONIST
from engine.pioneers import rules as pioneers_rules
from engine.registry import GAMES

from .seeded import random_states as played
from .test_engine_copies import seats_for

derelict_view = importlib.import_module("engine.derelict.view")  # the package's ``view`` is the function
capricorn_view = importlib.import_module("engine.capricorn.view")
jupiter_view = importlib.import_module("engine.jupiter.view")


def test_every_pioneers_viewer_sees_the_table_built_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = GAMES["pioneers"]
    seats = seats_for(spec, 1)
    for state in played(spec, spec.setup(seats, spec.options_model(), 1), 11, 90):
        for viewer in [None, *range(len(seats))]:
            kept = spec.view(state, viewer).model_dump_json()
            with monkeypatch.context() as empty:
                empty.setattr(pioneers_rules, "_sectors", Recent(256))  # nothing kept: every sector built anew
                fresh = pioneers_rules._table(state).model_copy(update={"viewer": viewer})
            assert kept == fresh.model_dump_json()


def test_a_pioneers_sector_changed_in_place_is_viewed_anew() -> None:
    spec = GAMES["pioneers"]
    state = next(
        s for s in played(spec, spec.setup(seats_for(spec, 0), spec.options_model(), 3), 3, 500) if s.phase == "play"
    )
    slot, sector = next((i, s) for i, s in enumerate(state.ring) if s.is_planet and None in s.spots)
    before = spec.view(state, None)
    sector.spots[sector.spots.index(None)] = "0"  # a colonist of the first seat, as a test setting up a position does
    after = spec.view(state, None)
    assert after.ring[slot].spots.count("0") == before.ring[slot].spots.count("0") + 1
    assert after.players[0].colonists == before.players[0].colonists + 1


def test_a_pioneers_state_changed_in_place_is_viewed_anew() -> None:
    spec = GAMES["pioneers"]
    state = spec.setup(seats_for(spec, 0), spec.options_model(), 2)
    before = spec.view(state, None)
    state.players[0].credits += 7  # as a test setting up a position does
    after = spec.view(state, 0)
    assert after.players[0].credits == before.players[0].credits + 7


KEPT = {
    "derelict": (
        3,
        3,
        5,
        120,
        [(derelict_view, "_rooms", 512), (derelict_view, "_boards", 16), (derelict_view, "_public", 4)],
    ),
    "abordaje": (0, 5, 7, 120, [(abordaje_rules, "_cards", 256)]),
    "capricorn": (1, 8, 8, 150, [(capricorn_view, "_aliens", 64)]),
    "jupiter": (
        1,
        4,
        4,
        120,
        [(jupiter_view, "_boards", 16), (jupiter_view, "_tile_views", 256), (jupiter_view, "_views", 4)],
    ),
}
"""Per game: extra seats, the set-up's seed, the play's seed, states at most, and the keepers its views use (a
module, the name of its ``Recent``, its size): Derelict's rooms, all its rooms together and its public part,
¡Abordaje!'s ship-deck cards, Capricorn's aliens, Jupiter's whole board, tiles and views."""


@pytest.mark.parametrize("game", sorted(KEPT))
def test_every_viewer_sees_what_is_kept_as_if_built_afresh(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    spec = GAMES[game]
    extra, setup_seed, play_seed, steps, keepers = KEPT[game]
    seats = seats_for(spec, extra)
    for state in played(spec, spec.setup(seats, spec.options_model(), setup_seed), play_seed, steps):
        for viewer in [None, *range(len(seats))]:
            kept = spec.view(state, viewer).model_dump_json()
            with monkeypatch.context() as empty:  # nothing kept: every piece built anew
                for module, name, size in keepers:
                    empty.setattr(module, name, Recent(size))
                assert kept == spec.view(state, viewer).model_dump_json()


def test_a_derelict_seat_view_asked_first_leaves_the_public_view_without_its_secrets() -> None:
    spec = GAMES["derelict"]
    seats = seats_for(spec, 2)
    for state in played(spec, spec.setup(seats, spec.options_model(), 2), 6, 40):
        for seat in range(len(seats)):
            mine = spec.view(state, seat)  # the public part is built for this one and kept
            public = spec.view(state, None)
            assert (public.viewer, public.hand, public.tasks, public.incoming) == (None, [], [], None)
            assert mine.viewer == seat and mine.tasks  # every seat holds a task, dealt or chosen
            assert mine.rooms == public.rooms


def test_a_derelict_hand_changed_in_place_is_viewed_anew() -> None:
    spec = GAMES["derelict"]
    state = next(
        s for s in played(spec, spec.setup(seats_for(spec, 0), spec.options_model(), 5), 5, 500) if s.phase == "play"
    )
    before = spec.view(state, 0)
    state.players[0].discard.append(state.players[0].hand.pop())  # as a test setting up a position does
    after = spec.view(state, 0)
    assert (after.seats[0].hand_size, len(after.seats[0].discard)) == (
        before.seats[0].hand_size - 1,
        len(before.seats[0].discard) + 1,
    )
    assert len(after.hand) == len(before.hand) - 1


def test_a_derelict_room_changed_in_place_is_viewed_anew() -> None:
    spec = GAMES["derelict"]
    state = spec.setup(seats_for(spec, 0), spec.options_model(), 4)
    room = next(r for r in spec.view(state, None).rooms if not r.fire)
    state.ship.fire.append(room.id)  # as a test setting up a position does
    assert next(r for r in spec.view(state, None).rooms if r.id == room.id).fire
    state = next(s for s in played(spec, state, 4, 500) if s.ship.intruders)  # play on until an intruder is aboard
    intruder = state.ship.intruders[0]
    before = spec.view(state, None)
    intruder.wounds += 1
    wounded = [i.wounds for r in spec.view(state, None).rooms for i in r.intruders if i.id == intruder.id]
    assert wounded == [next(i.wounds for r in before.rooms for i in r.intruders if i.id == intruder.id) + 1]


def test_an_abordaje_card_changed_in_place_is_viewed_anew() -> None:
    spec = GAMES["abordaje"]
    state = spec.setup(seats_for(spec, 0), spec.options_model(), 6)
    card = state.board.cards[0]
    ship = next(iter(card.decks))
    before = spec.view(state, None)
    card.decks[ship].crew["pirate"] += 2  # as a test setting up a position does
    after = spec.view(state, None)
    assert after.cards[0].decks[ship].pirate_crew == before.cards[0].decks[ship].pirate_crew + 2


def test_a_capricorn_alien_changed_in_place_is_viewed_anew() -> None:
    spec = GAMES["capricorn"]
    state = next(
        s for s in played(spec, spec.setup(seats_for(spec, 0), spec.options_model(), 9), 9, 500) if s.crew.aliens
    )
    alien = state.crew.aliens[0]
    before = next(a for a in spec.view(state, None).aliens if a.id == alien.id)
    alien.damage += 1  # as a test setting up a position does
    after = next(a for a in spec.view(state, None).aliens if a.id == alien.id)
    assert after.health == before.health - 1


def test_a_jupiter_piece_moved_in_place_is_viewed_anew() -> None:
    spec = GAMES["jupiter"]
    state = spec.setup(seats_for(spec, 0), spec.options_model(), 7)
    before = spec.view(state, None)
    dome = next(d for d, p in state.occupant.items() if p == COLONIST)
    del state.occupant[dome]  # the colonist taken off the board, as a test setting up a position does
    after = spec.view(state, None)
    assert [d.piece for t in after.tiles for d in t.domes if d.name == dome] == [None]
    assert [d.piece for t in before.tiles for d in t.domes if d.name == dome] == ["colonist"]
