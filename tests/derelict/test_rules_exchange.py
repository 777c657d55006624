"""Exchanges: DER-ACT-EXCHANGE-1..8."""

from __future__ import annotations

import pytest

from engine.derelict import SPEC
from engine.derelict.state import DerelictState

from .rigging import Play, new_game, rig


def trading_game() -> DerelictState:
    """Seat 0 (Pilot) and seat 1 (Medic) in the Cryo Bay, seat 2 (Marine) elsewhere; seat 0 to act."""
    state = rig(
        new_game(3, characters=("pilot", "medic", "marine")),
        rooms={2: "S06"},
        current=0,
        hands={0: ["search", "rest"], 1: ["rest"], 2: ["rest"]},
    )
    state.players[0].items = ["medkit"]
    state.players[1].held = ["egg"]
    return state


@pytest.mark.rule("DER-ACT-EXCHANGE-1")
@pytest.mark.rule("DER-ACT-EXCHANGE-2")
@pytest.mark.rule("DER-ACT-EXCHANGE-3")
def test_an_exchange_prompts_everyone_in_the_room_at_once() -> None:
    play = Play(trading_game())
    play.act(0, "exchange", "search")
    seats = sorted(p.seat for p in play.prompts())
    assert seats == [0, 1]  # the Marine elsewhere takes no part
    assert "end" in play.choices(0) and "end" not in play.choices(1)
    alone = rig(trading_game(), rooms={1: "S10"})
    assert "exchange" not in Play(alone).choices(0)


@pytest.mark.rule("DER-ACT-EXCHANGE-4")
@pytest.mark.rule("DER-ACT-EXCHANGE-5")
@pytest.mark.rule("DER-ACT-EXCHANGE-8")
def test_an_accepted_offer_transfers_and_the_channel_sees_only_public_names() -> None:
    play = Play(trading_game())
    play.act(0, "exchange", "search")
    play.act(0, "to1", "i.medkit", "h.egg")
    assert play.choices(1) == ["accept", "decline"]
    play.act(1, "accept")
    assert play.state.players[0].held == ["egg"] and play.state.players[1].items == ["medkit"]
    public = play.public()
    assert "an item card" in public and "Medkit" not in public and "egg" in public


@pytest.mark.rule("DER-ACT-EXCHANGE-6")
@pytest.mark.rule("DER-ACT-EXCHANGE-7")
def test_the_exchange_ends_when_all_are_done_and_the_turn_goes_on() -> None:
    play = Play(trading_game())
    play.act(0, "exchange", "search")
    play.act(1, "done")
    play.act(0, "to1", "-", "h.egg")
    assert [p.seat for p in play.prompts()] == [1]  # the offerer waits; the recipient answers
    play.act(1, "decline")
    play.act(0, "done")
    assert play.state.exchange is None
    assert play.state.current == 0 and play.state.players[0].actions == 1
    ended = Play(trading_game())
    ended.act(0, "exchange", "search", "end")
    assert ended.state.exchange is None and SPEC.prompts(ended.state)[0].seat == 0


@pytest.mark.rule("DER-ACT-EXCHANGE-4")
def test_every_offer_moves_something() -> None:
    """derelict-3: "Give nothing" is followed by no "Ask nothing", and nobody is offered a trade that could
    move nothing (issue 25: "What do you give? Give nothing", then nothing asked)."""
    play = Play(trading_game())
    play.act(0, "exchange", "search")
    play.act(0, "to1", "-")
    assert "-" not in play.choices(0) and "h.egg" in play.choices(0)
    gift = Play(trading_game())
    gift.act(0, "exchange", "search")
    gift.act(0, "to1", "i.medkit")
    assert "-" in gift.choices(0)  # a gift asks nothing back
    empty = trading_game()
    for player in empty.players[:2]:  # neither holds a thing to trade
        player.items, player.held, player.weapons = [], [], []
    bare = Play(empty)
    bare.act(0, "exchange", "search")
    assert "to1" not in bare.choices(0)
    assert [p.seat for p in bare.prompts()] == [0]  # the Medic could only be done trading: the game said so


def test_a_game_stored_before_derelict_3_still_offers_nothing_for_nothing() -> None:
    state = trading_game()
    state.offers_move = False
    play = Play(state)
    play.act(0, "exchange", "search")
    play.act(0, "to1", "-")
    assert "-" in play.choices(0)
