"""Abandon Capricorn's hand image pastes each card from a tile drawn once a process (``render.capricorn.hand``).

What a player would notice if it went wrong: a card's name or option cut at its edge, or a hand that looks
different from the one drawn card by card. So every card of the game is checked to draw inside its frame, and
seeded hands are compared pixel for pixel with the same hands drawn card by card.
"""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from engine.capricorn.catalog import CATALOG
from render.capricorn import hand
from render.core import Ink, new_canvas

from .test_capricorn_render import GAMES, playout, view_of

PAD = 40


@pytest.mark.parametrize("card_id", sorted(CATALOG.actions))
def test_every_card_draws_inside_its_frame_so_its_tile_holds_all_of_it(card_id: str) -> None:
    canvas = new_canvas(hand.CARD_W + 1 + 2 * PAD, hand.CARD_H + 1 + 2 * PAD, Ink.PAPER)
    hand._draw_card(ImageDraw.Draw(canvas), PAD, PAD, card_id, None)
    inked = canvas.point(lambda v: 0 if v == int(Ink.PAPER) else 255, "L").getbbox()
    frame = (PAD, PAD, PAD + hand.CARD_W + 1, PAD + hand.CARD_H + 1)
    assert inked == frame, f"{card_id}: drawn over {inked}, its frame is {frame}"
    tile = hand.card_tile(card_id)
    assert tile.tobytes() == canvas.crop(frame).tobytes()


def _drawn_card_by_card(view: object, monkeypatch: pytest.MonkeyPatch) -> Image.Image:
    with monkeypatch.context() as patched:
        patched.setattr(
            hand, "_card", lambda image, draw, x, y, card_id, sheet: hand._draw_card(draw, x, y, card_id, sheet)
        )
        return hand.draw_hand(view)  # type: ignore[arg-type]


def test_a_hand_of_pasted_cards_is_the_hand_drawn_card_by_card(monkeypatch: pytest.MonkeyPatch) -> None:
    compared = 0
    for players, seed in GAMES:
        for state in playout(players, seed)[::15]:
            for seat in range(players):
                view = view_of(state, seat)
                if not hand.own_characters(view):
                    continue
                assert hand.draw_hand(view).tobytes() == _drawn_card_by_card(view, monkeypatch).tobytes()
                compared += 1
    assert compared >= 15
