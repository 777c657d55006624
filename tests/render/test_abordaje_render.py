"""The ¡Abordaje! renderer on states reached by seeded random playouts.

What is pinned: every board is a landscape palette PNG under 200 KB; the same view always gives the same
bytes and a different public view a different image (so every public fact is drawn); the image cache never
redraws an unchanged view and the static layer is drawn once per set of ship-deck cards; the hand image
exists only for a seated viewer; a finished game shows its result; the board refuses a seat's view. Texts and
pieces stamped from drawn-once masks are the very pixels drawing them in place gives, and the hand image is
cached on exactly what it shows.
"""

from __future__ import annotations

import io
from functools import cache
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from engine.abordaje import SPEC, AbordajeOptions, AbordajeState
from engine.abordaje.view import AbordajeView
from engine.core import SeatSetup
from engine.core.playout import random_playout
from render.abordaje import RENDERER, AbordajeRenderer
from render.abordaje.hand import draw_hand, hand_key, has_private
from render.abordaje.layout import HEIGHT, WIDTH
from render.abordaje.phone import HEIGHT as PHONE_HEIGHT
from render.abordaje.phone import WIDTH as PHONE_WIDTH
from render.core import Ink, disc, encode_png, font, label, new_canvas, text_stamp
from render.core.stamps import _measured_text_stamp
from render.registry import RENDERERS

from .checks import changes_drawn

MAX_BYTES = 200_000
SEATS = [SeatSetup(role="pirate"), SeatSetup(role="spanish")]
# (variant, handicap, seed): chosen so the games between them reach markers, conquests, a win and a tie.
GAMES = [("basic", False, 8), ("basic", False, 0), ("advanced", True, 34), ("advanced", False, 2)]


@cache
def playout(variant: str, handicap: bool, seed: int) -> tuple[AbordajeState, ...]:
    """Every state of one seeded random game, the set-up first."""
    options = AbordajeOptions.model_validate({"variant": variant, "handicap": handicap})
    states = [SPEC.setup(SEATS, options, seed)]
    for step in random_playout(SPEC, SEATS, options, seed):
        assert isinstance(step.after, AbordajeState)
        states.append(step.after)
    return tuple(states)


def public(state: AbordajeState) -> AbordajeView:
    view = SPEC.view(state, None)
    assert isinstance(view, AbordajeView)
    return view


def seat_view(state: AbordajeState, seat: int) -> AbordajeView:
    view = SPEC.view(state, seat)
    assert isinstance(view, AbordajeView)
    return view


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def sample(states: tuple[AbordajeState, ...], every: int = 9) -> list[AbordajeState]:
    return [*states[::every], states[-1]]


@pytest.mark.parametrize(("variant", "handicap", "seed"), GAMES)
def test_boards_are_small_portrait_palette_pngs_and_the_full_board_landscape(
    variant: str, handicap: bool, seed: int
) -> None:
    """The channel board is portrait, for a phone (it shows larger there than a wide one); **Full board** is
    the detailed landscape board, for a desktop."""
    renderer = AbordajeRenderer()
    for index, state in enumerate(sample(playout(variant, handicap, seed))):
        where = f"{variant} seed={seed} sample={index}"
        for data, size in (
            (renderer.board(public(state)), (PHONE_WIDTH, PHONE_HEIGHT)),
            (renderer.full(public(state)), (WIDTH, HEIGHT)),
        ):
            image = decode(data)
            assert image.format == "PNG", where
            assert image.size == size, where
            assert image.mode == "P", f"drawn on the fixed palette, not converted: {where}"
            assert len(data) < MAX_BYTES, f"{len(data)} bytes: {where}"
    assert PHONE_HEIGHT > PHONE_WIDTH and WIDTH > HEIGHT


def test_the_same_view_gives_the_same_bytes() -> None:
    state = playout("basic", False, 8)[40]
    view = public(state)
    again = AbordajeView.model_validate_json(view.model_dump_json())
    assert AbordajeRenderer().board(view) == AbordajeRenderer().board(again)


def test_every_public_change_changes_the_board() -> None:
    """Consecutive states whose public views differ must give different images: nothing public is undrawn."""
    views = [public(state) for state in playout("basic", False, 8)]
    assert changes_drawn(views, AbordajeRenderer().board) > 20


def test_a_resolution_changes_the_board() -> None:
    """Orders revealed and crew killed: the board after the turn's resolution differs from before it."""
    states = playout("basic", False, 8)
    phases = [public(s).phase for s in states]
    start = phases.index("resolve")
    after = next(i for i in range(start, len(states)) if phases[i] not in ("resolve",))
    renderer = AbordajeRenderer()
    assert renderer.board(public(states[start - 1])) != renderer.board(public(states[after]))


def test_the_cache_never_redraws_an_unchanged_view() -> None:
    renderer = AbordajeRenderer()
    state = playout("basic", False, 8)[12]
    first = renderer.board(public(state))
    second = renderer.board(public(state))  # an equal view built again, as the host does after each request
    assert first == second
    assert renderer.cache.renders == 1
    assert renderer.cache.hits == 1
    renderer.board(public(playout("basic", False, 8)[60]))
    assert renderer.cache.renders == 2


