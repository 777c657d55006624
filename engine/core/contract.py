"""The contract every game fulfils: prompts, choices, events, views, outcomes and the ``GameSpec``.

A game is a value, not a framework: ``setup`` makes a state, ``prompts`` lists every decision the game
waits for right now (each addressed to one seat; several seats may be prompted at once), ``apply`` takes one
answer and resolves everything automatic up to the next decisions, ``view`` is what one viewer may see,
and ``outcome`` says whether and how the game ended. The host never looks inside a state.

``prompts(state)`` is the one source of legal choices (python-chess's ``legal_moves``): buttons, select
menus, ``/act`` autocomplete, random players and ``apply``'s own check all read it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict

from .errors import IllegalAction, NotYourTurn, StaleChoice
from .handed import current

# Discord custom ids are at most 100 characters and carry "<kind>:<channel>:<prompt id>:<choice id>", so
# ids are kept short; the contract test checks these limits for every game.
MAX_PROMPT_ID = 32
MAX_CHOICE_ID = 24
MAX_LABEL = 80


MAX_DETAIL = 100  # a Discord select option's description


class Choice(BaseModel):
    """One answer to a prompt: a stable short id, a label a player reads and, where the label alone does not say
    what the choice does, a ``detail`` (a card's effect, an action's cost), shown under the label in a select.

    A detail is read only by the prompt's own seat, like its choices: it may name what that seat holds.
    """

    model_config = ConfigDict(frozen=True)

    id: str
    label: str
    detail: str | None = None


class Prompt(BaseModel):
    """A decision one seat must take now.

    ``id`` is unique over the whole game (it names the turn and step), so an answer to an older prompt can
    be told apart from an answer to the current one. The ``question`` must never name hidden information
    (``/status`` shows it to everyone); choices may. ``private`` marks a prompt whose choices name hidden
    information: those are only ever shown to its seat (panel, DM, autocomplete), which is where every
    prompt is answered anyway.
    """

    model_config = ConfigDict(frozen=True)

    id: str
    seat: int
    question: str
    choices: tuple[Choice, ...]
    private: bool = True

    def choice(self, choice_id: str) -> Choice | None:
        """The choice with this id, if it is offered."""
        for c in self.choices:
            if c.id == choice_id:
                return c
        return None


Audience = Literal["public"] | tuple[int, ...]


class Event(BaseModel):
    """Something that happened, narrated in one sentence, with who may read it.

    ``audience`` is ``"public"`` (the channel) or the seats that may read it (private). A public event with
    ``headline`` set tells the host to post a fresh board message (which notifies people) instead of editing
    the current one: use it when a resolution happened, not for each small step.
    """

    model_config = ConfigDict(frozen=True)

    text: str
    audience: Audience = "public"
    headline: bool = False  # a new stage worth a new channel message (a turn resolved, the game ended)

    @property
    def is_public(self) -> bool:
        return self.audience == "public"

    def readable_by(self, seat: int | None) -> bool:
        """Whether ``seat`` (``None`` = the channel) may read this event."""
        if self.audience == "public":
            return True
        return seat is not None and seat in self.audience


class View(BaseModel):
    """What one viewer may see; ``viewer`` is a seat or ``None`` for the public (channel) view.

    Each game subclasses it with its own fields; renderers read only views, never states.
    """

    viewer: int | None = None
    names: dict[int, str] = {}
    """How the table names each seat (a person's display name, "🤖 name" for a seat bot), filled in by the host
    just before a view is drawn or described; the engine leaves it empty and never reads it for a rule."""

    def seat_name(self, seat: int) -> str:
        """The name a text or image gives ``seat``: the table's name for it, else a neutral stand-in."""
        return self.names.get(seat) or f"Player {seat + 1}"

    def describe(self) -> str:
        """A short text of this view for a message (Discord markdown); games override it."""
        return ""


class Outcome(BaseModel):
    """How a finished game ended.

    ``result`` is ``"win"`` (``winners`` names the winning seats; every seat in a cooperative win),
    ``"loss"`` (nobody won: a cooperative loss), or ``"tie"``.
    """

    result: Literal["win", "loss", "tie"]
    winners: tuple[int, ...] = ()
    summary: str
    scores: dict[int, int] | None = None


class State(BaseModel):
    """Base for every game's state: JSON-serialisable, holding its own seeded generator."""

    turn: int = 1


class SeatSetup(BaseModel):
    """What the lobby hands to ``setup`` for one seat: its role key (or ``None``) in seat order."""

    role: str | None = None


S = TypeVar("S", bound=State)
Opts = TypeVar("Opts", bound=BaseModel)


@dataclass(frozen=True)
class Role:
    """A seat role a player can pick in the lobby (a side, a character).

    ``dealt_from``: the lobby hands this role out at random only once that many players sit (Capricorn's
    Scout joins a crew of five); a player may still pick it by hand.
    """

    key: str
    label: str
    dealt_from: int = 1


@dataclass(frozen=True)
class GameSpec(Generic[S, Opts]):
    """Everything the host needs to know about one game.

    ``roles`` lists the roles the lobby offers; when ``roles_required`` every player must hold a distinct
    role before Begin (the lobby hands out free ones at random, shown before Begin). ``setup`` receives the
    seats in seat order (seat ``i`` is the ``i``-th element) and must be deterministic in its seed.
    ``apply`` must raise ``IllegalAction`` for anything not offered by ``prompts`` — use ``check_choice``.
    ``rules_text`` is the short reference ``/rules`` shows; ``cards_text()`` lists every card (or kind of card)
    of the game's data, one line each with what it does, for ``/cards`` (``None``: the game has no cards).

    ``unseen(state, seat)`` is everything ``seat`` cannot see (the generator, deck orders, bags, other
    players' hidden cards), in any comparable form. An action that changed it for the seat that took it drew,
    rolled, shuffled or uncovered something, so a moderator's ``/undo`` refuses it; ``None``: no undo.
    ``skip_choice(state, prompt)`` is the answer a voted skip gives one of an idle seat's prompts (``None`` for
    a prompt that cannot be skipped); ``None`` for the game: it has no skip (each rules page says why).
    ``skip_held_by(state, prompt)`` is the answer a voted skip gives *another* seat's prompt that holds up the
    skipped seat's turn, when that prompt is only an optional offer ("Not now" to an off-turn card): ``None``
    for a real decision of theirs, which a skip never takes; ``None`` for the game: nothing of another seat's
    is ever answered (the skip stops where the idle seat owes nothing).
    ``seat_limit(options)`` caps the seats below ``max_players`` when an option fixes how many can play (Jupiter's
    ``robots``: each player needs a robot), so the lobby refuses the extra player at Join rather than at Begin.
    """

    key: str
    name: str
    min_players: int
    max_players: int
    options_model: type[Opts]
    state_model: type[S]
    engine_version: str
    setup: Callable[[Sequence[SeatSetup], Opts, int], S]
    prompts: Callable[[S], list[Prompt]]
    apply: Callable[[S, int, str, str], tuple[S, list[Event]]]
    view: Callable[[S, int | None], View]
    outcome: Callable[[S], Outcome | None]
    rules_text: str
    roles: tuple[Role, ...] = ()
    roles_required: bool = False
    blurb: str = ""
    unseen: Callable[[S, int], object] | None = None
    skip_choice: Callable[[S, Prompt], str | None] | None = None
    skip_held_by: Callable[[S, Prompt], str | None] | None = None
    seat_limit: Callable[[Opts], int] | None = None
    cards_text: Callable[[], tuple[str, ...]] | None = None

    def max_seats(self, options: Opts) -> int:
        """How many players this game's lobby seats under ``options``: ``max_players`` unless an option caps it."""
        if self.seat_limit is None:
            return self.max_players
        return max(self.min_players, min(self.max_players, self.seat_limit(options)))

    def parse_options(self, raw: dict[str, Any]) -> Opts:
        """Validate lobby options, turning pydantic's errors into one sentence."""
        from pydantic import ValidationError

        from .errors import BadOptions

        try:
            return self.options_model.model_validate(raw)
        except ValidationError as exc:
            messages = []
            for err in exc.errors():
                msg = str(err.get("msg", "invalid value")).removeprefix("Value error, ")
                field = ".".join(str(part) for part in err.get("loc", ()))
                # A field's own error names the field; a check across fields speaks for itself.
                sentence = f"{msg.rstrip('.')}."
                messages.append(f"{field}: {sentence}" if field else sentence)
            raise BadOptions(" ".join(messages)) from None

    def load_state(self, data: str) -> S:
        """A state from its stored JSON."""
        return self.state_model.model_validate_json(data)


def check_choice(prompts: Sequence[Prompt], seat: int, prompt_id: str, choice_id: str) -> Prompt:
    """Find ``choice_id`` in the pending prompt ``prompt_id`` of ``seat`` or raise a sentence.

    Every game's ``apply`` starts with this, so that the legal list and the legality check are one thing.
    """
    for p in prompts:
        if p.id == prompt_id:
            if p.seat != seat:
                raise NotYourTurn("That decision belongs to another player.")
            if p.choice(choice_id) is None:
                raise IllegalAction("That is not one of your choices right now.")
            return p
    if any(p.seat == seat for p in prompts):
        raise StaleChoice("That choice is from an earlier step; your current decision is waiting.")
    if prompts:
        raise StaleChoice("That choice is no longer open: the game is now waiting on another player.")
    raise StaleChoice("That choice is from an earlier turn; nothing is waiting on it any more.")


def first_offered(prompt: Prompt, *choice_ids: str) -> str | None:
    """The first of ``choice_ids`` that ``prompt`` offers (a skip's preference order), else ``None``."""
    offered = {c.id for c in prompt.choices}
    return next((c for c in choice_ids if c in offered), None)


def is_forced(prompt: Prompt) -> bool:
    """Whether ``prompt`` is a question with one answer: a single choice, or choices a player cannot tell apart
    (one label for all: two copies of a card, two unknown cards alike), where any answer is as good as another."""
    return len({c.label for c in prompt.choices}) == 1


def answering_forced(
    prompts: Callable[[S], list[Prompt]],
    apply: Callable[[S, int, str, str], tuple[S, list[Event]]],
    limit: int = 500,
    *,
    when: Callable[[S], bool] | None = None,
) -> Callable[[S, int, str, str], tuple[S, list[Event]]]:
    """``apply`` followed by the game answering, in order, every question with one answer (``is_forced``) that
    falls due, each with a line in the log saying what was done: nobody is asked what they cannot choose, and
    nobody waits for them to answer it. A private prompt's answer is told to its seat only (its label may name a
    hidden card); the channel reads the game's own narration of it ("Pilot Okafor passes."). Rules pages
    promise it: "a parameter with one possible answer is not asked".

    ``when(state)``, if given, says whether this state's game answers them: a game that learnt it later keeps a
    stored game, dealt before, asking as it always did (a state flag its ``setup`` sets from then on)."""
    from .words import seat_ref

    def answered(state: S, seat: int, prompt_id: str, choice_id: str) -> tuple[S, list[Event]]:
        state, events = apply(state, seat, prompt_id, choice_id)
        if when is not None and not when(state):
            return state, events
        hand = current()  # a caller's ``handing``: each state's prompts, once worked out, are handed along
        for _ in range(limit):
            pending = prompts(state)
            forced = next((p for p in pending if is_forced(p)), None)
            if forced is None:
                if hand is not None:
                    hand.leave(state, pending)
                break
            if hand is not None:
                hand.know(state, pending)
            choice = forced.choices[0]
            who = seat_ref(forced.seat)
            if forced.private:  # the game's own narration of the answer tells the channel what it may know
                told = f"You had only one choice, so the game made it: {choice.label}."
                events = [*events, Event(text=told, audience=(forced.seat,))]
            else:
                events = [*events, Event(text=f"{who} has only one choice, so the game makes it: {choice.label}.")]
            state, more = apply(state, forced.seat, forced.id, choice.id)
            events = [*events, *more]
        return state, events

    return answered


def dealing_forced(
    setup: Callable[[Sequence[SeatSetup], Opts, int], S],
    prompts: Callable[[S], list[Prompt]],
    apply: Callable[[S, int, str, str], tuple[S, list[Event]]],
) -> Callable[[Sequence[SeatSetup], Opts, int], S]:
    """``setup`` followed by the game answering every question with one answer already due at the deal (two
    copies of one card to choose from), as ``answering_forced`` does after a move; a deal tells nothing, so the
    answers' lines are not kept, and the table first reads the state they lead to."""

    def dealt(seats: Sequence[SeatSetup], options: Opts, seed: int) -> S:
        state = setup(seats, options, seed)
        for _ in range(500):
            forced = next((p for p in prompts(state) if is_forced(p)), None)
            if forced is None:
                break
            state, _ = apply(state, forced.seat, forced.id, forced.choices[0].id)
        return state

    return dealt
