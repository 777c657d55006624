"""Issue 15 for every command, not only moves: the bot on the simulated Discord dies at a random point of a
lobby step (``/start``, ``/join``, ``/leave``, ``/cancel``), again and again, and whoever typed it is answered.

Each round someone runs a lobby command and the bot dies (``crash.Fuse``) before or after the defer, right
after the step's commit, anywhere in its delivery, before its confirmation, or not at all. A fresh bot then
starts over the same database and runs its catch-up. Then every "…is thinking" the bot showed is completed:
with the command's own confirmation or "Done before the bot restarted: …" when the store says the step was
committed, and with a refusal's sentence or "The bot restarted before /join was done; nothing changed" when
it was not; and the lobby message shows the lobby as stored (its edits are stored with each step). The counts
are printed at the end of the run.
"""

from __future__ import annotations

import random

import pytest

from bot.tables.deliveries import DONE, NOT_DONE

from .conftest import Table
from .crash import CHANGES, Crash, Fuse, install
from .sim import lobby
from .stats import COUNTS
from .test_crash_delivery import said_after_defer

POINTS = 10  # a little more than a lobby step passes: defer, commit, lobby message, the private answer
SAID = {
    "start abordaje": "Your lobby of **¡Abordaje!** is open",
    "join": "You are seated.",
    "leave": "You left the lobby.",
    "cancel": "The lobby is closed.",
}


async def lobby_state(table: Table) -> tuple[int | None, int]:
    """The channel's live game (its id, or ``None``) and its version: what a committed step changes."""
    record = await table.next_store.live_game(table.channel.id)
    return (None, 0) if record is None else (record.id, record.version)


async def one_round(table: Table, fuse: Fuse, rng: random.Random) -> None:
    live = await table.next_store.live_game(table.channel.id)
    if live is None:
        who, command = table.alice, "start abordaje"
    else:
        who = rng.choice([table.alice, table.bob])
        seated = live.seat_of(who.user.id) is not None
        command = rng.choice(["leave", "cancel"] if seated else ["join"])
    before = await lobby_state(table)

    # Right after the defer (point 1) is drawn more often: the one death that leaves a "not done" to say.
    fuse.arm(rng.choice([1, 1, *range(POINTS)]))
    result = await who.slash(table.channel, command)
    died = fuse.where
    fuse.disarm()
    COUNTS.lobby_rounds += 1
    interaction = table.env.backend.interactions[result._interaction.id]
    if died is not None:
        COUNTS.lobby_deaths += 1
        if not interaction.responded:  # died before the defer: Discord tells the user the interaction failed
            table.clock.timings = [t for t in table.clock.timings if t.interaction_id != interaction.id]
        await table.restart()

    committed = await lobby_state(table) != before
    live = await table.next_store.live_game(table.channel.id)
    if live is not None:  # the lobby message shows the lobby as stored, whatever the death cut off
        spec = table.bot.host.spec(live.game_key)
        assert lobby(table.channel, table.env).content == table.bot.host.lobby_text(live, spec), fuse.points
    COUNTS.lobby_committed += int(committed)
    if interaction.responded:
        assert interaction.loading is False, f"a deferred /{command} was left thinking after the restart"
        told = said_after_defer(table, interaction)
        assert told, f"a deferred /{command} was never answered, not even after the restart"
        last = told[-1]
        cut_off = last.startswith(NOT_DONE.split("{")[0])
        confirmed = not cut_off and (last.startswith(SAID[command]) or last.startswith(DONE.format(said=SAID[command])))
        assert confirmed == committed, f"the player read {told!r}, the store says committed={committed}"
        if cut_off:
            assert last == NOT_DONE.format(asked=f"/{command}"), told
            COUNTS.lobby_answered_not_done += 1


async def test_deaths_around_lobby_commands_leave_nobody_thinking(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    fuse = Fuse()
    install(monkeypatch, fuse, (table.bot.host.store, table.next_store), (*CHANGES, "insert_game"))
    rng = random.Random(2024)
    for _ in range(30):
        await one_round(table, fuse, rng)
    assert COUNTS.lobby_deaths > 0 and COUNTS.lobby_committed > 0 and COUNTS.lobby_answered_not_done > 0
    table.expected_bugs.extend(e for e in table.env.errors if isinstance(e, Crash))  # the deaths themselves
