"""Bots at the table, through the host: seated in the lobby, playing through ``act`` from the stored game,
resumed after a restart, taking over a seat and giving it back, and never reminded, pinged, DMed or voting."""

from __future__ import annotations

import pytest

from bot.outbox import Outbox
from bot.store import GameRecord, GuildSettings, Store
from bot.tables import Actor, Host
from bot.tables.common import MESSAGE_LIMIT
from bot.tables.seatbots import BOT_TURN
from engine.core import LobbyError, NotAllowed, Rng, View
from engine.core.seatbot import bot_move, bot_seed
from engine.seatbots import seat_bot
from render.registry import RENDERERS, Renderer
from tests.host.conftest import ALICE, BOB, CHANNEL, GUILD, MOD, Clock, make_host

HOUR = 3600.0

MAX_MOVES = 3000


def bot_ids(out: Outbox) -> list[int]:
    """Every user id ``out`` would DM or ping that is a bot's (below zero): must stay empty."""
    ids = [dm.user_id for dm in out.dms] + [u for post in out.posts for u in post.pings]
    ids += [item.user_id for item in out.later if item.kind == "dm"]  # the others' DMs, drawn after the answer
    return [u for u in ids if u < 0]


async def play_person(host: Host, rng: Rng, people: tuple[int, ...]) -> Outbox | None:
    """One random legal move by whichever person the game waits on; ``None`` when it waits on no person."""
    record = await host.store.live_game(CHANNEL)
    if record is None or record.status != "active":
        return None
    spec = host.spec(record.game_key)
    state = spec.load_state(record.snapshot or "")
    for prompt in spec.prompts(state):
        seat = record.user_of(prompt.seat)
        if seat is not None and seat.user_id in people:
            actor = ALICE if seat.user_id == ALICE.user_id else BOB
            return await host.act(CHANNEL, actor, prompt.id, rng.choice(prompt.choices).id)
    return None


async def play_to_the_end(host: Host, people: tuple[int, ...] = (ALICE.user_id,)) -> list[Outbox]:
    """Bots' rounds and the people's random moves until the game ends; every outbox, in order."""
    rng = Rng.from_seed(7)
    seen: list[Outbox] = []
    for _ in range(MAX_MOVES):
        seen += await host.bot_round()
        out = await play_person(host, rng, people)
        if out is None:
            record = await host.store.live_game(CHANNEL)
            if record is None:
                return seen
            continue
        seen.append(out)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(
    ("game", "bots"),
    [("abordaje", 1), pytest.param("pioneers", 1, marks=pytest.mark.slow), ("derelict", 2)],
)  # a whole Pioneers game of random moves takes long (the slow set): ¡Abordaje! and Derelict cover it by default
async def test_one_person_and_bots_play_a_game_to_its_end(host: Host, game: str, bots: int) -> None:
    lobby = await host.start(GUILD, CHANNEL, ALICE, game, {}, bots=bots)
    assert "🤖 Bot 1 (normal)" in lobby.posts[0].text, "the lobby shows the bot seat as a bot"
    begun = await host.begin(CHANNEL, ALICE)
    assert [dm.user_id for dm in begun.dms] == [ALICE.user_id], "the bot gets no welcome DM"
    assert bot_ids(begun) == []
    seen = await play_to_the_end(host)
    assert all(bot_ids(out) == [] for out in seen), "a bot was DMed or pinged"
    assert any("🤖 Bot 1" in post.text for out in seen for post in out.posts if post.kind == "board")
    latest = await host.store.latest_game(CHANNEL)
    assert latest is not None and latest.status == "finished"
    assert latest.id is not None
    assert any(a.user_id < 0 for a in await host.store.actions(latest.id)), "the bot's moves are in the log"


