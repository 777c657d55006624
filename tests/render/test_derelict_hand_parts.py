"""A seat's private Derelict image pasted from the parts drawn before (``render.derelict.hand.HandParts``: card tiles
by card, the band of lines by its lines) is the very image drawn from nothing.

Pinned: over seeded games, every seat's image drawn with long-lived parts (every card's tile drawn ahead, as a
started process does) equals its fresh drawing; a card changed in a slot, a peek added, the same lines under one
row of cards and under two, each equal to the fresh drawing (so no part is ever shown stale or at a stale place);
a card whose word is too wide for a tile is drawn, never kept.
"""

from __future__ import annotations

from engine.derelict import SPEC
from engine.derelict.view import DerelictView
from render.derelict.hand import HandParts, draw_hand, has_private, warm
from tests.render.test_derelict_render import states


def assert_fresh(parts: HandParts, view: DerelictView, what: str) -> bytes:
    pasted = draw_hand(view, None, parts).tobytes()
    assert pasted == draw_hand(view).tobytes(), what
    return pasted


def private(seed: int, n: int, seat: int = 0) -> DerelictView:
    view = SPEC.view(states(seed)[n], seat)
    assert isinstance(view, DerelictView)
    return view


def test_every_seat_s_image_over_a_game_is_the_image_drawn_from_nothing() -> None:
    parts = HandParts()
    warm(parts)  # every card's tile drawn ahead, on a canvas of its own
    assert parts.tiles.get("infection card") is not None
    drawn = 0
    for seed in (2, 5):
        for n, state in enumerate(states(seed, every=8)):
            for seat in range(len(state.players)):
                view = SPEC.view(state, seat)
                assert isinstance(view, DerelictView)
                if has_private(view):
                    assert_fresh(parts, view, f"seed {seed} state {n} seat {seat}")
                    drawn += 1
    assert drawn > 10 and 0 < parts.draws < drawn * 4


def test_a_changed_card_peek_or_row_count_is_never_shown_stale() -> None:
    parts = HandParts()
    view = private(2, 2)
    assert len(view.hand) >= 2
    first = assert_fresh(parts, view, "the hand")
    swapped = view.model_copy(update={"hand": ["Adrenaline", *view.hand[1:]]})
    assert assert_fresh(parts, swapped, "another card in the first slot") != first
    peeked = view.model_copy(update={"peeks": [*view.peeks, "S03 holds a Hunter"]})
    assert assert_fresh(parts, peeked, "a peek added") != first
    for cards in (view.hand[:2], [*view.hand[:2], "Repair", "Scan", "Adrenaline"], []):
        assert_fresh(parts, view.model_copy(update={"hand": cards}), f"{len(cards)} cards over the same lines")
    assert_fresh(parts, view, "the first hand again")


def test_a_card_too_wide_for_its_tile_is_drawn_not_kept() -> None:
    parts = HandParts()
    view = private(3, 2)
    wide = view.model_copy(update={"hand": ["Decontaminationprocedureoverride", *view.hand]})
    assert_fresh(parts, wide, "a wide card")
    assert parts.tiles.get("Decontaminationprocedureoverride") is None
    assert_fresh(parts, wide.model_copy(update={"hand": [*view.hand, "Decontaminationprocedureoverride"]}), "moved")
