"""The rules engine: the declared model of an event → its report (pairings, results in points,
standings with every tie-breaker explained, brackets, season leaderboards).

Building blocks (scoring, structure, pairing, byes, tie-breakers …) and one module per game in
games/; a ruleset names its blocks, and ruleset.py builds it from a mapping. The engine reads no
file: content/ reads the organizer's files and hands it the model.
May import: core.
"""
