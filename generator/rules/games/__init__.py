"""One module per game: the rules of a game that no other game shares (its scoring, army or
role rules, its own tie-breakers), each block citing the document it follows.

A game module ends with ``BLOCKS`` (ruleset key → its block classes) and, if it has any,
``TIEBREAKERS``; rules/registry.py finds every module of this folder and offers its blocks to
rulesets by name. Adding a game is this one module, its ruleset file and its tests
(docs/a-new-game.md); no generic module names a game.
"""
