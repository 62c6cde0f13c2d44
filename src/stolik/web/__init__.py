"""The web server (``stolik serve``): FastAPI + Jinja2.

:mod:`.app` builds the application from a database; :mod:`.i18n` holds the Polish and
English page texts; :mod:`.league` is the tournament side (referee pages, the public live
results page, printable sheets, seating and standings; RULES §10); :mod:`.play` is playing
Baśka in the browser (lobby, tables with people and bots, spectators, WebSocket).
"""
