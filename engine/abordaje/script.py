"""The machinery that lets the resolution of a turn be written as straight code that asks questions.

Everything after the last placement (swapping tactics, captain movement, reveal, counters, navy discipline,
the six priorities, withdrawal, extermination, control and conquest) is one function that calls
``Script.ask`` whenever a player must decide. A run replays the answers already given, in order; at the first
question without an answer it stops by raising ``AwaitAnswer``, and that question becomes the pending prompt.
The next answer is appended and the whole run starts again from the snapshot taken at the last placement
(``Resolution``). The code is deterministic (the Rng is part of the snapshot), so every run asks the same
questions in the same order and narrates the same lines; only lines beyond those already handed out are new.

This keeps a half-executed card out of the stored state entirely: no "step 2 of Boarding! on card 3, third
crew pending" fields to keep in sync.
"""

from __future__ import annotations

from engine.core import Choice, Event

from .state import LETTER, AbordajeState, Decision, Stage
from .view import Side


class AwaitAnswer(Exception):
    """Raised by ``Script.ask`` when the run reaches a question nobody has answered yet."""

    def __init__(self, decision: Decision) -> None:
        super().__init__(decision.id)
        self.decision = decision


class Script:
    """One run of a turn's resolution over a working copy of the state."""

    def __init__(self, state: AbordajeState, answers: list[str]) -> None:
        self.state = state
        self.board = state.board
        self.events: list[Event] = []
        self._answers = answers
        self._used = 0
        self._codes: set[str] = set()
        # Decisions a run remembers between steps (rebuilt identically by every run):
        self.fight_decks: dict[tuple[int, Side], Side] = {}  # Fight! deck chosen ahead, for navy discipline
        self.cancelled_with: set[tuple[int, Side]] = set()  # counter cards used to cancel

    def say(self, text: str, headline: bool = False) -> None:
        """A public line of narration."""
        self.events.append(Event(text=text, headline=headline))

    def tell(self, side: Side, text: str) -> None:
        """A line only ``side`` reads."""
        self.events.append(Event(text=text, audience=(self.state.seats[side],)))

    def ask(
        self,
        side: Side,
        code: str,
        question: str,
        choices: list[Choice],
        stage: Stage = "resolve",
        private: bool = False,
    ) -> str:
        """The answer of ``side`` to a question; a single legal answer is taken at once (ABO-GAP-11).

        ``code`` names the step within the turn (``fd3.p``: the pirate's Fight! deck on card 3); the prompt
        id is ``t<turn>.<code>``, unique over the game because each step asks at most once per turn.
        """
        if code in self._codes:
            raise RuntimeError(f"question {code!r} asked twice in turn {self.state.turn}")
        self._codes.add(code)
        if len(choices) == 1:
            return choices[0].id
        if self._used < len(self._answers):
            answer = self._answers[self._used]
            self._used += 1
            if all(c.id != answer for c in choices):
                raise RuntimeError(f"replayed answer {answer!r} does not fit question {code!r}")
            return answer
        raise AwaitAnswer(
            Decision(
                id=f"t{self.state.turn}.{code}",
                side=side,
                stage=stage,
                question=question,
                choices=choices,
                private=private,
            )
        )

    def yes_no(self, side: Side, code: str, question: str, yes: str, no: str) -> bool:
        """A two-way question; ``yes``/``no`` are the labels."""
        return self.ask(side, code, question, [Choice(id="yes", label=yes), Choice(id="no", label=no)]) == "yes"

    @staticmethod
    def code(prefix: str, number: int | None, side: Side) -> str:
        """A step code such as ``b3.p`` (card 3, pirate) or ``sw.s`` (no card, Spanish)."""
        card = "" if number is None else str(number)
        return f"{prefix}{card}.{LETTER[side]}"
