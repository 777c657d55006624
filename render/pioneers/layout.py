"""Where things sit on the Cosmic Pioneers board (1280 x 830, landscape).

Eight columns of sector boxes: the top row holds slots 0..7 left to right, the bottom row the rest right to
left, so the ring reads as a racetrack. Spots sit in rows of four cells inside a box. The player strip runs
along the bottom.
"""

from __future__ import annotations

WIDTH = 1280
HEIGHT = 830
HEADER = 60
COLUMNS = 8
GAP = 6
BOX_W = (WIDTH - GAP * (COLUMNS + 1)) // COLUMNS
BOX_H = 280
ROW_Y = (HEADER, HEADER + BOX_H + GAP)
STRIP_Y = HEADER + 2 * BOX_H + 2 * GAP + 4
INFO_Y = STRIP_Y + 4 * 36 + 2  # the supply, discards and draft pool line
CELL = 34
CELLS_PER_ROW = 4
SPOTS_Y = 72  # the first row of spot numbers, below the box top
PIECES_Y = 190  # goods and ships, below the box top
TABLE_Y = 228  # the adventure table, below the box top


def box_of(slot: int, size: int) -> tuple[int, int, int, int]:
    """The box of ring slot ``slot`` on a ring of ``size`` sectors."""
    if slot < COLUMNS:
        column, row = slot, 0
    else:
        column, row = COLUMNS - 1 - (slot - COLUMNS), 1
    x0 = GAP + column * (BOX_W + GAP)
    y0 = ROW_Y[row]
    return x0, y0, x0 + BOX_W, y0 + BOX_H


def legend_box(size: int) -> tuple[int, int, int, int]:
    """The free space left of the bottom row (the legend goes there)."""
    used = size - COLUMNS
    right = GAP + (COLUMNS - used) * (BOX_W + GAP) - GAP
    return GAP, ROW_Y[1], right, ROW_Y[1] + BOX_H


def spot_xy(box: tuple[int, int, int, int], index: int) -> tuple[int, int]:
    """The centre of spot ``index`` (0-based, left to right in rows of four)."""
    x0, y0, _, _ = box
    row, column = divmod(index, CELLS_PER_ROW)
    pad = (BOX_W - CELLS_PER_ROW * CELL - (CELLS_PER_ROW - 1) * 4) // 2
    return x0 + pad + column * (CELL + 4) + CELL // 2, y0 + SPOTS_Y + 16 + row * (CELL + 22) + CELL // 2
