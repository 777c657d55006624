"""Reveal and execution order (ABO-ORDER-*, ABO-CARD-GEN-3, ABO-GAP-7, ABO-GAP-8)."""

from __future__ import annotations

import pytest

from .rigging import Play, new_game, resolve, rig, with_orders


@pytest.mark.rule("ABO-ORDER-1")
def test_every_order_is_turned_face_up_at_once() -> None:
    play = Play(with_orders(new_game(), {1: ("fire", "stand_up"), 2: ("boarding", "repel")}))
    play.place_last().run(anything=True)
    reveal = [e for e in play.events if e.text.startswith("Orders revealed.")]
    assert len(reveal) == 1 and reveal[0].is_public
    assert reveal[0].text == (
        "Orders revealed. card 1: Pirates Fire!, Spanish Stand up!; card 2: Pirates Boarding!, Spanish "
        "Repel!; card 4: Pirates Fight!, Spanish Fight!; card 5: Pirates Fight!, Spanish Fight!."
    )


@pytest.mark.rule("ABO-ORDER-1")
def test_the_public_view_shows_every_order_once_revealed() -> None:
    state = rig(new_game(), pool={"pirate": 3})
    play = Play(with_orders(state, {2: ("stand_up", "fire")}, draws=[0, 0]))
    play.place_last().run(stop_at="r2.p")  # Stand up! waits for its reinforcement: all are face up now
    kinds = {(c.number, side): s.kind for c in play.view().cards for side, s in c.slots.items()}
    assert kinds[(2, "pirate")] == "stand_up" and kinds[(2, "spanish")] == "fire"
    assert None not in kinds.values()


@pytest.mark.rule("ABO-ORDER-2")
def test_lower_priority_first_fire_before_stand_up() -> None:
    """A Spanish Fire! (3) kills the lone pirate on p1 before the pirates' Stand up! (6) adds one: 1 left.

    The other way round, Fire! would have found 2 pirates and killed both.
    """
    state = rig(new_game(), {"p1": (1, 0)})
    play = resolve(state, {1: ("stand_up", "fire")}, {"r1.p": "yes", "l1.p": "no"}, draws=[0])
    assert play.crew("p1") == (1, 0)
    assert play.view().sides["pirate"].losses == 1


@pytest.mark.rule("ABO-ORDER-2")
def test_fight_before_boarding() -> None:
    """Fight! (1) wipes out s2 (1 pirate v 2 Spanish) before the Spanish Boarding! (2) can send anyone.

    Boarding! first would have moved both Spaniards onto p2 and the Fight! would have been fought there.
    """
    state = rig(new_game(), {"s2": (1, 2)})
    play = resolve(state, {2: ("fight", "boarding")})
    assert play.crew("s2") == (0, 0)
    assert play.crew("p2") == (1, 0)  # the Boarding! still kills one, but nobody is left to cross


@pytest.mark.rule("ABO-ORDER-3")
@pytest.mark.rule("ABO-CARD-GEN-3")
def test_rulebook_example_both_boarding_initiative_first() -> None:
    """2 crew each side, both Boarding! on one card: the initiative pirate kills 1 and moves 2 across; the
    Spanish find nobody to kill and move their single remaining crew across."""
    play = resolve(new_game(), {2: ("boarding", "boarding")})
    assert play.crew("s2") == (2, 0)
    assert play.crew("p2") == (0, 1)
    assert play.view().sides["spanish"].losses == 1 and play.view().sides["pirate"].losses == 0


@pytest.mark.rule("ABO-ORDER-3")
@pytest.mark.rule("ABO-CARD-GEN-3")
def test_on_an_even_turn_the_spanish_boarding_goes_first() -> None:
    play = resolve(rig(new_game(), turn=2), {2: ("boarding", "boarding")})
    assert play.crew("p2") == (0, 2)
    assert play.crew("s2") == (1, 0)
    assert play.view().sides["pirate"].losses == 1 and play.view().sides["spanish"].losses == 0


