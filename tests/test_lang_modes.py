"""Modes chosen with the card (`mode NAME { … }`, D4.15): the move names
the mode after the card, `legal_moves` lists a mode only if it may be used
now, `explain` says why one may not, the mode's own cost, target, `usable`
and effects act, saves, the action words and the bots carry it. The card
file is tests/data/modes.rc."""

import json

import pytest

import redcode_rules as rc
from redcode_rules.ai.actions import ActionSpace
from redcode_rules.bots.players import GreedyBot, ISMCTSBot
from redcode_rules.testing.fuzz import card_fuzz_rules, fuzz_cards
from redcode_rules.text.cards import card_text
from redcode_rules.web.clicks import pick_tree

from conftest import (OPEN_BOARD, ROOT, dsl_refusal, logged, pass_all, refused, replayed,
                      scenario_game, starting)

CARDS = str(ROOT / "tests" / "data" / "modes.rc")
#: blue-submarine at c3 (1 repair missing, 5 crew in reserve); red-destroyer
#: at e3, within range 2; blue-destroyer at d4.
BASE = {"edition": "en", "extra": [CARDS], "board": OPEN_BOARD, "phase": "maneuvers",
        "deck": [],
        "ships": {"blue-submarine": {"at": "c3", "repairs": 2},
                  "red-destroyer": {"at": "e3"}, "blue-destroyer": {"at": "d4"},
                  "red-submarine": {"at": "h6"}},
        "hands": {"blue-submarine": ["tactics"]}}


def game(**fields) -> rc.Game:
    return scenario_game(BASE, **fields)


def compile_error(text: str) -> str:
    error = dsl_refusal(text)
    return f"{error.line}: {error.reason}"


# ------------------------------------------------------------------ listing


def test_each_mode_is_listed_with_its_own_target():
    """Tactics: `fire` on an enemy ship (any on the board: an order card),
    `mend` on its own ship (no target)."""
    assert starting(game(), "order tactics") == [
        "order tactics fire red-destroyer", "order tactics fire red-submarine",
        "order tactics mend"]


def test_a_mode_that_cannot_be_used_is_not_listed():
    """`mend` is usable only with a repair missing; `overcharged` costs 3
    crew, and the submarine has 2 in reserve."""
    g = game(ships={**BASE["ships"], "blue-submarine": {"at": "c3", "reserve": 2,
                                                         "withdrawn": 4}})
    assert starting(g, "order tactics") == [
        "order tactics fire red-destroyer", "order tactics fire red-submarine"]
    assert starting(g, "overcharged_torpedo") == [
        "overcharged_torpedo plain blue-destroyer", "overcharged_torpedo plain blue-submarine",
        "overcharged_torpedo plain red-destroyer"]


# ------------------------------------------------------------------ refusals


@pytest.mark.parametrize("move, reason", [
    ("order tactics", "tactics has modes: write one after it: order tactics <mode> (one of: "
     "fire mend) (D4.15)"),
    ("order tactics aim red-destroyer", "tactics has no mode 'aim': its modes are fire mend "
     "(D4.15)"),
    ("order tactics fire blue-destroyer", "mode fire of tactics: blue-destroyer is not a ship "
     "tactics may target: it targets an enemy ship"),
    ("order tactics fire", "tactics needs a target"),
])
def test_a_mode_not_listed_is_refused_saying_why_and_nothing_changes(move, reason):
    assert refused(game(), move).startswith(reason)


def test_a_mode_whose_condition_fails_is_refused_naming_the_mode():
    g = game(ships={**BASE["ships"], "blue-submarine": {"at": "c3", "reserve": 2,
                                                         "withdrawn": 4}})
    assert refused(g, "order tactics mend") == (
        "mode mend of tactics: tactics may be used only if your ship has at least 1 missing "
        "repair")
    assert refused(g, "overcharged_torpedo overcharged red-destroyer") == (
        "mode overcharged of overcharged_torpedo: overcharged_torpedo costs 3 crew and "
        "blue-submarine has 2 in reserve (R4.1)")


