"""A panel's images are given again only when its view is the same (issue 26): the acting player's panel, whose
view is told apart by the board's JSON and the few fields that differ from it (``HostCore._seen_json``), shows
after every move exactly what a host that kept nothing draws for the same game."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import pytest

from bot.outbox import Outbox
from bot.store import Store
from bot.tables import Actor, Host
from bot.tables.common import Loaded
from bot.tables.lastdrawn import LastDrawn

from .conftest import CHANNEL, GUILD, Clock, make_host

STAR = Actor(121, "Starpilot")
NOVA = Actor(122, "Novaqueen")


async def moved(host: Host, chooser: random.Random) -> tuple[Actor, Outbox] | None:
    """One random offered answer (seeded) by whichever of Star and Nova has something to decide, delivered; ``None``
    when nobody has."""
    waiting = [(a, await host.choices_for(CHANNEL, a.user_id)) for a in (STAR, NOVA)]
    waiting = [(a, offered) for a, offered in waiting if offered]
    if not waiting:
        return None
    actor, offered = chooser.choice(waiting)
    out = await host.act_typed(CHANNEL, actor, chooser.choice(offered)[1])
    await host.delivered(out)
    return actor, out


async def positions(host: Host, seed: int, moves: int) -> AsyncIterator[Loaded]:
    """The game as loaded after each of up to ``moves`` random moves (``moved``), until nobody has a choice."""
    chooser = random.Random(seed)
    for _ in range(moves):
        if await moved(host, chooser) is None:
            return
        yield await host._load(CHANNEL)


@pytest.mark.parametrize("key", ["jupiter", "derelict"])
async def test_the_acting_players_panel_shows_what_a_fresh_host_draws(store: Store, clock: Clock, key: str) -> None:
    host = make_host(store, clock, images=True)
    await host.delivered(await host.start(GUILD, CHANNEL, STAR, key, {}))
    await host.delivered(await host.join(CHANNEL, NOVA))
    await host.delivered(await host.begin(CHANNEL, STAR))
    chooser = random.Random(7)
    for _ in range(10):
        move = await moved(host, chooser)
        if move is None:
            break
        actor, out = move
        assert out.reply is not None
        mine = [(a.data, a.description) for a in out.reply.attachments()]
        fresh = await make_host(store, clock, images=True).panel(CHANNEL, actor.user_id)
        assert mine == [(a.data, a.description) for a in fresh.attachments()]


@pytest.mark.parametrize("key", ["jupiter", "capricorn"])
async def test_a_panels_words_kept_are_the_words_written_anew(
    store: Store, clock: Clock, key: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A panel describes the seat's view from the words kept for the same view and names (``HostCore._described``):
    after every move, each seat's panel reads exactly as one written with nothing kept, and the words were kept
    for some of them (no view described again)."""
    host = make_host(store, clock)
    await host.delivered(await host.start(GUILD, CHANNEL, STAR, key, {}))
    await host.delivered(await host.join(CHANNEL, NOVA))
    await host.delivered(await host.begin(CHANNEL, STAR))
    loaded = await host._load(CHANNEL)
    view_type = type(loaded.spec.view(loaded.state, 0))
    described = view_type.describe
    calls = [0]

    def counted(self: object) -> str:
        calls[0] += 1
        return described(self)  # type: ignore[arg-type]

    monkeypatch.setattr(view_type, "describe", counted)
    kept_panels = 0
    async for loaded in positions(host, 3, 12):
        for seat in loaded.record.seats:
            before = calls[0]
            kept = await host._panel(loaded, seat, ())
            kept_panels += calls[0] == before
            host.panels_described = LastDrawn(host.panels_described.size)
            assert kept.text == (await host._panel(loaded, seat, ())).text
    assert kept_panels > 0


async def test_a_seat_view_apart_from_the_boards_is_told_apart_by_its_own_whole_json(
    store: Store, clock: Clock
) -> None:
    """Derelict's seat views share no fields with the board's view; their digest is still written from exactly their
    own JSON (models the board wrote already spliced in), so a panel changes exactly when its view does."""
    host = make_host(store, clock)
    await host.delivered(await host.start(GUILD, CHANNEL, STAR, "derelict", {}))
    await host.delivered(await host.join(CHANNEL, NOVA))
    await host.delivered(await host.begin(CHANNEL, STAR))
    apart = 0
    async for loaded in positions(host, 5, 8):
        assert loaded.state is not None
        for seat in loaded.record.seats:
            seen = loaded.spec.view(loaded.state, seat.seat)
            shown = host._seen_json(loaded.record, loaded.state, seen)
            if len(shown) == 1:
                apart += 1
                assert shown == (seen.model_dump_json(),)
    assert apart > 0
