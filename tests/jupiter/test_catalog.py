"""The data files of ``data/jupiter``: validated on load, and holding the components the digest fixes.

Rules pinned: the box's tiles and cards (JUP-GAP-TILE-1, JUP-GAP-DECK-1), every card's type and scopes
(JUP-CARD-*-1), and the loader's promise that a typo names its file and field.
"""

from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path

import pytest

from engine.jupiter.catalog import CATALOG, DATA_DIR, Catalog, DataError


def test_the_shipped_files_load() -> None:
    assert len(CATALOG.tiles) == 20 and len(CATALOG.full_deck()) == 36


@pytest.mark.rule("JUP-GAP-TILE-1")
def test_twenty_tiles_four_per_module_with_plants_on_3_and_dishes_on_4() -> None:
    modules = Counter(t.module for t in CATALOG.tiles.values())
    assert modules == {1: 4, 2: 4, 3: 4, 4: 4, 5: 4}
    for tile in CATALOG.tiles.values():
        expected = {3: "power_plant", 4: "radar_dish"}.get(tile.module, "dome")
        assert tile.centre == expected, tile.id


@pytest.mark.rule("JUP-GAP-TILE-1")
def test_the_spiral_is_nineteen_cells_centre_then_rings_counter_clockwise_from_east() -> None:
    assert CATALOG.spiral[0] == (0, 0)
    assert CATALOG.spiral[1:7] == ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
    assert len(CATALOG.spiral) == 19 and CATALOG.interior == 7


@pytest.mark.rule("JUP-GAP-DECK-1")
def test_the_rescue_deck_is_36_cards_with_every_card_of_the_rulebook() -> None:
    # The counts are ours and tuned for balance (docs/rules/jupiter.md), so this pins only what the rulebook
    # fixes: 36 cards, two Boosts, at least two of each card its doubles combine, every card present.
    deck = Counter(CATALOG.full_deck())
    assert sum(deck.values()) == 36
    setbacks = {k: n for k, n in deck.items() if CATALOG.is_setback(k)}
    assert set(setbacks) == {"powergrab", "signal", "surge"}
    abilities = {k: n for k, n in deck.items() if not CATALOG.is_setback(k)}
    assert len(abilities) == 16 and min(abilities.values()) >= 1
    assert abilities["boost"] == 2
    assert all(abilities[k] >= 2 for k in ("teleport", "heatseeker", "pilot"))


CARD_RULES = [
    ("JUP-CARD-BOOST-1", "boost", {"misc"}, "single_turn", "once_per_turn", 0),
    ("JUP-CARD-BULLHORN-1", "bullhorn", {"command"}, "single_turn", "every_action", 0),
    ("JUP-CARD-DATACORE-1", "datacore", {"misc"}, "single_event", "once_per_turn", 0),
    ("JUP-CARD-FOLLOWER-1", "follower", {"command"}, "single_turn", "every_action", 0),
    ("JUP-CARD-GRENADIER-1", "grenadier", {"attack"}, "single_turn", "every_action", 0),
    ("JUP-CARD-HEATSEEKER-1", "heatseeker", {"attack"}, "single_action", "once_per_turn", 3),
    ("JUP-CARD-JUGGERNAUT-1", "juggernaut", {"move", "attack"}, "single_turn", "every_action", 0),
    ("JUP-CARD-MODCTRL-1", "modctrl", {"misc"}, "single_event", "once_per_turn", 0),
    ("JUP-CARD-OVERRIDE-1", "override", {"command"}, "single_turn", "every_action", 0),
    ("JUP-CARD-PHASE-1", "phaseshift", {"misc"}, "single_event", "once_per_turn", 0),
    ("JUP-CARD-PILOT-1", "pilot", {"misc"}, "single_event", "once_per_turn", 0),
    ("JUP-CARD-ROCKET-1", "rocketboots", {"move"}, "single_action", "once_per_turn", 1),
    ("JUP-CARD-SNIPER-1", "sniper", {"attack"}, "single_action", "every_action", 1),
    ("JUP-CARD-SUPPRESS-1", "suppressant", {"misc"}, "single_event", "once_per_turn", 0),
    ("JUP-CARD-SWAP-1", "swap", {"move"}, "single_turn", "every_action", 1),
    ("JUP-CARD-TELEPORT-1", "teleport", {"move"}, "single_action", "once_per_turn", 3),
]


