"""``/forget me`` and the threads of a person's finished games: a game's thread is named after its players
("¡Abordaje! · Alice, Bob"), so forgetting Alice renames it ("¡Abordaje! · a former player, Bob") — also when
Discord archived it since — and the bot's record of the thread keeps no trace of her name."""

from __future__ import annotations

from bot.store.base import FORMER_PLAYER

from .conftest import Table
from .test_threads import open_table
from .threads import archive, is_archived, thread_rules

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
