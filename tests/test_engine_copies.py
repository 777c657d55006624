"""``apply`` copies only what a move changes and shares the rest (issue 26's speed work): these tests hold it to the
contract that made the old full JSON copies safe.

For seeded random games of every game, after each action:
- the state handed to ``apply`` is unchanged, and so is every earlier state of the game (the host keeps parsed
  states in its cache and answers from them; a part shared between two states must never change under either);
- ``apply`` on the state as the store would parse it from its snapshot gives the same state, events, prompts,
  views and outcome as ``apply`` on the state kept in memory: a game played on from the cache and a game
  reloaded after a restart are one game.
"""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel

from engine.core import GameSpec, SeatSetup
from engine.core.rng import RiggedRng, Rng
from engine.registry import GAMES

from .seeded import random_states

SEEDS = range(2)
MAX_STEPS = 200
SHARED = {
    "capricorn": (".log.start", ".log.rng"),  # the turn's starting table: a replay copies it, never changes it
    "abordaje": (".resolution.board", ".resolution.rng"),  # the resolution's snapshot: the same
}
"""The parts a state after a move may share with the state before (each game's docstring says why); any other
shared list, dict or model would let a later move change a state the host still holds."""


def seats_for(spec: GameSpec[Any, Any], seed: int) -> list[SeatSetup]:
    players = spec.min_players + seed % (spec.max_players - spec.min_players + 1)
    keys = [r.key for r in spec.roles]
    return [SeatSetup(role=keys[(i + seed) % len(keys)]) if keys else SeatSetup() for i in range(players)]


def told(spec: GameSpec[Any, Any], state: Any, players: int) -> list[str]:
    """Everything the host reads of a state, as JSON: prompts, outcome and every viewer's view."""
    outcome = spec.outcome(state)
    return [
        state.model_dump_json(),
        *(p.model_dump_json() for p in spec.prompts(state)),
        outcome.model_dump_json() if outcome is not None else "playing",
        *(spec.view(state, viewer).model_dump_json() for viewer in [None, *range(players)]),
    ]


@pytest.mark.parametrize("key", sorted(GAMES))
@pytest.mark.parametrize("seed", SEEDS)
def test_apply_leaves_earlier_states_alone_and_matches_a_reloaded_state(key: str, seed: int) -> None:
    spec = GAMES[key]
    seats = seats_for(spec, seed)
    state = spec.setup(seats, spec.options_model(), seed)
    chooser = Rng.from_seed(seed ^ 0x5EED)
    kept: list[tuple[Any, str]] = []
    for step in range(MAX_STEPS):
        prompts = spec.prompts(state)
        if not prompts:
            break
        where = f"game={key} seed={seed} step={step}"
        prompt = chooser.choice(prompts)
        choice = chooser.choice(prompt.choices)
        snapshot = state.model_dump_json()
        kept.append((state, snapshot))
        after, events = spec.apply(state, prompt.seat, prompt.id, choice.id)
        assert state.model_dump_json() == snapshot, f"apply changed the state it was given: {where}"
        shared = [p for p in shared_mutables(state, after) if not p.startswith(SHARED.get(key, ()))]
        assert shared == [], f"shared with the state before: {shared}: {where}"
        reloaded, reloaded_events = spec.apply(spec.load_state(snapshot), prompt.seat, prompt.id, choice.id)
        assert events == reloaded_events, f"events differ from a reloaded state's: {where}"
        assert told(spec, after, len(seats)) == told(spec, reloaded, len(seats)), f"differs from reloaded: {where}"
        state = after
    for step, (earlier, snapshot) in enumerate(kept):
        assert earlier.model_dump_json() == snapshot, f"a later action changed step {step}: game={key} seed={seed}"


