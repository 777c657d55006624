"""Issue 26: the faster text stamps and PNG encoding in ``render.core`` draw every game's boards pixel for pixel
as before.

``drawn_pixels.json`` holds, for seeded playouts of the five games, the digest of what a player sees (size,
palette, pixels) of every image ``drawn_boards.drawn`` makes (board, full board, zooms, marked board, hands,
close-ups), taken with the code before issue 26's stamp and PNG work. The digests ignore how the PNG's bytes
are compressed, so a faster encoder that keeps the pixels passes. A change meant to draw differently takes
them anew: ``python -m tests.render.drawn_boards``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .drawn_boards import GAMES_DRAWN, drawn, pixels_digest

BEFORE: dict[str, dict[str, str]] = json.loads((Path(__file__).parent / "drawn_pixels.json").read_text("utf-8"))


def compare(game: str, every: int) -> None:
    seen = 0
    for name, png in drawn(game, every=every):
        assert pixels_digest(png) == BEFORE[game][name], f"{game}: step {name} is not drawn as before"
        seen += 1
    assert seen >= len(BEFORE[game]) * 15 // every // 2, f"{game}: only {seen} images drawn"


@pytest.mark.parametrize("game", GAMES_DRAWN)
def test_every_image_of_a_seeded_game_is_drawn_as_before(game: str) -> None:
    compare(game, every=30)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES_DRAWN)
def test_every_image_of_a_longer_seeded_game_is_drawn_as_before(game: str) -> None:
    compare(game, every=15)
