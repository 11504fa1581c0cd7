"""Servers for the venue: `podium serve` (the site rebuilt on every edit), the built site on the
room's network for the players' phones (lanserver, its log, the address to give), the results
desk on this computer (desk, deskviews) and the players' result reports (reports, reportpage).
May import: core, rules, content, formats, site, run.
"""
