"""Turns of the player phase as prompts: pick an action, its parameters, the cards that pay; pass with a
discard (DER-TURN-1..7, DER-COST-1..7).

Only the player whose turn it is has a prompt (section 6 of the digest). Every prompt id carries the round
and a step counter so an old button is told apart from the current one.
"""

from __future__ import annotations

from engine.core import Choice, Event, Prompt

from .actions import action_by_id, available, discard_named, pay_options
from .board import character_name, is_awake, room_name
from .cards import card_name
from .details import action_detail
from .exchange import answer_exchange, exchange_over, exchange_prompts
from .harm import has_wound, light_wound
from .pods import launch
from .state import DerelictState, Player, Step

PASS = "pass"
LAUNCH, STAY, STEP_OUT = "launch", "stay", "step_out"
SKIPPED = "-"  # a parameter with nothing to choose (a free hand: nothing to drop)
DONE = "done"


def prompt_id(state: DerelictState, kind: str) -> str:
    return f"r{state.round}.{state.steps}.{kind}"


def turn_prompts(state: DerelictState) -> list[Prompt]:
    """The one prompt of the acting player (empty while nobody acts)."""
    if state.current is None or state.step is None:
        return []
    player = state.players[state.current]
    step = state.step
    if step.kind == "exchange":
        return exchange_prompts(state)
    if step.kind == "turn" and player.status == "pod":
        return [
            Prompt(
                id=prompt_id(state, "pod"),
                seat=player.seat,
                question=f"{character_name(player)}, you wait in escape pod {player.pod}: launch, stay or step out?",
                choices=(
                    Choice(id=LAUNCH, label="Launch the pod"),
                    Choice(id=STAY, label="Stay and pass"),
                    Choice(id=STEP_OUT, label="Step out into the bay"),
                ),
            )
        ]
    if step.kind == "turn" and player.hands_used() > player.hand_limit():
        from .play import held_choices

        return [
            Prompt(
                id=prompt_id(state, "arm"),
                seat=player.seat,
                question="Your mangled arm holds one thing only: what do you drop?",
                choices=tuple(held_choices(player)),
            )
        ]
    if step.kind == "turn":
        choices = [
            Choice(id=a.id, label=f"{a.label} ({cost_words(a.cost(state, player))})", detail=action_detail(player, a))
            for a in available(state, player)
        ]
        choices.append(Choice(id=PASS, label="Pass"))
        which = "first" if player.actions == 0 else "second"
        return [
            Prompt(
                id=prompt_id(state, "turn"),
                seat=player.seat,
                question=f"{character_name(player)}, your {which} action?",
                choices=tuple(choices),
            )
        ]
    if step.kind == "discard":
        cards = list(dict.fromkeys(player.hand))
        options = [Choice(id=DONE, label="Keep the rest of my hand")]
        # two cards the player cannot tell apart (unscanned infection cards) are one choice, not two buttons alike
        by_label: dict[str, str] = {}
        for c in cards:
            by_label.setdefault(f"Discard {card_name(player, c)}", c)
        options += [Choice(id=c, label=label) for label, c in by_label.items()]
        return [
            Prompt(
                id=prompt_id(state, "discard"),
                seat=player.seat,
                question="You pass. Discard any cards before the next round?",
                choices=tuple(options),
            )
        ]
    action = action_by_id(step.action)
    if step.kind == "after":
        assert action.followup is not None
        return [
            Prompt(
                id=prompt_id(state, action.followup.name),
                seat=player.seat,
                question=f"{action.label}: {action.followup.question}",
                choices=tuple(action.followup.choices(state, player, step.params)),
            )
        ]
    for param in action.params:
        if param.name not in step.params:
            return [
                Prompt(
                    id=prompt_id(state, param.name),
                    seat=player.seat,
                    question=f"{action.label}: {param.question}",
                    choices=tuple(param.choices(state, player, step.params)),
                )
            ]
    paying: dict[str, str] = {}  # cards the player cannot tell apart (unscanned infection cards): one choice
    for c in dict.fromkeys(pay_options(player, action)):
        paying.setdefault(card_name(player, c), c)
    return [
        Prompt(
            id=prompt_id(state, "pay"),
            seat=player.seat,
            question=f"{action.label}: which card pays ({cost_words(step.cost)} still to pay)?",
            choices=tuple(Choice(id=c, label=label) for label, c in paying.items()),
        )
    ]


def cost_words(n: int) -> str:
    return "free" if n == 0 else f"{n} card{'' if n == 1 else 's'}"


