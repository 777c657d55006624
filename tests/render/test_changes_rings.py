"""The what-changed rings look as ``ImageDraw`` draws them: a black edge, a ``MARK`` band and a corner flag.

``render.core.changes`` draws them through the image's core for speed; these tests hold that drawing to the
shapes Pillow's own ``ImageDraw`` makes (the rings every board showed before), for a large ring, a ring too small
for its flag (clipped by its box) and a ring broken round a text it would cover, and check that a board ringed in
place for its PNG is given back exactly as it was.
"""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from render.core.canvas import new_canvas
from render.core.changes import FLAG, MARK, RING, Change, ring, ringed_png
from render.core.palette import Ink
from render.core.sheet import HALO, NO_MASK, Mark, Sheet


def drawn_by_pillow(image: Image.Image, left: int, top: int, right: int, bottom: int) -> None:
    """A ring filling ``(left, top, right, bottom)`` (right and bottom exclusive), drawn with ``ImageDraw``."""
    draw = ImageDraw.Draw(image)
    draw.rectangle((left, top, right - 1, bottom - 1), outline=int(Ink.BLACK), width=1)
    draw.rectangle((left + 1, top + 1, right - 2, bottom - 2), outline=int(MARK), width=RING - 2)
    draw.polygon([(left, top), (left + FLAG, top), (left, top + FLAG)], fill=int(MARK), outline=int(Ink.BLACK))


def board() -> Image.Image:
    image = new_canvas(200, 120)
    ImageDraw.Draw(image).rectangle((20, 20, 180, 100), fill=int(Ink.SKY))  # something for the rings to cross
    return image


def test_a_large_ring_and_a_small_one_are_pillows_shapes() -> None:
    large, small = (40, 30, 120, 90), (150, 40, 158, 46)  # the small one is narrower than its flag
    ringed = ring(board(), [Change(large, "a"), Change(small, "b")])
    expected = board()
    x0, y0, x1, y1 = large
    drawn_by_pillow(expected, x0 - RING, y0 - RING, x1 + RING + 1, y1 + RING + 1)
    x0, y0, x1, y1 = small
    part = expected.crop((x0 - RING, y0 - RING, x1 + RING + 1, y1 + RING + 1))
    drawn_by_pillow(part, 0, 0, part.width, part.height)  # clipped by its box
    expected.paste(part, (x0 - RING, y0 - RING))
    assert ringed.tobytes() == expected.tobytes()
    assert ringed.histogram()[int(MARK)] > 0


def test_a_ring_is_broken_where_it_would_cover_a_text() -> None:
    text = Mark("3", 14, (36, 50, 44, 64), NO_MASK, NO_MASK)  # reaches the ring's left band
    around = Sheet(marks=[text], boxes_only=True)
    ringed = ring(board(), [Change((50, 30, 120, 90), "a")], around)
    plain = board()
    reach = (36 - HALO, 50 - HALO, 44 + HALO, 64 + HALO)
    assert ringed.crop(reach).tobytes() == plain.crop(reach).tobytes()
    assert ringed.crop((45, 25, 47, 95)).histogram()[int(MARK)] > 0, "the band is drawn where nothing is kept"


def test_a_board_ringed_in_place_for_its_png_is_given_back_unchanged() -> None:
    image = board()
    changes = [Change((40, 30, 120, 90), "a"), Change((100, 60, 170, 95), "b"), Change((150, 10, 155, 14), "c")]
    data = ringed_png(image, changes, Sheet(boxes_only=True), own=True)
    assert image.tobytes() == board().tobytes()
    assert Image.open(io.BytesIO(data)).tobytes() == ring(board(), changes).tobytes()
