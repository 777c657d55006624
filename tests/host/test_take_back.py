"""A player's ``/undo`` (and **Take back**): their own last move, while it revealed nothing and nobody acted since.

In every game: a decision that revealed nothing is taken back (the same choices again, the board edited in place
with no ping, a line in ``/log``); one that drew, rolled or showed something hidden stands; so does one another
player answered after. The decisions are found from each seeded game's own prompts (first offered answers).
"""

from __future__ import annotations

import pytest

from bot.history import History
from bot.tables import Actor, Host
from engine.core import IllegalAction, NotAllowed, StaleChoice

from .conftest import ALICE, BOB, CAROL, CHANNEL, GUILD, started_duel

GAMES = ("abordaje", "capricorn", "derelict", "jupiter", "pioneers")
PLAYERS = (ALICE, BOB)


async def deciding(host: Host, but: Actor | None = None) -> Actor | None:
    """The first player the game waits on (other than ``but``)."""
    for player in PLAYERS:
        if player != but and await host.choices_for(CHANNEL, player.user_id):
            return player
    return None


async def snapshot(host: Host) -> tuple[int, int, str]:
    record = await host.store.live_game(CHANNEL)
    assert record is not None and record.snapshot is not None
    return record.version, record.action_count, record.snapshot


async def begun(host: Host, key: str) -> None:
    await host.delivered(await host.start(GUILD, CHANNEL, ALICE, key, {}))
    await host.delivered(await host.join(CHANNEL, BOB))
    out = await host.begin(CHANNEL, ALICE)
    board = next(p for p in out.posts if p.kind == "board")
    await host.board_posted(CHANNEL, board.game_id, 777)
    await host.delivered(out)


def unseen_changed(host: Host, key: str, before: str, after: str, seat: int) -> bool:
    """Whether a move changed what its own seat could not see (the game's ``unseen``): it drew, rolled or
    uncovered something."""
    spec = host.spec(key)
    assert spec.unseen is not None
    return bool(spec.unseen(spec.load_state(before), seat) != spec.unseen(spec.load_state(after), seat))


@pytest.mark.parametrize("key", GAMES)
async def test_a_quiet_move_is_taken_back_and_one_that_revealed_or_was_answered_stands(host: Host, key: str) -> None:
    await begun(host, key)
    # A move that revealed nothing: the first offered answer that keeps the mover's unseen as it was.
    for _ in range(40):
        player = await deciding(host)
        assert player is not None, "the game waits on a person"
        offered = await host.choices_for(CHANNEL, player.user_id)
        _, count, before = await snapshot(host)
        await host.delivered(await host.act_typed(CHANNEL, player, offered[0][1]))
        _, _, after = await snapshot(host)
        seat = PLAYERS.index(player)
        if not unseen_changed(host, key, before, after, seat) and await host.take_back_offer(CHANNEL, player.user_id):
            break
    else:
        pytest.fail("no move that revealed nothing within 40 decisions")
    board_id = (await host.store.live_game(CHANNEL)).board_message_id  # type: ignore[union-attr]

    out = await host.take_back(CHANNEL, player)

    assert await host.choices_for(CHANNEL, player.user_id) == offered, "the same choices as before the move"
    _, now_count, now = await snapshot(host)
    assert now_count == count and now == before
    board = next(p for p in out.posts if p.kind == "board")
    assert board.edit_message_id == board_id and board.edit_message_id is not None, "the board is edited in place"
    assert board.pings == () and not out.dms, "a take-back pings nobody and DMs nobody"
    assert f"{player.display_name} took back their move." in board.text
    assert out.reply is not None and "took back your move" in out.reply.text
    log = (await History(host.store, host.games).public_log(CHANNEL)).text
    assert f"{player.display_name} took back their move." in log
    await host.delivered(out)

    # The same move again, then another player's answer: the move stands.
    await host.delivered(await host.act_typed(CHANNEL, player, offered[0][1]))
    for _ in range(40):
        other = await deciding(host, but=player)
        if other is not None:
            break
        mine = await host.choices_for(CHANNEL, player.user_id)
        await host.delivered(await host.act_typed(CHANNEL, player, mine[0][1]))
    else:
        pytest.fail("nobody else was asked anything within 40 decisions")
    await host.delivered(await host.act_typed(CHANNEL, other, (await host.choices_for(CHANNEL, other.user_id))[0][1]))
    version = (await snapshot(host))[0]
    with pytest.raises(IllegalAction, match=f"{other.display_name} has played since your move"):
        await host.take_back(CHANNEL, player)
    assert (await snapshot(host))[0] == version, "a refused take-back changes nothing"

    # Play on until a move draws, rolls or uncovers something for its player: it stands.
    for _ in range(200):
        mover = await deciding(host)
        assert mover is not None
        _, _, before = await snapshot(host)
        offered = await host.choices_for(CHANNEL, mover.user_id)
        await host.delivered(await host.act_typed(CHANNEL, mover, offered[0][1]))
        version, _, after = await snapshot(host)
        if unseen_changed(host, key, before, after, PLAYERS.index(mover)):
            break
    else:
        pytest.fail("nothing was drawn, rolled or revealed within 200 decisions")
    assert await host.take_back_offer(CHANNEL, mover.user_id) is None, "no Take back button under it"
    with pytest.raises(IllegalAction, match="drew, rolled, shuffled or showed something hidden"):
        await host.take_back(CHANNEL, mover)
    assert (await snapshot(host))[0] == version


async def test_only_a_seated_player_with_a_move_takes_one_back_and_a_button_takes_back_its_own_move(
    host: Host,
) -> None:
    await started_duel(host)
    with pytest.raises(NotAllowed, match="not playing"):
        await host.take_back(CHANNEL, CAROL)
    with pytest.raises(IllegalAction, match="not made a move"):
        await host.take_back(CHANNEL, BOB)
    await host.act(CHANNEL, BOB, "r1.s1", "3")  # a secret pick: nobody saw it
    offer = await host.take_back_offer(CHANNEL, BOB.user_id)
    assert offer is not None
    game_id, index = offer
    with pytest.raises(StaleChoice, match="earlier game"):
        await host.take_back(CHANNEL, BOB, game_id=game_id + 1, index=index)
    await host.take_back(CHANNEL, BOB, game_id=game_id, index=index)
    assert [label for label, _ in await host.choices_for(CHANNEL, BOB.user_id)] == ["Pick 1", "Pick 2", "Pick 3"]
    await host.act(CHANNEL, BOB, "r1.s1", "2")
    with pytest.raises(IllegalAction, match="earlier move of yours"):
        await host.take_back(CHANNEL, BOB, game_id=game_id, index=index + 1)
