"""The data files of Abandon Capricorn: complete, consistent, and refused with a sentence when mistyped."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from engine.capricorn.catalog import CATALOG, DATA_DIR, Catalog, DataError


def broken_copy(tmp_path: Path, file: str, old: str, new: str) -> Path:
    """A copy of the data directory with one text replacement in ``file``."""
    target = tmp_path / "capricorn"
    shutil.copytree(DATA_DIR, target)
    path = target / file
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {file}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return target


def test_a_typo_names_the_file_and_the_field(tmp_path: Path) -> None:
    data = broken_copy(tmp_path, "cards.toml", "copies = 4", "copiez = 4")
    with pytest.raises(DataError) as err:
        Catalog(data)
    assert "cards.toml: legendary.0.copiez" in str(err.value)


def test_a_space_outside_its_room_is_refused(tmp_path: Path) -> None:
    data = broken_copy(tmp_path, "ship.toml", 'breaches = ["o0", "o4", "i5"]', 'breaches = ["o0", "o4", "i6"]')
    with pytest.raises(DataError) as err:
        Catalog(data)
    assert "ship.toml: rings.2.layout: breaches: 'i6'" in str(err.value)
    assert "outside the room" in str(err.value)


def test_an_event_naming_an_unknown_room_is_refused(tmp_path: Path) -> None:
    data = broken_copy(tmp_path, "cards.toml", '"BRIDGE", "OFFICES"', '"BRIGDE", "OFFICES"')
    with pytest.raises(DataError, match=r"events\.1\.rooms: there is no room 'BRIGDE'"):
        Catalog(data)


@pytest.mark.rule("CAP-G-DIFF-1")
def test_a_threat_off_the_track_is_refused(tmp_path: Path) -> None:
    row = "threat = { 2 = 1, 3 = 1, 4 = 2, 5 = 1 }"  # Normal's tuned row
    data = broken_copy(tmp_path, "rules.toml", row, row.replace("2 = 1", "2 = 9"))
    with pytest.raises(DataError, match=r"normal\.tuned\.threat must lie on the track"):
        Catalog(data)


@pytest.mark.rule("CAP-G-DIFF-1")
def test_the_printed_table_holds_the_rulebooks_repairs_and_threat_rows() -> None:
    """The rulebook's table: repairs Normal 1, Hard 2, Nightmare 3; threat for 3, 4 and 5 characters Normal 1/2/3,
    Hard 2/3/4, Nightmare 3/4/5. The 2-character row and Easy are ours (the rulebook prints none)."""
    printed = {key: CATALOG.rules.numbers("printed", key) for key in ("normal", "hard", "nightmare")}
    assert {key: n.repairs for key, n in printed.items()} == {"normal": 1, "hard": 2, "nightmare": 3}
    rows = {key: [n.threat[c] for c in (3, 4, 5)] for key, n in printed.items()}
    assert rows == {"normal": [1, 2, 3], "hard": [2, 3, 4], "nightmare": [3, 4, 5]}


@pytest.mark.rule("CAP-G-DIFF-1")
def test_the_tuned_table_departs_from_the_printed_one_where_self_play_asked() -> None:
    """Ours (docs/rules/capricorn.md "Balance"): Normal 5 characters at threat 1; Hard and Nightmare at threat 1
    with 2 repairs. Easy, the 2-character row and the dice are the same in both tables."""
    rules = CATALOG.rules
    assert rules.numbers("tuned", "normal").threat[5] == 1
    for key in ("hard", "nightmare"):
        tuned = rules.numbers("tuned", key)
        assert (tuned.repairs, set(tuned.threat.values())) == (2, {1})
    for key in ("easy", "normal", "hard", "nightmare"):
        assert rules.numbers("tuned", key).threat[2] == rules.numbers("printed", key).threat[2]
        for characters in (2, 3, 4, 5):
            assert rules.alien_die("tuned", key, characters) == rules.alien_die("printed", key, characters)
    assert rules.numbers("tuned", "easy") == rules.numbers("printed", "easy")


@pytest.mark.rule("CAP-SETUP-4")
def test_every_role_has_ten_starter_cards_with_six_in_common() -> None:
    for role, ids in CATALOG.starter.items():
        assert len(ids) == 10, role
        names = [CATALOG.action(i).name for i in ids]
        assert names[:6] == [CATALOG.action(i).name for i in CATALOG.starter["engineer"][:6]]
        assert all(CATALOG.action(i).role == role for i in ids)
    assert CATALOG.starter["engineer"][0] == "E1" and CATALOG.starter["soldier"][-1] == "S10"


@pytest.mark.rule("CAP-G-SETUP-1")
def test_twenty_five_legendary_cards_make_three_per_main_room_and_four_shared() -> None:
    assert len(CATALOG.legendary) == 25
    assert len(CATALOG.main_rooms) == 7
    assert CATALOG.rules.legendary_per_room == 3
    assert CATALOG.shared_deck_size == 4
    assert CATALOG.shared_rooms == ("BRIDGE", "OFFICES")


@pytest.mark.rule("CAP-JUMP-5")
def test_seven_jump_scares_one_of_them_the_green_mother() -> None:
    scares = [c.alien for c in CATALOG.found.values() if c.kind == "jump_scare"]
    assert Counter(scares) == {"blue": 2, "yellow": 2, "red": 2, "green": 1}


@pytest.mark.rule("CAP-MAP-11")
def test_one_spare_part_per_main_room_naming_its_room() -> None:
    parts = [c.room for c in CATALOG.found.values() if c.kind == "part"]
    assert sorted(p or "" for p in parts) == sorted(CATALOG.main_rooms)


def test_items_are_five_med_kits_and_two_flamethrowers() -> None:
    kits = sorted(c.value for c in CATALOG.found.values() if c.kind == "med_kit")
    flames = [c.value for c in CATALOG.found.values() if c.kind == "flamethrower"]
    assert kits == [3, 3, 4, 4, 5]
    assert flames == [5, 5]


@pytest.mark.rule("CAP-REPAIR-4")
def test_the_repair_deck_has_six_cards_two_of_them_fifty_percent_done() -> None:
    kinds = Counter((c.kind, c.ring) for c in CATALOG.repair.values())
    assert kinds == {("done", None): 2, ("rotate", "inner"): 1, ("rotate", "middle"): 2, ("jump_scare", None): 1}
    scare = next(c for c in CATALOG.repair.values() if c.kind == "jump_scare")
    assert (scare.alien, scare.damage) == ("red", 2)


@pytest.mark.rule("CAP-SETUP-11")
def test_the_event_deck_has_twenty_six_cards() -> None:
    events = list(CATALOG.events.values())
    assert len(events) == 26
    kinds = Counter((e.kind, e.mother or e.ring) for e in events)
    assert kinds == {
        ("aliens_here", None): 6,
        ("aliens_in", None): 9,
        ("mother", "black"): 2,
        ("mother", "green"): 2,
        ("rotate", "inner"): 3,
        ("rotate", "middle"): 4,
    }
    assert sorted(e.room or "" for e in events if e.kind == "aliens_in") == sorted(
        room.key for ring in CATALOG.ship.rings for room in ring.rooms
    )


def test_card_ids_are_unique_short_and_safe_for_choice_ids() -> None:
    ids = [*CATALOG.actions, *CATALOG.found, *CATALOG.repair, *CATALOG.events]
    assert len(ids) == len(set(ids)) == 75 + 21 + 6 + 26
    assert all(len(i) <= 4 and "|" not in i and ":" not in i and "." not in i for i in ids)


@pytest.mark.rule("CAP-TYPE-1")
@pytest.mark.rule("CAP-TYPE-2")
@pytest.mark.rule("CAP-TYPE-3")
@pytest.mark.rule("CAP-TYPE-4")
def test_alien_types() -> None:
    aliens = CATALOG.rules.aliens
    assert (aliens["yellow"].health, aliens["yellow"].damage, aliens["yellow"].speed) == (2, 1, 1)
    assert (aliens["blue"].health, aliens["blue"].damage, aliens["blue"].speed) == (1, 1, 2)
    assert (aliens["red"].health, aliens["red"].damage, aliens["red"].speed) == (1, 2, 1)
    for mother in CATALOG.rules.mothers.values():
        assert (mother.health, mother.damage) == (10, 3)


@pytest.mark.rule("CAP-G-DICE-1")
def test_dice_faces() -> None:
    assert sorted(CATALOG.rules.dice.alien) == [0, 1, 1, 2, 2, 3]
    assert sorted(CATALOG.rules.dice.mother) == [1, 2, 2, 3, 3, 4]


@pytest.mark.rule("CAP-G-DICE-1")
@pytest.mark.rule("CAP-G-DIFF-1")
def test_each_difficulty_and_crew_rolls_its_white_die() -> None:
    """Ours (docs/rules/capricorn.md "Balance"): Easy rolls the printed die; Normal too with 5 characters, a harsher
    one with 2-3 (the bot won above its band) and a gentler one with 4 (the bag emptied too often); Hard rolls the
    gentlest die and Nightmare a harsher one, because their printed rows were out of the bot's reach."""
    rules = CATALOG.rules
    for table in ("printed", "tuned"):
        for characters in (2, 3, 4, 5):
            assert rules.alien_die(table, "easy", characters) == rules.dice.alien
            assert sorted(rules.alien_die(table, "hard", characters)) == [0, 0, 0, 0, 1, 1]
            assert sorted(rules.alien_die(table, "nightmare", characters)) == [0, 0, 1, 1, 2, 2]
        normal = [sorted(rules.alien_die(table, "normal", n)) for n in (2, 3, 4, 5)]
        assert normal == [[1, 1, 2, 2, 3, 3], [1, 1, 2, 2, 3, 3], [0, 0, 0, 1, 1, 2], sorted(rules.dice.alien)]


