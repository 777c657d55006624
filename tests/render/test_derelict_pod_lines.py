"""The Derelict header's escape pods (``render.derelict.phone.pod_lines``), measured once when they fit one line, are
the lines the pod-by-pod rule gives: one line while it fits, a second from the pod that does not, at most two.

Pinned: every pod count (none to four) with each pod locked, unlocked with crew aboard, or launched.
"""

from __future__ import annotations

from itertools import product

from engine.derelict import SPEC
from engine.derelict.view import PodView
from render.core import font, text_width
from render.derelict import phone
from tests.render.test_derelict_render import states


def pod_by_pod(words: list[str]) -> list[str]:
    lines = ["Pods:"]
    for part in words:
        candidate = lines[-1] + (" " if lines[-1] == "Pods:" else " · ") + part
        if lines[-1] != "Pods:" and text_width(candidate, font(phone.SMALL)) > phone.WIDTH - 2 * phone.MARGIN:
            lines.append(part)
        else:
            lines[-1] = candidate
    return lines[:2]


def test_pods_read_as_the_pod_by_pod_rule_gives_them() -> None:
    view = SPEC.view(states(2)[2], None)
    looks = [(True, False, []), (False, False, [0, 1, 2]), (False, True, []), (False, False, [])]
    wrapped = 0
    for count in range(5):
        for chosen in product(range(len(looks)), repeat=count):
            pods = [
                PodView(number=n + 1, bay="S01", locked=looks[i][0], launched=looks[i][1], seats=looks[i][2])
                for n, i in enumerate(chosen)
            ]
            words = [
                f"{p.number} {'launched' if p.launched else 'locked' if p.locked else 'unlocked'}"
                + (f", {len(p.seats)} aboard" if p.seats and not p.launched else "")
                for p in pods
            ]
            shown = phone.pod_lines(view.model_copy(update={"pods": pods}))
            assert shown == pod_by_pod(words), words
            wrapped += len(shown) > 1
    assert wrapped > 0
