"""Every game's board read on a phone: the texts a player reads, and pieces sharing a space.

A phone shows an attached image about 400 pixels wide whatever its own width, so (issue 26) a text is measured
at its *display size*, font size × 400 / image width (``render.core.zoom``): every text the channel board
reports is at least 12 px at display size, every piece at least 16 px on its longer side, never crossed by a
line nor covered by a piece or another text, and no two pieces on one space overlap. The same holds for every
area a Zoomable renderer's **Zoom** offers. Measured on every registered renderer's boards over states from
seeded random playouts: the renderer reports what it placed (``layout(view)``, ``zoom_layout(view, area)``, a
``Sheet``) and the test checks both the geometry and the pixels of the image it actually drew.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import cache
from itertools import combinations
from typing import Any

import pytest
from PIL import Image

from engine.core import SeatSetup, View
from engine.core.playout import random_playout
from engine.registry import GAMES
from render.core.sheet import Sheet, Token, clean, masks_meet
from render.core.zoom import MIN_DISPLAY_PIECE, MIN_DISPLAY_TEXT, PHONE_WIDTH, display_size
from render.registry import RENDERERS, Zoomable

SEEDS = (1, 2)
SLOW_SEEDS = tuple(range(3, 23))  # twenty more a game, in the slow run
SAMPLES = 24  # states measured per game and seed, spread over the whole game


@cache
def played(game: str, seed: int) -> tuple[int, tuple[Any, ...]]:
    """One seeded random game at the most players the game seats: its seat count and every state, played once a
    process for the boards, the zooms and the hands below."""
    spec = GAMES[game]
    options: Any = spec.options_model()
    count = spec.max_seats(options)
    roles = [role.key for role in spec.roles] if spec.roles_required else []
    seats = [SeatSetup(role=roles[i] if i < len(roles) else None) for i in range(count)]
    states = [spec.setup(seats, options, seed), *(step.after for step in random_playout(spec, seats, options, seed))]
    return count, tuple(states)


@cache
def public_views(game: str, seed: int) -> tuple[View, ...]:
    """Public views spread over one seeded random game at the most players the game seats, while it is played
    (a finished game's banner lies over the board on purpose: nobody acts any more)."""
    spec = GAMES[game]
    _, states = played(game, seed)
    stride = max(1, len(states) // SAMPLES)
    return tuple(spec.view(state, None) for state in states[::stride] if spec.outcome(state) is None)


Measured = Sequence[tuple[View, Sheet, Image.Image]]


def measured(game: str, seeds: tuple[int, ...] = SEEDS) -> Measured:
    """Each board drawn and its layout; the default seeds' are drawn once a process for the five measures
    below (each only reads them), the slow run's twenty seeds each time (too many images to keep)."""
    return _measured_once(game) if seeds == SEEDS else _measure(game, seeds)


@cache
def _measured_once(game: str) -> tuple[tuple[View, Sheet, Image.Image], ...]:
    return _measure(game, SEEDS)


def _measure(game: str, seeds: tuple[int, ...]) -> tuple[tuple[View, Sheet, Image.Image], ...]:
    renderer: Any = RENDERERS[game]
    out = []
    for seed in seeds:
        for view in public_views(game, seed):
            image = Image.open(io.BytesIO(renderer.board(view)))
            image.load()
            out.append((view, renderer.layout(view), image))
    return tuple(out)


def test_every_renderer_reports_what_a_player_reads() -> None:
    """A game added later is measured too: its renderer must report its layout (``Renderer.layout``)."""
    missing = [game for game, renderer in RENDERERS.items() if not callable(getattr(renderer, "layout", None))]
    assert missing == []


@pytest.mark.parametrize("game", sorted(RENDERERS))
def test_texts_show_at_least_12_px_on_a_phone_and_inside_the_image(game: str) -> None:
    names_are_large_enough(game, measured(game))


@pytest.mark.parametrize("game", sorted(RENDERERS))
def test_space_names_are_never_covered_by_a_piece_or_another_name(game: str) -> None:
    names_are_never_covered(game, measured(game))


@pytest.mark.parametrize("game", sorted(RENDERERS))
def test_space_names_are_never_crossed_by_a_line(game: str) -> None:
    """On the image drawn, a name's letters are one ink and the pixels just around them one other ink."""
    names_are_never_crossed(game, measured(game))


@pytest.mark.parametrize("game", sorted(RENDERERS))
def test_two_pieces_on_one_space_never_overlap(game: str) -> None:
    pieces_never_overlap(game, measured(game))


@pytest.mark.parametrize("game", sorted(RENDERERS))
def test_pieces_show_at_least_16_px_on_a_phone(game: str) -> None:
    pieces_are_large_enough(game, measured(game))


ZOOMABLE = sorted(game for game, renderer in RENDERERS.items() if isinstance(renderer, Zoomable))


def zoomed(game: str, seeds: tuple[int, ...] = SEEDS) -> Measured:
    """Every zoom area of a few states a seed (the first, the middle and the last measured): what ``zoom``
    draws and what ``zoom_layout`` reports of it."""
    renderer: Any = RENDERERS[game]
    out = []
    for seed in seeds:
        views = public_views(game, seed)
        for view in {0: views[0], 1: views[len(views) // 2], 2: views[-1]}.values():
            areas = renderer.areas(view)
            assert 0 < len(areas) <= 25, f"{game}: {len(areas)} zoom areas (a select holds 1 to 25)"
            for area in areas:
                image = Image.open(io.BytesIO(renderer.zoom(view, area.key)))
                image.load()
                out.append((view, renderer.zoom_layout(view, area.key), image))
    return out


@pytest.mark.parametrize("game", ZOOMABLE)
def test_every_zoom_reads_at_12_px_on_a_phone_clean_and_uncovered(game: str) -> None:
    zooms = zoomed(game)
    names_are_large_enough(f"{game} zoom", zooms)
    for measure in (names_are_never_covered, names_are_never_crossed, pieces_never_overlap, pieces_are_large_enough):
        measure(f"{game} zoom", zooms)


PANEL_TEXTS: dict[str, tuple[str, ...]] = {
    "jupiter": ("hand limit", "invasion die", "suppressed", "creeps rose", "tile", "TURN ", "28"),
    "capricorn": ("Acting: ", "Threat", "Repairs ", "alien die ", "Mothers: ", "Bag: ", "OFFICES", "POD · Escape pod"),
}
"""Texts (or the start of them) beside the boards' space names that a player reads to act: the panels'
numbers and captions, the report's turn tags, the keys, the crew lines. Each must be reported, so the four
measures above hold them to ``MIN_DISPLAY_TEXT`` on a phone too."""


@pytest.mark.parametrize("game", sorted(PANEL_TEXTS))
def test_the_panels_captions_keys_and_crew_lines_are_measured_too(game: str) -> None:
    renderer: Any = RENDERERS[game]
    views = [view for seed in SEEDS for view in public_views(game, seed)]
    reported = {mark.text for view in views for mark in renderer.layout(view).marks}
    missing = [words for words in PANEL_TEXTS[game] if not any(words in text for text in reported)]
    assert missing == [], f"{game}: not measured: {missing}"


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(RENDERERS))
def test_every_measure_holds_over_twenty_more_seeds(game: str) -> None:
    """The same four measures over ``SLOW_SEEDS``: rarer positions (crowded spaces, a pod docked by a tile id,
    seven robots with full hands) that two seeds do not reach."""
    boards = measured(game, SLOW_SEEDS)
    names_are_large_enough(game, boards)
    names_are_never_covered(game, boards)
    names_are_never_crossed(game, boards)
    pieces_never_overlap(game, boards)
    pieces_are_large_enough(game, boards)
    if game in ZOOMABLE:
        zooms = zoomed(game, SLOW_SEEDS)
        names_are_large_enough(f"{game} zoom", zooms)
        for measure in (names_are_never_covered, names_are_never_crossed, pieces_never_overlap):
            measure(f"{game} zoom", zooms)
        pieces_are_large_enough(f"{game} zoom", zooms)


def names_are_large_enough(game: str, boards: Measured) -> None:
    """At least ``MIN_DISPLAY_TEXT`` at display size, and inside the image."""
    for _, sheet, image in boards:
        assert sheet.marks, f"{game}: the board reports no text a player reads"
        for mark in sheet.marks:
            shown = display_size(mark.size, image.width)
            assert shown >= MIN_DISPLAY_TEXT, (
                f"{game}: {mark.text!r} shows at {shown:.1f} px on a phone ({mark.size} px in {image.width})"
            )
            x0, y0, x1, y1 = mark.box
            assert x0 >= 0 and y0 >= 0 and x1 <= image.width and y1 <= image.height, f"{game}: {mark.text!r} is cut"


def pieces_are_large_enough(game: str, boards: Measured) -> None:
    for _, sheet, image in boards:
        for token in sheet.tokens:
            x0, y0, x1, y1 = token.box
            shown = display_size(max(x1 - x0, y1 - y0), image.width)
            assert shown >= MIN_DISPLAY_PIECE, f"{game}: {token.what} on {token.space} shows at {shown:.1f} px"


def names_are_never_covered(game: str, boards: Measured) -> None:
    for _, sheet, _ in boards:
        for a, b in combinations(sheet.marks, 2):
            assert not masks_meet(a.reach, a.halo, b.reach, b.halo), f"{game}: {a.text!r} and {b.text!r} touch"
        for mark in sheet.marks:
            for token in sheet.tokens:
                covers = masks_meet(mark.reach, mark.halo, token.box, token.pixels)
                assert not covers, f"{game}: {token.what} on {token.space} covers {mark.text!r}"


def names_are_never_crossed(game: str, boards: Measured) -> None:
    for _, sheet, image in boards:
        for mark in sheet.marks:
            problem = clean(mark, image)
            assert problem is None, f"{game}: {mark.text!r} at {mark.box}: {problem}"


def pieces_never_overlap(game: str, boards: Measured) -> None:
    for _, sheet, _ in boards:
        by_space: dict[str, list[Token]] = {}
        for token in sheet.tokens:
            by_space.setdefault(token.space, []).append(token)
        for space, tokens in by_space.items():
            for a, b in combinations(tokens, 2):
                assert not masks_meet(a.box, a.pixels, b.box, b.pixels), (
                    f"{game}: {a.what} and {b.what} overlap on {space}"
                )


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(RENDERERS))
def test_phone_sized_images_are_kept_for_review(game: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    """The channel board at its start, middle and end, and one zoom of each, scaled to ``PHONE_WIDTH`` as a
    phone shows them: written to ``<basetemp>/phone-<game>/`` (``pytest -m slow --basetemp=…``) for a person
    to look at."""
    folder = tmp_path_factory.mktemp(f"phone-{game}", numbered=False)
    spec, renderer = GAMES[game], RENDERERS[game]
    options: Any = spec.options_model()
    count = spec.max_seats(options)
    roles = [role.key for role in spec.roles] if spec.roles_required else []
    seats = [SeatSetup(role=roles[i] if i < len(roles) else None) for i in range(count)]
    states = [spec.setup(seats, options, 1), *(step.after for step in random_playout(spec, seats, options, 1))]
    for moment, state in (("start", states[0]), ("middle", states[len(states) // 2]), ("end", states[-1])):
        view = spec.view(state, None)
        images = {"board": renderer.board(view)}
        if isinstance(renderer, Zoomable):
            areas = renderer.areas(view)
            images["zoom"] = renderer.zoom(view, areas[len(areas) // 2].key)
        for what, data in images.items():
            image = Image.open(io.BytesIO(data)).convert("RGB")
            height = round(image.height * PHONE_WIDTH / image.width)
            image.resize((PHONE_WIDTH, height), Image.Resampling.LANCZOS).save(folder / f"{moment}-{what}.png")
    assert len(list(folder.glob("*.png"))) >= 3


HANDS = sorted(game for game, renderer in RENDERERS.items() if callable(getattr(renderer, "hand_layout", None)))
"""Games whose hand image reports its texts (``hand_layout``): measured at display size like the board."""


def seat_views(game: str, seed: int) -> list[View]:
    """Each seat's private view at a few moments of one seeded random game (what its hand image is drawn from)."""
    spec = GAMES[game]
    count, states = played(game, seed)
    stride = max(1, len(states) // 6)
    return [spec.view(state, seat) for state in states[::stride] for seat in range(count)]


@pytest.mark.parametrize("game", HANDS)
def test_hand_texts_read_at_12_px_on_a_phone_and_clean(game: str) -> None:
    renderer: Any = RENDERERS[game]
    hands: Measured = []
    for seed in SEEDS:
        for view in seat_views(game, seed):
            data = renderer.hand(view)
            if data is None:
                continue
            image = Image.open(io.BytesIO(data))
            image.load()
            hands.append((view, renderer.hand_layout(view), image))
    assert hands, f"{game}: no hand drawn"
    names_are_large_enough(f"{game} hand", hands)
    names_are_never_covered(f"{game} hand", hands)
    names_are_never_crossed(f"{game} hand", hands)
