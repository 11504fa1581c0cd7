"""The words every floor shares, and nothing that reads a file of the organizer's.

A problem with its file and line (errors), data that remembers where it was written (located),
the declared content model (model) and the kinds of value it holds (values), ids as slugs, and
files written atomically with the sentence that says why one could not be (fileops).
May import: nothing of Podium's.
"""
