"""¡Abordaje!'s board and hand parts drawn once and pasted (``render.abordaje.sections``) are never stale.

A pasted part must be the very pixels (and the very texts and pieces, in order, for the what-changed rings) a
fresh drawing of the view gives. Two views that differ only inside one part (a deck's crew, a card's order, a
side's numbers, whether it waits, a placed order in a hand) must draw different images, each equal to a fresh
drawing, whichever was drawn first.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PIL import Image

from engine.abordaje.view import AbordajeView
from render.abordaje import AbordajeRenderer
from render.abordaje.hand import FACES, LINES, draw_hand
from render.abordaje.phone import draw_phone
from render.abordaje.sections import Sections
from render.core.sheet import Sheet

from .test_abordaje_render import GAMES, playout, public, seat_view

Edit = Callable[[AbordajeView], AbordajeView]


def _a_public_view() -> AbordajeView:
    """A board with crews on the decks and orders face down and face up (a state in the middle of a game)."""
    states = playout(*GAMES[0])
    for state in states[len(states) // 3 :]:
        view = public(state)
        kinds = [card.slots[side].kind for card in view.cards for side in ("pirate", "spanish")]
        if view.phase == "resolve" and any(kinds) and not all(kinds):
            return view
    raise AssertionError("the seeded game has no resolve phase with orders up and down")


def _edited(view: AbordajeView, change: Callable[[dict[str, object]], None]) -> AbordajeView:
    data = view.model_dump()
    change(data)
    return AbordajeView.model_validate(data)


def _crew(data: dict[str, object]) -> None:
    data["cards"][1]["decks"]["spanish"]["pirate_crew"] += 1  # type: ignore[index]


def _order(data: dict[str, object]) -> None:
    slot = data["cards"][2]["slots"]["pirate"]  # type: ignore[index]
    slot.update(filled=True, kind=None if slot["kind"] == "fire" else "fire", spent=not slot["spent"])


def _captain(data: dict[str, object]) -> None:
    data["cards"][0]["decks"]["pirate"]["captains"] = ["spanish"]  # type: ignore[index]


def _numbers(data: dict[str, object]) -> None:
    data["sides"]["spanish"]["hand_count"] += 1  # type: ignore[index]


def _waiting(data: dict[str, object]) -> None:
    side = data["sides"]["pirate"]  # type: ignore[index]
    side["waiting"] = not side["waiting"]


def _swap(data: dict[str, object]) -> None:
    data["sides"]["pirate"]["swapped"] = (1, 3)  # type: ignore[index]


def _turn(data: dict[str, object]) -> None:
    data["turn"] += 1  # type: ignore[operator]


def _initiative(data: dict[str, object]) -> None:
    data["initiative"] = "spanish" if data["initiative"] == "pirate" else "pirate"


def _fresh(view: AbordajeView) -> tuple[bytes, list[tuple[str, object]]]:
    """The board drawn from nothing (static layer included), with its sheet's texts and pieces in order."""
    sheet = Sheet(boxes_only=True)
    image = draw_phone(view, sheet)
    return image.tobytes(), _entries(sheet)


def _entries(sheet: Sheet) -> list[tuple[str, object]]:
    return [(m.text, m.box) for m in sheet.marks] + [(f"{t.space} {t.what}", t.box) for t in sheet.tokens]


def _pasted(renderer: AbordajeRenderer, view: AbordajeView) -> tuple[bytes, list[tuple[str, object]]]:
    sheet = Sheet(boxes_only=True)
    image = renderer._phone(view, sheet)
    return image.tobytes(), _entries(sheet)


@pytest.mark.parametrize("change", [_crew, _order, _captain, _numbers, _waiting, _swap, _turn, _initiative])
def test_views_differing_inside_one_part_draw_different_boards_each_as_drawn_fresh(
    change: Callable[[dict[str, object]], None],
) -> None:
    one = _a_public_view()
    other = _edited(one, change)
    renderer = AbordajeRenderer()
    for first, second in ((one, other), (other, one)):
        renderer.sections.clear()
        drawn_first = _pasted(renderer, first)
        drawn_second = _pasted(renderer, second)
        assert renderer.sections.pastes > 0  # the parts the change left alone were pasted
        assert drawn_first == _fresh(first)
        assert drawn_second == _fresh(second)
        assert drawn_first[0] != drawn_second[0]


