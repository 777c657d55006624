"""The host: one class made of its parts, so each part stays a file you can read on its own."""

from __future__ import annotations

from .away import AwayHost
from .boards import BoardsHost
from .deliveries import DeliveriesHost
from .forget import ForgetHost
from .lobby import LobbyHost
from .moderation import ModerationHost
from .notify import NotifyHost
from .play import PlayHost
from .reminders import RemindersHost
from .retention import RetentionHost
from .seatbots import SeatBotsHost
from .settings import SettingsHost
from .since import SinceHost
from .skips import SkipsHost
from .takeback import TakeBackHost


class Host(
    NotifyHost,
    SinceHost,
    LobbyHost,
    DeliveriesHost,
    SeatBotsHost,
    PlayHost,
    SkipsHost,
    TakeBackHost,
    AwayHost,
    ModerationHost,
    SettingsHost,
    RetentionHost,
    ForgetHost,
    RemindersHost,
    BoardsHost,
):
    """The Discord-free game host; one per process, over one store."""
