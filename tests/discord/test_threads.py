"""Tables in threads: one channel holds any number of games, each in a public thread of its own.

SimCord's gaps around threads (an archived or locked thread refusing posts, who may reopen or rename one) are
filled by ``tests/discord/threads.py``.
"""

from __future__ import annotations

import random
from dataclasses import replace

import discord
import simcord
from simcord.backend.models.channel import Overwrite
from simcord.enums import OverwriteType

from .conftest import Table
from .players import ROADS, open_choices, open_panel, play_one
from .sim import board, bot_messages, dms, is_private, labels, lobby, said
from .threads import archive, is_archived, lock, renames, thread_rules

THREADS = True  # this module's server plays in threads (conftest leaves the bot's default)


def in_thread(table: Table, thread: simcord.ChannelHandle) -> Table:
    """The same server and people, with the game's thread as "the channel" the helpers read and type in."""
    return replace(table, channel=thread)


async def open_table(table: Table, opener: simcord.MemberActor, game: str = "abordaje") -> Table:
    """``/start`` in the channel: the lobby opens in a new thread; the table as seen from that thread."""
    before = {t.id for t in table.channel.threads}
    result = await opener.slash(table.channel, f"start {game}")
    assert is_private(result) and "thread" in said(result), said(result)
    (thread,) = [t for t in table.channel.threads if t.id not in before]
    assert thread.mention in said(result)
    return in_thread(table, thread)


async def test_three_games_in_threads_of_one_channel_are_played_at_once(table: Table) -> None:
    thread_rules()
    pairs = [(table.alice, table.bob), (table.bob, table.carol), (table.carol, table.alice)]
    tables = []
    for opener, other in pairs:
        seen = await open_table(table, opener)
        await other.slash(seen.channel, "join")
        await opener.slash(seen.channel, "begin")
        tables.append(seen)

    # The channel holds only the three one-line starters (each the thread's first message), no lobby, no board.
    # (Discord adds its own "started a thread" notice after each starter.)
    in_channel = [m for m in bot_messages(table.channel, table.env) if m.type == discord.MessageType.default]
    assert len(in_channel) == 3 and all("opened a table of" in m.content for m in in_channel)
    assert {m.id for m in in_channel} == {t.channel.id for t in tables}
    assert not any(labels(m) for m in bot_messages(table.channel, table.env))
    for seen, (opener, other) in zip(tables, pairs, strict=True):
        assert "¡Abordaje!" in (seen.channel.name or "")
        assert opener.user.name in (seen.channel.name or "") and other.user.name in (seen.channel.name or "")
        board(seen.channel, table.env)  # each thread has its own live board

    # Every game moves on its own, interleaved: a decision in one thread never shows in another.
    rng = random.Random(29)
    for step in range(3):
        for seen, players in zip(tables, pairs, strict=True):
            for player in players:
                await play_one(seen, player, rng, ROADS[step % len(ROADS)])
    games = [await table.next_store.latest_game(seen.channel.id) for seen in tables]
    assert all(g is not None and g.action_count > 0 for g in games)
    assert len({g.id for g in games if g is not None}) == 3


async def test_a_thread_is_named_after_its_players_within_two_renames_per_ten_minutes(table: Table) -> None:
    thread_rules()
    seen = await open_table(table, table.alice, "pioneers")
    for player in (table.bob, table.carol, table.mod):
        await player.slash(seen.channel, "join")
    shown = seen.channel.name or ""
    assert len(renames(table.env, seen.channel)) == 2, "three joins: two renames, the third waits for the window"
    assert table.bob.user.name in shown and table.carol.user.name in shown
    record = await table.next_store.thread(seen.channel.id)
    assert record is not None and record.shown_name == shown


