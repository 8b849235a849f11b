"""Chosen amounts (`choose amount from A to B`, D4.19): the move writes the
amount after the card (and after its mode), `legal_moves` lists only the
amounts that can be paid and whose bounds and conditions hold, `explain`
says why another is not legal, every amount of the card reads it as
`chosen`, saves, the action words and the bots carry it. The card file is
tests/data/amounts.rc."""

import json

import pytest

import redcode_rules as rc
from redcode_rules.ai.actions import ActionSpace
from redcode_rules.bots.players import GreedyBot, ISMCTSBot
from redcode_rules.render.reference import ships_page
from redcode_rules.testing.fuzz import card_fuzz_rules, fuzz_cards
from redcode_rules.text.cards import card_text
from redcode_rules.web.clicks import pick_tree

from conftest import OPEN_BOARD, ROOT, dsl_refusal, logged, pass_all, refused, scenario_game, \
    starting

CARDS = str(ROOT / "tests" / "data" / "amounts.rc")
#: blue-submarine at c3 (1 repair missing, 3 crew in reserve); red-destroyer
#: at e3, within range 2; blue-destroyer at d4.
BASE = {"edition": "en", "extra": [CARDS], "board": OPEN_BOARD, "phase": "maneuvers",
        "deck": ["captain", "mechanic", "captain"],
        "ships": {"blue-submarine": {"at": "c3", "repairs": 2, "reserve": 3, "withdrawn": 3},
                  "red-destroyer": {"at": "e3"}, "blue-destroyer": {"at": "d4"},
                  "red-submarine": {"at": "h6"}},
        "hands": {"blue-submarine": ["rally", "gambit"]}}


def game(**fields) -> rc.Game:
    return scenario_game(BASE, **fields)


def compile_error(text: str) -> str:
    error = dsl_refusal(text)
    return f"{error.line}: {error.reason}"


# ------------------------------------------------------------------ listing


def test_only_the_amounts_that_can_be_paid_are_listed():
    """Fireball costs the amount chosen, at most the crew in reserve (3)."""
    assert starting(game(), "fireball") == [
        "fireball 1 red-destroyer", "fireball 2 red-destroyer", "fireball 3 red-destroyer"]


def test_the_amounts_follow_the_bounds_counted_now():
    """Salvo chooses from 2 to the crew in reserve less 1: 2 only with 3 in
    reserve, 2 to 4 with 5, none with 2."""
    assert starting(game(), "salvo") == ["salvo 2 red-destroyer"]
    more = game(ships={**BASE["ships"], "blue-submarine": {"at": "c3", "reserve": 5,
                                                           "withdrawn": 1}})
    assert starting(more, "salvo") == [
        "salvo 2 red-destroyer", "salvo 3 red-destroyer", "salvo 4 red-destroyer"]
    fewer = game(ships={**BASE["ships"], "blue-submarine": {"at": "c3", "reserve": 2,
                                                            "withdrawn": 4}})
    assert starting(fewer, "salvo") == []


def test_an_order_card_lists_each_amount_and_a_mode_writes_it_after_its_name():
    g = game()
    assert starting(g, "order rally") == ["order rally 1", "order rally 2", "order rally 3"]
    assert starting(g, "order gambit") == [
        "order gambit bold 1 red-destroyer", "order gambit bold 1 red-submarine",
        "order gambit bold 2 red-destroyer", "order gambit bold 2 red-submarine",
        "order gambit safe"]


def test_a_response_chooses_its_amount_as_it_answers():
    """Counterfire answers the fireball with 1 or 2 damage to its ship."""
    g = game(hands={**BASE["hands"], "red-destroyer": ["counterfire"]})
    g.play("fireball 1 red-destroyer")
    assert starting(g, "order counterfire") == [
        "order counterfire 1 blue-submarine", "order counterfire 2 blue-submarine"]
    g.play("order counterfire 2 blue-submarine")
    pass_all(g)
    me, red = g.ship("blue-submarine"), g.ship("red-destroyer")
    assert (me.repairs, me.breakdowns, red.repairs) == (3, 2, 2)  # 2 on 2 repairs: a breakdown


# ------------------------------------------------------------------ refusals