async def test_a_derelict_table_left_to_bots_alone_plays_to_its_end(host: Host) -> None:
    """The lobby never seats bots alone (its opener leaving closes it); a moderator handing the one person's
    seat to a bot mid-game leaves a table of bots only, which must still finish by itself."""
    await host.start(GUILD, CHANNEL, ALICE, "derelict", {}, bots=2)
    await host.begin(CHANNEL, ALICE)
    notice = await host.replace_with_bot(CHANNEL, MOD, ALICE.user_id)
    assert "alice's seat is now played by Bot 3" in notice.posts[0].text
    seen = await play_to_the_end(host, people=())
    assert all(bot_ids(out) == [] for out in seen), "a bot was DMed or pinged"
    latest = await host.store.latest_game(CHANNEL)
    assert latest is not None and latest.status == "finished" and latest.id is not None
    movers = {a.seat for a in await host.store.actions(latest.id) if a.user_id < 0}
    assert movers == {0, 1, 2}, "every bot seat played, Alice's taken-over seat included"


async def abordaje_begun(store: Store, clock: Clock) -> tuple[Host, GameRecord]:
    """A host that began ¡Abordaje! for Alice against a bot (both sides are asked at once: the bot is due)."""
    first = make_host(store, clock)
    await first.start(GUILD, CHANNEL, ALICE, "abordaje", {}, bots=1)
    await first.begin(CHANNEL, ALICE)
    record = await store.live_game(CHANNEL)
    assert record is not None and record.id is not None
    return first, record


async def test_a_restart_during_a_bots_turn_plays_the_same_move(store: Store, clock: Clock) -> None:
    first, record = await abordaje_begun(store, clock)
    assert record.id is not None
    due = first.due_bot_move(record)
    assert due is not None, "¡Abordaje! asks both sides at once, so the bot is due from the start"
    # The process dies here. A new one, over the same store, plays exactly the move that was due.
    second = make_host(store, clock)
    outs = await second.bot_round()
    assert outs, "the new process played the bot"
    logged = (await store.actions(record.id))[0]
    assert (logged.user_id, logged.prompt_id, logged.choice_id) == (due[0].user_id, due[1], due[2])
    spec = second.spec("abordaje")
    bot = seat_bot("abordaje")
    assert bot is not None
    state = spec.load_state(record.snapshot or "")
    expected = bot_move(bot, spec, state, due[0].seat, "normal", bot_seed(record.seed, 0, due[0].seat))
    assert expected == (due[1], due[2])


async def test_a_process_that_dies_holding_a_bots_move_leaves_it_to_the_next(store: Store, clock: Clock) -> None:
    first, record = await abordaje_begun(store, clock)
    assert record.id is not None
    due = first.due_bot_move(record)
    assert due is not None
    # The first process claims the bot's move, then dies before playing it.
    claimed = await store.claim_stale_timers(BOT_TURN, first.owner, clock.now, clock.now - 30, 50, clock.now - HOUR)
    assert [t.game_id for t in claimed] == [record.id]
    second = make_host(store, clock)
    assert await second.bot_round() == [], "a fresh claim is the first process's: nobody plays the move twice"
    assert await store.actions(record.id) == []
    clock.now += second.claim_seconds + 1
    played = await second.bot_round()
    assert len(played) == 1, "once the claim is stale the move is taken over, exactly once"
    logged = await store.actions(record.id)
    assert [(a.user_id, a.prompt_id, a.choice_id) for a in logged] == [(due[0].user_id, due[1], due[2])]
    assert await second.bot_round() == [], "the move is done: nothing is due until Alice answers"


async def test_a_game_stored_before_bots_moves_were_timers_is_scheduled_at_start(store: Store, clock: Clock) -> None:
    _, record = await abordaje_begun(store, clock)
    assert record.id is not None
    await store.release_timer((record.id, BOT_TURN, str(record.version)))  # as stored by the release before
    restarted = make_host(store, clock)
    assert await restarted.bot_round() == [], "no stored timer: the loop does not look at the game"
    assert await restarted.schedule_waiting_bots() == 1
    assert await restarted.schedule_waiting_bots() == 1, "a second start-up pass finds the firing stored"
    played = await restarted.bot_round()
    assert len(played) == 1, "the start-up pass scheduled the bot's move, once"
    assert len(await store.actions(record.id)) == 1


