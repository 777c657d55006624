"""Small helpers for text a player reads, so every game counts and lists things the same way.

``count(1, "card")`` is ``1 card``, ``count(2, "card")`` ``2 cards`` (never ``card(s)``); ``and_list`` joins
names as a sentence does; ``sentence_start`` capitalises only the first letter, so a proper name or an alien's
letter inside keeps its case (``str.capitalize`` would lower them: ``a Fast alien (F)`` -> ``A fast alien (f)``).
"""

from __future__ import annotations

from collections.abc import Sequence


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
