"""The contract functions of Derelict: ``prompts``, ``apply``, ``view`` and ``outcome``.

``apply`` checks the answer against ``prompts`` (one source of legal choices), works on a deep copy, then
``settle`` resolves everything automatic up to the next decision: forced payments, action resolutions,
the event phase, the next round. An end condition anywhere raises ``GameOver`` and the end-of-game checks
run at once (DER-ROUND-5).
"""

from __future__ import annotations

from engine.core import Choice, Event, Outcome, Prompt, check_choice
from engine.core.handed import known
from engine.core.words import seat_ref

from .catalog import CATALOG
from .details import clipped
from .endgame import end_checks, outcome_of
from .ending import GameOver
from .phase import event_phase
from .setup import setup_done, start_round, take_character
from .state import DerelictState
from .turn import answer, answer_in_exchange, settle_action, turn_prompts


def setup_prompts(state: DerelictState) -> list[Prompt]:
    """DER-SETUP-7/11, DER-TASK-4: the drafter's character choice and every open task choice, at once."""
    result = []
    if state.drafting is not None:
        p = state.players[state.drafting]
        result.append(
            Prompt(
                id=f"draft{p.seat}",
                seat=p.seat,
                question="Which character do you play?",
                choices=tuple(
                    Choice(id=c, label=CATALOG.character[c].name, detail=clipped(CATALOG.character[c].trait))
                    for c in p.offered
                ),
            )
        )
    for p in state.players:
        if p.task is None:
            result.append(
                Prompt(
                    id=f"task{p.seat}",
                    seat=p.seat,
                    question="Which of your two secret tasks do you keep?",
                    choices=tuple(
                        Choice(id=t, label=task_label(t), detail=clipped(CATALOG.task[t].text)) for t in p.dealt_tasks
                    ),
                )
            )
    return sorted(result, key=lambda pr: pr.seat)


def task_label(task: str) -> str:
    """The task's name alone, for every task alike: most texts do not fit a button, and two choices worded
    unevenly (one with its text, one without) read as if they were different kinds of thing; the panel shows
    both tasks' texts just above the buttons."""
    return CATALOG.task[task].name


def prompts(state: DerelictState) -> list[Prompt]:
    """Every decision the game waits on now."""
    if state.phase == "setup":
        return setup_prompts(state)
    if state.phase == "play":
        return turn_prompts(state)
    return []


def apply(state: DerelictState, seat: int, prompt_id: str, choice_id: str) -> tuple[DerelictState, list[Event]]:
    """Take one answer and resolve everything automatic up to the next decisions; ``state`` is unchanged."""
    check_choice(known(state) or prompts(state), seat, prompt_id, choice_id)  # handed along a move, or worked out
    new = state.clone()
    new.steps += 1
    out: list[Event] = []
    try:
        if new.phase == "setup":
            if prompt_id.startswith("draft"):
                take_character(new, seat, choice_id, out)
            else:
                new.players[seat].task = choice_id
                out.append(Event(text=f"{seat_ref(seat)} has chosen a secret task."))
        elif new.exchange is not None:
            answer_in_exchange(new, seat, choice_id, out)
        else:
            answer(new, new.players[seat], choice_id, out)
        settle(new, out)
    except GameOver:
        end_checks(new, out)
    return new, out


def settle(state: DerelictState, out: list[Event]) -> None:
    """Everything that happens without a decision, until somebody must decide (or ``GameOver``)."""
    while True:
        if state.phase == "setup":
            if not setup_done(state):
                return
            start_round(state, out)
            continue
        if state.phase != "play":
            return
        if state.current is None:
            event_phase(state, out)
            start_round(state, out)
            continue
        player = state.players[state.current]
        if not settle_action(state, player, out):
            return


def outcome(state: DerelictState) -> Outcome | None:
    """``None`` while playing; the winners and, per seat, why (DER-WIN-1)."""
    if state.phase != "over":
        return None
    return outcome_of(state)
