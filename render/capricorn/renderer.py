"""The Abandon Capricorn renderer: board and hand PNGs from views, with both caches in front of the drawing.

A board starts from a copy of the static ship for its rotation state: the hull, rooms, spaces with codes,
doors, and the panel's frame and legend. That ship is composed, never drawn whole: the base (hull, pod, the
fixed outer ring, the panel's fixed parts) is drawn once, each turning ring once per counter as a disc cut to
its own square, and a rotation state pastes its two ring discs on a copy of the base and draws only what
spans the gaps between rings (doors, the turning rooms' name tags). That is about 1 ms instead of the 8 ms a
whole ship takes, and 1 + 2 × 12 small layers (about 8 MB) instead of one full board per rotation state
(144 states, 1.26 MB each). Only tokens, pieces and numbers are drawn per view. Whole images are kept by view
(``RenderCache``); the hand is keyed on the hand alone, so a public change does not redraw it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from functools import partial

from PIL import Image, ImageDraw

from engine.capricorn.board import SHIP
from engine.capricorn.catalog import CATALOG
from engine.capricorn.terms import RingKey
from engine.capricorn.view import CapricornView
from engine.core import View
from render.core import Box, Ink, LayerCache, RenderCache, encode_png, new_canvas, view_key
from render.core.alt import closeup_alt, image_alt
from render.core.cache import view_keys
from render.core.changes import marked_board, plain_board
from render.core.closeup import BOARDS_KEPT
from render.core.fonts import font
from render.core.glyphs import warm_glyphs
from render.core.layers import LayerSheets
from render.core.sections import Sections
from render.core.sheet import Mark, Sheet, Token
from render.core.zoom import Area, enlarge_part, part_sheet

from .closeup import closeup_box, closeup_of_part, closeup_shows, closeup_where, warm_corners
from .hand import draw_hand, hand_key, own_characters, warm_cards
from .layout import CX, CY, HEIGHT, PIECE_SIZES, WIDTH
from .panel import PANEL_MOTHER, draw_legend, draw_panel, draw_panel_static, draw_result
from .phone import HEADER, LINE_PIECE, compose_phone, draw_phone, piece_words, track_changes, warm_result
from .phone import PIECE as PHONE_PIECE
from .phone import draw_static as draw_phone_static
from .pieces import CREW_PIECE, warm_crew, warm_mothers, warm_tokens
from .ship import (
    POD_PIECE,
    draw_ring,
    draw_ship_base,
    draw_ship_joints,
    draw_ship_pieces,
    ring_reach,
    ship_sheet,
    warm_aliens_placed,
    warm_clear_masks,
    warm_mothers_placed,
    warm_sectors,
    warm_sockets,
    warm_tags,
)
from .zoom import ROOM_AREAS, room_alt, room_box


def _capricorn(view: View) -> CapricornView:
    if not isinstance(view, CapricornView):
        raise TypeError(f"the Abandon Capricorn renderer draws a CapricornView, not a {type(view).__name__}")
    return view


PUBLIC_KEPT = 16
"""Public copies of the views last drawn, by the view's identity (``_public``)."""
_publics: OrderedDict[int, tuple[CapricornView, CapricornView]] = OrderedDict()
_publics_lock = threading.Lock()


def _public(view: CapricornView) -> CapricornView:
    """What the board shows of ``view``: the same view with no viewer and no hands (a seat sees the same board).

    The copy of a view made before is that very copy: the host hands a board's view back as the next board's
    ``previous``, and the same objects let ``render.core.changes.KEYS`` remember its key instead of writing its
    JSON again. Views are never changed once made; an entry holds its view, so no identity is reused meanwhile.

    The channel's own view (no viewer, no hand: what the host hands the board) is already that copy: it is
    itself (a copy of a view and its characters costs about 0.1 ms, every board)."""
    if view.viewer is None and all(c.hand is None for c in view.characters):
        return view
    with _publics_lock:
        kept = _publics.get(id(view))
        if kept is not None and kept[0] is view:
            _publics.move_to_end(id(view))
            return kept[1]
    public = view.model_copy(
        update={"viewer": None, "characters": [c.model_copy(update={"hand": None}) for c in view.characters]}
    )
    with _publics_lock:
        _publics[id(view)] = (view, public)
        while len(_publics) > PUBLIC_KEPT:
            _publics.popitem(last=False)
    return public


