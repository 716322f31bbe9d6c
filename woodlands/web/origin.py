"""Is a request the user's own?  A browser sends a page's form or script request with its
origin; a request that changes something on the strength of a cookie (a seat's, the admin's),
or that sets or drops one (claiming a seat, forgetting a game), must come from this server's
own pages.  Programs with a bearer token send no Origin and need none."""
from __future__ import annotations

from urllib.parse import urlsplit

from starlette.requests import Request


def from_elsewhere(request: Request) -> bool:
    """True when a browser sent ``request`` from a page of another origin.

    ``Sec-Fetch-Site`` decides where the browser sends it (every current browser does): only
    ``same-origin`` (or ``none``: the user's own navigation) passes, so a page on another port
    of the same host, which the browser counts as the same *site*, does not.  Else ``Origin``
    must name this host; ``Origin: null`` (a sandboxed frame, a ``data:`` page) never does.
    Neither header: not a browser's request from a page (browsers send Origin with every POST)."""
    fetch_site = request.headers.get("sec-fetch-site")
    if fetch_site is not None:
        return fetch_site.strip().lower() not in ("same-origin", "none")
    origin = request.headers.get("origin")
    if origin is None:
        return False
    if origin.strip() == "null":
        return True
    return urlsplit(origin.strip()).netloc != request.headers.get("host")
