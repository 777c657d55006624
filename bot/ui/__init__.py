"""Buttons and selects, every one a ``DynamicItem`` so that messages sent before a restart keep working.

``DYNAMIC_ITEMS`` is registered once with ``bot.add_dynamic_items`` (``bot.app``). Custom ids:

=========================================  ==========================================
``sh:lobby:<verb>:<channel>``              Join / Leave / Begin / Cancel on a lobby
``sh:role:<channel>``                      the lobby's role picker
``sh:move:<channel>``                      "Your move" on a board: the private panel
``sh:p:<channel>:g<game>:<prompt>|<choice>``  one choice, as a button (of that game only)
``sh:pick:<channel>:g<game>:<prompt>|<page>`` one prompt's choices, as a select (of that game only)
``sh:reset:<yes|no>:<channel>:<game>``     the ``/reset`` confirmation (of that game only)
``sh:forget:<yes|no>:<user>``              the ``/forget me`` confirmation (that user's only)
``sh:zoom:<channel>``                      **Zoom** on a board: one area enlarged, privately
``sh:full:<channel>``                      **Full board** on a board: the detailed board, privately
``sh:rules:<game key>:<page>:<prev|next>`` the pages of ``/rules``
``sh:replay:<channel>:<game>:<board>:<step>`` ``/replay``'s First / Previous / Next / Last (of that game)
=========================================  ==========================================

A prompt control sent before controls named their game (no ``g<game>:``) still answers the channel's game.
"""

from __future__ import annotations

from typing import Any

import discord

from .board import YourMoveButton
from .forget import ForgetMeButton
from .lobby import LobbyButton, RoleSelect
from .moderation import ResetButton
from .prompts import PromptButton, PromptSelect
from .replay import ReplayButton
from .zoom import FullBoardButton, ZoomSelect

DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    LobbyButton,
    RoleSelect,
    YourMoveButton,
    PromptButton,
    PromptSelect,
    ResetButton,
    ZoomSelect,
    FullBoardButton,
    ForgetMeButton,
    ReplayButton,
)

__all__ = ["DYNAMIC_ITEMS"]
