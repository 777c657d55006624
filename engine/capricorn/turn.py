"""One character's turn as straight code (CAP-TURN-2), run by ``script.Script``.

Implemented so far: Rotation Gone Mad's rotation at the start (CAP-VAR-RGM-1), step 1 Action (play every
card but one: card → action type → one target per action; discard for no effect; the free Search after
each card played for an action) and step 2 Share/Trash and Draw. Not yet implemented, and listed in the
engine's hand-over notes: role powers, items, handing over spare parts, Repair, the Engineer's off-turn
rotation, step 3 (aliens move and attack), step 4 (events) and the end game's skipping of steps 3 and 4.
"""

from __future__ import annotations

from engine.core import Choice

from .actions import (
    can_search,
    do_grenade,
    do_hide,
    do_move,
    do_rotate,
    do_targets,
    rotate,
    search,
    usable,
)
from .board import SHIP
from .catalog import CATALOG
from .effects import hurt
from .script import GameOver, Script
from .terms import Variant

NO_EFFECT = "none"


def run_turn(s: Script, variant: Variant) -> None:
    """The whole turn of the active character, up to (not including) handing over to the next one."""
    crew = s.crew
    c = crew.current
    s.say(f"Turn {s.turn}: the {c.name}.", headline=True)
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
    end_turn(s)


# --- step 1: action (CAP-ACT-*)


def action_step(s: Script) -> None:
    """Play or discard every card but one (CAP-ACT-1, CAP-ACT-6, CAP-ACT-7); finish with one card left."""
    crew = s.crew
    me = crew.active
    while True:
        c = crew.current
        choices: list[Choice] = []
        if len(c.hand) > 1:
            for card_id in sorted(c.hand, key=card_order):
                card = CATALOG.action(card_id)
                choices.append(Choice(id=f"play.{card_id}", label=f"Play {card.label}"[:80]))
        else:
            choices.append(Choice(id="done", label="End your actions"))
        answer = s.ask(me, "Your action step: what do you do next?", choices)
        if answer == "done":
            return
        play_card(s, answer.removeprefix("play."))


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
    choices = [Choice(id=o.symbol, label=o.label) for o in card.options if usable(s, o.symbol)]
    choices.append(Choice(id=NO_EFFECT, label="No effect: discard it"))
    answer = s.ask(me, f"Which action of {card.name} do you use?", choices)
    if answer == NO_EFFECT:
        s.say(f"The {c.name} discards {card.name} for no effect.")
        return
    option = next(o for o in card.options if o.symbol == answer)
    s.say(f"The {c.name} plays {card.name}: {option.label}.")
    if option.symbol == "move":
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
    s.say(f"The {c.name} draws {len(drawn)} card{'s' if len(drawn) != 1 else ''}.")
    if drawn:
        s.tell([who], "You drew: " + "; ".join(CATALOG.action(d).label for d in drawn) + ".")


def end_turn(s: Script) -> None:
    """Wounds on surviving small aliens heal (CAP-G-DMG-1); the active character stands up (CAP-G-HIDE-1)."""
    for alien in s.crew.aliens:
        alien.damage = 0
    s.crew.current.hiding = False
