"""Playing a cooperative game turn by turn through Discord, checking at every step who is offered what.

Capricorn and Jupiter Deep share the shape of one scenario: three players, a few complete turns
played through the panel, DMs and ``/act``, then the next player notified. What differs between them (what
is secret) is checked by the caller through ``on_step``; what is common lives here:

- the turn counter is read from the *stored* state (the store's snapshot, as the bot itself reloads it), so
  "two complete turns" means what the game means, whatever the board text says;
- at every step each player's ``/act`` autocomplete is asked what is open to them, and every choice offered
  must belong to a prompt of *their* seat (prompts only reach their player); a member who does not play is
  offered nothing;
- every prompt seen pending is remembered with its seat, so that the DMs can be checked afterwards: a DM's
  buttons and selects only ever name prompts of the seat that received it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord
import simcord

from bot.store import GameRecord
from engine.core import State
from engine.registry import GAMES

from .conftest import Table
from .players import ROADS, answer, open_choices
from .sim import board, dms, prompt_choices

# Called after every decision with the state before and after it, the seat that decided, and the private
# messages that player read on the way (the panel, the bot's ephemeral replies).
OnStep = Callable[[State, State, int, list[simcord.ResponseMessage]], Awaitable[None] | None]


@dataclass
class Played:
    """What a run of turns did: decisions by road, and every prompt seen pending (id → seat)."""

    decisions: int = 0
    roads: Counter[str] = field(default_factory=Counter)
    prompt_seats: dict[str, int] = field(default_factory=dict)
    board_before_last: int | None = None  # the live board's message id before the latest decision


async def stored(table: Table) -> tuple[GameRecord, Any]:
    """The channel's game as the store holds it now, and its state loaded from the snapshot."""
    record = await table.next_store.latest_game(table.channel.id)
    assert record is not None and record.snapshot is not None, "no game has begun in the channel"
    return record, GAMES[record.game_key].load_state(record.snapshot)


def seat_of(record: GameRecord, player: simcord.MemberActor) -> int:
    """The seat ``player`` holds in the stored game."""
    seat = record.seat_of(player.user.id)
    assert seat is not None, f"{player.user.name} holds no seat"
    return seat.seat


async def play_until_turn(
    table: Table,
    players: Sequence[simcord.MemberActor],
    rng: random.Random,
    turn: int,
    *,
    step_cap: int,
    on_step: OnStep | None = None,
    played: Played | None = None,
) -> Played:
    """Let the players decide, a seeded random one among those offered something, until the stored turn is
    ``turn``; roads (panel, DM, ``/act``) rotate with every decision so each is used."""
    played = played or Played()
    for _ in range(step_cap):
        record, state = await stored(table)
        spec = GAMES[record.game_key]
        pending = spec.prompts(state)
        played.prompt_seats.update({p.id: p.seat for p in pending})
        if state.turn >= turn:
            return played
        assert spec.outcome(state) is None, f"the game ended before turn {turn}: {record.result}"
        offered: dict[int, list[str]] = {}
        for player in players:
            seat = seat_of(record, player)
            values = await open_choices(table, player)
            mine = {p.id for p in pending if p.seat == seat}
            strangers = [v for v in values if v.partition("|")[0] not in mine]
            assert not strangers, f"{player.user.name} (seat {seat}) was offered other seats' choices: {strangers}"
            if values:
                offered[seat] = values
        assert await open_choices(table, table.carol) == [], "a member who does not play was offered choices"
        assert offered, f"turn {state.turn}: nothing is offered to anyone, yet the game waits on {pending}"
        seat = rng.choice(sorted(offered))
        player = next(p for p in players if seat_of(record, p) == seat)
        road = ROADS[played.decisions % len(ROADS)]
        played.board_before_last = board(table.channel, table.env).id
        read = await answer(table, player, rng.choice(offered[seat]), road)
        played.decisions += 1
        played.roads[road] += 1
        if on_step is not None:
            _, after = await stored(table)
            done = on_step(state, after, seat, read)
            if done is not None:
                await done
    raise AssertionError(f"turn {turn} not reached within {step_cap} decisions")


def check_dm_prompts(table: Table, record: GameRecord, players: Sequence[simcord.MemberActor], played: Played) -> int:
    """Every choice any DM offers names a prompt of the recipient's own seat; the DMs checked."""
    checked = 0
    for player in players:
        seat = seat_of(record, player)
        for message in dms(player):
            checked += 1
            for value in prompt_choices(message):
                prompt_id = value.partition("|")[0]
                assert prompt_id in played.prompt_seats, f"a DM offers {value!r}, never pending"
                owner = played.prompt_seats[prompt_id]
                assert owner == seat, f"{player.user.name} (seat {seat}) got seat {owner}'s choice {value!r} by DM"
    assert dms(table.carol) == [], "a member who does not play received DMs"
    return checked


def assert_notified(table: Table, played: Played, player: simcord.MemberActor) -> discord.Message:
    """The decision that ended the turn posted a new board (not an edit) that pings ``player``."""
    live = board(table.channel, table.env)
    assert live.id != played.board_before_last, "the turn changed but the board was only edited: no one was notified"
    assert f"<@{player.user.id}>" in live.content, f"the new board does not mention the next player: {live.content}"
    assert player.user.id in [u.id for u in live.mentions], "the new board names the next player without a ping"
    return live
