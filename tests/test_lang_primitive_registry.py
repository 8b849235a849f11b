"""The decision machine and honest primitives: what the player chooses is
declared in the primitive registry; a choice owed while an effect resolves is
asked and resumed by the engine for any primitive; the greedy bot scores
effects from the registry, not from primitive names; closed sets are words."""

import json
import textwrap

import attrs
import yaml

import redcode_rules as rc
from redcode_rules import effects
from redcode_rules.bots import GreedyBot
from redcode_rules.kinds import Choice, Decision, MoveKind, Phase, Pile

from conftest import scenario_game


def test_every_primitive_declares_the_choice_it_asks_of_the_player():
    """D4.6: a move's path is chosen with the card; D6.4: recovered crew are
    chosen while the card resolves; no other primitive asks anything."""
    choices = {name: prim.choice for name, prim in effects.PRIMITIVES.items()}
    assert choices == {"damage": Choice.NONE, "breakdown_damage": Choice.NONE,
                       "regain": Choice.NONE, "crew_loss": Choice.NONE,
                       "recover_crew": Choice.CREW_SOURCE, "move": Choice.PATH,
                       "draw": Choice.NONE, "cancel": Choice.NONE, "status": Choice.NONE,
                       # hand and deck, global and scoring (docs/dsl.md)
                       "discard": Choice.HAND_CARD, "take": Choice.HAND_CARD,
                       "put_on_deck": Choice.HAND_CARD, "look_hand": Choice.NONE,
                       "sink": Choice.NONE, "score": Choice.NONE, "refloat": Choice.SUNK_SHIP,
                       "place_token": Choice.NONE, "remove_token": Choice.NONE,
                           "jump": Choice.NONE,
                           "swap": Choice.NONE}


def test_a_cards_path_effect_is_found_through_the_registry():
    rules = rc.load_ruleset("en")
    movement = rules.maneuvers["movement"]
    assert effects.primitive_of(movement.path_effect).name == "move"
    assert movement.mover is effects.Selector.SELF
    assert rules.maneuvers["torpedo"].path_effect is None
    assert rules.orders["evasion"].mover is effects.Selector.TARGET


def test_closed_sets_are_their_words_in_saves_and_text():
    """str enums: equal to, hashed and shown as their words, so saved data is unchanged."""
    assert Decision.MAIN == "main" and hash(Decision.MAIN) == hash("main")
    assert repr(Phase.OVER) == "'over'" and f"{Pile.WITHDRAWN}" == "withdrawn"
    assert {"use": 1}[MoveKind.USE] == 1
    assert json.dumps({"phase": Phase.PLACE}) == '{"phase": "place"}'
    assert yaml.safe_dump(str(Phase.MAIN)) == "main\n...\n"
    game = rc.new_game(rc.load_ruleset("en"), seed=3, placement="fixed")
    assert (game.decision, game.phase) == ("main", "main")
    assert repr(game.decision) == "'main'"


# ------------------------------------------------------------------ a choice owed while resolving

@attrs.frozen
class Dismiss(effects.Effect):
    """Test only: N crew on the target's maneuvers are withdrawn, the card's
    player choosing each maneuver as the effect resolves."""

    amount: int = 1

    def apply(self, ops, item):
        seats = ops.select(self.selector, item)
        return effects.Owed(seats[0], self.amount) if seats else None

    def options(self, ops, seat):
        return [m for m in ops.recover_options(seat) if m != Pile.WITHDRAWN]

    def take(self, ops, seat, option):
        ship = ops.state.ships[seat]
        ship.crew_on[ops.rules.ships[ship.type].maneuvers.index(option)] -= 1
        ship.withdrawn += 1


def dismiss_game(monkeypatch, tmp_path, blue: str) -> rc.Game:
    """Blue holds a boatswain patched to ``dismiss 2 to target``, a primitive
    registered at run time; red is far away and cannot respond."""
    monkeypatch.setitem(effects.PRIMITIVES, "dismiss", effects.Primitive(
        "dismiss", Dismiss, (effects.AMOUNT,), effects.SHIP_SELECTORS, None,
        "N crew on the target's maneuvers are withdrawn (test only)", "dismiss 1 to target",
        -0.5, Choice.CREW_SOURCE, amount="amount"))
    monkeypatch.setitem(effects.NAME_OF, Dismiss, "dismiss")
    cards = tmp_path / "dismiss.rc"
    cards.write_text("patch order boatswain {\n    effect dismiss 2 to target\n}\n")
    return scenario_game(f"""
        edition: en
        extra: [{cards}]
        board: |
          ........
          ........
          ....#...
          ........
          ........
          ........
        ships:
          blue-submarine: {{at: a3, {blue}}}
          red-destroyer: {{at: h3}}
        hands: {{blue-submarine: [boatswain]}}
        deck: []
        turn: blue-submarine
        phase: maneuvers
    """)


def test_an_effect_that_owes_choices_is_asked_and_resumed_by_the_engine(monkeypatch, tmp_path):
    """D6.4, for any primitive: the engine stops at a ``choose`` decision while
    the effect's options differ, hands each answer to the effect, and goes on."""
    game = dismiss_game(monkeypatch, tmp_path, "crew_on: {torpedo: 2, repair: 2}")
    game.play("order boatswain blue-submarine")
    assert (game.decision, game.to_move) == ("choose", "blue-submarine")
    assert game.legal_moves() == ["recover repair", "recover torpedo"]
    game.play("recover torpedo")
    assert game.decision == "choose"
    assert game.legal_moves() == ["recover repair", "recover torpedo"]
    game.play("recover repair")
    assert game.decision == "main"
    sub = game.ship("blue-submarine")
    assert (sub.crew_on("torpedo"), sub.crew_on("repair"), sub.withdrawn) == (1, 1, 2)
    game.undo()
    assert game.legal_moves() == ["recover repair", "recover torpedo"]


def test_an_owed_choice_with_one_option_is_answered_alone(monkeypatch, tmp_path):
    game = dismiss_game(monkeypatch, tmp_path, "crew_on: {torpedo: 2}")
    game.play("order boatswain blue-submarine")
    assert game.decision == "main"
    sub = game.ship("blue-submarine")
    assert (sub.crew_on("torpedo"), sub.withdrawn, sub.reserve) == (0, 2, 4)


# ------------------------------------------------------------------ the bot reads the registry

def test_the_greedy_bot_scores_from_the_registry_not_from_names(monkeypatch):
    """The same primitive under another name scores the same, a sinking included."""
    game = scenario_game("""
        ships:
          blue-submarine: {at: b2}
          red-destroyer: {at: b4, repairs: 1, breakdowns: 0}
        phase: maneuvers
    """)
    bot = GreedyBot()
    move = game.move_of("torpedo red-destroyer")
    before = bot.reasons(game, move)
    assert [(r.key, r.value) for r in before] == [("sink", 6.0), ("cost", -0.1)]
    renamed = attrs.evolve(effects.PRIMITIVES["damage"], name="hull_breach")
    monkeypatch.setitem(effects.PRIMITIVES, "hull_breach", renamed)
    monkeypatch.setitem(effects.NAME_OF, effects.Damage, "hull_breach")
    assert bot.reasons(game, move) == before
