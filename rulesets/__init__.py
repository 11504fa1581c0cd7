"""The built-in rulesets: a package, so that importlib.resources finds them inside an installed
wheel as in a checkout (pyproject.toml maps this folder to podium.rulesets).

Which of them a command starts from when none is named is said here, beside the rulesets: the
commands name no game."""

FIRST_EVENT = "neuroshima-hex-pl-2023"  # `podium init`'s first event
TRF_IMPORT = "chess-swiss"  # `podium import trf`: the event a Tournament Report File becomes
