"""The site: reports → pages (the site model, one module per kind of page) → HTML (render, with
the theme's limits, QR codes, the UI language) → the folder written whole (write), with what
the offline worker keeps. Pages format the report and compute nothing.
May import: core, rules, content, formats.
"""
