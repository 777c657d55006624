"""Where everything sits on the ¡Abordaje! board image, computed once per set of ship-deck cards.

The board is read like the table: the pirate ship across the top, the Spanish ship across the bottom, both
with the prow (card 1) on the left, and the orders placed on each ship-deck card in the band between them.
A column is one ship-deck card; its number sits in the middle of the band. Side panels on the left carry
each side's numbers next to that side's ship. Only the card numbers change the geometry (basic: 1 2 4 5,
advanced: 1–5), so the layout and the static layer are keyed by them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine.abordaje.view import Side
from render.core import Box

WIDTH, HEIGHT = 1280, 800

HEADER: Box = (0, 0, WIDTH, 66)
LEGEND: Box = (0, 744, WIDTH, HEIGHT)

PANEL_X0, PANEL_X1 = 12, 256
BOARD_X0, BOARD_X1 = 268, 1268
PROW = 46  # how far the pointed prow reaches into the board before the first deck
COLUMN_GAP = 8

PIRATE_ROW = (74, 318)  # y range of the pirate hull
BAND = (324, 490)  # y range of the order band between the ships
SPANISH_ROW = (496, 740)  # y range of the Spanish hull
DECK_INSET = 12  # hull outline to deck cell
SLOT_HEIGHT = 56
SLOT_INSET = 6


@dataclass(frozen=True)
class Column:
    """One ship-deck card's boxes: its deck on each ship, its two order slots and its number."""

    number: int
    pirate_deck: Box
    spanish_deck: Box
    pirate_slot: Box
    spanish_slot: Box
    number_centre: tuple[int, int]
    band: Box  # the whole column of the band, for highlights

    def deck(self, ship: Side) -> Box:
        return self.pirate_deck if ship == "pirate" else self.spanish_deck

    def slot(self, side: Side) -> Box:
        return self.pirate_slot if side == "pirate" else self.spanish_slot


@dataclass(frozen=True)
class Layout:
    """Every box of one board, for one tuple of ship-deck card numbers."""

    numbers: tuple[int, ...]
    columns: tuple[Column, ...]

    def column(self, number: int) -> Column:
        for col in self.columns:
            if col.number == number:
                return col
        raise KeyError(f"card {number} is not on this board")

    @property
    def pirate_panel(self) -> Box:
        return (PANEL_X0, PIRATE_ROW[0], PANEL_X1, PIRATE_ROW[1])

    @property
    def spanish_panel(self) -> Box:
        return (PANEL_X0, SPANISH_ROW[0], PANEL_X1, SPANISH_ROW[1])

    @property
    def turn_panel(self) -> Box:
        return (PANEL_X0, BAND[0], PANEL_X1, BAND[1])

    def panel(self, side: Side) -> Box:
        return self.pirate_panel if side == "pirate" else self.spanish_panel

    @staticmethod
    def hull(ship: Side) -> list[tuple[float, float]]:
        """The hull outline of one ship: pointed at the prow (left), square at the stern (right)."""
        top, bottom = PIRATE_ROW if ship == "pirate" else SPANISH_ROW
        mid = (top + bottom) / 2
        return [
            (BOARD_X0, mid),
            (BOARD_X0 + PROW, top),
            (BOARD_X1, top),
            (BOARD_X1, bottom),
            (BOARD_X0 + PROW, bottom),
        ]

    @staticmethod
    def slot_letter_centre(side: Side) -> tuple[int, int]:
        """Where the side letter labelling a row of order slots goes (inside the prow gap of the band)."""
        top, bottom = BAND
        offset = SLOT_INSET + SLOT_HEIGHT // 2
        return (BOARD_X0 + PROW // 2, top + offset if side == "pirate" else bottom - offset)


@lru_cache(maxsize=8)
def layout_for(numbers: tuple[int, ...]) -> Layout:
    """The columns for these ship-deck cards, spread evenly between the prow and the stern."""
    x0, x1 = BOARD_X0 + PROW, BOARD_X1 - DECK_INSET
    count = max(len(numbers), 1)
    width = (x1 - x0 - COLUMN_GAP * (count - 1)) // count
    columns = []
    for i, number in enumerate(numbers):
        left = x0 + i * (width + COLUMN_GAP)
        right = left + width
        band_top, band_bottom = BAND
        columns.append(
            Column(
                number=number,
                pirate_deck=(left, PIRATE_ROW[0] + DECK_INSET, right, PIRATE_ROW[1] - DECK_INSET),
                spanish_deck=(left, SPANISH_ROW[0] + DECK_INSET, right, SPANISH_ROW[1] - DECK_INSET),
                pirate_slot=(
                    left + SLOT_INSET,
                    band_top + SLOT_INSET,
                    right - SLOT_INSET,
                    band_top + SLOT_INSET + SLOT_HEIGHT,
                ),
                spanish_slot=(
                    left + SLOT_INSET,
                    band_bottom - SLOT_INSET - SLOT_HEIGHT,
                    right - SLOT_INSET,
                    band_bottom - SLOT_INSET,
                ),
                number_centre=((left + right) // 2, (band_top + band_bottom) // 2),
                band=(left, band_top, right, band_bottom),
            )
        )
    return Layout(numbers=numbers, columns=tuple(columns))
