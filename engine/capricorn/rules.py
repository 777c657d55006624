"""The contract functions of Abandon Capricorn so far: ``prompts``, ``apply`` and ``outcome``.

``apply`` checks the answer against ``prompts`` (one source of legal choices), records it in the turn's log
and re-runs the turn from its snapshot (``script``); a turn that finishes hands over to the next character
in turn order and runs on, until somebody must decide or the game is over.
"""

from __future__ import annotations

from engine.core import Event, Outcome, Prompt, check_choice
from engine.core.copies import shallow
from engine.core.handed import known

from .script import AwaitAnswers, GameOver, Script
from .state import Answer, CapricornState, TurnLog
from .turn import run_turn


def run(state: CapricornState) -> list[Event]:
    """Run the turn in ``state.log`` from its snapshot with the answers given so far, and on through the
    following turns while nobody must decide; ``state`` is updated in place. The events not handed out yet."""
    events: list[Event] = []
    while state.result is None:
        log = state.log
        crew = log.start.clone()
        rng = log.rng.clone()
        s = Script(crew, rng, state.turn, log.answers, answers_forced=state.answers_forced)
        try:
            run_turn(s, state.variant)
        except AwaitAnswers as pause:
            log.pending = pause.decisions
            return events + finish_run(state, s)
        except GameOver as over:
            state.result = "win" if over.result == "win" else "loss"
            state.summary = over.summary
            log.pending = []
            return events + finish_run(state, s)
        events += finish_run(state, s)
        crew.active = crew.next_character(crew.active)  # CAP-TURN-3
        state.turn += 1
        state.crew = crew
        state.log = TurnLog(start=crew.clone(), rng=rng.clone())
    return events


def finish_run(state: CapricornState, s: Script) -> list[Event]:
    """Keep the run's table and generator, and return the lines of narration not handed out before."""
    state.crew = s.crew
    state.rng = s.rng
    new = s.events_from(state.log.narrated)
    state.log.narrated = s.narrated
    return new


def prompts(state: CapricornState) -> list[Prompt]:
    """Every decision the game waits on now: the active player's, and any off-turn plays on offer."""
    return [
        Prompt(id=d.id, seat=d.seat, question=d.question, choices=tuple(d.choices), private=d.private)
        for d in state.log.pending
    ]


def apply(state: CapricornState, seat: int, prompt_id: str, choice_id: str) -> tuple[CapricornState, list[Event]]:
    """Take one answer and resolve everything automatic up to the next decisions; ``state`` is not changed."""
    check_choice(known(state) or prompts(state), seat, prompt_id, choice_id)  # handed along a move, or worked out
    decision = next(d for d in state.log.pending if d.id == prompt_id)
    new = shallow(state)  # the run below replaces the table and the generator (``finish_run``)
    answers = [*state.log.answers, Answer(key=decision.key, choice=choice_id)]
    # The turn's starting table is shared with ``state``: a run plays on a copy of it and never changes it.
    log = shallow(state.log, answers=answers, pending=[])
    log.__pydantic_fields_set__.update(("answers", "pending"))  # as ``model_copy(update=...)`` marks them
    new.log = log
    return new, run(new)


def outcome(state: CapricornState) -> Outcome | None:
    """``None`` while playing; a cooperative win for every seat, or a loss (CAP-END-3..6)."""
    if state.result is None:
        return None
    if state.result == "win":
        return Outcome(result="win", winners=tuple(range(state.seats)), summary=state.summary)
    return Outcome(result="loss", summary=state.summary)
