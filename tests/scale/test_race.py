"""Two processes acting on the same games at once: one wins, the other re-reads; nothing lost, nothing twice.

Two hosts (two pools, two sets of in-process locks: all two bot processes share is the database) answer the
same games at the same instant, many times over: the same player clicking on both (the second click must be
told the choice is gone), or two players answering at once (the second answer applies to the new state when
it is still offered). Afterwards every game's log replays to its stored snapshot, and the log holds exactly
the moves the players were told were taken: none lost, none applied twice.
"""

from __future__ import annotations

import asyncio
import random
from collections import Counter

import pytest

from bot.replay import state_after
from bot.tables import Actor, Host
from engine.core import GameError

from ..host.conftest import GUILD

pytestmark = pytest.mark.postgres

PLAYERS = {
    "duel": (Actor(101, "alice"), Actor(102, "bob")),
    "abordaje": (Actor(101, "alice"), Actor(102, "bob")),
    "pioneers": (Actor(101, "alice"), Actor(102, "bob"), Actor(103, "carol")),
}
Move = tuple[int, int, str, str]  # game, user, prompt, choice


class Race:
    """Games played by racing pairs of answers through two hosts, with what each player was told."""

    def __init__(self, hosts: list[Host], key: str, rng: random.Random) -> None:
        self.hosts, self.key, self.rng = hosts, key, rng
        self.players = PLAYERS[key]
        self.taken: Counter[Move] = Counter()  # answers the bot acknowledged
        self.refused: Counter[str] = Counter()  # the sentences the others read
        self.games: list[int] = []
        self.both_taken = 0  # races where the second answer was applied to the state the first one made
        self.next_channel = 9000

    async def new_game(self) -> int:
        channel, self.next_channel = self.next_channel, self.next_channel + 1
        host = self.rng.choice(self.hosts)
        await host.start(GUILD, channel, self.players[0], self.key, {})
        for actor in self.players[1:]:
            await self.rng.choice(self.hosts).join(channel, actor)
        await self.rng.choice(self.hosts).begin(channel, self.players[0])
        record = await host.store.live_game(channel)
        assert record is not None and record.id is not None
        self.games.append(record.id)
        return channel

    async def answers(self, channel: int) -> list[tuple[Actor, str, str]]:
        """Two answers read from the same moment of the game: any player asked, any choice offered."""
        host = self.rng.choice(self.hosts)
        record = await host.store.live_game(channel)
        if record is None or record.status != "active":
            return []
        spec = host.spec(record.game_key)
        assert record.snapshot is not None
        prompts = spec.prompts(spec.load_state(record.snapshot))
        picked = []
        for _ in range(2):
            prompt = self.rng.choice(prompts)
            seat = record.user_of(prompt.seat)
            assert seat is not None
            actor = next(a for a in self.players if a.user_id == seat.user_id)
            picked.append((actor, prompt.id, self.rng.choice(prompt.choices).id))
        return picked

    async def answer(self, host: Host, channel: int, game_id: int, actor: Actor, prompt: str, choice: str) -> None:
        try:
            out = await host.act(channel, actor, prompt, choice)
        except GameError as exc:  # a sentence for the player; anything else fails the test with its traceback
            assert str(exc), "a refusal always says why"
            self.refused[str(exc)] += 1
            return
        self.taken[(game_id, actor.user_id, prompt, choice)] += 1
        await host.delivered(out)

    async def play(self, channel: int, game_id: int, budget: int) -> int:
        """Race answers on one game until it ends or ``budget`` answers were sent; how many were sent."""
        sent = 0
        while sent < budget and (picked := await self.answers(channel)):
            first, second = self.hosts if self.rng.random() < 0.5 else self.hosts[::-1]
            before = sum(self.taken.values())
            await asyncio.gather(
                self.answer(first, channel, game_id, *picked[0]), self.answer(second, channel, game_id, *picked[1])
            )
            self.both_taken += sum(self.taken.values()) - before == 2
            sent += 2
        return sent

    async def run(self, answers: int, tables: int) -> None:
        """``tables`` games at a time, each replaced by a new one when it ends, until ``answers`` were sent."""
        sent = 0
        while sent < answers:
            channels = [await self.new_game() for _ in range(tables)]
            done = await asyncio.gather(
                *(self.play(c, g, answers // tables) for c, g in zip(channels, self.games[-tables:], strict=True))
            )
            sent += sum(done)

    async def check(self) -> None:
        """Every game's log replays to its snapshot and holds exactly the acknowledged answers."""
        store = self.hosts[0].store
        logged: Counter[Move] = Counter()
        for game_id in self.games:
            record = await store.get_game(game_id)
            assert record is not None
            actions = await store.actions(game_id)
            assert [a.index for a in actions] == list(range(record.action_count)), "one log, no gap, no repeat"
            spec = self.hosts[0].spec(record.game_key)
            assert state_after(spec, record, actions).model_dump_json() == record.snapshot, f"game {game_id}"
            logged.update((game_id, a.user_id, a.prompt_id, a.choice_id) for a in actions)
        assert logged == self.taken, "the log holds exactly the answers the players were told were taken"


async def race(hosts: list[Host], key: str, answers: int, tables: int, seed: int) -> Race:
    played = Race(hosts, key, random.Random(seed))
    await played.run(answers, tables)
    await played.check()
    return played


async def test_two_processes_racing_on_the_same_games_lose_nothing_and_apply_nothing_twice(
    hosts: list[Host],
) -> None:
    played = await race(hosts, "duel", answers=600, tables=6, seed=1)
    assert sum(played.taken.values()) > 200
    assert played.refused, "some answers lost the race to the same player's other click"
    assert played.both_taken > 0, "two players answering at once both have their answer taken"
    raced = "Another move was taken at the same moment, and that choice is no longer open"
    assert any(text.startswith(raced) for text in played.refused), "a re-read answer no longer offered says so"
    # The others are the engine's own sentences for a choice the game moved past before this process read it;
    # a refused commit (the store's "Somebody else…") never reaches a player, nor do two processes run out of
    # re-reads.
    assert not [t for t in played.refused if t.startswith(("Somebody else", "The game changed several times"))]


@pytest.mark.slow
@pytest.mark.parametrize("key", ["duel", "abordaje", "pioneers"])
async def test_thousands_of_racing_answers_in_real_games(hosts: list[Host], key: str) -> None:
    played = await race(hosts, key, answers=3000, tables=8, seed=2)
    assert sum(played.taken.values()) > 1000