@pytest.mark.rule("ABO-ORDER-4")
def test_a_cancel_spends_both_cards_before_anything_executes() -> None:
    """The pirate Repel! cancels the Spanish Boarding!; the Repel! does not also reinforce & move."""
    play = resolve(new_game(), {2: ("repel", "boarding")}, {"ct2.p": "cancel"})
    assert play.crew("p2") == (2, 0) and play.crew("s2") == (0, 2)
    slots = play.events  # the slots are cleared by the next deal; the narration records it
    assert any("Repel! cancels the Spanish Boarding! on card 2." in e.text for e in slots)
    assert not any(a.startswith("r2.p") or a.startswith("m2.p") for a in play.asked)


@pytest.mark.rule("ABO-ORDER-4")
def test_take_cover_cancels_a_fire_of_lower_priority_number() -> None:
    """Take cover! (5) cancels a Fire! (3) on card 1: the cancel does not wait for its own priority."""
    state = rig(new_game(), {"s1": (1, 1)})
    play = Play(with_orders(state, {1: ("fire", "take_cover")}))
    play.place_last().run({"ct1.s": "cancel"})
    # Without the cancel the Fire! would have hit the Spanish deck of card 1 (2 tokens: 2 deaths).
    assert play.crew("s1") == (1, 1)


@pytest.mark.rule("ABO-ORDER-5")
def test_killed_crew_go_to_losses_never_to_the_pool() -> None:
    play = resolve(new_game(), {2: ("fire", "fight")}, draws=[0, 0])
    spanish = play.view().sides["spanish"]
    assert (spanish.losses, spanish.pool, spanish.in_play) == (2, 7, 6)


@pytest.mark.rule("ABO-GAP-7")
@pytest.mark.parametrize(("turn", "asked"), [(1, ["r1.p", "r2.p"]), (2, ["r2.p", "r1.p"])])
def test_within_a_priority_cards_go_in_play_direction(turn: int, asked: list[str]) -> None:
    state = rig(new_game(), turn=turn)
    play = resolve(state, {1: ("stand_up", "fight"), 2: ("stand_up", "fight")}, {"r1.p": "no", "r2.p": "no"})
    assert [a for a in play.asked if a.startswith("r")] == asked


@pytest.mark.rule("ABO-GAP-7")
@pytest.mark.parametrize(("turn", "asked"), [(1, ["r2.p", "r2.s"]), (2, ["r2.s", "r2.p"])])
def test_on_one_card_the_initiative_players_order_first(turn: int, asked: list[str]) -> None:
    state = rig(new_game(), turn=turn)
    play = resolve(state, {2: ("stand_up", "stand_up")}, {"r2.p": "no", "r2.s": "no"})
    assert [a for a in play.asked if a.startswith("r")] == asked


@pytest.mark.rule("ABO-GAP-7")
def test_two_fires_of_one_priority_draw_in_play_direction() -> None:
    """Card 2's Fire! goes first on turn 1 and takes the first two draws (0, 0: both pirates on s2);
    card 4's takes the next two (2 then 1: both Spaniards on s4). The other order would kill differently."""
    state = rig(new_game(), {"s2": (2, 1), "s4": (1, 2)}, pool={"spanish": 0})
    play = resolve(state, {2: ("fire", "stand_up"), 4: ("fire", "stand_up")}, draws=[0, 0, 2, 1])
    assert play.crew("s2") == (0, 1)
    assert play.crew("s4") == (1, 0)


@pytest.mark.rule("ABO-GAP-8")
def test_counter_cancels_then_navy_discipline_then_priorities() -> None:
    """Advanced, pirate initiative: the Take cover! cancel is asked first, then navy discipline, then the
    priority-1 Fight! deck choice."""
    state = rig(new_game("advanced"), {"p5": (1, 1), "s5": (1, 2), "s2": (1, 1)}, pool={"spanish": 0})
    orders = {5: ("fight", "stand_up"), 2: ("fire", "take_cover")}
    play = resolve(state, orders, {"ct2.s": "cancel", "nv": "yes", "fd5.p": "pirate"})
    asked = [a for a in play.asked if not a.startswith(("as", "sw", "cp"))]
    assert asked == ["ct2.s", "nv", "fd5.p"]
