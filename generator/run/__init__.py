"""A run over the whole archive: every event computed, and the site built from them, doing only
the work something asks for. (Not named build/: tools take a folder of that name for output.)

archive.py reads every event and season (content/) and replays them (rules/); cache.py keeps the
replays between runs; changes.py is the one answer to "what changed since the last run?" for
build, serve, check and verify; builder.py is `podium build` (nothing done when nothing changed),
outputs.py the site's files made and written; rebuild.py is serve's rebuild after an edit; pairing.py draws and writes the next round, recording.py writes results checked first;
parallel.py and progress.py share the work among the cores and show it on a terminal.
May import: core, rules, content, formats, site.
"""