def test_a_whole_game_pasted_part_by_part_is_every_board_as_drawn_fresh() -> None:
    renderer = AbordajeRenderer()
    states = playout(*GAMES[2])
    for state in [*states[:: max(1, len(states) // 40)], states[-1]]:  # the result screen last
        view = public(state)
        assert _pasted(renderer, view) == _fresh(view)
    assert renderer.sections.pastes > renderer.sections.draws


def test_a_hand_with_pasted_parts_is_the_hand_drawn_fresh() -> None:
    sections = Sections()
    states = playout(*GAMES[3])
    for state in states[:: max(1, len(states) // 40)]:
        for seat in (0, 1):
            view = seat_view(state, seat)
            if view.my_side is None:
                continue
            pasted = draw_hand(view, None, sections)
            assert pasted.tobytes() == draw_hand(view).tobytes()
    assert sections.pastes > 0


def _a_hand_with_orders_placed() -> AbordajeView:
    for state in playout(*GAMES[0]):
        view = seat_view(state, 0)
        side = view.my_side
        if side is not None and any(card.slots[side].kind for card in view.cards if card.active):
            return view
    raise AssertionError("the seeded game never shows a hand with an order placed")


def _placed_edited(view: AbordajeView, kind: str | None, spent: bool) -> AbordajeView:
    data = view.model_dump()
    card = next(c for c in data["cards"] if c["active"] and c["slots"][view.my_side]["kind"])
    card["slots"][view.my_side].update(kind=kind, spent=spent, filled=kind is not None)  # type: ignore[index]
    return AbordajeView.model_validate(data)


def test_hands_differing_only_in_one_placed_order_draw_different_lines_each_as_drawn_fresh() -> None:
    """A line of placed orders is kept by its look alone (``LINES``): another order, or the same one spent, or none,
    on the same card must paste another line, each the very pixels of drawing it in place."""
    one = _a_hand_with_orders_placed()
    side = one.my_side
    placed = next(c.slots[side] for c in one.cards if c.active and c.slots[side].kind)  # type: ignore[index]
    kind = "fire" if placed.kind == "stand_up" else "stand_up"
    others = [_placed_edited(one, kind, placed.spent), _placed_edited(one, placed.kind, not placed.spent)]
    others.append(_placed_edited(one, None, False))
    for other in others:
        for first, second in ((one, other), (other, one)):
            pasted_first = draw_hand(first, None, Sections()).tobytes()
            pasted_second = draw_hand(second, None, Sections()).tobytes()
            assert pasted_first != pasted_second
            assert pasted_first == draw_hand(first).tobytes()
            assert pasted_second == draw_hand(second).tobytes()
    assert len(LINES) > 0


def test_the_parts_kept_stay_within_their_budget() -> None:
    sections = Sections(max_bytes=100 * 100 * 3)
    image = Image.new("P", (400, 100), 0)
    for key in range(10):
        sections.put(image, None, (0, 0, 100, 100), key, lambda draw, sheet: None, None)  # type: ignore[arg-type]
    assert len(sections) == 3
    assert sections.nbytes() == 100 * 100 * 3


def test_a_warmed_renderer_draws_the_same_images_without_drawing_a_layer_or_a_card_face_again() -> None:
    warmed, fresh = AbordajeRenderer(), AbordajeRenderer()
    warmed.warm()
    layers, faces = warmed.layers.draws, FACES.draws
    for game in (GAMES[0], GAMES[2]):  # a basic and an advanced game
        states = playout(*game)
        for state in states[:: max(1, len(states) // 8)]:
            assert warmed.board(public(state)) == fresh.board(public(state))
            for seat in (0, 1):
                assert warmed.hand(seat_view(state, seat)) == fresh.hand(seat_view(state, seat))
    assert (warmed.layers.draws, FACES.draws) == (layers, faces)
