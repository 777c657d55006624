"""The state of a Derelict game: the ship, the intruders, the decks and one record per seat.

Everything hidden (tiles and exploration tokens of unexplored slots, engine tokens, the coordinates card,
which infection cards read INFECTED, deck orders, the bag, tasks, hands, inventories) lives here; only
``view.py`` decides who sees which part. Card identities in hands and piles are short strings: an action
card is its card id (``"search"``), an infection card ``"inf<n>"`` (``n`` fixed at setup; whether it is
INFECTED is in ``Ship.infected``, never in the id).
"""

from __future__ import annotations

from typing import Literal, TypeVar

from pydantic import BaseModel, Field

from engine.core import Rng, State
from engine.core.copies import shallow

Status = Literal["active", "hibernating", "pod", "escaped", "dead"]
Phase = Literal["setup", "play", "over"]


T = TypeVar("T")


def draw_top(rng: Rng, deck: list[T], discard: list[T]) -> T | None:
    """The top card of ``deck``; an empty deck is first rebuilt by shuffling ``discard`` into it (DER-DRAW-2,
    DER-ATTACK-4, DER-EVCARD-2, DER-INFECT-2, DER-WOUND-2, DER-EXPLORE-5); ``None`` when both are empty."""
    if not deck and discard:
        deck.extend(discard)
        discard.clear()
        rng.shuffle(deck)
    return deck.pop(0) if deck else None


def is_infection(card: str) -> bool:
    """Whether a card in a hand or pile is an infection card (never an action card)."""
    return card.startswith("inf")


class SeriousWound(BaseModel):
    """One serious wound: its card (``None`` when the wound deck was empty, DER-WOUND-2) and whether dressed."""

    card: str | None
    dressed: bool = False


class Weapon(BaseModel):
    """A weapon in a hand (a character's own, a searched or a crafted one) and its ammo."""

    id: str
    ammo: int


class Player(BaseModel):
    """One seat: its character, cards, body and secrets."""

    seat: int
    offered: list[str] = []  # DER-SETUP-7: the two characters offered in the draft
    character: str | None = None
    dealt_tasks: list[str] = []  # secret; the unchosen one is never shown (DER-TASK-4)
    task: str | None = None  # secret until the end (DER-END-CHECK-7)
    status: Status = "active"
    room: str = "CB"
    deck: list[str] = []  # order secret, even from the owner
    hand: list[str] = []
    discard: list[str] = []  # face up (DER-DRAW-6)
    weapons: list[Weapon] = []  # held in hands, public
    held: list[str] = []  # heavy objects held in hands (public): "body", "egg", "carcass:hunter", "corpse:<who>"
    items: list[str] = []  # inventory item ids (secret; count public)
    light: int = 0
    serious: list[SeriousWound] = []
    slime: bool = False
    larva: bool = False
    signal: bool = False
    passed: bool = False
    actions: int = 0  # actions taken in the current turn
    hardened_used: bool = False  # Marine: the first light wound each round is ignored
    braced: bool = False
    pod: int | None = None
    cause: str = ""  # why the character died (outcome text)
    peeks: list[str] = []  # DER-§5: private sentences remembered for the rest of the game
    engines_seen: dict[str, str] = {}  # what the peeks showed of each engine: working, damaged or lost (both damaged)
    course_seen: dict[str, str] = {}  # the coordinates card as read: course position -> destination
    arrived: int = 0  # order of arrival in the current room (DER-INTRUDER-7 arrival order)

    def hands_used(self) -> int:
        return len(self.weapons) + len(self.held)

    def hand_limit(self) -> int:
        """Two hands; one while an undressed Mangled arm applies (table 2.8, DER-WOUND-5)."""
        return 1 if any(w.card == "mangled_arm" and not w.dressed for w in self.serious) else 2

    def has_free_hand(self) -> bool:
        return self.hands_used() < self.hand_limit()

    def clone(self) -> Player:
        """An independent copy: every list, dict, weapon and wound copied, the rest (strings, numbers) shared."""
        return shallow(
            self,
            **{
                "offered": self.offered[:],
                "dealt_tasks": self.dealt_tasks[:],
                "deck": self.deck[:],
                "hand": self.hand[:],
                "discard": self.discard[:],
                "weapons": [shallow(w) for w in self.weapons],
                "held": self.held[:],
                "items": self.items[:],
                "serious": [shallow(w) for w in self.serious],
                "peeks": self.peeks[:],
                "engines_seen": dict(self.engines_seen),
                "course_seen": dict(self.course_seen),
            },
        )