def answer(state: DerelictState, player: Player, choice: str, out: list[Event]) -> None:
    """Record the acting player's answer to their current prompt."""
    step = state.step
    assert step is not None
    if step.kind == "turn" and player.status == "pod":
        pod_turn(state, player, choice, out)
        return
    if step.kind == "turn" and player.hands_used() > player.hand_limit():
        from .play import drop

        drop(state, player, choice, out)  # DER-WOUND-5: settled on the player's own turn
        return
    if step.kind == "turn":
        if choice == PASS:
            if player.hand:
                state.step = Step(kind="discard")
            else:
                finish_pass(state, player, out)
            return
        action = action_by_id(choice)
        state.step = Step(kind="act", action=action.id, cost=action.cost(state, player))
        if action.card is not None:
            # DER-ACT-CARD-1: the card is played (face up on the discard pile) before its cost and targets.
            discard_named(player, action.card, out)
        return
    if step.kind == "discard":
        if choice == DONE:
            finish_pass(state, player, out)
            return
        discard_named(player, choice, out)
        if not player.hand:
            finish_pass(state, player, out)
        return
    action = action_by_id(step.action)
    if step.kind == "after":
        assert action.finish is not None and action.followup is not None
        params = dict(step.params)
        params[action.followup.name] = choice
        state.step = None
        action.finish(state, player, params, out)
        after_action(state, player, out)
        return
    missing = next((p for p in action.params if p.name not in step.params), None)
    if missing is not None:
        step.params[missing.name] = choice
        return
    discard_named(player, choice, out)
    step.cost -= 1


def settle_action(state: DerelictState, player: Player, out: list[Event]) -> bool:
    """Pay forced costs and resolve a fully prepared action; ``True`` if it resolved (the step moved on)."""
    step = state.step
    if step is None or step.kind != "act":
        return False
    action = action_by_id(step.action)
    for param in action.params:
        if param.name in step.params:
            continue
        choices = param.choices(state, player, step.params)
        if len(choices) > 1:
            return False  # a real question: ask it
        step.params[param.name] = choices[0].id if choices else SKIPPED
    while step.cost > 0:
        options = pay_options(player, action)
        if len(options) != step.cost and len(set(options)) > 1:
            return False  # a real choice: ask (DER-COST-5)
        discard_named(player, options[0], out)
        step.cost -= 1
    state.step = None
    action.resolve(state, player, step.params, out)
    if not action.free:
        player.actions += 1
    after_action(state, player, out)
    return True


def after_action(state: DerelictState, player: Player, out: list[Event]) -> None:
    """DER-TURN-4: after the second action the turn ends; a character who left play ends it at once."""
    if state.step is not None:
        return  # a follow-up decision of the same action is pending
    if not is_awake(player) or player.status != "active" or player.actions >= 2:
        end_turn(state, player, out)
    else:
        state.step = Step(kind="turn")


def finish_pass(state: DerelictState, player: Player, out: list[Event]) -> None:
    """DER-TURN-3/5/7: the player passes for the round; a Bleeding wound hurts on passing."""
    player.passed = True
    out.append(Event(text=f"{character_name(player)} passes."))
    if has_wound(player, "bleeding"):
        light_wound(state, player, out)
    end_turn(state, player, out)


def end_turn(state: DerelictState, player: Player, out: list[Event]) -> None:
    """DER-TURN-7: fire hurts at the end of each turn; then the next player who has not passed."""
    if player.status == "active" and player.room in state.ship.fire:
        out.append(Event(text=f"The fire in {room_name(state, player.room)} burns {character_name(player)}."))
        light_wound(state, player, out)
    player.actions = 0
    state.step = None
    state.current = next_player(state, player.seat)
    if state.current is not None:
        state.step = Step(kind="turn")


def next_player(state: DerelictState, after: int) -> int | None:
    """DER-TURN-1/4: clockwise to the next awake player who has not passed; ``None`` when all have."""
    n = len(state.players)
    for i in range(1, n + 1):
        p = state.players[(after + i) % n]
        if is_awake(p) and not p.passed:
            return p.seat
    return None


def pod_turn(state: DerelictState, player: Player, choice: str, out: list[Event]) -> None:
    """DER-POD-7: launch (the turn ends), stay (a pass) or step out into the bay (the turn goes on)."""
    pod = next(p for p in state.ship.pods if p.number == player.pod)
    if choice == LAUNCH:
        launch(state, pod, out)
        end_turn(state, player, out)
    elif choice == STAY:
        finish_pass(state, player, out)
    else:
        pod.seats.remove(player.seat)
        player.status = "active"
        player.pod = None
        player.room = pod.bay
        out.append(Event(text=f"{character_name(player)} steps out of pod {pod.number}."))


def answer_in_exchange(state: DerelictState, seat: int, choice: str, out: list[Event]) -> None:
    """An exchange participant's answer; when the exchange is over the initiator's action ends."""
    answer_exchange(state, seat, choice, out)
    if exchange_over(state):
        assert state.exchange is not None
        initiator = state.players[state.exchange.initiator]
        state.exchange = None
        state.step = None
        out.append(Event(text="The exchange is over."))
        after_action(state, initiator, out)
