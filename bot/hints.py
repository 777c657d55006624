"""First-time hints: one line, in players' words, on the decision at hand, for a player who has not met that
kind of decision before ("You play all your cards but one; the last one you pass on or trash").

A hint is found by the prompt's id where the game's ids name the kind of decision (``Hint.prompt``: Derelict's
``r3.41.pay``, Jupiter's ``t4.2.dock``, Abordaje's ``t2.as3.s``, Capricorn's off-turn ``t5.7c2``), because bots
read structured data, never wording; where they do not (Capricorn's own turn is ``t5.7`` whatever it asks), by
the question the prompt asks (``Hint.pattern``). Both are checked against the golden playthroughs, which hold
every real prompt id and question. The caller decides "first time" (the offline table remembers the kinds each
player has seen; in Discord ``bot.tables.notify`` counts them per player) and whether a player turned hints off.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Hint:
    """A kind of decision and the line that explains it: ``prompt`` is searched in the prompt's id when the game's
    ids name that kind, else ``pattern`` in its question."""

    kind: str
    pattern: re.Pattern[str]
    text: str
    prompt: re.Pattern[str] | None = None


def _hint(kind: str, pattern: str, text: str, prompt: str | None = None) -> Hint:
    return Hint(kind, re.compile(pattern), text, None if prompt is None else re.compile(prompt))


HINTS: dict[str, tuple[Hint, ...]] = {
    "abordaje": (
        _hint(
            "place",
            r"Which order do you place face down",
            "Both players place one order on every card at once; after each card you swap your remaining hands.",
            r"^t\d+\.as\d+\.",
        ),
        _hint(
            "swap",
            r"Swapping tactics",
            "You may exchange two of your face-down orders once; the other side sees which cards, not what.",
            r"^t\d+\.sw\.",
        ),
    ),
    "capricorn": (
        _hint(
            "action",
            r"Your action step",
            "You play all your cards but one, each for one of its actions; the last one you pass on or trash.",
        ),
        _hint(
            "last-card",
            r"Your last card: pass it on or trash it",
            "Passing costs you 1 health and gives the next character the card; trashing is free.",
        ),
        _hint(
            "off-turn",
            r"Off-turn:",
            "This play happens on someone else's turn; Not now keeps your cards for your own turn.",
            r"^t\d+\.\d+c\d+$",
        ),
    ),
    "jupiter": (
        _hint(
            "core",
            r"becomes your core ability",
            "Your core card stays with you all game and works every turn; the other card is your hand.",
            r"^t\d+\.core\.",
        ),
        _hint(
            "actions",
            r"actions left\. What now\?",
            "Move, shoot a creep on your tile, command a colonist nearby, or trade; 7 colonists in the pod launch it.",
            r"\.act$",
        ),
        _hint(
            "creep",
            r"A creep rises on",
            "Pick where the creep lands: a creep next to a colonist turns it into a creep at the next conversion.",
            r"\.place$",
        ),
        _hint(
            "dock",
            r"Where do you dock the Evacuation Pod",
            "The pod docks on an open side of the colony; colonists walk into it from the dome it touches.",
            r"\.dock$",
        ),
    ),
    "pioneers": (
        _hint(
            "commander",
            r"Which commander do you take",
            "Each commander has one ability; the last player in turn order picks first.",
            r"\.cmd$",
        ),
        _hint(
            "move",
            r"Where does your ship go",
            "Move up to your engine range either way round; stopping beside another ship starts a fight.",
            r"\.mv$",
        ),
        _hint(
            "deploy",
            r"Deployment at",
            "Unload colonists (leftmost empty spot) or aliens (rightmost), or load what lies here; each moves once.",
            r"\.dep$",
        ),
        _hint(
            "bombard",
            r"^Bombard",
            "Bombs kill lifeforms on this planet: colonists from the right (yours too), aliens from the left.",
            r"\.bomb$",
        ),
        _hint(
            "jumpgate",
            r"^Jumpgate:",
            "At the Jumpgate you collect credits, may buy one upgrade and load colonists; no deployment here.",
            r"\.(?:disp|upg|load)$",
        ),
    ),
    "derelict": (
        _hint(
            "task",
            r"Which of your two secret tasks do you keep",
            "Keep the task you can meet; to win you must also end alive, uninfected and on the way to Earth.",
            r"^task\d+$",
        ),
        _hint(
            "action",
            r"your (?:first|second) action\?",
            "Two actions a turn, each paid with cards from your hand; entering an empty room means a noise roll.",
            r"\.turn$",
        ),
        _hint(
            "pays",
            r"which card pays",
            "Costs are paid by discarding action cards from your hand; infection cards never pay.",
            r"\.pay$",
        ),
        _hint(
            "pass",
            r"You pass\. Discard any cards",
            "You draw back up to 5 next round: discard what you will not need (infection cards too).",
        ),
    ),
}


def hint_for(game_key: str, question: str, prompt_id: str | None = None) -> Hint | None:
    """The hint for a decision of ``game_key``, if that kind of decision has one: by ``prompt_id`` for a hint
    whose kind the game's prompt ids name, by the ``question`` otherwise (and for a caller with no id)."""
    for hint in HINTS.get(game_key, ()):
        if hint.prompt is not None and prompt_id is not None:
            if hint.prompt.search(prompt_id):
                return hint
        elif hint.pattern.search(question):
            return hint
    return None
