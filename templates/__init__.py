"""Podium's page templates and static files: a package, so that importlib.resources finds
them inside an installed wheel as in a checkout (pyproject.toml maps this folder to podium.templates)."""
