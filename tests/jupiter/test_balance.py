"""The balance run of digest section 8, kept out of the quick suite (``pytest -m slow``): it plays many seeded
games, so it guards against stalemates and crashes over many layouts rather than pinning a win rate."""

from __future__ import annotations

import pytest

from engine.jupiter.selfplay import run_game


@pytest.mark.slow
@pytest.mark.parametrize("robots", [1, 2, 3, 4, 5, 6, 7])
def test_every_bot_game_ends_well_within_the_turn_cap(robots: int) -> None:
    # Given 20 seeded colonies per robot count, when the bot plays each, then every game ends (no stalemate)
    # well before 400 turns, the digest's stalemate line.
    results = [run_game((seed, robots, {}, False)) for seed in range(20)]
    assert all(r.reason != "stalled" for r in results)
    assert all(r.turns < 400 for r in results)


@pytest.mark.slow
@pytest.mark.parametrize("option", ["robot_vulnerability", "fast_creeps", "ultimate_heroes", "polite_colonists"])
def test_each_alternate_rule_plays_to_an_end(option: str) -> None:
    results = [run_game((seed, 3, {option: True}, False)) for seed in range(10)]
    assert all(r.reason != "stalled" and r.turns < 400 for r in results)
