"""The turn menu asks once which room actions the player's room offers now (issue 26's speed work), not once per
room action: it must offer what asking every action's own test offers, on every turn of seeded games (in combat,
in malfunctioning rooms, in unexplored slots and explored rooms alike)."""

from __future__ import annotations

from engine.core import SeatSetup
from engine.derelict import SPEC
from engine.derelict.actions import Action, affordable, all_actions, available
from engine.derelict.state import DerelictState, Player
from tests.seeded import random_states


def every_test_asked(state: DerelictState, player: Player) -> list[Action]:
    """The menu as the rules say it: each action allowed, affordable, and with a choice for its first question."""
    return [
        a
        for a in all_actions()
        if (a.card is None or a.card in player.hand)
        and a.allowed(state, player)
        and affordable(state, player, a)
        and (not a.params or a.params[0].choices(state, player, {}))
    ]


def test_the_menu_offers_what_every_action_allows() -> None:
    turns = with_room_action = 0
    for seed in (1, 2, 3):
        start = SPEC.setup([SeatSetup() for _ in range(SPEC.min_players + seed % 2)], SPEC.options_model(), seed)
        for state in random_states(SPEC, start, seed, 300):
            if state.current is None or state.step is None or state.step.kind != "turn":
                continue
            player = state.players[state.current]
            menu = available(state, player)
            assert menu == every_test_asked(state, player)
            turns += 1
            with_room_action += any(a.room for a in menu)
    assert turns > 50 and with_room_action > 5
