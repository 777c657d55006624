"""Issue 15's leftovers: a moderator's step and a reposted board are delivered even when the process that
committed them dies before telling Discord anything.

Two hosts over one SQLite file play two processes: the first takes the step and dies with its outbox
undelivered; the second, once the first one's claims are stale, claims what is owed and draws it again.
What it draws is what the first would have sent: the same messages, the same pings, the same nonces (so a
message Discord already took is not made twice).
"""

from __future__ import annotations

from bot.outbox import ChannelPost, Outbox
from bot.tables import Host
from bot.tables.deliveries import NONCE_WINDOW

from .conftest import ALICE, BOB, CAROL, CHANNEL, MOD, Clock, started_duel, with_later

CLAIM = 30.0  # Host.claim_seconds by default


def shown(post: ChannelPost) -> tuple[object, ...]:
    """What a channel message shows and whom it pings (the image is drawn again from the same view), and the
    nonce of a new message (an edit needs none: the same edit twice changes nothing)."""
    nonce = None if post.is_edit else post.nonce
    return (post.kind if post.live else "closed", post.text, post.edit_message_id, post.pings, nonce, post.live)


async def owed_after_death(host: Host, next_host: Host, clock: Clock, died_with: Outbox) -> Outbox:
    """The first host died holding ``died_with``; the next one claims and redraws everything it owed."""
    assert died_with.owed, "the step stored what it owes"
    assert await next_host.claim_deliveries() == [], "fresh claims: the first process may still be alive"
    clock.now += CLAIM + 1
    items = await next_host.claim_deliveries()
    assert sorted(d.key for d in items) == sorted(died_with.owed), "exactly what the step owed, once"
    out = Outbox(CHANNEL)
    for item in items:
        again = await next_host.redeliver(item)
        out.posts += again.posts
        out.dms += again.dms
    assert await next_host.claim_deliveries() == [], "claimed once"
    return out


def same_messages(first: Outbox, again: Outbox) -> None:
    assert sorted(map(shown, again.posts), key=str) == sorted(map(shown, first.posts), key=str)
    assert [(d.user_id, d.panel.text, d.nonce) for d in again.dms] == [
        (d.user_id, d.panel.text, d.nonce) for d in first.dms
    ]


async def test_an_end_cut_off_by_a_crash_posts_the_ended_board_later(host: Host, next_host: Host, clock: Clock) -> None:
    await started_duel(host)
    died_with = await host.end(CHANNEL, MOD)
    again = await owed_after_death(host, next_host, clock, died_with)
    same_messages(died_with, again)
    (board,) = again.posts
    assert "Game ended" in board.text and board.edit_message_id is None and board.pings == ()


async def test_an_undo_cut_off_by_a_crash_pings_the_table_and_hands_the_player_their_choice_back(
    host: Host, next_host: Host, clock: Clock
) -> None:
    await started_duel(host)
    await host.delivered(await host.act(CHANNEL, ALICE, "r1.s0", "2"))
    died_with = await host.undo(CHANNEL, MOD)
    again = await owed_after_death(host, next_host, clock, died_with)
    same_messages(died_with, again)
    (board,) = again.posts
    assert "undid alice's last action" in board.text and board.supersedes == 777
    assert set(board.pings) == {ALICE.user_id, BOB.user_id}, "the table waits on both again: both pinged"
    (dm,) = again.dms
    assert dm.user_id == ALICE.user_id and "A moderator undid your last action" in dm.panel.text
    assert dm.panel.prompts, "with the choice to make again"


async def test_a_seat_handed_over_before_a_crash_is_announced_and_sent_to_its_new_holder(
    host: Host, next_host: Host, clock: Clock
) -> None:
    await started_duel(host)
    await host.delivered(await host.act(CHANNEL, BOB, "r1.s1", "3"))
    died_with = await host.replace(CHANNEL, MOD, BOB.user_id, CAROL)
    again = await owed_after_death(host, next_host, clock, died_with)
    same_messages(died_with, again)
    notice = next(p for p in again.posts if p.kind == "notice")
    assert notice.pings == (CAROL.user_id,) and f"<@{CAROL.user_id}>" in notice.text
    board = next(p for p in again.posts if p.kind == "board")
    assert board.edit_message_id == 777 and f"<@{CAROL.user_id}>" in board.text, "the board names the new holder"
    (dm,) = again.dms
    assert dm.user_id == CAROL.user_id and "Your secret pick: 3" in dm.panel.text