@pytest.mark.parametrize(
    ("written", "complaint"),
    [
        ("alien_die = [0, -1, 1, 2]", "none below 0"),
        ("alien_die = []", "at least one face"),
        ("alien_die = { 6 = [0, 1] }", "only crews of 2, 3, 4 and 5"),
        ("alien_die = { 4 = [] }", "at least one face"),
    ],
)
def test_a_white_die_must_have_faces_none_below_zero_for_crews_that_exist(
    tmp_path: Path, written: str, complaint: str
) -> None:
    data = broken_copy(tmp_path, "rules.toml", "alien_die = [0, 0, 0, 0, 1, 1]", written)
    with pytest.raises(DataError) as err:
        Catalog(data)
    assert "rules.toml" in str(err.value) and "alien_die" in str(err.value) and complaint in str(err.value)


@pytest.mark.rule("CAP-SETUP-6")
def test_the_bag_holds_eighteen_of_each_colour() -> None:
    assert {k: a.in_bag for k, a in CATALOG.rules.aliens.items()} == {"yellow": 18, "blue": 18, "red": 18}


def test_every_event_card_has_a_title_and_each_room_breach_names_its_room() -> None:
    """Narration and the board can call an event by a name instead of ``V7``; the nine room cards differ."""
    names = {card.id: card.name for card in CATALOG.events.values()}
    assert all(names.values())
    assert CATALOG.card_name("V7") == names["V7"]
    room_cards = [c for c in CATALOG.events.values() if c.kind == "aliens_in"]
    assert len({c.name for c in room_cards}) == len(room_cards) == 9
    for card in room_cards:
        printed = {room.key: room.name for ring in CATALOG.ship.rings for room in ring.rooms}
        assert card.room is not None and printed[card.room] in card.name


def test_an_event_name_without_its_room_is_refused(tmp_path: Path) -> None:
    data = broken_copy(tmp_path, "cards.toml", 'name = "Hull Breach: {room}"', 'name = "Hull Breach"')
    with pytest.raises(DataError, match=r"events\.1.*\{room\}"):
        Catalog(data)
