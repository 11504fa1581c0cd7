"""The organizer's files: read, checked and turned into the declared model, and written back.

The one reader of the content: load.py reads YAML with every node's file and line, files.py lists
the files a folder holds as the reader sees them (and what each holds, by a hash of its bytes),
validate/ is the one place that checks them (schema.py declares every key; one module per kind
of file), rulesets.py reads, checks and builds the rulesets. Written back in the form a person
writes: a round's file (roundfile), a new archive or event (scaffold), editor schemas (editor);
read from git: an event as a commit held it (history).
May import: core, rules.
"""
