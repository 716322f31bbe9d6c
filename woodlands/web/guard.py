"""What one client may hold of the server's connections, and how long it may take to send a
request (docs/web.md, "Security": "Limits").

uvicorn drops a keep-alive connection that stays silent after an answer, but nothing else: a
connection that never finishes its request line and headers, that never sends the body it
announced, or that is opened and never used stays open for ever, and so does a header block of
any size.  One client could so hold every file descriptor of the server.  :func:`protocol`
makes uvicorn's own HTTP protocol (httptools) with the missing guards:

* **Connections**: at most ``Settings.connections_per_client`` open from one client address (an
  IPv6 address counts by its /64 network, the block one subscriber is usually given) and
  ``Settings.max_connections`` in all (never more than the process's file limit leaves room
  for: :func:`connection_cap`).  Over either, the new connection is answered 429 or 503 and
  closed at once.
* **Idle**: a connection on which no request is under way (a new one, or between two requests)
  is closed after ``Settings.idle_timeout`` seconds without a byte.
* **Headers**: a request's line and headers must all arrive within ``Settings.header_timeout``
  seconds of its first byte (else 408 and the connection is closed) and hold at most
  ``Settings.max_header_bytes`` (else 431).
* **Body**: the body a request announced must all arrive within ``Settings.body_timeout``
  seconds of its headers' end, else the connection is closed (the route sees a disconnect and
  changes nothing).

An answer under way (a live stream included) is never timed out here: the live streams are
capped by :class:`woodlands.web.limits.StreamLimit` instead.  The timers are armed only while a
request is incomplete after a read, so a request that arrives whole in one read (nearly all)
costs no timer.
"""
from __future__ import annotations

import asyncio
import ipaddress
from typing import Any

import httptools
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from .security import raw_headers

#: file descriptors kept out of the connection cap: the database, the search processes' pipes,
#: log files, the listening socket
RESERVED_FILES = 64


def client_key(host: str) -> str:
    """The address a client is counted under: an IPv4 address itself, an IPv6 one by its /64.

    >>> client_key("203.0.113.9"), client_key("2001:db8:1:2:3:4:5:6"), client_key("::ffff:10.0.0.1")
    ('203.0.113.9', '2001:db8:1:2::/64', '10.0.0.1')
    """
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


def connection_cap(wanted: int) -> int:
    """``wanted`` connections at most, and never more than the process's soft limit on open
    files leaves after :data:`RESERVED_FILES` (a server out of descriptors answers nobody)."""
    try:
        import resource
        soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (ImportError, OSError, ValueError):
        return wanted
    if soft == resource.RLIM_INFINITY:
        return wanted
    return max(1, min(wanted, int(soft) - RESERVED_FILES))


class ConnectionCounts:
    """The open connections of one server, per client address and in all (the event loop's
    thread alone touches them)."""

    def __init__(self, per_client: int, total: int) -> None:
        self.per_client = per_client
        self.total = total
        self.open: dict[str, int] = {}
        self.count = 0

    def admit(self, key: str) -> bytes | None:
        """Count a new connection from ``key``; or the answer that refuses it (not counted)."""
        if self.open.get(key, 0) >= self.per_client:
            return refusal(429, f"this address has {self.per_client} connections open to this server, the most "
                                "it allows; close some (other tabs, other programs) and try again", 5)
        if self.count >= self.total:
            return refusal(503, "this server is holding as many connections as it can; try again in a moment", 5)
        self.open[key] = self.open.get(key, 0) + 1
        self.count += 1
        return None

    def release(self, key: str) -> None:
        left = self.open.get(key, 0) - 1
        if left > 0:
            self.open[key] = left
        else:
            self.open.pop(key, None)
        self.count -= 1


def refusal(status: int, reason: str, retry_after: int | None = None) -> bytes:
    """A whole HTTP/1.1 answer that closes the connection, with the app's headers."""
    from http import HTTPStatus
    body = (reason + "\n").encode()
    lines = [f"HTTP/1.1 {status} {HTTPStatus(status).phrase}".encode(), b"content-type: text/plain; charset=utf-8",
             b"content-length: " + str(len(body)).encode(), b"connection: close"]
    if retry_after is not None:
        lines.append(b"retry-after: " + str(retry_after).encode())
    lines += [name + b": " + value for name, value in raw_headers()]
    return b"\r\n".join(lines) + b"\r\n\r\n" + body


