"""The ASGI application: the lobby, the table, the workshop (Starlette).

Pages are rendered on the server (web/pages.py); a table page follows its
game over a WebSocket that sends the page's changing part after every move,
and takes the page's moves (web/tables.py checks and stores them). Forms
and the workshop's requests carry the browser's CSRF token
(web/security.py); bodies and messages are bounded before they are read.
Every refusal says what was wrong, in the page's language, and changes
nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..base.errors import RedCodeError, UsageError
from ..i18n.catalog import catalog, languages, ship_display
from ..lang.limits import MAX_FILE_BYTES
from ..lang.loader import builtin_editions
from . import pages
from .fair import MAX_GAMES, FairRuns
from .security import (BROWSER_COOKIE, CSRF_FIELD, CSRF_HEADER, HEADERS, LANG_COOKIE,
                       csrf_ok, csrf_token, new_browser, same_origin)
from .setups import HUMAN, TableConfig, read_config
from .store import SqlStore
from .tables import LOG_LINES, Hub, LiveTable, Viewer
from .thinking import Workers

#: The largest request body read (a card file at its limit, escaped as JSON, and a form).
MAX_BODY = 4 * MAX_FILE_BYTES + 4096
#: The largest WebSocket message read.
MAX_MESSAGE = 4096


def lang_of(request: Request | WebSocket) -> str:
    lang = request.cookies.get(LANG_COOKIE) or request.query_params.get("lang") or "en"
    return lang if lang in languages() else "en"


class Server:
    """The application's state: the store, the tables, the workers, the secret."""

    def __init__(self, store: SqlStore, workers: Workers | None = None, bot_pause: float = 0.4,
                 warm: bool = True):
        self.own_workers = workers is None  # else the caller's to close
        self.workers = workers or Workers()
        self.hub = Hub(store, self.workers, pages.table_body, bot_pause)
        self.secret = store.secret()
        self.fair = FairRuns(self.workers)
        self.warm = warm

    # ------------------------------------------------------------ helpers
    def browser(self, request: Request) -> tuple[str, bool]:
        known = request.cookies.get(BROWSER_COOKIE)
        if known and 10 <= len(known) <= 64:
            return known, False
        return new_browser(), True

    def finish(self, response: Response, browser: str, new: bool) -> Response:
        if new:
            response.set_cookie(BROWSER_COOKIE, browser, max_age=10 * 365 * 86400,
                                httponly=True, samesite="lax")
        response.headers.update(HEADERS)
        return response

    def page(self, html: str, browser: str, new: bool, status: int = 200) -> Response:
        return self.finish(HTMLResponse(html, status), browser, new)

    def error_page(self, request: Request, message: str, status: int) -> Response:
        browser, new = self.browser(request)
        return self.page(pages.render("error.html", lang_of(request), message=message),
                         browser, new, status)

    def refuse(self, request: Request, message: str, status: int = 400) -> Response:
        response = JSONResponse({"error": message}, status)
        response.headers.update(HEADERS)
        return response

    async def body(self, request: Request) -> bytes:
        """The request's body, refused (UsageError) past ``MAX_BODY`` before it is all read."""
        length = request.headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            raise UsageError(self.words(request)["errors"]["too_big"].format(size=length,
                                                                             limit=MAX_BODY))
        chunks, size = [], 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > MAX_BODY:
                raise UsageError(self.words(request)["errors"]["too_big"].format(
                    size=size, limit=MAX_BODY))
            chunks.append(chunk)
        return b"".join(chunks)

    def words(self, request: Request | WebSocket) -> dict[str, Any]:
        return catalog(lang_of(request))["web"]

    def guarded(self, request: Request, browser: str, sent: str | None) -> bool:
        """Whether a POST comes from this site's own page (see web/security.py)."""
        return same_origin(request.headers.get("origin"), request.headers.get("host")) and \
            csrf_ok(self.secret, browser, sent)

    async def form(self, request: Request) -> dict[str, str]:
        from urllib.parse import parse_qsl
        raw = await self.body(request)
        try:
            pairs = parse_qsl(raw.decode("utf-8"), keep_blank_values=True, max_num_fields=40)
        except (UnicodeDecodeError, ValueError):
            raise UsageError(self.words(request)["errors"]["malformed"]) from None
        return dict(pairs)

    async def json_body(self, request: Request) -> dict[str, Any]:
        raw = await self.body(request)
        try:
            data = json.loads(raw)
        except (UnicodeDecodeError, ValueError, RecursionError):
            raise UsageError(self.words(request)["errors"]["malformed"]) from None
        if not isinstance(data, dict):
            raise UsageError(self.words(request)["errors"]["malformed"])
        return data

    # ------------------------------------------------------------ the lobby
    async def lobby(self, request: Request, error: str | None = None,
                    form: dict[str, str] | None = None, status: int = 200) -> Response:
        browser, new = self.browser(request)
        lang = lang_of(request)
        games = []
        for game_id, link in await self.hub.store("remembered", browser):
            stored = await self.hub.store("game", game_id)
            if stored is None:
                continue
            config = TableConfig.from_data(stored.config["table"])
            seat = next((s.seat for s in stored.seats if s.token == link), None)
            who = ship_display(seat, lang) if seat else self.words(request)["spectator_link"]
            state = ("" if stored.result is None else
                     catalog(lang)["sides"].get(stored.result, stored.result))
            games.append({"link": f"/play/{link}", "state": state,
                          "title": f"{config.edition} · {config.mode} {config.size} · {who}",
                          "links": f"/links/{game_id}" if stored.owner == browser else None})
        drafts = [{"id": d, "title": first_line(text, at)}
                  for d, text, at in await self.hub.store("drafts", browser)]
        html = pages.lobby(lang, csrf_token(self.secret, browser), games, drafts, error, form)
        return self.page(html, browser, new, status)

    async def create(self, request: Request) -> Response:
        browser, new = self.browser(request)
        w = self.words(request)
        try:
            form = await self.form(request)
        except UsageError as err:
            return await self.lobby(request, str(err), None, 413)
        if not self.guarded(request, browser, form.get(CSRF_FIELD)):
            return await self.lobby(request, w["errors"]["form"], form, 403)
        cards = None
        if form.get("cards"):
            draft = await self.hub.store("draft", form["cards"])
            if draft is None or draft[0] != browser:
                return await self.lobby(request, w["errors"]["field"].format(
                    field="cards", reason=w["errors"]["not_found"]), form, 400)
            cards = draft[1]
        try:
            config = await asyncio.get_running_loop().run_in_executor(
                None, read_config, form, cards)
            stored = await self.hub.create(config, browser)
        except UsageError as err:
            field, _, reason = str(err).partition(": ")
            return await self.lobby(request, w["errors"]["field"].format(field=field,
                                                                         reason=reason), form, 400)
        await self.hub.store("remember", browser, stored.id, self.first_human(stored))
        return self.finish(RedirectResponse(f"/links/{stored.id}", 303), browser, new)

    @staticmethod
    def first_human(stored) -> str:
        return next((s.token for s in stored.seats if s.bot is None), stored.spectator)

    async def links(self, request: Request) -> Response:
        browser, new = self.browser(request)
        stored = await self.hub.store("game", request.path_params["game"])
        if stored is None or stored.owner != browser:
            return self.error_page(request, self.words(request)["errors"]["not_found"], 404)
        lang = lang_of(request)
        base = str(request.base_url).rstrip("/")
        seats = [{"name": ship_display(s.seat, lang), "bot": s.bot,
                  "link": None if s.bot else f"/play/{s.token}",
                  "url": None if s.bot else f"{base}/play/{s.token}"} for s in stored.seats]
        html = pages.render("links.html", lang, seats=seats, spectator=f"/play/{stored.spectator}",
                            spectator_url=f"{base}/play/{stored.spectator}")
        return self.page(html, browser, new)

    # ------------------------------------------------------------ the table
    async def find(self, link: str) -> tuple[LiveTable, str | None] | None:
        if not 10 <= len(link) <= 64:
            return None
        found = await self.hub.store("seat_of", link)
        if found is None:
            return None
        game_id, seat = found
        table = await self.hub.table(game_id)
        return None if table is None else (table, seat)

    async def table(self, request: Request) -> Response:
        browser, new = self.browser(request)
        link = request.path_params["token"]
        found = await self.find(link)
        if found is None:
            return self.error_page(request, self.words(request)["errors"]["not_found"], 404)
        table, seat = found
        await self.hub.store("remember", browser, table.id, link)
        lang = lang_of(request)
        async with table.lock:
            body = table.page(seat, lang).filled()
            version = table.version
            log = table.lines(lang)[-LOG_LINES:]
        title = ship_display(seat, lang, words=table.game.rules.words) if seat else \
            self.words(request)["spectator_link"]
        html = pages.render("table.html", lang, body=body, version=version, log=log,
                            ws=f"/ws/{link}", title=title)
        return self.page(html, browser, new)

    async def live(self, socket: WebSocket) -> None:
        """A table page's connection: the table after every change; its moves."""
        if not same_origin(socket.headers.get("origin"), socket.headers.get("host")):
            await socket.close(code=4403)
            return
        found = await self.find(socket.path_params["token"])
        if found is None:
            await socket.close(code=4404)
            return
        table, seat = found
        lang = lang_of(socket)
        await socket.accept()

        async def send(message: dict[str, Any]) -> None:
            await asyncio.wait_for(socket.send_text(json.dumps(message, ensure_ascii=False)), 10)

        viewer = Viewer(seat, lang, send)
        await table.join(viewer)
        try:
            while True:
                text = await socket.receive_text()
                await self.act(table, viewer, text)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            table.leave(viewer)

    async def act(self, table: LiveTable, viewer: Viewer, text: str) -> None:
        """One message of a page: a move, an undo, or a request for the whole
        table; a refusal is sent back to it alone."""
        w = catalog(viewer.lang)["web"]
        try:
            if len(text) > MAX_MESSAGE:
                raise UsageError(w["errors"]["malformed"])
            try:
                message = json.loads(text)
            except (ValueError, RecursionError):
                raise UsageError(w["errors"]["malformed"]) from None
            if not isinstance(message, dict):
                raise UsageError(w["errors"]["malformed"])
            kind = message.get("type")
            if kind == "move":
                await table.play(viewer.seat, message.get("move"), message.get("version"),
                                 viewer.lang)
            elif kind == "undo":
                await table.undo(viewer.seat, message.get("version"), viewer.lang)
            elif kind == "refresh":  # the page lost a picture it was told it had
                await table.show(viewer)
            else:
                raise UsageError(w["errors"]["malformed"])
        except UsageError as err:
            await viewer.send({"type": "error", "message": str(err)})

    # ------------------------------------------------------------ the workshop
    async def workshop(self, request: Request) -> Response:
        browser, new = self.browser(request)
        text = EXAMPLE
        wanted = request.query_params.get("draft")
        if wanted:
            draft = await self.hub.store("draft", wanted)
            if draft is not None and draft[0] == browser:
                text = draft[1]
        html = pages.render("workshop.html", lang_of(request), csrf=csrf_token(self.secret, browser),
                            text=text, editions=builtin_editions(), edition="en",
                            fair_most=MAX_GAMES)
        return self.page(html, browser, new)

    async def workshop_json(self, request: Request) -> tuple[dict[str, Any], str] | Response:
        browser, _ = self.browser(request)
        if not self.guarded(request, browser, request.headers.get(CSRF_HEADER)):
            return self.refuse(request, self.words(request)["errors"]["form"], 403)
        try:
            data = await self.json_body(request)
        except UsageError as err:
            return self.refuse(request, str(err), 413)
        if not isinstance(data.get("text"), str) or data.get("edition") not in builtin_editions():
            return self.refuse(request, self.words(request)["errors"]["malformed"])
        return data, browser

    async def check(self, request: Request) -> Response:
        got = await self.workshop_json(request)
        if isinstance(got, Response):
            return got
        data, _ = got
        result = await self.workers.inspect(data["text"], data["edition"])
        response = JSONResponse(result)
        response.headers.update(HEADERS)
        return response

    async def play_it(self, request: Request) -> Response:
        browser, new = self.browser(request)
        w = self.words(request)
        try:
            form = await self.form(request)
        except UsageError as err:
            return self.error_page(request, str(err), 413)
        if not self.guarded(request, browser, form.get(CSRF_FIELD)):
            return self.error_page(request, w["errors"]["form"], 403)
        text = form.get("text", "")
        form = {"edition": form.get("edition", "en"), "lang": lang_of(request), "mode": "war",
                "teams": "1v1", "seat1": HUMAN, "seat2": "greedy"}
        try:
            config = await asyncio.get_running_loop().run_in_executor(None, read_config, form,
                                                                      text)
        except UsageError as err:
            return self.error_page(request, str(err), 400)
        await self.hub.store("save_draft", browser, text)
        stored = await self.hub.create(config, browser)
        link = self.first_human(stored)
        await self.hub.store("remember", browser, stored.id, link)
        return self.finish(RedirectResponse(f"/play/{link}", 303), browser, new)

    async def fair_start(self, request: Request) -> Response:
        got = await self.workshop_json(request)
        if isinstance(got, Response):
            return got
        data, browser = got
        w = self.words(request)
        result = await self.workers.inspect(data["text"], data["edition"])
        if result["problems"]:
            return self.refuse(request, result["problems"][0]["message"])
        try:
            run = self.fair.start(data["text"], data["edition"], data.get("games"), browser)
        except UsageError as err:
            message = w["errors"]["busy"] if str(err) == "busy" else \
                w["errors"]["field"].format(field="games", reason=str(err).partition(": ")[2])
            return self.refuse(request, message, 429 if str(err) == "busy" else 400)
        await self.hub.store("save_draft", browser, data["text"])
        response = JSONResponse(run.state())
        response.headers.update(HEADERS)
        return response

    async def fair_state(self, request: Request) -> Response:
        browser, _ = self.browser(request)
        run = self.fair.get(request.path_params["run"], browser)
        if run is None:
            return self.refuse(request, self.words(request)["errors"]["not_found"], 404)
        response = JSONResponse(run.state())
        response.headers.update(HEADERS)
        return response

    # ------------------------------------------------------------ the application
    @contextlib.asynccontextmanager
    async def lifespan(self, app: Starlette):
        self.hub.listen()
        await self.hub.resume()
        if self.warm:
            asyncio.create_task(self.workers.warm())
        try:
            yield
        finally:
            await self.hub.close()
            if self.own_workers:
                self.workers.close()

    def app(self) -> Starlette:
        async def not_found(request: Request, exc: Exception) -> Response:
            return self.error_page(request, self.words(request)["errors"]["not_found"], 404)

        async def lobby(request: Request) -> Response:
            return await self.lobby(request)

        routes = [
            Route("/", lobby),
            Route("/games", self.create, methods=["POST"]),
            Route("/links/{game}", self.links),
            Route("/play/{token}", self.table),
            WebSocketRoute("/ws/{token}", self.live),
            Route("/workshop", self.workshop),
            Route("/workshop/check", self.check, methods=["POST"]),
            Route("/workshop/play", self.play_it, methods=["POST"]),
            Route("/workshop/fair", self.fair_start, methods=["POST"]),
            Route("/workshop/fair/{run}", self.fair_state),
            Mount("/static", StaticFiles(packages=[("redcode_rules.web", "static")]),
                  name="static"),
        ]
        app = Starlette(routes=routes, lifespan=self.lifespan,
                        exception_handlers={404: not_found})
        app.state.server = self
        return app


def first_line(text: str, at: float) -> str:
    """A card file's name in a list: its first declaration's line, and when."""
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            return f"{line[:50]} ({time.strftime('%Y-%m-%d %H:%M', time.localtime(at))})"
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(at))


#: What the workshop shows first: a small card to change.
EXAMPLE = """\
# A new order card: the deck stays at 30 cards (R1.4).
order depth_bomb {
    copies 2
    effect damage 2 to target
    name en "Depth bomb" es "Bomba de profundidad" (f) it "Bomba di profondità" (f)
}

patch order ambush { copies -2 }
"""


def make_app(store: SqlStore, workers: Workers | None = None, bot_pause: float = 0.4,
             warm: bool = True) -> Starlette:
    """The application on ``store`` (see ``serve`` for the command)."""
    return Server(store, workers, bot_pause, warm).app()
