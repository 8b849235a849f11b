"""redcode_rules: the reference rules engine for Red Code (Código Rojo).

    import redcode_rules as rc
    rules = rc.load_ruleset("en")
    game = rc.new_game(rules, mode="war", teams=[["submarine"], ["destroyer"]], seed=7)
    game.legal_moves(); game.play("end")
"""
from . import svg
from .errors import DslError, IllegalMove, RedCodeError, ScenarioError
from .game import Game, ShipView, new_game
from .loader import load_ruleset, load_source
from .model import CardDef, Ruleset, ShipDef
from .replay import ReplayError

__all__ = ["CardDef", "DslError", "Game", "IllegalMove", "RedCodeError", "ReplayError",
           "Ruleset", "ScenarioError", "ShipDef", "ShipView", "load_ruleset", "load_source",
           "new_game", "svg"]
