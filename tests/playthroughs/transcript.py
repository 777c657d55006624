"""One golden playthrough as text: a seeded random game told step by step, each line labelled with its audience.

Every line after the header is ``<audience>> <text>``: ``public>`` is what the channel may read, ``seat N>``
what only seat ``N`` may read, ``seats 0,2>`` what those seats may read. ``## start``, ``## step N`` and
``## end`` open the blocks. A block lists, in order: the prompts pending before the step grouped by seat, the
answer given, the events it produced, and the views after it. A private prompt's question is public (``/status``
shows it to everyone), its choices and the answer are its seat's; a public prompt is public whole. Views are
``describe()`` texts: in full at the start, after a step with a headline event and after the last step, and in
between as unified-diff lines for each view that changed (a seat's diff leaves out the hunks the public diff
already shows), so every change a player could see is in the file.

The text depends only on the game, the seed, the seats and the options: no time, no addresses, no set order.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import dataclass

from engine.core import Event, Prompt, State
from engine.core.contract import Audience
from engine.core.playout import PlayoutStep, random_playout
from engine.core.words import name_seats

from .cases import Case

PUBLIC = "public"
NAMES = {0: "Alice", 1: "Bob", 2: "Carol", 3: "Dave", 4: "Erin", 5: "Frank", 6: "Grace"}
"""The people the host would name where the engine marks a seat (``seat_ref``): a golden file reads as a table
reads, and a marker the host could not replace shows as one."""


def named(text: str) -> str:
    """``text`` as the host shows it: each seat marker as that seat's person."""
    return name_seats(text, NAMES)


REGENERATE = "python -m tests.playthroughs.generate"
INDENT = "    "


@dataclass(frozen=True)
class Playout:
    """A case played out: the state after setup, every step, and whether the game ended within the limit."""

    start: State
    steps: list[PlayoutStep]
    finished: bool

    @property
    def last(self) -> State:
        return self.steps[-1].after if self.steps else self.start


def play(case: Case) -> Playout:
    """Play ``case`` with the seeded random player (never a game's bot: bots change more often than rules)."""
    spec = case.spec
    seats = case.seats()
    options = case.parsed_options()
    start = spec.setup(seats, options, case.seed)
    steps = list(random_playout(spec, seats, options, case.seed, max_steps=case.max_steps))
    last = steps[-1].after if steps else start
    return Playout(start, steps, finished=spec.outcome(last) is not None)


def label(audience: Audience) -> str:
    """``public``, ``seat 1`` or ``seats 0,2``: the prefix a reviewer reads before each line."""
    if audience == "public":
        return PUBLIC
    seats = sorted(set(audience))
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + ",".join(str(s) for s in seats)


def seat_label(seat: int) -> str:
    return label((seat,))


class Writer:
    """Collects labelled lines; trailing spaces are dropped so the files diff cleanly."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def say(self, who: str, text: str) -> None:
        self.lines.append(f"{who}> {text}".rstrip())

    def raw(self, text: str) -> None:
        self.lines.append(text.rstrip())


def views(case: Case, state: State) -> dict[int | None, str]:
    """Every viewer's ``describe()`` text: the public view (``None``) first, then each seat in order."""
    spec = case.spec
    return {
        viewer: named(spec.view(state, viewer).model_copy(update={"names": NAMES}).describe())
        for viewer in [None, *range(case.players)]
    }


def viewer_label(viewer: int | None) -> str:
    return PUBLIC if viewer is None else seat_label(viewer)


def write_full_views(out: Writer, texts: dict[int | None, str]) -> None:
    """Each view in full; a seat's view identical to the public one is said to be so instead of repeated."""
    public = texts[None]
    for viewer, text in texts.items():
        who = viewer_label(viewer)
        if viewer is not None and text == public:
            out.say(who, "view: the same as the public view")
            continue
        out.say(who, "view:")
        for line in text.splitlines():
            out.say(who, INDENT + line)


def hunks(before: str, after: str) -> list[list[str]]:
    """The unified diff of two view texts, without its file header or context lines, split at each ``@@``."""
    result: list[list[str]] = []
    for line in difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0):
        if line.startswith("@@"):
            result.append([line])
        elif result:
            result[-1].append(line)
    return result


def write_view_diffs(out: Writer, before: dict[int | None, str], after: dict[int | None, str]) -> None:
    """The changes of each view that changed. A seat's view repeats none of the public view's changes: it lists
    only the hunks the public diff does not have (its private lines), or says it changed as the public view."""
    public = hunks(before[None], after[None])
    for viewer, text in after.items():
        if text == before[viewer]:
            continue
        who = viewer_label(viewer)
        if viewer is None:
            out.say(who, "view changed:")
            own = public
        else:
            own = [h for h in hunks(before[viewer], text) if h not in public]
            if not own:
                out.say(who, "view changed: as the public view")
                continue
            out.say(who, "view changed, besides the public view's changes:" if public else "view changed:")
        for hunk in own:
            for line in hunk:
                out.say(who, INDENT + line)


