"""A finished game's recap is drawn after the last move is answered (it takes seconds nobody waits for), and it
stays owed in the store until it is sent, so a crash in between still loses nothing."""

from __future__ import annotations

from bot.tables import Host

from .conftest import ALICE, BOB, CHANNEL, Clock, started_duel


async def test_the_last_move_is_answered_without_its_recap_which_stays_owed_until_sent(
    host: Host, next_host: Host, clock: Clock
) -> None:
    await started_duel(host)
    for turn in (1, 2):
        await host.delivered(await host.act(CHANNEL, ALICE, f"r{turn}.s0", "3"))
        out = await host.act(CHANNEL, BOB, f"r{turn}.s1", "1")
        if turn == 1:
            await host.delivered(out)
    assert any("Game over" in p.text for p in out.posts), "the last move's board says the game is over"
    assert not [p for p in out.posts if p.text.startswith("📜")], "the answer does not wait for the recap"
    [row] = out.later
    assert row.recap
    await host.delivered(out)  # the board and the DMs went out; then the process dies before drawing the recap
    clock.now += host.claim_seconds + 1
    [owed] = await next_host.claim_deliveries()
    assert owed.key == row.key, "the recap is still owed: the next process draws it"
    recap = await next_host.redeliver(owed)
    [post] = recap.posts
    assert post.text.startswith("📜") and "wins" in post.text and post.nonce == row.nonce
    await next_host.delivered(recap)
    clock.now += host.claim_seconds + 1
    assert await next_host.claim_deliveries() == [], "sent once, it is forgotten"
