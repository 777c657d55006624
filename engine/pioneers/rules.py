"""The contract functions of Cosmic Pioneers: ``prompts``, ``apply``, ``view`` and ``outcome``."""

from __future__ import annotations

from typing import Any

from engine.core import Event, Outcome, Prompt, check_choice
from engine.core.copies import built, shallow
from engine.core.handed import known
from engine.core.recent import Recent
from engine.core.words import seat_ref

from .actions import score, score_of
from .catalog import CATALOG
from .setup import finish_setup, layout_slots
from .state import PioneersState, is_colonist, plural
from .turn import answer as answer_decision
from .turn import deciding, decisions, settle
from .view import PioneersView, PlayerView, SectorView


def prompt_id(state: PioneersState, kind: str, seat: int) -> str:
    """Unique over the game: the free upgrade is asked once per seat; everything else is numbered."""
    if kind == "free":
        return f"free.{seat}"
    return f"d{state.decisions}.{kind}"


def kind_of(prompt_id_: str) -> str:
    """The kind of decision a ``prompt_id`` names (``free.2`` → ``free``, ``d14.mv`` → ``mv``)."""
    return "free" if prompt_id_.startswith("free.") else prompt_id_.split(".", 1)[1]


def prompts(state: PioneersState) -> list[Prompt]:
    """Every decision the game waits on now. Nothing is secret, so no prompt is private."""
    return [
        Prompt(id=prompt_id(state, d.kind, d.seat), seat=d.seat, question=d.question, choices=d.choices, private=False)
        for d in decisions(state)
    ]


def apply(state: PioneersState, seat: int, prompt_id_: str, choice_id: str) -> tuple[PioneersState, list[Event]]:
    """Take one answer and resolve everything automatic up to the next decisions; ``state`` is not changed."""
    check_choice(known(state) or prompts(state), seat, prompt_id_, choice_id)  # handed along a move, or worked out
    new = state.clone()
    # the decision answered is the one the checked prompt was made of: its id names its kind (its seat is the
    # answerer's), so the decisions are not built again (a move's every destination)
    new.decisions += 1
    events = answer_decision(new, kind_of(prompt_id_), seat, choice_id)
    if new.phase == "draft" and not new.pool and not new.belts_left:
        events += finish_setup(new)
    events += settle(new)
    if new.phase == "over":
        result = outcome(new)
        assert result is not None
        events.append(Event(text=result.summary, headline=True))
    return new, events


def outcome(state: PioneersState) -> Outcome | None:
    """PIO-END-2..5 with the tie-breaks of PIO-GAP-20: VP, then planets, then colonists, then credits."""
    if state.phase != "over":
        return None
    keys = {p.seat: score(state, p.seat) for p in state.players}
    best = max(keys.values())
    winners = tuple(seat for seat, key in keys.items() if key == best)
    table = "; ".join(
        f"{seat_ref(seat)} {vp} VP ({plural(colonists, 'colonist')}, {plural(held, 'planet')}, {credits} credits)"
        for seat, (vp, held, colonists, credits) in keys.items()
    )
    scores = {seat: key[0] for seat, key in keys.items()}
    if len(winners) == state.seats:
        return Outcome(result="tie", winners=winners, summary=f"Everybody ties. {table}.", scores=scores)
    names = " and ".join(seat_ref(s) for s in winners)
    verb = "share the win" if len(winners) > 1 else "wins"
    return Outcome(result="win", winners=winners, summary=f"{names} {verb}. {table}.", scores=scores)


# Every viewer sees the same table (nothing in it is hidden from a seat): a view differs from the channel's only
# in ``viewer``. A move asks for two (the board's and the acting seat's panel), so the table is built once per
# state and kept for the last few states by the state's JSON, as Jupiter's views are: a state changed in place
# (as tests set up positions) writes another JSON, so it is never answered from an older state's table. Each
# caller gets its own copy with ``viewer`` set; the nested models are shared, which is safe because views are
# only ever read (the host copies a view before naming it).
_views: Recent[str, PioneersView] = Recent(4)


def view(state: PioneersState, viewer: int | None) -> PioneersView:
    """The whole table but the deck order, the unused tiles and the generator."""
    table = _views.made(state.model_dump_json(), lambda: _table(state))
    return shallow(table, viewer=viewer)  # ``viewer`` is already among the fields set


