"""One character's turn as straight code (CAP-TURN-2), run by ``script.Script``.

Rotation Gone Mad's rotation first (CAP-VAR-RGM-1); step 1 Action: play every card but one (card → action
type → one target per action; discard for no effect; the free Search after each card played for an action),
with the free actions at the top level (repair, spare parts, items: CAP-G-ACT-1) and the off-turn plays of
other characters offered beside the active player's choice (the Engineer's rotation, repair contributions:
CAP-COMM-3); step 2 Share/Trash and Draw; step 3 aliens (``aliens``) and step 4 events (``events``), both
skipped for a character in the pod in the end game (CAP-END-2, CAP-G-END-1); the turn's end, a headline.
"""

from __future__ import annotations

from functools import cache, lru_cache

from engine.core import Choice
from engine.core.words import count

from .actions import (
    can_search,
    do_grenade,
    do_hide,
    do_move,
    do_power,
    do_rotate,
    do_targets,
    engineer_power,
    search,
    usable,
)
from .aliens import aliens_step
from .board import SHIP
from .catalog import CATALOG
from .details import as_sentence, card_detail, symbol_detail
from .effects import damage_space, heal, hurt, rotate
from .events import events_step
from .repair import can_open_repair, close_repair, flip, open_repair
from .script import GameOver, Question, Script
from .state import Crew
from .terms import POD, RoleKey, Variant

NO_EFFECT = "none"


def run_turn(s: Script, variant: Variant) -> None:
    """The whole turn of the active character, up to (not including) handing over to the next one."""
    crew = s.crew
    c = crew.current
    s.say(f"Turn {s.turn}: the {c.name}.")
    if not any(ch.hand or ch.stack or ch.used for ch in crew.characters):
        # CAP-G-DECK-3 (ours): every card was trashed; nobody can ever act again, so the game cannot be won.
        s.say("Nobody has a single action card left: the crew is stranded. The crew has lost.", headline=True)
        raise GameOver("loss", "The crew ran out of action cards.")
    if variant == "rotation-gone-mad":
        ring = SHIP.ring_of(c.space)
        if ring == "inner" or ring == "middle":  # CAP-VAR-RGM-1; never triggers CAP-MOVE-5 (CAP-G-RGM-1)
            rotate(s, ring, "Rotation Gone Mad")
    action_step(s)
    share_and_draw(s)
    if crew.end_game and crew.current.space == POD:  # CAP-END-2, CAP-G-END-1: safe in the pod
        s.say(f"The {crew.current.name} is safe in the pod: no aliens, no events.")
    else:
        aliens_step(s)
        events_step(s)
    end_turn(s)


# --- step 1: action (CAP-ACT-*)


def action_step(s: Script) -> None:
    """Play or discard every card but one (CAP-ACT-1, CAP-ACT-6, CAP-ACT-7), with free actions between cards
    and after the last (CAP-G-ACT-1); finish with one card left. An open repair ends with the step, after
    the other characters' closing window (CAP-G-REP-2)."""
    crew = s.crew
    me = crew.active
    waited = False  # whether the off-turn window was held open for the others while the active had nothing left
    while True:
        c = crew.current
        choices: list[Choice] = []
        if len(c.hand) > 1:
            choices += hand_choices(tuple(c.hand), c.role)
            replayed = replayed_play(s, choices)
            if replayed is not None:
                play_card(s, replayed)
                continue
        choices += free_actions(crew)
        if len(c.hand) <= 1:
            choices.append(Choice(id="done", label="End your actions"))
        question = Question(key="a", character=me, question="Your action step: what do you do next?", choices=choices)
        others = off_turn_questions(crew)
        if s.answers_forced and [ch.id for ch in choices] == ["done"]:
            # Nothing left but to end: the active player is not asked; the others' off-turn window stays open
            # until each has played or said "Not now", then the step ends by itself, and the log says so.
            if others:
                key, answer = s.ask_any(others)
                off_turn_play(s, int(key.removeprefix("c")), answer)
                waited = True
                continue
            if waited:  # the channel saw the others asked: it reads why the step goes on without an answer
                s.say(f"The {c.name} has nothing else to do and ends the action step.")
        key, answer = s.ask_any([question, *others])
        if key != "a":
            off_turn_play(s, int(key.removeprefix("c")), answer)
        elif answer == "done":
            if crew.repair_room is not None:
                closing_window(s)
                close_repair(s, "The action step ends")
            return
        elif answer.startswith("play."):
            play_card(s, answer.removeprefix("play."))
        else:
            free_action(s, answer)


