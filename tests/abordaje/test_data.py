"""The ¡Abordaje! data files load through the catalog's models, and a typo is reported by file and field.

``engine.abordaje.catalog`` validates ``data/abordaje/*.toml`` at import, so a broken file stops the bot at
start-up. These tests pin what the shipped files say (against the rulebook's components) and that each kind
of mistake in a copy of them names the file and the field, since that sentence is all a maintainer gets.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from engine.abordaje.catalog import (
    DATA_DIR,
    KINDS,
    CardsFile,
    Catalog,
    DataError,
    VariantsFile,
    load_file,
)


def test_the_shipped_files_load_through_the_catalog_models() -> None:
    """Two copies of six orders (ABO-GAP-1), priorities 1..6 and counters; both set-ups; the handicap."""
    cards = load_file(DATA_DIR / "cards.toml", CardsFile)
    variants = load_file(DATA_DIR / "variants.toml", VariantsFile)
    by_kind = {c.kind: c for c in cards.action_cards}
    assert [by_kind[k].priority for k in KINDS] == [1, 2, 3, 4, 5, 6]  # ABO-ORDER-2
    assert sum(c.copies for c in cards.action_cards) == 12
    assert by_kind["repel"].cancels == "boarding" and by_kind["take_cover"].cancels == "fire"
    assert variants.basic.ship_deck_cards == (1, 2, 4, 5)  # ABO-SETUP-2
    assert variants.basic.pirate.crew == variants.basic.spanish.crew == 15  # ABO-SETUP-4
    assert variants.advanced.pirate.crew == 15 and variants.advanced.spanish.crew == 20  # ABO-ADV-SETUP-2, -3
    assert variants.advanced.swapping_tactics == ("pirate",)  # ABO-ADV-CUNNING-1
    assert variants.handicap.remove_cards == {"repel": 1}  # ABO-HANDICAP-1
    catalog = Catalog(DATA_DIR)
    assert len(catalog.deck_in_use(handicap=False)) == 12 and len(catalog.deck_in_use(handicap=True)) == 11


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    """A private copy of ``data/abordaje`` to break."""
    target = tmp_path / "abordaje"
    shutil.copytree(DATA_DIR, target)
    return target


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    """Replace the first ``count`` occurrences of ``old`` (which must be there) in ``path``."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path.name}: the data file changed, update this test"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def assert_names(message: str, path: Path, field: str) -> None:
    """One line of ``message`` reads ``<path>: <field>: …``; ``field`` is a regex, since a check spanning
    several fields reports at the model holding them and names the inner field in its sentence
    (``variants.toml: basic: … spanish.captain must be …``)."""
    assert re.search(rf"^{re.escape(str(path))}: {field}", message, re.MULTILINE), message


CASE = ("problem", "old", "new", "field")
BROKEN_VARIANTS = [
    # (what is wrong, replaced text, replacement, how the message must name the field)
    ("a misspelt key", "pool = 7", "pol = 7", r"basic\.pirate\.pol: "),
    ("the key it replaced, now missing", "pool = 7", "pol = 7", r"basic\.pirate\.pool: "),
    ("text where a number belongs", "hand_size = 5", 'hand_size = "five"', r"basic\.hand_size: "),
    ("crew that do not add up", "pool = 7", "pool = 8", r"basic\.pirate: .*add up"),
    ("a side that does not exist", '["pirate"]  #', '["pirat"]  #', r"advanced\.swapping_tactics\.0: "),
    ("a captain off the ship", "captain = 5", "captain = 3", r"basic: .*spanish\.captain"),
]


@pytest.mark.parametrize(CASE, BROKEN_VARIANTS, ids=[b[0] for b in BROKEN_VARIANTS])
def test_a_broken_variants_file_names_the_file_and_the_field(
    data_copy: Path, problem: str, old: str, new: str, field: str
) -> None:
    path = data_copy / "variants.toml"
    edit(path, old, new)
    with pytest.raises(DataError) as caught:
        load_file(path, VariantsFile)
    assert_names(str(caught.value), path, field)
    with pytest.raises(DataError, match=re.escape(str(path))):
        Catalog(data_copy)  # the loader the game itself uses stops on the same file


BROKEN_CARDS = [
    ("a misspelt kind", 'kind = "fight"', 'kind = "fihgt"', r"action_cards\.0\.kind: "),
    ("text where a priority belongs", "priority = 1", 'priority = "first"', r"action_cards\.0\.priority: "),
    ("an unknown key", "copies = 2", "copies = 2\ncopy = 2", r"action_cards\.0\.copy: "),
    ("a counter naming no kind", 'cancels = "fire"', 'cancels = "fier"', r"action_cards\.4\.cancels: "),
    ("a kind listed twice", 'kind = "boarding"', 'kind = "fight"', r".*action_cards must list each"),
]


@pytest.mark.parametrize(CASE, BROKEN_CARDS, ids=[b[0] for b in BROKEN_CARDS])
def test_a_broken_cards_file_names_the_file_and_the_field(
    data_copy: Path, problem: str, old: str, new: str, field: str
) -> None:
    path = data_copy / "cards.toml"
    edit(path, old, new)
    with pytest.raises(DataError) as caught:
        load_file(path, CardsFile)
    assert_names(str(caught.value), path, field)


def test_a_toml_syntax_error_names_the_file(data_copy: Path) -> None:
    path = data_copy / "cards.toml"
    edit(path, "priority = 1", "priority = = 1")
    with pytest.raises(DataError, match=rf"^{re.escape(str(path))}: .*line \d+"):
        load_file(path, CardsFile)


def test_a_handicap_removing_more_cards_than_exist_names_the_file_and_the_field(data_copy: Path) -> None:
    """A check across the two files: the handicap may only remove copies that ``cards.toml`` provides."""
    path = data_copy / "variants.toml"
    edit(path, "remove_cards = { repel = 1 }", "remove_cards = { repel = 3 }")
    with pytest.raises(DataError) as caught:
        Catalog(data_copy)
    assert_names(str(caught.value), path, r"handicap\.remove_cards\.repel: ")


def test_a_missing_file_names_the_file(data_copy: Path) -> None:
    (data_copy / "variants.toml").unlink()
    with pytest.raises(DataError, match=re.escape(str(data_copy / "variants.toml"))):
        Catalog(data_copy)