async def test_an_archived_thread_still_works_for_a_reminder_and_a_button(table: Table) -> None:
    thread_rules()
    seen = await open_table(table, table.alice)
    await table.bob.slash(seen.channel, "join")
    await table.alice.slash(seen.channel, "begin")
    game = await table.next_store.latest_game(seen.channel.id)
    assert game is not None

    archive(table.env, seen.channel)  # a week without a move
    bot = table.bot
    bot.settings.reminder_hours = 24
    posted = len(bot_messages(seen.channel, table.env))
    bot.host.clock = lambda: game.waiting_since + 25 * 3600
    await bot.reminders()
    assert not is_archived(table.env, seen.channel), "the reminder reopened the thread"
    messages = bot_messages(seen.channel, table.env)
    assert len(messages) == posted + 1 and "⏰" in messages[-1].content

    archive(table.env, seen.channel)  # quiet again; a player comes back and presses their button
    panel = await open_panel(seen, table.alice if await open_choices(seen, table.alice) else table.bob)
    assert panel.response is not None
    rng = random.Random(1)
    for player in (table.alice, table.bob):
        await play_one(seen, player, rng, "panel")
    assert not is_archived(table.env, seen.channel)
    after = await table.next_store.latest_game(seen.channel.id)
    assert after is not None and after.action_count > game.action_count


async def test_a_locked_thread_ends_its_game_which_stays_readable(table: Table) -> None:
    thread_rules()
    seen = await open_table(table, table.alice)
    await table.bob.slash(seen.channel, "join")
    await table.alice.slash(seen.channel, "begin")
    posted = len(bot_messages(seen.channel, table.env))

    lock(table.env, seen.channel)
    result = await table.carol.slash(table.channel, "games")  # anything: lets the bot take the thread's update
    assert is_private(result)

    game = await table.next_store.latest_game(seen.channel.id)
    assert game is not None and game.status == "ended" and "locked" in (game.result or "")
    requests = len(table.env.http_requests)
    await table.bot.reminders()  # nothing more is owed there, and nothing is tried
    assert len(table.env.http_requests) == requests
    assert len(bot_messages(seen.channel, table.env)) == posted
    mine = await table.alice.slash(table.channel, "games")
    assert "locked" in said(mine) and seen.channel.mention in said(mine)
    for player in (table.alice, table.bob):  # told once, privately: a locked thread takes no ping
        told = [m for m in dms(player) if "moderator locked its thread" in m.content]
        assert len(told) == 1 and seen.channel.mention in told[0].content


async def test_games_lists_the_servers_tables_with_links_newest_first(table: Table) -> None:
    thread_rules()
    first = await open_table(table, table.alice)
    second = await open_table(table, table.bob)
    await table.carol.slash(second.channel, "join")

    result = await table.mod.slash(table.channel, "games")
    text = said(result)
    assert is_private(result)
    assert f"https://discord.com/channels/{table.guild.id}/{second.channel.id}" in text
    assert f"https://discord.com/channels/{table.guild.id}/{first.channel.id}" in text
    assert text.index(str(second.channel.id)) < text.index(str(first.channel.id)), "newest activity first"
    mine = said(await table.alice.slash(table.channel, "games"))
    assert "Your games" in mine and first.channel.mention in mine


async def test_start_in_a_thread_opens_the_game_in_that_thread(table: Table) -> None:
    thread_rules()
    seen = await open_table(table, table.alice)
    await table.alice.slash(seen.channel, "cancel")
    again = await table.bob.slash(seen.channel, "start abordaje")
    assert is_private(again) and "<#" not in said(again)
    assert lobby(seen.channel, table.env)
    assert len(table.channel.threads) == 1, "no thread inside a thread"
    lost = await table.carol.slash(table.channel, "join")  # typed in the channel, not in a table's thread
    assert is_private(lost) and "played in threads" in said(lost)
    assert (seen.channel.name or "").endswith(table.bob.user.name), "the thread takes its new game's players"


