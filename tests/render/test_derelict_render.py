"""The Derelict renderer on states of seeded random games (not registered yet: driven directly).

Pinned: every board is a landscape palette PNG under 250 KB; the same view gives the same bytes; a state
re-dealt in everything the public cannot see gives the very same board image (no hidden fact is drawn);
the static layer is drawn once; the private image exists only for a seat; the board refuses a seat's view.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engine.derelict import SPEC
from render.derelict import DerelictRenderer
from tests.derelict.playout import random_game
from tests.derelict.resample import resample_hidden

MAX_BYTES = 250_000


def states(seed: int, every: int = 25) -> list:  # type: ignore[type-arg]
    return [s for i, (s, _) in enumerate(random_game(seed)) if i % every == 0 and s.phase != "setup"]


@pytest.mark.parametrize("seed", [2, 4])
def test_boards_are_landscape_palette_pngs_and_hide_what_the_public_cannot_see(seed: int) -> None:
    renderer = DerelictRenderer()
    for n, state in enumerate(states(seed)):
        png = renderer.board(SPEC.view(state, None))
        image = Image.open(io.BytesIO(png))
        assert image.mode == "P" and image.width > image.height and len(png) < MAX_BYTES
        assert renderer.board(SPEC.view(state, None)) == png
        if state.phase != "over":
            other = resample_hidden(state, None, seed * 100 + n)
            assert DerelictRenderer().board(SPEC.view(other, None)) == png, f"seed {seed} state {n}"
    assert renderer.layers.draws == 1


def test_the_private_image_is_for_a_seat_only_and_the_board_refuses_a_seat_view() -> None:
    renderer = DerelictRenderer()
    state = states(3)[1]
    assert renderer.hand(SPEC.view(state, None)) is None
    assert renderer.hand(SPEC.view(state, 0)) is not None
    with pytest.raises(ValueError, match="public view"):
        renderer.board(SPEC.view(state, 0))
