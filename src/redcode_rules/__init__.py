"""redcode_rules: the reference rules engine for Red Code (Código Rojo).

    import redcode_rules as rc
    rules = rc.load_ruleset("en")
    game = rc.new_game(rules, mode="war", teams=[["submarine"], ["destroyer"]], seed=7)
    game.legal_moves(); game.play("end")
"""
from .base.errors import (BadArgument, DslError, Failure, IllegalAction, IllegalMove, LanguageError,
                     MalformedMove, NothingToUndo, PrintError, RedCodeError, ReplayError,
                     SaveError, ScenarioError, SetupError, UnknownName, UnknownWord, UsageError)
from .game import Game, ShipView, new_game
from .lang.loader import load_ruleset, load_source
from .model.ruleset import CardDef, Ruleset, ShipDef
from .render import svg


def _version() -> str:
    """The installed distribution's version; in a source tree without one, pyproject's."""
    from importlib import metadata
    try:
        return metadata.version("redcode_rules")
    except metadata.PackageNotFoundError:
        pass
    import tomllib
    from pathlib import Path
    pyproject = Path(__file__).resolve().parents[2] / "pyproject.toml"
    try:
        return tomllib.loads(pyproject.read_text("utf-8"))["project"]["version"]
    except (OSError, KeyError, ValueError):
        return "0+unknown"


__version__ = _version()


def compiled_modules() -> list[str]:
    """Modules of this installation that run compiled by Cython (``setup.py``).

    Empty for pure Python: an editable install, ``REDCODE_PURE_PYTHON=1``, or
    a wheel built where compiling failed. The behaviour is the same either way;
    only the speed differs, so the benchmark prints this.
    """
    import importlib.machinery
    import importlib.util
    import pkgutil
    out = []
    # sub-packages are imported to be walked; their modules are found, not
    # imported (the AI adapters import packages of an optional extra)
    for info in pkgutil.walk_packages(__path__, f"{__name__}."):
        if info.ispkg:
            continue
        spec = importlib.util.find_spec(info.name)
        if isinstance(getattr(spec, "loader", None), importlib.machinery.ExtensionFileLoader):
            out.append(info.name.removeprefix(f"{__name__}."))
    return sorted(out)

__all__ = ["__version__", "BadArgument", "CardDef", "DslError", "Failure", "Game", "IllegalAction",
           "IllegalMove", "LanguageError", "MalformedMove", "NothingToUndo", "PrintError",
           "RedCodeError", "ReplayError", "Ruleset",
           "SaveError", "ScenarioError", "SetupError", "ShipDef", "ShipView", "UnknownName",
           "UnknownWord", "UsageError", "compiled_modules", "load_ruleset", "load_source",
           "new_game", "svg"]
