"""Views built without validating their fields (``engine.core.copies.built``, issue 26's speed work): every view a
seeded game shows must be what validating the same values gives, field for field and all the way down (same
values, same types of every list, tuple and dict inside, same fields set, same JSON), for every viewer."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel

from engine.core import SeatSetup
from engine.registry import GAMES

from .seeded import random_states


def played(game: str, seed: int, players: int, steps: int) -> list[Any]:
    """The states of a seeded game with random answers, one a move."""
    spec = GAMES[game]
    keys = [r.key for r in spec.roles]
    seats = [SeatSetup(role=keys[(i + seed) % len(keys)]) if keys else SeatSetup() for i in range(players)]
    state = spec.setup(seats, spec.options_model(), seed)
    return list(random_states(spec, state, seed, steps + 1))


def same(built: Any, validated: Any, where: str) -> None:
    """``built`` is ``validated`` down to the type of every value inside and every model's fields set."""
    assert type(built) is type(validated), where
    if isinstance(built, BaseModel):
        assert list(built.__dict__) == list(validated.__dict__), where  # the order a dump follows
        assert built.model_fields_set == validated.model_fields_set, where
        for name in type(built).__pydantic_fields__:
            same(getattr(built, name), getattr(validated, name), f"{where}.{name}")
    elif isinstance(built, dict):
        assert list(built) == list(validated), where
        for key in built:
            same(built[key], validated[key], f"{where}[{key!r}]")
    elif isinstance(built, (list, tuple)):
        assert len(built) == len(validated), where
        for i, (mine, theirs) in enumerate(zip(built, validated, strict=True)):
            same(mine, theirs, f"{where}[{i}]")
    else:
        assert built == validated, where


def twin(view: BaseModel) -> BaseModel:
    """The view validating its own values gives, with the same fields set (``model_validate`` of a dump of the
    set fields only, nested models' too, so a field left to its default stays unset)."""
    return type(view).model_validate(view.model_dump(exclude_unset=True))


GAMES_BUILT = [
    ("jupiter", [(1, 1), (3, 4)]),
    ("derelict", [(1, 1), (3, 5)]),
    ("pioneers", [(1, 2), (2, 4)]),
    ("abordaje", [(1, 2), (2, 2)]),
]
"""The games whose views are built without validating, with seeds and players a game of each is played with."""


@pytest.mark.parametrize("game, seeds", GAMES_BUILT)
def test_every_view_is_the_view_validating_its_values_gives(game: str, seeds: list[tuple[int, int]]) -> None:
    spec = GAMES[game]
    for seed, players in seeds:
        for state in played(game, seed, players, 80)[::3]:
            for viewer in [None, *range(players)]:
                view = spec.view(state, viewer)
                validated = twin(view)
                same(view, validated, f"{game} seed={seed} viewer={viewer}")
                assert view.model_dump_json() == validated.model_dump_json()
