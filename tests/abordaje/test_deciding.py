"""Who a view marks as waiting is worked out without building the questions (issue 26's speed work): it must be
exactly the seats the pending prompts address, on every state of seeded games (both variants, with and without
the handicap), through placing, resolving with its questions, and the end."""

from __future__ import annotations

import pytest

from engine.abordaje import SPEC
from engine.abordaje.rules import deciding
from engine.core import SeatSetup
from tests.seeded import random_states


@pytest.mark.parametrize("options", [{}, {"variant": "advanced", "handicap": True}])
def test_waiting_seats_are_those_the_prompts_ask(options: dict[str, object]) -> None:
    phases: set[str] = set()
    for seed in (1, 2):
        roles = [r.key for r in SPEC.roles]
        seats = [SeatSetup(role=roles[(i + seed) % len(roles)]) for i in range(2)]
        start = SPEC.setup(seats, SPEC.options_model(**options), seed)
        for state in random_states(SPEC, start, seed, 600):
            assert deciding(state) == {p.seat for p in SPEC.prompts(state)}
            phases.add(state.phase)
    assert {"assign", "orders", "over"} <= phases
