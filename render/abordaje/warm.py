"""¡Abordaje!'s first-time drawing costs, paid once when the bot starts instead of by a player's action (issue 26).

A new process draws its first boards slowly: each static layer is drawn once, each order card's face once, and
each text is laid out by FreeType the first time it is printed (a panel's "on board 6 · pool 9", a header's
"turn 7": about 0.3 ms each, measured and stamped). Those firsts made most of the slowest actions of a fresh
process. ``warm`` draws them ahead, through the very functions the boards and hands use (so it warms exactly
what they will ask for): both variants' set-up boards and hands (static layers, panel frames, hands' headers),
every card face, and the texts that do not name a player: panels' numbers, turn titles, crew counts, orders,
the footer. It costs 0.5-0.6 s of CPU (measured at a load of 9 on 2 cores) and about 7 MB of a fresh process's
RSS: the static layers and card faces a first game would draw anyway, about 1 MB of parts, and some 700 text
stamps and measures in the shared, bounded text caches.
Then every line a hand can say about the hand last passed on (``render.abordaje.passed``, in caches of its own):
about 1,050 texts, 350 lines, 0.7 s more at that load (0.6 → 1.4 s in all) and 4 MB, the costliest firsts of
the hands (one move in eight of the bench's play met one: 2-5 ms); and each card's line of placed orders in a
hand (65 lines, 1 MB). Last, the pieces a deck or a card's orders drawn anew is made of (``_pieces``: every order
slot and crews of 1-8, 644 pieces, 3 MB, 0.1-0.2 s more), the tail's cost once the parts above are kept.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, get_args

from PIL import Image, ImageDraw

from engine.abordaje import SPEC, AbordajeOptions
from engine.abordaje.view import AbordajeView, CardKind, DeckView, Side, SideView, SlotView
from engine.core import SeatSetup
from render.core import new_canvas
from render.core.sheet import Sheet

from . import hand, phone
from .pieces import SIDE_LETTER, SIDES
from .sections import put_part

if TYPE_CHECKING:
    from .renderer import AbordajeRenderer

MOST_CREW = 20
"""The largest crew a side has (the advanced game's Spanish): counts and panel numbers go up to it."""
LONGEST_GAME = 30
"""Turns whose titles are warmed (a game rarely lasts past 12)."""


def warm(renderer: AbordajeRenderer) -> None:
    """Draw ahead what a new process would otherwise draw during players' first actions (see the module)."""
    for variant in ("basic", "advanced"):
        options = AbordajeOptions.model_validate({"variant": variant})
        state = SPEC.setup([SeatSetup(role="pirate"), SeatSetup(role="spanish")], options, 0)
        board = SPEC.view(state, None)
        assert isinstance(board, AbordajeView)
        for waiting in ((True, False), (False, True), (False, False)):
            sides = {s: board.sides[s].model_copy(update={"waiting": w}) for s, w in zip(SIDES, waiting, strict=True)}
            renderer._phone(board.model_copy(update={"sides": sides}), Sheet(boxes_only=True))
        for seat in (0, 1):
            own = SPEC.view(state, seat)
            assert isinstance(own, AbordajeView)
            hand.draw_hand(own, None, renderer.sections)
            _hand_texts(own)
        _board_texts(board)
        _pieces(renderer, phone.static_key(board))
    hand.warm_faces()
    hand.warm_lines()
    hand.warm_passed_lines()


def _board_texts(view: AbordajeView) -> None:
    """The phone board's texts that name no player, drawn on a scratch canvas (stamped and measured)."""
    image = new_canvas(phone.WIDTH, phone.HEIGHT)
    draw = ImageDraw.Draw(image)
    sheet = Sheet(boxes_only=True)
    put = partial(put_part, None, image, draw)  # drawn in place, nothing kept
    box = phone.panel_box(0)
    for words in _panel_texts():
        for i, line in enumerate(words):
            if line:
                phone.panel_line(draw, sheet, box, i, line)
    for turn in range(1, LONGEST_GAME + 1):
        phone._header(draw, view.model_copy(update={"turn": turn}), sheet)
    for lead in SIDES:
        for direction in ("prow_to_stern", "stern_to_prow"):
            at = view.model_copy(update={"initiative": lead, "direction": direction})
            phone._footer(draw, at, phone.rows_bottom(view) + 10, sheet, put)
    card = view.cards[0]
    top = phone.ROWS_TOP
    for n in range(1, MOST_CREW + 1):
        marker: Side = SIDES[n % 2]
        deck = DeckView(pirate_crew=n, spanish_crew=n, control_marker=marker, marker_turns=1 + n % 2)
        counted = card.model_copy(update={"decks": dict.fromkeys(SIDES, deck)})
        for ship in SIDES:
            x0, x1 = phone.DECK_X[ship]
            phone._deck(draw, sheet, box=(x0, top + 2, x1, top + phone.ROW - 4), ship=ship, card=counted)
    for number in range(1, 6):
        for active, now, conquered_by in ((True, False, []), (True, True, []), (False, False, ["pirate"])):
            row = card.model_copy(update={"number": number, "active": active, "conquered_by": conquered_by})
            phone._orders(draw, sheet, card=row, top=top, now=now, swapped=(False, False))
    for side in SIDES:
        for swapped in (False, True):
            for slot in _slots():
                phone._slot(draw, (202, top + 36, 312, top + 82), side, slot, swapped, 1, sheet)


MOST_CREW_KEPT = 8
"""Crews drawn ahead as parts go up to this count (the bench's games rarely pass 6 on a deck)."""


def _pieces(renderer: AbordajeRenderer, numbers: tuple[int, ...]) -> None:
    """Every order slot and every crew of 1 to ``MOST_CREW_KEPT`` on a deck in play of the board of these ship-deck
    cards, as the parts a deck or a card's orders drawn anew is made of (``phone.put_slot``, ``phone.put_crew``):
    each drawn on the static layer as a board has it there (the row put back first), and kept in
    ``renderer.pieces``. Basic and advanced: some 650 parts (their first rows share them), 3 MB."""
    image = renderer.layer_sheets.copy_of(
        renderer.layers, ("phone", numbers), partial(phone.draw_static, numbers), None
    )
    clean, now = image.copy(), image.copy()
    framing = ImageDraw.Draw(now)
    for row in range(len(numbers)):
        phone._middle_frame(framing, phone.ROWS_TOP + row * phone.ROW, now=True)
    draw = ImageDraw.Draw(image)
    put = partial(put_part, renderer.pieces, image, draw)

    def on(ground: Image.Image, top: int) -> None:  # the row as the static layer (or an orange frame) has it
        strip = (0, top, phone.WIDTH, top + phone.ROW)
        image.im.paste(ground.im.crop(strip), strip)

    for row, number in enumerate(numbers):
        top = phone.ROWS_TOP + row * phone.ROW
        for i in range(len(SIDES)):
            for slot in _slots():
                for swapped in (False, True):
                    on(clean, top)
                    phone.put_slot(put, None, top=top, i=i, number=number, slot=slot, swapped=swapped, now=False)
            for slot in _slots()[:2]:  # while a card is being assigned its orders are none yet or face down
                on(now, top)
                phone.put_slot(put, None, top=top, i=i, number=number, slot=slot, swapped=False, now=True)
            for ship in SIDES:
                x0, x1 = phone.DECK_X[ship]
                code = f"{SIDE_LETTER[ship].lower()}{number}"
                for n in range(1, MOST_CREW_KEPT + 1):
                    on(clean, top)
                    deck = (x0, top + 2, x1, top + phone.ROW - 4)
                    phone.put_crew(put, None, deck=deck, i=i, code=code, active=True, n=n)


def _panel_texts() -> list[tuple[str, str, str]]:
    """Every panel line a side's numbers can make (crew on board and in the pool, losses and conquests, hand
    and swap), each once: ``""`` where a combination repeats a line already listed."""
    out: list[tuple[str, str, str]] = []
    for on_board in range(MOST_CREW + 1):
        for pool in range(MOST_CREW + 1 - on_board):
            out.append((_lines(in_play=on_board, pool=pool)[0], "", ""))
    for losses in range(MOST_CREW + 1):
        for conquests in range(3):
            out.append(("", _lines(losses=losses, conquests=conquests)[1], ""))
    swaps: list[tuple[bool, tuple[int, int] | None]] = [(True, None), (False, None)]
    swaps += [(True, (a, b)) for a in range(1, 6) for b in range(1, 6) if a != b]
    for cards in range(7):
        for can_swap, swapped in swaps:
            out.append(("", "", _lines(hand_count=cards, can_swap=can_swap, swapped=swapped)[2]))
    return out


def _lines(**numbers: object) -> tuple[str, str, str]:
    fields: dict[str, object] = {"seat": 0, "pool": 0, "losses": 0, "in_play": 0, "conquests": 0}
    fields |= {"hand_count": 0, "can_swap": False} | numbers
    return phone.panel_lines(SideView.model_validate(fields))


def _slots() -> list[SlotView]:
    """An order slot in every state it is drawn in: empty, face down, and each order face up, spent or not."""
    slots = [SlotView(), SlotView(filled=True)]
    slots += [SlotView(filled=True, kind=kind, spent=spent) for kind in get_args(CardKind) for spent in (False, True)]
    return slots


def _hand_texts(own: AbordajeView) -> None:
    """A hand's title for every turn and "placing on card N", on a scratch canvas."""
    side = own.my_side
    assert side is not None
    image = new_canvas(hand.WIDTH, hand.HEADER_HEIGHT + 1)
    draw = ImageDraw.Draw(image)
    put = partial(put_part, None, image, draw)  # drawn in place, nothing kept
    for turn in range(1, LONGEST_GAME + 1):
        at = own.model_copy(update={"turn": turn, "phase": "assign", "assigning_card": 1 + turn % 5})
        hand._header(draw, at, side, None, put)
