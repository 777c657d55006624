"""The smaller parts a new deck or card's orders is made of (``AbordajeRenderer.pieces``) are never stale.

A deck drawn anew pastes each crew's disc and count, and a card's orders drawn anew paste each side's slot, from
parts kept apart (many of them drawn ahead by ``warm``). Each must be the very pixels, texts and pieces a fresh
drawing gives, whatever board the piece was first drawn on: a slot on a card being assigned (its orange frame)
or not, swapped or not, spent or not; a crew on either ship's deck, of any count.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from engine.abordaje.view import AbordajeView
from render.abordaje import AbordajeRenderer
from render.abordaje.phone import LOOKS_KEPT, _halves_hold, card_looks, draw_phone
from render.core.sheet import Sheet

from .test_abordaje_render import GAMES, playout, public


def _entries(sheet: Sheet) -> list[tuple[str, object]]:
    return [(m.text, m.box) for m in sheet.marks] + [(f"{t.space} {t.what}", t.box) for t in sheet.tokens]


def _fresh(view: AbordajeView) -> tuple[bytes, list[tuple[str, object]]]:
    sheet = Sheet(boxes_only=True)
    return draw_phone(view, sheet).tobytes(), _entries(sheet)


def _made_of_pieces(renderer: AbordajeRenderer, view: AbordajeView) -> tuple[bytes, list[tuple[str, object]]]:
    """The board with no big part kept, so every deck and card's orders is made anew of kept pieces."""
    renderer.sections.clear()
    sheet = Sheet(boxes_only=True)
    return renderer._phone(view, sheet).tobytes(), _entries(sheet)


