"""Tournaments and leagues (RULES §10, seed 000 §7m–w): the model, score sheets, table
results with penalties, standings and seasons, the tournament file.

Modules: :mod:`.model` (players, teams, tables, rounds, events, penalty amounts),
:mod:`.sheet` (paper score-sheet lines), :mod:`.scoring` (table results),
:mod:`.standings` (tournament and season standings, yellow-card bans),
:mod:`.file` (TOML / JSON tournament files, CSV export), :mod:`.seating` (drawing tables
with the fewest repeat meetings, fair sit-outs, printable plans).
"""
