"""The host keeps parsed states only for the games used most recently; the store's record stays the truth.

A game whose parsed state was let go (other games were played since) or never held (the bot restarted between
two actions) must play on exactly as one that stayed in memory: the same messages, the same choices offered,
the same stored game. Every answer the host acknowledged is in the store before it says so.
"""

from __future__ import annotations

import random
from pathlib import Path

from bot.outbox import Outbox
from bot.store import Store
from bot.store.factory import open_store
from bot.tables import Actor, Host

from .conftest import ALICE, BOB, GUILD, Clock, make_host

CHANNELS = (7001, 7002)
Stored = list[tuple[str | None, list[tuple[str, str]]]]  # per channel: the game's snapshot and its answers
STEPS = 30  # answers per game: several turns of Jupiter Deep with one robot


def said(out: Outbox) -> list[str]:
    """What a player reads after an answer: the board message and the private reply."""
    return [p.text for p in out.posts] + ([out.reply.text] if out.reply is not None else [])


async def begin(host: Host, channel: int, player: Actor) -> None:
    await host.start(GUILD, channel, player, "jupiter", {})
    out = await host.begin(channel, player)
    board = next(p for p in out.posts if p.kind == "board")
    await host.board_posted(channel, board.game_id, channel * 10)


async def play_alternately(host: Host, steps: int, chooser: random.Random, between: Host | None = None) -> list[str]:
    """Answer a random offered choice in each channel in turn; ``between`` takes over after the first half, as a
    bot restarted over the same store would. Returns everything the players read, in order."""
    transcript: list[str] = []
    for step in range(steps):
        if between is not None and step == steps // 2:
            host = between
        for channel, player in zip(CHANNELS, (ALICE, BOB), strict=True):
            offered = await host.choices_for(channel, player.user_id)
            if not offered:
                continue
            label, value = chooser.choice(offered)
            transcript.append(f"{channel} {player.display_name}: {label}")
            transcript += said(await host.act_typed(channel, player, value))
    return transcript


async def stored(store: Store) -> Stored:
    """Each channel's stored game (its snapshot) and its log of answers."""
    found = []
    for channel in CHANNELS:
        record = await store.live_game(channel) or await store.latest_game(channel)
        assert record is not None and record.id is not None
        log = [(a.prompt_id, a.choice_id) for a in await store.actions(record.id)]
        found.append((record.snapshot, log))
    return found


async def a_reference_run(tmp_path: Path, clock: Clock) -> tuple[list[str], Stored]:
    """The two games played by a host that keeps every parsed state, on a store of its own."""
    store = await open_store(str(tmp_path / "reference.db"))
    try:
        host = make_host(store, clock)
        for channel, player in zip(CHANNELS, (ALICE, BOB), strict=True):
            await begin(host, channel, player)
        transcript = await play_alternately(host, STEPS, random.Random(11))
        return transcript, await stored(store)
    finally:
        await store.close()


async def test_a_game_let_go_from_memory_plays_on_exactly(tmp_path: Path, store: Store, clock: Clock) -> None:
    reference, reference_stored = await a_reference_run(tmp_path, clock)
    host = make_host(store, clock)
    host.cache_size = 1  # each answer finds the other game's state in memory, never its own
    for channel, player in zip(CHANNELS, (ALICE, BOB), strict=True):
        await begin(host, channel, player)
    transcript = await play_alternately(host, STEPS, random.Random(11))
    assert len(host._states) <= 1
    assert transcript == reference
    assert await stored(store) == reference_stored


async def test_a_restart_between_answers_loses_nothing_acknowledged(tmp_path: Path, store: Store, clock: Clock) -> None:
    reference, reference_stored = await a_reference_run(tmp_path, clock)
    host = make_host(store, clock)
    for channel, player in zip(CHANNELS, (ALICE, BOB), strict=True):
        await begin(host, channel, player)
    # Half way, the process is gone: a new host over the same store, with nothing in memory, takes over.
    restarted = make_host(store, clock, first_seed=1)
    transcript = await play_alternately(host, STEPS, random.Random(11), between=restarted)
    assert transcript == reference
    assert await stored(store) == reference_stored
