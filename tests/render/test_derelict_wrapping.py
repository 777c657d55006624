"""Derelict's lines wrapped with fewer measures (``render.derelict.places.wrapped``) are ``render.core.wrap``'s lines.

Pinned: random texts of the words the private image and the result screen print (long words, spaces doubled, empty
texts) in the faces and widths they are wrapped to, and every peek and task a seeded game shows, wrap the same.
"""

from __future__ import annotations

import random

from engine.derelict import SPEC
from engine.derelict.view import DerelictView
from render.core import font, wrap
from render.derelict.places import wrapped
from tests.render.test_derelict_render import states

TEXT = (
    "a I to the Reactor Control S07 holds (quiet, 3 items). Round 11: slot shows damaged on top, working below. "
    "Decontaminationprocedureoverride WWWWWWWWWW iiii · ffi ---- ø É Escape with two others"
)
WORDS = TEXT.split(" ")


def test_random_texts_wrap_as_render_core_wraps_them() -> None:
    rng = random.Random(26)
    for _ in range(50):
        words = " ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 24)))
        if rng.random() < 0.2:
            words = "  " + words.replace(" ", "   ", 2) + " "
        for size, bold in ((18, False), (18, True), (21, True)):
            face = font(size, bold=bold)
            width = rng.choice((60, 170, 300, 576))
            assert wrapped(words, face, width) == wrap(words, face, width), (words, size, bold, width)


def test_a_game_s_peeks_and_tasks_wrap_as_render_core_wraps_them() -> None:
    texts = set()
    for state in states(6, every=10):
        for seat in range(len(state.players)):
            view = SPEC.view(state, seat)
            assert isinstance(view, DerelictView)
            texts.update([*view.peeks, *view.tasks, ", ".join(view.items)])
    for words in sorted(texts):
        for bold in (False, True):
            assert wrapped(words, font(18, bold=bold), 576) == wrap(words, font(18, bold=bold), 576), words
