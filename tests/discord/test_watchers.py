"""The two watchers every scenario runs under have teeth: a planted leak and a late answer are caught.

Every other scenario passing its teardown means nothing if the leak scan or the 3-second clock could not fail;
here each is shown a failure on purpose (a bug planted from the test, never in the bot), must report it, and
is then told to forget it so the scenario's own teardown passes.
"""

from __future__ import annotations

import logging

import pytest

from bot.outbox import ChannelPost

from .conftest import Table
from .players import begin_game, open_choices
from .sim import bot_messages, is_private, said


async def test_the_leak_scan_catches_a_hand_posted_in_the_channel(table: Table) -> None:
    await begin_game(table)
    hand = await table.alice.slash(table.channel, "hand")
    hand_line = next(line for line in said(hand).splitlines() if line.startswith("Your hand:"))
    before = len(table.scanner.shown)

    # A bug as it would look: a private line delivered to the channel instead of the DM.
    await table.bot.delivery.post(table.channel.id, ChannelPost(kind="notice", text=f"psst {hand_line}"))

    problems = table.scanner.scan()
    assert len(problems) == 1 and "names hidden" in problems[0] and hand_line in problems[0]
    del table.scanner.shown[before:]  # forget the planted leak
    assert table.scanner.scan() == []


async def test_the_leak_scan_catches_an_autocomplete_naming_the_other_players_cards(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    await begin_game(table)
    real = table.bot.host.choices_for
    every_card = ["Fight!", "Boarding!", "Fire!", "Repel!", "Take cover!", "Stand up!"]

    async def every_name(channel_id: int, user_id: int, typed: str = "") -> list[tuple[str, str]]:
        await real(channel_id, user_id, typed)
        return [(name, f"x|{i}") for i, name in enumerate(every_card)]

    # Alice holds five of the twelve orders: at least one kind is only in Bob's hand or set aside.
    monkeypatch.setattr(table.bot.host, "choices_for", every_name)
    before = len(table.scanner.offered)
    await open_choices(table, table.alice)
    monkeypatch.undo()

    problems = table.scanner.scan()
    assert len(problems) == 1 and "another player's hidden" in problems[0]
    del table.scanner.offered[before:]
    assert await open_choices(table, table.alice)  # the real list passes the scan
    assert table.scanner.scan() == []


async def test_a_first_response_after_the_limit_is_refused_with_10062_and_reported(
    table: Table, caplog: pytest.LogCaptureFixture
) -> None:
    await begin_game(table)
    table.clock.limit = 0.0  # every interaction from now on is "too late" for Discord
    messages = len(bot_messages(table.channel, table.env))

    with caplog.at_level(logging.WARNING):
        result = await table.carol.slash(table.channel, "status")

    assert not result.acknowledged and not is_private(result), "Discord refused the late answer"
    problems = table.clock.problems()
    assert len(problems) == 1 and "/status" in problems[0] and "10062" in problems[0]
    assert any("could not answer" in r.getMessage() for r in caplog.records)
    assert len(bot_messages(table.channel, table.env)) == messages
    table.clock.timings.remove(table.timing_of(result))  # forget it: the teardown checks the rest
    table.clock.limit = 3.0
    table.expected_bugs.extend(table.unexpected_errors())