def test_the_full_boards_static_layer_is_drawn_once_per_set_of_ship_deck_cards() -> None:
    renderer = AbordajeRenderer()
    for state in sample(playout("basic", False, 8), every=30):
        renderer.full(public(state))
        renderer.zoom(public(state), "card1")
    assert renderer.layers.draws == 1
    renderer.full(public(playout("advanced", True, 34)[5]))
    assert renderer.layers.draws == 2


def test_every_card_zooms_to_its_two_decks_and_orders_with_alt_text() -> None:
    """**Zoom** offers one area a ship-deck card; each is a PNG cut from the full board, with alt text that
    names its decks and never a face-down order's kind."""
    view = public(playout("advanced", True, 34)[40])
    areas = RENDERER.areas(view)
    assert [a.key for a in areas] == ["card1", "card2", "card3", "card4", "card5"]
    for area in areas:
        image = decode(RENDERER.zoom(view, area.key))
        assert image.mode == "P" and image.height > image.width
        alt = RENDERER.zoom_alt(view, area.key)
        number = area.key.removeprefix("card")
        assert f"p{number}" in alt and f"s{number}" in alt
    with pytest.raises(KeyError):
        RENDERER.zoom(view, "card9")


def test_the_phone_board_names_the_players_and_who_is_to_play() -> None:
    """The texts of the phone board say who plays which side (``view.seat_name``) and whom the game waits on."""
    states = playout("basic", False, 8)
    view = next(public(s) for s in states if any(side.waiting for side in public(s).sides.values()))
    view = view.model_copy(update={"names": {0: "Ana", 1: "Beto"}})
    texts = " ".join(mark.text for mark in RENDERER.layout(view).marks)
    assert "Ana" in texts and "Beto" in texts and "to play" in texts


def test_the_end_says_who_won_and_why_and_nobody_is_to_play() -> None:
    final = public(playout("basic", False, 8)[-1]).model_copy(update={"names": {0: "Ana", 1: "Beto"}})
    texts = " ".join(mark.text for mark in RENDERER.layout(final).marks)
    assert ("win" in texts or "tie" in texts) and "to play" not in texts


def test_hand_is_none_for_the_public_view_and_a_png_for_a_seat() -> None:
    renderer = AbordajeRenderer()
    state = playout("basic", False, 8)[3]
    assert renderer.hand(public(state)) is None
    pirate, spanish = renderer.hand(seat_view(state, 0)), renderer.hand(seat_view(state, 1))
    assert pirate is not None and spanish is not None
    assert pirate != spanish
    for data in (pirate, spanish):
        image = decode(data)
        assert image.width == PHONE_WIDTH, "as wide as the phone board: its texts read at 12 px on a phone"
        assert len(data) < MAX_BYTES


def test_hand_shows_the_drawn_set_aside_card() -> None:
    """Before the last placement a seat's view carries its set-aside draw; the hand image changes with it."""
    renderer = AbordajeRenderer()
    for state in playout("basic", False, 8):
        view = seat_view(state, 0)
        if view.drawn_set_aside is not None:
            without = view.model_copy(update={"drawn_set_aside": None})
            assert renderer.hand(view) != renderer.hand(without)
            return
    pytest.fail("no state with a drawn set-aside card in this playout")


def test_the_board_refuses_a_seat_view() -> None:
    """A seat's view shows its own face-down orders: posting it in the channel would leak them."""
    state = playout("basic", False, 8)[5]
    with pytest.raises(ValueError, match="public view"):
        AbordajeRenderer().board(seat_view(state, 0))


@pytest.mark.parametrize(("variant", "handicap", "seed"), [("basic", False, 8), ("basic", False, 0)])
def test_a_finished_game_shows_its_result(variant: str, handicap: bool, seed: int) -> None:
    final = public(playout(variant, handicap, seed)[-1])
    assert final.phase == "over" and (final.winner is not None or final.tie)
    unresolved = final.model_copy(update={"winner": None, "tie": False})
    renderer = AbordajeRenderer()
    assert renderer.board(final) != renderer.board(unresolved)


def test_the_advanced_board_has_five_ship_deck_cards() -> None:
    state = playout("advanced", True, 34)[40]
    view = public(state)
    assert [c.number for c in view.cards] == [1, 2, 3, 4, 5] and view.handicap
    assert decode(RENDERER.full(view)).size == (WIDTH, HEIGHT)
    assert decode(RENDERER.board(view)).size == (PHONE_WIDTH, PHONE_HEIGHT)
    assert sum(1 for m in RENDERER.layout(view).marks if m.text.startswith("card ")) == 5
    basic_numbers = [c.number for c in public(playout("basic", False, 8)[0]).cards]
    assert basic_numbers == [1, 2, 4, 5]


def test_the_registry_serves_abordaje() -> None:
    assert RENDERERS["abordaje"] is RENDERER


def test_render_does_not_import_discord() -> None:
    root = Path(__file__).resolve().parents[2] / "render"
    for path in root.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "import discord" not in text and "from discord" not in text, path


