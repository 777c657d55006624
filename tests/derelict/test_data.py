"""Derelict's data files load through the catalog's models, and each kind of mistake names file and field.

``engine.derelict.catalog`` validates ``data/derelict/*.toml`` at import, so a broken file stops the bot at
start-up. These tests pin the digest's components (§2) in the shipped files and break copies of them.
"""

from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path

import pytest

from engine.derelict.catalog import DATA_DIR, Catalog, DataError

CATALOG = Catalog(DATA_DIR)


def test_the_map_has_four_exits_per_room_and_corridors_meeting_at_both_ends() -> None:
    """Digest 2.1: 20 rooms, 33 corridors, 14 hatches (7 per duct); distances from the Cryo Bay."""
    exits = CATALOG.exits
    assert len(exits) == 20 and all(len(e) == 4 for e in exits.values())
    corridors = {frozenset((a, b)) for a, ex in exits.items() for b in ex if b not in ("DU", "DD")}
    assert len(corridors) == 33
    hatches = Counter(t for ex in exits.values() for t in ex if t in ("DU", "DD"))
    assert hatches == {"DU": 7, "DD": 7}
    distance = {"CB": 0}
    frontier = ["CB"]
    while frontier:
        here = frontier.pop(0)
        for there in exits[here]:
            if there in exits and there not in distance:
                distance[there] = distance[here] + 1
                frontier.append(there)
    assert [distance[r] for r in ("PA", "PB", "BR", "E2", "E1", "E3")] == [3, 3, 3, 3, 4, 4]


def test_the_decks_hold_the_digests_counts() -> None:
    """Digest 2.2-2.10: 16 tiles (9 core), 13 exploration tokens, 20 attack cards, 24 events, 8 of 20
    infection cards INFECTED, 12 serious wounds, 6 weaknesses, 6 coordinates cards, 15 tasks, 10-card decks."""
    assert len(CATALOG.tiles) == 16 and sum(1 for t in CATALOG.tiles.values() if t.set == "core") == 9
    assert len(CATALOG.explore.tokens) == 13
    assert len(CATALOG.attack_cards) == 20
    assert len(CATALOG.events.events) == 24
    assert (CATALOG.ship.infection.cards, CATALOG.ship.infection.infected) == (20, 8)  # tuning 0 deals 8


def test_a_new_game_marks_the_tuned_number_of_infection_cards_infected() -> None:
    """Balance tuning 1 (digest §7 lever: INFECTED count) deals 5 of the 20 cards INFECTED; tuning 0 (a
    game stored by engine derelict-0) was dealt the digest's 8 and keeps them."""
    from engine.core import SeatSetup
    from engine.derelict import SPEC, DerelictOptions

    assert CATALOG.ship.tunings[0].infected is None and CATALOG.ship.tunings[-1].infected == 5
    for seed in range(3):
        state = SPEC.setup([SeatSetup()] * 2, DerelictOptions(), seed)
        assert len(state.ship.infected) == 5 and len(state.ship.infection_deck) == 20
    assert sum(w.copies for w in CATALOG.ship.wounds) == 12
    assert len(CATALOG.ship.weaknesses.cards) == 6 and len(CATALOG.ship.course.cards) == 6
    assert len(CATALOG.tasks.tasks) == 15
    assert sum(1 for t in CATALOG.tasks.tasks if t.kind == "hostile") == 5
    assert all(len(CATALOG.deck_of(c)) == 10 for c in CATALOG.character)
    assert [len(CATALOG.item_deck(d)) for d in ("military", "technical", "medical")] == [12, 12, 12]
    assert {c.id: c.copies for c in CATALOG.items.crafted} == {
        "antiserum": 2,
        "stun_prod": 2,
        "torch_rifle": 2,
        "firebomb": 2,
    }


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    target = tmp_path / "derelict"
    shutil.copytree(DATA_DIR, target)
    return target


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path.name}: the data file changed, update this test"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


BROKEN = [
    (
        "a corridor met at one end only",
        "map.toml",
        'exits = ["S01", "CB", "S09", "S05"]',
        'exits = ["S01", "S07", "S09", "S05"]',
        r"rooms: .*(exactly once|two corridors)",
    ),
    (
        "a room with three exits",
        "map.toml",
        'exits = ["DU", "S01", "S05", "BR"]',
        'exits = ["S01", "S05", "BR"]',
        r"rooms\.0\.exits\.3: Field required",
    ),
    (
        "a duct with a missing hatch",
        "map.toml",
        'exits = ["PA", "S05", "PB", "DU"]',
        'exits = ["PA", "S05", "PB", "DD"]',
        r"duct D[UD] has \d+ hatches",
    ),
    (
        "an exit to nowhere",
        "map.toml",
        'exits = ["E1", "S13", "E3", "S08"]',
        'exits = ["E1", "S13", "E3", "S99"]',
        r"rooms: the corridor S08-E2 must appear at E2's end exactly once",
    ),
    ("an attack card too many", "intruders.toml", "endurance = [5]", "endurance = [5, 2]", r"attack deck holds 21"),
    (
        "an unknown intruder on an event",
        "events.toml",
        'movers = ["hunter", "brooder"]',
        'movers = ["hunter", "ghost"]',
        r"events\.0\.movers\.1: ",
    ),
    ("a missing task", "tasks.toml", 'id = "P7"', 'id = "P8"', r"tasks must be exactly"),
    (
        "a deck of nine cards",
        "characters.toml",
        'copies = 2, text = "Search',
        'copies = 1, text = "Search',
        r"deck holds 9 cards",
    ),
    (
        "a coordinates card naming Earth twice",
        "ship.toml",
        '["Earth", "Ceres", "Titan", "Void"]',
        '["Earth", "Earth", "Titan", "Void"]',
        r"course: cards\.0: a coordinates card names each destination once",
    ),
    (
        "cryo opening on the hyperjump",
        "ship.toml",
        "short = { spaces = 10, cryo_open = 5 }",
        "short = { spaces = 10, cryo_open = 10 }",
        r"time\.short: .*cryo_open",
    ),
    ("an unknown key", "dice.toml", "combat = [", "combt = [", r"combt: "),
]


@pytest.mark.parametrize(("problem", "file", "old", "new", "field"), BROKEN, ids=[b[0] for b in BROKEN])
def test_a_broken_file_names_the_file_and_the_field(
    data_copy: Path, problem: str, file: str, old: str, new: str, field: str
) -> None:
    path = data_copy / file
    edit(path, old, new)
    with pytest.raises(DataError) as caught:
        Catalog(data_copy)
    assert re.search(rf"{re.escape(str(path))}: .*{field}", str(caught.value)), str(caught.value)


def test_slots_and_tiles_must_agree_across_files(data_copy: Path) -> None:
    """9 core tiles plus 4 extra ones fill the 13 slots; asking for 5 extras is refused with a sentence."""
    path = data_copy / "rooms.toml"
    edit(path, "extra_tiles_used = 4", "extra_tiles_used = 5")
    with pytest.raises(DataError, match=re.escape(str(path)) + r": tiles: 9 core tiles and 5 extra"):
        Catalog(data_copy)
