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
    text,
    text_width,
    wrap,
)
from .fonts import Font, font
from .layers import LayerCache
from .palette import RGB, Ink, palette_bytes
from .png import encode_png
from .stamps import SPRITES, SpriteCache, Stamp, stamp_text, text_stamp

__all__ = [
    "RGB",
    "SPRITES",
    "Box",
    "Font",
    "Ink",
    "LayerCache",
    "RenderCache",
    "SpriteCache",
    "Stamp",
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
    "stamp_text",
    "star_points",
    "text",
    "text_stamp",
    "text_width",
    "view_key",
    "wrap",
]
