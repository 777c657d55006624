"""Module Control's anchors are read on the colony itself (issue 26's speed work): they must be what the layout
without the moved tile gives (its exposed sides, in its spiral order), for every tile of every layout met in
seeded games, holes left by lost tiles included."""

from __future__ import annotations

from engine.core import SeatSetup
from engine.core.rng import Rng
from engine.jupiter import SPEC
from engine.jupiter.actions import anchors
from engine.jupiter.colony import Colony, step
from engine.jupiter.state import JupiterState


def anchors_without(state: JupiterState, tile: str) -> dict[str, list[int]]:
    """The rule as written: the empty cells beside the other tiles of the layout without ``tile``, each once
    under the first tile in spiral order touching it; never the tile's own cell or the docked pod's."""
    rest = Colony.of(p for p in state.placements if p.tile != tile)
    own = state.colony.cell_of(tile)
    pod_cell = state.colony.pod_cell(*state.pod.dock) if state.pod.dock is not None else None
    seen: set[tuple[int, int]] = set()
    result: dict[str, list[int]] = {}
    for other in rest.tiles:
        for side in rest.exposed_sides(other):
            cell = step(rest.cell_of(other), side)
            if cell not in seen and cell not in (own, pod_cell):
                seen.add(cell)
                result.setdefault(other, []).append(side)
    return result


def test_anchors_are_those_of_the_layout_without_the_tile() -> None:
    sizes = set()
    for seed in (0, 3, 7):
        state = SPEC.setup([SeatSetup() for _ in range(1 + seed % 4)], SPEC.options_model(), seed)
        chooser = Rng.from_seed(seed)
        layouts = set()
        for _ in range(400):
            if tuple(state.placements) not in layouts:
                layouts.add(tuple(state.placements))
                sizes.add(len(state.placements))
                for tile in state.colony.tiles:
                    assert list(anchors(state, tile).items()) == list(anchors_without(state, tile).items())
            prompts = SPEC.prompts(state)
            if not prompts:
                break
            prompt = chooser.choice(prompts)
            state, _ = SPEC.apply(state, prompt.seat, prompt.id, chooser.choice(list(prompt.choices)).id)
    assert min(sizes) < 19  # a layout with a tile lost was met
