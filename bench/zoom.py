"""How long a **Zoom** takes to answer: the public view built, the area cut from the detailed board, encoded.

A player zooms into a board the channel was just shown, so the detailed board of that view is usually not
drawn yet (the channel's board is the phone overview): each sample is a view whose images are not cached, on
a renderer whose static layers are warm (as in a bot that has run a while: a first pass over the same views
draws them, then the image cache is emptied), zoomed into one area picked at random.
"""

from __future__ import annotations

import random
import time
from typing import Any

from engine.core import GameSpec, SeatSetup
from engine.core.playout import random_playout
from render.registry import Renderer, Zoomable

from .stats import Dist


def measure_zoom(spec: GameSpec[Any, Any], renderer: Renderer | None, seeds: list[int], samples: int) -> Dist | None:
    """Milliseconds per zoom answer over ``samples`` states of seeded random games; ``None`` without zoom."""
    if not isinstance(renderer, Zoomable):
        return None
    fresh: Any = type(renderer)()
    options: Any = spec.options_model()
    count = spec.max_seats(options)
    roles = [role.key for role in spec.roles] if spec.roles_required else []
    seats = [SeatSetup(role=roles[i] if i < len(roles) else None) for i in range(count)]
    states = [step.after for seed in seeds for step in random_playout(spec, seats, options, seed)]
    rng = random.Random(0)
    picked = rng.sample(states, min(samples, len(states)))
    for state in picked:  # static layers drawn once, as in a bot that has run a while
        view = spec.view(state, None)
        fresh.zoom(view, fresh.areas(view)[0].key)
    fresh.cache.clear()
    times = []
    for state in picked:
        start = time.perf_counter()
        view = spec.view(state, None)
        area = rng.choice(fresh.areas(view)).key
        fresh.zoom(view, area)
        fresh.zoom_alt(view, area)
        times.append((time.perf_counter() - start) * 1000)
    return Dist.of(times)