class Watched:
    """The game's real renderer, noting whose private view (hand image) it is asked to draw."""

    def __init__(self, real: Renderer) -> None:
        self.real = real
        self.hands: list[int | None] = []

    def __getattr__(self, name: str) -> object:
        return getattr(self.real, name)

    def hand(self, view: View) -> bytes | None:
        self.hands.append(view.viewer)
        return self.real.hand(view)


async def test_a_bots_move_draws_no_private_image_for_the_bot(store: Store, clock: Clock) -> None:
    watched = Watched(RENDERERS["abordaje"])
    host = Host(store, clock=clock, renderers={"abordaje": watched}, seeds=lambda: 20261123)
    await host.start(GUILD, CHANNEL, ALICE, "abordaje", {}, bots=1)
    await host.begin(CHANNEL, ALICE)
    record = await store.live_game(CHANNEL)
    assert record is not None
    bot = next(s for s in record.seats if s.is_bot)
    played = await host.bot_round()
    assert played and all(out.reply is None for out in played)
    assert bot.seat not in watched.hands, "the bot's hand image was drawn for nobody"
    await play_person(host, Rng.from_seed(1), (ALICE.user_id,))
    assert watched.hands[-1] == 1 - bot.seat, "a person's move still draws their panel"


async def test_only_the_opener_or_a_moderator_seats_a_bot_and_a_full_lobby_takes_none(host: Host) -> None:
    await host.start(GUILD, CHANNEL, ALICE, "abordaje", {})
    await host.join(CHANNEL, BOB)
    with pytest.raises(NotAllowed):
        await host.add_bot(CHANNEL, BOB)
    with pytest.raises(LobbyError, match="full"):
        await host.add_bot(CHANNEL, ALICE)
    with pytest.raises(LobbyError, match="no bot"):
        await host.remove_bot(CHANNEL, ALICE)
    await host.leave(CHANNEL, BOB)
    out = await host.add_bot(CHANNEL, MOD, "easy")
    assert "🤖 Bot 1 (easy)" in out.posts[0].text
    out = await host.remove_bot(CHANNEL, ALICE)
    assert "Bot 1" not in out.posts[0].text
    with pytest.raises(LobbyError, match="levels"):
        await host.add_bot(CHANNEL, ALICE, "hard")


async def test_a_zombie_seat_is_played_by_a_bot_and_given_back(host: Host) -> None:
    await host.start(GUILD, CHANNEL, ALICE, "pioneers", {})
    await host.join(CHANNEL, BOB)
    await host.begin(CHANNEL, ALICE)
    with pytest.raises(NotAllowed):
        await host.replace_with_bot(CHANNEL, ALICE, BOB.user_id)
    notice = await host.replace_with_bot(CHANNEL, MOD, BOB.user_id)
    assert "bob's seat is now played by Bot 1" in notice.posts[0].text
    record = await host.store.live_game(CHANNEL)
    assert record is not None and record.id is not None
    bob_seat = next(s for s in record.seats if s.seat == 1)
    assert bob_seat.is_bot and bob_seat.user_id < 0
    # Play until the bot has moved for Bob's seat at least once.
    rng = Rng.from_seed(3)
    for _ in range(200):
        await host.bot_round()
        if any(a.seat == 1 for a in await host.store.actions(record.id)):
            break
        await play_person(host, rng, (ALICE.user_id,))
    assert any(a.seat == 1 and a.user_id < 0 for a in await host.store.actions(record.id))
    back = await host.give_back(CHANNEL, MOD, 2, BOB)
    assert [dm.user_id for dm in back.dms] == [BOB.user_id], "the person gets the seat's view at once"
    record = await host.store.live_game(CHANNEL)
    assert record is not None and not any(s.is_bot for s in record.seats)
    assert host.due_bot_move(record) is None
    log_text = " ".join(n.text for n in await host.store.notes(record.id))
    assert "now played by Bot 1" in log_text and "gave Bot 1's seat to bob" in log_text
    with pytest.raises(LobbyError, match="not a bot"):
        await host.give_back(CHANNEL, MOD, 1, BOB)


