"""The panel opens with what happened since the player's last decision: the channel's lines and their own private
news, a few lines, never another seat's private news (the leak scan of these lines, for every game)."""

from __future__ import annotations

import random

import pytest

from bot.replay import first_state
from bot.tables import Host
from bot.tables.names import in_private
from bot.tables.since import PRIVATE_MARK, SINCE_LINES
from bot.tables.since import since_block as since_block_of
from engine.registry import GAMES

from .conftest import ALICE, BOB, CAROL, CHANNEL, GUILD, started_duel

PEOPLE = (ALICE, BOB, CAROL)


def since_block(text: str) -> list[str]:
    """The news lines a panel opens with (without the title and the "… and N more" line)."""
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if line.startswith("**Since ")), None)
    if start is None:
        return []
    block = []
    for line in lines[start + 1 :]:
        if not line.startswith("• "):
            break
        block.append(line.removeprefix("• "))
    return block


async def test_the_panel_opens_with_what_the_others_did_since_your_last_move(host: Host) -> None:
    await started_duel(host)
    await host.act(CHANNEL, ALICE, "r1.s0", "2")
    await host.act(CHANNEL, BOB, "r1.s1", "3")
    alice = (await host.panel(CHANNEL, ALICE.user_id)).text
    assert alice.startswith("**Since your last move:**")
    news = since_block(alice)
    assert any("Round 1 revealed" in line for line in news)
    assert not any("You picked 3" in line for line in news), "Bob's own pick is his alone"
    assert since_block((await host.panel(CHANNEL, BOB.user_id)).text) == [], "nothing since Bob's own move"


def test_only_the_latest_few_lines_and_how_many_more() -> None:
    lines = [f"Line {n}." for n in range(1, 9)]
    block = since_block_of(True, lines, told=["Line 8."])  # the panel tells its own news anyway
    assert block[0] == "**Since your last move:**"
    assert block[1:-1] == [f"• Line {n}." for n in range(3, 8)] and len(block[1:-1]) == SINCE_LINES
    assert block[-1].startswith("… and 2 more: `/log`")
    assert since_block_of(False, ["Line 1."], told=[])[0] == "**Since the game began:**"
    assert since_block_of(True, [], told=[]) == []


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_since_lines_never_carry_another_seats_private_news(host: Host, game: str) -> None:
    """Random legal play; after every action each player's panel opens only with lines the channel saw or that
    seat was told: every line is checked against the game's own events, replayed from the log."""
    spec = GAMES[game]
    players = PEOPLE[: max(2, spec.min_players)]
    await host.start(GUILD, CHANNEL, players[0], game, {})
    for p in players[1:]:
        await host.join(CHANNEL, p)
    await host.begin(CHANNEL, players[0])
    chooser = random.Random(11)
    shown = 0
    state, done = None, 0
    readable: dict[int, set[str]] = {}
    public: set[str] = set()
    for _ in range(24):
        waiting = [(p, await host.choices_for(CHANNEL, p.user_id)) for p in players]
        waiting = [(p, offered) for p, offered in waiting if offered]
        if not waiting:
            break
        player, offered = chooser.choice(waiting)
        await host.act_typed(CHANNEL, player, chooser.choice(offered)[1])
        record = await host.store.live_game(CHANNEL) or await host.store.latest_game(CHANNEL)
        assert record is not None and record.id is not None
        if state is None:
            state = first_state(spec, record)
            readable = {s.seat: set() for s in record.seats}
        for action in (await host.store.actions(record.id))[done:]:  # the game's own events, replayed from its log
            state, events = spec.apply(state, action.seat, action.prompt_id, action.choice_id)
            public.update(in_private(line, record) for line in action.public)
            for e in events:
                for seat in readable:
                    if not e.is_public and e.readable_by(seat):
                        readable[seat].add(in_private(e.text, record))
            done += 1
        for p in players:
            seat = record.seat_of(p.user_id)
            assert seat is not None
            for line in since_block((await host.panel(CHANNEL, p.user_id)).text):
                shown += 1
                if line.startswith(PRIVATE_MARK):
                    assert line.removeprefix(PRIVATE_MARK) in readable[seat.seat], f"{game}: {line!r} to {p}"
                else:
                    assert line in public, f"{game}: {line!r} is not a channel line"
    assert shown, f"{game}: no panel opened with news"


async def test_a_game_outside_a_server_gets_no_news_block(host: Host) -> None:
    """The offline table (no server) prints its own news for each seat: the panel adds none."""
    await host.start(None, CHANNEL, ALICE, "duel", {})
    await host.join(CHANNEL, BOB)
    await host.begin(CHANNEL, ALICE)
    await host.act(CHANNEL, ALICE, "r1.s0", "2")
    await host.act(CHANNEL, BOB, "r1.s1", "3")
    assert since_block((await host.panel(CHANNEL, ALICE.user_id)).text) == []