CLOSEUP_KEYS_KEPT = 64
"""Close-up cache keys kept by what they show (``_closeup_key``), a few hundred bytes each."""
_closeup_keys: OrderedDict[Hashable, str] = OrderedDict()
_closeup_keys_lock = threading.Lock()


def _closeup_key(shows: Hashable) -> str:
    """The close-up's cache key for what it shows (``closeup_shows``): its text, written once and then found by
    the tuple itself (the text of a close-up's pieces is about 35 µs to write; the host asks every action's
    close-up by its key at least once, a new one twice). Equal tuples write the same text: each place in them
    always holds the same type (a ``True`` never meets a ``1``)."""
    with _closeup_keys_lock:
        key = _closeup_keys.get(shows)
        if key is not None:
            _closeup_keys.move_to_end(shows)
            return key
    key = "capricorn.closeup:" + repr(shows)
    with _closeup_keys_lock:
        _closeup_keys[shows] = key
        while len(_closeup_keys) > CLOSEUP_KEYS_KEPT:
            _closeup_keys.popitem(last=False)
    return key


_closeup_views: OrderedDict[int, tuple[CapricornView, str]] = OrderedDict()


def _closeup_key_of(view: CapricornView) -> str:
    """``_closeup_key(closeup_shows(view))``, kept by the view's identity for the last few views: the host asks a
    new close-up twice (once for a kept image, then to draw it), with the very same view. Views are never changed
    once made; an entry holds its view, so no identity is reused meanwhile."""
    with _closeup_keys_lock:
        kept = _closeup_views.get(id(view))
        if kept is not None and kept[0] is view:
            return kept[1]
    key = _closeup_key(closeup_shows(view))
    with _closeup_keys_lock:
        _closeup_views[id(view)] = (view, key)
        while len(_closeup_views) > PUBLIC_KEPT:
            _closeup_views.popitem(last=False)
    return key


def rotation_key(view: CapricornView) -> tuple[tuple[str, int], ...]:
    """What the composed static ship depends on: the rings' counters (the open doors follow from them)."""
    return tuple(sorted(view.rotation.items()))


def draw_base() -> Image.Image:
    """What no rotation changes: the hull, the pod, the fixed rings and the panel's fixed parts."""
    image = new_canvas(WIDTH, HEIGHT, Ink.PAPER)
    draw = ImageDraw.Draw(image)
    draw_ship_base(draw)
    draw_panel_static(draw)
    return image


def ring_box(ring: RingKey) -> tuple[int, int, int, int]:
    """The square around the disc a turning ring's layer covers (``ring_reach`` from the centre)."""
    reach = ring_reach(ring)
    return CX - reach, CY - reach, CX + reach + 1, CY + reach + 1


def draw_ring_layer(base: Image.Image, ring: RingKey, turns: int) -> Image.Image:
    """The disc inside ``ring_reach(ring)`` of the base with the ring drawn on it, turned ``turns`` marks.

    Drawn on a whole copy of the base (the drawing works in board coordinates) and cut down to the ring's
    square, so the layer kept costs the ring's size, not the board's.
    """
    image = base.copy()
    draw_ring(ImageDraw.Draw(image), ring, turns)
    return image.crop(ring_box(ring))


