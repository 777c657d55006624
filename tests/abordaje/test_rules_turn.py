"""Initiative, the turn's order of steps and the end of a turn (ABO-INIT-*, ABO-TURN-1, ABO-END-5)."""

from __future__ import annotations

import pytest

from .rigging import Play, new_game, rig, with_orders


@pytest.mark.rule("ABO-INIT-1")
def test_turn_one_is_the_pirates_prow_to_stern() -> None:
    view = Play(new_game()).view()
    assert (view.turn, view.initiative, view.direction) == (1, "pirate", "prow_to_stern")
    assert view.assigning_card == 1


@pytest.mark.rule("ABO-INIT-2")
def test_turn_two_is_the_spanish_stern_to_prow() -> None:
    play = Play(with_orders(new_game(), {})).place_last().run()
    view = play.view()
    assert (view.turn, view.initiative, view.direction) == (2, "spanish", "stern_to_prow")
    assert view.assigning_card == 5


@pytest.mark.rule("ABO-INIT-3")
def test_initiative_flips_every_turn_even_after_a_conquest() -> None:
    """Turn 1 ends with a pirate conquest; turn 2 is still the Spanish's, turn 3 the pirates' again."""
    state = rig(new_game(), {"s2": (2, 0)}, markers={"s2": 1})
    play = Play(with_orders(state, {})).place_last().run()
    assert play.view().sides["pirate"].conquests == 1
    assert play.view().initiative == "spanish"
    play = Play(with_orders(play.state, {})).place_last().run()
    assert (play.turn, play.view().initiative) == (3, "pirate")


@pytest.mark.rule("ABO-TURN-1")
def test_a_turn_runs_swap_captains_reveal_execute_then_deck_control() -> None:
    # The Spanish captain stands alone among pirate boarders on s2 and will have to withdraw.
    state = rig(new_game(), {"s2": (2, 0)}, captains={"spanish": "s2"})
    play = Play(with_orders(state, {2: ("stand_up", "fight")}))
    play.place_last()
    stages = []
    while play.state.phase == "orders":
        stages.append(play.view().phase)
        prompt = play.prompts()[0]
        choice = {"swap": "pass", "captain": "stay", "resolve": "no"}[play.view().phase]
        if prompt.id.endswith("wd.s"):
            choice = "s1"
        play.act("pirate" if prompt.seat == 0 else "spanish", choice)
    # Swapping tactics (pirate, then Spanish), captain movement (pirate, then Spanish), then the orders.
    assert stages == ["swap", "swap", "captain", "captain", "resolve", "resolve"]
    text = play.public_text()
    marks = [
        text.index("keep their orders in place"),
        text.index("The pirate captain stays"),
        text.index("Orders revealed."),
        text.index("Stand up! on card 2"),
        text.index("withdraws to"),
        text.index("control marker placed"),
        text.index("End of turn 1."),
    ]
    assert marks == sorted(marks)


@pytest.mark.rule("ABO-END-5")
def test_the_end_of_a_turn_flips_initiative_gathers_and_deals_again() -> None:
    play = Play(with_orders(new_game(), {2: ("boarding", "fire")}, draws=[0, 0])).place_last().run()
    view = play.view()
    assert view.turn == 2 and view.initiative == "spanish" and view.phase == "assign"
    assert all(not s.filled for c in view.cards for s in c.slots.values())
    assert view.sides["pirate"].hand_count == 5 and view.sides["spanish"].hand_count == 5
    assert view.sides["pirate"].swapped is None
    assert play.view("pirate").drawn_set_aside is None
    assert "Turn 2: the Spanish have the initiative" in play.public_text()
    # The board carries over.
    assert play.crew("s2") == (2, 1)