# ------------------------------------------------------------------ resolving


def test_the_mode_chosen_acts_and_the_other_does_not():
    g = game()
    g.play("order tactics mend")
    pass_all(g)
    assert (g.ship("blue-submarine").repairs, g.ship("red-destroyer").repairs) == (3, 3)
    assert logged(g, "order", "card", "card_mode") == [("tactics", "mend")]


@pytest.mark.parametrize("lang, line", [
    ("en", "Blue submarine plays Tactics (fire) on red destroyer."),
    ("es", "El submarino azul juega Táctica (fire) sobre el destructor rojo."),
    ("it", "Il sottomarino blu gioca Tattica (fire) sul distruttore rosso."),
])
def test_the_narration_says_the_mode_chosen(lang, line):
    g = game()
    g.play("order tactics fire red-destroyer")
    g.lang = lang
    assert line in [said.strip() for said in g.narration()]


def test_a_mode_costs_its_own_crew():
    """D4.15: the `overcharged` mode puts 3 crew on the maneuver, and deals 3."""
    g = game()
    g.play("overcharged_torpedo overcharged red-destroyer")
    assert g.stack == [{"card": "overcharged_torpedo", "player": "blue-submarine",
                        "cancelled": False, "mode": "overcharged", "target": "red-destroyer"}]
    pass_all(g)
    assert g.ship("blue-submarine").crew["overcharged_torpedo"] == 3
    assert (g.ship("red-destroyer").repairs, g.ship("red-destroyer").breakdowns) == (3, 2)


def test_a_response_names_its_mode_and_only_its_usable_modes_are_listed(tmp_path):
    """A maneuver with modes used as a response (R5.2): `respond guard
    cancel` answers; `repair_self` is usable only with a repair missing."""
    path = tmp_path / "guard.rc"
    path.write_text("""maneuver guard {
    range 3  response
    mode cancel { cost 2  target source  effect cancel answered }
    mode repair_self { cost 1  usable if repairs missing of self > 0
                       effect regain repair 1 to self }
}
patch ship submarine {
    maneuvers movement repair torpedo orders immersion countermeasure heavy_torpedo guard
}
deck { keep size }
""", "utf-8")
    g = game(extra=[str(path)], turn="red-destroyer", hands={},
             ships={**BASE["ships"], "blue-submarine": {"at": "c3"}})
    g.play("torpedo blue-submarine")
    while g.to_move != "blue-submarine":
        g.play("pass")
    assert starting(g, "respond guard") == ["respond guard cancel red-destroyer"]
    g.play("respond guard cancel red-destroyer")
    pass_all(g)
    assert g.ship("blue-submarine").repairs == 3
    assert logged(g, "cancelled", "card") == ["torpedo"]


def test_a_card_with_modes_is_of_a_class_if_one_of_its_modes_is():
    """D9.10 and D4.15: `until it uses damaging cards` ends when the ship
    plays Tactics, whose `fire` mode damages, whichever mode it plays."""
    until = str(ROOT / "tests" / "data" / "until_uses.rc")
    g = game(extra=[CARDS, until], ships={**BASE["ships"], "blue-submarine": {
        "at": "c3", "repairs": 2, "silent": True}})
    g.play("order tactics mend")
    assert g.ship("blue-submarine").statuses == ()


# ------------------------------------------------------------------ records and bots


def test_a_save_in_a_response_window_keeps_the_mode():
    g = game()
    g.play("overcharged_torpedo plain red-destroyer")
    assert json.loads(g.to_json())["state"]["stack"][0]["mode"] == "plain"
    again = rc.Game.from_json(g.to_json())
    assert again == g
    pass_all(again)
    assert again.ship("red-destroyer").repairs == 2


