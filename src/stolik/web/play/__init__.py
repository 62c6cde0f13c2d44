"""Browser play: the lobby, the table pages and the real-time WebSocket protocol.

The machinery is generic over games: :mod:`.game` is the interface a game offers a table
(:class:`~.game.Match`), :mod:`.table` a live table (seats, op log, subscribers),
:mod:`.hub` the :class:`~.hub.Hub` that holds the tables (one in-process implementation,
:class:`~.hub.LocalHub`), :mod:`.store` their rows in the database (:mod:`.orm`),
:mod:`.protocol` the client messages, :mod:`.ratelimit` the per-connection token bucket
and :mod:`.routes` the HTTP pages and the WebSocket. Each game's side is its ``web`` part
(:mod:`stolik.games`), found through the game registry; Baśka's,
:mod:`stolik.games.baska.web`, puts a session behind the :class:`~.game.Match` interface
and builds the messages from each seat's view.
"""