class _HeadTooLarge(Exception):
    """Raised in a parser callback: the request's line and headers passed the cap."""


def protocol(settings: Any) -> type[asyncio.Protocol]:
    """uvicorn's httptools protocol with the guards of the module doc, for ``settings``
    (pass it as ``uvicorn.Config(http=...)``; one class per server: it holds the counts)."""
    counts = ConnectionCounts(int(settings.connections_per_client), connection_cap(int(settings.max_connections)))
    idle = float(settings.idle_timeout)
    head_time = float(settings.header_timeout)
    body_time = float(settings.body_timeout)
    head_cap = int(settings.max_header_bytes)
    too_large = refusal(431, f"the request's headers are larger than {head_cap} bytes")
    too_slow = refusal(408, f"the request's headers did not all arrive within {head_time:g} seconds")

    class GuardedProtocol(HttpToolsProtocol):
        guard = counts

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._key: str | None = None           # the address counted for this connection
            self._in_head = False                  # a request's line and headers begun, not ended
            self._in_body = False                  # its headers ended, its body not
            self._head_received = 0                # bytes read since the request began (an upper bound)
            self._head_size = 0                    # its line and headers as parsed so far
            self._timer: asyncio.TimerHandle | None = None

        # -------------------------------------------------------------- the connection
        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(transport)   # type: ignore[arg-type]
            key = client_key(self.client[0]) if self.client else "local"
            answer = counts.admit(key)
            if answer is not None:
                self.transport.write(answer)
                self.transport.close()
                return
            self._key = key
            # a connection that never sends a byte is dropped like a silent keep-alive one
            self.timeout_keep_alive_task = self.loop.call_later(idle, self.timeout_keep_alive_handler)

        def connection_lost(self, exc: Exception | None) -> None:
            self._stop_timer()
            if self._key is not None:
                counts.release(self._key)
                self._key = None
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            # uvicorn's own, but a header block over the cap is told 431 (not 400)
            self._unset_keepalive_if_required()
            try:
                self.parser.feed_data(data)
            except httptools.HttpParserUpgrade:
                if self._should_upgrade():
                    self.handle_websocket_upgrade()
                else:
                    self._unsupported_upgrade_warning()
                return
            except httptools.HttpParserError as e:
                if isinstance(e.__context__, _HeadTooLarge):
                    self._close_with(too_large)
                else:
                    self.logger.warning("Invalid HTTP request received.")
                    self.send_400_response("Invalid HTTP request received.")
                return
            if self.transport.is_closing():
                return
            if self._in_head:
                self._head_received += len(data)
                if self._head_received > head_cap:
                    self._close_with(too_large)
                elif self._timer is None:
                    self._timer = self.loop.call_later(head_time, self._head_expired)
            elif self._in_body and self._timer is None:
                self._timer = self.loop.call_later(body_time, self._body_expired)

        # -------------------------------------------------------------- the parser's callbacks
        def on_message_begin(self) -> None:
            self._in_head = True
            self._head_received = self._head_size = 0
            super().on_message_begin()

        def on_url(self, url: bytes) -> None:
            self._head_size += len(url)
            super().on_url(url)

        def on_header(self, name: bytes, value: bytes) -> None:
            self._head_size += len(name) + len(value) + 4
            super().on_header(name, value)

        def on_headers_complete(self) -> None:
            self._in_head = False
            self._stop_timer()
            if self._head_size > head_cap:
                raise _HeadTooLarge()
            self._in_body = True
            super().on_headers_complete()

        def on_message_complete(self) -> None:
            self._in_body = False
            self._stop_timer()
            super().on_message_complete()

        # -------------------------------------------------------------- the timers
        def _stop_timer(self) -> None:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None

        def _head_expired(self) -> None:
            self._timer = None
            if self._in_head and not self.transport.is_closing():
                answering = self.cycle is not None and not self.cycle.response_complete
                if answering:           # an answer to an earlier request is under way: just close
                    self.transport.close()
                else:
                    self._close_with(too_slow)

        def _body_expired(self) -> None:
            self._timer = None
            if self._in_body and not self.transport.is_closing():
                # the route waiting for the body sees a disconnect and changes nothing
                self.transport.close()

        def _close_with(self, answer: bytes) -> None:
            self._stop_timer()
            self.transport.write(answer)
            self.transport.close()

    return GuardedProtocol