async def test_a_lock_the_bot_missed_ends_the_game_at_its_next_post_without_retrying(table: Table) -> None:
    thread_rules()
    seen = await open_table(table, table.alice)
    await table.bob.slash(seen.channel, "join")
    await table.alice.slash(seen.channel, "begin")
    game = await table.next_store.latest_game(seen.channel.id)
    assert game is not None
    # Locked and archived while the bot was away: it never heard of it (no thread update reached it).
    meta = table.env.backend.get_channel(seen.channel.id).thread_metadata
    meta.locked = meta.archived = True

    bot = table.bot
    bot.settings.reminder_hours = 24
    bot.host.clock = lambda: game.waiting_since + 25 * 3600
    posted = len(bot_messages(seen.channel, table.env))
    start = len(table.env.http_requests)
    await bot.reminders()
    in_thread = [r for r in table.env.http_requests[start:] if r.path.startswith(f"/channels/{seen.channel.id}")]
    tried = [(r.method, r.path.rsplit("/", 1)[-1]) for r in in_thread]
    # The refused post, the reopening (SimCord's bot may manage threads, so Discord lets it), which says the thread
    # is locked, and the thread put back as the moderator left it; no post is tried again.
    assert tried == [("POST", "messages"), ("PATCH", str(seen.channel.id)), ("PATCH", str(seen.channel.id))]
    assert is_archived(table.env, seen.channel) and len(bot_messages(seen.channel, table.env)) == posted
    ended = await table.next_store.latest_game(seen.channel.id)
    assert ended is not None and ended.status == "ended" and "locked" in (ended.result or "")
    assert any("moderator locked its thread" in m.content for m in dms(table.alice)), "told once it was seen"
    start = len(table.env.http_requests)
    bot.host.clock = lambda: game.waiting_since + 100 * 3600
    await bot.reminders()
    assert len(table.env.http_requests) == start, "an ended game is never reminded"


def deny_the_bot(table: Table, denied: discord.Permissions) -> None:
    """A server manager takes permissions from the bot in the game channel (Discord's channel settings)."""
    bot_user = table.bot.user
    assert bot_user is not None
    channel = table.env.backend.get_channel(table.channel.id)
    channel.overwrites = [o for o in channel.overwrites if o.target_id != bot_user.id]
    channel.overwrites.append(Overwrite(bot_user.id, OverwriteType.MEMBER, deny=denied.value))


async def test_without_thread_permissions_a_channel_holds_one_game_as_before(table: Table) -> None:
    deny_the_bot(table, discord.Permissions(create_public_threads=True))
    result = await table.alice.slash(table.channel, "start abordaje")
    assert is_private(result) and "<#" not in said(result)
    assert table.channel.threads == [] and lobby(table.channel, table.env)


async def test_a_server_that_chose_threads_hears_which_permission_is_missing(table: Table) -> None:
    owner = table.guild.add_member(
        table.env.create_user("owner"),
        roles=[table.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))],
    )
    chosen = await owner.slash(table.channel, "settings threads", mode="on")
    assert is_private(chosen) and "thread of its own" in said(chosen)
    deny_the_bot(table, discord.Permissions(create_public_threads=True))
    refused = await table.alice.slash(table.channel, "start abordaje")
    assert is_private(refused) and "Create Public Threads" in said(refused) and "/settings threads off" in said(refused)
    assert bot_messages(table.channel, table.env) == [] and table.channel.threads == []

    await owner.slash(table.channel, "settings threads", mode="off")
    deny_the_bot(table, discord.Permissions.none())
    opened = await table.alice.slash(table.channel, "start abordaje")
    assert "<#" not in said(opened) and table.channel.threads == [], "off: one game per channel, in the channel"


async def test_a_thread_deleted_mid_game_ends_its_game_which_stays_listed(table: Table) -> None:
    thread_rules()
    seen = await open_table(table, table.alice)
    await table.bob.slash(seen.channel, "join")
    await table.alice.slash(seen.channel, "begin")
    other = await open_table(table, table.carol)  # another table of the same channel plays on

    table.env.backend.delete_channel(seen.channel.id)
    await table.env.settle()

    game = await table.next_store.latest_game(seen.channel.id)
    assert game is not None and game.status == "ended" and "deleted" in (game.result or "")
    requests = len(table.env.http_requests)
    await table.bot.reminders()  # nothing is owed to the deleted thread, and nothing is tried there
    assert not [r for r in table.env.http_requests[requests:] if r.path.startswith(f"/channels/{seen.channel.id}")]
    mine = await table.alice.slash(table.channel, "games")
    assert "deleted" in said(mine)
    await table.alice.slash(other.channel, "join")
    assert (await table.next_store.latest_game(other.channel.id)) is not None
    lobby(other.channel, table.env)  # the other table's lobby is still there and answers
