"""Alt text on every image (issues 18 and 26): a plain sentence of what the image shows, from the view it is drawn from.

The board's alt text comes from the public view (so it cannot name a hidden card: the Discord leak scan reads
it with the channel's messages); a seat's hand image gets its own, from that seat's view.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from engine.registry import GAMES
from render.core.alt import ALT_LIMIT
from render.registry import RENDERERS, Zoomable

from .test_legibility import public_views


@pytest.mark.parametrize("game", sorted(RENDERERS))
def test_every_board_has_a_plain_alt_text_that_follows_the_game(game: str) -> None:
    renderer = RENDERERS[game]
    texts = [renderer.alt(view) for view in public_views(game, 1)]
    for words in texts:
        assert words.startswith(f"The {GAMES[game].name} board"), words
        assert "**" not in words and "`" not in words, words  # read aloud: no Markdown marks
        assert len(words) <= ALT_LIMIT
    assert len(set(texts)) > 1, "the alt text never changes while the game goes on"


@pytest.mark.parametrize("game", sorted(RENDERERS))
def test_a_seat_alt_text_is_built_from_that_seat_view(game: str) -> None:
    """A seat's image is described from its own view: told apart from the board's, and never the public one."""
    spec, renderer = GAMES[game], RENDERERS[game]
    view = public_views(game, 1)[-1]
    seat_view = view.model_copy(update={"viewer": 0})
    assert renderer.alt(seat_view).startswith(f"Your {spec.name} hand")
    assert renderer.alt(seat_view) != renderer.alt(view)


ZOOMABLE = sorted(game for game, renderer in RENDERERS.items() if isinstance(renderer, Zoomable))


@pytest.mark.parametrize("game", ZOOMABLE)
def test_every_zoom_has_a_plain_alt_text_naming_its_area(game: str) -> None:
    """A zoom's alt text says it is a close-up (or zoom) of this game's board and is built from the public view: the
    same for a seat's view (a hand never reaches it), and it changes as the game goes on."""
    renderer: Any = RENDERERS[game]
    views = public_views(game, 1)
    texts = set()
    for view in (views[0], views[len(views) // 2], views[-1]):
        for area in renderer.areas(view):
            words = renderer.zoom_alt(view, area.key)
            assert re.match(r"A (close-up|zoom) ", words) and GAMES[game].name in words, words
            assert "**" not in words and "`" not in words and len(words) <= ALT_LIMIT, words
            texts.add(words)
    assert len(texts) > len(renderer.areas(views[0])), "the zooms' alt texts never change"
