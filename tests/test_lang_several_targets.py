"""Several targets (`target up to N … ships`, `target exactly N … ships`,
D4.13): the move names different ships in seat order, `legal_moves` lists
each set once, `explain` says why another is refused, the effects act on
`each target`, saves and replays carry them, and a card with one target
keeps its notation. The card file is tests/data/several_targets.rc."""

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

CARDS = str(ROOT / "tests" / "data" / "several_targets.rc")
#: Seats: blue-submarine, red-destroyer, blue-destroyer, red-aircraft_carrier,
#: blue-aircraft_carrier, red-submarine. From c3, within range 2 in sight:
#: red-destroyer (e3) and red-aircraft_carrier (c5); red-submarine (h6) is far.
BASE = {"edition": "en", "extra": [CARDS], "board": OPEN_BOARD, "phase": "maneuvers",
        "deck": [],
        "ships": {"blue-submarine": {"at": "c3"}, "red-destroyer": {"at": "e3"},
                  "blue-destroyer": {"at": "d4"}, "red-aircraft_carrier": {"at": "c5"},
                  "blue-aircraft_carrier": {"at": "a1"}, "red-submarine": {"at": "h6"}},
        "hands": {"blue-submarine": ["barrage"]}}


def game(**fields) -> rc.Game:
    return scenario_game(BASE, **fields)


def compile_error(text: str) -> str:
    error = dsl_refusal(text)
    return f"{error.line}: {error.reason}"


# ------------------------------------------------------------------ listing


def test_up_to_2_lists_each_set_of_1_or_2_ships_it_may_target_once_in_seat_order():
    """D4.13: the enemy ships in sight within range 2, alone and as a pair."""
    assert starting(game(), "salvo") == [
        "salvo red-aircraft_carrier", "salvo red-destroyer",
        "salvo red-destroyer red-aircraft_carrier"]


def test_exactly_2_lists_only_pairs_of_ships_its_filter_accepts():
    """`where repairs of it >= 2`: a ship with 1 repair is never named."""
    g = game(ships={**BASE["ships"], "red-submarine": {"at": "h6", "repairs": 1}})
    moves = starting(g, "order barrage")
    assert len(moves) == 10  # 5 ships with 2 repairs or more: 10 pairs
    assert all(len(m.split()) == 4 for m in moves)
    assert not any("red-submarine" in m for m in moves)


def test_a_card_with_one_target_keeps_its_notation():
    assert starting(game(), "torpedo") == [
        "torpedo blue-aircraft_carrier", "torpedo blue-destroyer", "torpedo blue-submarine",
        "torpedo red-aircraft_carrier", "torpedo red-destroyer"]


# ------------------------------------------------------------------ refusals


@pytest.mark.parametrize("move, reason", [
    ("salvo red-aircraft_carrier red-destroyer",
     "salvo names its targets in seat order: red-destroyer red-aircraft_carrier (D4.13)"),
    ("salvo red-destroyer red-destroyer",
     "salvo names red-destroyer twice: its targets are different ships (D4.13)"),
    ("salvo red-destroyer blue-destroyer",
     "blue-destroyer is not a ship salvo may target: it targets an enemy ship"),
    ("salvo red-destroyer red-submarine",
     "red-submarine is not in the visual field of blue-submarine within range 2 (R4.3)"),
    ("salvo", "salvo names 1 to 2 different target ships, in seat order (D4.13)"),
    ("salvo red-destroyer red-aircraft_carrier blue-destroyer",
     "salvo names 1 to 2 different target ships, in seat order (D4.13)"),
    ("order barrage red-destroyer", "barrage names 2 different target ships, in seat order "
     "(D4.13)"),
])
def test_a_set_of_targets_not_listed_is_refused_saying_why_and_nothing_changes(move, reason):
    assert refused(game(), move) == reason


# ------------------------------------------------------------------ resolving


def test_each_target_takes_the_effects_in_seat_order_and_the_log_names_them():
    g = game()
    g.play("salvo red-destroyer red-aircraft_carrier")
    assert logged(g, "use", "target", "targets") == [
        ("red-destroyer", ["red-destroyer", "red-aircraft_carrier"])]
    pass_all(g)
    assert logged(g, "damage", "ship") == ["red-destroyer", "red-aircraft_carrier"]
    assert (g.ship("red-destroyer").repairs, g.ship("red-aircraft_carrier").repairs,
            g.ship("blue-destroyer").repairs) == (2, 2, 3)
    assert g.ship("blue-submarine").crew_on("salvo") == 2  # R4.1: one cost for the set


