"""A whole ¡Abordaje! game through the host, as the bot drives it: what reaches the channel and each DM.

The delivery layer is played by the test: a new board post gets a message id (``board_posted``), so the host
can edit it for the small steps that follow, exactly as the bot does.
"""

from __future__ import annotations

import random

from bot.outbox import Outbox
from bot.store import Store
from bot.tables import Actor, Host
from engine.abordaje.catalog import CATALOG
from engine.registry import GAMES

from .conftest import ALICE, BOB, CHANNEL, GUILD, Clock, make_host

SPEC = GAMES["abordaje"]
CARD_NAMES = [card.name for card in CATALOG.cards.values()]
STEP_CAP = 2000
PNG = b"\x89PNG\r\n\x1a\n"


class Table:
    """Plays delivery for the host: numbers board messages and keeps everything that was sent."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.next_message = 1
        self.outboxes: list[Outbox] = []
        self.new_boards = 0
        self.phases: list[tuple[Outbox, str]] = []  # each act's outbox and the game's phase after it

    async def deliver(self, out: Outbox) -> Outbox:
        self.outboxes.append(out)
        for post in out.posts:
            if post.kind == "board" and post.edit_message_id is None:
                self.new_boards += 1
                self.next_message += 1
                await self.host.board_posted(CHANNEL, post.game_id, self.next_message)
        return out


Private = list[tuple[Outbox, dict[int, set[str]]]]


async def play(host: Host, seed: int, options: dict[str, object]) -> tuple[Table, Private]:
    """Start, begin and play a game with random legal choices; return the table and each act's private lines."""
    table = Table(host)
    players: dict[int, Actor] = {ALICE.user_id: ALICE, BOB.user_id: BOB}
    await table.deliver(await host.start(GUILD, CHANNEL, ALICE, "abordaje", options))
    await table.deliver(await host.join(CHANNEL, BOB))
    await table.deliver(await host.begin(CHANNEL, ALICE))
    chooser = random.Random(seed)
    private: Private = []
    for _ in range(STEP_CAP):
        waiting = [(uid, await host.choices_for(CHANNEL, uid)) for uid in players]
        waiting = [(uid, offered) for uid, offered in waiting if offered]
        if not waiting:
            break
        uid, offered = chooser.choice(waiting)
        _, value = chooser.choice(offered)
        record = await host.store.live_game(CHANNEL)
        assert record is not None and record.snapshot is not None
        seat = record.seat_of(uid)
        assert seat is not None
        prompt_id, _, choice_id = value.partition("|")
        _, events = SPEC.apply(SPEC.load_state(record.snapshot), seat.seat, prompt_id, choice_id)
        lines = {s: {e.text for e in events if not e.is_public and e.readable_by(s)} for s in (0, 1)}
        out = await table.deliver(await host.act_typed(CHANNEL, players[uid], value))
        private.append((out, lines))
        after = await host.store.latest_game(CHANNEL)
        assert after is not None and after.snapshot is not None
        table.phases.append((out, SPEC.load_state(after.snapshot).phase))
    return table, private


async def test_a_whole_game_reaches_its_result_in_the_channel(host: Host) -> None:
    table, _ = await play(host, seed=7, options={"variant": "basic"})
    record = await host.store.latest_game(CHANNEL)
    assert record is not None and record.status == "finished" and record.result
    last_board = [p for out in table.outboxes for p in out.posts if p.kind == "board"][-1]
    assert "Game over" in last_board.text and record.result in last_board.text
    assert last_board.edit_message_id is None, "the result is a new message, so the table is notified"
    assert await host.choices_for(CHANNEL, ALICE.user_id) == []


async def test_a_new_board_message_per_resolution_or_rejoined_wait_and_edits_in_between(host: Host) -> None:
    table, _ = await play(host, seed=11, options={"variant": "advanced", "handicap": True})
    state_json = await host.store.latest_game(CHANNEL)
    assert state_json is not None and state_json.snapshot is not None
    turns = SPEC.load_state(state_json.snapshot).turn
    board_posts = [p for out in table.outboxes for p in out.posts if p.kind == "board"]
    edits = [p for p in board_posts if p.edit_message_id is not None]
    unpinged = [p for p in board_posts if p.edit_message_id is None and not p.pings]
    # A new board at the deal and after each turn's resolution (the last one carries the result), and whenever a
    # player who had placed their order is waited on again (the next card): that one pings them; nothing else.
    assert len(unpinged) <= turns + 1
    assert table.new_boards > turns + 1, "a player waited on again for the next card is pinged"
    assert len(edits) > table.new_boards, "the other player's placement edits the current board message"
    assert all(not p.pings for p in edits), "an edit never pings anybody"


async def test_private_lines_reach_only_their_own_player(host: Host) -> None:
    table, private = await play(host, seed=23, options={"variant": "advanced"})
    record = await host.store.latest_game(CHANNEL)
    assert record is not None
    channel_text = "\n".join(p.text for out in table.outboxes for p in out.posts)
    seat_of_user = {s.user_id: s.seat for s in record.seats}
    assert any(lines[0] or lines[1] for _, lines in private), "hands were passed and cards placed face down"
    for out, lines in private:
        for mine in lines.values():
            for line in mine:
                assert line not in channel_text
            for dm in out.dms:
                other = seat_of_user[dm.user_id]
                for line in mine - lines[other]:
                    assert line not in dm.panel.text, f"{line!r} reached the other player"


async def test_the_waiting_line_never_names_a_card_while_orders_are_face_down(host: Host) -> None:
    table, _ = await play(host, seed=5, options={"variant": "basic"})
    checked = 0
    for out, phase in table.phases:
        if phase != "assign":
            continue  # once the orders are revealed, the questions may name them
        for post in out.posts:
            waiting = post.text.splitlines()[-1]
            assert waiting.startswith("⏳")
            assert not [name for name in CARD_NAMES if name in waiting], waiting
            checked += 1
    assert checked > 10


async def test_the_board_and_each_hand_arrive_as_images(store: Store, clock: Clock) -> None:
    host = make_host(store, clock, images=True)
    await host.start(GUILD, CHANNEL, ALICE, "abordaje", {})
    await host.join(CHANNEL, BOB)
    out = await host.begin(CHANNEL, ALICE)
    board = next(p for p in out.posts if p.kind == "board")
    assert board.image is not None and board.image.data.startswith(PNG)
    assert {dm.user_id for dm in out.dms} == {ALICE.user_id, BOB.user_id}
    hands = {dm.user_id: dm.panel.image for dm in out.dms}
    assert all(image is not None and image.data.startswith(PNG) for image in hands.values())
    alice, bob = hands[ALICE.user_id], hands[BOB.user_id]
    assert alice is not None and bob is not None and alice.data != bob.data, "each player sees their own hand"
    panel = await host.panel(CHANNEL, ALICE.user_id)
    assert panel.image is not None and panel.image.data == alice.data