@pytest.mark.parametrize("move, reason", [
    ("fireball 4 red-destroyer", "fireball 4: fireball costs 4 crew and blue-submarine has 3 "
     "in reserve (R4.1)"),
    ("salvo 3 red-destroyer", "salvo 3: the amount of salvo is 2 to 2 now, not 3 (D4.19)"),
    ("fireball red-destroyer", "fireball chooses an amount: write it after it: fireball "
     "<1 to 9> (D4.19)"),
    ("fireball 12 red-destroyer", "fireball has no amount '12': it chooses 1 to 9 (D4.19)"),
    ("order gambit bold 3 red-destroyer", "gambit has no amount '3': it chooses 1 to 2 (D4.19)"),
    ("order gambit bold red-destroyer", "gambit chooses an amount: write it after it: order "
     "gambit bold <1 to 2> (D4.19)"),
    ("order rally 0", "rally has no amount '0': it chooses 1 to 3 (D4.19)"),
    ("order rally 02", "rally has no amount '02': it chooses 1 to 3 (D4.19)"),
])
def test_an_amount_not_listed_is_refused_saying_why_and_nothing_changes(move, reason):
    assert refused(game(), move) == reason


# ------------------------------------------------------------------ resolving


def test_fireball_costs_and_deals_the_amount_chosen():
    """D4.19: `fireball 3` puts 3 crew on the maneuver and deals 3 damage."""
    g = game()
    g.play("fireball 3 red-destroyer")
    assert g.stack == [{"card": "fireball", "player": "blue-submarine", "cancelled": False,
                        "chosen": 3, "target": "red-destroyer"}]
    pass_all(g)
    me = g.ship("blue-submarine")
    assert (me.reserve, me.crew["fireball"]) == (0, 3)
    assert (g.ship("red-destroyer").repairs, g.ship("red-destroyer").breakdowns) == (3, 2)
    assert logged(g, "use", "card", "chosen") == [("fireball", 3)]


@pytest.mark.parametrize("move, drawn, repairs", [
    ("order rally 1", 1, 2),   # draws 1; `if chosen >= 2` fails
    ("order rally 3", 3, 3),   # draws 3 and regains 1 repair
])
def test_a_condition_reads_the_amount_chosen(move, drawn, repairs):
    g = game()
    g.play(move)
    assert len(g.hand("blue-submarine")) == 1 + drawn
    assert g.ship("blue-submarine").repairs == repairs


def test_an_amount_chosen_in_a_mode_acts_in_that_mode():
    g = game()
    g.play("order gambit bold 2 red-destroyer")
    assert g.ship("red-destroyer").repairs == 1
    assert logged(g, "order", "card_mode", "chosen") == [("bold", 2)]


@pytest.mark.parametrize("lang, line", [
    ("en", "Blue submarine uses Fireball (X = 2) on red destroyer."),
    ("es", "El submarino azul usa Bola de fuego (X = 2) sobre el destructor rojo."),
    ("it", "Il sottomarino blu usa Palla di fuoco (X = 2) sul distruttore rosso."),
])
def test_the_narration_says_the_amount_chosen(lang, line):
    g = game()
    g.play("fireball 2 red-destroyer")
    g.lang = lang
    assert line in [said.strip() for said in g.narration()]


def test_the_observation_shows_the_amount_chosen():
    g = game()
    g.play("fireball 2 red-destroyer")
    assert g.observation("red-destroyer").stack[0].chosen == 2
    assert "stack 0: fireball 2 (maneuver) by blue-submarine" in \
        str(g.observation("red-destroyer"))


# ------------------------------------------------------------------ saves, replays, undo


def test_a_save_carries_the_amount_and_refuses_one_the_card_cannot_choose():
    g = game()
    g.play("fireball 2 red-destroyer")
    saved = g.to_json()
    again = rc.Game.from_json(saved)
    assert again == g
    pass_all(again)
    assert again.ship("red-destroyer").repairs == 1
    data = json.loads(saved)
    data["state"]["stack"][0]["chosen"] = 12
    with pytest.raises(rc.SaveError, match=r"chosen.*an amount of 1 to 9 \(D4.19\)"):
        rc.Game.from_json(json.dumps(data))
    data["state"]["stack"][0]["chosen"] = None
    with pytest.raises(rc.SaveError, match=r"chosen.*an amount of 1 to 9 \(D4.19\)"):
        rc.Game.from_json(json.dumps(data))


