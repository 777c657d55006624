"""Issue 26: a move's board row is forgotten together with the others' DMs drawn after the answer, in one store
call once they are sent (``Delivery._forget_late``). The bot dying after those DMs reached Discord, before that
call, leaves the board and the DMs owed; the next process sends them again, and nobody sees anything twice: no
second DM, no second board, no second ping, whether it comes back at once (Discord keeps the nonces) or five
minutes later (a DM is dropped, the board becomes an edit of the newest one)."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from simcord.http import router

from bot.tables.deliveries import NONCE_WINDOW

from .conftest import Table
from .crash import Crash
from .players import begin_game, open_choices
from .sim import bot_messages, dms, pings


@pytest.mark.parametrize("back_after", [0.0, 300.0], ids=["back-at-once", "back-five-minutes-later"])
async def test_dying_after_the_others_dms_sends_nothing_twice(
    table: Table, monkeypatch: pytest.MonkeyPatch, back_after: float
) -> None:
    players = await begin_game(table)
    rng = random.Random(26)
    dead: list[str] = []  # where the bot died; once dead, every later request dies too
    real_dispatch = router.dispatch
    armed = False

    def dispatch(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
        if dead:
            raise Crash(f"already dead, then {method} {path}")
        result = real_dispatch(backend, method, path, **kwargs)
        # A POST to a channel other than the game's: a DM, sent after the answer and the board.
        if armed and method == "POST" and path.startswith("/channels/") and f"/{table.channel.id}/" not in path:
            dead.append(path)
            raise Crash(f"after {method} {path}")
        return result

    monkeypatch.setattr(router, "dispatch", dispatch)
    for _ in range(12):
        waiting = [p for p in players if await open_choices(table, p)]
        assert waiting, "the game waits on someone"
        acting = waiting[0]
        other = next(p for p in players if p is not acting)
        armed = True
        await acting.slash(table.channel, "act", choice=rng.choice(await open_choices(table, acting)))
        armed = False
        if dead:
            break
    assert dead, "a move told the other player something by DM"
    seen = {p.user.id: (len(dms(p)), pings(table.env, p.user.id)) for p in players}
    posted = len(bot_messages(table.channel, table.env))
    dead.clear()
    if back_after > NONCE_WINDOW:  # Discord no longer knows the nonces (SimCord would keep them for ever)
        table.env.backend.__dict__.get("sent_nonces", {}).clear()

    fresh = await table.restart(clock=lambda: time.time() + back_after)
    assert fresh.catch_up.delivered >= 2, "the board and the DM were still owed: the next process sent both again"
    for p in players:
        assert (len(dms(p)), pings(table.env, p.user.id)) == seen[p.user.id], f"{p.user.name} was told twice"
    assert len(bot_messages(table.channel, table.env)) == posted, "the board was posted a second time"
    assert other.user.id in seen
    table.expected_bugs.extend(e for e in table.env.errors if isinstance(e, Crash))  # the death itself
