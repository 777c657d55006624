"""A game thread's name after the bot lost track of it: ``/forget me`` renames the threads of a person's finished
games ("¡Abordaje! · Alice, Bob" becomes "¡Abordaje! · a former player, Bob"), also when Discord archived them
since, and the bot's record of the thread keeps no trace of the name; a rename that waited for Discord's window
when a process died is made by the next process."""

from __future__ import annotations

import time

from bot.store.base import FORMER_PLAYER

from .conftest import Table
from .test_threads import open_table
from .threads import archive, is_archived, renames, thread_rules

THREADS = True  # this module's server plays in threads


async def test_forgetting_a_person_renames_the_archived_threads_of_their_finished_games(table: Table) -> None:
    thread_rules()
    seen = await open_table(table, table.alice)
    await table.bob.slash(seen.channel, "join")
    await table.alice.slash(seen.channel, "begin")
    await table.mod.slash(seen.channel, "end")
    alice, bob = table.alice.user.name, table.bob.user.name
    assert alice in (seen.channel.name or "") and bob in (seen.channel.name or "")
    archive(table.env, seen.channel)  # a quiet week later

    asked = await table.alice.slash(table.channel, "forget me")
    assert asked.response is not None
    done = await table.alice.click(asked.response, label="Forget me")
    assert done.response is not None and "Done: I forgot you" in done.response.content

    shown = table.env.backend.get_channel(seen.channel.id).name or ""
    assert alice not in shown and FORMER_PLAYER in shown and bob in shown, shown
    assert is_archived(table.env, seen.channel), "archived again, as it was found"
    stored = await table.next_store.thread(seen.channel.id)
    assert stored is not None and alice not in stored.name + stored.shown_name
    assert stored.shown_name == shown


async def test_a_rename_waiting_when_the_bot_died_is_made_by_the_next_process(table: Table) -> None:
    thread_rules()
    seen = await open_table(table, table.alice, "pioneers")
    for player in (table.bob, table.carol, table.mod):
        await player.slash(seen.channel, "join")
    assert len(renames(table.env, seen.channel)) == 2, "the third name waits for Discord's window"
    assert table.mod.user.name not in (seen.channel.name or "")

    # The process dies with the rename waiting; the next one starts once the ten minutes are over.
    await table.restart(clock=lambda: time.time() + 700)
    await table.carol.slash(table.channel, "games")  # anything: the new process is ready and has looked

    shown = table.env.backend.get_channel(seen.channel.id).name or ""
    assert table.mod.user.name in shown and table.bob.user.name in shown, shown
    stored = await table.next_store.thread(seen.channel.id)
    assert stored is not None and stored.shown_name == shown
