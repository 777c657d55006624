"""Jupiter Deep (Mark Major, Whirling Derby Games, 2012): 1 to 7 robots rescue colonists from a creeping colony.

Modules: ``catalog`` (tiles, spiral, Rescue deck and numbers from ``data/jupiter``), ``colony`` (hex tiles, domes,
bridges, edges, islands, straight lines), ``options``, ``state`` (the state and piece queries), ``setup`` (the
spiral, colonists, the deal), ``pod`` (docking, launching), ``cards`` (which card effects apply now), ``board``
(moving, killing, self-destruction, the end), ``actions`` (Player Actions and every card), ``turn`` (Conversion,
Invasion, Draw, the next turn), ``rules`` (the contract functions), ``view`` (what a viewer sees), ``reference``
(the ``/rules`` text), ``heuristic``, ``planner`` and ``selfplay`` (the self-play bot, which plans each
turn, and its win-rate script; see the balance section of docs/rules/jupiter.md).
"""

from __future__ import annotations

from engine.core import Choice, Event, GameSpec, Outcome, Prompt, answering_forced, check_choice, dealing_forced
from engine.core.handed import known
from engine.core.words import seat_ref

from . import rules
from .options import JupiterOptions
from .reference import BLURB, RULES_TEXT, cards_text
from .secrecy import skip_choice, unseen
from .setup import MAX_ROBOTS, MIN_ROBOTS, setup
from .state import JupiterState, cap, robot_name
from .view import JupiterView, view

ENGINE_VERSION = "jupiter-4"  # 4: a question with one answer is answered by the game (3: every exposed side docks)


# Seats and robots -----------------------------------------------------------------------------------------------
#
# Inside the engine a "seat" is a robot: robot i has turn i, colour i and pawn R<i>, and ``rules`` addresses every
# prompt to the robot that decides. The host knows seats as players (one Discord user each). When somebody plays
# several robots (the ``robots`` option), the contract functions below translate at the boundary: a prompt goes
# to the seat that plays its robot (its question then names the robot, since that seat answers for several), an
# answer from that seat is applied as its robot's, and a win lists the seats. With one robot per seat
# (``owners`` empty) they pass everything through unchanged.


def prompts(state: JupiterState) -> list[Prompt]:
    """Every pending decision, addressed to the seat that plays the robot deciding."""
    raw = rules.prompts(state)
    if not state.owners:
        return raw
    return [_for_seat(state, p) for p in raw]


def _for_seat(state: JupiterState, prompt: Prompt) -> Prompt:
    robot = prompt.seat
    seat = state.owner(robot)
    question = prompt.question
    first = prompt.id.endswith(".first")  # asked of the opener for the group, not of one robot
    named = cap(robot_name(robot))
    if len(state.robots_of(seat)) > 1 and not first and not question.startswith(named):
        question = f"{named}: {question}"  # a seat with several robots reads which one is asked, once
    choices = prompt.choices
    if first and len(state.robots_of(seat)) < state.players:  # several people: say whose robot each is
        choices = tuple(
            Choice(id=c.id, label=f"{cap(robot_name(int(c.id[1:])))} ({seat_ref(state.owner(int(c.id[1:])))})")
            if c.id.startswith("s") and c.id[1:].isdigit()
            else c
            for c in choices
        )
    return prompt.model_copy(update={"seat": seat, "question": question, "choices": choices})


def apply(state: JupiterState, seat: int, prompt_id: str, choice_id: str) -> tuple[JupiterState, list[Event]]:
    """Take ``seat``'s answer to one of its prompts and apply it as the answer of the robot the prompt is for."""
    if not state.owners:  # the seats are the robots: the prompts handed along this move are the rules' own
        return rules.apply(state, seat, prompt_id, choice_id, known(state))
    check_choice(known(state) or prompts(state), seat, prompt_id, choice_id)  # refusals speak to the answering seat
    raw = rules.prompts(state)
    robot = next(p.seat for p in raw if p.id == prompt_id)
    return rules.apply(state, robot, prompt_id, choice_id, raw)


def seat_limit(options: JupiterOptions) -> int:
    """Every player needs a robot: with the ``robots`` option set, at most that many players (digest section 2)."""
    return options.robots if options.robots is not None else MAX_ROBOTS


def outcome(state: JupiterState) -> Outcome | None:
    """The game's outcome, a cooperative win naming every seat (not every robot)."""
    result = rules.outcome(state)
    if result is not None and result.winners:
        return result.model_copy(update={"winners": tuple(range(state.seats))})
    return result


SPEC: GameSpec[JupiterState, JupiterOptions] = GameSpec(
    key="jupiter",
    name="Jupiter Deep",
    min_players=MIN_ROBOTS,
    max_players=MAX_ROBOTS,
    options_model=JupiterOptions,
    state_model=JupiterState,
    engine_version=ENGINE_VERSION,
    setup=dealing_forced(setup, prompts, apply),
    prompts=prompts,
    apply=answering_forced(prompts, apply),
    view=view,
    outcome=outcome,
    rules_text=RULES_TEXT,
    cards_text=cards_text,
    blurb=BLURB,
    unseen=unseen,
    skip_choice=skip_choice,
    seat_limit=seat_limit,
)

__all__ = ["ENGINE_VERSION", "SPEC", "JupiterOptions", "JupiterState", "JupiterView", "apply", "outcome", "prompts"]
