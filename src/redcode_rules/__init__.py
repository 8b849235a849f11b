"""redcode_rules: the reference rules engine for Red Code (Código Rojo)."""
from .errors import DslError, IllegalMove, RedCodeError, ScenarioError
from .loader import load_ruleset, load_source
from .model import CardDef, Ruleset, ShipDef
from .game import Game, ShipView, new_game
