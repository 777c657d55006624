"""Issue 15: the bot on the simulated Discord dies at a random point around ``/act``, again and again.

Each round one player (whoever the stored game waits on) answers a random legal choice with ``/act`` (or, in
``CLICKS`` of the rounds, with the button of their "Your move" panel), and the bot dies (``crash.Fuse``) at a
random point of that request: before the defer, after it, after the commit, or anywhere in the delivery (the
answer, the board, the DMs) — or not at all when the draw is past the request's last point. After a death a
fresh bot starts over the same database and runs its catch-up. Then:

- the store holds the action exactly when the player was told it was taken (the panel, or "Your move was
  taken"), and not when they were told it was not ("…nothing changed. Please choose again.");
- the latest board message shows the stored game (its text is the one the stored version draws);
- every player the action made the game wait on who it did not wait on before was pinged exactly once for
  it, and nobody else was pinged (what to expect is worked out with the engine from the state before);
- every interaction the bot deferred (younger than 15 minutes here) was completed: no "…is thinking" left,
  and a click heard back too (its panel edited, or the next process's answer).

The counts are printed at the end of the run.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
import simcord

from bot.store import Store
from bot.tables import Loaded
from bot.tables.deliveries import NOT_TAKEN
from engine.registry import GAMES

from .conftest import Table
from .crash import Crash, Fuse, install
from .players import begin_game, open_choices, open_panel, press
from .sim import board, pings, prompt_choices
from .stats import COUNTS
from .turns import stored

CLICKS = 0.3  # the share of rounds that answer with a button on the player's panel instead of /act
LABELS_CHECKED: list[str] = []  # the next process's "Your move was taken" sentences checked for labels
POINTS = 14  # about what an /act that opens a new stage passes: a small step's rounds often run to the end


async def expected_pings(table: Table, player: simcord.MemberActor, value: str) -> set[int]:
    """Who the action ``value`` must ping: the players it makes the game wait on who it did not wait on before."""
    record, state = await stored(table)
    spec = GAMES[record.game_key]
    seat = record.seat_of(player.user.id)
    assert seat is not None
    prompt_id, _, choice_id = value.partition("|")
    after, _ = spec.apply(state, seat.seat, prompt_id, choice_id)

    def waited(prompts: list[Any]) -> set[int]:
        seats = {p.seat for p in prompts}
        return {s.user_id for s in record.seats if s.seat in seats and not s.is_bot}

    return waited(spec.prompts(after)) - waited(spec.prompts(state))


async def one_round(table: Table, fuse: Fuse, rng: random.Random) -> None:
    record, _ = await stored(table)
    if record.status != "active":
        await begin_game(table)
        record, _ = await stored(table)
    players = [table.alice, table.bob]
    offered = {p.user.id: await open_choices(table, p) for p in players}
    player = rng.choice([p for p in players if offered[p.user.id]])
    value = rng.choice(offered[player.user.id])
    named = {str(c["value"]): str(c["name"]) for c in await player.autocomplete(table.channel, "act", "choice", "")}
    owed = await expected_pings(table, player, value)
    before = {p.user.id: pings(table.env, p.user.id) for p in players}

    panel = await open_panel(table, player) if rng.random() < CLICKS else None
    clicked = panel is not None and panel.response is not None and value in prompt_choices(panel.response)
    fuse.arm(rng.randrange(POINTS))
    if clicked:
        assert panel is not None and panel.response is not None
        result = await press(player, panel.response, value)
    else:
        result = await player.slash(table.channel, "act", choice=value)
    died = fuse.where
    fuse.disarm()
    COUNTS.act_rounds += 1
    interaction = table.env.backend.interactions[result._interaction.id]
    if died is not None:
        COUNTS.deaths += 1
        if not interaction.responded:  # died before the defer: Discord tells the player the interaction failed
            table.clock.timings = [t for t in table.clock.timings if t.interaction_id != interaction.id]
        answers_before = said_after_defer(table, interaction)
        await table.restart()
        COUNTS.answered_by_next_process += int(said_after_defer(table, interaction) != answers_before)

    after, state = await stored(table)
    taken = after.action_count == record.action_count + 1 or after.id != record.id
    assert after.action_count in (record.action_count, record.action_count + 1)
    if interaction.responded:
        assert interaction.loading is False, "a deferred /act was left thinking after the restart"
        told = said_after_defer(table, interaction)
        assert told, "a deferred click was never answered, not even after the restart"
        assert (NOT_TAKEN in told[-1]) == (not taken), f"the player read {told!r}, the store says taken={taken}"
        for text in told:  # the next process's sentence names the choice as the player saw it, never its id
            if text.startswith("Your move was taken:") and value in named:
                assert text.startswith(f"Your move was taken: {named[value].rstrip('.')}."), text
                LABELS_CHECKED.append(text)
    COUNTS.taken += int(taken)
    COUNTS.not_taken += int(not taken)

    for p in players:
        got = pings(table.env, p.user.id) - before[p.user.id]
        want = int(taken and p.user.id in owed)
        assert got == want, f"{p.user.name} was pinged {got} times for one action (expected {want}; {fuse.points})"
        COUNTS.pings_checked += 1

    if after.status == "active":
        spec = GAMES[after.game_key]
        host = table.bot.host
        expected = host.board_text(Loaded(after, spec, state), spec.prompts(state))
        assert board(table.channel, table.env).content == expected, "the board does not show the stored game"


def said_after_defer(table: Table, interaction: Any) -> list[str]:
    """What the bot told the player after deferring, oldest first: every message it sent or edited with the
    interaction's token (the "…is thinking" message completed, a clicked panel edited in place, a followup
    such as the catch-up's answer), read from SimCord's log of the bot's requests."""
    return [
        str((r.json or {}).get("content") or "")
        for r in table.env.backend.http_requests
        if r.path.startswith("/webhooks/") and interaction.token in r.path and r.method in ("POST", "PATCH")
    ]


