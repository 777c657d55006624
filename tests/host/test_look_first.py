"""A panel's images beside a new board's drawing, and the others' DMs after the answer, are asked of a worker thread at
once when the game's look-up on the event loop costs more than the hop (``bot.tables.lookfirst``): the players get the
very images a host that looks everything up first draws."""

from __future__ import annotations

import random

import pytest

import bot.tables.core as core
from bot.store import Store
from bot.tables import Actor
from bot.tables.beside import by_a_drawing
from bot.tables.lookfirst import HOP, TRIES, LookFirst, unhurried

from .conftest import CHANNEL, GUILD, Clock, make_host, with_later

STAR = Actor(141, "Starpilot")
NOVA = Actor(142, "Novaqueen")


def test_a_game_whose_look_ups_cost_more_than_a_hop_stops_looking_up_after_its_tries() -> None:
    look = LookFirst()
    for _ in range(TRIES):
        assert look.worth("jupiter") and look.worth("pioneers")
        look.took("jupiter", 5 * HOP)
        look.took("pioneers", HOP / 2)
    assert not look.worth("jupiter")
    assert look.worth("pioneers")
    look.took("pioneers", 100 * HOP)  # timed no more once decided
    assert look.worth("pioneers")


async def test_a_panel_asked_of_the_thread_beside_a_drawing_shows_what_a_looking_host_draws(
    store: Store, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    host = make_host(store, clock, images=True)
    for _ in range(TRIES):
        host.look_first.took("derelict", 10 * HOP)  # as if Derelict's look-ups cost the loop 1 ms each
    looked_up_beside, drawn_beside, drawn_later = [0], [0], [0]
    looked_up, drawn = core.kept, core.drawn

    def look_up(call):  # type: ignore[no-untyped-def]
        looked_up_beside[0] += by_a_drawing() or unhurried()
        return looked_up(call)

    async def draw(call, *, new=False):  # type: ignore[no-untyped-def]
        drawn_beside[0] += by_a_drawing()
        drawn_later[0] += unhurried()
        return await drawn(call, new=new)

    monkeypatch.setattr(core, "kept", look_up)
    monkeypatch.setattr(core, "drawn", draw)
    await host.delivered(await host.start(GUILD, CHANNEL, STAR, "derelict", {}))
    await host.delivered(await host.join(CHANNEL, NOVA))
    await host.delivered(await host.begin(CHANNEL, STAR))
    chooser = random.Random(11)
    for _ in range(8):
        waiting = [(a, await host.choices_for(CHANNEL, a.user_id)) for a in (STAR, NOVA)]
        waiting = [(a, offered) for a, offered in waiting if offered]
        if not waiting:
            break
        actor, offered = chooser.choice(waiting)
        out = await with_later(host, await host.act_typed(CHANNEL, actor, chooser.choice(offered)[1]))
        assert out.reply is not None
        shown = {actor.user_id: out.reply, **{dm.user_id: dm.panel for dm in out.dms}}
        await host.delivered(out)
        for user_id, panel in shown.items():
            fresh = await make_host(store, clock, images=True).panel(CHANNEL, user_id)
            assert [(a.data, a.description) for a in panel.attachments()] == [
                (a.data, a.description) for a in fresh.attachments()
            ]
    assert drawn_beside[0] > 0 and drawn_later[0] > 0 and looked_up_beside[0] == 0
