"""The headers every answer of the web app carries (docs/web.md, "Security").

* ``Content-Security-Policy``: scripts, styles, images and connections from this server only
  (``default-src 'self'``), no inline script or style, no plugin, and no page of another site may
  frame ours (``frame-ancestors 'none'``, with ``X-Frame-Options: DENY`` for older browsers): a
  page elsewhere cannot lay our buttons under its own (clickjacking).  A page that must run a
  script of its own inline (the API's ``/docs``) allows that one script by its hash
  (:func:`allowing_inline`); the middleware leaves a policy a route set alone.
* ``Referrer-Policy: no-referrer``: a link followed from one of our pages never tells the other
  site the address it came from (a game's address, an invitation).
* ``X-Content-Type-Options: nosniff``: a body is what its Content-Type says, never guessed.
* ``Cache-Control: no-store`` on every answer but the static files (stylesheet, scripts): pages
  and API answers carry seat tokens, a seat's view of its game or the cookies that hold a seat,
  and no browser cache or proxy may keep them.

:class:`SecurityHeaders` is ASGI middleware that :func:`woodlands.web.app.create_app` puts
outside everything else (the error pages of the other middleware and a 500 included).
"""
from __future__ import annotations

import base64
import hashlib
import re
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: the policy of every page: nothing from elsewhere, nothing inline, framed by nobody
CSP = ("default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
       "form-action 'self'; frame-ancestors 'none'")

#: (name, value) added to every answer that does not set the name itself
HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-content-type-options", b"nosniff"),
)
#: the answers a cache may keep: the static files, which carry nothing of anyone's
CACHEABLE = "/static/"

_INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.S)


def allowing_inline(html: str) -> str:
    """:data:`CSP` with each inline ``<script>`` of ``html`` allowed by its SHA-256 (and no other)."""
    hashes = " ".join("'sha256-" + base64.b64encode(hashlib.sha256(s.encode()).digest()).decode() + "'"
                      for s in _INLINE_SCRIPT.findall(html))
    return CSP + (f"; script-src 'self' {hashes}" if hashes else "")


def raw_headers() -> list[tuple[bytes, bytes]]:
    """The headers of an answer written outside the app (the connection guard's refusals)."""
    return [*HEADERS, (b"cache-control", b"no-store")]


class SecurityHeaders:
    """ASGI middleware: add :data:`HEADERS` to each answer (keeping a value the route set), and
    ``Cache-Control: no-store`` to every answer outside :data:`CACHEABLE`."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        store = not str(scope.get("path", "")).startswith(CACHEABLE)

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers: list[Any] = [(k, v) for k, v in message.get("headers", ()) if not (store and k == b"cache-control")]
                present = {k for k, _ in headers}
                headers += [(k, v) for k, v in HEADERS if k not in present]
                if store:
                    headers.append((b"cache-control", b"no-store"))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)
