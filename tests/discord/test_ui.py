"""Controls built from prompts, checked without Discord: buttons when they fit, paged selects otherwise."""

from __future__ import annotations

import discord

from bot.outbox import Panel
from bot.ui.prompts import TOO_MANY, panel_message, prompt_view
from engine.core import Choice, Prompt

CHANNEL = 123456789012345678


def prompt(choices: int, prompt_id: str = "t1.p") -> Prompt:
    return Prompt(
        id=prompt_id,
        seat=0,
        question="Which one?",
        choices=tuple(Choice(id=f"c{i}", label=f"Choice {i}") for i in range(choices)),
    )


def test_a_few_choices_become_buttons_five_to_a_row() -> None:
    view, complete = prompt_view(CHANNEL, [prompt(7)])

    assert view is not None and complete
    buttons = [i for i in view.children if isinstance(i, discord.ui.DynamicItem)]
    assert len(buttons) == 7
    assert {b.item.custom_id for b in buttons} == {f"sh:p:{CHANNEL}:t1.p|c{i}" for i in range(7)}


def test_many_choices_become_selects_of_at_most_25_options() -> None:
    view, complete = prompt_view(CHANNEL, [prompt(30)])

    assert view is not None and complete
    selects = [i.item for i in view.children if isinstance(i, discord.ui.DynamicItem)]
    assert [len(s.options) for s in selects if isinstance(s, discord.ui.Select)] == [25, 5]


def test_choices_that_cannot_fit_a_message_send_the_player_to_act() -> None:
    long_id = "x" * 90
    panel = Panel(text="Your turn.", prompts=(prompt(3, prompt_id=long_id),))

    message = panel_message(panel, CHANNEL, in_dm=False)

    assert message["view"] is None and TOO_MANY in message["content"]


def test_a_dm_panel_names_the_channel_of_its_game() -> None:
    message = panel_message(Panel(text="Your hand: …"), CHANNEL, in_dm=True)

    assert f"<#{CHANNEL}>" in message["content"]


def test_a_select_shows_each_choice_detail_under_its_label_within_100_characters() -> None:
    choices = [Choice(id=f"c{i}", label=f"Card {i}", detail=f"Does thing {i}." if i % 2 else None) for i in range(29)]
    choices.append(Choice(id="long", label="Long card", detail="A very long effect. " * 10))
    view, _ = prompt_view(CHANNEL, [Prompt(id="t1.p", seat=0, question="Which card?", choices=tuple(choices))])

    assert view is not None
    selects = [i.item for i in view.children if isinstance(i.item, discord.ui.Select)]
    options = {o.value: o.description for s in selects for o in s.options}
    assert options["c1"] == "Does thing 1." and options["c2"] is None
    assert options["long"] is not None and len(options["long"]) == 100 and options["long"].endswith("…")