def write_prompts(out: Writer, prompts: Sequence[Prompt]) -> None:
    """Every pending prompt, grouped by seat in seat order; a private prompt's choices under its seat's label."""
    for prompt in sorted(prompts, key=lambda p: p.seat):  # stable: a seat's prompts keep the game's order
        who = seat_label(prompt.seat)
        privacy = "private" if prompt.private else "public"
        out.say(PUBLIC, f"{who} is asked {prompt.id} ({privacy} choices): {named(prompt.question)}")
        choice_who = who if prompt.private else PUBLIC
        for choice in prompt.choices:
            out.say(choice_who, f"{INDENT}{choice.id}: {named(choice.label)}")


def write_action(out: Writer, step: PlayoutStep) -> None:
    """The answer given: in public for a public prompt; for a private one, only that a seat answered."""
    action = step.action
    prompt = next(p for p in step.prompts if p.id == action.prompt_id)
    choice = prompt.choice(action.choice_id)
    assert choice is not None, "the random player answers only with offered choices"
    who = seat_label(action.seat)
    answer = f"{action.choice_id} ({named(choice.label)})"
    if prompt.private:
        out.say(PUBLIC, f"action: {who} answers {action.prompt_id}")
        out.say(who, f"action: {who} answers {action.prompt_id} with {answer}")
    else:
        out.say(PUBLIC, f"action: {who} answers {action.prompt_id} with {answer}")


def write_events(out: Writer, events: Sequence[Event]) -> None:
    for event in events:
        kind = "headline" if event.headline else "event"
        out.say(label(event.audience), f"{kind}: {named(event.text)}")


def header(case: Case, playout: Playout) -> list[str]:
    spec = case.spec
    seats = ", ".join(f"{i} {s.role or '-'}" for i, s in enumerate(case.seats()))
    steps = len(playout.steps)
    if playout.finished:
        length = f"the whole game, {steps} steps."
    else:
        length = f"STOPPED after {steps} steps (the game goes on; the file would be too long)."
    return [
        f"# Golden playthrough: {spec.name} ({spec.key}), engine version {spec.engine_version}.",
        f"# Seed {case.seed}; {case.players} seats (seat role): {seats}; options: {case.options_text()}.",
        f"# Why this case: {case.why}.",
        f"# Moves: the seeded random player (engine.core.playout.random_playout); {length}",
        f"# Regenerate: {REGENERATE}   (report differences only: {REGENERATE} --check)",
        "# Lines read '<audience>> <text>': 'public>' the channel may read it, 'seat N>' only seat N, 'seats 0,2>'",
        "# only those seats. A private prompt's question is public, its choices and the answer are its seat's.",
        "# Views: in full at the start, after a headline event and at the end; otherwise the unified diff of",
        "# each view that changed (its describe() text).",
    ]


def write_outcome(out: Writer, case: Case, playout: Playout) -> None:
    spec = case.spec
    result = spec.outcome(playout.last)
    if result is None:
        out.say(PUBLIC, f"no outcome yet: stopped after {len(playout.steps)} steps; still waiting on:")
        write_prompts(out, spec.prompts(playout.last))
        return
    winners = ", ".join(seat_label(s) for s in result.winners) or "nobody"
    out.say(PUBLIC, f"outcome: {result.result}; winners: {winners}; {named(result.summary)}")
    if result.scores is not None:
        scores = ", ".join(f"{seat_label(s)} {v}" for s, v in sorted(result.scores.items()))
        out.say(PUBLIC, f"scores: {scores}")


def render(case: Case, playout: Playout | None = None) -> str:
    """The whole golden file for ``case`` (played now unless ``playout`` is given)."""
    playout = play(case) if playout is None else playout
    out = Writer()
    for line in header(case, playout):
        out.raw(line)
    out.raw("")
    out.raw(heading("start"))
    shown = views(case, playout.start)
    write_full_views(out, shown)
    for number, step in enumerate(playout.steps):
        out.raw("")
        out.raw(heading(str(step.index)))
        write_prompts(out, step.prompts)
        write_action(out, step)
        write_events(out, step.events)
        now = views(case, step.after)
        if any(e.headline for e in step.events) or number == len(playout.steps) - 1:
            write_full_views(out, now)
        else:
            write_view_diffs(out, shown, now)
        shown = now
    out.raw("")
    out.raw(heading("end"))
    write_outcome(out, case, playout)
    return "\n".join(out.lines) + "\n"


def heading(block: str) -> str:
    """The line that opens a block: ``## start``, ``## step 3``, ``## end``."""
    return f"## {block}" if block in ("start", "end") else f"## step {block}"


def blocks(text: str) -> dict[str, list[str]]:
    """A golden file's lines by block (``start``, ``0``, ``1`` …, ``end``), header lines left out."""
    result: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in text.splitlines():
        if line.startswith("## "):
            name = line.removeprefix("## ").removeprefix("step ")
            current = result.setdefault(name, [])
        elif current is not None and line:
            current.append(line)
    return result


def public_text(line: str) -> str | None:
    """The text of a ``public>`` line, ``None`` for a line some seats only may read."""
    prefix = f"{PUBLIC}> "
    if line.startswith(prefix):
        return line.removeprefix(prefix)
    if line == f"{PUBLIC}>":
        return ""
    return None
