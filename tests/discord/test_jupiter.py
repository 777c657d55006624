"""Jupiter Deep on the simulated Discord: three robots, their own hands by DM, two complete turns.

Nothing in Jupiter Deep is secret (every hand and core is public; only the Rescue deck's order is hidden, and
no text names an order), so the leak scan has nothing to find; what must hold instead is that each prompt
reaches only its player: in ``/act``'s autocomplete, in the panel and in DMs. Three members take seats
(``/start jupiter``, ``/join``, ``/begin``; the game has no roles), the setup decisions (cores, first robot,
docking the pod) are turn 0, then two complete turns — actions, Conversion, Invasion, the draw — are played
through the panel, DMs and ``/act`` with a seeded random pick among the choices offered, reading the turn
from the stored state. The decision that ends the second turn must post a new board that pings the robot of
the third turn.
"""

from __future__ import annotations

import random

import discord
import simcord

from engine.core import State
from engine.jupiter.catalog import CATALOG
from engine.jupiter.state import JupiterState

from .conftest import Table
from .players import begin_game
from .sim import bot_messages, dms, items, png_images, prompt_choices
from .turns import Played, assert_notified, check_dm_prompts, play_until_turn, seat_of, stored


async def test_three_robots_get_their_own_hands_and_play_two_turns_to_the_next_players_ping(table: Table) -> None:
    rng = random.Random(20240801)
    dave = table.guild.add_member(table.env.create_user("dave"))
    players = [table.alice, table.bob, dave]

    await begin_game(table, "jupiter", players=players)

    record, state = await stored(table)
    assert record.status == "active" and state.turn == 0
    for player in players:
        each_receives_their_own_hand(player, seat_of(record, player), state)
    panels_seen: list[int] = []

    def panels_offer_only_their_own_prompts(
        before: State, after: State, actor: int, read: list[simcord.ResponseMessage]
    ) -> None:
        """The panel and replies the actor read offer only prompts of the actor's seat."""
        assert isinstance(after, JupiterState)
        for message in read:
            for value in prompt_choices(message):
                prompt_id = value.partition("|")[0]
                assert played.prompt_seats.get(prompt_id, actor) == actor, f"seat {actor} was offered {value!r}"
                panels_seen.append(actor)

    played = Played()
    check = panels_offer_only_their_own_prompts
    await play_until_turn(table, players, rng, 1, step_cap=40, on_step=check, played=played)  # setup: turn 0
    await play_until_turn(table, players, rng, 3, step_cap=160, on_step=check, played=played)

    record, state = await stored(table)
    # Usually turn 3; a robot with nothing to do (its pod away, say) passes at once, so one decision may
    # carry the game on to turn 4.
    assert state.turn in (3, 4)
    assert set(played.roads) == {"panel", "dm", "act"}, f"every road was used: {played.roads}"
    assert panels_seen, "some panel or reply offered choices, and they were checked"
    narrated = "\n".join(line for shown in table.scanner.shown for line in shown.lines)
    assert narrated.count("Conversion") >= 2, "each turn's Conversion is narrated in the channel"
    assert narrated.count("invasion die") >= 2, "each turn's Invasion is narrated in the channel"
    next_player = next(p for p in players if seat_of(record, p) == state.active)
    live = assert_notified(table, played, next_player)
    assert f"Turn {state.turn}" in live.content or f"turn {state.turn}" in live.content
    check_dm_prompts(table, record, players, played)
    await png_images(bot_messages(table.channel, table.env))  # every board attachment decodes as a PNG
    for player in players:
        await png_images(dms(player))


def each_receives_their_own_hand(player: simcord.MemberActor, seat: int, state: JupiterState) -> None:
    """One DM when the game begins, naming every card of the player's own robot (hands are public in Jupiter
    Deep, so the others' may be there too): the cards in hand and those dealt to pick a core from."""
    inbox = dms(player)
    assert len(inbox) == 1, f"{player.user.name} got {len(inbox)} DMs when the game began"
    text = "\n".join([inbox[0].content, *(item_texts(inbox[0]))])
    robot = state.robots[seat]
    assert robot.hand or robot.dealt, "a robot begins with cards"
    for card in (*robot.hand, *robot.dealt):
        assert CATALOG.card_name(card) in text, f"{player.user.name}'s DM lacks their {CATALOG.card_name(card)}"


def item_texts(message: discord.Message) -> list[str]:
    """What a message's buttons and selects say (the setup's dealt cards are offered as choices)."""
    texts: list[str] = []
    for item in items(message):
        if isinstance(item, discord.Button):
            texts.append(item.label or "")
        else:
            texts += [option.label for option in item.options]
    return texts
