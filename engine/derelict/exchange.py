"""Exchanges among the characters in one room (DER-ACT-EXCHANGE-1..8).

While an exchange is open every participant has a prompt at once (the only parallel prompts of play besides
setup): make an offer (to whom, what you give, what you ask), or be done; the initiator may also end it.
An offer goes to its recipient as an accept/decline prompt. Only public things can be asked for (held
weapons, heavy items and objects): a recipient's inventory is secret, so an offer may give an item card but
asks only for what the asker can see. The exchange ends when everyone is done with no offer pending, or
when the initiator ends it; then the initiator's action is over. The host's idle rules apply to these
prompts like any other (a skipped participant is done; a skipped reply declines).
"""

from __future__ import annotations

from engine.core import MAX_LABEL, Choice, Event, Prompt

from .board import character_name, characters_in
from .catalog import CATALOG
from .state import NOTHING, DerelictState, Exchange, Offer, Player, Weapon


def open_exchange(state: DerelictState, player: Player, out: list[Event]) -> None:
    seats = [p.seat for p in characters_in(state, player.room)]
    state.exchange = Exchange(initiator=player.seat, seats=seats, opened=state.steps)
    names = ", ".join(character_name(state.players[s]) for s in seats)
    out.append(Event(text=f"{character_name(player)} opens an exchange ({names})."))


def thing_name(state: DerelictState, thing: str) -> str:
    from .view import object_name

    if thing == NOTHING:
        return "nothing"
    kind, _, what = thing.partition(":")
    if kind == "i":
        return CATALOG.item_cards[what].name
    if kind == "w":
        return CATALOG.weapon[what].name
    return object_name(what)


def public_name(state: DerelictState, thing: str) -> str:
    """What the channel reads: an inventory item only as "an item card" (DER-ACT-EXCHANGE-8)."""
    if thing.startswith("i:"):
        return "an item card"
    return thing_name(state, thing)


def gives(player: Player) -> list[str]:
    things = [f"i:{i}" for i in dict.fromkeys(player.items)]
    things += [f"w:{w.id}" for w in player.weapons]
    things += [f"h:{h}" for h in dict.fromkeys(player.held)]
    return things


def asks(player: Player) -> list[str]:
    return [f"w:{w.id}" for w in player.weapons] + [f"h:{h}" for h in dict.fromkeys(player.held)]


def accept_label(state: DerelictState, offer: Offer) -> str:
    full = f"Accept: get {thing_name(state, offer.give)}, give {thing_name(state, offer.ask)}"
    return full if len(full) <= MAX_LABEL else "Accept the trade"


def exchange_prompts(state: DerelictState) -> list[Prompt]:
    ex = state.exchange
    assert ex is not None
    result = []
    for seat in ex.seats:
        player = state.players[seat]
        n = ex.asked.get(seat, 0)
        pid = f"ex{ex.opened}.{seat}.{n}"
        incoming = [(frm, o) for frm, o in ex.offers.items() if o.to == seat]
        if incoming:
            frm, offer = incoming[0]
            giver = character_name(state.players[frm])
            result.append(
                Prompt(
                    id=pid,
                    seat=seat,
                    question=f"{giver} offers you a trade. Accept?",
                    choices=(
                        Choice(id="accept", label=accept_label(state, offer)),
                        Choice(id="decline", label="Decline"),
                    ),
                )
            )
            continue
        if seat in ex.offers:
            continue  # waiting for an answer (DER-ACT-EXCHANGE-6: one pending offer each)
        if seat in ex.drafts:
            draft = ex.drafts[seat]
            other = state.players[draft.to]
            if draft.stage == "give":
                options = [Choice(id=NOTHING, label="Give nothing")] if may_give_nothing(state, other) else []
                options += [Choice(id=short_id(t), label=f"Give {thing_name(state, t)}") for t in gives(player)]
                question = "What do you give?"
            else:
                options = [Choice(id=NOTHING, label="Ask nothing")] if may_ask_nothing(state, draft) else []
                options += [Choice(id=short_id(t), label=f"Ask for the {thing_name(state, t)}") for t in asks(other)]
                question = "What do you ask for?"
            if not options:  # what the offer was to move changed hands meanwhile (another trade in the room)
                options = [Choice(id=WITHDRAW, label="Withdraw your offer")]
            result.append(Prompt(id=pid, seat=seat, question=question, choices=tuple(options)))
            continue
        if seat in ex.done:
            continue
        options = [
            Choice(id=f"to{s}", label=f"Offer a trade to {character_name(state.players[s])}")
            for s in ex.seats
            if s != seat
            and s not in ex.offers
            and state.players[s].status == "active"
            and can_trade(state, player, state.players[s])
        ]
        options.append(Choice(id="done", label="Done trading"))
        if seat == ex.initiator:
            options.append(Choice(id="end", label="End the exchange"))
        result.append(Prompt(id=pid, seat=seat, question="The exchange is open: your move?", choices=tuple(options)))
    return result


