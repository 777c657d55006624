"""Captain movement (ABO-CAPT-*, ABO-GAP-3, ABO-GAP-11)."""

from __future__ import annotations

import pytest

from engine.abordaje import AbordajeState

from .rigging import PIRATE, SPANISH, Play, code_of, new_game, rig, with_orders


def captain_choices(state: AbordajeState, side: str = "pirate") -> list[str]:
    """The choices of ``side``'s captain-movement prompt, or [] when he is not asked."""
    play = Play(with_orders(state, {})).place_last()
    play.run(stop_at=f"cp.{side[0]}")
    prompt = play.pending(side)
    assert prompt is not None
    return [c.id for c in prompt.choices]


@pytest.mark.rule("ABO-CAPT-1")
def test_one_step_along_the_ship_he_is_on() -> None:
    """On his own deck of card 2 the pirate captain may step to the pirate decks of cards 1 and 4."""
    state = rig(new_game(), captains={"pirate": "p2"})
    assert captain_choices(state) == ["stay", "p1", "p4"]


@pytest.mark.rule("ABO-CAPT-1")
def test_from_the_enemy_ship_one_step_along_it_or_back_to_his_own_ship() -> None:
    state = rig(new_game(), {"s2": (1, 2), "s4": (1, 2)}, captains={"pirate": "s2"})
    # s1 holds only Spanish crew, s4 holds a pirate, p2 is his own deck.
    assert captain_choices(state) == ["stay", "s4", "p2"]


@pytest.mark.rule("ABO-CAPT-2")
def test_destination_needs_his_crew_or_an_own_deck_free_of_enemies() -> None:
    # p1 holds Spanish boarders and no pirates: closed. p4 is empty of everybody: an own deck under control.
    state = rig(new_game(), {"p1": (0, 1), "p4": (0, 0)}, captains={"pirate": "p2"})
    assert captain_choices(state) == ["stay", "p4"]
    # p1 holds pirates beside the Spanish: open again.
    state = rig(new_game(), {"p1": (1, 1)}, captains={"pirate": "p2"})
    assert captain_choices(state) == ["stay", "p1", "p4"]


@pytest.mark.rule("ABO-CAPT-2")
def test_enemy_decks_without_his_crew_are_closed() -> None:
    state = rig(new_game(), {"s2": (1, 2), "s1": (0, 0), "s4": (0, 3)}, captains={"pirate": "s2"})
    assert captain_choices(state) == ["stay", "p2"]


@pytest.mark.rule("ABO-CAPT-3")
@pytest.mark.parametrize(("turn", "first"), [(1, PIRATE), (2, SPANISH)])
def test_initiative_player_moves_first(turn: int, first: int) -> None:
    state = rig(new_game(), turn=turn)
    play = Play(with_orders(state, {})).place_last()
    seats = []
    while play.view().phase in ("swap", "captain"):
        prompt = play.prompts()[0]
        side = "pirate" if prompt.seat == PIRATE else "spanish"
        if play.view().phase == "captain":
            seats.append(prompt.seat)
        play.act(side, "stay" if play.view().phase == "captain" else "pass")
    assert seats == [first, 1 - first]


@pytest.mark.rule("ABO-CAPT-3")
def test_the_second_captain_sees_where_the_first_went() -> None:
    """The pirate captain steps onto p4 first; only then is the Spanish player asked."""
    state = rig(new_game(), {"p4": (1, 0)}, captains={"pirate": "p2"})
    play = Play(with_orders(state, {})).place_last()
    play.run({"cp.p": "p4"}, stop_at="cp.s")
    assert play.captain("pirate") == "p4"


@pytest.mark.rule("ABO-CAPT-4")
def test_a_captain_on_his_own_ship_is_never_offered_an_enemy_deck() -> None:
    state = rig(new_game(), {"s1": (3, 0), "s2": (3, 0)}, captains={"pirate": "p1"})
    choices = captain_choices(state)
    assert choices == ["stay", "p2"]
    assert not any(c.startswith("s") for c in choices[1:])


@pytest.mark.rule("ABO-CAPT-5")
def test_movement_is_optional() -> None:
    state = rig(new_game(), captains={"pirate": "p2"})
    play = Play(with_orders(state, {})).place_last().run({"cp.p": "stay"})
    assert play.captain("pirate") == "p2"
    play = Play(with_orders(state, {})).place_last().run({"cp.p": "p4"})
    assert play.captain("pirate") == "p4"
    assert "The pirate captain moves to the pirate deck of card 4." in play.public_text()


@pytest.mark.rule("ABO-GAP-11")
def test_no_prompt_when_staying_is_the_only_choice() -> None:
    """Both neighbours hold only Spanish boarders: the pirate captain cannot move, and nobody waits on it."""
    state = rig(new_game(), {"p1": (0, 2), "p4": (0, 2)}, captains={"pirate": "p2"})
    play = Play(with_orders(state, {})).place_last().run()
    assert "cp.p" not in play.asked
    assert "The pirate captain has no deck to move to and stays." in play.public_text()


@pytest.mark.rule("ABO-GAP-3")
@pytest.mark.rule("ABO-CONQUER-6")
def test_cards_beside_a_conquered_card_are_adjacent_for_captains() -> None:
    state = rig(new_game("advanced"), captains={"pirate": "p2"}, conquered={3: ["spanish"]})
    assert captain_choices(state) == ["stay", "p1", "p4"]


def test_captain_prompt_ids_and_labels() -> None:
    state = rig(new_game(), captains={"pirate": "p2"})
    play = Play(with_orders(state, {})).place_last().run(stop_at="cp.p")
    prompt = play.pending("pirate")
    assert prompt is not None and code_of(prompt) == "cp.p" and prompt.id == "t1.cp.p"
    assert [c.label for c in prompt.choices] == [
        "Stay on the pirate deck of card 2",
        "Move to the pirate deck of card 1",
        "Move to the pirate deck of card 4",
    ]
