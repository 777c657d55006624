"""The player's guides (docs/guide/<game>.md): one per registered game, shipped with the package, in players'
words: no rule ids, no word of the maintainers' notes, no names of code or files a player cannot read."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from bot.guides import OPTIONS_HEADINGS, guide_markdown, guide_pages, options_text, sections
from engine.registry import GAMES

ROOT = Path(__file__).resolve().parents[1]

# What a guide must never hold, each with why a player would stumble on it.
FORBIDDEN = {
    "a rule id": re.compile(r"\b[A-Z]{3}-[A-Z]+(?:-[A-Z]+)*-?\d"),
    "the rule digest": re.compile(r"digest", re.IGNORECASE),
    "an engine version": re.compile(r"\b(?:" + "|".join(GAMES) + r")-\d"),
    "a file name": re.compile(r"\.(?:py|toml|json|txt)\b"),
    "a source folder": re.compile(r"\b(?:engine|bot|render|data|tests|docs)/"),
    "a module path": re.compile(r"\b(?:engine|bot|render)\.[a-z_]+"),
    "a rule decision's label": re.compile(r"\bGAP-\d|\bgap decision", re.IGNORECASE),
}


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_game_has_a_guide_the_installed_package_can_read(key: str) -> None:
    text = guide_markdown(key)  # read through the package's resources, as an installed bot reads it
    assert text.startswith("# ") and "how to play" in text.splitlines()[0].lower()
    assert (ROOT / "docs" / "guide" / f"{key}.md").read_text(encoding="utf-8") == text


def test_the_guides_are_package_data() -> None:
    """An installed bot (not only a checkout) carries the guides: bot/guide links to docs/guide, listed as data."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "guide/*.md" in pyproject["tool"]["setuptools"]["package-data"]["bot"]
    link = ROOT / "bot" / "guide"
    assert link.resolve() == (ROOT / "docs" / "guide").resolve()


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_guide_covers_what_a_new_player_needs_and_ends_with_the_options(key: str) -> None:
    _, found = sections(key)
    headings = [h.lower() for h, _ in found]
    for needed in ("about", "set", ("turn", "round"), "end", "bot does", "example"):
        words = needed if isinstance(needed, tuple) else (needed,)
        assert any(w in h for h in headings for w in words), f"{key}: no section about {needed!r} in {headings}"
    assert found[-1][0] in OPTIONS_HEADINGS


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_guide_names_no_rule_id_digest_or_code(key: str) -> None:
    text = guide_markdown(key)
    for what, pattern in FORBIDDEN.items():
        hits = [m.group(0) for m in pattern.finditer(text)]
        assert not hits, f"{key}'s guide names {what}: {hits}"


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_page_fits_one_message_and_keeps_no_wrapped_half_lines(key: str) -> None:
    pages = guide_pages(key)
    assert len(pages) >= 5
    for heading, text in pages:
        assert 0 < len(text) <= 4096 and len(heading) < 200
        # The source is wrapped at 120 columns; a page joins a paragraph's lines (a phone wraps them itself).
        for line in text.splitlines():
            assert not line.startswith("  ") or re.match(r"\s+(?:-|\d+\.)\s", line), line


def test_the_guides_state_the_rule_changes_of_issue_30() -> None:
    pioneers = " ".join(guide_markdown("pioneers").split())
    assert "ends that turn there" in pioneers and "no adventure, no deployment and no bombard" in pioneers
    derelict = " ".join(guide_markdown("derelict").split())
    assert "every intruder dies when its wounds reach the number on that card" in derelict
    assert "a ninth fire or ninth malfunction token must be placed" in derelict and "the ship explodes" in derelict
    assert "stop once the eight tokens of that kind are all on the board" in derelict


@pytest.mark.parametrize("key", sorted(GAMES))
def test_the_options_section_names_every_option_the_game_takes(key: str) -> None:
    """The section is also the offline table's ``--help``: an option it leaves out would be one nobody finds."""
    text = options_text(key)
    for name in GAMES[key].options_model.model_fields:
        assert f"`{name}`" in text, f"{key}'s guide does not explain its option {name}"
