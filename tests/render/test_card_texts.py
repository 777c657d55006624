"""Card texts (issue 18): a card's name is not enough; the text under the board says what the cards in play do."""

from __future__ import annotations

from engine.core import SeatSetup
from engine.core.playout import random_playout
from engine.jupiter import SPEC, JupiterOptions
from engine.jupiter.catalog import CATALOG
from engine.jupiter.view import JupiterView


def card_line(key: str) -> str:
    return f"• **{CATALOG.card_name(key)}**: {CATALOG.card(key).text}"


def test_jupiter_says_what_the_acting_robot_cards_do_and_every_seat_reads_it() -> None:
    options = JupiterOptions()
    seats = [SeatSetup() for _ in range(3)]
    checked = 0
    for step in random_playout(SPEC, seats, options, 4, max_steps=400):
        view = SPEC.view(step.after, None)
        assert isinstance(view, JupiterView)
        if view.phase in ("won", "lost"):
            continue  # the game is over: the text gives the result
        described = view.describe()
        if view.phase == "core":
            in_play = {k for robot in view.robots for k in robot.dealt}
        else:
            acting = next(robot for robot in view.robots if robot.seat == view.active)
            in_play = {k for k in [acting.core, *acting.hand] if k}
        shown = sorted(line for line in described.splitlines() if line.startswith("• "))
        assert shown == sorted(card_line(k) for k in in_play)
        assert all(SPEC.view(step.after, seat).describe() == described for seat in range(3))
        checked += len(in_play)
    assert checked > 100
