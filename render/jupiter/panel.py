"""Everything around the colony: the header, the team's numbers, every robot's cards, the legend, the result.

Nothing in Jupiter Deep is secret, so the panel shows every hand and core by name; only the deck's order is
hidden, and the view gives just its size. The colonist bar is the team's scoreboard: saved, aboard the pod,
on the colony and lost, against the rescue target (28, or every colonist with Ultimate Heroes), so "can we
still win" reads at a glance.
"""

from __future__ import annotations

from PIL import ImageDraw

from engine.core.words import count as counted
from engine.jupiter.catalog import CATALOG
from engine.jupiter.view import JupiterView, ReportView, RobotView, Stage
from render.core import Box, Ink, fitted, font, label, rounded, text, text_width, wrap
from render.core.canvas import shortened as _clip
from render.core.sheet import MIN_TEXT, Sheet, say

from .layout import COLONY, HEADER, LEGEND, PANEL, TRACK, WIDTH
from .pieces import COLONIST_INK, active_ring, colonist, creep, die, power_plant, radar_dish, robot, super_creep

SAVED_INK = Ink.GREEN
POD_INK = Ink.BLUE
LOST_INK = Ink.GREY
OPTION_NAMES: dict[str, str] = {
    "robot_vulnerability": "robot vulnerability",
    "fast_creeps": "fast creeps",
    "ultimate_heroes": "ultimate heroes",
    "polite_colonists": "polite colonists",
}


def card_name(key: str) -> str:
    """A Rescue card's printed name (the key itself if the data no longer has it)."""
    return CATALOG.card_name(key) if key in CATALOG.cards else key


def robot_title(info: RobotView) -> str:
    """``Red robot``."""
    return f"{info.colour.capitalize()} robot"


def _width(words: str, size: int, *, bold: bool = False) -> int:
    return text_width(words, font(size, bold=bold))


# ---------------------------------------------------------------------------------------------- static parts


