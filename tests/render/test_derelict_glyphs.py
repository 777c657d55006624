"""Derelict's lines stamped from kept glyphs (``render.derelict.glyphs``) are Pillow's own pixels: every face the
phone board and the private image use, every anchor they draw with, board-like lines and random ones."""

from __future__ import annotations

import random
import string

from render.core.fonts import font
from render.core.stamps import text_stamp
from render.derelict.glyphs import CHARACTERS, glyph_face, line_stamp

FACES = ((18, False), (18, True), (21, True), (20, True), (19, False))
LINES = [
    "Round 12 · player1 (Scout Lindqvist) to act",
    "player2 (Engineer Ruiz) · S07 Fire Suppression · passed · 1st",
    "F fire 3/8 · X malfunction 2/8 · self-destruct armed, 4 of 6",
    "Pods: 1 locked · 2 unlocked, 1 aboard · 3 launched",
    'Zoë Ångström-O\'Neil (Pilot Okafor) · dead · mauled → "infected"',
    "office fluffy affix flame",  # the font's fi/fl ligatures: Pillow draws these lines
    "Task Live specimen · 2 infection cards: 1 INFECTED, 1 clean",
]


def random_lines(n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    letters = string.ascii_letters + string.digits + " ()·:,.'-/"
    return ["".join(rng.choice(letters) for _ in range(rng.randint(2, 50))) for _ in range(n)]


def pixels(stamp: object) -> tuple[object, ...]:
    offset, layers = stamp.offset, stamp.layers  # type: ignore[attr-defined]
    return (offset, tuple((ink, mask.size, mask.tobytes()) for ink, mask in layers))


def test_a_line_built_from_glyphs_is_the_line_pillow_draws() -> None:
    built = 0
    for size, bold in FACES:
        face = font(size, bold=bold)
        for words in LINES + random_lines(60, size + bold):
            for anchor in ("la", "lm", "mm", "ra"):
                ours = glyph_face(face).stamp(words, anchor)
                built += ours is not None
                theirs = text_stamp(words, face, anchor)
                assert pixels(line_stamp(words, face, anchor)) == pixels(theirs), (words, size, bold, anchor)
                if ours is not None:
                    assert pixels(ours) == pixels(theirs), (words, size, bold, anchor)
    assert built > 1000  # most lines are built from glyphs, not handed to Pillow


def test_ligatures_and_unknown_characters_go_to_pillow() -> None:
    face = font(18)
    assert glyph_face(face).stamp("office", "la") is None  # "fi" is one glyph in this font
    assert glyph_face(face).stamp("ok 🙂", "la") is None
    assert "🙂" not in CHARACTERS
    assert pixels(line_stamp("office", face, "la")) == pixels(text_stamp("office", face, "la"))
