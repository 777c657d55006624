"""What every game's renderer shares: palette, fonts, canvas helpers, static layers, PNG, image cache."""

from .cache import RenderCache, view_key
from .canvas import (
    Box,
    arrow,
    dashed_box,
    disc,
    fitted,
    hatch,
    label,
    new_canvas,
    polygon,
    rounded,
    star_points,
    text_width,
    wrap,
)
from .fonts import Font, font
from .layers import LayerCache
from .palette import RGB, Ink, palette_bytes
from .png import encode_png

__all__ = [
    "RGB",
    "Box",
    "Font",
    "Ink",
    "LayerCache",
    "RenderCache",
    "arrow",
    "dashed_box",
    "disc",
    "encode_png",
    "fitted",
    "font",
    "hatch",
    "label",
    "new_canvas",
    "palette_bytes",
    "polygon",
    "rounded",
    "star_points",
    "text_width",
    "view_key",
    "wrap",
]
