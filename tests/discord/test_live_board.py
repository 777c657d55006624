"""Issue 24 on the simulated Discord: people and seat bots, and the bot dying between a bot's commit and its
delivery, again and again.

Alice and Bob play beside seat bots. After each of their moves the bot's seat-bot round runs (``seat_bots``,
the loop's body) with a ``crash.Fuse`` armed at a random point of it: after a bot's commit, or anywhere in
the delivery of the round's moves (several commits of a round are delivered after the round). After a death a
fresh bot starts over the same database, runs its catch-up, and plays the bots' moves that are still due. Then:

- the newest board (the last message with a **Your move** button) shows the stored game, and no other message
  of the channel says "Press **Your move**" (the newest says it while a person is waited on);
- at the end, each person was pinged exactly once for every time they joined the people the game waits on
  (worked out by replaying the stored log), a bot never.
"""

from __future__ import annotations

import contextlib
import random
from collections import Counter
from collections.abc import Sequence

import pytest

from bot.replay import first_state, replay
from bot.store import GameRecord, Store
from bot.tables import Loaded
from bot.tables.liveboard import CALL_TO_ACTION
from engine.core import Prompt
from engine.registry import GAMES

from .conftest import Table
from .crash import Crash, Fuse, install
from .players import open_choices
from .sim import board, bot_messages, pings
from .stats import COUNTS
from .turns import stored

POINTS = 12  # points of a seat-bot round the fuse is armed among (a commit, each Discord request around it)
DEATHS = 0.6  # the share of bot rounds armed to die


def waited(record: GameRecord, prompts: Sequence[Prompt]) -> set[int]:
    seats = {p.seat for p in prompts}
    return {s.user_id for s in record.seats if s.seat in seats and not s.is_bot}


async def check_the_live_board(table: Table) -> None:
    record, state = await stored(table)
    spec = GAMES[record.game_key]
    prompts = spec.prompts(state) if record.status == "active" else []
    if record.status == "active":
        newest = board(table.channel, table.env)
        expected = table.bot.host.board_text(Loaded(record, spec, state), prompts)
        assert newest.content == expected, "the newest board does not show the stored game"
        calling = [m.id for m in bot_messages(table.channel, table.env) if CALL_TO_ACTION in m.content]
        assert calling == ([newest.id] if waited(record, prompts) else []), "a dead call to action"


async def bots_round_with_deaths(table: Table, fuse: Fuse, rng: random.Random) -> None:
    """The seat bots' round, maybe dying somewhere in it; after a death, a fresh bot catches up and plays on."""
    if rng.random() < DEATHS:
        fuse.arm(rng.randrange(POINTS))
    with contextlib.suppress(Crash):  # the process died: nothing after the point ran
        await table.bot.seat_bots()
    died = fuse.where is not None
    fuse.disarm()
    if died:
        COUNTS.deaths += 1
        await table.restart()
        await table.bot.seat_bots()


def expected_pings(record: GameRecord, actions: Sequence[object]) -> Counter[int]:
    spec = GAMES[record.game_key]
    first = first_state(spec, record)
    before = waited(record, spec.prompts(first))
    count: Counter[int] = Counter(before)
    for state, _ in replay(spec, first, actions):  # type: ignore[arg-type]
        after = waited(record, spec.prompts(state))
        count.update(after - before)
        before = after
    return count


async def play_with_bots_and_deaths(table: Table, monkeypatch: pytest.MonkeyPatch, game: str, moves: int) -> None:
    fuse = Fuse()
    stores: tuple[Store, ...] = (table.bot.host.store, table.next_store)
    install(monkeypatch, fuse, stores)
    rng = random.Random(24)
    await table.alice.slash(table.channel, f"start {game}", bots=1)
    await table.bob.slash(table.channel, "join")
    await table.alice.slash(table.channel, "begin")
    people = [table.alice, table.bob]
    for _ in range(moves):
        await bots_round_with_deaths(table, fuse, rng)
        await check_the_live_board(table)
        offered = [(p, await open_choices(table, p)) for p in people]
        offered = [(p, values) for p, values in offered if values]
        if not offered:
            break
        player, values = rng.choice(offered)
        await player.slash(table.channel, "act", choice=rng.choice(values))
        await check_the_live_board(table)
    table.expected_bugs.extend(e for e in table.env.errors if isinstance(e, Crash))  # the deaths themselves
    record, _ = await stored(table)
    assert record.id is not None
    want = expected_pings(record, await table.next_store.actions(record.id))
    for person in people:
        assert pings(table.env, person.user.id) == want[person.user.id], f"{person.user.name}'s pings"
    assert sum(want.values()) > 4, "the game went through several handovers"


# Derelict by default, Capricorn in the slow set: the road through the bot's deaths is the same for both, and
# tests/host/test_live_board.py plays every game's deaths amid the bots' deliveries in the default suite.
@pytest.mark.parametrize("game", ["derelict", pytest.param("capricorn", marks=pytest.mark.slow)])
async def test_whoever_joins_the_wait_is_pinged_once_through_bots_deaths(
    table: Table, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    await play_with_bots_and_deaths(table, monkeypatch, game, moves=40)
