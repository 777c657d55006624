"""Who must decide is known without building the choices where the turn's stage alone says a decision is due
(issue 26's speed work): settling asks it after every automatic step, and each view marks who is waiting. It
must name the seats ``decisions`` names, on every state of seeded games and at every stage a turn can be in
(the automatic ones settling passes through included), with crashes and combats coming first."""

from __future__ import annotations

from typing import get_args

from engine.core import SeatSetup
from engine.pioneers import SPEC
from engine.pioneers.state import TurnStage
from engine.pioneers.turn import ALWAYS_ASKED, deciding, decisions
from tests.seeded import random_states


def test_the_seats_deciding_are_those_of_the_decisions() -> None:
    shortcut = stages = 0
    for seed in (1, 2):
        options = SPEC.options_model(**({"layout": "random"} if seed == 2 else {}))
        start = SPEC.setup([SeatSetup() for _ in range(2 + seed)], options, seed)
        for i, state in enumerate(random_states(SPEC, start, seed, 250)):
            assert deciding(state) == [d.seat for d in decisions(state)]
            if state.current is None or i % 3:
                continue
            for stage in get_args(TurnStage):  # the same board at every stage of a turn
                staged = state.clone()
                assert staged.current is not None
                staged.current.stage = stage
                try:
                    seats = [d.seat for d in decisions(staged)]
                except AssertionError:  # a stage that needs what this turn has not got (a roll, an unloading)
                    continue
                assert deciding(staged) == seats
                stages += 1
                shortcut += stage in ALWAYS_ASKED and seats == [staged.current.seat]
    assert stages > 300 and shortcut > 30