@pytest.mark.parametrize(
    ("key", "types", "standard", "core", "cost"),
    [pytest.param(*row[1:], marks=pytest.mark.rule(row[0]), id=row[0]) for row in CARD_RULES],
)
def test_each_card_has_its_type_scopes_and_action_cost(
    key: str, types: set[str], standard: str, core: str, cost: int
) -> None:
    card = CATALOG.card(key)
    assert card.kind == "ability"
    assert set(card.types) == types
    assert (card.standard_scope, card.core_scope, card.action_cost) == (standard, core, cost)


def test_every_ability_of_the_rulebook_is_in_the_deck() -> None:
    abilities = {k for k, c in CATALOG.cards.items() if c.kind == "ability"}
    assert abilities == {row[1] for row in CARD_RULES}


def _copy_data(tmp_path: Path) -> Path:
    target = tmp_path / "jupiter"
    shutil.copytree(DATA_DIR, target)
    return target


def test_a_misspelt_field_names_the_file_and_the_field(tmp_path: Path) -> None:
    data = _copy_data(tmp_path)
    path = data / "tiles.toml"
    path.write_text(path.read_text().replace('id = "T03", module = 1, pattern', 'id = "T03", module = 1, patern'))
    with pytest.raises(DataError, match=r"tiles\.toml: tiles\.2\.patern: Extra inputs"):
        Catalog(data)


def test_a_plant_on_the_wrong_module_is_refused(tmp_path: Path) -> None:
    data = _copy_data(tmp_path)
    path = data / "tiles.toml"
    path.write_text(path.read_text().replace('module = 3, pattern = "RING6"', 'module = 2, pattern = "RING6"'))
    with pytest.raises(DataError, match=r"tiles\.toml: tiles\.8: a Module 2 tile has a dome in its centre"):
        Catalog(data)


def test_a_ring_link_between_non_neighbours_is_refused(tmp_path: Path) -> None:
    data = _copy_data(tmp_path)
    path = data / "tiles.toml"
    path.write_text(path.read_text().replace('ring = ["E-NE", "NW-W", "SW-SE"]', 'ring = ["E-NW"]'))
    with pytest.raises(DataError, match=r"patterns\.HUB\.ring: .*must join a side to the next one"):
        Catalog(data)


def test_a_deck_of_the_wrong_size_is_refused(tmp_path: Path) -> None:
    data = _copy_data(tmp_path)
    path = data / "rescue.toml"
    one_more = re.sub(
        r'(key = "surge"\nname = "Surge"\nkind = "setback"\ncopies = )(\d+)',
        lambda m: m.group(1) + str(int(m.group(2)) + 1),
        path.read_text(),
    )
    path.write_text(one_more)
    with pytest.raises(DataError, match=r"rescue\.toml: \(top level\): the Rescue deck holds 36 cards, not 37"):
        Catalog(data)


def test_a_setback_with_a_scope_is_refused(tmp_path: Path) -> None:
    data = _copy_data(tmp_path)
    path = data / "rescue.toml"
    path.write_text(
        re.sub(
            r'kind = "setback"\ncopies = (\d+)\ntext = "A second',
            lambda m: f'kind = "setback"\naction_cost = 1\ncopies = {m.group(1)}\ntext = "A second',
            path.read_text(),
        )
    )
    with pytest.raises(DataError, match=r"rescue\.toml: cards\.\d+: setback surge takes no types"):
        Catalog(data)
