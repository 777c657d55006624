"""A lobby's message survives a crash (issue 15): opening, joining, leaving store the lobby message they owe
with their commit, and the next process posts or edits it from the lobby as stored."""

from __future__ import annotations

from bot.tables import Host

from .conftest import ALICE, BOB, CAROL, CHANNEL, GUILD, Clock

CLAIM = 30.0  # a claim older than this belonged to a process that died


async def test_a_lobby_opened_just_before_a_crash_is_posted_once_by_the_next_process(
    host: Host, next_host: Host, clock: Clock
) -> None:
    opened = await host.start(GUILD, CHANNEL, ALICE, "duel", {})  # committed; the process dies before posting
    clock.now += CLAIM + 1
    (owed,) = await next_host.claim_deliveries()
    post = (await next_host.redeliver(owed)).posts[0]

    assert post.kind == "lobby" and post.edit_message_id is None, "a new lobby message, with its buttons"
    assert post.text == opened.posts[0].text and post.nonce == opened.posts[0].nonce, "deduplicated by Discord"
    await next_host.delivered(await next_host.redeliver(owed))
    clock.now += CLAIM + 1
    assert await next_host.claim_deliveries() == [], "posted once, owed no more"


async def test_joins_cut_off_by_a_crash_bring_the_lobby_message_up_to_the_stored_lobby(
    host: Host, next_host: Host, clock: Clock
) -> None:
    opened = await host.start(GUILD, CHANNEL, ALICE, "duel", {})
    await host.board_posted(CHANNEL, opened.posts[0].game_id, 555)  # the lobby message is up
    await host.delivered(opened)
    await host.join(CHANNEL, BOB)  # committed; the process dies before the edit
    clock.now += CLAIM + 1
    (owed,) = await next_host.claim_deliveries()
    await next_host.leave(CHANNEL, BOB)  # meanwhile Bob thought better of it, on the next process

    edit = (await next_host.redeliver(owed)).posts[0]
    assert edit.edit_message_id == 555 and edit.live, "the lobby message is edited, buttons and all"
    assert f"<@{BOB.user_id}>" not in edit.text, "drawn from the lobby as stored now, not as it was at the join"


async def test_a_lobby_message_owed_after_the_lobby_was_dealt_is_dropped(
    host: Host, next_host: Host, clock: Clock
) -> None:
    await host.delivered(await host.start(GUILD, CHANNEL, ALICE, "duel", {}))
    await host.join(CHANNEL, CAROL)  # committed; this process dies before the edit
    await next_host.delivered(await next_host.begin(CHANNEL, ALICE))  # and the game is dealt on the next one
    clock.now += CLAIM + 1
    (owed,) = await next_host.claim_deliveries()

    assert owed.lobby and (await next_host.redeliver(owed)).posts == [], "the deal's own messages said it all"
