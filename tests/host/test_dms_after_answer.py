"""Issue 26 in the host: whoever acts is answered with the board and their own panel only; the others' DMs are
drawn after the answer (``Outbox.later``), the same panels they would have been, each once, and owed in the
store until sent, so a crash between the answer and the DM still delivers it."""

from __future__ import annotations

from bot.outbox import Outbox
from bot.tables import Host

from .conftest import ALICE, BOB, CHANNEL, Clock, started_duel


async def bob_reveals(host: Host) -> Outbox:
    """Both ask for a DM when a decision falls due; Alice picks, then Bob's pick opens the next round: Alice is
    due again and is told by DM."""
    for player in (ALICE, BOB):
        await host.set_notify(player.user_id, True)
    await host.delivered(await host.act(CHANNEL, ALICE, "r1.s0", "3"))
    return await host.act(CHANNEL, BOB, "r1.s1", "1")


async def test_the_others_dm_is_drawn_after_the_answer_as_the_stored_game_draws_it_and_once(host: Host) -> None:
    await started_duel(host)
    out = await bob_reveals(host)
    assert out.reply is not None and out.posts, "Bob is answered with his panel and the board"
    assert ALICE.user_id not in [dm.user_id for dm in out.dms], "Alice's DM is not drawn before Bob's answer"
    [row] = [item for item in out.later if item.kind == "dm"]
    assert row.user_id == ALICE.user_id and row.key not in out.owed, "it stays owed until it is sent"

    later = await host.drawn_later(row)
    assert later is not None and later.owed == [row.key]
    [dm] = later.dms
    assert (dm.user_id, dm.nonce) == (ALICE.user_id, row.nonce), "sent with its stored row's nonce: one message"
    [stored] = (await host.redeliver(row)).dms  # what the catch-up would draw from the stored game
    assert dm.panel.text == stored.panel.text and dm.panel.prompts == stored.panel.prompts, "the same panel"
    assert dm.panel.prompts, "her decision"
    assert await host.drawn_later(row) is None, "drawn once"


async def test_a_crash_between_the_answer_and_the_dm_leaves_it_to_the_next_process(
    host: Host, next_host: Host, clock: Clock
) -> None:
    await started_duel(host)
    out = await bob_reveals(host)
    [row] = [item for item in out.later if item.kind == "dm"]
    await host.delivered(out)  # the board and Bob's panel went out; the process dies before drawing Alice's DM

    clock.now += host.claim_seconds + 1
    owed = await next_host.claim_deliveries()
    assert [item.key for item in owed] == [row.key], "only Alice's DM is still owed"
    again = await next_host.redeliver(owed[0])
    [dm] = again.dms
    assert (dm.user_id, dm.nonce) == (ALICE.user_id, row.nonce) and dm.panel.prompts, "her decision, once"
    await next_host.delivered(again)
    clock.now += host.claim_seconds + 1
    assert await next_host.claim_deliveries() == [], "sent once, it is forgotten"
