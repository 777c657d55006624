"""The leak scan's check of DMs' "since your last move" lines can fail: another seat's news in a DM is reported,
the addressee's own is not (a real ¡Abordaje! log, replayed as the scan does)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, cast

from engine.core import SeatSetup
from engine.core.playout import LoggedAction
from engine.core.words import name_seats
from engine.registry import GAMES

from .leaks import PRIVATE_NEWS, LeakScanner, Moment, News

ALICE, BOB = 101, 102


def played(steps: int = 12) -> tuple[Moment, dict[int, list[str]]]:
    """A random ¡Abordaje! log, and each seat's private news in it as a DM names people."""
    spec = GAMES["abordaje"]
    options: dict[str, Any] = {}
    state = spec.setup([SeatSetup(role="pirate"), SeatSetup(role="spanish")], spec.parse_options(options), 7)
    names = {0: "Alice", 1: "Bob"}
    rng = random.Random(2)
    log: list[LoggedAction] = []
    news: dict[int, list[str]] = {0: [], 1: []}
    for _ in range(steps):
        prompts = spec.prompts(state)
        if not prompts:
            break
        prompt = rng.choice(prompts)
        choice = rng.choice(prompt.choices)
        state, events = spec.apply(state, prompt.seat, prompt.id, choice.id)
        log.append(LoggedAction(prompt.seat, prompt.id, choice.id))
        for e in events:
            for seat in news:
                if not e.is_public and e.readable_by(seat):
                    news[seat].append(name_seats(e.text, names))
    moment = Moment(
        game_id=1,
        game_key="abordaje",
        status="active",
        version=len(log) + 1,
        options=options,
        seed=7,
        roles=("pirate", "spanish"),
        users={ALICE: 0, BOB: 1},
        snapshot=state.model_dump_json(),
        log=tuple(log),
        names=names,
    )
    return moment, news


def test_another_seats_news_in_a_dm_is_a_leak_and_ones_own_is_not() -> None:
    moment, news = played()
    bobs_only = [line for line in news[1] if line not in news[0]]
    assert news[0] and bobs_only, "the log gives each seat news of its own"
    scanner = LeakScanner(env=cast(Any, None), db=Path("unused.db"))
    scanner.news.append(News(1, (ALICE,), [PRIVATE_NEWS + news[0][-1], "A line the channel saw."], moment))
    assert scanner._scan_news() == []
    scanner.news.append(News(2, (ALICE,), [PRIVATE_NEWS + bobs_only[-1]], moment))
    problems = scanner._scan_news()
    assert len(problems) == 1 and bobs_only[-1] in problems[0]