async def test_bots_are_never_reminded_nor_vote_and_a_skip_can_hand_the_seat_to_a_bot(host: Host, clock: Clock) -> None:
    await host.start(GUILD, CHANNEL, ALICE, "pioneers", {}, bots=1)
    await host.join(CHANNEL, BOB)
    await host.begin(CHANNEL, ALICE)
    rng = Rng.from_seed(5)
    # Play until the game waits on Bob alone, then let him go quiet for days.
    for _ in range(300):
        await host.bot_round()
        record = await host.store.live_game(CHANNEL)
        assert record is not None
        spec = host.spec(record.game_key)
        waiting = {p.seat for p in spec.prompts(spec.load_state(record.snapshot or ""))}
        bob = record.seat_of(BOB.user_id)
        assert bob is not None
        if waiting == {bob.seat}:
            break
        await play_person(host, rng, (ALICE.user_id,))
    else:
        raise AssertionError("the game never waited on Bob alone")
    clock.now += 10 * 24 * 3600
    reminded = await host.remind(3600)
    assert reminded and all(u > 0 for out in reminded for post in out.posts for u in post.pings)
    await host.store.set_guild_settings(GuildSettings(guild_id=GUILD, skip_to_bot=True))
    # Alice is the only person voting (the bot does not count): her one vote is a majority.
    out = await host.vote_skip(CHANNEL, ALICE)
    assert "now played by Bot 2" in out.posts[0].text
    record = await host.store.live_game(CHANNEL)
    assert record is not None
    assert sum(s.is_bot for s in record.seats) == 2
    assert host.due_bot_move(record) is not None, "the bot now owes Bob's move"
    assert record.id is not None
    played = len(await host.store.actions(record.id))
    assert await host.bot_round(), "the hand-over scheduled the bot's move"
    assert any(a.seat == bob.seat and a.user_id < 0 for a in (await host.store.actions(record.id))[played:])


@pytest.mark.parametrize("game", ["abordaje", "capricorn", "derelict", "jupiter", "pioneers"])
async def test_rules_say_what_the_bots_do_within_one_message(host: Host, game: str) -> None:
    text = await host.rules(None, game)
    assert "**Bots:**" in text and "random" in text.split("**Bots:**")[1]
    assert all(len(line) <= MESSAGE_LIMIT for line in text.split("\n")), "/rules pages whole lines: none is cut"


async def test_a_server_turns_on_handing_skipped_seats_to_bots(host: Host) -> None:
    with pytest.raises(NotAllowed):
        await host.change_settings(GUILD, ALICE, skip_to_bot=True)
    before = await host.settings_text(GUILD)
    assert "skips that one decision (default)" in before
    after = await host.change_settings(GUILD, Actor(900, "owner", can_manage_server=True), skip_to_bot=True)
    assert "hands the idle seat to a bot" in after
    assert (await host.store.guild_settings(GUILD)).skip_to_bot


async def test_an_undone_bots_move_is_played_again(store: Store, clock: Clock) -> None:
    """A moderator's /undo of a bot's move hands the decision back to the bot, which makes it again: the undo's
    commit stores the bot's turn like any other commit, or the table would wait on a bot forever."""
    host, record = await abordaje_begun(store, clock)
    assert record.id is not None
    assert await host.bot_round(), "the bot made its first move"
    [played] = await store.actions(record.id)
    assert played.user_id < 0
    await host.undo(CHANNEL, MOD)
    assert await store.actions(record.id) == [], "the bot's move was taken back"
    assert await host.bot_round(), "the bot is due again after the undo, and plays"
    [again] = await store.actions(record.id)
    assert (again.user_id, again.prompt_id) == (played.user_id, played.prompt_id)
