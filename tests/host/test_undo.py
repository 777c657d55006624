"""``/undo``: a moderator takes back the last action, unless it drew, rolled, shuffled or uncovered something."""

from __future__ import annotations

import pytest

from bot.history import History
from bot.tables import Actor, Host
from engine.core import IllegalAction, NoGameHere, NotAllowed

from .conftest import ALICE, BOB, CHANNEL, GUILD, MOD, started_duel


async def version(host: Host) -> int:
    record = await host.store.live_game(CHANNEL)
    assert record is not None
    return record.version


async def test_a_secret_pick_is_undone_and_its_player_may_pick_again(host: Host) -> None:
    await started_duel(host)
    await host.act(CHANNEL, BOB, "r1.s1", "3")
    assert await host.choices_for(CHANNEL, BOB.user_id) == []

    out = await host.undo(CHANNEL, MOD)

    assert [label for label, _ in await host.choices_for(CHANNEL, BOB.user_id)] == ["Pick 1", "Pick 2", "Pick 3"]
    assert "Your secret pick" not in (await host.panel(CHANNEL, BOB.user_id)).text
    board = next(p for p in out.posts if p.kind == "board")
    assert "undid bob's last action" in board.text and "3" not in board.text.split("undid")[1].split("\n")[0]
    assert [dm.user_id for dm in out.dms] == [BOB.user_id], "the undone player is told, with their panel"
    record = await host.store.live_game(CHANNEL)
    assert record is not None and record.action_count == 0
    assert await host.store.actions(record.id or 0) == []
    log = (await History(host.store, host.games).public_log(CHANNEL)).text
    assert "mod (moderator) undid bob's last action" in log


async def test_an_action_that_revealed_the_picks_is_final(host: Host) -> None:
    await started_duel(host)
    await host.act(CHANNEL, BOB, "r1.s1", "3")
    await host.act(CHANNEL, ALICE, "r1.s0", "1")  # the round's picks are revealed
    before = await version(host)
    with pytest.raises(IllegalAction, match="final"):
        await host.undo(CHANNEL, MOD)
    assert await version(host) == before, "a refused undo changes nothing"


async def test_only_moderators_undo_and_only_once_something_was_played(host: Host) -> None:
    await started_duel(host)
    with pytest.raises(IllegalAction, match="Nothing has been played"):
        await host.undo(CHANNEL, MOD)
    await host.act(CHANNEL, BOB, "r1.s1", "2")
    with pytest.raises(NotAllowed, match="moderators"):
        await host.undo(CHANNEL, ALICE)
    assert await host.choices_for(CHANNEL, BOB.user_id) == []


async def deciding(host: Host, players: tuple[Actor, ...]) -> Actor:
    """The first of ``players`` the game waits on."""
    for player in players:
        if await host.choices_for(CHANNEL, player.user_id):
            return player
    raise AssertionError("the game waits on nobody")


async def first_choice(host: Host, player: Actor) -> None:
    """``player`` takes the first choice they are offered."""
    offered = await host.choices_for(CHANNEL, player.user_id)
    assert offered, f"{player.display_name} has nothing to decide"
    await host.act_typed(CHANNEL, player, offered[0][1])


async def test_abordaje_an_order_placed_face_down_can_be_undone_but_not_the_reveal(host: Host) -> None:
    await host.start(GUILD, CHANNEL, ALICE, "abordaje", {})
    await host.join(CHANNEL, BOB)
    await host.begin(CHANNEL, ALICE)
    players = (ALICE, BOB)
    placer = await deciding(host, players)
    offered = await host.choices_for(CHANNEL, placer.user_id)
    await host.act_typed(CHANNEL, placer, offered[0][1])
    await host.undo(CHANNEL, MOD)
    assert await host.choices_for(CHANNEL, placer.user_id) == offered, "the same hand, the same choices"

    # Play on until a resolution turns the orders face up (a new board message): that action is final.
    for _ in range(60):
        record = await host.store.live_game(CHANNEL)
        assert record is not None
        state = host.spec("abordaje").load_state(record.snapshot or "")
        if state.board.revealed:  # type: ignore[attr-defined]
            break
        await first_choice(host, await deciding(host, players))
    else:
        pytest.fail("no reveal within 60 decisions")
    with pytest.raises(IllegalAction, match="final"):
        await host.undo(CHANNEL, MOD)


