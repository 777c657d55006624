"""The hand image's lines about the hand last passed on (``render.abordaje.passed``): laid out ahead for every
combination a game can show, kept in caches of their own, and drawn as the shared text path draws them.

The lines are wrapped and stamped apart from ``render.core``'s caches, so each must be what ``render.core.wrap``
and ``stamp_text`` give; a kept line must never stand for another text (two hands differing only in what was
passed on draw different images, each the one the shared path draws); and ``warm`` must cover every text a game
shows, or its first showing is drawn during a player's move again.
"""

from __future__ import annotations

import pytest

from engine.abordaje.view import AbordajeView
from render.abordaje import passed
from render.abordaje.hand import PASSED_WIDTH, TEXT, draw_hand
from render.core import font, wrap
from render.core.sheet import Sheet
from render.core.stamps import text_stamp

from .test_abordaje_render import GAMES, playout, seat_view


def _same_as_the_shared_path(every: int) -> None:
    face = font(TEXT)
    texts = list(passed.every_text())
    assert len(texts) == len(set(texts)) > 500
    for text in texts[::every]:
        lines = passed.wrapped(text, face, PASSED_WIDTH)
        assert lines == tuple(wrap(text, face, PASSED_WIDTH)), text
        for line in lines:
            own, shared = passed._stamp(line, face), text_stamp(line, face, "la")
            assert own.offset == shared.offset, line
            assert [(ink, mask.tobytes()) for ink, mask in own.layers] == [
                (ink, mask.tobytes()) for ink, mask in shared.layers
            ], line


def test_passed_texts_are_wrapped_and_stamped_as_the_shared_text_path_does() -> None:
    _same_as_the_shared_path(every=5)


@pytest.mark.slow
def test_every_passed_text_is_wrapped_and_stamped_as_the_shared_text_path_does() -> None:
    _same_as_the_shared_path(every=1)


def test_every_passed_text_a_seeded_game_shows_is_laid_out_ahead() -> None:
    ahead = set(passed.every_text())
    shown = 0
    for game in GAMES:
        for state in playout(*game):
            for seat in (0, 1):
                text = passed.passed_text(seat_view(state, seat))
                if text:
                    assert text in ahead, text
                    shown += 1
    assert shown > 100


def _a_hand_passed_on() -> AbordajeView:
    for state in playout(*GAMES[0]):
        view = seat_view(state, 0)
        if len(view.last_passed) >= 3 and view.hand:
            return view
    raise AssertionError("the seeded game never shows a hand of three passed on")


def test_hands_differing_only_in_what_was_passed_on_draw_different_images_each_as_the_shared_path_draws() -> None:
    one = _a_hand_passed_on()
    others = [
        one.model_copy(update={"last_passed": [*one.last_passed[:-1], "stand_up"]}),
        one.model_copy(update={"last_passed": one.last_passed[:2]}),
        one.model_copy(update={"drawn_set_aside": "repel", "hand": [k for k in one.hand if k != "repel"]}),
    ]
    for other in others:
        assert passed.passed_text(other) != passed.passed_text(one)
        for first, second in ((one, other), (other, one)):
            passed.wrapped.cache_clear()
            passed._stamp.cache_clear()
            drawn_first, drawn_second = draw_hand(first).tobytes(), draw_hand(second).tobytes()
            assert drawn_first != drawn_second
            assert drawn_first == draw_hand(first, Sheet()).tobytes()  # measured: every line through ``say``
            assert drawn_second == draw_hand(second, Sheet()).tobytes()
    passed.warm(TEXT, PASSED_WIDTH)  # as the process had it: the other tests' hands find their lines kept
