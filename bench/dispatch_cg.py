"""Bolt's own work on a journalled DM message, counted alone by callgrind (issue 27, eighteenth
round; `docs/notes/27-hot18-edges.md`): Seshat's Bolt app (`build_bolt_app`, a dispatcher that
only keeps what it is handed, so intake's store is not in the count) and the floor's
(`bench/floor_app.py`'s app and listener, without its store and pool), each dispatching the same
40 first DM messages as Socket Mode requests, Seshat's as the journal holds them
(`journal_copy`). Prints M instructions a dispatch (`App.dispatch` alone: the request is built
before the count). Needs valgrind and gcc on PATH (about a minute):

    PYTHONPATH=<tree> python <tree>/bench/dispatch_cg.py
"""

from __future__ import annotations

import gc
import sys
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import cgshim  # bench/cgshim.py, beside this script

N = 40


class Kept:
    """The listeners' dispatcher: keeps each stored message, does nothing else."""

    def __init__(self) -> None:
        self.messages: list[Any] = []

    def on_message(self, message: Any) -> None:
        self.messages.append(message)

    def __getattr__(self, name: str) -> Any:
        return lambda *_args: None


def inner(shim: str) -> None:
    from slack_bolt import App, BoltRequest
    from slack_sdk import WebClient

    from bot.doubles.slack_payloads import event_callback, message_event, rich_text_blocks
    from bot.doubles.slack_workspace import LocalSlackWorkspace
    from bot.slack.app import build_bolt_app
    from bot.slack.inbound import journal_copy

    kept = Kept()
    with LocalSlackWorkspace() as slack:
        client = WebClient(token=slack.bot_token, base_url=slack.api_url)
        seshat = build_bolt_app(
            client=client,
            dispatcher=kept,
            bot_user_id=slack.bot_user_id,
            bot_id=slack.bot_id,
            signing_secret=None,
            background=ThreadPoolExecutor(1),
        )
        floor = App(
            client=client,
            signing_secret="s",
            process_before_response=True,
            token_verification_enabled=False,
        )

        @floor.event("message")
        def on_message(event: dict[str, Any]) -> None:
            if event.get("bot_id") or event.get("subtype"):
                return

        def payload(i: int) -> dict[str, Any]:
            user = f"U{i:08d}"
            message = {
                "user": user,
                "text": f"turn 0 from {user}",
                "client_msg_id": "5f1a7d0c-2a53-4b9e-9d1e-0c3c1a1b2c3d",
                "blocks": rich_text_blocks(f"turn 0 from {user}"),
                "ts": f"1700000000.{i:06d}",
                "type": "message",
                "team": slack.ident.team_id,
            }
            event = message_event(message, channel="D" + user[1:], channel_type="im")
            return event_callback(slack.ident, event)

        bodies = [payload(i) for i in range(20 + N)]
        for body in bodies[:20]:  # warm both
            seshat.dispatch(BoltRequest(mode="socket_mode", body=journal_copy(body)))
            floor.dispatch(BoltRequest(mode="socket_mode", body=body))
        to_seshat = [BoltRequest(mode="socket_mode", body=journal_copy(b)) for b in bodies[20:]]
        to_floor = [BoltRequest(mode="socket_mode", body=b) for b in bodies[20:]]
        lib = cgshim.load(shim)
        gc.collect()
        gc.freeze()
        gc.disable()
        lib.cg_start()
        for req in to_seshat:
            seshat.dispatch(req)
        lib.cg_dump(b"seshat")
        for req in to_floor:
            floor.dispatch(req)
        lib.cg_dump(b"floor")
        lib.cg_stop()
        if len(kept.messages) != 20 + N:
            raise SystemExit(f"{len(kept.messages)} messages stored, not {20 + N}")


def count() -> None:
    got = dict(cgshim.run(lambda so: [__file__, "inner", so]))
    print(
        "M instructions a dispatch: "
        f"seshat {got['seshat'] / N / 1e6:.3f}, floor {got['floor'] / N / 1e6:.3f}"
    )


if __name__ == "__main__":
    if sys.argv[1:2] == ["inner"]:
        inner(sys.argv[2])
    else:
        count()
