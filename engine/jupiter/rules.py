"""The contract functions of Jupiter Deep: ``prompts`` and ``apply``, phase by phase.

``apply`` checks the answer against ``prompts`` (one source of legal choices), works on a copy, applies the
answer and then ``settle`` moves the game on through everything automatic up to the next decisions.

Setup: every seat picks its core at once (JUP-SETUP-8); the lobby opener, seat 0, picks the first robot for
the group (JUP-SETUP-10, JUP-GAP-GROUP); the first robot docks the pod (JUP-SETUP-11). Then turns: Player
Actions (``actions.py``), then Conversion, Invasion and Draw (``turn.py``), to a win or a loss (``board.py``).
"""

from __future__ import annotations

from engine.core import Choice, Event, IllegalAction, Outcome, Prompt, check_choice

from .actions import action_prompt, answer_action, only_end
from .board import check_end
from .catalog import CATALOG
from .pod import answer_dock, dock_prompt
from .state import JupiterState, cap, robot_name
from .turn import advance, answer_end, begin_turn, end_actions, end_prompt, enter_actions

RANDOM = "random"


def core_label(key: str) -> str:
    """``Bullhorn (core: every action)``: the card and how often it works as a core."""
    card = CATALOG.card(key)
    scope = (card.core_scope or "").replace("_", " ")
    return f"{card.name} (core: {scope})"


def seat_choice(seat: int) -> Choice:
    return Choice(id=f"s{seat}", label=cap(robot_name(seat)))


def core_prompt(state: JupiterState, seat: int) -> Prompt:
    """JUP-SETUP-8 / JUP-VAR-RV-4: one of the dealt cards becomes the core. Named by seat, not by step, so it
    stays valid while other seats answer theirs."""
    kind = "core" if state.phase == "core" else "recore"
    return Prompt(
        id=f"t{state.turn}.{kind}.{seat}",
        seat=seat,
        question="Which of your two cards becomes your core ability?",
        choices=tuple(Choice(id=k, label=core_label(k)) for k in dict.fromkeys(state.robots[seat].dealt)),
        private=False,
    )


def prompts(state: JupiterState) -> list[Prompt]:
    """Every decision the game waits on now: every seat's core at setup, else one seat's next step (plus the
    core choice of robots returning with Robot Vulnerability)."""
    if state.phase in ("won", "lost"):
        return []
    if state.phase == "core":
        return [core_prompt(state, seat) for seat, robot in enumerate(state.robots) if robot.core is None]
    result = [main_prompt(state)]
    result += [core_prompt(state, seat) for seat in state.recore]
    return result


def deciding(state: JupiterState) -> set[int]:
    """The robots ``prompts`` addresses now, without building their choices: the view marks them as waiting,
    and building every choice (destinations, dock sides) would cost a view a sixth of its time. It follows
    ``prompts`` and ``main_prompt`` step for step: the opener (seat 0) picks the first robot, the first robot
    docks, and every other step is the active robot's; robots returning under Robot Vulnerability choose a
    core."""
    if state.phase in ("won", "lost"):
        return set()
    if state.phase == "core":
        return {seat for seat, robot in enumerate(state.robots) if robot.core is None}
    if state.phase == "first":
        main = 0
    elif state.phase == "dock":
        assert state.first is not None
        main = state.first
    else:
        main = state.active
    return {main, *state.recore}


def main_prompt(state: JupiterState) -> Prompt:
    """The one sequential decision pending now."""
    if state.phase == "first":
        return Prompt(
            id=state.prompt_id("first"),
            seat=0,
            question="Which robot takes the first turn? You decide for the group.",
            choices=(*(seat_choice(s) for s in range(state.players)), Choice(id=RANDOM, label="Pick at random")),
            private=False,
        )
    picked = state.chain[0] if state.chain else None
    if state.phase == "dock":
        assert state.first is not None
        return dock_prompt(state, state.first, picked)
    if state.phase == "start" or (state.phase == "end" and state.redock):
        return dock_prompt(state, state.active, picked)
    if state.phase == "actions":
        return action_prompt(state)
    return end_prompt(state)


def apply(
    state: JupiterState, seat: int, prompt_id: str, choice_id: str, asked: list[Prompt] | None = None
) -> tuple[JupiterState, list[Event]]:
    """Take one answer and resolve everything automatic up to the next decisions; ``state`` is not changed.
    ``asked``: ``prompts(state)`` when the caller has them (``engine.core.handed``), not worked out again."""
    prompt = check_choice(prompts(state) if asked is None else asked, seat, prompt_id, choice_id)
    new = state.clone()
    if new.phase == "core" or ".recore." in prompt.id:
        events = choose_core(new, seat, choice_id)
        if seat in new.recore:
            new.recore.remove(seat)
        return new, events + settle(new)
    new.step += 1
    if new.phase == "first":
        events = choose_first(new, choice_id)
    elif new.phase in ("dock", "start") or (new.phase == "end" and new.redock):
        picked, events = answer_dock(new, seat, new.chain[0] if new.chain else None, choice_id)
        new.chain = [picked] if picked is not None else []
        if new.pod.dock is not None:
            new.chain = []
            if new.phase == "dock":
                events += begin_turn(new, new.active)
            elif new.phase == "start":
                events += enter_actions(new)
            else:
                events += advance(new)
            events += check_end(new)
    elif new.phase == "actions":
        if not new.chain and choice_id == "end":
            events = end_actions(new)
        else:
            events = answer_action(new, choice_id)
    elif new.phase == "end":
        events = answer_end(new, choice_id)
    else:  # pragma: no cover - prompts() offers nothing else, and check_choice refused the rest
        raise IllegalAction("Nothing is waiting on that choice.")
    return new, events + settle(new)


def choose_core(state: JupiterState, seat: int, key: str) -> list[Event]:
    """JUP-SETUP-8: the chosen card gets the ring; the other dealt card is the hand."""
    robot = state.robots[seat]
    hand = list(robot.dealt)
    hand.remove(key)
    robot.core, robot.hand, robot.dealt = key, robot.hand + hand, []
    return [Event(text=f"{cap(robot_name(seat))} installs {CATALOG.card_name(key)} as its core ability.")]


def choose_first(state: JupiterState, choice: str) -> list[Event]:
    """JUP-SETUP-10: the named seat, or one drawn from the game's generator."""
    first = state.rng.randrange(state.players) if choice == RANDOM else int(choice[1:])
    state.first = state.active = first
    state.phase = "dock"
    how = "drawn at random" if choice == RANDOM else "chosen by the group"
    return [Event(text=f"{cap(robot_name(first))} goes first ({how}) and docks the Evacuation Pod.")]


def settle(state: JupiterState) -> list[Event]:
    """Everything that happens without a decision: the end of the core choice, a lone robot going first, a
    turn whose only legal entry is "End your actions"."""
    events: list[Event] = []
    if state.phase == "core" and all(r.core is not None for r in state.robots):
        state.phase = "first"
        if state.players == 1:  # nobody to decide with: the lone robot goes first
            state.first = state.active = 0
            state.phase = "dock"
    while state.phase == "actions" and not state.chain and only_end(state):
        events += end_actions(state)
    return events


def outcome(state: JupiterState) -> Outcome | None:
    """``None`` while playing; a cooperative win for every seat (JUP-WIN-1) or a loss (JUP-LOSE-*)."""
    if state.phase == "won":
        return Outcome(result="win", winners=tuple(range(state.players)), summary=state.result)
    if state.phase == "lost":
        return Outcome(result="loss", winners=(), summary=state.result)
    return None