async def test_capricorn_choosing_a_card_can_be_undone_but_not_the_end_of_a_turn(host: Host) -> None:
    await host.start(GUILD, CHANNEL, ALICE, "capricorn", {})
    await host.join(CHANNEL, BOB)
    await host.begin(CHANNEL, ALICE)
    active = await deciding(host, (ALICE, BOB))
    offered = await host.choices_for(CHANNEL, active.user_id)
    play = next(value for label, value in offered if label.startswith("Play "))
    await host.act_typed(CHANNEL, active, play)
    await host.undo(CHANNEL, MOD)
    assert await host.choices_for(CHANNEL, active.user_id) == offered

    # Discard down to one card, trash it (the other player declining to play off-turn): the turn ends with a
    # draw of five and the aliens' dice.
    spec = host.spec("capricorn")
    first = await host.store.live_game(CHANNEL)
    assert first is not None
    turn = spec.load_state(first.snapshot or "").turn
    for _ in range(40):
        record = await host.store.live_game(CHANNEL)
        assert record is not None
        if spec.load_state(record.snapshot or "").turn != turn:
            break
        offered = await host.choices_for(CHANNEL, active.user_id)
        if not offered:
            other = BOB if active == ALICE else ALICE
            decline = next(
                v for label, v in await host.choices_for(CHANNEL, other.user_id) if label.startswith("Not now")
            )
            await host.act_typed(CHANNEL, other, decline)
            continue
        values = {label: value for label, value in offered}
        pick = next(
            (v for label, v in values.items() if label.startswith(("End your actions", "Trash", "No effect"))),
            None,
        ) or next(v for label, v in values.items() if label.startswith("Play "))
        await host.act_typed(CHANNEL, active, pick)
    else:
        pytest.fail("the turn did not end within 40 decisions")
    with pytest.raises(IllegalAction, match="final"):
        await host.undo(CHANNEL, MOD)


async def jupiter_at_the_actions(host: Host) -> Actor:
    """A two-robot Jupiter Deep game played (first offered answers) up to a robot's action menu; its player."""
    await host.start(GUILD, CHANNEL, ALICE, "jupiter", {})
    await host.join(CHANNEL, BOB)
    await host.begin(CHANNEL, ALICE)
    for _ in range(20):
        player = await deciding(host, (ALICE, BOB))
        labels = [label for label, _ in await host.choices_for(CHANNEL, player.user_id)]
        if any(label.startswith("End your actions") for label in labels):
            return player
        await first_choice(host, player)
    raise AssertionError("no robot reached its actions within 20 decisions")


async def test_jupiter_a_move_can_be_undone_but_not_the_end_of_the_turn(host: Host) -> None:
    player = await jupiter_at_the_actions(host)
    offered = await host.choices_for(CHANNEL, player.user_id)
    move = next(value for label, value in offered if label == "Move your robot")
    await host.act_typed(CHANNEL, player, move)
    await host.undo(CHANNEL, MOD)
    assert await host.choices_for(CHANNEL, player.user_id) == offered

    end = next(value for label, value in offered if label.startswith("End your actions"))
    await host.act_typed(CHANNEL, player, end)  # the invasion die is rolled, a card is drawn
    with pytest.raises(IllegalAction, match="final"):
        await host.undo(CHANNEL, MOD)


async def test_a_game_begun_under_older_rules_cannot_be_rebuilt_so_nothing_is_undone(host: Host) -> None:
    await started_duel(host)
    await host.act(CHANNEL, BOB, "r1.s1", "2")
    record = await host.store.live_game(CHANNEL)
    assert record is not None
    record.engine_version = "duel-0"  # dealt before a data change: its seed no longer deals the same game
    await host.store.update_game(record, record.version)
    with pytest.raises(NoGameHere, match="older version of its rules"):
        await host.undo(CHANNEL, MOD)
    assert await host.choices_for(CHANNEL, BOB.user_id) == []
