"""A Capricorn view is built without validating its fields (``view._made``, issue 26's speed work): every view a
seeded game shows must be what validating the same values gives, field for field (same types, same fields set,
same JSON), and no two views, nor a view and the state, may share a list or dict a reader could change."""

from __future__ import annotations

from typing import Any

from engine.capricorn import SPEC, CapricornView
from engine.core import SeatSetup
from tests.seeded import random_states


def played(seed: int, players: int, steps: int) -> list[Any]:
    """The states of a seeded game with random answers, one a move."""
    roles = [r.key for r in SPEC.roles]
    state = SPEC.setup([SeatSetup(role=roles[i]) for i in range(players)], SPEC.options_model(), seed)
    return list(random_states(SPEC, state, seed, steps + 1))


def containers(value: Any) -> list[Any]:
    """Every list and dict in a view's fields, nested ones included."""
    found: list[Any] = []
    if isinstance(value, (list, dict)):
        found.append(value)
        for item in value.values() if isinstance(value, dict) else value:
            found += containers(item)
    elif isinstance(value, CapricornView) or hasattr(value, "__pydantic_fields__"):
        for name in type(value).__pydantic_fields__:
            found += containers(getattr(value, name))
    return found


def test_every_view_is_the_view_validating_its_values_gives() -> None:
    for seed, players in [(1, 1), (2, 3), (3, 5)]:
        for state in played(seed, players, 60):
            for viewer in [None, *range(state.seats)]:
                built = SPEC.view(state, viewer)
                validated = CapricornView.model_validate(built.model_dump())
                assert built == validated, f"seed={seed} viewer={viewer}"
                assert built.__dict__ == validated.__dict__
                assert [type(v) for v in built.__dict__.values()] == [type(v) for v in validated.__dict__.values()]
                assert list(built.__dict__) == list(validated.__dict__)  # the order a dump follows
                assert built.model_fields_set == CapricornView(**built.model_dump(exclude={"names"})).model_fields_set
                assert built.model_dump_json() == validated.model_dump_json()
                for mine, theirs in zip(built.characters, validated.characters, strict=True):
                    assert list(mine.__dict__) == list(theirs.__dict__)
                    assert mine.model_fields_set == theirs.model_fields_set


def test_a_view_shares_no_list_or_dict_with_another_view_or_the_state() -> None:
    state = played(4, 4, 80)[-1]
    board, panel = SPEC.view(state, None), SPEC.view(state, 0)
    again = SPEC.view(state, None)
    mine = {id(c) for c in containers(board)}
    assert mine.isdisjoint(id(c) for c in containers(panel))
    assert mine.isdisjoint(id(c) for c in containers(again))
    board.names[0] = "Ana"
    board.aliens.clear()  # a reader changing its own view changes no other view
    assert again.names == {} and len(again.aliens) == len(state.crew.aliens) == len(SPEC.view(state, 1).aliens)
