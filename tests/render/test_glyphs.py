"""Lines stamped from kept glyphs (``render.core.glyphs``) are Pillow's own pixels, and their boxes summed from kept
advances, kernings and glyph boxes are FreeType's own: in the faces the games print in (every face of
``stamp_texts.json``, the texts the five games stamp), at every anchor, for board-like lines, random ones and the
games' own texts; what the glyphs cannot build or measure goes to Pillow."""

from __future__ import annotations

import json
import random
import string
from collections import Counter
from pathlib import Path

import pytest
from PIL import ImageFont

from render.core.fonts import font
from render.core.glyphs import CHARACTERS, SUMS_KEPT, drawn, glyph_face, line, measured
from render.core.stamps import text_stamp

TEXTS = json.loads((Path(__file__).parent / "stamp_texts.json").read_text("utf-8"))
FACES = Counter((size, name == "DejaVuSans-Bold.ttf") for _, name, size, _ in TEXTS)
GAME_FACES = sorted(FACES)
BUSIEST = [face for face, _ in FACES.most_common(3)]
"""The faces the games stamp most texts in (checked by default; every face in the slow sweep)."""
LINES = [
    "Round 12 · player1 (Scout Lindqvist) to act",
    "player2 (Engineer Ruiz) · S07 Fire Suppression · passed · 1st",
    "F fire 3/8 · X malfunction 2/8 · self-destruct armed, 4 of 6",
    "Pods: 1 locked · 2 unlocked, 1 aboard · 3 launched",
    'Zoë Ångström-O\'Neil (Pilot Okafor) · dead · mauled → "infected"',
    "office fluffy affix flame",  # the font's fi/fl ligatures: Pillow draws these lines
    "Task Live specimen · 2 infection cards: 1 INFECTED, 1 clean",
    "¡Abordaje! 3 × 2 crew — Santísima Trinidad…",
    "⟦S3⟧ ⇄ B2 ✓ done · ● ★ ✖ ↻ ⊕ ▭ › next",
]
ANCHORS = ("la", "lm", "ls", "ld", "ma", "mm", "ms", "ra", "rm", "rd")


def random_lines(n: int, seed: int, letters: str = string.ascii_letters + string.digits + " ()·:,.'-/") -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(letters) for _ in range(rng.randint(2, 50))) for _ in range(n)]


def pixels(made: object) -> tuple[object, ...]:
    mask = made.mask  # type: ignore[attr-defined]
    return (made.offset, None if mask is None else (mask.size, mask.tobytes()))  # type: ignore[attr-defined]


def compare(faces: list[tuple[int, bool]], lines: int, anchors: tuple[str, ...], own: int) -> tuple[int, int]:
    """Every line's stamp and measure in every face and anchor compared with Pillow's: how many were built and
    how many measured from kept glyphs."""
    built = summed = 0
    for size, bold in faces:
        face = font(size, bold=bold)
        assert isinstance(face, ImageFont.FreeTypeFont)
        kept = glyph_face(face)
        games = [text for text, name, s, _ in TEXTS if s == size and (name == "DejaVuSans-Bold.ttf") == bold]
        for words in LINES + games[:own] + random_lines(lines, size * 2 + bold):
            for anchor in anchors:
                ours = kept.stamp(words, anchor)
                built += ours is not None
                theirs = drawn(words, face, anchor)
                assert pixels(line(words, face, anchor)) == pixels(theirs), (words, size, bold, anchor)
                if ours is not None:
                    assert pixels(ours) == pixels(theirs), (words, size, bold, anchor)
                box = measured(face, words, anchor)
                summed += box is not None
                pillow = ImageFont.FreeTypeFont.getbbox(face, words, anchor=anchor)
                assert box is None or box == pillow, (words, size, bold, anchor)
                assert face.getbbox(words, anchor=anchor) == pillow, (words, size, bold, anchor)
    return built, summed


def test_a_line_built_from_glyphs_is_the_line_pillow_draws() -> None:
    built, summed = compare(BUSIEST, 12, ("la", "lm", "mm", "rd", "mb"), 50)
    assert built > 500  # most lines are built from glyphs, not drawn by Pillow
    assert summed > 500  # and measured from their numbers, not laid out by FreeType


@pytest.mark.slow
def test_every_face_the_games_use_builds_pillows_lines_at_every_anchor() -> None:
    built, summed = compare(GAME_FACES, 30, (*ANCHORS, "lt", "mb"), len(TEXTS))
    assert built > 15000
    assert summed > 15000


def test_a_stamp_in_a_kept_face_is_pillows_stamp() -> None:
    face = font(18, bold=True)
    glyph_face(face)
    for words in ("Round 12 · to act", "Hull 3/4 — crew 5", "x"):
        made = drawn(words, face, "mm")
        stamp = text_stamp(words, face, "mm")
        assert made.mask is not None
        assert stamp.offset == made.offset
        assert stamp.layers[0][1].tobytes() == made.mask.tobytes()


def test_ligatures_and_unknown_characters_go_to_pillow() -> None:
    face = font(18)
    assert glyph_face(face).stamp("office", "la") is None  # "fi" is one glyph in this font
    assert glyph_face(face).stamp("ok 🙂", "la") is None
    assert glyph_face(face).stamp("top", "lt") is None  # the text's own top: Pillow's
    assert "🙂" not in CHARACTERS
    assert pixels(line("office", face, "la")) == pixels(drawn("office", face, "la"))


def test_a_line_measured_again_at_other_anchors_is_pillows_box_and_the_kept_lines_stay_bounded() -> None:
    """A new text is measured at its width's anchor and where it is drawn: the second measure comes from the line's
    kept sums, still FreeType's box, and a face keeps at most ``SUMS_KEPT`` lines (a line dropped is summed anew)."""
    face = font(20)
    assert isinstance(face, ImageFont.FreeTypeFont)
    kept = glyph_face(face)
    kept.warm(pairs=False)
    lines = random_lines(SUMS_KEPT + 200, 7)
    for words in lines:
        for anchor in ("la", "mm", "rs"):
            box = kept.box(words, anchor)
            assert box is None or box == ImageFont.FreeTypeFont.getbbox(face, words, anchor=anchor), (words, anchor)
    assert len(kept._sums) <= SUMS_KEPT
    first = lines[0]  # dropped long ago: summed again, the same box
    box = kept.box(first, "md")
    assert box is None or box == ImageFont.FreeTypeFont.getbbox(face, first, anchor="md")
