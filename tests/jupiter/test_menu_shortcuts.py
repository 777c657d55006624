"""The action menu's shortcuts (issue 26's speed work) answer as the full search does: whether the turn ends by
itself (the menu's only entry is "End your actions"), whether Teleport has a landing space, which colonists the
"which colonist" question offers (each known to move without working out where), and where a chosen colonist
may go. Checked on every state of seeded games, with and without Polite Colonists (where a colonist may pass
others on its way)."""

from __future__ import annotations

import pytest

from engine.core import SeatSetup
from engine.jupiter import SPEC
from engine.jupiter.actions import (
    command_dests,
    command_range,
    commandable,
    menu,
    movers,
    only_end,
    special_has_use,
    teleport_spots,
)
from engine.jupiter.state import COLONIST
from tests.seeded import random_states


@pytest.mark.parametrize("polite", [False, True])
def test_shortcuts_answer_as_the_full_search(polite: bool) -> None:
    asked = ends = offered = blocked = 0
    for seed in (2, 5):
        options = SPEC.options_model(polite_colonists=polite)
        start = SPEC.setup([SeatSetup() for _ in range(2 + seed % 3)], options, seed)
        for state in random_states(SPEC, start, seed, 400):
            if state.phase != "actions" or state.chain:
                continue
            asked += 1
            whole = commandable(state)
            in_range = [d for tile in command_range(state) for d in state.pieces_on(tile, COLONIST)]
            blocked += len(in_range) - len(whole)  # colonists in range with nowhere to go: not offered
            assert movers(state) == list(whole)
            assert movers(state, first_only=True) == list(whole)[:1]
            for dome, dests in whole.items():
                assert command_dests(state, dome) == dests
            assert special_has_use(state, "teleport") == bool(teleport_spots(state))
            entries = [c.id for c in menu(state)]
            ends += entries == ["end"]
            offered += "command" in entries
            assert only_end(state) == (entries == ["end"])
            spent = state.clone()  # every action spent: the menu may hold only "End your actions", or free plays
            spent.spent = 99
            ends += menu(spent)[0].id == "end"
            assert only_end(spent) == ([c.id for c in menu(spent)] == ["end"])
    assert asked > 50 and offered > 10 and blocked > 0 and 0 < ends < asked
