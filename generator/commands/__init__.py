"""The command line (cli.py, click) and one short module of glue per command that does more than
call a lower floor (check, standings, export, verify), as functions the CLI calls and
tests call too; `podium blocks` (blocksdoc) and the catalogs' msgids (i18n_sources) beside them.
May import: every other floor.
"""
