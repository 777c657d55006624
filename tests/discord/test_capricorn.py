"""Abandon Capricorn on the simulated Discord: three players, their own hands by DM, two complete turns.

Three members take seats and roles through the lobby (``/start capricorn``, ``/join``, the role picker,
``/begin``). Each must receive exactly their own character's hand by DM; from then on no DM, panel or reply
one player reads may name a card that sits hidden in another character's hand (the channel and autocomplete
are the leak scanner's, which runs at teardown). The players then play two complete turns — action step,
sharing and drawing, the aliens step and the events step — through the panel, their DMs and ``/act``, with a
seeded random pick among the choices offered; whose turn it is comes from the stored state. The decision
that ends the second turn must post a new board that pings the player of the third turn.
"""

from __future__ import annotations

import random
import re

import simcord

from engine.capricorn.catalog import CATALOG
from engine.capricorn.state import CapricornState
from engine.core import State

from .conftest import Table
from .hidden import CapricornSecrets, named_cards
from .players import begin_game
from .sim import bot_messages, dms, png_images
from .turns import Played, assert_notified, check_dm_prompts, play_until_turn, seat_of, stored

SECRETS = CapricornSecrets()
RULEBOOK_ROLES = ("engineer", "soldier", "medic", "chemist")  # the Scout is dealt from five players only
YOUR_HAND = re.compile(r"^Your (?P<role>\w+) hand: (?P<cards>.*)$", re.MULTILINE)


def hidden_from(seat: int, before: CapricornState, after: CapricornState) -> set[str]:
    """Card names in other characters' hands that ``seat`` could not know, before or after one action.

    What the seat held itself before the action stays known to it (a card it passed on), and so does what
    the action put face up.
    """
    hidden = SECRETS.hidden(after) | SECRETS.hidden(before)
    known = SECRETS.known_to(before, seat) | SECRETS.known_to(after, seat) | SECRETS.shown_between(before, after)
    return hidden - known


def check_private_text(text: str, seat: int, state: CapricornState, before: CapricornState | None = None) -> None:
    """A text only ``seat`` reads names no card hidden from it, and shows only its own characters' hands."""
    leaked = named_cards(text, SECRETS) & hidden_from(seat, before or state, state)
    assert not leaked, f"seat {seat} read other characters' hidden cards {sorted(leaked)}:\n{text}"
    own = {c.name for c in state.crew.characters if c.seat == seat}
    if before is not None:
        own |= {c.name for c in before.crew.characters if c.seat == seat}
    for match in YOUR_HAND.finditer(text):
        assert match["role"] in own, f"seat {seat} was shown the {match['role']}'s hand:\n{text}"


async def test_three_players_get_their_own_hands_and_play_two_turns_to_the_next_players_ping(table: Table) -> None:
    rng = random.Random(20240731)
    dave = table.guild.add_member(table.env.create_user("dave"))
    players = [table.alice, table.bob, dave]
    roles = rng.sample(RULEBOOK_ROLES, len(players))

    await begin_game(table, "capricorn", players=players, roles=roles)

    record, state = await stored(table)
    assert record.status == "active" and state.turn == 1
    assert [s.role for s in sorted(record.seats, key=lambda s: s.seat)] == roles
    for player in players:
        each_receives_exactly_their_own_hand(player, seat_of(record, player), state)
    events_before = len(state.crew.event_discard)

    checked: dict[int, int] = {seat_of(record, p): 0 for p in players}  # DMs already checked, per seat

    def private_reads_name_no_hidden_card(
        before: State, after: State, actor: int, read: list[simcord.ResponseMessage]
    ) -> None:
        assert isinstance(before, CapricornState) and isinstance(after, CapricornState)
        for message in read:
            check_private_text(message.content, actor, after, before)
        for player in players:
            seat = seat_of(record, player)
            inbox = dms(player)
            for message in inbox[checked[seat] :]:
                check_private_text(message.content, seat, after, before)
            checked[seat] = len(inbox)

    played = await play_until_turn(
        table, players, rng, 3, step_cap=80, on_step=private_reads_name_no_hidden_card, played=Played()
    )

    record, state = await stored(table)
    assert state.turn == 3
    assert set(played.roads) == {"panel", "dm", "act"}, f"every road was used: {played.roads}"
    assert len(state.crew.event_discard) >= events_before + 2, "each turn's events step drew an event card"
    narrated = "\n".join(line for shown in table.scanner.shown for line in shown.lines)
    for turn in (1, 2):
        assert f"End of turn {turn}." in narrated, f"turn {turn} did not end in the channel"
    assert narrated.count("Event «") >= 2, "the events step of each turn is narrated in the channel"
    next_seat = state.crew.current.seat
    next_player = next(p for p in players if seat_of(record, p) == next_seat)
    live = assert_notified(table, played, next_player)
    assert f"turn {state.turn}" in live.content
    check_dm_prompts(table, record, players, played)
    await png_images(bot_messages(table.channel, table.env))  # every board attachment decodes as a PNG
    for player in players:
        await png_images(dms(player))


def each_receives_exactly_their_own_hand(player: simcord.MemberActor, seat: int, state: CapricornState) -> None:
    """One DM at the start: the player's own character's hand, card by card, and nobody else's."""
    inbox = dms(player)
    assert len(inbox) == 1, f"{player.user.name} got {len(inbox)} DMs when the game began"
    text = inbox[0].content
    mine = [c for c in state.crew.characters if c.seat == seat]
    shown = {m["role"]: m["cards"] for m in YOUR_HAND.finditer(text)}
    assert set(shown) == {c.name for c in mine}, f"{player.user.name} was shown the hands of {sorted(shown)}"
    for character in mine:
        labels = [CATALOG.action(card).label for card in character.hand]
        assert shown[character.name] == "; ".join(labels), f"{character.name}: {shown[character.name]!r}"
    check_private_text(text, seat, state)
    closeup = ["capricorn-closeup.png"] if seat == state.crew.current.seat else []  # the acting seat's only
    assert [a.filename for a in inbox[0].attachments] in (closeup, ["capricorn-hand.png", *closeup])