def test_a_replay_file_names_the_amounts_and_plays_them_again():
    g = game()
    g.play("fireball 2 red-destroyer")
    pass_all(g)
    g.play("order rally 3")
    data = g.replay()
    assert "fireball 2 red-destroyer" in data["moves"]
    assert rc.Game.from_replay(json.loads(json.dumps(data))) == g


def test_undo_takes_an_amount_back():
    g = game()
    before = g.to_json()
    g.play("fireball 3 red-destroyer")
    g.undo()
    assert g.to_json() == before


# ------------------------------------------------------------------ bots and words


def test_the_action_words_take_the_card_then_its_amount():
    g = game()
    space = ActionSpace.for_game(g)
    assert space.words[-9:] == tuple(str(n) for n in range(1, 10))
    move = "fireball 3 red-destroyer"
    assert space.actions_of(g, move) == (
        space.id("fireball"), space.id("3"), space.id("red-destroyer"))
    assert space.decode(space.actions_of(g, move)) == move


def test_the_greedy_bot_values_each_amount():
    g = game()
    bot = GreedyBot()
    for n in (1, 3):
        reasons = bot.reasons(g, g.move_of(f"fireball {n} red-destroyer"))
        assert [(r.key, r.ship, r.value) for r in reasons] == [
            ("damage", "red-destroyer", float(n)), ("cost", None, -0.05 * n)]
    scores = [bot.score(g, g.move_of(f"fireball {n} red-destroyer")) for n in (1, 2, 3)]
    assert scores == sorted(scores) and len(set(scores)) == 3


def test_the_search_bot_plays_an_amount():
    g = game()
    assert ISMCTSBot(seed=1, iterations=40).choose(g) in g.legal_moves()


def test_random_games_with_chosen_amounts_keep_every_invariant(tmp_path):
    failure, usage = fuzz_cards(card_fuzz_rules("en", [CARDS]), games=1, seed=2, out=tmp_path)
    assert failure is None
    assert usage.unused() == []


def test_the_table_page_clicks_the_card_then_its_amount_then_its_target():
    """web/clicks.py: an amount is a button (an option) after the card."""
    g = game()
    tree = pick_tree(starting(g, "fireball"), [s.id for s in g.engine.state.ships],
                     lambda word: g.board.index(word) is not None)
    assert sorted(tree.at(["maneuver:fireball"]).next) == ["option:1", "option:2", "option:3"]
    assert tree.at(["maneuver:fireball", "option:2", "ship:red-destroyer"]).move == \
        "fireball 2 red-destroyer"


@pytest.mark.filterwarnings("ignore::UserWarning")  # PettingZoo's advice on observations
def test_openspiel_and_pettingzoo_play_the_amounts():
    """The AI adapters' own tests, on games whose cards choose amounts: the
    numbers are action words, and every legal move is an action sequence."""
    pyspiel = pytest.importorskip("pyspiel")
    pettingzoo_test = pytest.importorskip("pettingzoo.test")
    import redcode_rules.openspiel  # noqa: F401 - registers python_redcode
    from redcode_rules.pettingzoo import env

    cards = str(ROOT / "cards" / "examples" / "choices_fireball.rc")
    spiel = pyspiel.load_game("python_redcode", {"cards": cards, "turn_limit": 12})
    pyspiel.random_sim_test(spiel, num_sims=1, serialize=True, verbose=False)
    pettingzoo_test.api_test(env(cards=[cards], turn_limit=12), num_cycles=100)


@pytest.mark.mass
def test_many_random_games_with_chosen_amounts_keep_every_invariant(tmp_path):
    """The long run: 20 games of the file's cards that choose amounts."""
    failure, usage = fuzz_cards(card_fuzz_rules("en", [CARDS]), games=20, seed=7, out=tmp_path)
    assert failure is None
    assert usage.unused() == []


# ------------------------------------------------------------------ the language