def ring_mask(ring: RingKey) -> Image.Image:
    """The disc of the ring's square that its layer replaces (the rest belongs to the rings outside it)."""
    left, top, right, bottom = ring_box(ring)
    mask = Image.new("1", (right - left, bottom - top), 0)
    reach = ring_reach(ring)
    ImageDraw.Draw(mask).ellipse((CX - reach - left, CY - reach - top, CX + reach - left, CY + reach - top), fill=1)
    return mask


def compose_static(
    base: Image.Image, rings: list[tuple[RingKey, Image.Image, Image.Image]], view: CapricornView
) -> Image.Image:
    """The static ship for the view's rotation: the base, each turning ring's layer (outermost first), the joints.

    The outermost is pasted whole: a ring's layer is the base outside its disc (``draw_ring`` stays inside it),
    and only the base lies under it. The rings inside it go through their discs' masks (the square around an
    inner disc holds the outer ring's drawing)."""
    image = base.copy()
    for index, (ring, layer, mask) in enumerate(sorted(rings, key=lambda r: -ring_reach(r[0]))):
        image.paste(layer, ring_box(ring)[:2], mask if index else None)
    draw_ship_joints(ImageDraw.Draw(image), view)
    return image


def draw_static(view: CapricornView) -> Image.Image:
    """The static layer for the view's rotation, drawn from nothing (what the cached layers add up to)."""
    base = draw_base()
    rings = [(ring, draw_ring_layer(base, ring, view.rotation.get(ring, 0)), ring_mask(ring)) for ring in SHIP.rotating]
    return compose_static(base, rings, view)


def draw_board(view: CapricornView, image: Image.Image) -> Image.Image:
    """The board for ``view`` drawn onto ``image`` (a copy of the static layer for its rotation)."""
    draw = ImageDraw.Draw(image)
    draw_ship_pieces(draw, view)
    draw_panel(draw, view)
    draw_result(draw, view)
    return image


PART_MARGIN = 4
"""How much wider than asked ``ship_part`` composes: a door's outline cut by the image's edge is drawn a pixel
differently there than where it runs on, so the part's own edges are composed a few pixels in."""


def _widened(box: Box, margin: int) -> Box:
    """``box`` grown by ``margin`` on every side, within the board."""
    return max(0, box[0] - margin), max(0, box[1] - margin), min(WIDTH, box[2] + margin), min(HEIGHT, box[3] + margin)


PARTS_KEPT = 16
"""The static ship's parts kept for close-ups (``ship_part``, about 0.15 MB each): an acting character stays a few
actions on one space under one rotation, and each seat's close-up is that one part."""

SHIPS_KEPT = 4
"""Composed static ships kept whole (1.26 MB each): a game turns its rings every few actions, so the last few
rotation states serve most boards; any other costs one composition (about 1 ms), never a redraw."""


