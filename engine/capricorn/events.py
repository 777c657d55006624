"""Step 4 of a turn: draw event cards equal to the threat and resolve each fully before the next (CAP-EVENT-*,
CAP-G-EVT-1, CAP-G-MOTHER-3, CAP-G-END-1)."""

from __future__ import annotations

from .board import SHIP
from .catalog import CATALOG
from .effects import mother_name, place_mother, populate_room, rotate
from .script import Script
from .terms import POD


def events_step(s: Script) -> None:
    """Draw ``threat`` event cards, one at a time (CAP-EVENT-1); an empty deck is reshuffled from its discard
    pile (CAP-G-EVT-1). A card goes to the discard pile as it is drawn, so it is always in one place."""
    crew = s.crew
    for _ in range(crew.threat):
        if not crew.event_deck:
            crew.event_deck = crew.event_discard
            crew.event_discard = []
            s.rng.shuffle(crew.event_deck)
            s.say("The event deck is empty: its discard pile is shuffled into a new deck.")
        card_id = crew.event_deck.pop(0)
        crew.event_discard.append(card_id)
        resolve_event(s, card_id)


def resolve_event(s: Script, card_id: str) -> None:
    """One event card (CAP-EVENT-2, CAP-EVENT-8, CAP-EVENT-9..11, CAP-EVENT-12)."""
    crew = s.crew
    card = CATALOG.events[card_id]
    event = f"Event «{card.name}»"  # every line of the card starts with its name, as drawn
    here = crew.current.space
    room = None if here == POD else SHIP.room_of(here)
    if card.kind == "aliens_here":
        if room is None:  # CAP-G-END-1: "your room" is nothing in the pod
            s.say(f"{event}: new aliens in your room. The pod has no breaches: no effect.")
            return
        s.say(f"{event}: new aliens in the {SHIP.room(room).name}, where the {crew.current.name} is.")
        populate_room(s, room, "New aliens")
    elif card.kind == "aliens_in":
        assert card.room is not None
        s.say(f"{event}: new aliens arrive in the {SHIP.room(card.room).name}.")
        populate_room(s, card.room, "New aliens")
    elif card.kind == "mother":
        assert card.mother is not None
        mother = crew.mothers[card.mother]
        name = mother_name(mother)
        if not mother.on_map:  # CAP-EVENT-10
            s.say(f"{event}: {name} to your room. She is not in play: ignored.")
            return
        if room is None:  # CAP-G-MOTHER-3
            s.say(f"{event}: {name} to your room. The {crew.current.name} is on {POD}: ignored.")
            return
        assert mother.space is not None
        her_room = SHIP.room_of(mother.space)
        if any(i != crew.active for i in crew.in_room(her_room or "")):  # CAP-EVENT-11: let her finish her meal
            s.say(f"{event}: {name} to your room. She is busy with someone else: ignored.")
            return
        s.say(f"{event}: {name} comes to the {SHIP.room(room).name}.")
        place_mother(s, mother, SHIP.room(room).breaches[0], "Mother on the move")
    else:
        assert card.ring is not None
        rotate(s, card.ring, event)