def test_the_observation_shows_the_mode_chosen():
    g = game()
    g.play("overcharged_torpedo plain red-destroyer")
    assert g.observation("red-destroyer").stack[0].mode == "plain"
    assert "stack 0: overcharged_torpedo plain (maneuver) by blue-submarine" in \
        str(g.observation("red-destroyer"))


def test_the_action_words_take_the_card_then_its_mode():
    g = game()
    space = ActionSpace.for_game(g)
    assert space.words[-2:] == ("plain", "overcharged") or "fire" in space.words
    move = "order tactics fire red-destroyer"
    assert space.actions_of(g, move) == (
        space.id("order"), space.id("tactics"), space.id("fire"), space.id("red-destroyer"))
    assert space.decode(space.actions_of(g, move)) == move


def test_the_table_page_clicks_the_card_then_its_mode_then_its_target():
    """web/clicks.py: a mode is a button (an option) after the card."""
    g = game()
    tree = pick_tree(starting(g, "order tactics"), [s.id for s in g.engine.state.ships],
                     lambda word: g.board.index(word) is not None)
    assert sorted(tree.at(["card:tactics"]).next) == ["option:fire", "option:mend"]
    assert tree.at(["card:tactics", "option:mend"]).move == "order tactics mend"
    assert tree.at(["card:tactics", "option:fire", "ship:red-destroyer"]).move == \
        "order tactics fire red-destroyer"


def test_the_greedy_bot_reads_the_effects_of_each_mode():
    g = game()
    bot = GreedyBot()
    assert [(r.key, r.value) for r in bot.reasons(g, g.move_of("order tactics mend"))] == [
        ("regain", 1.0)]
    assert [(r.key, r.ship, r.value) for r in bot.reasons(
        g, g.move_of("overcharged_torpedo overcharged red-destroyer")) if r.key != "cost"] == [
        ("damage", "red-destroyer", 3.0)]


def test_a_replay_plays_the_moves_again_to_the_same_game():
    g = game()
    g.play("overcharged_torpedo overcharged red-destroyer")
    pass_all(g)
    g.play("order tactics fire red-submarine")
    again = replayed(g)
    assert again == g


def test_a_replay_file_names_the_modes_and_plays_them_again():
    g = game()
    g.play("overcharged_torpedo plain red-destroyer")
    pass_all(g)
    g.play("order tactics mend")
    data = g.replay()
    assert "overcharged_torpedo plain red-destroyer" in data["moves"]
    assert rc.Game.from_replay(json.loads(json.dumps(data))) == g


def test_undo_takes_a_mode_back():
    g = game()
    before = g.to_json()
    g.play("overcharged_torpedo overcharged red-destroyer")
    g.undo()
    assert g.to_json() == before


def test_the_search_bot_and_the_greedy_bot_play_modes():
    """From a position where the cards with modes are all the submarine may
    play but ending the turn, both bots choose a listed move."""
    g = game()
    assert ISMCTSBot(seed=1, iterations=40).choose(g) in g.legal_moves()
    assert GreedyBot().choose(g) == "overcharged_torpedo overcharged red-destroyer"


def test_random_games_with_modes_keep_every_invariant(tmp_path):
    failure, usage = fuzz_cards(card_fuzz_rules("en", [CARDS]), games=1, seed=16, out=tmp_path)
    assert failure is None
    assert usage.unused() == []


# ------------------------------------------------------------------ the language


@pytest.mark.parametrize("lang, said", [
    ("en", "Choose one — fire: 2 repair damage to the target. Target: an enemy ship. — or "
     "mend: Your ship regains 2 repairs. Usable only if your ship has at least 1 missing "
     "repair. Order card: cannot be responded to."),
    ("es", "Elige una — fire: -2 reparaciones al objetivo. Objetivo: un barco enemigo. — o "
     "mend: Tu barco recupera +2 reparaciones. Solo se puede usar si tu barco tiene al menos "
     "1 reparación perdida. Carta de órdenes: sin respuesta."),
    ("it", "Scegline una — fire: -2 riparazioni al bersaglio. Bersaglio: una nave nemica. — "
     "oppure mend: La tua nave recupera +2 riparazioni. Utilizzabile solo se la tua nave ha "
     "almeno 1 riparazione persa. Carta degli ordini: senza risposta."),
])
def test_the_card_says_each_mode(lang, said):
    assert card_text(game().rules, "tactics", lang) == said