def test_example_images_can_be_written(tmp_path: Path) -> None:
    """Writes a few boards and a hand to a temporary folder (handy to look at with ``--basetemp``)."""
    for variant, handicap, seed in GAMES[:3]:
        states = playout(variant, handicap, seed)
        for moment, state in (("mid", states[len(states) // 2]), ("end", states[-1])):
            (tmp_path / f"{variant}_{seed}_{moment}.png").write_bytes(RENDERER.board(public(state)))
            (tmp_path / f"{variant}_{seed}_{moment}_full.png").write_bytes(RENDERER.full(public(state)))
        hand = RENDERER.hand(seat_view(states[3], 0))
        assert hand is not None
        (tmp_path / f"{variant}_{seed}_hand.png").write_bytes(hand)
    assert len(list(tmp_path.glob("*.png"))) == 15


# ---------------------------------------------------------------------- drawn-once stamps and the hand key


def test_views_with_one_hand_key_draw_one_hand_image() -> None:
    """The hand image is cached on the fields it shows, not the whole seat view: equal keys, equal pixels."""
    drawn: dict[str, bytes] = {}
    views = 0
    for variant, handicap, seed in GAMES:
        for state in playout(variant, handicap, seed)[::3]:
            for seat in (0, 1):
                view = seat_view(state, seat)
                if not has_private(view):
                    continue
                views += 1
                pixels = draw_hand(view).tobytes()
                assert drawn.setdefault(hand_key(view), pixels) == pixels, f"{variant} seed={seed} seat={seat}"
    assert views > 100 and len(drawn) < views, "public changes alone must not make a new hand image"


def test_a_public_change_does_not_redraw_the_hand() -> None:
    renderer = AbordajeRenderer()
    view = seat_view(playout("basic", False, 8)[3], 0)
    sides = {side: info.model_copy(update={"pool": info.pool + 1}) for side, info in view.sides.items()}
    first = renderer.hand(view)
    assert renderer.hand(view.model_copy(update={"sides": sides})) == first
    assert renderer.cache.renders == 1


@pytest.mark.parametrize("anchor", ["la", "mm", "lm", "rm", "rd"])
def test_stamped_text_is_the_same_pixels_as_draw_text(anchor: str) -> None:
    for bold in (False, True):
        for size in (11, 15, 22, 56):
            for words in ("P", "12", "2/2", "placing…", "Spanish crew", "⇄", "✓", "¡Abordaje!", "WM—⇄⇄", "ÿ"):
                stamped = new_canvas(260, 120, Ink.SLATE_TINT)
                drawn = stamped.copy()
                label(ImageDraw.Draw(stamped), (97, 61), words, size, Ink.BLACK, bold=bold, anchor=anchor)
                ImageDraw.Draw(drawn).text(
                    (97, 61), words, fill=int(Ink.BLACK), font=font(size, bold=bold), anchor=anchor
                )
                assert stamped.tobytes() == drawn.tobytes(), (words, size, bold, anchor)


def test_stamped_pieces_are_the_same_pixels_wherever_they_land() -> None:
    """A sprite drawn once and stamped equals the piece drawn in place, on any background, at any spot."""
    for x, y in ((40, 40), (61, 47), (133, 90)):
        for background in (Ink.WHITE, Ink.VERMILLION_TINT):
            stamped = new_canvas(200, 140, background)
            drawn = stamped.copy()
            draw = ImageDraw.Draw(drawn)
            disc(ImageDraw.Draw(stamped), (x, y), 28, Ink.VERMILLION, "S", Ink.WHITE, outline=Ink.WHITE)
            draw.ellipse((x - 28, y - 28, x + 28, y + 28), fill=int(Ink.VERMILLION), outline=int(Ink.WHITE), width=3)
            draw.text((x, y), "S", fill=int(Ink.WHITE), font=font(30, bold=True), anchor="mm")
            assert stamped.tobytes() == drawn.tobytes(), (x, y, background)


def test_encode_png_keeps_every_pixel_and_the_palette() -> None:
    """The PNG is written by ``render.core.png`` (unfiltered rows): a valid file with the exact pixels."""
    image = draw_hand(seat_view(playout("advanced", True, 34)[20], 1))
    data = encode_png(image)
    Image.open(io.BytesIO(data)).verify()  # chunk CRCs and structure
    back = decode(data)
    assert back.mode == "P" and back.size == image.size
    assert back.tobytes() == image.tobytes()
    assert back.getpalette() == image.getpalette()


def test_both_ways_of_measuring_a_text_stamp_agree() -> None:
    """A text is drawn into a generous mask, or measured with ``getbbox`` first when it reached an edge."""
    for words, size, anchor in (("Turn 12", 32, "lm"), ("⇄", 20, "mm"), ("0/2", 32, "rd"), ("priority", 15, "la")):
        face = font(size, bold=True)
        quick, measured = text_stamp(words, face, anchor), _measured_text_stamp(words, face, anchor)
        assert quick.offset == measured.offset, words
        assert [m.tobytes() for _, m in quick.layers] == [m.tobytes() for _, m in measured.layers], words