def test_an_order_with_exactly_2_targets_gives_each_its_status():
    g = game()
    g.play("order barrage blue-destroyer red-aircraft_carrier")
    assert (g.ship("blue-destroyer").repairs, g.ship("red-aircraft_carrier").repairs) == (2, 2)
    assert "intercepted" in g.ship("blue-destroyer").statuses
    assert "intercepted" in g.ship("red-aircraft_carrier").statuses
    assert "intercepted" not in g.ship("red-destroyer").statuses


def test_a_target_sunk_before_the_card_resolves_is_left_out():
    """R9.2: a ship off the board is not affected; the other target still is."""
    g = game(ships={**BASE["ships"], "red-destroyer": {"at": "e3", "repairs": 1,
                                                       "breakdowns": 0}})
    g.play("salvo red-destroyer red-aircraft_carrier")
    pass_all(g)
    assert g.ship("red-destroyer").sunk
    assert g.ship("red-aircraft_carrier").repairs == 2


def test_a_targeted_trigger_fires_for_each_ship_named(tmp_path):
    """D4.13: each ship of the set is targeted when the card is declared:
    a red ship that draws when targeted draws once for each red ship named."""
    watch = tmp_path / "watch.rc"
    watch.write_text("patch ship destroyer { when targeted of self { effect draw 1 } }\n"
                     "patch ship aircraft_carrier { when targeted of self { effect draw 1 } }\n",
                     "utf-8")
    g = game(extra=[CARDS, str(watch)], deck=["ambush", "evasion", "mechanic"])
    g.play("salvo red-destroyer red-aircraft_carrier")
    assert logged(g, "draw", "player") == ["red-destroyer", "red-aircraft_carrier"]


def test_a_response_names_its_set_and_undo_takes_it_back(tmp_path):
    """A counted maneuver used as a response (R5.2): `respond salvo A B`;
    undoing it leaves the game as it was, a clone keeps its own targets."""
    path = tmp_path / "response.rc"
    path.write_text(open(CARDS, encoding="utf-8").read().replace(
        "cost 2  range 2  respondable", "cost 2  range 2  respondable  response"), "utf-8")
    g = game(extra=[str(path)], turn="red-destroyer", hands={})
    g.play("torpedo blue-submarine")
    while g.to_move != "blue-submarine":
        g.play("pass")
    assert starting(g, "respond salvo") == [
        "respond salvo red-aircraft_carrier", "respond salvo red-destroyer",
        "respond salvo red-destroyer red-aircraft_carrier"]
    before, twin = g.to_json(), g.clone()
    g.play("respond salvo red-destroyer red-aircraft_carrier")
    assert [i.targets for i in g.engine.state.stack] == [[], [1, 3]]
    g.undo()
    assert g.to_json() == before and [i.targets for i in twin.engine.state.stack] == [[]]


# ------------------------------------------------------------------ records


def test_a_save_in_a_response_window_keeps_every_target():
    g = game()
    g.play("salvo red-destroyer red-aircraft_carrier")
    data = json.loads(g.to_json())
    assert data["state"]["stack"][0]["targets"] == [1, 3]
    again = rc.Game.from_json(g.to_json())
    assert again == g
    pass_all(again)
    assert (again.ship("red-destroyer").repairs, again.ship("red-aircraft_carrier").repairs) \
        == (2, 2)


def test_a_replay_plays_the_moves_again_to_the_same_game():
    g = game()
    g.play("salvo red-destroyer red-aircraft_carrier")
    pass_all(g)
    again = replayed(g)
    assert again == g


def test_the_action_words_take_a_set_of_targets_word_by_word():
    """ai/actions.py: the card, then each ship; a set that begins a larger
    one is ended by the stop word."""
    g = game()
    space = ActionSpace.for_game(g)
    assert space.actions_of(g, "salvo red-destroyer") == (
        space.id("salvo"), space.id("red-destroyer"), space.stop)
    prefix: tuple = ()
    for word in ("salvo", "red-destroyer", "red-aircraft_carrier"):
        assert space.id(word) in space.legal_actions(g, prefix)
        prefix = space.step(g, prefix, space.id(word))
    assert prefix is None and g.moves == ["salvo red-destroyer red-aircraft_carrier"]


