"""The machinery that lets a whole Capricorn turn be written as straight code that asks questions.

A turn (CAP-TURN-2: action, share/trash and draw, aliens, events) is one function that calls ``Script.ask``
whenever somebody must decide. A run starts from the snapshot of the table taken when the turn began
(``TurnLog.start`` and its generator) and replays the answers already given, in order; at the first
question without an answer it stops by raising ``AwaitAnswers``, and that question becomes the pending
prompt. The next answer is appended and the whole run starts again from the snapshot. The code is
deterministic (the generator is part of the snapshot), so every run asks the same questions in the same
order and narrates the same lines; only lines beyond those already handed out are new. This is the scheme of
``engine/abordaje/script.py``, extended to questions put to several characters at once: the active player's
next step beside the off-turn plays of other characters (CAP-COMM-3). The answer records which of them was
answered, so a replay takes the same branch.

A half-played card, a half-resolved push or an alien halfway through its move is therefore never stored:
the stored state is the snapshot, the answers, and (for views) the table as the last run left it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine.core import Choice, Event, Rng

from .state import Answer, Crew, Decision


@lru_cache(maxsize=256)
def _yes_no(yes: str, no: str) -> tuple[Choice, Choice]:
    """A two-way question's choices: the same few labels, asked again by every replay of a turn."""
    return Choice(id="yes", label=yes), Choice(id="no", label=no)


class AwaitAnswers(Exception):
    """Raised by ``Script.ask`` when the run reaches a question nobody has answered yet."""

    def __init__(self, decisions: list[Decision]) -> None:
        super().__init__(", ".join(d.id for d in decisions))
        self.decisions = decisions


class GameOver(Exception):
    """Raised the moment the game is won or lost (CAP-G-END-2): nothing after it happens."""

    def __init__(self, result: str, summary: str) -> None:
        super().__init__(summary)
        self.result = result
        self.summary = summary


@dataclass(slots=True)
class Question:
    """A question ``Script.ask_any`` may put: to whom, how the prompt reads, and its choices. A plain record, not
    a model: a replay of the turn puts every question again, and only the unanswered ones become ``Decision``s."""

    key: str
    character: int
    question: str
    choices: list[Choice]
    private: bool = True


class Script:
    """One run of a turn over a working copy of the table."""

    def __init__(self, crew: Crew, rng: Rng, turn: int, answers: list[Answer], answers_forced: bool = False) -> None:
        self.crew = crew
        self.answers_forced = answers_forced  # capricorn-6: the turn asks no question with one answer
        self.rng = rng
        self.turn = turn
        self._lines: list[tuple[str, bool, tuple[int, ...] | None]] = []  # (text, headline, audience or public)
        self._answers = answers
        self._used = 0
        self._step = 0

    # --- narration

    def say(self, text: str, headline: bool = False) -> None:
        """A public line of narration."""
        self._lines.append((text, headline, None))

    def tell(self, characters: list[int], text: str) -> None:
        """A line only the seats of ``characters`` read (CAP-COMM-1)."""
        seats = tuple(sorted({self.crew.characters[i].seat for i in characters}))
        self._lines.append((text, False, seats))

    @property
    def narrated(self) -> int:
        """How many lines this run has narrated so far."""
        return len(self._lines)

    def events_from(self, start: int) -> list[Event]:
        """The lines narrated from the ``start``-th on, as events. Made only here: a replay narrates again every
        line earlier runs handed out, and those are never made into events twice."""
        return [
            Event(text=text, headline=headline) if audience is None else Event(text=text, audience=audience)
            for text, headline, audience in self._lines[start:]
        ]

    # --- questions

    def ask(self, character: int, question: str, choices: list[Choice], private: bool = True) -> str:
        """The answer of ``character`` to one question; a single legal answer is taken at once."""
        _, choice = self.ask_any(
            [Question(key="a", character=character, question=question, choices=choices, private=private)]
        )
        return choice

    def ask_any(self, questions: list[Question]) -> tuple[str, str]:
        """Put several questions at once; the first answered wins: ``(its key, the choice id)``.

        Questions without choices are dropped. A lone question with a single choice is answered at once
        without a prompt. Each call is one step of the turn: its prompts are ``t<turn>.<step>`` (the
        active player's) and ``t<turn>.<step><key>`` (the others'), unique over the game.
        """
        questions = [q for q in questions if q.choices]
        if not questions:
            raise RuntimeError("ask_any with nothing to ask")
        self._step += 1
        if len(questions) == 1 and len(questions[0].choices) == 1:
            return questions[0].key, questions[0].choices[0].id
        if self._used < len(self._answers):
            answer = self._answers[self._used]
            self._used += 1
            for q in questions:
                if q.key == answer.key and any(c.id == answer.choice for c in q.choices):
                    return answer.key, answer.choice
            raise RuntimeError(f"replayed answer {answer} fits no question at step {self._step}")
        decisions = []
        for q in questions:
            suffix = "" if q.key == "a" else q.key
            decisions.append(
                Decision(
                    key=q.key,
                    id=f"t{self.turn}.{self._step}{suffix}",
                    character=q.character,
                    seat=self.crew.characters[q.character].seat,
                    question=q.question,
                    choices=q.choices,
                    private=q.private,
                )
            )
        raise AwaitAnswers(decisions)

    def recorded(self) -> Answer | None:
        """The answer given in an earlier run that the next question taking one will take, if any. A replay may
        check that it still fits and ``take`` it without making every choice of the question again: the turn is
        deterministic, so that question is the one it answered."""
        return self._answers[self._used] if self._used < len(self._answers) else None

    def take(self, answer: Answer) -> str:
        """Take ``recorded()``'s answer as ``ask_any`` would (one step of the turn): only when the question it
        answers has more than one choice and ``answer`` is one of them, which the caller has checked."""
        assert answer is self.recorded()
        self._step += 1
        self._used += 1
        return answer.choice

    def yes_no(self, character: int, question: str, yes: str, no: str) -> bool:
        """A two-way question; ``yes``/``no`` are the labels."""
        return self.ask(character, question, list(_yes_no(yes, no))) == "yes"
