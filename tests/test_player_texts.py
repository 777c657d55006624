"""Text a player reads, in one voice: every golden playthrough (``tests/playthroughs/*.txt``) is walked for the
slips fixed once so they do not come back: ``(s)`` plurals, a count that disagrees with its noun or verb ("1
cards", "1 pirate crew die"), an alien's letter or type in lower case, a Capricorn space named another way than
``/act`` takes it, a robot named twice before its question, and a question offering two answers alike.

The playthroughs hold every public and private line of a whole seeded game per case (events, prompts with
their choices, views), so they stand for what the games say; a failure names the file, line and text.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

PLAYTHROUGHS = Path(__file__).parent / "playthroughs"

# the nouns the games count; "1 <noun>s" and "2 <noun>" are slips
COUNTED = ("card", "alien", "action", "colonist", "creep", "space", "landing", "step", "turn", "decision", "hour")
ONE = "|".join(f"{noun}s" for noun in COUNTED)
MANY = "|".join(COUNTED)
ROOMS = "Bridge|Offices|Medbay|Lab|Life Support|Engine Room|Reactor|Hangar|Cargo Bay"

SLIPS: dict[str, re.Pattern[str]] = {
    "a plural written as (s)": re.compile(r"\w\(s\)"),
    # "Escape pod 1 launches": there "launches" is the pod's verb, not a count of launches
    "one of a plural noun": re.compile(rf"(?<!pod )\b1 (?:(?:unused|killed|active) )?(?:{ONE}|launches)\b"),
    # "11 alien event cards": "alien" there describes the cards (Cosmic Pioneers' deck), it is not counted
    "several of a singular noun": re.compile(rf"(?<![\w.])(?:0|[2-9]|\d\d+) (?:{MANY})\b(?!s)(?! event cards)"),
    "one crew with a plural verb": re.compile(r"\b1 (?:pirate |Spanish )?crew die\b"),
    "a count with the wrong verb": re.compile(r"\b(?:0|[2-9]|\d\d+) (?:pirate |Spanish )?crew dies\b|\b1 are\b"),
    "an irregular plural": re.compile(r"\bdishs\b|\blaunchs\b"),
    "an alien letter or type in lower case": re.compile(r"\b(?:tough|fast|aggressive) alien\b|\balien \([a-z]\)"),
    "a Capricorn space not as /act takes it": re.compile(rf"\b(?:{ROOMS}) [io]\d+\b|\bmoves to the escape pod\b"),
    "the pod not as /act takes it": re.compile(r"\bhealth on the pod\b|\bis in the pod: ignored"),
    "a robot named twice": re.compile(r"\b(The \w+ robot): \1:"),
    "a swap of two orders alike": re.compile(r"Swap card \d+ \(([^)]+)\) and card \d+ \(\1\)"),
}

BAD_EXAMPLES = {
    "a plural written as (s)": "The blue robot has 2 action(s) left.",
    "one of a plural noun": "End your actions (1 unused actions lost)",
    "several of a singular noun": "Move: where to? (2 step left)",
    "one crew with a plural verb": "The Spanish Fire! on card 2 hits the pirate deck of card 2: 1 pirate crew die.",
    "a count with the wrong verb": "Too many aliens on LAB.o0: 1 are pushed aside.",
    "an irregular plural": "super creeps on the radar dishs of T01, T02",
    "an alien letter or type in lower case": "A fast alien (f) moves from LAB.o0 to LAB.i0.",
    "a Capricorn space not as /act takes it": "The Medic moves to Bridge i6.",
    "the pod not as /act takes it": "M Medic: 10 health on the pod, 5 cards",
    "a robot named twice": "The green robot: The green robot: 5 actions left. What now?",
    "a swap of two orders alike": "1-2: Swap card 1 (Fire!) and card 2 (Fire!)",
}

LINE = re.compile(r"^(?:public|seats? [\d,]+)> (?P<text>.*)$")


def texts(path: Path) -> Iterator[tuple[int, str]]:
    """Each labelled line of a playthrough with its number: the text after ``<audience>>``."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        found = LINE.match(line)
        if found:
            yield number, found.group("text")


def files() -> list[Path]:
    found = sorted(PLAYTHROUGHS.glob("*.txt"))
    assert found, f"no golden playthroughs in {PLAYTHROUGHS}"
    return found


