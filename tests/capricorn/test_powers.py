"""Role powers and the free actions of the Action step (CAP-POWER-1, CAP-ROLE-*, §6.5, CAP-G-ACT-1, items,
spare parts), plus the rules about who sees and decides what (CAP-COMM-*, CAP-G-SEAT-1).

Power cards: Medic M7 Triage (Power/Move), M8 Field Dressing (Power/Hide); Soldier S7 Marksman (Power/Move);
Chemist C7 Catalyst (Power/Move); Scout X7 Dash (Power/Move). Items: K1 med kit (heals 3), F1 flamethrower,
P2 the Lab's spare part.
"""

from __future__ import annotations

import pytest

from engine.capricorn import SPEC, rules
from engine.capricorn.catalog import CATALOG

from .rigging import Play, new_game, rig


def game(*roles: str, **rigging: object) -> Play:
    return Play(rig(new_game(*roles, difficulty="easy"), **rigging))  # type: ignore[arg-type]


@pytest.mark.rule("CAP-POWER-1")
@pytest.mark.rule("CAP-ROLE-MEDIC-1")
def test_the_medic_heals_herself_two_or_an_adjacent_player_three() -> None:
    play = game(
        "medic", "engineer", hands={0: ["M7", "M8", "M1"]}, spaces={0: "LAB.i3", 1: "LAB.o4"}, health={0: 5, 1: 4}
    )
    play.act("play.M7", "power")
    assert play.choices() == ["self", "heal.engineer"]
    play.act("heal.engineer")
    assert play.crew.characters[1].health == 7
    play.act("play.M8", "power", "self")
    assert play.crew.characters[0].health == 7


def test_the_medic_power_is_not_offered_when_nobody_needs_healing() -> None:
    play = game("medic", "engineer", hands={0: ["M7", "M1"]}, spaces={0: "LAB.i3", 1: "LAB.i6"})
    play.act("play.M7")
    assert "power" not in play.choices()


@pytest.mark.rule("CAP-ROLE-SOLDIER-1")
def test_the_soldier_deals_three_to_anything_in_the_room() -> None:
    play = game(
        "soldier",
        "engineer",
        hands={0: ["S7", "S1", "S2"]},
        spaces={0: "LAB.i0"},
        aliens=[("yellow", "BRIDGE.o9")],
        mothers={"green": ("LAB.o7", 10)},
    )
    play.act("play.S7", "power")  # the only target in the room is taken at once; never through a door
    assert play.crew.mothers["green"].health == 7


@pytest.mark.rule("CAP-ROLE-CHEMIST-1")
@pytest.mark.rule("CAP-G-CUBE-1")
def test_the_chemist_puts_a_cube_on_an_empty_adjacent_space_ten_at_most() -> None:
    play = game(
        "chemist",
        "engineer",
        hands={0: ["C7", "C1"]},
        spaces={0: "LAB.i3", 1: "LAB.o3"},
        aliens=[("yellow", "LAB.i4")],
        cubes=["LAB.i2"],
    )
    play.act("play.C7", "power")
    assert play.choices() == ["LAB.o2", "LAB.o4"]
    play.act("LAB.o4")
    assert play.crew.cubes == ["LAB.i2", "LAB.o4"]
    ten = [f"CARGO.{lane}{n}" for lane in "io" for n in range(5)]
    full = game("chemist", "engineer", hands={0: ["C7", "C1"]}, spaces={0: "LAB.i3"}, cubes=ten)
    full.act("play.C7")
    assert "power" not in full.choices()


@pytest.mark.rule("CAP-POWER-1")
def test_the_scout_dashes_through_aliens_unharmed() -> None:
    play = game("scout", "engineer", hands={0: ["X7", "X1"]}, spaces={0: "CARGO.i0"}, aliens=[("red", "CARGO.i1")])
    play.act("play.X7", "power")
    assert play.prompt().question == "Dash: where to? (3 steps left)"
    play.act("CARGO.i1", "CARGO.i2", "stop")
    assert play.crew.characters[0].space == "CARGO.i2" and play.crew.characters[0].health == 10


def item_game(**rigging: object) -> Play:
    rigging.setdefault("hands", {0: ["E1"]})
    rigging.setdefault("spaces", {0: "LAB.i3", 1: "LAB.i4"})
    rigging.setdefault("backpacks", {0: ["P2", "K1", "F1"]})
    return game("engineer", "soldier", **rigging)


@pytest.mark.rule("CAP-G-ACT-1")
def test_free_actions_are_offered_at_the_top_level_even_after_the_last_card() -> None:
    play = item_game(health={1: 6})
    assert play.choices() == ["give.P2.soldier", "kit.K1.soldier", "flame.F1", "done"]
    far = item_game(spaces={0: "LAB.i3", 1: "LAB.i6"}, health={1: 6})
    assert far.choices() == ["flame.F1", "done"]


@pytest.mark.rule("CAP-ITEM-1")
def test_a_med_kit_heals_another_adjacent_player_and_is_discarded() -> None:
    play = item_game(health={1: 6})
    play.act("kit.K1.soldier")
    assert play.crew.characters[1].health == 9 and "K1" in play.crew.discard
    assert play.crew.characters[0].backpack == ["P2", "F1"]


@pytest.mark.rule("CAP-ITEM-2")
@pytest.mark.rule("CAP-G-FLAME-1")
def test_a_flamethrower_burns_everything_within_two_but_its_user() -> None:
    play = item_game(aliens=[("yellow", "LAB.o5"), ("yellow", "LAB.i6")])
    play.act("flame.F1")
    assert [a.space for a in play.crew.aliens] == ["LAB.i6"]  # o5 is within 2; i6 is 3 away
    assert play.crew.characters[1].health == 5 and play.crew.characters[0].health == 10
    assert "F1" in play.crew.discard


@pytest.mark.rule("CAP-PART-2")
@pytest.mark.rule("CAP-G-ITEM-1")
def test_only_a_spare_part_is_handed_over_for_free_to_an_adjacent_player() -> None:
    play = item_game()
    assert [c for c in play.choices() if c.startswith("give.")] == ["give.P2.soldier"]
    play.act("give.P2.soldier")
    assert play.crew.characters[1].backpack == ["P2"] and play.crew.characters[0].health == 10


@pytest.mark.rule("CAP-COMM-1")
@pytest.mark.rule("CAP-COMM-2")
def test_questions_never_name_a_hand_card_only_the_private_choices_do() -> None:
    play = game("engineer", "soldier", hands={0: ["E1", "E2", "E3"]})
    prompt = play.prompt()
    assert prompt.private and "Run or Turn" in prompt.choices[0].label
    names = {CATALOG.action(c).name for c in ("E1", "E2", "E3")}
    assert not any(name in prompt.question for name in names)
    assert SPEC.view(play.state, None).characters[0].hand is None
    assert SPEC.view(play.state, 1).characters[0].hand is None
    assert SPEC.view(play.state, 0).characters[0].hand == ["E1", "E2", "E3"]


@pytest.mark.rule("CAP-G-SEAT-1")
def test_one_seat_plays_two_characters_in_turn() -> None:
    play = Play(rig(new_game("soldier"), hands={0: ["S1", "S2"]}))
    assert [c.seat for c in play.crew.characters] == [0, 0]
    play.act("play.S1", "none")
    play.answer(0, "notnow", character=1)  # the Soldier has only his last card: his Engineer's window closes
    play.end_actions("trash")
    assert play.crew.active == 1 and all(p.seat == 0 for p in rules.prompts(play.state))
