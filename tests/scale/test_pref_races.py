"""Two processes changing one user's preferences at once (issue 20): ``/notify`` on one while a DM to the same
user bounces on the other. Each writes only the column it changes, so neither change is lost, and of two
processes whose DMs bounce at once only one tells the table.

Two hosts over two pools of one real PostgreSQL (``hosts``), on many users at once so the writes really meet.
"""

from __future__ import annotations

import asyncio

import pytest

from bot.tables import Host

pytestmark = pytest.mark.postgres

USERS = range(5000, 5060)
CHANNEL = 8800


async def test_notify_and_a_bounced_dm_at_once_keep_both_changes(hosts: list[Host]) -> None:
    await asyncio.gather(
        *(hosts[0].set_notify(user, True) for user in USERS),
        *(hosts[1].dm_failed(CHANNEL, user) for user in USERS),
    )
    prefs = await hosts[0].store.users_prefs(list(USERS))
    lost_notify = [u for u in USERS if not prefs[u].notify_dm]
    lost_closed = [u for u in USERS if not prefs[u].dm_closed]
    assert lost_notify == [] and lost_closed == [], "a change written at the same time as another was lost"

    await asyncio.gather(*(hosts[1].set_notify(user, False) for user in USERS))
    prefs = await hosts[0].store.users_prefs(list(USERS))
    assert all(prefs[u].dm_closed and not prefs[u].notify_dm for u in USERS), "/notify off keeps the closed DMs"


async def test_two_processes_whose_dms_to_one_user_bounce_at_once_tell_the_table_once(hosts: list[Host]) -> None:
    told = await asyncio.gather(*(host.dm_failed(CHANNEL, user) for user in USERS for host in hosts))
    notices = [post.text for out in told for post in out.posts]
    assert len(notices) == len(USERS), f"{len(notices)} notices for {len(USERS)} users whose DMs bounced"
