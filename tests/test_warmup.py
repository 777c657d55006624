"""A started bot draws ahead for every game that can (``bot.warmup``), and one game failing to does not stop it."""

from __future__ import annotations

import gc

import pytest

from bot.collector import unsettle
from bot.warmup import ready_for_play, warm_renderers
from render.registry import RENDERERS, Warms


class Broken:
    """A renderer whose drawing ahead fails (a font missing, say)."""

    def warm(self) -> None:
        raise OSError("cannot open resource")


def test_every_renderer_that_can_draws_ahead_and_a_failing_one_is_skipped(caplog: pytest.LogCaptureFixture) -> None:
    renderers = {"abordaje": RENDERERS["abordaje"], "broken": Broken()}
    assert warm_renderers(renderers) == ["abordaje"]  # type: ignore[arg-type]
    assert "drawing ahead for broken failed" in caplog.text


async def test_ready_for_play_draws_ahead_then_settles_the_collector() -> None:
    warming = {k: RENDERERS[k] for k in RENDERERS if isinstance(RENDERERS[k], Warms)}
    try:
        await ready_for_play(warming)
        assert gc.get_freeze_count() > 0
    finally:
        unsettle()  # this test process builds many bots: keep nothing frozen for them, the usual schedule