def replayed_play(s: Script, plays: list[Choice]) -> str | None:
    """The card a replay of the turn plays at the top of the action step, when the answer given before is one of
    ``plays`` and there are two or more: the active player's question then had two choices or more and took that
    answer, whatever the free actions and off-turn offers beside it, so they are not worked out again. ``None``:
    ask."""
    answer = s.recorded()
    if answer is None or answer.key != "a" or len(plays) < 2 or not any(p.id == answer.choice for p in plays):
        return None
    return s.take(answer).removeprefix("play.")


@lru_cache(maxsize=4096)
def hand_choices(hand: tuple[str, ...], role: RoleKey) -> tuple[Choice, ...]:
    """``play_choices`` of a whole hand in hand order: the same for the same hand, and every replay of a turn asks
    the action step's question again at every card played (the choices are frozen values; callers copy)."""
    return tuple(play_choices(sorted(hand, key=card_order), role))


def play_choices(cards: list[str], role: RoleKey | None = None) -> list[Choice]:
    """``Play <card>`` for each card, but once for cards alike (same name and actions: a common card from two
    starter decks): playing either leaves the same hand, so offering both would be a choice that changes
    nothing. Each says what its action types do (``card_detail``; Power as ``role``'s)."""
    seen: set[str] = set()
    choices = []
    for card_id in cards:
        choice = play_choice(card_id, role)
        if choice.label not in seen:
            seen.add(choice.label)
            choices.append(choice)
    return choices


@cache
def play_choice(card_id: str, role: RoleKey | None) -> Choice:
    """``Play <card>`` with what it does: the same for every hand, so made once (every replay of a turn asks
    the action step's question again, and a choice is a frozen value)."""
    card = CATALOG.action(card_id)
    detail = card_detail([o.symbol for o in card.options], role)
    return Choice(id=f"play.{card_id}", label=f"Play {card.label}"[:80], detail=detail)


def card_order(card_id: str) -> tuple[str, int]:
    """Hand order: by letter, then number (E2 before E10)."""
    return card_id[0], int(card_id[1:])


def play_card(s: Script, card_id: str) -> None:
    """Put the card face up on the Used pile and use one of its action types, or none (CAP-ACT-2/3/4)."""
    crew = s.crew
    me = crew.active
    c = crew.current
    card = CATALOG.action(card_id)
    c.hand.remove(card_id)
    c.used.append(card_id)
    answer = replayed_action(s, card_id)
    if answer is None:
        choices = [
            Choice(id=o.symbol, label=o.label, detail=as_sentence(symbol_detail(o.symbol, c.role)))
            for o in card.options
            if usable(s, o.symbol)
        ]
        choices.append(Choice(id=NO_EFFECT, label="No effect: discard it"))
        answer = s.ask(me, f"Which action of {card.name} do you use?", choices)
    if answer == NO_EFFECT:
        s.say(f"The {c.name} discards {card.name} for no effect.")
        return
    option = next(o for o in card.options if o.symbol == answer)
    s.say(f"The {c.name} plays {card.name}: {option.label}.")
    if option.symbol == "power":
        do_power(s)
    elif option.symbol == "move":
        do_move(s, option.count)
    elif option.symbol == "rotate":
        do_rotate(s, option.count)
    elif option.symbol in ("hit", "shoot"):
        do_targets(s, option.count, option.symbol)
    elif option.symbol == "grenade":
        do_grenade(s, option.count)
    elif option.symbol == "hide":
        do_hide(s)
    if can_search(crew) and s.yes_no(
        me, f"Search the dot on {c.space}?", yes="Search it", no="Skip the search"
    ):  # CAP-SEARCH-1: once per card played for an action, after its last action
        search(s)