@pytest.mark.parametrize("path", files(), ids=lambda p: p.stem)
def test_no_playthrough_line_has_a_fixed_slip(path: Path) -> None:
    offending = [
        f"{path.name}:{number}: {what}: {text.strip()}"
        for number, text in texts(path)
        for what, pattern in SLIPS.items()
        if pattern.search(text)
    ]
    assert not offending, "\n".join(offending[:20])


@pytest.mark.parametrize("path", files(), ids=lambda p: p.stem)
def test_no_question_offers_two_answers_alike(path: Path) -> None:
    """Two choices with one label in one prompt: either answer does the same (two copies of a card), or the
    player cannot tell them apart; either way one of them is a choice that changes nothing."""
    offending = []
    asked, labels = "", Counter[str]()
    for number, text in [*texts(path), (0, "")]:
        if text.startswith("    ") and asked:
            labels[text.strip().split(": ", 1)[-1]] += 1
            continue
        doubled = [label for label, n in labels.items() if n > 1]
        if doubled:
            offending.append(f"{path.name}:{asked}: offered twice: {', '.join(doubled)}")
        asked, labels = (f"{number}: {text}" if " is asked " in text else ""), Counter()
    assert not offending, "\n".join(offending[:20])


@pytest.mark.parametrize("what", SLIPS)
def test_each_pattern_catches_its_slip_and_passes_the_fixed_text(what: str) -> None:
    """The walk can fail: each pattern finds the slip it was written for."""
    assert SLIPS[what].search(BAD_EXAMPLES[what]), what


def test_the_patterns_leave_good_text_alone() -> None:
    good = [
        "The blue robot has 1 action left.",
        "E Engineer: 9 health on POD, 1 card",
        "Move: where to? (2 steps left)",
        "The Spanish Fire! on card 2 hits the pirate deck of card 2: 1 pirate crew dies.",
        "The Spanish Fire! on card 1 hits the pirate deck of card 1: 2 pirate crew die.",
        "A Fast alien (F) moves from LAB.o0 to LAB.i0.",
        "The Medic moves to BRIDGE.i6.",
        "Everyone is aboard the escape pod and it launches: the crew escapes the Capricorn!",
        "1-2: Feint with card 1 and card 2 (both Fire!): the enemy sees a swap",
        "End of turn 2. Next: the Soldier.",
        "Conversion: 1 colonist turns into a creep (T07.NE).",
        "E Engineer: 9 health on POD, 1 card",
    ]
    for text in good:
        assert not [what for what, pattern in SLIPS.items() if pattern.search(text)], text


def test_the_host_names_each_seat_as_its_place_shows_people() -> None:
    """A seat marker becomes a mention in the channel, a display name in a panel, a label or an image (a mention
    shows as a number there), "🤖 name" for a seat bot; a long name keeps a label within Discord's 80."""
    from bot.store import GameRecord, SeatRecord
    from bot.tables.names import in_channel, in_private, named_prompts, named_view
    from engine.core import MAX_LABEL, Choice, Prompt, SeatSetup
    from engine.core.words import seat_ref
    from engine.registry import GAMES

    seats = [SeatRecord(seat=0, user_id=11, display_name="Ann"), SeatRecord(seat=1, user_id=12, display_name="W" * 32)]
    seats.append(SeatRecord(seat=2, user_id=13, display_name="Robbie", bot="easy"))
    record = GameRecord(channel_id=1, game_key="derelict", opener_id=11, seats=seats, seed=1, engine_version="1")
    said = f"{seat_ref(0)} drafts Scout Lindqvist; {seat_ref(2)}'s turn."
    assert in_channel(said, record) == "<@11> drafts Scout Lindqvist; 🤖 Robbie's turn."
    assert in_private(said, record) == "Ann drafts Scout Lindqvist; 🤖 Robbie's turn."
    offer = Prompt(
        id="p",
        seat=0,
        question="Trade?",
        choices=(Choice(id="a", label=f"Offer a trade to {seat_ref(1)} " + "x" * 40),),
    )
    (named,) = named_prompts((offer,), record)
    assert named.choices[0].label.startswith("Offer a trade to WWW") and len(named.choices[0].label) <= MAX_LABEL
    spec = GAMES["derelict"]
    state = spec.setup([SeatSetup() for _ in seats], spec.parse_options({}), 1)
    view = named_view(spec.view(state, None), record)
    assert view.seat_name(2) == "🤖 Robbie" and "⟦" not in repr(view.model_dump()) and "Ann" in view.describe()
