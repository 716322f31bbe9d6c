"""The Woodlands web app: a server any browser or program plays through (issue 11).

It is one more client of the engine's seams and never implements a rule: it shows
``state.view(seat)``, ``state.log_for(seat)`` and the decision as data, and takes option ids.

* :mod:`woodlands.web.settings`: what a server is started with (database URL, limits);
* :mod:`woodlands.web.store`: the games and their decisions in a database (SQLAlchemy 2,
  Alembic migrations), appended one by one;
* :mod:`woodlands.web.service`: live games in memory over the store, the answers each seat may
  see, choices, undo and new tables; its parts :mod:`woodlands.web.seats` (tokens, invitations,
  seats handed to bots), :mod:`woodlands.web.botseats` (the bots' moves, the turn timer) and
  :mod:`woodlands.web.hints`; :mod:`woodlands.web.depends` hands them to the routes;
* :mod:`woodlands.web.api`: the JSON API (``/api/...``);
* :mod:`woodlands.web.join`: taking a seat with its invitation, once (``/join/...``);
* :mod:`woodlands.web.presence`: who is at a table now (the bot rules and the pages read it);
* :mod:`woodlands.web.origin`: is a request from this server's own pages;
* :mod:`woodlands.web.app`: :func:`~woodlands.web.app.create_app`, the FastAPI application.

Nothing here is imported by ``woodlands play``: the web libraries are the ``web`` extra.
See docs/web.md.
"""
