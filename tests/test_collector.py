"""A settled bot collects cycles between answers, never inside one (``bot.collector``)."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from bot import collector


class Node:
    """A piece of cyclic garbage: only the cycle collector frees it."""

    def __init__(self) -> None:
        self.me = self


@pytest.fixture
def settled() -> Iterator[None]:
    collector.settle()
    try:
        yield
    finally:
        collector.unsettle()  # this test process builds many bots: the usual schedule, nothing frozen


@pytest.fixture
def collections() -> Iterator[list[int]]:
    """The generation of every collection that starts while the test runs."""
    seen: list[int] = []

    def noted(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            seen.append(info["generation"])

    gc.callbacks.append(noted)
    try:
        yield seen
    finally:
        gc.callbacks.remove(noted)


def garbage(count: int) -> list[weakref.ref[Node]]:
    """``count`` unreachable cycles, each watched by a weak reference that dies when it is collected."""
    return [weakref.ref(Node()) for _ in range(count)]


def test_a_move_sized_batch_of_objects_starts_no_collection_until_the_answer_is_out(
    settled: None, collections: list[int]
) -> None:
    watched = garbage(5_000)  # several moves' worth of new objects: CPython would collect 7 times in there
    assert collections == []
    assert collector.between_answers() == 0
    assert collections == [0]
    assert all(ref() is None for ref in watched)  # the cycles are gone once nobody waits


def test_older_generations_follow_the_young_as_cpython_schedules_them(settled: None, collections: list[int]) -> None:
    answers = (collector.OLDER + 1) ** 2
    for _ in range(answers):
        garbage(collector.YOUNG)
        collector.between_answers()
    # Ten young collections, then the middle generation's; ten of those, then everything, on the last answer.
    assert len(collections) == answers
    assert collections.count(1) == collector.OLDER
    assert collections.count(2) == 1 and collections[-1] == 2


def test_nothing_is_due_below_the_young_threshold(settled: None, collections: list[int]) -> None:
    gc.collect()
    assert collector.between_answers() is None
    assert collections == [2]  # only the test's own collection


def test_a_process_that_never_settled_keeps_cpythons_own_schedule(collections: list[int]) -> None:
    garbage(5_000)
    assert collections  # collected while allocating, as always
    assert collector.between_answers() is None