def test_the_table_page_clicks_the_ships_of_a_set_one_after_the_other():
    """web/clicks.py: the first ship clicked plays alone or waits for a second."""
    g = game()
    tree = pick_tree(starting(g, "salvo"), [s.id for s in g.engine.state.ships],
                     lambda word: g.board.index(word) is not None)
    first = tree.at(["maneuver:salvo", "ship:red-destroyer"])
    assert first.move == "salvo red-destroyer"
    assert first.next["ship:red-aircraft_carrier"].move == \
        "salvo red-destroyer red-aircraft_carrier"


# ------------------------------------------------------------------ the language


@pytest.mark.parametrize("lang, text", [
    ("en", "1 repair damage to each target. Targets: up to 2 different enemy ships. Range 2. "
     "Can be responded to."),
    ("es", "-1 reparación a cada objetivo. Objetivos: hasta 2 barcos enemigos distintos. "
     "Distancia 2. Admite respuesta."),
    ("it", "-1 riparazione a ogni bersaglio. Bersagli: fino a 2 navi nemiche diverse. "
     "Distanza 2. Ammette risposta."),
])
def test_the_card_says_how_many_different_ships_it_names(lang, text):
    assert card_text(game().rules, "salvo", lang) == text


def test_exactly_n_and_a_filter_are_said_in_three_languages():
    rules = game().rules
    assert "Targets: exactly 2 different ships with at least 2 repairs." in \
        card_text(rules, "barrage", "en")
    assert "Objetivos: exactamente 2 barcos distintos" in card_text(rules, "barrage", "es")
    assert "Bersagli: esattamente 2 navi diverse" in card_text(rules, "barrage", "it")


@pytest.mark.parametrize("card, error", [
    ("target up to 2 enemy ships effect damage 1 to target",
     "3: order 'o' names several targets: effect 'damage' acts on them as 'each target', "
     "not 'target' (D4.13)"),
    ("target up to 7 ships effect damage 1 to each target",
     "2: a counted target names 2 to 6 different ships, not 7; one ship is "
     "'target … ship' (D4.13)"),
    ("target exactly 1 ships effect damage 1 to each target",
     "2: a counted target names 2 to 6 different ships, not 1; one ship is "
     "'target … ship' (D4.13)"),
    ("target enemy ship effect damage 1 to each target",
     "3: order 'o': 'each target' names the ships of a counted target; declare one: target "
     "up to N … ships, or target exactly N … ships (D4.13)"),
    ("target up to 2 ships effect damage 1 to each target if target is enemy",
     "3: order 'o': effect 'damage' reads 'target', but the card names several targets "
     "(D4.13); test them in its filter: target up to N ships where …"),
])
def test_a_counted_target_is_checked_with_its_file_and_line(card, error):
    target, effect = card.split(" effect ")
    text = f"order o {{ copies 1\n  {target}\n  effect {effect} }}\ndeck {{ keep size }}\n"
    assert compile_error(text).startswith(error)


# ------------------------------------------------------------------ bots


def test_the_greedy_bot_counts_the_damage_to_each_target():
    g = game()
    bot = GreedyBot()
    one, two = (bot.score(g, g.move_of(m)) for m in (
        "salvo red-destroyer", "salvo red-destroyer red-aircraft_carrier"))
    assert (one, two) == (pytest.approx(0.9), pytest.approx(1.9))
    assert [r.ship for r in bot.reasons(g, g.move_of("salvo red-destroyer red-aircraft_carrier"))
            if r.key == "damage"] == ["red-destroyer", "red-aircraft_carrier"]


def test_the_search_bot_plays_a_legal_set_of_targets():
    g = game()
    move = ISMCTSBot(seed=1, iterations=40).choose(g)
    assert move in g.legal_moves()


# ------------------------------------------------------------------ random games


def test_random_games_with_counted_targets_keep_every_invariant(tmp_path):
    """The fuzzer's games (testing/fuzz.py): every invariant after every move,
    and both cards of the file played."""
    failure, usage = fuzz_cards(card_fuzz_rules("en", [CARDS]), games=1, seed=0, out=tmp_path)
    assert failure is None
    assert usage.unused() == []


@pytest.mark.mass
@pytest.mark.parametrize("cards", ["several_targets.rc", "second_target.rc"])
def test_many_random_games_with_several_targets_keep_every_invariant(tmp_path, cards):
    """The long run: 20 games of each file of choices made with the card."""
    setup = card_fuzz_rules("en", [str(ROOT / "tests" / "data" / cards)])
    failure, usage = fuzz_cards(setup, games=20, seed=7, out=tmp_path)
    assert failure is None
    assert usage.unused() == []
