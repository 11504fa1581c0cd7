"""Files of other programs, in and out: FIDE's TRF (Swiss-Manager, chess-results), sign-up
sheets (CSV, XLSX) read as they stream in the encoding they were written in, and the JSON of
CONTRACT.md that the site publishes and `podium standings --json` prints.
May import: core, rules, content.
"""