def test_a_maneuver_says_each_mode_with_its_cost():
    assert card_text(game().rules, "overcharged_torpedo", "en") == (
        "Choose one — plain (2 crew): 1 repair damage to the target. Range 2. — or "
        "overcharged (3 crew): 3 repair damage to the target. Range 2. Can be responded to.")


@pytest.mark.parametrize("card, error", [
    ("mode a { effect draw 1 }",
     "2: order 'o' has 1 mode: a card has 2 to 6 modes, its player choosing one (D4.15)"),
    ("effect draw 1\n  mode a { effect draw 1 }\n  mode b { effect draw 2 }",
     "2: order 'o' has modes, so its effects are said in each mode"),
    ("mode a { effect draw 1 }\n  mode a { effect draw 2 }",
     "3: order 'o': a mode cannot be called 'a': another mode of the card has it"),
    ("mode pass { effect draw 1 }\n  mode b { effect draw 2 }",
     "2: order 'o': a mode cannot be called 'pass'"),
    ("target ship\n  mode a { target enemy ship  effect damage 1 to target }\n"
     "  mode b { effect draw 2 }",
     "3: order 'o': 'target' is said at the card already; say it at the card for every mode, "
     "or in each mode (D4.15)"),
    ("mode a { target self }\n  mode b { effect draw 2 }",
     "2: order 'o': mode 'a' has no effect"),
    ("mode a { effect damage 1 to target }\n  mode b { target self  effect damage 1 to target }",
     "3: order 'o' mode 'b' targets itself but an effect uses 'target'"),
])
def test_modes_are_checked_with_their_file_and_line(card, error):
    text = f"order o {{ copies 1\n  {card} }}\ndeck {{ keep size }}\n"
    assert compile_error(text).startswith(error)


def test_a_maneuver_mode_without_a_cost_is_refused():
    text = ("maneuver m { range 2\n  mode a { cost 1  effect damage 1 to target }\n"
            "  mode b { effect damage 2 to target } }\n")
    assert "maneuver 'm' mode 'b' has no cost (R4.1)" in compile_error(text)


@pytest.mark.mass
def test_many_random_games_with_modes_keep_every_invariant(tmp_path):
    """The long run: 20 games of the file's cards with modes."""
    failure, usage = fuzz_cards(card_fuzz_rules("en", [CARDS]), games=20, seed=7, out=tmp_path)
    assert failure is None
    assert usage.unused() == []


DASH = """\
maneuver dash_or_fire {
    name en "Dash or fire" es "Carrera o fuego" it "Scatto o fuoco"
    mode dash { cost 1  effect move 2 self }
    mode fire { cost 1  range 2  target ship  effect damage 1 to target }
    respondable
}
patch ship submarine {
    maneuvers movement repair torpedo orders immersion countermeasure overcharged_torpedo
              dash_or_fire
}
"""


def test_a_save_of_a_mode_that_moves_keeps_its_path(tmp_path):
    """The save checks a stack item as its mode declares it (D4.15): the
    path of a mode that moves, the target of one that fires; a mode the
    card does not have is refused, naming the field."""
    extra = tmp_path / "dash.rc"
    extra.write_text(DASH, "utf-8")
    g = game(extra=[CARDS, str(extra)])
    dash = starting(g, "dash_or_fire dash")[0]
    g.play(dash)
    saved = g.to_json()
    assert rc.Game.from_json(saved) == g
    data = json.loads(saved)
    data["state"]["stack"][0]["mode"] = "sprint"
    with pytest.raises(rc.SaveError, match=r"mode.*one of its modes \(dash, fire\)"):
        rc.Game.from_json(json.dumps(data))
