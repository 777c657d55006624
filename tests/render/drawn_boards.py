"""Seeded boards of every game, drawn every way a player sees them, for the tests that prove a faster path in
``render.core`` draws the same images (``test_stamps_*.py``, ``test_png_*.py``).

``drawn(game)`` walks a seeded random playout and, every few steps, draws the public board, each seat's
hand and close-up, every zoom, the full board and the board marked with the last move's changes: each image named, so a
difference points at what a player would see.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Iterator
from typing import Any

from PIL import Image

from engine.core import SeatSetup
from engine.core.playout import random_playout
from engine.registry import GAMES
from render.registry import RENDERERS

GAMES_DRAWN = ("abordaje", "capricorn", "derelict", "jupiter", "pioneers")


def drawn(game: str, *, seed: int = 3, steps: int = 90, every: int = 15) -> Iterator[tuple[str, bytes]]:
    """(name, PNG bytes) of the images of a seeded playout of ``game``, every ``every`` steps."""
    spec: Any = GAMES[game]
    renderer: Any = RENDERERS[game]
    options = spec.options_model()
    roles = [role.key for role in spec.roles] if spec.roles_required else []
    seats = [SeatSetup(role=roles[i] if i < len(roles) else None) for i in range(spec.max_seats(options))]
    before = None  # the state before this step's move: the marked board rings what that move changed
    for index, step in enumerate(random_playout(spec, seats, options, seed)):
        if index >= steps:
            break
        if index % every:
            before = step.after
            continue
        public = spec.view(step.after, None)
        yield f"{index} board", renderer.board(public)
        yield f"{index} full", renderer.full(public)
        for area in renderer.areas(public):
            yield f"{index} zoom {area.key}", renderer.zoom(public, area.key)
        if before is not None:
            yield f"{index} marked", renderer.marked(public, spec.view(before, None))[0]
        before = step.after
        for seat in range(len(seats)):
            own = spec.view(step.after, seat)
            hand = renderer.hand(own)
            if hand is not None:
                yield f"{index} seat {seat} hand", hand
            if hasattr(renderer, "closeup"):
                closeup = renderer.closeup(own)
                if closeup is not None:
                    yield f"{index} seat {seat} closeup", closeup


def pixels_digest(png: bytes) -> str:
    """What a player sees of a PNG (size, palette, pixels), whatever bytes encode it."""
    with Image.open(io.BytesIO(png)) as image:
        image.load()
        palette = bytes(image.getpalette() or []) if image.mode == "P" else b""
        head = f"{image.mode} {image.size}".encode()
        return hashlib.sha256(head + palette + image.tobytes()).hexdigest()[:16]


def rewrite_digests() -> None:
    """Take the digests anew (``python -m tests.render.drawn_boards``): only after a change meant to draw
    differently, looked at first; a faster path must pass against the digests it found."""
    import json
    from pathlib import Path

    digests = {game: {name: pixels_digest(png) for name, png in drawn(game, every=15)} for game in GAMES_DRAWN}
    text = json.dumps(digests, indent=1, sort_keys=True) + "\n"
    (Path(__file__).parent / "drawn_pixels.json").write_text(text, "utf-8")


if __name__ == "__main__":
    rewrite_digests()
