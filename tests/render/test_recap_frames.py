"""The recap GIF shows every board exactly as it was drawn, even when the boards of a game differ in size (a
Jupiter board grows with the game): the smaller ones are padded with white, their colours untouched."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from render.core.palette import RGB, Ink, palette_bytes
from render.recap import animate


def board(height: int, ink: Ink) -> Image.Image:
    image = Image.new("P", (120, height), Ink.PAPER)
    image.putpalette(palette_bytes())
    draw = ImageDraw.Draw(image)
    draw.rectangle((10, 10, 60, height - 10), fill=ink)
    draw.text((70, 20), "T07", fill=Ink.BLACK)
    return image


def colours(image: Image.Image) -> set[object]:
    return {colour for _, colour in image.getcolors() or []}


def png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def test_boards_of_different_sizes_keep_their_exact_colours_padded_with_white() -> None:
    boards = [board(80, Ink.ORANGE), board(100, Ink.SKY), board(90, Ink.VERMILLION)]
    gif = Image.open(io.BytesIO(animate(lambda i: png(boards[i]), len(boards))))
    assert gif.n_frames == 3
    for i, drawn in enumerate(boards):
        gif.seek(i)
        shown = gif.convert("RGB")
        assert shown.size == (120, 100)
        assert shown.crop((0, 0, 120, drawn.height)).tobytes() == drawn.convert("RGB").tobytes(), f"board {i}"
        if drawn.height < 100:
            below = shown.crop((0, drawn.height, 120, 100))
            assert colours(below) == {(255, 255, 255)}, "padded with white"
    assert RGB[Ink.PAPER] in colours(shown)