def answer_exchange(state: DerelictState, seat: int, choice: str, out: list[Event]) -> None:
    ex = state.exchange
    assert ex is not None
    ex.asked[seat] = ex.asked.get(seat, 0) + 1
    player = state.players[seat]
    incoming = [(frm, o) for frm, o in ex.offers.items() if o.to == seat]
    if incoming:
        frm, offer = incoming[0]
        del ex.offers[frm]
        if choice == "accept":
            trade(state, state.players[frm], player, offer, out)
        else:
            out.append(Event(text=f"{character_name(player)} declines {character_name(state.players[frm])}'s offer."))
    elif seat in ex.drafts:
        draft = ex.drafts[seat]
        if choice == WITHDRAW:
            del ex.drafts[seat]
            out.append(Event(text="You withdraw your offer: what it was to move changed hands.", audience=(seat,)))
        elif draft.stage == "give":
            draft.give = full_id(gives(player), choice)
            draft.stage = "ask"
        else:
            draft.ask = full_id(asks(state.players[draft.to]), choice)
            del ex.drafts[seat]
            ex.offers[seat] = draft
            if seat in ex.done:
                ex.done.remove(seat)
            out.append(
                Event(text=f"{character_name(player)} makes {character_name(state.players[draft.to])} an offer.")
            )
            give, ask = thing_name(state, draft.give), thing_name(state, draft.ask)
            out.append(Event(text=f"You offer {give} for {ask}.", audience=(seat,)))
            offerer = character_name(player)  # the recipient reads the offer from their side
            out.append(Event(text=f"{offerer} offers you {give} for {ask}.", audience=(draft.to,)))
    elif choice.startswith("to"):
        ex.drafts[seat] = Offer(to=int(choice[2:]))
    elif choice == "done":
        ex.done.append(seat)
    else:
        ex.offers = {}
        ex.drafts = {}
        ex.done = list(ex.seats)
        out.append(Event(text=f"{character_name(player)} ends the exchange."))


WITHDRAW = "withdraw"  # a draft left with nothing to give or ask for (derelict-3)


def can_trade(state: DerelictState, player: Player, other: Player) -> bool:
    """Whether ``player`` can make ``other`` an offer that moves something: one of them holds a thing to trade
    (derelict-3; a game stored before offered a trade to anyone, nothing for nothing included)."""
    return not state.offers_move or bool(gives(player) or asks(other))


def may_give_nothing(state: DerelictState, other: Player) -> bool:
    """ "Give nothing" only when something can then be asked for, else the offer would move nothing."""
    return not state.offers_move or bool(asks(other))


def may_ask_nothing(state: DerelictState, draft: Offer) -> bool:
    """ "Ask nothing" only after giving something: a gift, never nothing for nothing."""
    return not state.offers_move or draft.give != NOTHING


def short_id(thing: str) -> str:
    """A thing as a choice id: no ":" (Discord custom ids are split on it), at most 24 characters."""
    return thing.replace(":", ".")[:24]


def full_id(options: list[str], choice: str) -> str:
    return next((t for t in options if short_id(t) == choice), NOTHING)


def exchange_over(state: DerelictState) -> bool:
    ex = state.exchange
    return ex is not None and not ex.offers and not ex.drafts and set(ex.done) >= set(ex.seats)


def holds(player: Player, thing: str) -> bool:
    if thing == NOTHING:
        return True
    kind, _, what = thing.partition(":")
    if kind == "i":
        return what in player.items
    if kind == "w":
        return any(w.id == what for w in player.weapons)
    return what in player.held


def is_heavy(thing: str) -> bool:
    return thing.startswith(("w:", "h:"))


def take_out(player: Player, thing: str) -> Weapon | str | None:
    kind, _, what = thing.partition(":")
    if kind == "i":
        player.items.remove(what)
        return what
    if kind == "w":
        weapon = next(w for w in player.weapons if w.id == what)
        player.weapons.remove(weapon)
        return weapon  # ammo stays in its weapon
    player.held.remove(what)
    return what


def put_in(player: Player, thing: str, value: Weapon | str | None) -> None:
    if isinstance(value, Weapon):
        player.weapons.append(value)
    elif thing.startswith("i:"):
        assert value is not None
        player.items.append(value)
    elif value is not None:
        player.held.append(value)


def trade(state: DerelictState, giver: Player, taker: Player, offer: Offer, out: list[Event]) -> None:
    """DER-ACT-EXCHANGE-5: transfer at once if everything is still held and heavy things fit in hands."""
    if not holds(giver, offer.give) or not holds(taker, offer.ask):
        out.append(Event(text="The trade fails: something offered is no longer held."))
        return
    taker_hands = taker.hands_used() - (1 if is_heavy(offer.ask) else 0) + (1 if is_heavy(offer.give) else 0)
    giver_hands = giver.hands_used() - (1 if is_heavy(offer.give) else 0) + (1 if is_heavy(offer.ask) else 0)
    if taker_hands > taker.hand_limit() or giver_hands > giver.hand_limit():
        out.append(Event(text="The trade fails: not enough free hands for what changes hands."))
        return
    given = take_out(giver, offer.give) if offer.give != NOTHING else None
    asked = take_out(taker, offer.ask) if offer.ask != NOTHING else None
    if offer.give != NOTHING:
        put_in(taker, offer.give, given)
    if offer.ask != NOTHING:
        put_in(giver, offer.ask, asked)
    out.append(
        Event(
            text=f"{character_name(giver)} trades {public_name(state, offer.give)} to {character_name(taker)} "
            f"for {public_name(state, offer.ask)}."
        )
    )
