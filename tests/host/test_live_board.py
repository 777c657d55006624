"""Issue 24 in the host: whoever the game waits on is told once, and the newest board is the live one.

Random playouts of every game, people and seat bots together, delivered by ``Channel``, which does with an
outbox what the bot's deliverer does (``bot/delivery.py``): aims each board at the newest one (``Host.aim``),
numbers the new messages, records them (``board_posted``) and makes the board a new one replaces history. The
bots' moves come in rounds (``bot_round``), several commits before any is delivered, as in the bot.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from bot.outbox import Outbox
from bot.replay import first_state, replay
from bot.store import GameRecord
from bot.tables import Actor, Host, Loaded
from bot.tables.core import CLAIM_SECONDS
from bot.tables.liveboard import CALL_TO_ACTION, as_history
from engine.core import Prompt
from engine.registry import GAMES

from .conftest import CHANNEL, GUILD, Clock, make_host

PEOPLE = [Actor(101 + i, f"player{i + 1}") for i in range(5)]
PERSON_MOVES = 120  # moves the people make in one playout (the bots' come in between)


class Channel:
    """The channel's messages as the bot would leave them, and who each new message notified."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.texts: dict[int, str] = {}
        self.boards: list[int] = []  # the game's board messages, oldest first
        self.pinged: Counter[int] = Counter()
        self.next_id = 1000
        self.deaths = 0  # processes that died amid the deliveries of a bots' round

    async def deliver(self, out: Outbox) -> set[int]:
        """Deliver ``out`` as ``bot.delivery.Delivery`` does; the users its new messages notified."""
        notified: set[int] = set()
        for post in out.posts:
            post = await self.host.aim(post)
            if post.edit_message_id is not None and post.edit_message_id in self.texts:
                self.texts[post.edit_message_id] = post.text
                continue
            assert not post.is_edit or post.live, "an edit of a message that is not there"
            self.next_id += 1
            self.texts[self.next_id] = post.text
            assert post.kind == "board" or not post.pings or post.kind == "notice"
            notified |= set(post.pings)
            self.pinged.update(post.pings)
            if post.kind == "board":
                self.boards.append(self.next_id)
            if post.kind in ("lobby", "board") and post.live:
                await self.host.board_posted(CHANNEL, post.game_id, self.next_id)
            if post.supersedes is not None:
                self.texts[post.supersedes] = as_history(self.texts[post.supersedes])
        await self.host.delivered(out)
        return notified


def waited(record: GameRecord, prompts: Sequence[Prompt]) -> set[int]:
    """The people (never a bot) ``prompts`` wait on."""
    seats = {p.seat for p in prompts}
    return {s.user_id for s in record.seats if s.seat in seats and not s.is_bot}


async def waited_now(host: Host) -> set[int]:
    record = await host.store.live_game(CHANNEL)
    if record is None or record.status != "active":
        return set()
    spec = host.spec(record.game_key)
    state = spec.load_state(record.snapshot or "")
    return waited(record, spec.prompts(state))


async def check_the_live_board(host: Host, channel: Channel) -> None:
    """The newest board shows the stored game; no other message says "Press **Your move**", and the newest says
    it exactly while a person is waited on."""
    record = await host.store.latest_game(CHANNEL)
    assert record is not None and record.snapshot is not None
    spec = host.spec(record.game_key)
    state = spec.load_state(record.snapshot)
    prompts = spec.prompts(state) if record.status == "active" else []
    newest = channel.boards[-1]
    if record.status == "active":
        assert record.board_message_id == newest, "the game edits its newest board"
    assert channel.texts[newest] == host.board_text(Loaded(record, spec, state), prompts), "a stale newest board"
    calling = [m for m, text in channel.texts.items() if CALL_TO_ACTION in text]
    assert calling == ([newest] if waited(record, prompts) else []), "a dead call to action"


def expected_pings(host: Host, record: GameRecord, actions: Sequence[Any]) -> Counter[int]:
    """Each person once per time they joined the people the game waits on: at the deal, then after any move."""
    spec = host.spec(record.game_key)
    first = first_state(spec, record)
    before = waited(record, spec.prompts(first))
    count: Counter[int] = Counter(before)
    for state, _ in replay(spec, first, actions):
        after = waited(record, spec.prompts(state))
        count.update(after - before)
        before = after
    return count


