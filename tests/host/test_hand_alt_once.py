"""A seat's view is described once an action (issue 26): the panel's words describe it, and its hand image's alt
text is written from those very words (``render.core.alt.described_as``), never describing the view again. The
alt text stays exactly the renderer's own for the seat's view named for images, whoever sits at the table."""

from __future__ import annotations

import random

import pytest

from bot.store import Store
from bot.tables import Actor, Host
from bot.tables.names import for_images, image_names
from engine.core.words import name_seats
from render.registry import RENDERERS

from .conftest import CHANNEL, GUILD, Clock, make_host

STAR = Actor(131, "Starpilot")
PLAIN = Actor(132, "Novaqueen")
ESCAPED = Actor(132, "Nova\\_queen\\_")  # a name escaped for markdown: the image and its alt text read "Nova_queen_"


async def played(
    host: Host, key: str, other: Actor, seed: int, moves: int, monkeypatch: pytest.MonkeyPatch, *, once: bool = True
) -> int:
    """Play up to ``moves`` seeded moves of ``key``; after each, the actor's hand alt text is the renderer's own for
    their view, and (``once``) their view was described at most once. Returns how many moves showed them a hand."""
    await host.delivered(await host.start(GUILD, CHANNEL, STAR, key, {}))
    await host.delivered(await host.join(CHANNEL, other))
    await host.delivered(await host.begin(CHANNEL, STAR))
    loaded = await host._load(CHANNEL)
    assert loaded.state is not None
    view_type = type(loaded.spec.view(loaded.state, 0))
    describe = view_type.describe
    described: list[int | None] = []

    def counted(self: object) -> str:
        described.append(getattr(self, "viewer", None))
        return describe(self)  # type: ignore[arg-type]

    monkeypatch.setattr(view_type, "describe", counted)
    chooser, new_hands = random.Random(seed), 0
    for _ in range(moves):
        waiting = [(a, await host.choices_for(CHANNEL, a.user_id)) for a in (STAR, other)]
        waiting = [(a, offered) for a, offered in waiting if offered]
        if not waiting:
            break
        actor, offered = chooser.choice(waiting)
        described.clear()
        out = await host.act_typed(CHANNEL, actor, chooser.choice(offered)[1])
        loaded = await host._load(CHANNEL)
        assert loaded.state is not None and out.reply is not None
        seat = next(s for s in loaded.record.seats if s.user_id == actor.user_id)
        assert described.count(seat.seat) <= 1 or not once
        if out.reply.image is not None:
            new_hands += 1
            seen = for_images(loaded.spec.view(loaded.state, seat.seat), loaded.record)
            own = name_seats(RENDERERS[key].alt(seen), image_names(loaded.record))
            assert out.reply.image.description == own
        await host.delivered(out)
    return new_hands


@pytest.mark.parametrize("key", ["abordaje", "capricorn", "derelict"])  # Jupiter's and Pioneers' draw no hand
async def test_a_hands_alt_text_is_written_from_the_panels_words(
    store: Store, clock: Clock, key: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    host = make_host(store, clock, images=True)
    assert await played(host, key, PLAIN, 3, 6, monkeypatch) > 0


async def test_a_name_an_image_writes_otherwise_keeps_its_own_alt_text(
    store: Store, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the panel names a person otherwise than the image does (a name escaped for markdown), the hand's alt
    text is still the image's own words, with the name as the image shows it."""
    host = make_host(store, clock, images=True)
    assert await played(host, "capricorn", ESCAPED, 5, 6, monkeypatch, once=False) > 0
