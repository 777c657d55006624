"""Two processes' reminder loops over one PostgreSQL: every reminder sent once, none lost when one dies."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from bot.outbox import Outbox
from bot.tables import MAX_REMINDERS, Actor, Host
from tests.host.conftest import GUILD, Clock

pytestmark = pytest.mark.postgres

DAY = 24 * 3600.0
GAMES = 12
ALICE, BOB = Actor(101, "alice"), Actor(102, "bob")


async def begin_duels(host: Host) -> None:
    for channel in range(7000, 7000 + GAMES):
        await host.delivered(await host.start(GUILD, channel, ALICE, "duel", {}))  # the lobby message went out
        await host.delivered(await host.join(channel, BOB))
        await host.delivered(await host.begin(channel, ALICE))  # the deal went out, as the bot reports it


def reminders(outboxes: list[Outbox]) -> list[tuple[int, str]]:
    """Each reminder as (game, nonce): the nonce names the wait and the reminder's number."""
    return [(p.game_id or 0, p.nonce or "") for out in outboxes for p in out.posts]


async def test_two_reminder_loops_send_each_reminder_once_and_lose_none_when_one_dies(
    hosts: list[Host], clock: Clock
) -> None:
    await begin_duels(hosts[0])
    alive = list(hosts)
    sent: Counter[tuple[int, str]] = Counter()
    lost: list[tuple[int, str]] = []
    for round_ in range(20):
        clock.now += DAY  # and far past any claim's lifetime
        rounds = await asyncio.gather(*(host.remind(DAY) for host in alive))
        for host, outboxes in zip(alive, rounds, strict=True):
            if round_ == 1 and host is hosts[0]:
                lost = reminders(outboxes)  # the process is killed before Discord hears of these
                continue
            for out in outboxes:
                sent.update(reminders([out]))
                await host.delivered(out)
        if round_ == 1:
            alive.remove(hosts[0])
    assert lost, "the killed process had claimed reminders of its own"
    assert set(lost) <= set(sent), "what the dead process claimed, the other sent"
    assert all(n == 1 for n in sent.values()), f"sent twice: {[k for k, n in sent.items() if n > 1]}"
    assert len(sent) == GAMES * MAX_REMINDERS, "every game got every reminder"


async def test_reminders_of_a_killed_process_are_sent_at_once_by_another_on_its_machine(
    hosts: list[Host], clock: Clock, shared_url: str
) -> None:
    """A real process is SIGKILLed after counting its reminders and before sending them: the other process
    of the machine sees it is gone, frees its claims without waiting, and sends each reminder once."""
    await begin_duels(hosts[0])
    clock.now += DAY
    root = Path(__file__).resolve().parents[2]
    child = subprocess.run(
        [sys.executable, "-m", "tests.scale.reminder_child", shared_url, repr(clock.now)],
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert child.returncode == -signal.SIGKILL, child.stderr
    assert int(child.stdout) == GAMES, "the killed process had claimed and counted every reminder"
    survivor = hosts[1]
    assert await survivor.remind(DAY) == [], "the dead process's claims still look alive"
    assert await survivor.release_dead_claims() == 1
    sent = await survivor.remind(DAY)
    for out in sent:
        await survivor.delivered(out)
    assert sorted(game for game, _ in reminders(sent)) == sorted({game for game, _ in reminders(sent)})
    assert len(sent) == GAMES, "every reminder the dead process counted is sent, once"
    assert await survivor.remind(DAY) == []