async def test_a_reset_cut_off_by_a_crash_closes_the_old_board_and_says_so_though_the_game_is_gone(
    host: Host, next_host: Host, clock: Clock
) -> None:
    await started_duel(host)
    died_with = await host.reset(CHANNEL, MOD)
    assert await host.store.latest_game(CHANNEL) is None
    again = await owed_after_death(host, next_host, clock, died_with)
    same_messages(died_with, again)
    closing, notice = again.posts
    assert closing.edit_message_id == 777 and not closing.live and "reset by a moderator" in closing.text
    assert notice.kind == "notice" and "reset the game" in notice.text


async def test_a_reposted_board_cut_off_by_a_crash_is_posted_later(host: Host, next_host: Host, clock: Clock) -> None:
    await started_duel(host)
    died_with = await host.board(CHANNEL)
    again = await owed_after_death(host, next_host, clock, died_with)
    same_messages(died_with, again)
    assert again.posts[0].edit_message_id is None and again.posts[0].supersedes == 777


async def test_a_notice_delivered_past_the_nonce_window_pings_nobody(host: Host, next_host: Host, clock: Clock) -> None:
    await started_duel(host)
    await host.replace(CHANNEL, MOD, BOB.user_id, CAROL)
    clock.now += NONCE_WINDOW + 1  # Discord may no longer know the nonce: a second ping could not be undone
    posts = [post for item in await next_host.claim_deliveries() for post in (await next_host.redeliver(item)).posts]
    (notice,) = [post for post in posts if post.kind == "notice"]
    assert notice.pings == () and f"<@{CAROL.user_id}>" in notice.text, "said, but nobody pinged twice"


async def test_a_step_delivered_by_its_own_process_leaves_nothing_owed(
    host: Host, next_host: Host, clock: Clock
) -> None:
    await started_duel(host)
    await host.delivered(await host.act(CHANNEL, ALICE, "r1.s0", "2"))
    for step in (host.undo(CHANNEL, MOD), host.board(CHANNEL), host.replace(CHANNEL, MOD, BOB.user_id, CAROL)):
        await host.delivered(await step)
    await host.delivered(await host.reset(CHANNEL, MOD))
    clock.now += CLAIM + 1
    assert await next_host.claim_deliveries() == []


async def test_a_skip_vote_cut_off_by_a_crash_is_announced_later(host: Host, next_host: Host, clock: Clock) -> None:
    await started_duel(host, (ALICE, BOB, CAROL))
    await host.delivered(await host.act(CHANNEL, ALICE, "r1.s0", "2"))
    clock.now += 73 * 3600  # past the idle time: the others may vote to skip the decision waiting on Bob and Carol
    died_with = await host.vote_skip(CHANNEL, ALICE)
    again = await owed_after_death(host, next_host, clock, died_with)
    same_messages(died_with, again)
    (notice,) = again.posts
    assert "alice votes to skip" in notice.text and "(1 of 2 votes needed)" in notice.text


async def test_a_skip_cut_off_by_a_crash_still_says_the_players_voted_to_skip(
    host: Host, next_host: Host, clock: Clock
) -> None:
    await started_duel(host, (ALICE, BOB, CAROL))
    await host.delivered(await host.act(CHANNEL, ALICE, "r1.s0", "2"))
    clock.now += 73 * 3600
    await host.delivered(await host.vote_skip(CHANNEL, ALICE))
    # the second vote skips Bob's decision; the DMs are drawn, then the crash
    died_with = await with_later(host, await host.vote_skip(CHANNEL, CAROL))
    again = await owed_after_death(host, next_host, clock, died_with)
    same_messages(died_with, again)
    notices = [p.text for p in again.posts if p.kind == "notice"]
    assert notices == ["⏭️ The players voted to skip bob's decision."], "the skip's notice, stored with it"