@pytest.mark.parametrize("game", [GAMES[0], GAMES[2]], ids=["basic", "advanced"])
def test_every_board_made_of_pieces_drawn_ahead_is_the_board_drawn_fresh(game: tuple[str, bool, int]) -> None:
    renderer = AbordajeRenderer()
    renderer.warm()
    ahead = renderer.pieces.draws
    states = playout(*game)
    for state in states[:: max(1, len(states) // 60)]:
        view = public(state)
        assert _made_of_pieces(renderer, view) == _fresh(view)
    assert renderer.pieces.pastes > 0
    assert renderer.pieces.draws - ahead < renderer.pieces.pastes  # most pieces were drawn ahead


def _edited(view: AbordajeView, change: Callable[[dict], None]) -> AbordajeView:  # type: ignore[type-arg]
    data = view.model_dump()
    change(data)
    return AbordajeView.model_validate(data)


def _assigning(data: dict) -> None:  # type: ignore[type-arg]
    """The card whose slots are asked about is being assigned now (its frame orange), its orders unchanged."""
    data["phase"] = "assign"
    data["assigning_card"] = data["cards"][0]["number"]


def _face_down(data: dict) -> None:  # type: ignore[type-arg]
    data["cards"][0]["slots"]["spanish"].update(filled=True, kind=None, spent=False)


def _spent(data: dict) -> None:  # type: ignore[type-arg]
    data["cards"][0]["slots"]["pirate"].update(filled=True, kind="fire", spent=True)


def _swapped(data: dict) -> None:  # type: ignore[type-arg]
    data["sides"]["pirate"]["swapped"] = [data["cards"][0]["number"], data["cards"][1]["number"]]


def _one_more_crew(data: dict) -> None:  # type: ignore[type-arg]
    data["cards"][0]["decks"]["spanish"]["spanish_crew"] += 1


def _crew_on_the_other_ship(data: dict) -> None:  # type: ignore[type-arg]
    decks = data["cards"][0]["decks"]
    decks["pirate"]["pirate_crew"], decks["spanish"]["pirate_crew"] = (
        decks["spanish"]["pirate_crew"],
        decks["pirate"]["pirate_crew"],
    )


def _a_view() -> AbordajeView:
    states = playout(*GAMES[0])
    for state in states[len(states) // 4 :]:
        view = public(state)
        first = view.cards[0]
        if first.active and first.decks["spanish"].spanish_crew and first.decks["pirate"].pirate_crew:
            return _edited(view, lambda data: data["cards"][0]["slots"]["pirate"].update(filled=False, kind=None))
    raise AssertionError("the seeded game has no board with both crews on the first card")


def _each_order_drawn_fresh(
    change: Callable[[dict], None],  # type: ignore[type-arg]
) -> Iterator[tuple[AbordajeRenderer, Any, Any]]:
    """A board and the same board ``change``d, drawn one after the other on a new renderer (no piece drawn ahead:
    the first board's pieces are the ones kept), in each order: each is the board drawn fresh. Yields the renderer
    and both drawings, for what a test asserts besides."""
    one = _a_view()
    other = _edited(one, change)
    for first, second in ((one, other), (other, one)):
        renderer = AbordajeRenderer()
        drawn_first, drawn_second = _made_of_pieces(renderer, first), _made_of_pieces(renderer, second)
        assert drawn_first == _fresh(first)
        assert drawn_second == _fresh(second)
        yield renderer, drawn_first, drawn_second


@pytest.mark.parametrize("change", [_assigning, _face_down, _spent, _swapped, _one_more_crew, _crew_on_the_other_ship])
def test_boards_differing_in_one_piece_draw_different_boards_each_as_drawn_fresh(
    change: Callable[[dict], None],  # type: ignore[type-arg]
) -> None:
    for renderer, drawn_first, drawn_second in _each_order_drawn_fresh(change):
        assert renderer.pieces.pastes > 0
        assert drawn_first[0] != drawn_second[0]


def _phase(data: dict) -> None:  # type: ignore[type-arg]
    """Only the header's line changes (what the game is doing)."""
    data["phase"] = "captain" if data["phase"] != "captain" else "resolve"


def _won(data: dict) -> None:  # type: ignore[type-arg]
    """The whole header turns green: both its halves."""
    data["winner"] = "spanish"
    data["phase"] = "over"


def _named(data: dict) -> None:  # type: ignore[type-arg]
    data["names"] = {0: "Ágata Jyq", 1: "Brígida"}
    data["sides"]["pirate"]["waiting"] = True


@pytest.mark.parametrize("change", [_phase, _won, _named])
def test_boards_differing_in_one_half_of_the_header_draw_different_boards_each_as_drawn_fresh(
    change: Callable[[dict], None],  # type: ignore[type-arg]
) -> None:
    for _, drawn_first, drawn_second in _each_order_drawn_fresh(change):
        assert drawn_first[0][: 640 * 93] != drawn_second[0][: 640 * 93]


def test_a_name_measured_past_its_half_of_the_header_draws_the_header_whole_as_drawn_fresh() -> None:
    """A name of stacked accents is measured reaching from the header's line into its title's half: such a header is
    drawn whole (``phone._halves_hold``), the same pixels as a board drawn fresh, before and after other headers."""
    one = _edited(_a_view(), _named)
    tall = _edited(one, lambda data: data["names"].update({0: "Z" + "\u0301" * 12 + "a" + "\u0323" * 12}))
    assert not _halves_hold("¡Abordaje! · turn 1", f"Orders resolve · to play: {tall.names[0]}")
    renderer = AbordajeRenderer()
    for view in (one, tall, one, tall):
        assert _made_of_pieces(renderer, view) == _fresh(view)


def test_a_cards_looks_are_remembered_by_its_view_and_follow_what_it_shows() -> None:
    """``card_looks`` keys a card by its view object (the engine shares one between equal states): an equal copy of
    the card is keyed the same, a card whose crew, order or conqueror differs is keyed apart, and a full memory
    forgets, never confuses, its cards."""
    view = _a_view()
    card = view.cards[0]
    assert card_looks(card) == card_looks(card.model_copy(deep=True))
    for change in (_one_more_crew, _spent, lambda data: data["cards"][0].update(active=False, conquered_by=["pirate"])):
        other = _edited(view, change).cards[0]
        assert card_looks(other) != card_looks(card)
    many = [card.model_copy(update={"number": n}) for n in range(LOOKS_KEPT + 10)]
    assert [card_looks(c)[1][1] for c in many] == list(range(LOOKS_KEPT + 10))
    assert card_looks(card) == card_looks(card.model_copy(deep=True))
