"""The Jupiter Deep renderer: the phone board, the full board, its zooms and the close-up, behind the caches.

``board`` is the portrait overview a phone reads without zooming (``render.jupiter.phone``); ``full`` the
detailed board for a desktop (below); ``zoom`` a tile and its neighbours, or the team's panel, enlarged
(``render.jupiter.zoom``); ``closeup`` the zoom of the acting robot's tile.

An image is drawn only when its view has not been drawn before (``RenderCache``, keyed by the view's JSON).
A board starts from a copy of the static layer for its tile placements (``LayerCache``): the frame, the
legend and the empty colony (tiles, bridges, domes and their names, or the dome key), which change only when
a tile self-destructs or Module Control moves one (or the docked pod moves the dome key: ``static_key``).
Pieces and texts are stamped from drawn-once sprites and masks.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PIL import Image, ImageDraw

from engine.core import View
from engine.jupiter.view import JupiterView, TileView
from render.core import Ink, LayerCache, RenderCache, encode_png, new_canvas, view_key
from render.core.alt import clipped, closeup_alt, image_alt
from render.core.changes import KEYS, marked_board, plain_board
from render.core.closeup import BOARDS_KEPT
from render.core.fonts import font
from render.core.glyphs import warm_glyphs
from render.core.layers import LayerSheets
from render.core.sheet import Sheet
from render.core.zoom import Area

from . import zoom as zooms
from .closeup import acting_robot, closeup_where, robot_tile
from .colony import TILE_ID_SIZE, colony_sheet, dome_key_corner, draw_colony_pieces, draw_colony_static, names_fit
from .layout import HEIGHT, WIDTH, Layout, Placement, layout_for
from .panel import REPORT_SIZE, draw_frame, draw_header, draw_panel, draw_result, draw_track
from .phone import HEADER_H, TEXT, draw_overview, piece_words
from .phone import WIDTH as OVERVIEW_WIDTH
from .phone import draw_static as draw_phone_static
from .phone import static_key as phone_key
from .sections import SectionCache


def _jupiter(view: View) -> JupiterView:
    if not isinstance(view, JupiterView):
        raise TypeError(f"the Jupiter Deep renderer draws a JupiterView, not a {type(view).__name__}")
    return view


def _public(view: View) -> JupiterView:
    """The view as the channel sees it (a seat's view draws the same: nothing is secret)."""
    return _jupiter(view).model_copy(update={"viewer": None, "my_seat": None})


def placements(view: JupiterView) -> tuple[Placement, ...]:
    """The tile placements of a view: what the layout and the static layer depend on."""
    return tuple(sorted((t.id, t.q, t.r, t.rotation) for t in view.tiles))


def static_key(view: JupiterView, layout: Layout) -> tuple[tuple[Placement, ...], tuple[int, int] | None]:
    """What the static layer shows: the tile placements, and the corner of the dome key when the colony is
    drawn too small to name every dome (the key keeps clear of the docked pod, so it moves with it)."""
    return layout.placements, None if names_fit(layout) else dome_key_corner(view, layout)


def draw_static(view: JupiterView, layout: Layout) -> Image.Image:
    """The frame, legend and empty colony for ``layout`` (``view`` is read only for what the layout fixes)."""
    image = new_canvas(WIDTH, HEIGHT, Ink.PAPER)
    draw = ImageDraw.Draw(image)
    draw_frame(draw)
    draw_colony_static(draw, view, layout)
    return image


def draw_board(view: JupiterView, layout: Layout, image: Image.Image) -> Image.Image:
    """The board for ``view`` drawn onto ``image`` (a copy of the static layer for ``layout``)."""
    draw = ImageDraw.Draw(image)
    draw_header(draw, view)
    draw_track(draw, view)
    draw_colony_pieces(draw, view, layout)
    draw_panel(draw, view)
    if view.phase in ("won", "lost"):
        draw_result(draw, view)
    return image


class JupiterRenderer:
    """Draws Jupiter Deep views; one instance serves every game (the caches are thread-safe)."""

    def __init__(self) -> None:
        self.cache = RenderCache()
        # Each game's colony is laid out differently, so a layer serves one game: keep the few most recently
        # played (about 0.8 MB each) rather than 32, which held 26 MB with a thousand games loaded. A game
        # has two: the detailed board's and the phone board's (``render.jupiter.phone.draw_static``, whose
        # texts ``layer_sheets`` keeps).
        self.layers = LayerCache(max_entries=16)
        self.layer_sheets = LayerSheets()
        self.zoom_layers = LayerCache(max_entries=16)  # a tile's empty surroundings at the zoom's scale (0.3 MB)
        self.zoom_names = LayerCache(max_entries=16)  # its dome names and their mask, 0.25 MB each, pasted over
        self.boards = LayerCache(max_entries=BOARDS_KEPT)  # full boards, which the team's zoom is cut from
        # the phone board's header, track, tiles, report and robots' rows, each kept by what it shows and pasted
        # (``render.jupiter.sections``): a few kilobytes each, at most 16 MB
        self.sections = SectionCache(max_entries=2048, max_bytes=16 * 1024 * 1024)
        # a zoom's tiles' pieces, kept by where each stands on its tile (at most 8 MB)
        self.zoom_sections = SectionCache(max_entries=1024, max_bytes=8 * 1024 * 1024)

    def warm(self) -> None:
        """Read ahead the glyphs of the faces Jupiter's boards print new lines in (turn reports, statuses, the
        numbers, robot rows, tile ids, the result's title): otherwise each is read inside a player's move, about
        0.1 s of CPU a face once a process (``render.core.glyphs``); about 0.25 MB kept a face."""
        faces = ((TEXT, False), (TEXT, True), (30, True), (TILE_ID_SIZE, True), (REPORT_SIZE, False))
        warm_glyphs(font(size, bold=bold) for size, bold in faces)

    def board(self, view: View) -> bytes:
        """The phone board (``render.jupiter.phone``): the turn, the colony tile by tile, the team's numbers, the
        last turns, the pod and every robot. Drawn from the public view (nothing in Jupiter Deep is secret)."""
        board_view = _public(view)
        return plain_board(self.cache, "jupiter.board", board_view, self._phone)

    def marked(self, view: View, previous: View) -> tuple[bytes, list[str]]:
        """The phone board with what changed since ``previous`` ringed (``render.core.changes``): colonists,
        creeps and robots that appeared or moved, the counts and numbers that changed; and those in words."""
        return marked_board(
            self.cache,
            "jupiter.board",
            _public(view),
            _public(previous),
            self._phone,
            steady=(0, 0, OVERVIEW_WIDTH, HEADER_H),
            name=piece_words,
        )

    def full(self, view: View) -> bytes:
        """The detailed board for a desktop: every dome, bridge and piece, the panel with every robot's cards.

        Any viewer's view may be drawn (a seat's view differs from the public one only in ``viewer`` and
        ``my_seat``, which the image does not show), and both are keyed apart in the cache.
        """
        board_view = _jupiter(view)
        key = view_key("jupiter.full", board_view)
        return self.cache.get_or_render(key, lambda: encode_png(self._board_image(key, board_view)))

    def areas(self, view: View) -> list[Area]:
        """The team's panel, then each tile with its neighbours (``render.jupiter.zoom``)."""
        return zooms.areas(_jupiter(view))

    def zoom(self, view: View, area: str) -> bytes:
        """The area enlarged: a tile and its neighbours drawn large, or the full board's panel."""
        public = _public(view)
        tile = zooms.tile_of(public, area)
        if tile is not None:  # kept by what it shows (``zooms.shown_key``): a move elsewhere finds it drawn
            return self.cache.get_or_render(
                zooms.SHOWN.key(public, tile),
                lambda: encode_png(
                    zooms.zoom_image(
                        public, area, None, self._zoom_static(public), self._zoom_names(public), self.zoom_sections
                    )
                ),
            )
        full, zoom = KEYS.keys(public, "jupiter.full", "jupiter.zoom")  # once per state, not per seat's panel
        return self.cache.get_or_render(
            f"{zoom}:{area}",
            lambda: encode_png(
                zooms.zoom_image(
                    public,
                    area,
                    lambda: self._board_image(full, public),
                    self._zoom_static(public),
                    self._zoom_names(public),
                    self.zoom_sections,
                )
            ),
        )

    def zoom_alt(self, view: View, area: str) -> str:
        """What the zoom shows, in words, all public."""
        return clipped(zooms.alt(_public(view), area))

    def zoom_layout(self, view: View, area: str) -> Sheet:
        """The zoom's texts as drawn, measured like ``layout``."""
        return zooms.zoom_sheet(_public(view), area)

    def hand(self, view: View) -> bytes | None:
        """Always ``None``: nothing in Jupiter Deep is secret, so every hand and core is on the board.

        A separate hand image would repeat the board's robot row; the player's own choices come as prompts.
        """
        _jupiter(view)
        return None

    def closeup(self, view: View) -> bytes | None:
        """The acting robot's tile and its neighbours: that tile's zoom (``render.jupiter.zoom``), every dome's
        side printed at 12 px or more on a phone; ``None`` when the game is over or the robot is not in the
        colony. The same for every viewer."""
        public = _public(view)
        if public.phase in ("won", "lost"):
            return None
        robot = acting_robot(public)
        tile = robot_tile(public, robot) if robot is not None else None
        if tile is None:
            return None
        return self.zoom(public, tile.id)

    def closeup_alt(self, view: View) -> str:
        """What the close-up shows, in words, all public (``render.jupiter.closeup``)."""
        return closeup_alt("Jupiter Deep", closeup_where(_jupiter(view)))

    def alt(self, view: View) -> str:
        """What the board (public view) or this seat's hand image shows, in words (``render.core.alt``)."""
        return image_alt("Jupiter Deep", _jupiter(view))

    def layout(self, view: View) -> Sheet:
        """Every text and piece of the phone board as drawn (``render.core.sheet``)."""
        sheet = Sheet()
        draw_overview(_public(view), sheet)
        return sheet

    def full_layout(self, view: View) -> Sheet:
        """The texts a player reads to act and where the pieces stand on the full board (``render.core.sheet``)."""
        board_view = _jupiter(view)
        sheet = colony_sheet(board_view, layout_for(placements(board_view)))
        draw = ImageDraw.Draw(new_canvas(WIDTH, HEIGHT, Ink.PAPER))
        draw_track(draw, board_view, sheet)  # notes the track's key
        draw_panel(draw, board_view, sheet)  # notes the panel's texts
        return sheet

    def _zoom_static(self, view: JupiterView) -> Callable[[TileView], Image.Image]:
        """A copy of the empty colony around a tile at the zoom's scale, drawn once per tile and layout (without
        the domes' names: ``_zoom_names`` pastes them over the pieces)."""

        def static(tile: TileView) -> Image.Image:
            return self.zoom_layers.copy_of(
                (placements(view), tile.id), lambda: zooms.tile_static(view, tile, names=False)
            )

        return static

    def _zoom_names(self, view: JupiterView) -> Callable[[TileView], zooms.Names]:
        """The dome names around a tile at the zoom's scale and their mask, drawn once per tile and layout (read
        only: pasted through the mask)."""

        def names(tile: TileView) -> zooms.Names:
            key = (placements(view), tile.id)
            made: list[zooms.Names] = []  # both kept from one drawing (the mask is not made twice)

            def drawing() -> Image.Image:
                made.append(zooms.tile_names(view, tile))
                return made[0][0]

            drawn = self.zoom_names.get(key, drawing)
            covered = self.zoom_names.get((*key, "mask"), lambda: made[0][1] if made else zooms.covered_by(drawn))
            return drawn, covered

        return names

    def _phone(self, view: JupiterView, sheet: Sheet | None = None) -> Image.Image:
        """The phone board over a copy of its static layer for the colony's shape (drawn once per shape)."""
        shape = phone_key(view)
        base = self.layer_sheets.copy_of(self.layers, ("phone", shape), partial(draw_phone_static, shape), sheet)
        return draw_overview(view, sheet, base, self.sections)

    def _board_image(self, key: str, view: JupiterView) -> Image.Image:
        """The board image for ``view`` (keyed ``key``), drawn once for the board and its close-up alike."""
        return self.boards.get(key, lambda: self._draw(view))

    def _draw(self, view: JupiterView) -> Image.Image:
        layout = layout_for(placements(view))
        base = self.layers.copy_of(static_key(view, layout), lambda: draw_static(view, layout))
        return draw_board(view, layout, base)


RENDERER = JupiterRenderer()
