"""Issue 15's leftovers: the bot on the simulated Discord dies at a random point of a moderator's ``/undo`` or
``/replace``, or of a ``/board``, again and again.

Each round a player first makes a move (delivered normally), then a moderator undoes it, hands a seat to the
member who does not hold one, or someone reposts the board, and the bot dies (``crash.Fuse``) at a random
point of that request: before or after the defer, right after the step's commit, or anywhere in its delivery
— or not at all when the draw is past the request's last point. After a death a fresh bot starts over the
same database and runs its catch-up. Then:

- the latest board message shows the stored game;
- the moderator's "…is thinking" was answered: with "Done before the bot restarted" when the step was
  committed, with "The bot restarted before … was done" when it was not (issue 15: every deferred command);
- a committed undo pinged every player the game waits on again exactly once, and nobody else; a seat handed
  over pinged its new holder exactly once; a reposted board pinged nobody; a step not committed pinged
  nobody (what it pings is worked out from the stored game before and after the step).

The counts are printed at the end of the run.
"""

from __future__ import annotations

import random

import pytest
import simcord

from bot.tables import Loaded
from bot.tables.deliveries import NOT_DONE
from engine.registry import GAMES

from .conftest import Table
from .crash import CHANGES, Crash, Fuse, install
from .players import begin_game, open_choices
from .sim import board, pings
from .stats import COUNTS
from .test_crash_delivery import said_after_defer
from .turns import stored

POINTS = 20  # a little more than what a moderator's step passes: defer, commit, board, notice, DM, the private answer
STEPS = ("undo", "replace", "board")


async def a_move(table: Table, rng: random.Random, players: list[simcord.MemberActor]) -> None:
    """Whoever the game waits on answers a random legal choice (no death: the move is only the set-up)."""
    record, _ = await stored(table)
    if record.status != "active":
        await table.mod.slash(table.channel, "reset")
        await begin_game(table)
    for player in rng.sample(players, len(players)):
        offered = await open_choices(table, player)
        if offered:
            await player.slash(table.channel, "act", choice=rng.choice(offered))
            return


async def one_round(table: Table, fuse: Fuse, rng: random.Random) -> None:
    everyone = [table.alice, table.bob, table.carol]
    record, _ = await stored(table)
    holders = [p for p in everyone if record.seat_of(p.user.id) is not None]
    await a_move(table, rng, holders)
    before, _ = await stored(table)
    step = rng.choice(STEPS)
    outsider = next(p for p in everyone if p not in holders)
    pinged = {p.user.id: pings(table.env, p.user.id) for p in everyone}

    fuse.arm(rng.randrange(POINTS))
    if step == "undo":
        result = await table.mod.slash(table.channel, "undo")
        said = "The last action is undone; its player can decide again."
    elif step == "replace":
        leaving = rng.choice(holders)
        result = await table.mod.slash(table.channel, "replace", player=leaving, by=outsider)
        said = "now holds"  # "<newcomer> now holds <player>'s seat."
    else:
        result = await table.alice.slash(table.channel, "board")
        said = "The board is posted below."
    died = fuse.where
    fuse.disarm()
    COUNTS.moderation_rounds += 1
    interaction = table.env.backend.interactions[result._interaction.id]
    if died is not None:
        COUNTS.moderation_deaths += 1
        if not interaction.responded:  # died before the defer: Discord tells the user the interaction failed
            table.clock.timings = [t for t in table.clock.timings if t.interaction_id != interaction.id]
        await table.restart()

    after, state = await stored(table)
    changed = after.version != before.version and after.id == before.id
    owed: set[int] = set()
    if changed and step == "undo":
        assert after.action_count == before.action_count - 1, "one action undone, not two"
        waiting = {p.seat for p in GAMES[after.game_key].prompts(state)}
        owed = {s.user_id for s in after.seats if s.seat in waiting}
    elif changed and step == "replace":
        owed = {outsider.user.id}
        assert after.seat_of(outsider.user.id) is not None, "the seat went to the member named"
    COUNTS.moderation_committed += int(changed)
    if interaction.responded:
        assert interaction.loading is False, f"a deferred /{step} was left thinking after the restart"
        told = said_after_defer(table, interaction)
        assert told, f"a deferred /{step} was never answered, not even after the restart"
        # Done: its own confirmation, or the catch-up's; not done: a refusal's sentence, or "nothing changed".
        confirmed = said in told[-1] and not told[-1].startswith("The bot restarted")
        assert confirmed == changed, f"the moderator read {told!r}, the store says changed={changed}"
        if told[-1].startswith("The bot restarted"):
            assert told[-1] == NOT_DONE.format(asked=f"/{step}"), told
    for p in everyone:
        got = pings(table.env, p.user.id) - pinged[p.user.id]
        want = int(p.user.id in owed)
        assert got == want, f"{p.user.name} was pinged {got} times by one {step} (expected {want}; {fuse.points})"

    if after.status == "active":
        spec = GAMES[after.game_key]
        expected = table.bot.host.board_text(Loaded(after, spec, state), spec.prompts(state))
        assert board(table.channel, table.env).content == expected, f"the board does not show the game after {step}"


async def test_deaths_around_moderators_steps_lose_no_board_and_no_ping(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    fuse = Fuse()
    install(monkeypatch, fuse, (table.bot.host.store, table.next_store), CHANGES)
    rng = random.Random(1717)
    await begin_game(table)
    for _ in range(24):
        await one_round(table, fuse, rng)
    assert COUNTS.moderation_deaths > 0 and COUNTS.moderation_committed > 0
    table.expected_bugs.extend(e for e in table.env.errors if isinstance(e, Crash))  # the deaths themselves