@pytest.mark.parametrize("lang, said", [
    ("en", "Choose an amount from 1 to the number of crew in the reserve of your ship (X). "
     "Costs X crew. X repair damage to the target. Target: an enemy ship. Range 3. Can be "
     "responded to."),
    ("es", "Elige una cantidad de 1 al número de tripulantes en la reserva de tu barco (X). "
     "Cuesta X tripulantes. -X reparaciones al objetivo. Objetivo: un barco enemigo. "
     "Distancia 3. Admite respuesta."),
    ("it", "Scegli una quantità da 1 al numero di membri dell'equipaggio in riserva della tua "
     "nave (X). Costa X membri. -X riparazioni al bersaglio. Bersaglio: una nave nemica. "
     "Distanza 3. Ammette risposta."),
])
def test_the_card_says_its_amount_as_x(lang, said):
    assert card_text(game().rules, "fireball", lang) == said


def test_the_card_reference_shows_a_chosen_cost_as_x():
    """The reference's cost column: X for ``cost (chosen)``, not the card's
    base cost of 1."""
    rows = [line for line in ships_page(game().rules).splitlines()
            if line.startswith("| Fireball")]
    assert rows and rows[0].split(" | ")[1:3] == ["X", "3"]


def test_a_condition_on_the_amount_is_said():
    assert card_text(game().rules, "rally", "en") == (
        "Choose an amount from 1 to 3 (X). You draw X order cards; your ship regains 1 "
        "repair if X is at least 2. Order card: cannot be responded to.")


@pytest.mark.parametrize("card, error", [
    ("choose amount from 1 to 10  effect draw (chosen)",
     "2: order 'o': an amount is chosen from 0 to 9, not 10 (D4.19)"),
    ("choose amount from 3 to 1  effect draw (chosen)",
     "2: order 'o': 'choose amount from 3 to 1' allows no amount: the first bound is the "
     "least (D4.19)"),
    ("choose amount from 0 to 0  effect draw (chosen)",
     "2: order 'o': 'choose amount from 0 to 0' allows no amount of 1 to 9 (D4.19)"),
    ("choose amount from 1 to (chosen + 1)  effect draw (chosen)",
     "2: order 'o': a bound of 'choose amount' cannot read 'chosen', the amount it bounds "
     "(D4.19)"),
    ("target ship  choose amount from 1 to (repairs of target)\n  effect damage (chosen) to "
     "target", "2: order 'o': an amount is chosen as the card is played, before its target, "
     "so its bounds cannot read the target ('repairs of target')"),
    ("effect draw 1 to self if chosen > 1",
     "2: order 'o': 'chosen' is the amount chosen with the card, and none is chosen here: a card that "
     "reads it says 'choose amount from A to B' (D4.19)"),
    ("choose amount from 1 to 3\n  effect draw (chosen of self)",
     "3: 'chosen' is the amount chosen with the card: it is of nobody"),
    ("mode a { choose amount from 1 to 2  effect draw (chosen) }\n"
     "  mode b { effect draw (chosen) }",
     "3: order 'o': 'chosen' is the amount chosen with the card, and none is chosen here"),
])
def test_chosen_amounts_are_checked_with_their_file_and_line(card, error):
    text = f"order o {{ copies 1\n  {card} }}\ndeck {{ keep size }}\n"
    assert compile_error(text).startswith(error)


@pytest.mark.parametrize("status", [
    "limit damage to at most (chosen)",
    "when damaged { effect damage (chosen) to self }",
])
def test_a_status_cannot_read_an_amount_chosen(status):
    """No card is played with a status's numbers or its triggers: `chosen`
    is refused naming its line."""
    assert compile_error(f"status s {{\n  permanent\n  {status}\n}}\n").startswith(
        "3: 'chosen' is the amount chosen with the card, and none is chosen here")


def test_a_maneuver_cost_may_be_the_amount_only_with_choose_amount():
    text = "maneuver m {\n  cost (chosen)  range 2  target ship\n  effect damage 1 to target\n}\n"
    assert compile_error(text).startswith("2: maneuver 'm': 'chosen' is the amount chosen "
                                          "with the card")
