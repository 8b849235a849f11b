"""``redcode serve``: the application under uvicorn."""

from __future__ import annotations

from ..base.errors import UsageError
from .app import MAX_MESSAGE, make_app
from .store import open_store


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None,
          bot_pause: float = 0.4) -> int:
    """Serve the lobby, the table and the workshop until interrupted."""
    import uvicorn

    store = open_store(db)
    app = make_app(store, bot_pause=bot_pause)
    try:
        uvicorn.run(app, host=host, port=port, ws_max_size=MAX_MESSAGE * 4, log_level="info",
                    proxy_headers=True, forwarded_allow_ips="127.0.0.1")
    except OSError as err:
        raise UsageError(f"cannot listen on {host}:{port}: {err.strerror or err}") from None
    return 0
