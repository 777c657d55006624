"""Issue 15 in the host: what a process that died after its commit leaves, and how the next one says it.

Two hosts over one SQLite file play two processes: the first commits and dies before delivering anything (its
outboxes are dropped), the second claims what is owed once the first one's claims are stale and redraws it
from the store.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys

import pytest

from bot.store import UserPrefs
from bot.tables import Host, Loaded
from bot.tables.deliveries import NONCE_WINDOW, NOT_TAKEN

from .conftest import ALICE, BOB, CHANNEL, Clock, started_duel

CLAIM = 30.0  # Host.claim_seconds by default


async def a_round_then_death(host: Host) -> None:
    """Alice picks (a small step), then Bob (the reveal: a new stage, a new board that pings both); the
    process dies with both outboxes undelivered."""
    for actor in (ALICE, BOB):
        value = (await host.choices_for(CHANNEL, actor.user_id))[0][1]
        await host.act_typed(CHANNEL, actor, value)


async def test_the_next_process_redraws_the_owed_boards_and_pings_once_the_claims_are_stale(
    host: Host, next_host: Host, clock: Clock
) -> None:
    await started_duel(host)
    await a_round_then_death(host)

    assert await next_host.claim_deliveries() == [], "the first process's claims are fresh: it may still be alive"
    clock.now += CLAIM + 1
    owed = await next_host.claim_deliveries()
    assert [(d.kind, d.new_post) for d in owed] == [("board", False), ("board", True)], "oldest first"

    edit, post = [(await next_host.redeliver(d)).posts for d in owed]
    assert len(edit) == 1 and edit[0].edit_message_id == 777 and edit[0].pings == ()
    assert len(post) == 1 and post[0].edit_message_id is None and post[0].supersedes == 777
    assert post[0].pings == (ALICE.user_id,), "Alice, waited on again, is pinged; Bob, waited on all along, is not"
    assert post[0].nonce == owed[1].nonce, "sent again, the same nonce makes Discord return the first message"
    record = await next_host.store.live_game(CHANNEL)
    assert record is not None and record.snapshot is not None
    spec = next_host.spec(record.game_key)
    state = spec.load_state(record.snapshot)
    assert post[0].text == next_host.board_text(Loaded(record, spec, state), spec.prompts(state)), "the stored game"


async def test_once_the_new_board_is_recorded_a_late_delivery_edits_it_and_pings_nobody(
    host: Host, next_host: Host, clock: Clock
) -> None:
    await started_duel(host)
    await a_round_then_death(host)
    clock.now += CLAIM + 1
    board = (await next_host.claim_deliveries())[1]
    post = (await next_host.redeliver(board)).posts[0]
    await next_host.board_posted(CHANNEL, post.game_id, 888)  # what the deliverer does once Discord took it

    # Within the nonce window a board owing pings is sent again with its nonce: Discord answers with the message
    # it made (888), and nobody is pinged twice; a later board of the game may have replaced the commit's.
    again = (await next_host.redeliver(board)).posts[0]
    assert again.edit_message_id is None and again.nonce == post.nonce and again.pings == post.pings
    clock.now += NONCE_WINDOW
    late = (await next_host.redeliver(board)).posts[0]
    assert late.edit_message_id == 888 and late.pings == ()


async def test_a_dm_owed_within_the_nonce_window_is_sent_with_its_nonce_and_dropped_after_it(
    host: Host, next_host: Host, clock: Clock
) -> None:
    await host.store.set_user_prefs(UserPrefs(user_id=ALICE.user_id, notify_dm=True))
    await started_duel(host)
    await a_round_then_death(host)  # Bob's pick opens round 2: a decision falls due to Alice, who asked for DMs
    clock.now += CLAIM + 1
    dm_item = next(d for d in await next_host.claim_deliveries() if d.kind == "dm")
    assert dm_item.user_id == ALICE.user_id

    soon = await next_host.redeliver(dm_item)
    assert [(dm.user_id, dm.nonce) for dm in soon.dms] == [(ALICE.user_id, dm_item.nonce)]
    assert soon.dms[0].panel.prompts, "the DM carries Alice's decision"
    clock.now = dm_item.created_at + NONCE_WINDOW + 1
    assert (await next_host.redeliver(dm_item)).dms == [], "past the window a resend could be a second DM"


async def test_delivered_items_are_not_claimed_again(host: Host, next_host: Host, clock: Clock) -> None:
    await started_duel(host)
    value = (await host.choices_for(CHANNEL, ALICE.user_id))[0][1]
    out = await host.act_typed(CHANNEL, ALICE, value)
    assert out.owed, "the outbox names the stored deliveries it carries"
    await host.delivered(out)
    clock.now += CLAIM + 1
    assert await next_host.claim_deliveries() == []


async def test_a_cut_off_interaction_is_answered_with_whether_the_move_was_taken(
    host: Host, next_host: Host, clock: Clock
) -> None:
    await started_duel(host)
    await host.note_deferral(1, 42, "token-1", CHANNEL, ALICE.user_id)
    offered = await host.choices_for(CHANNEL, ALICE.user_id)
    label, value = offered[0]
    await host.act_typed(CHANNEL, ALICE, value, interaction_id=1)  # committed; the answer never went out
    await host.note_deferral(2, 42, "token-2", CHANNEL, BOB.user_id)  # died before Bob's move was taken

    clock.now += CLAIM + 1
    cut_off = await next_host.claim_deferrals()
    assert [(d.interaction_id, d.token, d.taken) for d in cut_off] == [(1, "token-1", True), (2, "token-2", False)]
    taken_text, panel = await next_host.deferral_answer(cut_off[0])
    assert taken_text == f"Your move was taken: {label}." and panel is not None, "the choice's label, never its id"
    assert "Round 1" in panel.text, "with Alice's panel as it stands"
    assert await next_host.deferral_answer(cut_off[1]) == (NOT_TAKEN, None)


async def test_claims_of_a_dead_process_of_this_machine_are_taken_over_at_once(
    host: Host, next_host: Host, clock: Clock
) -> None:
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    host.owner = f"{socket.gethostname()}:{int(gone.stdout)}:dead"  # a process that has exited
    await started_duel(host)
    await a_round_then_death(host)
    await host.note_deferral(1, 42, "token-1", CHANNEL, ALICE.user_id)

    next_host.owner = f"{socket.gethostname()}:{os.getpid()}:next"
    assert await next_host.release_dead_claims() == 1
    assert len(await next_host.claim_deliveries()) == 2 and len(await next_host.claim_deferrals()) == 1


@pytest.mark.parametrize("machine", ["this", "another"])
async def test_a_running_process_or_one_elsewhere_keeps_its_claims(
    host: Host, next_host: Host, clock: Clock, machine: str
) -> None:
    if machine == "this":
        host.owner = f"{socket.gethostname()}:{os.getppid()}:alive"  # the parent of this test run: running
    else:
        gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
        host.owner = f"another-machine:{int(gone.stdout)}:x"  # no pid here says anything about another machine
    await started_duel(host)
    await a_round_then_death(host)
    next_host.owner = f"{socket.gethostname()}:{os.getpid()}:next"
    assert await next_host.release_dead_claims() == 0
    assert await next_host.claim_deliveries() == []


async def test_past_fifteen_minutes_a_cut_off_interaction_is_not_attempted(
    host: Host, next_host: Host, clock: Clock
) -> None:
    await started_duel(host)
    await host.note_deferral(1, 42, "token-1", CHANNEL, ALICE.user_id)
    clock.now += 15 * 60
    assert await next_host.claim_deferrals() == []
    clock.now -= 15 * 60 - CLAIM - 1  # and it is forgotten for good, not only passed over
    assert await next_host.claim_deferrals() == []


async def test_a_deal_cut_off_by_a_crash_is_posted_with_its_pings_and_hands_by_the_next_process(
    host: Host, next_host: Host, clock: Clock
) -> None:
    await host.delivered(await host.start(1, CHANNEL, ALICE, "duel", {}))  # the lobby's messages went out
    await host.delivered(await host.join(CHANNEL, BOB))
    dealt = await host.begin(CHANNEL, ALICE)  # committed; the process dies before Discord hears of it

    clock.now += CLAIM + 1
    owed = await next_host.claim_deliveries()
    assert [(d.kind, d.user_id) for d in owed] == [("board", None), ("dm", ALICE.user_id), ("dm", BOB.user_id)]
    board, *dms = [await next_host.redeliver(d) for d in owed]
    post = board.posts[0]
    first = next(p for p in dealt.posts if p.kind == "board")
    assert post.edit_message_id is None and post.pings == first.pings and post.pings, "a new board that pings"
    assert post.text == first.text and post.nonce == first.nonce, "the same board, deduplicated by Discord"
    assert [dm.dms[0].user_id for dm in dms] == [ALICE.user_id, BOB.user_id]
    for dm, sent in zip(dms, dealt.dms, strict=True):
        assert dm.dms[0].nonce == sent.nonce and "has begun" in dm.dms[0].panel.text, "each hand, with the welcome"

    for out in (board, *dms):
        await next_host.delivered(out)
    clock.now += CLAIM + 1
    assert await next_host.claim_deliveries() == [], "delivered once, owed no more"
