"""The actor's panel waits beside the board: run after it when the board draws nothing, beside it when it draws."""

from __future__ import annotations

import asyncio
import threading
import warnings

import pytest

from bot.tables.beside import both, waiting_on_thread


async def _step(log: list[str], name: str, value: int) -> int:
    log.append(name)
    return value


def test_a_board_that_draws_nothing_is_followed_by_the_panel_in_the_same_task() -> None:
    async def main() -> tuple[tuple[int, int], list[str], int]:
        log: list[str] = []
        before = len(asyncio.all_tasks())
        tasks: list[int] = []

        async def panel() -> int:
            tasks.append(len(asyncio.all_tasks()))
            return await _step(log, "panel", 2)

        return await both(_step(log, "board", 1), panel()), log, tasks[0] - before

    (board, panel), log, extra_tasks = asyncio.run(main())
    assert (board, panel) == (1, 2)
    assert log == ["board", "panel"]
    assert extra_tasks == 0  # no task was made for the panel


def test_the_panel_is_worked_out_while_the_board_waits_on_its_drawing() -> None:
    async def main() -> list[str]:
        log: list[str] = []
        panel_done = threading.Event()

        def draw() -> int:  # the board's drawing, in a worker thread: it ends only once the panel is done
            assert panel_done.wait(5), "the panel did not run while the board was drawn"
            return 1

        async def board() -> int:
            waiting_on_thread()
            value = await asyncio.to_thread(draw)
            log.append("board")
            return value

        async def panel() -> int:
            log.append("panel")
            panel_done.set()
            return 2

        assert await both(board(), panel()) == (1, 2)
        return log

    assert asyncio.run(main()) == ["panel", "board"]


def test_a_failed_board_leaves_no_panel_running_or_unawaited() -> None:
    async def main(draws: bool) -> list[str]:
        log: list[str] = []

        async def board() -> int:
            if draws:
                waiting_on_thread()
                await asyncio.sleep(0)
            raise RuntimeError("the board failed")

        async def panel() -> int:
            await asyncio.sleep(0.05)
            log.append("panel")
            return 2

        with pytest.raises(RuntimeError):
            await both(board(), panel())
        await asyncio.sleep(0.1)
        return log

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # "coroutine was never awaited" would be a RuntimeWarning
        assert asyncio.run(main(draws=False)) == []
        assert asyncio.run(main(draws=True)) == []