TABLES = [(3, 2), (5, 3), (2, 2)]
"""(seats, people) of the playouts: the rest are bots; each game takes the ones its player count allows, and
a two-seat game plays a person against a bot instead of the five-seat table."""


async def bots_round(channel: Channel, rng: random.Random, clock: Clock | None) -> None:
    """The bots' round, delivered as the bot does; with a ``clock``, the process may die partway through the
    round's deliveries: a new one (a new host over the same store) claims what is owed once the claims are
    stale and delivers it in any order (shuffled here), then the round goes on."""
    outs = await channel.host.bot_round()
    dies_after = rng.randrange(len(outs) + 1) if clock is not None and outs and rng.random() < 0.5 else len(outs)
    for out in outs[:dies_after]:
        await channel.deliver(out)
    if dies_after == len(outs):
        return
    assert clock is not None
    channel.deaths += 1
    channel.host = make_host(channel.host.store, clock, first_seed=99)  # the next process
    clock.now += CLAIM_SECONDS + 1
    owed = []
    while items := await channel.host.claim_deliveries():
        owed += items
    rng.shuffle(owed)
    for item in owed:
        await channel.deliver(await channel.host.redeliver(item))
    await bots_round(channel, rng, clock)


async def playout(
    host: Host, game: str, seed: int, seats: int, people_count: int, clock: Clock | None = None
) -> Channel:
    rng = random.Random(seed)
    people = PEOPLE[:people_count]
    channel = Channel(host)
    await channel.deliver(await host.start(GUILD, CHANNEL, people[0], game, {}))
    for person in people[1:]:
        await channel.deliver(await host.join(CHANNEL, person))
    for _ in range(seats - len(people)):
        await channel.deliver(await host.add_bot(CHANNEL, people[0], rng.choice(["easy", "normal"])))
    await channel.deliver(await host.begin(CHANNEL, people[0]))
    for _ in range(PERSON_MOVES):
        await bots_round(channel, rng, clock)  # the bot delivers a round's moves after the round
        host = channel.host
        await check_the_live_board(host, channel)
        choosing = [(p, await host.choices_for(CHANNEL, p.user_id)) for p in people]
        choosing = [(p, offered) for p, offered in choosing if offered]
        if not choosing:
            break
        person, offered = rng.choice(choosing)
        before = await waited_now(host)
        notified = await channel.deliver(await host.act_typed(CHANNEL, person, rng.choice(offered)[1]))
        assert notified == await waited_now(host) - before, "a move pings exactly whoever joined the wait"
        await check_the_live_board(host, channel)
    record = await host.store.latest_game(CHANNEL)
    assert record is not None and record.id is not None
    assert channel.pinged == expected_pings(host, record, await host.store.actions(record.id))
    assert all(user > 0 for user in channel.pinged), "a bot is never pinged"
    return channel


def table_cases() -> list[Any]:
    """¡Abordaje!'s first table in the default suite; every other game and table in the slow run. The default
    suite plays every game's first table through ``test_a_death_amid_the_bots_deliveries…`` below: the same
    playout and the same checks after every move, with process deaths amid the bots' rounds on top."""
    return [
        pytest.param(game, table, marks=[] if (game, table) == ("abordaje", 0) else [pytest.mark.slow])
        for table in range(len(TABLES))
        for game in sorted(GAMES)
    ]


@pytest.mark.parametrize(("game", "table"), table_cases())
async def test_each_person_joining_the_wait_is_pinged_once_and_only_the_newest_board_is_live(
    host: Host, game: str, table: int
) -> None:
    spec = GAMES[game]
    seats, people = TABLES[table]
    if seats > spec.max_players:
        seats, people = 2, 1
    channel = await playout(host, game, table + 1, seats, people)
    assert len(channel.boards) > 3 and sum(channel.pinged.values()) > people, "the table went through stages"


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_a_death_amid_the_bots_deliveries_loses_no_ping_whatever_order_the_catch_up_takes(
    host: Host, clock: Clock, game: str
) -> None:
    seats, people = (3, 2) if GAMES[game].max_players >= 3 else (2, 1)
    channel = await playout(host, game, 7, seats, people, clock)
    assert channel.deaths > 0
