"""Small helpers for text a player reads, so every game counts and lists things the same way.

``count(1, "card")`` is ``1 card``, ``count(2, "card")`` ``2 cards`` (never ``card(s)``); ``and_list`` joins
names as a sentence does; ``sentence_start`` capitalises only the first letter, so a proper name or an alien's
letter inside keeps its case (``str.capitalize`` would lower them: ``a Fast alien (F)`` -> ``A fast alien (f)``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

SEAT_REF = re.compile(r"⟦(\d+)⟧")
"""The marker ``seat_ref`` writes: a seat number between white square brackets, which no sentence uses."""


def seat_ref(seat: int) -> str:
    """A seat named in a text the engine writes (``"⟦1⟧ takes Commander Kade."``): the engine knows seats, not
    people, so it marks where a seat is named and whoever shows the text (the host, the offline table, a golden
    playthrough) puts in the person: a mention in a channel message, a display name in a DM or a button label,
    "🤖 name" for a seat bot. A possessive follows the marker as it would a name (``f"{seat_ref(2)}'s turn"``)."""
    return f"⟦{seat}⟧"


def name_seats(text: str, names: Mapping[int, str]) -> str:
    """``text`` with every ``seat_ref`` marker replaced by that seat's name in ``names`` ("a player" for a seat
    ``names`` lacks, so a marker never reaches a reader as it is)."""
    if "⟦" not in text:
        return text
    return SEAT_REF.sub(lambda found: names.get(int(found.group(1))) or "a player", text)


def plural(n: int, word: str, many: str | None = None) -> str:
    """``word`` for one, ``many`` (by default ``word`` + ``s``) for any other number."""
    return word if n == 1 else many or f"{word}s"


def count(n: int, word: str, many: str | None = None) -> str:
    """``1 card``, ``0 cards``, ``3 cards``; ``many`` for an irregular plural (``count(2, "radar dish",
    "radar dishes")``)."""
    return f"{n} {plural(n, word, many)}"


def and_list(words: Sequence[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``: a list as a sentence says it."""
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


def sentence_start(text: str) -> str:
    """``text`` with its first letter upper case and the rest untouched."""
    return text[:1].upper() + text[1:]


def pages(title: str, entries: Sequence[str], limit: int = 2000) -> list[str]:
    """``entries`` (one line each) packed into as few messages of at most ``limit`` characters as fit, in order,
    the first opening with ``title``; an entry is never split across two messages (one longer than a whole
    message is refused, since clipping it would hide what a card does)."""
    out: list[str] = []
    current = title
    for entry in entries:
        if len(entry) > limit:
            raise ValueError(f"an entry of {len(entry)} characters does not fit one message: {entry[:40]}…")
        if current and len(current) + 1 + len(entry) > limit:
            out.append(current)
            current = entry
        else:
            current = f"{current}\n{entry}" if current else entry
    if current:
        out.append(current)
    return out


def card_line(name: str, does: str, copies: int = 1) -> str:
    """One card for ``/cards``: ``**Name** (2 copies): what it does``, the same shape in every game."""
    extra = f" ({copies} copies)" if copies > 1 else ""
    return f"**{name}**{extra}: {does}"
