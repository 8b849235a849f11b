"""What keeps a table's secrets and its forms safe, said once.

A browser is known by a random id in an HttpOnly cookie (its games, its
card files). A form or a script's POST carries a token derived from that id
and the server's secret (HMAC): a page of another site cannot read it, so
it cannot send a form in the player's name; its ``Origin``, when the
browser sends one, must be this server too. A WebSocket's ``Origin`` must
be this server as well. Every response says to send a ``Referer`` only to
this site (a seat's link is its key; with none at all, Chromium sends a form's
``Origin`` as ``null``) and to run only this site's own script.
"""

from __future__ import annotations

import hashlib
import hmac
from urllib.parse import urlsplit

from .store import token

BROWSER_COOKIE = "rc_browser"
LANG_COOKIE = "rc_lang"
CSRF_FIELD = "csrf"
CSRF_HEADER = "x-csrf-token"

#: Sent with every response.
HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
                               "style-src 'self'; script-src 'self'; connect-src 'self'; "
                               "frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    "Referrer-Policy": "same-origin",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
}


def new_browser() -> str:
    return token()


def csrf_token(secret: str, browser: str) -> str:
    """The token a browser's forms carry: bound to its id by the server's secret."""
    return hmac.new(secret.encode(), f"csrf:{browser}".encode(), hashlib.sha256).hexdigest()[:32]


def csrf_ok(secret: str, browser: str | None, sent: str | None) -> bool:
    """Whether a form's token is the one made for this browser."""
    if not browser or not sent:
        return False
    return hmac.compare_digest(csrf_token(secret, browser), sent)


def same_origin(origin: str | None, host: str | None) -> bool:
    """Whether an ``Origin`` header names this server (no header: not a
    browser's cross-site request, which always carries one)."""
    if origin is None:
        return True
    if origin == "null" or not host:
        return False
    return urlsplit(origin).netloc.lower() == host.lower()
