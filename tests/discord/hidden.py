"""What is secret in each game, read straight from the engine state: the leak scan's definition of "hidden".

The leak scan (``leaks.py``) asks three questions of a game's state, through one ``Secrets`` per game key:

- ``hidden(state)``: the cards nobody but their holder may know now (in a hand, face down, set aside);
- ``known_to(state, seat)``: the cards a seat may know now (``None``: a spectator, who sees only face-up cards);
- ``shown_between(before, after)``: the cards one action turned face up or showed on the table (a reveal, a
  card played face up), which the public narration of that action may name even if the next turn's deal put
  another copy of the same card in a hand.

Cards are named by their id (``"fire"``) and matched in text by their display name (``"Fire!"``). A game that
lands without an entry here makes the scan fail with a sentence saying to add one: no game is scanned blind.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any, Protocol

from engine.abordaje.catalog import CATALOG as ABORDAJE_CATALOG
from engine.abordaje.state import AbordajeState
from engine.capricorn.catalog import CATALOG as CAPRICORN_CATALOG
from engine.capricorn.state import CapricornState, Crew
from engine.derelict.catalog import CATALOG as DERELICT_CATALOG
from engine.derelict.state import DerelictState
from engine.pioneers.catalog import CATALOG as PIONEERS_CATALOG
from engine.pioneers.state import PioneersState


class Secrets(Protocol):
    """The hidden information of one game, in card ids (see the module docstring)."""

    @property
    def names(self) -> Mapping[str, str]:
        """Card id → the name players read."""

    def hidden(self, state: Any) -> set[str]:
        """Cards in some hand, face down, or set aside: nobody else may read them."""

    def known_to(self, state: Any, seat: int | None) -> set[str]:
        """Cards ``seat`` may know now (their own hand, their own face-down cards, what is face up)."""

    def shown_between(self, before: Any, after: Any) -> set[str]:
        """Cards shown to the table by the action that led from ``before`` to ``after``."""


class AbordajeSecrets:
    """¡Abordaje!: the two hands, the set-aside cards, and the orders until they are revealed.

    A seat also knows the hand it last passed on (ABO-GAP-21) and the set-aside card it drew. The orders of a
    turn are shown from the reveal on; the action that places the last order may run the whole resolution and
    deal the next turn in one step, so its narration may name the orders of the turn it ended.
    """

    names: Mapping[str, str] = {kind: card.name for kind, card in ABORDAJE_CATALOG.cards.items()}

    def hidden(self, state: AbordajeState) -> set[str]:
        cards: set[str] = {k for hand in state.hands.values() for k in hand} | set(state.set_aside)
        return cards if state.board.revealed else cards | self._placed(state)

    def known_to(self, state: AbordajeState, seat: int | None) -> set[str]:
        known: set[str] = self._placed(state) if state.board.revealed else set()
        side = next((s for s, n in state.seats.items() if n == seat), None)
        if side is not None:
            known |= set(state.hands[side]) | set(state.last_passed.get(side, []))
            known |= {c.orders[side].kind for c in state.board.cards if side in c.orders}
            if side in state.drawn:
                known.add(state.drawn[side])
        return known

    def shown_between(self, before: AbordajeState, after: AbordajeState) -> set[str]:
        shown = self.known_to(after, None) | self.known_to(before, None)
        if after.turn > before.turn or after.board.revealed or after.phase == "over":
            shown |= self._placed(before)  # the reveal of ``before``'s turn happened during this action
        return shown

    @staticmethod
    def _placed(state: AbordajeState) -> set[str]:
        return {str(order.kind) for card in state.board.cards for order in card.orders.values()}


class CapricornSecrets:
    """Abandon Capricorn: each character's hand, and the face-down piles of cards (Actions stacks, room decks).

    Cards are identified here by their *name*, not their physical id: the five common starter cards exist once
    per role under the same name ("Run or Turn" is E1, S1, M1, …), so a line naming "Run or Turn" cannot tell
    which copy it means. A name is hidden while some copy of it is hidden and no copy is face up (a Used pile,
    a backpack, the shared discard, the flipped repair cards) or known to the reader; that is exactly what a
    reader could learn from the text. A seat knows its own characters' hands (CAP-G-SEAT-1; a solo player holds
    two) and what went onto its own stacks; nobody knows the order of a face-down pile.
    Event and repair cards are not scanned: their names are the generic phrases prompts use ("Rotate the inner
    ring"), and the composition of those decks is public; only their order is hidden, which no name reveals.
    """

    names: Mapping[str, str] = {
        name: name
        for name in {
            CAPRICORN_CATALOG.card_name(card) for card in (*CAPRICORN_CATALOG.actions, *CAPRICORN_CATALOG.found)
        }
    }

    def hidden(self, state: CapricornState) -> set[str]:
        crew = state.crew
        cards = [card for c in crew.characters for card in (*c.hand, *c.stack)]
        cards += [card for deck in crew.room_decks.values() for card in deck]
        return self._named(cards) - self.known_to(state, None)

    def known_to(self, state: CapricornState, seat: int | None) -> set[str]:
        return self._named(self.face_up(state.crew)) | self.hand_of(state, seat)

    def shown_between(self, before: CapricornState, after: CapricornState) -> set[str]:
        """Cards face up before or after: a card played, found, discarded or flipped during the action."""
        return self.known_to(before, None) | self.known_to(after, None)

    def hand_of(self, state: CapricornState, seat: int | None) -> set[str]:
        """The names ``seat``'s characters may know: their hands, and their own Actions stacks (a card found
        by Search goes on top of the finder's stack, and the engine rightly tells the finder which one); none
        for a spectator. Another seat's stack stays hidden from them."""
        return self._named(card for c in state.crew.characters if c.seat == seat for card in (*c.hand, *c.stack))

    @staticmethod
    def face_up(crew: Crew) -> list[str]:
        """Every face-up card: Used piles, backpacks, the shared discard, flipped repairs, fitted parts."""
        cards = [card for c in crew.characters for card in (*c.used, *c.backpack)]
        return cards + crew.discard + crew.repair_flipped + crew.removed

    @staticmethod
    def _named(cards: Iterable[str]) -> set[str]:
        return {CAPRICORN_CATALOG.card_name(card) for card in cards}


class NothingSecret:
    """A game where nothing is hidden from the table (Jupiter Deep: every hand and core is public, JUP digest §6).

    The Rescue deck's order is hidden, but no text can name an order by naming cards, so there is nothing
    for the scan to look for; the entry exists so the scan knows the game was considered, not forgotten.
    """

    names: Mapping[str, str] = {}

    def hidden(self, state: Any) -> set[str]:
        return set()

    def known_to(self, state: Any, seat: int | None) -> set[str]:
        return set()

    def shown_between(self, before: Any, after: Any) -> set[str]:
        return set()


class PioneersSecrets:
    """Cosmic Pioneers: nothing is secret between players; the planet tiles left in the box are hidden from
    everyone (the event deck's order is too, but no text can name an order by naming cards)."""

    names: Mapping[str, str] = {tile: planet.name for tile, planet in PIONEERS_CATALOG.planets.items()}

    def hidden(self, state: PioneersState) -> set[str]:
        return set(state.unused_tiles)

    def known_to(self, state: PioneersState, seat: int | None) -> set[str]:
        return set(self.names) - set(state.unused_tiles)

    def shown_between(self, before: PioneersState, after: PioneersState) -> set[str]:
        return self.known_to(before, None) | self.known_to(after, None)


class DerelictSecrets:
    """Derelict: each seat's hand and its tasks (digest §5), by name.

    Action cards share names across decks (every deck holds two Search), so, as for Capricorn, a name is
    hidden while some copy sits in a hand and no copy is face up (every discard pile is public) or known to the
    reader. Tasks are hidden until the end reveals the chosen ones; an unchosen task never shows. A card that
    left a hand during an action went face up onto a discard pile, even if the next round's draw shuffled it
    back into the deck within the same action. Face-down tiles are not scanned by name: "the Hive" is named by
    events without saying where it lies, and the engine's resampling test pins the tiles
    (``tests/derelict/test_hidden.py``).
    """

    names: Mapping[str, str] = {
        **{card.name: card.name for card in DERELICT_CATALOG.characters.common},
        **{card.name: card.name for ch in DERELICT_CATALOG.characters.characters for card in ch.cards},
        **{task.name: task.name for task in DERELICT_CATALOG.tasks.tasks},
    }

    def hidden(self, state: DerelictState) -> set[str]:
        everyone = range(len(state.players))
        held = {name for seat in everyone for name in self._hand(state, seat) | self._tasks(state, seat)}
        return held - self.known_to(state, None)

    def known_to(self, state: DerelictState, seat: int | None) -> set[str]:
        face_up = {self._card(p, c) for p in state.players for c in p.discard if not c.startswith("inf")}
        if state.phase == "over":
            face_up |= {DERELICT_CATALOG.task[p.task].name for p in state.players if p.task}
        if seat is None:
            return face_up
        return face_up | self._hand(state, seat) | self._tasks(state, seat)

    def shown_between(self, before: DerelictState, after: DerelictState) -> set[str]:
        left = set()
        for old, new in zip(before.players, after.players, strict=True):
            remaining = list(new.hand)
            for card in old.hand:
                if card in remaining:
                    remaining.remove(card)
                elif not card.startswith("inf"):
                    left.add(self._card(old, card))
        return self.known_to(before, None) | self.known_to(after, None) | left

    def _hand(self, state: DerelictState, seat: int) -> set[str]:
        player = state.players[seat]
        return {self._card(player, c) for c in player.hand if not c.startswith("inf")}

    @staticmethod
    def _tasks(state: DerelictState, seat: int) -> set[str]:
        return {DERELICT_CATALOG.task[t].name for t in state.players[seat].dealt_tasks}  # both seen, one kept

    @staticmethod
    def _card(player: Any, card: str) -> str:
        return DERELICT_CATALOG.action_card(player.character, card).name


SECRETS: dict[str, Secrets] = {
    "abordaje": AbordajeSecrets(),
    "capricorn": CapricornSecrets(),
    "jupiter": NothingSecret(),
    "pioneers": PioneersSecrets(),
    "derelict": DerelictSecrets(),
}


def secrets_of(game_key: str) -> Secrets:
    """The game's secrets, or a failure saying what to add (a new game is never scanned blind)."""
    try:
        return SECRETS[game_key]
    except KeyError:
        raise AssertionError(
            f"the leak scan does not know what is hidden in {game_key!r}: add its Secrets to tests/discord/hidden.py"
        ) from None


def named_cards(text: str, secrets: Secrets) -> set[str]:
    """The card ids whose names appear in ``text`` (whole names, case as printed)."""
    return {card for card, name in secrets.names.items() if re.search(rf"(?<!\w){re.escape(name)}", text)}