def replayed_action(s: Script, card_id: str) -> str | None:
    """The action type a replay of the turn takes for the card just played, when the answer given before is one
    the card offers and still usable (or "No effect" while one is): then the question had two choices at least
    and took that answer, and working out every other action type's targets again would change nothing.
    ``None``: ask."""
    answer = s.recorded()
    if answer is None or answer.key != "a":
        return None
    options = CATALOG.action(card_id).options
    if answer.choice == NO_EFFECT:  # asked (and answered) only if some action type was usable beside it
        return s.take(answer) if any(usable(s, o.symbol) for o in options) else None
    option = next((o for o in options if o.symbol == answer.choice), None)
    if option is None or not usable(s, option.symbol):
        return None
    return s.take(answer)


# --- step 2: share/trash and draw (CAP-SHARE-*)


def share_and_draw(s: Script) -> None:
    """Pass the last card for 1 health, or trash it; then draw 5 (CAP-SHARE-1..5, CAP-G-DECK-*)."""
    crew = s.crew
    me = crew.active
    c = crew.current
    if len(c.hand) == 1:
        card_id = c.hand[0]
        card = CATALOG.action(card_id)
        receiver = crew.characters[crew.next_character(me)]
        cost = CATALOG.rules.pass_cost
        choices = []
        if c.health > cost:  # CAP-G-SHARE-1: never a pass that kills the passer
            choices.append(Choice(id="pass", label=f"Pass it to the {receiver.name} (costs {cost} health)"))
        choices.append(Choice(id="trash", label="Trash it (shared discard pile)"))
        answer = s.ask(me, "Your last card: pass it on or trash it?", choices)
        c.hand.remove(card_id)
        if answer == "pass":
            receiver.hand.append(card_id)  # CAP-SHARE-2
            s.say(f"The {c.name} passes a card to the {receiver.name}.")
            s.tell([me, crew.next_character(me)], f"The card passed: {card.label}.")  # CAP-G-SHARE-2
            hurt(s, me, cost, "Passing a card")
        else:
            crew.discard.append(card_id)  # CAP-SHARE-3
            s.say(f"The {c.name} trashes {card.label}.")
    draw(s, me, CATALOG.rules.hand_size)


def draw(s: Script, who: int, n: int) -> None:
    """Draw ``n`` cards; an empty stack is first rebuilt from the shuffled Used pile, and a character short
    of cards draws what there is (CAP-SHARE-5, CAP-G-DECK-1)."""
    c = s.crew.characters[who]
    drawn: list[str] = []
    for _ in range(n):
        if not c.stack:
            if not c.used:
                break
            c.stack = list(c.used)
            c.used = []
            s.rng.shuffle(c.stack)
            s.say(f"The {c.name} shuffles their Used pile into a new Actions stack.")
        drawn.append(c.stack.pop(0))
    c.hand += drawn
    s.say(f"The {c.name} draws {count(len(drawn), 'card')}.")
    if drawn:
        s.tell([who], "You drew: " + "; ".join(CATALOG.action(d).label for d in drawn) + ".")


def end_turn(s: Script) -> None:
    """Wounds on surviving small aliens heal (CAP-G-DMG-1); the active character stands up (CAP-G-HIDE-1);
    the off-turn offers reset. The end of a turn is a headline: the host posts a fresh board."""
    crew = s.crew
    for alien in crew.aliens:
        alien.damage = 0
    crew.current.hiding = False
    crew.engineer_rotated = False
    crew.not_now = []
    following = crew.characters[crew.next_character(crew.active)]
    s.say(f"End of turn {s.turn}. Next: the {following.name}.", headline=True)


