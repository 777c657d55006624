"""Issue 26: what changed since the last board is ringed on the new one, in every game, and said in words.

Each game is walked through a seeded random playout; at the first move that puts a piece on another place (a
piece moved or appeared), the marked board (``marked(view, previous)``) must differ from the plain board
exactly by rings of ``MARK`` ink around what changed, name that piece in words, and ring nothing when nothing
changed.
"""

from __future__ import annotations

import io
from functools import cache
from itertools import pairwise
from typing import Any

import pytest
from PIL import Image

from engine.core import SeatSetup, View
from engine.core.playout import random_playout
from engine.registry import GAMES
from render.core.alt import ALT_LIMIT
from render.core.changes import CHANGED, GONE_SINCE, MARK, RING, Change, changed_alt, compare, gone
from render.core.sheet import NO_MASK, Sheet, Token
from render.registry import RENDERERS, MarksChanges

from .checks import readable


def png(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data))


@cache
def public_views(game: str, seed: int = 2) -> tuple[View, ...]:
    spec: Any = GAMES[game]
    options = spec.options_model()
    roles = [role.key for role in spec.roles] if spec.roles_required else []
    seats = [SeatSetup(role=roles[i] if i < len(roles) else None) for i in range(spec.max_seats(options))]
    steps = list(random_playout(spec, seats, options, seed))[:120]
    return tuple(spec.view(step.after, None) for step in steps)


def first_piece_change(game: str) -> tuple[View, View, list[Change]]:
    """The first two consecutive public views where a piece stands on a place it did not before."""
    renderer: Any = RENDERERS[game]
    views = public_views(game)
    for before, after in pairwise(views):
        if before == after:
            continue
        old, new = renderer.layout(before), renderer.layout(after)
        moved = {(t.space, t.what) for t in new.tokens} - {(t.space, t.what) for t in old.tokens}
        if moved:
            return before, after, [c for c in compare(old, new) if c.words]
    raise AssertionError(f"{game}: no piece moved in the playout")


def ink_count(image: Image.Image, box: tuple[int, int, int, int]) -> int:
    part = image.crop(box)
    return part.histogram()[int(MARK)] if part.mode == "P" else 0


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_move_rings_the_pieces_it_moved_and_names_them(game: str) -> None:
    renderer = RENDERERS[game]
    assert isinstance(renderer, MarksChanges)
    before, after, _ = first_piece_change(game)
    data, words = renderer.marked(after, before)
    marked, plain = png(data), png(renderer.board(after))
    assert marked.size == plain.size and marked.tobytes() != plain.tobytes()
    old, new = renderer.layout(before), renderer.layout(after)
    had = {(t.space, t.what) for t in old.tokens}
    moved = [t for t in new.tokens if (t.space, t.what) not in had]
    for token in moved:  # a ring of the marking ink just outside each moved piece, which the plain board lacks
        x0, y0, x1, y1 = token.box
        around = (x0 - 3 * RING, y0 - 3 * RING, x1 + 3 * RING, y1 + 3 * RING)
        assert ink_count(marked, around) > ink_count(plain, around), f"{game}: {token.what} on {token.space}"
    assert any(token.space.split(".")[0].split(" ")[0] in " ".join(words) for token in moved), (game, words)
    readable(f"{game} marked", new, marked, pieces=True)  # no ring covers a text or a piece
    alt = changed_alt(renderer.alt(after), words)
    assert alt.startswith(renderer.alt(after)[:40]) and CHANGED in alt and len(alt) <= ALT_LIMIT


@pytest.mark.parametrize("game", sorted(GAMES))
def test_nothing_changed_rings_nothing(game: str) -> None:
    renderer: Any = RENDERERS[game]
    view = public_views(game)[10]
    data, words = renderer.marked(view, view)
    assert words == [] and png(data).tobytes() == png(renderer.board(view)).tobytes()


def test_marked_pixels_stay_near_what_changed() -> None:
    """The marking draws only rings: outside the changes' boxes (and their rings) the board is untouched."""
    renderer: Any = RENDERERS["abordaje"]
    before, after, _ = first_piece_change("abordaje")
    found = compare(renderer.layout(before), renderer.layout(after))
    marked, plain = png(renderer.marked(after, before)[0]), png(renderer.board(after))
    assert found
    diff = Image.frombytes(
        "L", plain.size, bytes(255 if a != b else 0 for a, b in zip(marked.tobytes(), plain.tobytes(), strict=True))
    )
    for change in found:
        x0, y0, x1, y1 = change.box
        diff.paste(0, (x0 - 3 * RING, y0 - 3 * RING, x1 + 3 * RING + 1, y1 + 3 * RING + 1))
    assert diff.getbbox() is None


@pytest.mark.parametrize("game", ["capricorn", "derelict"])
def test_a_track_that_advanced_is_ringed_though_its_numbers_stay(game: str) -> None:
    """Capricorn's threat and Derelict's time are tracks of fixed numbers: the cell that is now filled is
    ringed and the step said ("threat 2 → 3", "time 4 → 3")."""
    renderer: Any = RENDERERS[game]
    field = "threat" if game == "capricorn" else "time"
    after = public_views(game)[20]
    step = 1 if getattr(after, field) > 0 else -1
    before = after.model_copy(update={field: getattr(after, field) - step})  # the track one step back
    _, words = renderer.marked(after, before)
    assert f"{field} {getattr(before, field)} → {getattr(after, field)}" in words


def test_a_long_alt_text_is_shortened_before_what_changed_is() -> None:
    words = [f"crew {n} on p{n}" for n in range(9)]
    alt = changed_alt("A board. " * 200, words)
    assert len(alt) <= ALT_LIMIT and alt.endswith("; 3 more.") and f"{CHANGED}crew 0 on p0; " in alt
    assert changed_alt("A board.", []) == "A board."


def test_a_piece_gone_from_the_board_is_said_in_the_alt_text_not_framed() -> None:
    """A killed alien leaves nothing to frame: the alt text names it in a sentence of its own, and a piece that
    merely moved (framed where it went) is not called gone."""

    def sheet(*tokens: tuple[str, str]) -> Sheet:
        return Sheet(
            tokens=[
                Token(space, what, (i * 40, 0, i * 40 + 30, 30), NO_MASK) for i, (space, what) in enumerate(tokens)
            ],
            boxes_only=True,
        )

    before = sheet(("BRIDGE", "red alien"), ("BRIDGE", "crew E"), ("LAB", "crew A"))
    after = sheet(("LAB", "crew E"), ("LAB", "crew A"))
    words = [c.words for c in compare(before, after)] + gone(before, after)
    assert words == ["crew E on LAB", "gone: red alien on BRIDGE"]
    alt = changed_alt("The board.", words)
    assert alt == f"The board. {CHANGED}crew E on LAB. {GONE_SINCE}red alien on BRIDGE."
