"""The Cosmic Pioneers data files load through the catalog's models, and a mistake is refused with a sentence
naming the file and the field (``engine.pioneers.catalog`` validates ``data/pioneers/*.toml`` at import)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine.core.data import DataError
from engine.pioneers.catalog import CATALOG, COLOURS, DATA_DIR, Catalog


def test_the_shipped_files_hold_the_components_the_rulebook_counts() -> None:
    components = CATALOG.components
    assert len(CATALOG.planets) == 25 and len(CATALOG.scenarios) == 10 and len(CATALOG.commanders) == 4
    assert sum(components.alien_supply.values()) == 51
    assert components.starting_credits == 300 and components.colonists_per_player == 15
    assert components.goods_tokens == 20 and components.rounds == 12
    ravan = CATALOG.planet("R1")  # the rulebook's example: 2 crash, 3-4 -2, 6 $+100
    assert ravan.name == "Ravan" and ravan.adventure[0] == "C" and ravan.adventure[1:3] == ("-2", "-2")
    assert ravan.adventure[4] == "$+100"
    for scenario in CATALOG.scenarios.values():
        assert sum(scenario.planets.values()) == 7
    cosmic = CATALOG.scenario("cosmic_pioneers").planets  # + Squid + Lizard = 4 red, 3 blue, 2 green, 2 yellow
    assert (cosmic["red"] + 2, cosmic["blue"] + 2, cosmic["green"], cosmic["yellow"]) == (4, 3, 2, 2)
    assert sorted(CATALOG.components.natives) == sorted(COLOURS)


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    target = tmp_path / "pioneers"
    shutil.copytree(DATA_DIR, target)
    return target


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path.name}: the data file changed, update this test"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.parametrize(
    ("file", "old", "new", "sentence"),
    [
        ("planets.toml", "spots = 5\ngreen = 2", "spots = 5\ngreen = 6", "Ravan has 6 green spots but only 5 spots"),
        ("planets.toml", '"$+100"]', '"+x"]', "is not an adventure result"),
        ("planets.toml", 'colour = "red"', 'colour = "blue"', "there must be 5 red planets, not 4"),
        ("planets.toml", 'name = "Pyra"', 'name = "Ravan"', "two planets share a name"),
        ("scenarios.toml", "red = 2, blue = 1, green = 2", "red = 3, blue = 1, green = 2", "sum to 8, not 7"),
        ("scenarios.toml", "combat_loot = 100", "combat_loot = 150", "multiples of 100"),
        ("components.toml", "bug = 13", "bug = 13\nbugs = 1", "alien_supply"),
        ("components.toml", 'bug = "Each other', '# bug = "Each other', "what the card of each of worm"),
        ("components.toml", 'green = "slime"', 'green = "worm"', "a different native alien type"),
        ("components.toml", "engines = [3, 4, 5]", "engines = [3, 2, 5]", "engines must not fall"),
        ("components.toml", "starting_credits = 300", "starting_credits = 350", "multiples of 100"),
        ("components.toml", "round_track_aliens = [true, ", "round_track_aliens = [", "11 spaces for 12 rounds"),
        ("components.toml", "reroll_faces = [", "reroll_faces = [1, ", "reroll_faces are distinct faces 2 to 6"),
        ("components.toml", "jumpgate_bonus = 100", "jumpgate_bonus = 150", "jumpgate_bonus is a multiple of 100"),
        ("components.toml", "rerolls = 1", "rerolls = 2", "rerolls is 0 or 1"),
        ("components.toml", "rerolls_per_game = 1", "rerolls_per_game = 0", "rerolls_per_game is at least 1"),
    ],
)
def test_a_broken_file_is_refused_with_a_sentence(
    data_copy: Path, file: str, old: str, new: str, sentence: str
) -> None:
    edit(data_copy / file, old, new)
    with pytest.raises(DataError) as caught:
        Catalog(data_copy)
    message = str(caught.value)
    assert str(data_copy / file) in message and sentence in message
