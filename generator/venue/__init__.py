"""Servers for the venue: `podium serve` (the site rebuilt on every edit) and the built site on
the room's network for the players' phones (lanserver, its log, the address to give).
May import: core, rules, content, formats, site, run.
"""