class Intruder(BaseModel):
    """An intruder figure on the board; ``token`` is the bag token set aside with it (DER-INTRUDER-2)."""

    id: int
    type: str
    room: str
    wounds: int = 0
    token: str | None = None
    arrived: int = 0


class Pod(BaseModel):
    number: int
    bay: str
    locked: bool = True
    launched: bool = False
    seats: list[int] = []


class Ship(BaseModel):
    """The board: rooms, tokens, intruders, decks, tracks and the hidden ship systems."""

    tiles: dict[str, str]  # slot -> tile id (hidden until explored)
    explore_tokens: dict[str, int]  # slot -> exploration token index (hidden until explored)
    explored: list[str] = []  # explored slots, in the order explored
    item_counter: dict[str, int] = {}
    fire: list[str] = []
    malfunction: list[str] = []
    noise: list[str] = []  # corridor keys "A|B" (sorted ids) and duct ids
    objects: dict[str, list[str]] = {}  # room -> uncarried objects ("body", "egg", "remains", "carcass:<type>"...)
    intruders: list[Intruder] = []
    next_intruder: int = 1
    arrivals: int = 0  # a counter stamping arrival order on figures and characters
    bag: list[str]  # token ids; "blank" for a blank (order irrelevant: draws are uniform)
    supply: list[str]  # tokens not yet in the bag
    gone: list[str] = []  # tokens out of the game
    event_deck: list[int]
    event_discard: list[int] = []
    attack_deck: list[str]
    attack_discard: list[str] = []
    infection_deck: list[str]
    infection_discard: list[str] = []
    infected: list[str]  # hidden: which infection cards read INFECTED
    scanned: list[str] = []  # public: infection cards whose status was revealed
    wound_deck: list[str]
    wound_discard: list[str] = []
    item_decks: dict[str, list[str]]
    item_discards: dict[str, list[str]] = {}
    crafted_left: dict[str, int] = {}
    weaknesses: dict[str, str]  # kind (corpse/carcass/egg) -> weakness id (hidden until analysed)
    revealed_weaknesses: list[str] = []  # kinds analysed
    time: int = 1
    self_destruct: int | None = None  # None: not armed; 0: armed, before space 1
    course: str = "B"
    coordinates: int  # index of the coordinates card (hidden)
    engines: dict[str, list[str]]  # engine room -> [top, bottom], each "working" or "damaged" (hidden)
    pods: list[Pod] = []
    matriarch_dead: bool = False
    destroyed: bool = False  # by an explosion or the engine check (DER-END-6)
    ending: str = ""  # what ended the game

    def clone(self) -> Ship:
        """An independent copy: every list, dict, intruder and pod copied, the rest shared."""
        return shallow(
            self,
            **{
                "tiles": dict(self.tiles),
                "explore_tokens": dict(self.explore_tokens),
                "explored": self.explored[:],
                "item_counter": dict(self.item_counter),
                "fire": self.fire[:],
                "malfunction": self.malfunction[:],
                "noise": self.noise[:],
                "objects": {room: things[:] for room, things in self.objects.items()},
                "intruders": [shallow(i) for i in self.intruders],
                "bag": self.bag[:],
                "supply": self.supply[:],
                "gone": self.gone[:],
                "event_deck": self.event_deck[:],
                "event_discard": self.event_discard[:],
                "attack_deck": self.attack_deck[:],
                "attack_discard": self.attack_discard[:],
                "infection_deck": self.infection_deck[:],
                "infection_discard": self.infection_discard[:],
                "infected": self.infected[:],
                "scanned": self.scanned[:],
                "wound_deck": self.wound_deck[:],
                "wound_discard": self.wound_discard[:],
                "item_decks": {kind: deck[:] for kind, deck in self.item_decks.items()},
                "item_discards": {kind: pile[:] for kind, pile in self.item_discards.items()},
                "crafted_left": dict(self.crafted_left),
                "weaknesses": dict(self.weaknesses),
                "revealed_weaknesses": self.revealed_weaknesses[:],
                "engines": {room: stack[:] for room, stack in self.engines.items()},
                "pods": [shallow(pod, seats=pod.seats[:]) for pod in self.pods],
            },
        )