def draw_frame(draw: ImageDraw.ImageDraw) -> None:
    """The header band, the panel's section frames and captions, and the legend: the same for every game."""
    draw.rectangle(HEADER, fill=int(Ink.BLACK))
    label(draw, (16, HEADER[3] // 2), "Jupiter Deep", 28, Ink.WHITE, bold=True, anchor="lm")
    _legend(draw)


def _legend(draw: ImageDraw.ImageDraw) -> None:
    """One line naming every mark on the colony, each beside the mark itself."""
    x0, y0, _, y1 = LEGEND
    draw.rectangle(LEGEND, fill=int(Ink.PAPER))
    y = (y0 + y1) // 2
    x = x0 + 10
    size = 14

    def caption(words: str) -> None:
        nonlocal x
        label(draw, (x, y), words, size, Ink.CHARCOAL, anchor="lm")
        x += _width(words, size) + 12

    colonist(draw, (x + 10, y), 10)
    x += 24
    caption("colonist")
    creep(draw, (x + 12, y), 12)
    x += 28
    caption("creep")
    super_creep(draw, (x + 12, y), 12)
    x += 28
    caption("super creep")
    robot(draw, (x + 11, y), "white", "W", 10)
    x += 26
    caption("robot")
    power_plant(draw, (x + 11, y), 11)
    x += 26
    caption("plant")
    radar_dish(draw, (x + 11, y), 11)
    x += 26
    caption("dish")
    die(draw, (x + 10, y), 3, 10)
    x += 24
    caption("module (die)")
    label(draw, (x, y), "T07.NE", 14, Ink.BLACK, bold=True, anchor="lm")
    x += _width("T07.NE", 14, bold=True) + 6
    caption("= dome for /act")


# ---------------------------------------------------------------------------------------------- header


def draw_header(draw: ImageDraw.ImageDraw, view: JupiterView) -> None:
    """Turn, what the game waits for, and the alternate rules in play."""
    y = HEADER[3] // 2
    x = 16 + _width("Jupiter Deep", 28, bold=True) + 24
    label(draw, (x, y), f"Turn {view.turn}", 24, Ink.WHITE, bold=True, anchor="lm")
    x += _width(f"Turn {view.turn}", 24, bold=True) + 20
    status = _status(view)
    ink = Ink.YELLOW if view.phase not in ("won", "lost") else (Ink.GREEN if view.phase == "won" else Ink.ORANGE)
    right = WIDTH - 14
    badges = [OPTION_NAMES.get(k, k.replace("_", " ")) for k, on in view.options.items() if on]
    badge_x = right
    for words in reversed(badges):
        width = _width(words, 14, bold=True) + 14
        rounded(draw, (badge_x - width, y - 12, badge_x, y + 12), Ink.SKY, None, radius=6)
        label(draw, (badge_x - width // 2, y), words, 14, Ink.BLACK, bold=True, anchor="mm")
        badge_x -= width + 6
    face = fitted(status, badge_x - x - 10, 22, bold=True, smallest=MIN_TEXT)
    lines = wrap(status, face, badge_x - x - 10)
    if len(lines) > 2:  # the header holds two lines at 14 px: a longer sentence ends in "…"
        lines = [lines[0], wrap(" ".join(lines[1:]), face, badge_x - x - 30)[0] + "…"]
    for i, line in enumerate(lines):
        text(draw, (x, y + (i * 2 - len(lines) + 1) * 10), line, face, ink, anchor="lm")


def _status(view: JupiterView) -> str:
    """What the game waits on: the engine's own sentence when the view has it (older views do not)."""
    if view.waiting_for and view.phase not in ("won", "lost"):
        return view.waiting_for[:1].upper() + view.waiting_for[1:]
    return _old_status(view)


def _old_status(view: JupiterView) -> str:
    robots = {r.seat: r for r in view.robots}
    active = robot_title(robots[view.active]) if view.active in robots else f"Seat {view.active}"
    if view.phase == "core":
        return "Every robot chooses its core ability"
    if view.phase == "first":
        return "Choosing the first robot"
    if view.phase in ("dock", "start"):
        return f"{active} docks the pod"
    if view.phase == "actions":
        return f"{active}: {view.actions_left} of {view.actions_per_turn} actions left"
    if view.phase == "end":
        return f"{active}: end of turn (conversion, invasion, draw)"
    if view.phase == "won":
        return "The colony is saved!"
    return "The colony is lost"


# ---------------------------------------------------------------------------------------------- the track

STEP_NAMES: dict[Stage, str] = {
    "start": "Dock pod",
    "actions": "Actions",
    "conversion": "Conversion",
    "invasion": "Invasion",
    "draw": "Draw",
    "setback": "Setback!",
    "discard": "Hand limit",
}


def track_steps(view: JupiterView) -> list[tuple[str, str]]:
    """The chips of the turn track as ``(words, state)``: ``done``, ``now``, ``next`` or ``alert`` (a setback
    being resolved). Docking at the start shows only when it happens; a setback replaces the Draw chip."""
    steps: list[Stage] = [s for s in view.turn_steps if s != "start" or view.turn_stage == "start"]
    stage = view.turn_stage
    if stage == "setup":
        return [("Setup: cores, first robot, docking", "now"), *((STEP_NAMES[s], "next") for s in steps)]
    if stage == "over":  # the game may have ended at any step: the header and the banner say how
        return [("Game over", "now")]
    current: Stage = "draw" if stage == "setback" else stage
    if current not in steps:
        return [(STEP_NAMES[s], "next") for s in steps]
    at = steps.index(current)
    chips = []
    for i, step in enumerate(steps):
        words = STEP_NAMES[step]
        if step == "draw" and (stage == "setback" or (i < at and view.setback is not None)):
            words = STEP_NAMES["setback"]
        if i < at:
            chips.append((words, "done"))
        elif i == at:
            chips.append((words, "alert" if stage == "setback" else "now"))
        else:
            chips.append((words, "next"))
    return chips


def draw_track(draw: ImageDraw.ImageDraw, view: JupiterView, sheet: Sheet | None = None) -> None:
    """The turn's steps left to right, the current one lit (a setback in vermillion), with a key to the tile
    marks on the right (they change each turn, so they are explained where the eye already is; the key's
    texts are noted on ``sheet`` when one is given)."""
    x0, y0, x1, y1 = TRACK
    draw.rectangle(TRACK, fill=int(Ink.MIST))
    draw.line([(x0, y1 - 1), (x1, y1 - 1)], fill=int(Ink.SILVER), width=1)
    y = (y0 + y1) // 2
    x = x0 + 10
    size = 15
    for i, (words, state) in enumerate(track_steps(view)):
        if i:
            label(draw, (x + 2, y), "›", 20, Ink.GREY, bold=True, anchor="lm")
            x += 14
        shown = ("✓ " + words) if state == "done" else words
        width = _width(shown, size, bold=True) + 16
        fill, ink, outline = {
            "done": (Ink.MIST, Ink.GREY, Ink.SILVER),
            "now": (Ink.ORANGE, Ink.BLACK, Ink.BLACK),
            "alert": (Ink.VERMILLION, Ink.WHITE, Ink.BLACK),
            "next": (Ink.WHITE, Ink.CHARCOAL, Ink.SILVER),
        }[state]
        rounded(
            draw, (x, y - 13, x + width, y + 13), fill, outline, radius=7, width=2 if state in ("now", "alert") else 1
        )
        label(draw, (x + width // 2, y), shown, size, ink, bold=True, anchor="mm")
        x += width + 4
    right = x1 - 10
    tag = _width("tile", MIN_TEXT, bold=True) + 10
    for words, fill, ink in (("suppressed", Ink.BLUE, Ink.WHITE), ("creeps rose", Ink.ORANGE, Ink.BLACK)):
        caption = _width(words, MIN_TEXT)
        left = right - caption - 6 - tag
        if left < x + 10:  # only whole entries, and never over the chips
            break
        say(draw, sheet, (right, y), words, font(MIN_TEXT), Ink.CHARCOAL, "rm")
        rounded(draw, (left, y - 12, left + tag, y + 12), fill, Ink.BLACK, radius=4, width=1)
        say(draw, sheet, (left + tag // 2, y), "tile", font(MIN_TEXT, bold=True), ink, "mm")
        right = left - 14


# ---------------------------------------------------------------------------------------------- the panel


def draw_panel(draw: ImageDraw.ImageDraw, view: JupiterView, sheet: Sheet | None = None) -> None:
    """The team's numbers, the turn's numbers and every robot, top to bottom (the robots' texts a player reads,
    their tags and cards, noted on ``sheet`` when one is given: ``render.core.sheet``)."""
    x0, y0, x1, y1 = PANEL
    y = _rescue(draw, view, (x0, y0, x1, y0 + 104), sheet)
    y = _turn(draw, view, (x0, y + 8, x1, y + 8 + 112), sheet)
    height = min(REPORT_MOST, max(REPORT_LEAST, y1 - y - 16 - ROBOT_ROW * len(view.robots)))
    y = _report(draw, view, (x0, y + 8, x1, y + 8 + height), sheet)
    _robots(draw, view, (x0, y + 8, x1, y1), sheet)


def _rescue(draw: ImageDraw.ImageDraw, view: JupiterView, box: Box, sheet: Sheet | None) -> int:
    """Saved out of the target, and a bar of every colonist placed: saved, in the pod, on the colony, lost."""
    x0, y0, x1, y1 = box
    rounded(draw, box, Ink.WHITE, Ink.SILVER, radius=10, width=2)
    label(draw, (x0 + 12, y0 + 8), "SAVED", 15, Ink.CHARCOAL, bold=True)
    label(draw, (x0 + 12, y0 + 26), f"{view.saved}/{view.needed}", 34, Ink.BLACK, bold=True)
    savable = view.saved + view.living
    ok = savable >= view.needed
    lines = (
        f"still savable {savable}" + (" ✓" if ok else " ✗"),
        f"on colony {view.living - view.pod.colonists} · pod {view.pod.colonists} · lost {view.lost}",
    )
    right = x1 - 12
    label(draw, (right, y0 + 18), lines[0], 20, Ink.BLACK if ok else Ink.VERMILLION, bold=True, anchor="rm")
    label(draw, (right, y0 + 44), lines[1], 15, Ink.CHARCOAL, anchor="rm")
    total = max(view.placed, view.saved + view.living + view.lost, view.needed, 1)
    bar = (x0 + 12, y0 + 70, x1 - 12, y0 + 92)
    width = bar[2] - bar[0]
    on_colony = view.living - view.pod.colonists
    segments = (
        (view.saved, SAVED_INK),
        (view.pod.colonists, POD_INK),
        (on_colony, COLONIST_INK),
        (view.lost, LOST_INK),
    )
    draw.rectangle(bar, fill=int(Ink.MIST), outline=int(Ink.CHARCOAL), width=1)
    start = 0
    for count, ink in segments:
        if count <= 0:
            continue
        left = bar[0] + round(width * start / total)
        right_px = bar[0] + round(width * (start + count) / total)
        draw.rectangle((left, bar[1], right_px, bar[3]), fill=int(ink), outline=int(Ink.CHARCOAL), width=1)
        start += count
    for i in range(1, total):
        tick = bar[0] + round(width * i / total)
        draw.line([(tick, bar[3] - 5), (tick, bar[3])], fill=int(Ink.CHARCOAL), width=1)
    target = bar[0] + round(width * view.needed / total)
    draw.line([(target, bar[1] - 6), (target, bar[3] + 6)], fill=int(Ink.BLACK), width=4)
    needed, face = str(view.needed), font(MIN_TEXT, bold=True)
    if target + 6 + text_width(needed, face) <= x1 - 8:  # right of the mark, or left of it at the bar's end
        say(draw, sheet, (target + 6, bar[1] - 1), needed, face, Ink.BLACK, "ld")
    else:
        say(draw, sheet, (target - 6, bar[1] - 1), needed, face, Ink.BLACK, "rd")
    return y1


def _stat_cells(box: Box, columns: int, rows: int) -> list[Box]:
    x0, y0, x1, _ = box
    width = (x1 - x0 - 8 * (columns + 1)) // columns
    return [
        (x0 + 8 + c * (width + 8), y0 + 8 + r * 50, x0 + 8 + c * (width + 8) + width, y0 + 8 + r * 50 + 44)
        for r in range(rows)
        for c in range(columns)
    ]


def _turn(draw: ImageDraw.ImageDraw, view: JupiterView, box: Box, sheet: Sheet | None) -> int:
    """The turn's numbers: actions, hand limit, deck, discard, creeps and the invasion die."""
    _, _, _, y1 = box
    rounded(draw, box, Ink.WHITE, Ink.SILVER, radius=10, width=2)
    playing = view.phase == "actions"
    actions = f"{view.actions_left}/{view.actions_per_turn}" if playing else f"–/{view.actions_per_turn}"
    stats: list[tuple[str, str]] = [
        ("actions left" if playing else "actions/turn", actions),
        ("hand limit", str(view.hand_limit)),
        ("creeps", f"{view.creeps_on_board}/{view.creep_markers}"),
        ("deck", str(view.deck_size)),
        ("discard", str(len(view.discard))),
        ("invasion die", ""),
    ]
    cells = _stat_cells(box, 3, 2)
    for (caption, value), cell in zip(stats, cells, strict=True):
        alert = (caption == "hand limit" and view.hand_limit < CATALOG.numbers.hand_limit) or (
            caption.startswith("action") and view.dish_jammed
        )
        rounded(draw, cell, Ink.VERMILLION_TINT if alert else Ink.PAPER, Ink.SILVER, radius=6, width=1)
        say(draw, sheet, (cell[0] + 8, cell[1] + 4), caption, font(MIN_TEXT), Ink.CHARCOAL, "la")
        if value:
            face = fitted(value, cell[2] - cell[0] - 12, 26, bold=True, smallest=16)
            text(draw, (cell[2] - 8, cell[3] - 3), value, face, Ink.BLACK, anchor="rd")
    die_cell = cells[5]
    if view.roll is not None:
        die(draw, (die_cell[2] - 24, (die_cell[1] + die_cell[3]) // 2 + 4), view.roll, 15, lit=True)
    else:
        label(draw, (die_cell[2] - 8, die_cell[3] - 3), "–", 28, Ink.GREY, bold=True, anchor="rd")
    return y1


REPORT_LEAST, REPORT_MOST = 150, 260  # the report takes what the robots' rows leave, within these
ROBOT_ROW = 72  # the height a robot's row keeps (seven robots squeeze below it)
REPORT_SIZE = 14
REPORT_LINE = 17
Section = tuple[str, Ink, Ink, str]
"""One part of the report: its tag, the tag's fill and text inks, and its words."""


def report_body(report: ReportView, *, setback: bool = True, invaded: bool = True) -> str:
    """What one turn's end did, in words (the tag in front says which turn); ``setback=False`` leaves out the
    setback when the report box already shows it above, ``invaded=False`` says the creeps have not come yet."""
    parts = []
    if report.roll is not None:
        parts.append(f"rolled {report.roll}")
    if report.suppressed:
        parts.append("Suppressant on " + ", ".join(report.suppressed))
    if report.invaded:
        parts.append("creeps rose on " + ", ".join(report.invaded))
    elif report.roll is not None and invaded:
        parts.append("no creep rose")
    if report.destroyed:
        parts.append(", ".join(report.destroyed) + " SELF-DESTRUCTED")
    if report.setback is not None:
        if setback:
            parts.append(f"setback {card_name(report.setback)}: {report.setback_effect}")
    elif report.drew is not None:
        parts.append(f"drew {card_name(report.drew)}")
    return "; ".join(parts) if parts else "nothing yet"


def report_sections(view: JupiterView) -> list[Section]:
    """The report box top to bottom: the setback now, the super creeps' lasting effects, this turn's end so far,
    the last turn's end, then the rest of the situation (cards in force, the pod, lost tiles)."""
    sections: list[Section] = []
    shown = view.setback is not None and view.phase != "actions"
    if shown and view.setback is not None:
        words = f"{card_name(view.setback)}" + (" (resolving)" if view.setback_pending else "")
        sections.append(("SETBACK", Ink.VERMILLION, Ink.WHITE, f"{words}: {view.setback_effect}"))
    for effect in view.lasting:
        sections.append(("IN EFFECT", Ink.VERMILLION_TINT, Ink.BLACK, effect))
    if view.this_turn is not None:
        destroyed = list(dict.fromkeys(view.this_turn.destroyed + view.destroyed_this_turn))
        report = view.this_turn.model_copy(update={"destroyed": destroyed})
        settled = view.turn_stage not in ("conversion", "invasion")
        sections.append(("THIS TURN", Ink.ORANGE, Ink.BLACK, report_body(report, setback=not shown, invaded=settled)))
    elif view.destroyed_this_turn:
        sections.append(("THIS TURN", Ink.ORANGE, Ink.BLACK, ", ".join(view.destroyed_this_turn) + " SELF-DESTRUCTED"))
    last = view.last_turn
    if last is not None:
        tag = f"TURN {last.turn}"
        sections.append((tag, Ink.SILVER, Ink.BLACK, f"{last.colour}: {report_body(last)}"))
    notes = _notes(view)
    if notes:
        sections.append(("", Ink.WHITE, Ink.BLACK, " · ".join(notes)))
    return sections


def _report(draw: ImageDraw.ImageDraw, view: JupiterView, box: Box, sheet: Sheet | None) -> int:
    """What happened and what is in force, one tagged section after another, wrapped to the box; the last
    lines give way when everything does not fit (the most urgent sections come first)."""
    x0, y0, x1, y1 = box
    rounded(draw, box, Ink.WHITE, Ink.SILVER, radius=10, width=2)
    face = font(REPORT_SIZE)
    y = y0 + 8
    for tag, fill, ink, words in report_sections(view):
        left = x0 + 10
        if tag:
            width = _width(tag, TAG_SIZE, bold=True) + 10
            rounded(draw, (left, y - 1, left + width, y + REPORT_LINE), fill, Ink.CHARCOAL, radius=4, width=1)
            say(draw, sheet, (left + width // 2, y + REPORT_LINE // 2), tag, font(TAG_SIZE, bold=True), ink, "mm")
            left += width + 6
        lines = wrap(words, face, x1 - 10 - left)
        for line in lines:
            if y + REPORT_LINE > y1 - 4:
                return y1
            text(draw, (left, y), line, face, Ink.BLACK)
            y += REPORT_LINE
            left = x0 + 10 if not tag else left
        y += 2
    return y1


def _notes(view: JupiterView) -> list[str]:
    """The turn's situation in words: dish jammed, cards in force, invasion targets, the pod, lost tiles."""
    notes: list[str] = []
    if view.dish_jammed:
        notes.append(f"radar jammed: {view.actions_per_turn} actions")
    if view.in_force:
        notes.append("in force: " + ", ".join(card_name(k) for k in view.in_force))
    if view.roll is not None and view.invading:
        what = "every tile with a creep" if view.roll == 6 else f"module {view.roll} edge tiles"
        notes.append(f"rolled {view.roll}: {what}")
    if view.invading:
        notes.append("creeps coming to " + ", ".join(view.invading))
    pod = view.pod
    if pod.docked_at is None:
        away = f"pod away ({counted(pod.launches, 'launch', 'launches')} so far)"
        notes.append(away if pod.launches else "pod not docked yet")
    else:
        notes.append(f"pod docked at {pod.docked_at}")
    if view.destroyed:
        notes.append("destroyed: " + ", ".join(view.destroyed))
    notes.append(f"{view.out_of_game} out of the game")
    return notes


def _robots(draw: ImageDraw.ImageDraw, view: JupiterView, box: Box, sheet: Sheet | None) -> None:
    """One row per robot: pawn, where it is, its core and its hand by name."""
    x0, y0, x1, y1 = box
    count = max(len(view.robots), 1)
    row = min(96, (y1 - y0) // count)
    for i, info in enumerate(view.robots):
        top = y0 + i * row
        _robot_row(draw, view, info, (x0, top, x1, top + row - 5), sheet)


def _robot_row(draw: ImageDraw.ImageDraw, view: JupiterView, info: RobotView, box: Box, sheet: Sheet | None) -> None:
    """The pawn on the left; then its colour, where it stands, tags, and its cards flowing over the lines."""
    x0, y0, x1, y1 = box
    active = info.seat == view.active and view.phase not in ("won", "lost", "core", "first")
    outline = Ink.ORANGE if active else Ink.SILVER
    rounded(draw, box, Ink.WHITE if info.in_play else Ink.MIST, outline, radius=8, width=4 if active else 2)
    half = 17
    token = (x0 + 10 + half, min(y0 + 8 + half, (y0 + y1) // 2))
    if active:
        active_ring(draw, token, half)
    robot(draw, token, info.colour, info.letter, half, dim=not info.in_play)
    left = x0 + 10 + 2 * half + 14
    title = info.colour.capitalize()
    where = "in the pod" if info.where == "pod" else (info.where or "out of play")
    line = y0 + 8 + CHIP_HEIGHT // 2
    label(draw, (left, line), title, 18, Ink.BLACK, bold=True, anchor="lm")
    x = left + _width(title, 18, bold=True) + 8
    label(draw, (x, line), where, 15, Ink.CHARCOAL, anchor="lm")
    x += _width(where, 15) + 10
    tags: list[tuple[str, Ink]] = []
    if info.waiting:
        tags.append(("to play", Ink.ORANGE))
    if info.seat == view.first:
        tags.append(("first", Ink.SKY))
    if info.owner is not None and 0 < view.seats < len(view.robots):
        tags.append((_clip(view.seat_name(info.owner), font(TAG_SIZE, bold=True), 150), Ink.MIST))
    for words, ink in tags:
        width = _width(words, TAG_SIZE, bold=True) + 12
        rounded(draw, (x, line - 11, x + width, line + 11), ink, Ink.BLACK, radius=5, width=1)
        say(draw, sheet, (x + width // 2, line), words, font(TAG_SIZE, bold=True), Ink.BLACK, "mm")
        x += width + 6
    chips: list[tuple[str, str]] = []
    if info.core is not None:
        chips.append(("core", card_name(info.core) + (" (used)" if info.core_used else "")))
    elif info.dealt:
        chips.append(("pick", "core from: " + " / ".join(card_name(k) for k in info.dealt)))
    chips.extend(("hand", card_name(k)) for k in info.hand)
    if info.core is not None and not info.hand:
        chips.append(("none", "no cards in hand"))
    _chips(draw, chips, (left, y0 + 8, x1 - 8, y1 - 3), start=x + 4, sheet=sheet)


CHIP_HEIGHT = 22
CHIP_GAP = 4


Chip = tuple[str, str, Box]
CHIP_SIZES: tuple[tuple[int, int, int], ...] = ((15, CHIP_HEIGHT, CHIP_GAP), (MIN_TEXT, 21, 3))
"""(font size, chip height, gap) to try in turn: seven robots with full hands need the smaller one, which is
still as large as any text a player reads (``MIN_TEXT``); what does not fit then is counted as ``+n more``."""
TAG_SIZE = MIN_TEXT
"""A robot's tags (to play, first, player N) and a core chip's CORE mark."""


def _flow(
    chips: list[tuple[str, str]], box: Box, start: int, size: int, height: int, gap: int
) -> tuple[list[Chip], int]:
    """Where each chip goes, flowing from ``start`` on the first line; and how many did not fit."""
    x0, y0, x1, y1 = box
    x, y = start, y0
    placed: list[Chip] = []
    for i, (kind, words) in enumerate(chips):
        if kind == "none":
            width = _width(words, MIN_TEXT) + 4
        else:
            width = _width(words, size, bold=True) + 14
        if kind == "core":
            width += _width("CORE", TAG_SIZE, bold=True) + 6
        if x + width > x1 and x > x0:
            x, y = x0, y + height + gap
        if y + height > y1:
            return placed, len(chips) - i
        width = min(width, x1 - x)
        placed.append((kind, words, (x, y, x + width, y + height)))
        x += width + gap
    return placed, 0


def _chips(
    draw: ImageDraw.ImageDraw, chips: list[tuple[str, str]], box: Box, *, start: int, sheet: Sheet | None
) -> None:
    """Cards as labelled chips flowing from ``start`` on the first line, then over as many lines as the box
    holds, in the largest size at which all fit; whatever still cannot fit is counted as ``+n more``."""
    for size, height, gap in CHIP_SIZES:
        placed, left_out = _flow(chips, box, start, size, height, gap)
        if not left_out:
            break
    if left_out:  # flowed again clear of the "+n more" count, which goes at the right end of the last line
        room = _width(f"+{len(chips)} more", MIN_TEXT, bold=True) + 6
        placed, left_out = _flow(chips, (box[0], box[1], box[2] - room, box[3]), start, size, height, gap)
    for kind, words, chip in placed:
        x, y, right, bottom = chip
        middle = (y + bottom) // 2
        if kind == "core":
            rounded(draw, chip, Ink.YELLOW, Ink.BLACK, radius=6, width=2)
            say(draw, sheet, (x + 6, middle), "CORE", font(TAG_SIZE, bold=True), Ink.BLACK, "lm")
            inner = x + 6 + _width("CORE", TAG_SIZE, bold=True) + 6
            face = fitted(words, right - inner - 6, size, bold=True, smallest=MIN_TEXT)
            say(draw, sheet, (inner, middle), words, face, Ink.BLACK, "lm")
        elif kind == "none":
            say(draw, sheet, (x + 2, middle), words, font(MIN_TEXT), Ink.GREY, "lm")
        else:
            fill = Ink.MIST if kind == "pick" else Ink.PAPER
            rounded(draw, chip, fill, Ink.CHARCOAL, radius=6, width=1)
            face = fitted(words, right - x - 12, size, bold=True, smallest=MIN_TEXT)
            say(draw, sheet, (x + 7, middle), words, face, Ink.BLACK, "lm")
    if left_out:
        more = f"+{left_out} more"
        say(draw, sheet, (box[2], box[3] - 8), more, font(MIN_TEXT, bold=True), Ink.VERMILLION, "rm")


# ---------------------------------------------------------------------------------------------- the end


def draw_result(draw: ImageDraw.ImageDraw, view: JupiterView) -> None:
    """Across the middle of the colony: saved (green) or lost (vermillion), with the engine's reason."""
    cx0, cy0, cx1, cy1 = COLONY
    mid = (cy0 + cy1) // 2
    box = (cx0 + 60, mid - 90, cx1 - 60, mid + 90)
    x0, y0, x1, y1 = box
    won = view.phase == "won"
    rounded(draw, box, Ink.GREEN if won else Ink.VERMILLION, Ink.BLACK, radius=14, width=5)
    title = "COLONY SAVED" if won else "COLONY LOST"
    mark = "✓" if won else "✗"
    label(draw, ((x0 + x1) // 2, y0 + 44), f"{mark} {title} {mark}", 46, Ink.WHITE, bold=True, anchor="mm")
    reason = view.result or ("Every robot made it out." if won else "The creeps have the colony.")
    face = font(22, bold=True)
    for i, line in enumerate(wrap(reason, face, x1 - x0 - 40)[:2]):
        text(draw, ((x0 + x1) // 2, y0 + 94 + i * 28), line, face, Ink.WHITE, anchor="mm")
    summary = f"{view.saved} of {view.needed} colonists saved · turn {view.turn}"
    label(draw, ((x0 + x1) // 2, y1 - 24), summary, 20, Ink.WHITE, bold=True, anchor="mm")
