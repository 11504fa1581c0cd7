"""The command line (cli.py, click) and each command's glue as library functions the CLI calls
and tests call too (actions.py), with `podium verify` and `podium blocks` beside them.
May import: every other floor.
"""