async def crash_again_and_again(table: Table, monkeypatch: pytest.MonkeyPatch, rounds: int, seed: int) -> None:
    fuse = Fuse()
    stores: tuple[Store, ...] = (table.bot.host.store, table.next_store)
    install(monkeypatch, fuse, stores)
    rng = random.Random(seed)
    await begin_game(table)
    for _ in range(rounds):
        await one_round(table, fuse, rng)
    table.expected_bugs.extend(e for e in table.env.errors if isinstance(e, Crash))  # the deaths themselves


async def test_forty_rounds_of_deaths_around_act_lose_nothing_acknowledged(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    await crash_again_and_again(table, monkeypatch, rounds=40, seed=15)
    assert LABELS_CHECKED, "some move was taken before a death and told by the next process"


async def test_past_fifteen_minutes_a_cut_off_act_is_left_alone(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    fuse = Fuse()
    install(monkeypatch, fuse, (table.bot.host.store, table.next_store))
    await begin_game(table)
    value = (await open_choices(table, table.alice))[0]
    fuse.arm(1)  # point 0 is just before the defer, point 1 just after it: the bot dies "…is thinking"
    result = await table.alice.slash(table.channel, "act", choice=value)
    assert fuse.where is not None and "callback" in fuse.where
    fuse.disarm()
    interaction = table.env.backend.interactions[result._interaction.id]
    assert interaction.responded and interaction.loading
    requests = len(table.env.backend.http_requests)

    await table.restart(clock=lambda: time.time() + 16 * 60)  # the bot comes back 16 minutes later
    table.expected_bugs.extend(e for e in table.env.errors if isinstance(e, Crash))  # the death itself

    assert interaction.loading, "nothing answered it"
    tried = [r.path for r in table.env.backend.http_requests[requests:] if interaction.token in r.path]
    assert tried == [], f"Discord no longer accepts an answer, and none was attempted: {tried}"


@pytest.mark.slow
async def test_three_hundred_deaths_around_act_lose_nothing_acknowledged(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    await crash_again_and_again(table, monkeypatch, rounds=300, seed=1515)