SectorKey = tuple[int, bool, str, str | None, bool, tuple[str | None, ...], tuple[str, ...], tuple[int, ...], int]
"""Everything a sector's view shows: its slot, whether the draft has yet to fill it, its kind, planet and whether it
is destroyed, its spots, goods and ships, and the number of seats (the controller is worked out over them)."""

_sectors: Recent[SectorKey, tuple[SectorView, int | None, tuple[int, ...]]] = Recent(256)
"""Sectors as views show them, with the seat controlling each live planet and its colonists' seats (what the scores
count), kept by everything a sector shows: a move changes a sector or two of the ring, and each was validated
again. Shared between views, which are only ever read."""


def _sector(state: PioneersState, key: SectorKey) -> tuple[SectorView, int | None, tuple[int, ...]]:
    """A sector's view, its planet's controller (if a live planet) and the seats of the colonists on it."""
    slot, unplaced, _, _, _, spots, goods, ships, _ = key
    sector = state.ring[slot]
    kind: str = "destroyed" if sector.destroyed else sector.kind
    label = state.sector_name(slot)
    if unplaced:
        kind, label = "open", f"{slot} to place"
    fields: dict[str, Any] = {"slot": slot, "label": label, "kind": kind, "goods": list(goods), "ships": list(ships)}
    controller = None
    colonists: tuple[int, ...] = ()
    if sector.planet is not None:
        info = sector.info
        controller = state.controller(slot)
        fields.update(
            planet=info.id,
            name=info.name,
            colour=info.colour,
            native=CATALOG.native(info.colour),
            green=info.green,
            spots=list(spots),
            controller=controller,
            adventure=list(info.adventure),
        )
        if sector.is_planet:  # what ``score`` counts: live planets only (a controller implies one)
            colonists = tuple(int(spot) for spot in spots if is_colonist(spot))  # type: ignore[arg-type]
    return built(SectorView, **fields), controller, colonists  # held to a validated twin by the views' test


def _table(state: PioneersState) -> PioneersView:
    """The view with no viewer: the table as everybody sees it."""
    ring = []
    unplaced = set(layout_slots(state)[state.draft_turn :]) if state.pool or state.belts_left else set()
    controlled = [0] * state.seats
    colonists = [0] * state.seats
    ships: dict[int, list[int]] = {}
    if state.phase == "play" or state.phase == "over":
        for p in state.players:  # in seat order, as ``ships_at`` gives them
            ships.setdefault(p.at, []).append(p.seat)
    seats = state.seats
    for slot, sector in enumerate(state.ring):
        key: SectorKey = (
            slot,
            slot in unplaced,
            sector.kind,
            sector.planet,
            sector.destroyed,
            tuple(sector.spots),
            tuple(sector.goods),
            tuple(ships.get(slot, ())),
            seats,
        )
        kept = _sectors.get(key)
        if kept is None:
            kept = _sector(state, key)
            _sectors.put(key, kept)
        made, controller, on_planet = kept
        ring.append(made)
        if controller is not None:
            controlled[controller] += 1
        for seat in on_planet:
            colonists[seat] += 1
    players = []
    for p in state.players:
        vp, _, _, _ = score_of(state, p.seat, controlled[p.seat], colonists[p.seat])
        players.append(
            built(
                PlayerView,
                seat=p.seat,
                commander=p.commander,
                commander_name=CATALOG.commanders[p.commander].name if p.commander else None,
                levels=dict(p.levels),
                credits=p.credits,
                reserve=p.reserve,
                cargo=list(p.cargo),
                at=p.at,
                crashed=p.crashed,
                vp=vp,
                controlled=controlled[p.seat],
                colonists=colonists[p.seat],
            )
        )
    rules = state.rules
    return built(
        PioneersView,
        viewer=None,
        phase=state.phase,
        scenario=state.scenario,
        scenario_name=rules.name,
        scenario_text=rules.text,
        setup_aliens=list(state.setup_aliens),
        round=state.round,
        rounds=CATALOG.components.rounds,
        first=state.first,
        active=state.current.seat if state.current is not None else None,
        waiting=sorted(set(deciding(state))),
        ring=ring,
        players=players,
        deck_size=len(state.deck),
        discards=list(state.discards),
        supply=dict(state.supply),
        goods_supply=state.goods_supply,
        pool=list(state.pool),
        belts_left=state.belts_left,
    )
