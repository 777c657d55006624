"""Every move reads its players' DM choices (``/notify dm``, DMs found closed); a process keeps them a few seconds
(``HostCore._dm_choices``). What this process changes is seen at the next move; what another process changes,
within those seconds."""

from __future__ import annotations

import asyncio

from bot.outbox import Outbox
from bot.tables import Host

from .conftest import ALICE, BOB, CHANNEL, started_duel, with_later


def dmed(out: Outbox) -> set[int]:
    return {dm.user_id for dm in out.dms}


async def test_dms_found_closed_just_after_a_move_are_not_tried_at_the_next(host: Host) -> None:
    await started_duel(host)
    await host.set_notify(BOB.user_id, True)
    await host.act(CHANNEL, BOB, "r1.s1", "1")
    # round 2 is due for both: Bob's choices read (and kept)
    out = await with_later(host, await host.act(CHANNEL, ALICE, "r1.s0", "2"))
    assert BOB.user_id in dmed(out)
    await host.dm_failed(CHANNEL, BOB.user_id)  # that DM bounced
    await host.act(CHANNEL, BOB, "r2.s1", "1")
    out = await with_later(host, await host.act(CHANNEL, ALICE, "r2.s0", "1"))  # round 3 is due for both
    assert BOB.user_id not in dmed(out), "not tried again at once"


async def test_a_dm_choice_made_in_another_process_is_seen_within_the_kept_seconds(host: Host, next_host: Host) -> None:
    await started_duel(host)
    host.kept_dm_choices.fresh = 0.2  # seconds (5 in the bot): the test waits them out
    await host.act(CHANNEL, BOB, "r1.s1", "1")
    out = await with_later(host, await host.act(CHANNEL, ALICE, "r1.s0", "2"))
    assert BOB.user_id not in dmed(out), "Bob asked for no DMs (yet)"
    await next_host.set_notify(BOB.user_id, True)  # in the other process
    await asyncio.sleep(0.3)
    await host.act(CHANNEL, BOB, "r2.s1", "1")
    out = await with_later(host, await host.act(CHANNEL, ALICE, "r2.s0", "1"))
    assert BOB.user_id in dmed(out), "the other process's change is seen once the kept choices are stale"
