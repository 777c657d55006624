"""The close-up on the simulated Discord: the acting player's panel and DM carry it, nobody else's does.

A phone shows the 1400-pixel board about 400 pixels wide; the close-up enlarges the part of the board where
the acting player's choices are. It goes with the panel only while something waits on that player, with alt
text saying which part of the board it shows.
"""

from __future__ import annotations

import random

from .conftest import Table
from .players import begin_game, open_panel
from .sim import answers, dms, png_images
from .turns import Played, play_until_turn, seat_of, stored

CLOSEUP = "capricorn-closeup.png"


async def test_the_acting_player_alone_gets_the_closeup_with_alt_text(table: Table) -> None:
    players = await begin_game(table, "capricorn", players=[table.alice, table.bob], roles=["engineer", "soldier"])

    record, state = await stored(table)
    actor = state.crew.characters[state.crew.active]
    acting = next(p for p in players if seat_of(record, p) == actor.seat)
    waiting = next(p for p in players if p is not acting)

    acting_dm = dms(acting)[-1]
    assert [a.filename for a in acting_dm.attachments] == ["capricorn-hand.png", CLOSEUP]
    closeup = next(a for a in acting_dm.attachments if a.filename == CLOSEUP)
    where = f"the {actor.name} on {actor.space}"
    assert closeup.description.startswith(f"A close-up of the Abandon Capricorn board: {where}")
    assert all(CLOSEUP not in [a.filename for a in m.attachments] for m in dms(waiting))

    acting_panel = answers(await open_panel(table, acting))
    assert [CLOSEUP in [a.filename for a in m.attachments] for m in acting_panel] == [True]
    waiting_panel = answers(await open_panel(table, waiting))
    assert all(CLOSEUP not in [a.filename for a in m.attachments] for m in waiting_panel)
    images = await png_images([acting_dm])
    assert all(image.width > image.height for image in images[1:]), "the close-up is landscape"


async def test_the_acting_robot_alone_gets_the_jupiter_closeup(table: Table) -> None:
    players = await begin_game(table, "jupiter", players=[table.alice, table.bob])
    await play_until_turn(table, players, random.Random(7), 1, step_cap=40, played=Played())  # setup: turn 0

    record, state = await stored(table)
    acting = next(p for p in players if seat_of(record, p) == state.active)
    waiting = next(p for p in players if p is not acting)
    acting_panel = answers(await open_panel(table, acting))
    shown = [a for m in acting_panel for a in m.attachments if a.filename == "jupiter-closeup.png"]
    assert len(shown) == 1, "the acting robot's panel carries the close-up"
    assert shown[0].description.startswith("A close-up of the Jupiter Deep board: the ")
    waiting_panel = answers(await open_panel(table, waiting))
    assert not [a for m in waiting_panel for a in m.attachments], "a robot with nothing to do gets no close-up"