class CapricornRenderer:
    """Draws Abandon Capricorn views; one instance serves every game (the caches are thread-safe).

    ``layers`` holds what is drawn: the base and one layer per turning ring per counter (at most 1 + 2 × 12,
    about 8 MB in all), and the phone board's static layer (0.7 MB; ``layer_sheets`` keeps what it prints).
    ``ships`` keeps the last few compositions of those for whole rotation states (**Full board** and the zooms),
    ``parts`` the parts of them the last close-ups showed (composed alone, ``ship_part``), ``boards`` the last
    finished detailed boards, and ``sections`` the phone board's sections last drawn (``render.core.sections``:
    a room's box, a character's line…), pasted when a board shows them again. ``warm`` draws the layers ahead.
    """

    def __init__(self) -> None:
        self.cache = RenderCache()
        self.layers = LayerCache(max_entries=2 + len(SHIP.rotating) * (SHIP.marks + 1))
        self.layer_sheets = LayerSheets()
        self.ships = LayerCache(max_entries=SHIPS_KEPT)
        self.parts = LayerCache(max_entries=PARTS_KEPT)
        self.boards = LayerCache(max_entries=BOARDS_KEPT)
        self.sections = Sections()
        self._phone_printed: tuple[tuple[Mark, ...], tuple[Token, ...]] | None = None

    def warm(self) -> None:
        """Draw now what every process draws as it meets its first positions: the base (about 30 ms), each turning
        ring's layer at every counter (5-7 ms each, 24), the phone board's static layer (about 12 ms) and the
        turning rooms' tags at every counter (``warm_tags``, about 65 ms), every room's door sockets and span and
        every lane's sector box and corners at every column (``warm_sockets``, ``warm_sectors``, ``warm_corners``,
        about 20 ms), every crew body and health badge drawn and measured (``warm_crew``, about 60 ms), every
        Mother's look at every health and size, the cube and search token, the card frames and every card's tile
        and the end's box (100-140 ms), and what pieces keep clear of by ring and tag (``warm_clear_masks``, about
        5 ms): about 0.45 s of CPU in all, so no player's action pays for them. They are what a process holds
        anyway once its games have turned their rings, dealt their cards and wounded their crews and Mothers:
        about 15 MB (the base 1.3 MB, the ring layers 7.9 MB, the phone layer 0.7 MB, the pieces' looks 0.7 MB,
        the card tiles 3.1 MB, the masks 0.3 MB, four faces' glyphs 1 MB), within the caches' bounds. For the host
        to call once when it loads the games (off the event loop)."""
        base = self.layers.get("base", draw_base)
        for ring in SHIP.rotating:
            self.layers.get(("mask", ring), partial(ring_mask, ring))
            for turns in range(SHIP.marks):
                self.layers.get(("ring", ring, turns), partial(draw_ring_layer, base, ring, turns))
        self.layer_sheets.copy_of(self.layers, "phone", draw_phone_static, None)
        warm_tags()
        warm_sockets()
        warm_clear_masks()
        warm_glyphs(font(size, bold=bold) for size, bold in ((20, False), (20, True), (22, True), (26, True)))
        warm_sectors()
        warm_corners()
        warm_crew(
            (role.letter for role in CATALOG.roles.values()),
            (PHONE_PIECE, POD_PIECE, CREW_PIECE, LINE_PIECE, *PIECE_SIZES),
            range(CATALOG.rules.character_health + 1),
        )
        aliens: dict[str, str] = {color: alien.letter for color, alien in CATALOG.rules.aliens.items()}
        warm_aliens_placed(aliens, (PHONE_PIECE, *PIECE_SIZES))
        healths: dict[str, int] = {color: mother.health for color, mother in CATALOG.rules.mothers.items()}
        warm_mothers_placed(healths, (PHONE_PIECE, *PIECE_SIZES))
        warm_mothers(healths, (PANEL_MOTHER,))
        warm_tokens()
        warm_cards()
        warm_result()

    def board(self, view: View) -> bytes:
        """The public board for the channel, drawn for a phone (``render.capricorn.phone``). A seat's view draws
        the same board (hands are never drawn on it)."""
        public = _public(_capricorn(view))
        return plain_board(self.cache, "capricorn.phone", public, self._phone)

    def marked(self, view: View, previous: View) -> tuple[bytes, list[str]]:
        """The phone board with what changed since ``previous`` ringed (``render.core.changes``): the pieces
        that moved or appeared, the threat track, the counts and lines that changed; and those in words."""
        return marked_board(
            self.cache,
            "capricorn.phone",
            _public(_capricorn(view)),
            _public(_capricorn(previous)),
            self._phone,
            steady=HEADER,
            name=piece_words,
            extra=track_changes,
        )

    def full(self, view: View) -> bytes:
        """The detailed round ship with its panel (1400 × 900), for a desktop's **Full board**."""
        public = _public(_capricorn(view))
        key = view_key("capricorn.board", public)
        return self.cache.get_or_render(key, lambda: encode_png(self._board_image(key, public)))

    def areas(self, view: View) -> list[Area]:
        """The rooms (a wide one in two halves, so its codes read on a phone) and the escape pod."""
        return list(ROOM_AREAS)

    def zoom(self, view: View, area: str) -> bytes:
        """One room (or half of one) of the detailed ship, enlarged (``render.core.zoom.enlarge_part``)."""
        public = _public(_capricorn(view))
        board, zoom = view_keys(public, "capricorn.board", f"capricorn.zoom.{area}")
        box = room_box(area, public)
        return self.cache.get_or_render(zoom, lambda: encode_png(enlarge_part(self._board_image(board, public), box)))

    def zoom_alt(self, view: View, area: str) -> str:
        """What the zoom shows, in words: the room's spaces and who stands on them, from the public view."""
        return room_alt(area, _public(_capricorn(view)))

    def zoom_layout(self, view: View, area: str) -> Sheet:
        """The zoom's space codes, room names and pieces (the detailed board's, cut and enlarged as drawn)."""
        public = _public(_capricorn(view))
        return part_sheet(self.full_layout(public), room_box(area, public))

    def full_layout(self, view: View) -> Sheet:
        """The detailed board's texts a player reads and its pieces (``render.core.sheet``)."""
        board_view = _capricorn(view)
        sheet = ship_sheet(board_view)
        draw = ImageDraw.Draw(new_canvas(WIDTH, HEIGHT, Ink.PAPER))
        draw_legend(draw, sheet)  # notes the key's captions (the legend itself is on the static layer)
        draw_panel(draw, board_view, sheet)  # notes the panel's small texts
        return sheet

    def hand(self, view: View) -> bytes | None:
        """The seat's own characters and their cards; ``None`` for the public view (no hand in it)."""
        hand_view = _capricorn(view)
        if hand_view.viewer is None or not own_characters(hand_view):
            return None
        return self.cache.get_or_render(hand_key(hand_view), lambda: encode_png(draw_hand(hand_view)))

    def hand_layout(self, view: View) -> Sheet:
        """Every text of the seat's hand image, as drawn (measured by tests/render/test_legibility)."""
        sheet = Sheet()
        draw_hand(_capricorn(view), sheet)
        return sheet

    def closeup(self, view: View) -> bytes | None:
        """The acting character's room and its neighbours, enlarged from the board (``render.capricorn.closeup``);
        ``None`` once the game is over (no one acts)."""
        closeup_view = _capricorn(view)
        if closeup_view.result is not None:
            return None
        key = _closeup_key_of(closeup_view)  # what it draws: the last one if unchanged
        return self.cache.get_or_render(key, lambda: encode_png(self.closeup_image(_public(closeup_view))))

    def closeup_image(self, public: CapricornView) -> Image.Image:
        """The close-up of the public view, drawn on the static ship's part it shows (``ship_part``): the same
        pixels as the detailed board cut and enlarged, without drawing that board or composing the whole ship."""
        box = closeup_box(public)
        part = self.parts.copy_of((rotation_key(public), box), partial(self.ship_part, public, box))
        return closeup_of_part(part, public, box)

    def ship_part(self, view: CapricornView, box: Box) -> Image.Image:
        """The static ship for the view's rotation cut to ``box``, composed only there (a new image): the base's
        part, each turning ring's layer's part (outermost first, through its disc's mask), the joints drawn moved
        by the box's corner. ``compose_static`` cut to ``box``, pixel for pixel, for a fraction of it (a close-up
        is an eighth of the ship): a ring turns every few actions, and each turn met a new close-up."""
        base = self.layers.get("base", draw_base)
        wanted, box = box, _widened(box, PART_MARGIN)
        part = base.crop(box)
        for index, ring in enumerate(sorted(SHIP.rotating, key=lambda r: -ring_reach(r))):
            left, top, right, bottom = ring_box(ring)
            cut = (max(left, box[0]), max(top, box[1]), min(right, box[2]), min(bottom, box[3]))
            if cut[0] >= cut[2] or cut[1] >= cut[3]:
                continue
            turns = view.rotation.get(ring, 0) % SHIP.marks
            layer = self.layers.get(("ring", ring, turns), partial(draw_ring_layer, base, ring, turns))
            inside = (cut[0] - left, cut[1] - top, cut[2] - left, cut[3] - top)
            at = (cut[0] - box[0], cut[1] - box[1])
            if index == 0:  # the outermost: whole, as ``compose_static`` pastes it
                part.paste(layer.crop(inside), at)
            else:
                part.paste(
                    layer.crop(inside), at, self.layers.get(("mask", ring), partial(ring_mask, ring)).crop(inside)
                )
        draw_ship_joints(ImageDraw.Draw(part), view, (-box[0], -box[1]), box)
        return part.crop((wanted[0] - box[0], wanted[1] - box[1], wanted[2] - box[0], wanted[3] - box[1]))

    def closeup_alt(self, view: View) -> str:
        """What the close-up shows, in words, from the public board only (``render.capricorn.closeup``)."""
        return closeup_alt("Abandon Capricorn", closeup_where(_public(_capricorn(view))))

    def alt(self, view: View) -> str:
        """What the board (public view) or this seat's hand image shows, in words (``render.core.alt``)."""
        return image_alt("Abandon Capricorn", _capricorn(view))

    def layout(self, view: View) -> Sheet:
        """Every text and piece of the phone board (``render.capricorn.phone``), as drawn."""
        sheet = Sheet()
        draw_phone(_public(_capricorn(view)), sheet)
        return sheet

    def static(self, view: CapricornView) -> Image.Image:
        """A fresh copy of the static ship for the view's rotation, composed from the cached layers."""
        return self.ships.copy_of(rotation_key(view), lambda: self._compose(view))

    def _compose(self, view: CapricornView) -> Image.Image:
        base = self.layers.get("base", draw_base)
        rings = []
        for ring in SHIP.rotating:
            turns = view.rotation.get(ring, 0) % SHIP.marks
            layer = self.layers.get(("ring", ring, turns), partial(draw_ring_layer, base, ring, turns))
            mask = self.layers.get(("mask", ring), partial(ring_mask, ring))
            rings.append((ring, layer, mask))
        return compose_static(base, rings, view)

    def _phone(self, view: CapricornView, sheet: Sheet | None = None) -> Image.Image:
        """The phone board over its static layer (the rooms' boxes and titles, drawn once), composed from its
        sections (``compose_phone``: on the last board most like it, so only what changed is put in). A sheet
        with letter masks (``layout``) gets the whole board drawn on it."""
        if sheet is not None and not sheet.boxes_only:
            return draw_phone(view, sheet, self.layer_sheets.copy_of(self.layers, "phone", draw_phone_static, sheet))
        layer, marks, tokens = self._phone_layer()
        if sheet is not None:
            sheet.marks.extend(marks)
            sheet.tokens.extend(tokens)
        return compose_phone(view, layer, self.sections, sheet)

    def _phone_layer(self) -> tuple[Image.Image, tuple[Mark, ...], tuple[Token, ...]]:
        """The phone board's static layer itself (read only) and what it prints, measured once a process."""
        printed = self._phone_printed
        if printed is None:
            measured = Sheet(boxes_only=True)
            self.layer_sheets.copy_of(self.layers, "phone", draw_phone_static, measured)
            printed = self._phone_printed = (tuple(measured.marks), tuple(measured.tokens))
        return self.layers.get("phone", partial(draw_phone_static, None)), *printed

    def _board_image(self, key: str, public: CapricornView) -> Image.Image:
        """The board image for ``public`` (keyed ``key``), drawn once for the board and its close-up alike."""
        return self.boards.get(key, lambda: draw_board(public, self.static(public)))


RENDERER = CapricornRenderer()
