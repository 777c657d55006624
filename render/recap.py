"""A game's recap: its public boards, turn by turn, as one animated GIF.

**Why GIF and not animated WebP.** Discord plays an attached animated GIF inline on every client (desktop, web,
Android, iOS). Animated WebP is smaller, but Discord's clients have not agreed on it: some show only its first
frame, and a picture that does not move on half of the table's phones is no recap. GIF it is; its 256 colours
cost nothing here, because every board is drawn on one fixed palette already (``render.core.palette``).

**Readable on a phone.** A frame is a phone board, drawn for the phone's measure (``render.core.zoom``): its
display size does not depend on its pixel width, so frames keep their width. What keeps the file under
Discord's limit is the number of frames: a long game shows at most ``MAX_FRAMES`` of its turns (the first and
the last always among them), fewer again if the file is still too large, and only as a last resort are frames
scaled down (never below ``SMALLEST_SCALE``). The GIF encoder stores only what changed from one frame to the
next, so a board where one piece moved costs little.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence

from PIL import Image

MAX_BYTES = 7_500_000
"""Under Discord's 8 MB for a bot's attachment on any server, with room for the message around it."""

MAX_FRAMES = 24
"""Frames shown at most: a long game's recap skips evenly between turns rather than playing for minutes."""

FRAME_MS = 900
"""How long each turn stays on screen: long enough to see what moved."""

LAST_FRAME_MS = 4000
"""The final board stays longer: it is how the game ended."""

SMALLEST_SCALE = 0.5
"""Frames are never scaled below half their width: the board's texts would blur."""


def sampled(count: int, limit: int = MAX_FRAMES) -> list[int]:
    """Which of ``count`` frames to show when at most ``limit`` fit: evenly spread, the first and last kept.

    >>> sampled(5, 3)
    [0, 2, 4]
    """
    if count <= limit:
        return list(range(count))
    if limit <= 1:
        return [count - 1]
    step = (count - 1) / (limit - 1)
    return sorted({round(i * step) for i in range(limit)})


def animate(
    draw: Callable[[int], bytes], count: int, *, max_bytes: int = MAX_BYTES, max_frames: int = MAX_FRAMES
) -> bytes:
    """The recap of ``count`` boards as an animated GIF under ``max_bytes``; ``draw(i)`` is board ``i`` as PNG.

    Boards are drawn only for the frames shown, and each at most once, whatever retries the size needs.
    """
    if count < 1:
        raise ValueError("A recap needs at least one board.")
    drawn: dict[int, Image.Image] = {}

    def board(i: int) -> Image.Image:
        if i not in drawn:
            image = Image.open(io.BytesIO(draw(i)))
            image.load()
            drawn[i] = image
        return drawn[i]

    limit, scale = max_frames, 1.0
    while True:
        frames = [board(i) for i in sampled(count, limit)]
        data = encode(frames, scale)
        if len(data) <= max_bytes:
            return data
        if limit > 2:
            limit = max(2, limit // 2)
        elif scale > SMALLEST_SCALE:
            scale = max(SMALLEST_SCALE, scale * 0.75)
        else:
            return encode(frames[-1:], scale)  # the final board alone: still the game's result


def encode(frames: Sequence[Image.Image], scale: float = 1.0) -> bytes:
    """``frames`` as one looping GIF, each ``FRAME_MS`` and the last ``LAST_FRAME_MS``, at ``scale``."""
    width = max(f.width for f in frames)
    height = max(f.height for f in frames)
    size = (max(1, round(width * scale)), max(1, round(height * scale)))
    ready = [_fitted(f, (width, height), size) for f in frames]
    durations = [FRAME_MS] * (len(ready) - 1) + [LAST_FRAME_MS]
    out = io.BytesIO()
    ready[0].save(
        out,
        format="GIF",
        save_all=True,
        append_images=ready[1:],
        duration=durations,
        loop=0,
        disposal=1,  # each frame is drawn over the last: only the changed part is stored
        optimize=False,
    )
    return out.getvalue()


def _fitted(frame: Image.Image, canvas: tuple[int, int], size: tuple[int, int]) -> Image.Image:
    """``frame`` on a canvas of the largest frame's size (boards of one game grow little, if at all), scaled to
    ``size``; kept on its palette unless it is scaled, so the encoder does not quantise it again."""
    if frame.size != canvas:
        frame = _padded(frame, canvas)
    if size != canvas:
        frame = frame.convert("RGB").resize(size, Image.Resampling.LANCZOS)
    if frame.mode not in ("P", "L"):
        frame = frame.quantize(colors=256, method=Image.Quantize.MEDIANCUT)
    return frame


WHITE = (255, 255, 255)


def _padded(frame: Image.Image, canvas: tuple[int, int]) -> Image.Image:
    """``frame`` at the top left of a white canvas of size ``canvas``, on the frame's own palette when white is in
    it (every board's is: ``render.core.palette``). Padding in RGB made the encoder quantise the frame again, about
    130 ms a Jupiter board, whose height changes with the game: most of its recap's second of drawing."""
    palette = (frame.getpalette() if frame.mode == "P" and "transparency" not in frame.info else None) or []
    colours = [tuple(palette[i : i + 3]) for i in range(0, len(palette), 3)]
    if WHITE not in colours:
        padded = Image.new("RGB", canvas, WHITE)
        padded.paste(frame.convert("RGB"), (0, 0))
        return padded
    padded = Image.new("P", canvas, colours.index(WHITE))
    padded.putpalette(palette)
    padded.paste(frame, (0, 0))
    return padded