# --- free actions (CAP-G-ACT-1, CAP-REPAIR-1, CAP-PART-2, CAP-ITEM-1, CAP-ITEM-2)


def free_actions(crew: Crew) -> list[Choice]:
    """The free actions the active character can take now, at the top level of the Action step."""
    me = crew.active
    c = crew.current
    choices: list[Choice] = []
    room = can_open_repair(crew)
    if room is not None:
        choices.append(Choice(id="repair", label=f"Start the {SHIP.room(room).name} repair"))
    if crew.repair_room is not None:
        choices.append(Choice(id="endrep", label=f"End the {SHIP.room(crew.repair_room).name} repair attempt"))
    others = [i for i, o in enumerate(crew.characters) if i != me and SHIP.adjacent(c.space, o.space)]
    top = CATALOG.rules.character_health
    for card_id in c.backpack:
        found = CATALOG.found[card_id]
        if found.kind == "part" and found.room != crew.repair_room:
            for i in others:
                who = crew.characters[i]
                choices.append(
                    Choice(id=f"give.{card_id}.{who.role}", label=f"Give the {found.name} to the {who.name}")
                )
        elif found.kind == "med_kit":
            for i in others:
                who = crew.characters[i]
                if who.health < top:
                    label = f"Med kit: heal the {who.name} {found.value} ({who.health} health now)"
                    choices.append(Choice(id=f"kit.{card_id}.{who.role}", label=label))
        elif found.kind == "flamethrower" and c.space != POD:
            choices.append(
                Choice(id=f"flame.{card_id}", label=f"Use the flamethrower ({found.value} damage, radius 2)")
            )
    return choices


def character_of(crew: Crew, role: str) -> int:
    return next(i for i, c in enumerate(crew.characters) if c.role == role)


def free_action(s: Script, answer: str) -> None:
    """Carry out one free action chosen at the top level."""
    crew = s.crew
    me = crew.active
    c = crew.current
    if answer == "repair":
        room = can_open_repair(crew)
        assert room is not None
        open_repair(s, room)
        return
    if answer == "endrep":
        closing_window(s)
        close_repair(s, f"The {c.name} ends the attempt")
        return
    kind, card_id, *rest = answer.split(".")
    found = CATALOG.found[card_id]
    c.backpack.remove(card_id)
    if kind == "give":  # CAP-PART-2, CAP-G-ITEM-1
        who = character_of(crew, rest[0])
        crew.characters[who].backpack.append(card_id)
        s.say(f"The {c.name} hands the {found.name} to the {crew.characters[who].name}.")
    elif kind == "kit":  # CAP-ITEM-1
        crew.discard.append(card_id)
        heal(s, character_of(crew, rest[0]), found.value, f"The {c.name}'s med kit")
    else:  # CAP-ITEM-2, CAP-G-FLAME-1: everything within 2 in the room but the user
        crew.discard.append(card_id)
        s.say(f"The {c.name} fires a flamethrower!")
        for space in [c.space, *SHIP.around(c.space, radius=CATALOG.flamethrower_radius)]:
            damage_space(s, space, found.value, "The flamethrower", spare=me)


# --- off-turn plays (CAP-COMM-3, CAP-REPAIR-9, CAP-ROLE-ENGINEER-2, CAP-G-REP-5, CAP-G-ENG-2)


def eligible_cards(crew: Crew, who: int) -> list[str]:
    """Cards ``who`` may play off-turn now: on an open repair a Rotate card (the Engineer: also Power);
    otherwise only the Engineer, once a turn, a Rotate or Power card to rotate a ring."""
    c = crew.characters[who]
    symbols = ("rotate", "power") if c.role == "engineer" else ("rotate",)
    if crew.repair_room is None and (c.role != "engineer" or crew.engineer_rotated):
        return []
    return [
        card
        for card in sorted(c.hand, key=card_order)
        if any(o.symbol in symbols for o in CATALOG.action(card).options)
    ]