class Step(BaseModel):
    """The decision the acting player is in the middle of (an action chain)."""

    kind: str  # "turn" (pick an action), "act" (its parameters, then its cost), "discard" (passing)
    action: str = ""  # the action being prepared
    cost: int = 0  # cards still to pay
    params: dict[str, str] = {}  # parameters picked so far (destination, target, weapon...)


NOTHING = "-"


class Offer(BaseModel):
    to: int
    give: str = NOTHING  # "i:<item>", "w:<weapon>", "h:<held thing>" or "-"
    ask: str = NOTHING  # "w:<weapon>", "h:<held thing>" or "-"
    stage: str = "give"  # while being written: "give", then "ask"


class Exchange(BaseModel):
    initiator: int
    seats: list[int]
    done: list[int] = Field(default_factory=list)
    offers: dict[int, Offer] = Field(default_factory=dict)  # offerer -> pending offer
    drafts: dict[int, Offer] = Field(default_factory=dict)  # offers being written (recipient chosen)
    asked: dict[int, int] = Field(default_factory=dict)  # a counter per seat, for prompt ids
    opened: int = 0  # the step it opened at (prompt ids)

    def clone(self) -> Exchange:
        return shallow(
            self,
            **{
                "seats": self.seats[:],
                "done": self.done[:],
                "offers": {seat: shallow(offer) for seat, offer in self.offers.items()},
                "drafts": {seat: shallow(offer) for seat, offer in self.drafts.items()},
                "asked": dict(self.asked),
            },
        )


class DerelictState(State):
    """The whole game."""

    mode: Literal["standard", "coop"] = "standard"
    length: Literal["full", "short"] = "full"
    phase: Phase = "setup"
    round: int = 0
    players: list[Player]
    ship: Ship
    first: int = 0  # seat holding the first-player token
    current: int | None = None  # seat whose turn it is
    step: Step | None = None
    exchange: Exchange | None = None  # an open exchange (DER-ACT-EXCHANGE-*)
    drafting: int | None = 0  # seat whose draft prompt is open (DER-SETUP-7)
    character_pool: list[str] = Field(default_factory=list)  # characters not yet taken, in draw order
    rng: Rng
    steps: int = 0  # a counter making prompt ids unique over the game
    # The balance tuning the game was dealt under (ship.toml ``tunings``); a game stored by engine
    # derelict-0 has none, and plays on as tuning 0.
    tuning: int = 0
    # derelict-3: every offer of an exchange moves something (no "give nothing" for "ask nothing"); a game
    # stored before has none of this field and keeps offering as it did (docs/rules/derelict.md)
    offers_move: bool = False

    def clone(self) -> DerelictState:
        """An independent deep copy (keeps a rigged generator a rigged one), by hand: every list, dict and model
        copied, strings and numbers shared. About three times faster than the JSON round trip and six times
        faster than ``model_copy(deep=True)``. ``tests/test_engine_copies.py`` fails if a part is left shared."""
        return shallow(
            self,
            **{
                "players": [p.clone() for p in self.players],
                "ship": self.ship.clone(),
                "step": None if self.step is None else shallow(self.step, params=dict(self.step.params)),
                "exchange": None if self.exchange is None else self.exchange.clone(),
                "character_pool": self.character_pool[:],
                "rng": self.rng.clone(),
            },
        )

    def player(self, seat: int) -> Player:
        return self.players[seat]