def shared_mutables(a: Any, b: Any, path: str = "") -> list[str]:
    """The paths at which ``a`` and ``b`` hold the very same mutable object (a list, dict, set or unfrozen model),
    walking the parts both have (a list's common length, a dict's common keys)."""
    if isinstance(a, BaseModel):
        if type(a) is not type(b):
            return []
        found = [path or "."] if a is b and not a.model_config.get("frozen") else []
        for name in type(a).model_fields:
            found += shared_mutables(getattr(a, name), getattr(b, name), f"{path}.{name}")
        return found
    if isinstance(a, (list, dict, set)):
        if type(a) is not type(b):
            return []
        found = [path] if a is b else []
        if isinstance(a, dict):
            for k in a.keys() & b.keys():
                found += shared_mutables(a[k], b[k], f"{path}[{k!r}]")
        elif isinstance(a, list):
            for i, (x, y) in enumerate(zip(a, b, strict=False)):
                found += shared_mutables(x, y, f"{path}[{i}]")
        return found
    if isinstance(a, tuple) and isinstance(b, tuple):
        return [p for i, (x, y) in enumerate(zip(a, b, strict=False)) for p in shared_mutables(x, y, f"{path}[{i}]")]
    return []


def mid_game(key: str, steps: int = 120) -> Any:
    spec = GAMES[key]
    state = spec.setup(seats_for(spec, 1), spec.options_model(), 1)
    *_, last = random_states(spec, state, 7, steps + 1)
    return last


def test_a_capricorn_table_copy_shares_nothing_a_turn_changes() -> None:
    crew = mid_game("capricorn").crew
    copy = crew.clone()
    assert copy == crew
    assert shared_mutables(crew, copy) == []


def test_a_pioneers_copy_is_equal_and_shares_nothing_a_move_changes() -> None:
    state = mid_game("pioneers")
    copy = state.clone()
    assert copy == state
    assert copy.model_dump_json() == state.model_dump_json()
    assert shared_mutables(state, copy) == []


@pytest.mark.parametrize("steps", [7, 13, 28, 37])  # placing, resolving (with answers, without), over
def test_an_abordaje_copy_is_equal_and_shares_nothing_a_move_changes(steps: int) -> None:
    state = mid_game("abordaje", steps)
    copy = state.clone()
    assert copy == state
    assert copy.model_dump_json() == state.model_dump_json()
    assert shared_mutables(state, copy) == []


@pytest.mark.parametrize("key", ["jupiter", "derelict"])
def test_a_hand_copy_is_equal_and_shares_nothing_a_move_changes(key: str) -> None:
    state = mid_game(key)
    copy = state.clone()
    assert copy == state
    assert copy.model_dump_json() == state.model_dump_json()
    assert shared_mutables(state, copy) == []


def test_a_copied_generator_draws_as_the_original_and_a_rigged_one_keeps_its_own_queue() -> None:
    plain = Rng.from_seed(11)
    copy = plain.clone()
    assert [copy.randrange(100) for _ in range(5)] == [plain.randrange(100) for _ in range(5)]
    rigged = RiggedRng(state=3, queued=[2, 0])
    twin = rigged.clone()
    assert type(twin) is RiggedRng and twin.randrange(3) == 2  # a test's queued draws survive the copy
    assert rigged.queued == [2, 0]  # and drawing from the copy leaves the original's queue alone


def test_a_capricorn_table_copy_has_pieces_of_its_own() -> None:
    """``Crew.clone`` copies aliens and Mothers by hand (``state._piece``): each copy has its own fields, and its own
    record of the fields set (a move setting one on the copy leaves the original's alone)."""
    crew = mid_game("capricorn").crew
    copy = crew.clone()
    pieces = [
        *zip(crew.aliens, copy.aliens, strict=True),
        *zip(crew.mothers.values(), copy.mothers.values(), strict=True),
    ]
    assert pieces
    for original, piece in pieces:
        assert piece == original and piece is not original and piece.__dict__ is not original.__dict__
        assert piece.model_fields_set == original.model_fields_set
        assert piece.__pydantic_fields_set__ is not original.__pydantic_fields_set__
    before = set(crew.aliens[0].model_fields_set)
    alien = copy.aliens[0]
    alien.damage += 1  # a move's hit sets the field on the copy
    assert crew.aliens[0].damage == alien.damage - 1 and crew.aliens[0].model_fields_set == before