def off_turn_questions(crew: Crew) -> list[Question]:
    """Standing off-turn offers beside the active player's top-level choice (D13, D18)."""
    questions = []
    n = len(crew.characters)
    for k in range(1, n):
        who = (crew.active + k) % n
        cards = eligible_cards(crew, who)
        if not cards or who in crew.not_now:
            continue
        c = crew.characters[who]
        if crew.repair_room is not None:
            text = f"Off-turn: {c.name}, play a card on the {SHIP.room(crew.repair_room).name} repair?"
        else:
            text = f"Off-turn: {c.name}, play a card to rotate a ring?"
        choices = play_choices(cards)
        choices.append(Choice(id="notnow", label="Not now (for the rest of this turn)"))
        questions.append(Question(key=f"c{who}", character=who, question=text, choices=choices))
    return questions


def off_turn_play(s: Script, who: int, answer: str) -> None:
    """An off-turn character's answer: decline for this turn, or play a card (to the Used pile)."""
    crew = s.crew
    if answer == "notnow":
        crew.not_now.append(who)
        return
    contribute(s, who, answer.removeprefix("play."))


def contribute(s: Script, who: int, card_id: str) -> None:
    """Play ``card_id`` off-turn: on an open repair each Rotate symbol flips one card, stopping allowed, and
    the Engineer's Power is the draw-2 flip; with no repair, the Engineer's one rotation (CAP-G-ENG-1/2)."""
    crew = s.crew
    c = crew.characters[who]
    card = CATALOG.action(card_id)
    c.hand.remove(card_id)
    c.used.append(card_id)
    if crew.repair_room is None:
        crew.engineer_rotated = True
        s.say(f"Off-turn, the {c.name} plays {card.name} to rotate a ring.")
        engineer_power(s, who)
        return
    s.say(f"Off-turn, the {c.name} plays {card.name} on the repair.")
    options = [o for o in card.options if o.symbol == "rotate" or (o.symbol == "power" and c.role == "engineer")]
    choices = [
        Choice(id=o.symbol, label=o.label if o.symbol == "rotate" else "Power: draw 2, carry out one") for o in options
    ]
    symbol = s.ask(who, f"Which action of {card.name} do you use on the repair?", choices)
    if symbol == "power":
        engineer_power(s, who)
        return
    count = next(o.count for o in options if o.symbol == "rotate")
    for done in range(count):
        if crew.repair_room is None:
            return
        if done and not s.yes_no(who, f"Flip another repair card? ({count - done} left)", "Flip", "Stop"):
            return
        flip(s, who)


def closing_window(s: Script) -> None:
    """Before an unfinished repair ends, every other character holding an eligible card is asked in turn
    order after the active one to contribute or decline, until all have declined since the last
    contribution (CAP-G-REP-2, D14)."""
    crew = s.crew
    n = len(crew.characters)
    others = [(crew.active + k) % n for k in range(1, n)]
    declined: set[int] = set()
    at = 0
    while crew.repair_room is not None:
        rota = others[at:] + others[:at]
        who = next((o for o in rota if o not in declined and eligible_cards(crew, o)), None)
        if who is None:
            return
        at = (others.index(who) + 1) % len(others)
        choices = play_choices(eligible_cards(crew, who))
        choices.append(Choice(id="decline", label="Decline"))
        room = SHIP.room(crew.repair_room).name
        answer = s.ask(who, f"The {room} repair is about to end: play a card on it?", choices)
        if answer == "decline":
            declined.add(who)
        else:
            declined = set()
            contribute(s, who, answer.removeprefix("play."))
