"""`may [by source|target] { … } [else { … }]` (D4.16): a choice made while
the card resolves, asked as `choose yes` / `choose no` of the card's player
or of the target's; `yes` offered only if the block's first effect can be
done; listed, explained, saved at the question, played by the bots. The
card file is tests/data/may.rc."""

import json

import pytest

import redcode_rules as rc
from redcode_rules.ai.actions import ActionSpace
from redcode_rules.lang.loader import build_ruleset
from redcode_rules.text.cards import card_text

from conftest import (OPEN_BOARD, ROOT, dsl_refusal, logged, play_bots,
                      play_checking_invariants, refused, replayed, scenario_game)

CARDS = str(ROOT / "tests" / "data" / "may.rc")
#: blue-submarine at c3 (6 crew in reserve); red-destroyer at e3.
BASE = {"edition": "en", "extra": [CARDS], "board": OPEN_BOARD, "phase": "maneuvers",
        "deck": ["ambush", "ambush", "ambush"],
        "ships": {"blue-submarine": {"at": "c3"}, "red-destroyer": {"at": "e3"}},
        "hands": {"blue-submarine": ["ultimatum"]}}


def game(**fields) -> rc.Game:
    return scenario_game(BASE, **fields)


def asked() -> rc.Game:
    g = game()
    g.play("order ultimatum red-destroyer")
    return g


def test_may_by_target_asks_the_targets_player_yes_or_no():
    g = asked()
    assert (g.to_move, g.legal_moves()) == ("red-destroyer", ["choose no", "choose yes"])


def test_may_yes_runs_the_block_D4_16():
    g = asked()
    g.play("choose yes")
    assert g.ship("red-destroyer").repairs == 1
    assert len(g.hand("blue-submarine")) == 0


def test_may_no_runs_the_else_block_D4_16():
    g = asked()
    g.play("choose no")
    assert g.ship("red-destroyer").repairs == 3
    assert len(g.hand("blue-submarine")) == 2


def test_may_an_answer_not_offered_is_explained():
    g = asked()
    reason = refused(g, "choose maybe")
    assert "choose no, choose yes" in reason


def test_may_yes_is_offered_only_if_the_first_effect_can_be_done_D4_16():
    g = game(hands={"blue-submarine": []})
    g.play("salvage")
    assert (g.to_move, g.legal_moves()) == ("blue-submarine", ["choose no", "choose yes"])
    g.play("choose yes")  # 6 in reserve, 1 on the card: 5 left, 1 withdrawn
    assert (g.ship("blue-submarine").reserve, len(g.hand("blue-submarine"))) == (4, 1)
    low = game(hands={"blue-submarine": []},
               ships={"blue-submarine": {"at": "c3", "withdrawn": 3},
                      "red-destroyer": {"at": "e3"}})
    low.play("salvage")  # 2 left: it cannot be done, so nothing is asked
    assert low.to_move == "blue-submarine" and "choose yes" not in low.legal_moves()
    assert (low.ship("blue-submarine").reserve, len(low.hand("blue-submarine"))) == (2, 0)


def test_may_a_game_saved_at_the_question_reloads_at_the_question():
    g = asked()
    again = rc.Game.from_json(g.to_json())
    assert (again.to_move, again.legal_moves()) == ("red-destroyer", ["choose no", "choose yes"])
    again.play("choose no")
    assert len(again.hand("blue-submarine")) == 2


def test_may_replays_to_the_same_game():
    g = asked()
    g.play("choose yes")
    again = rc.Game.from_replay(g.replay())
    assert again.ship("red-destroyer").repairs == 1


def test_may_text_reads_like_a_printed_card():
    rules = build_ruleset("en", [CARDS])
    assert card_text(rules, "salvage", "en").startswith(
        "You may withdraw 1 crew of your ship; if you do, you draw 1 order card.")
    assert card_text(rules, "salvage", "es").startswith(
        "Puedes retirar 1 tripulante de tu barco; si lo haces, robas 1 carta de órdenes.")
    assert card_text(rules, "salvage", "it").startswith(
        "Puoi ritirare 1 membro dell'equipaggio della tua nave; se lo fai, peschi 1 carta "
        "degli ordini.")
    assert card_text(rules, "ultimatum", "en").startswith(
        "The target's player chooses: 2 repair damage to the target, or you draw 2 order "
        "cards.")


def test_may_answers_are_action_words_after_the_others():
    g = asked()
    space = ActionSpace.for_game(g)
    assert space.words[-2:] == ("yes", "no")
    assert sorted(space.words[a] for a in space.legal_actions(g)) == ["choose"]


@pytest.mark.parametrize("text, says", [
    ("order o { copies 1 target enemy ship effect may { may { draw 1 } } }",
     "1: a 'may' block holds effects, not another 'may'"),
    ("order o { copies 1 effect draw 1; else 1 }", "1: 'else' follows a 'may' block"),
    ("order o { copies 1 target self effect may by target { draw 1 } }", "targets itself"),
    ("order o { copies 1 target enemy ship effect may by source { draw 1 } }",
     "must be a 'response'"),
])
def test_may_refused_where_it_cannot_be_asked(text, says):
    error = dsl_refusal(text + "\ndeck { keep size }")
    assert says in f"{error.line}: {error.reason}"


@pytest.mark.parametrize("bot", ["random", "greedy", "ismcts"])
def test_may_every_bot_answers_the_question(bot):
    from redcode_rules.bots.players import GreedyBot, ISMCTSBot, RandomBot
    make = {"random": RandomBot, "greedy": GreedyBot,
            "ismcts": lambda seed: ISMCTSBot(seed, iterations=8)}[bot]
    g = asked()
    g.play(make(1).choose(g))
    assert g.to_move == "blue-submarine" and g.moves[-1] in ("choose yes", "choose no")


def test_may_greedy_and_search_bots_play_games_with_the_card():
    rules = build_ruleset("en", [CARDS])
    answered = 0
    for seed in range(3):
        g = play_bots(rc.new_game(rules, seed=seed), seed, moves=120)
        answered += sum(m in ("choose yes", "choose no") for m in g.moves)
    assert answered


# ---------------------------------------------------------------- in a trigger
IDEAS = ROOT / "tests" / "data" / "ideas"
#: red-warded asks blue's player to withdraw 1 crew of its ship or see its
#: card cancelled (idea 17); blue-submarine at c3, red-warded at e3.
WARD = {"edition": "en", "extra": [str(IDEAS / "17_ward.rc")], "board": OPEN_BOARD,
        "phase": "maneuvers",
        "ships": {"blue-submarine": {"at": "c3"}, "red-warded": {"at": "e3"}}}


def warded(**fields) -> rc.Game:
    g = scenario_game(WARD, **fields)
    g.play("torpedo red-warded")
    return g


def test_may_in_a_trigger_waits_on_the_stack_asking_the_sources_player_D4_16():
    g = warded()
    assert (g.to_move, g.decision, g.legal_moves()) == (
        "blue-submarine", "choose", ["choose no", "choose yes"])
    assert [(i["card"], i["player"]) for i in g.stack] == [
        ("torpedo", "blue-submarine"), ("ship:warded:0", "red-warded")]
    assert g.observation("red-warded").stack[1].kind == "trigger"


def test_may_in_a_trigger_yes_pays_and_the_window_opens_again_D4_16():
    g = warded()
    g.play("choose yes")  # 6 crew: 2 on the torpedo, 1 withdrawn
    assert (g.ship("blue-submarine").reserve, g.ship("blue-submarine").withdrawn) == (3, 1)
    assert (g.to_move, g.decision) == ("red-warded", "respond")
    g.play("pass")
    assert g.ship("red-warded").repairs == 2


def test_may_in_a_trigger_explains_the_question_it_waits_for():
    g = warded()
    assert refused(g, "pass") == ("blue-submarine must first answer the triggered effect of "
                                  "red-warded: choose no, choose yes")


def test_may_in_a_trigger_no_runs_its_else_cancelling_the_card_D4_16():
    g = warded()
    g.play("choose no")
    assert g.narration("en")[-2:] == ["  Blue submarine declines.",
                                      "  Red warded cancels Torpedo of blue submarine."]
    g.play("pass")
    assert g.ship("red-warded").repairs == 3 and g.ship("blue-submarine").reserve == 4
    assert logged(g, "cancelled", "card") == ["torpedo"]


def test_may_in_a_trigger_is_not_asked_when_yes_cannot_be_done_D4_16():
    g = warded(ships={"blue-submarine": {"at": "c3", "withdrawn": 4},
                      "red-warded": {"at": "e3"}})
    assert (g.to_move, g.decision) == ("red-warded", "respond")  # 0 in reserve: no, alone
    g.play("pass")
    assert g.ship("red-warded").repairs == 3


def test_may_in_a_trigger_saved_at_the_question_reloads_at_the_question():
    g = warded()
    saved = json.loads(g.to_json())
    item = saved["state"]["stack"][1]
    assert (item["kind"], item["card"], item["actor"], item["here"], item["pending"]) == (
        "trigger", "ship:warded:0", 0, None, 1)  # its actor: the torpedo's ship
    again = rc.Game.from_json(g.to_json())
    assert again == g and again.legal_moves() == ["choose no", "choose yes"]
    again.play("choose no")
    again.play("pass")
    assert again.ship("red-warded").repairs == 3
    replayed = rc.Game.from_replay(again.replay())
    assert replayed.ship("red-warded").repairs == 3


def test_may_a_saved_triggered_item_is_checked_naming_the_field():
    data = json.loads(warded().to_json())
    data["state"]["stack"][1]["card"] = "ship:warded:7"
    with pytest.raises(rc.SaveError, match=r"stack\[1\]\.card.*not a trigger that asks"):
        rc.Game.from_json(json.dumps(data))


def test_may_in_a_trigger_of_a_turn_edge_is_refused():
    error = dsl_refusal("status s { this turn when turn_starts of self { effect may "
                        "{ draw 1 } } }\ndeck { keep size }")
    assert error.line == 1 and "a 'may' is for a trigger of another event" in error.reason


def test_may_random_games_with_the_ideas_keep_every_invariant():
    """Random play with a `may` in a card and in triggers: every invariant
    after every move, and each question saved and loaded as it stands."""
    rules = build_ruleset("en", [str(IDEAS / "17_ward.rc"), str(IDEAS / "37_salvage_crew.rc"),
                                 str(IDEAS / "18_ultimatum.rc")])
    asked = sum(play_checking_invariants(
        rc.new_game(rules, teams=[["submarine", "warded"], ["salvager", "warded"]], seed=seed),
        seed) for seed in range(6))
    assert asked


def test_may_the_greedy_bot_weighs_each_answer_by_its_block():
    from redcode_rules.bots.players import GreedyBot
    bot = GreedyBot()
    g = asked()  # red's player: 2 damage to its ship, or 2 cards to blue
    assert [(r.key, r.value) for r in bot.reasons(g, g.move_of("choose yes"))] == [
        ("damage", -2.0)]
    assert [(r.key, r.value) for r in bot.reasons(g, g.move_of("choose no"))] == [
        ("draw", -1.6)]
    assert bot.choose(g) == "choose no"
    w = warded()  # blue's player: 1 crew of its ship, or its torpedo cancelled
    assert [(r.key, r.value) for r in bot.reasons(w, w.move_of("choose no"))] == [
        ("cancel", -1.0)]
    assert bot.choose(w) == "choose yes"


def test_may_a_game_from_a_scenario_replays_to_the_question():
    """A scenario is a position between chains; a game stopped at the
    question is its scenario and its moves (as a replay carries it)."""
    g = warded()
    again = replayed(g)
    assert again == g and again.legal_moves() == ["choose no", "choose yes"]
    with pytest.raises(rc.ScenarioError, match="stack"):
        g.to_scenario()


def test_may_by_source_in_a_response_asks_the_answered_cards_player_D4_16():
    g = game(hands={"blue-submarine": []})
    g.play("torpedo red-destroyer")
    g.play("respond parley blue-submarine")  # resolves at once: blue's player is asked
    assert (g.to_move, g.legal_moves()) == ("blue-submarine", ["choose no", "choose yes"])
    g.play("choose no")
    while g.decision == "respond":
        g.play("pass")
    assert g.ship("red-destroyer").repairs == 3  # the torpedo was cancelled
    assert card_text(build_ruleset("en", [CARDS]), "parley", "en").startswith(
        "The player of the ship that performed the card it answers chooses: ")


def test_may_the_observation_tensor_shows_a_triggered_item_as_a_card_of_no_id():
    """The kept tensor (info/game_tensor.py) at the question equals the one
    written afresh: the triggered item's player and target, no card slot."""
    from redcode_rules.info.game_tensor import observation_tensor, tensor_written_afresh
    g = scenario_game(WARD)
    observation_tensor(g, "blue-submarine")  # kept before the question
    g.play("torpedo red-warded")
    for player in ("blue-submarine", "red-warded"):
        assert observation_tensor(g, player) == tensor_written_afresh(g, player)


def test_may_a_trigger_set_off_with_one_that_asks_waits_under_it_in_a_save_D4_16(tmp_path):
    """The ward asks; the bulwark, set off by the same targeting after it,
    waits under it on the stack (``Resolver.stacked``): a game saved there
    loads, and the bulwark resolves once the question is answered."""
    bulwark = tmp_path / "bulwark.rc"
    bulwark.write_text("status bulwark { permanent\n    when targeted of self {\n"
                       "        effect regain repair 1 to self } }\n")
    g = warded(extra=[str(IDEAS / "17_ward.rc"), str(bulwark)],
               ships={"blue-submarine": {"at": "c3"},
                      "red-warded": {"at": "e3", "repairs": 2, "bulwark": True}})
    assert [i["card"] for i in g.stack] == ["torpedo", "status:bulwark:0", "ship:warded:0"]
    again = rc.Game.from_json(g.to_json())
    assert again == g and again.legal_moves() == ["choose no", "choose yes"]
    again.play("choose yes")
    assert again.ship("red-warded").repairs == 3  # the bulwark, after the question
    again.play("pass")
    assert again.ship("red-warded").repairs == 2  # then the torpedo


MAY_HANDS = """\
order flooding { copies 0  effect may { discard 1 player of self; regain repair 2 to self } }
order dump { copies 0  effect may { discard 2 random of self; draw 3 } }
order muster { copies 0  effect may { draw 1; crew_loss 2 to self } }
order pinch { copies 0  target enemy ship  effect may { take 1 random of target; draw 1 } }
"""


@pytest.mark.parametrize("card,lang,text", [
    ("flooding", "en", "You may discard 1 order card of your choice; if you do, your ship "
                       "regains 2 repairs."),
    ("flooding", "es", "Puedes descartar 1 carta de órdenes a tu elección; si lo haces, tu "
                       "barco recupera +2 reparaciones."),
    ("flooding", "it", "Puoi scartare 1 carta degli ordini a tua scelta; se lo fai, la tua "
                       "nave recupera +2 riparazioni."),
    ("dump", "en", "You may discard 2 order cards at random; if you do, you draw 3 cards."),
    ("muster", "en", "You may draw 1 order card; if you do, your ship loses 2 crew from the "
                     "reserve."),
    ("muster", "it", "Puoi pescare 1 carta degli ordini; se lo fai, la tua nave perde 2 membri "
                     "dell'equipaggio dalla riserva."),
    ("pinch", "es", "Puedes tomar 1 carta de órdenes al azar de la mano del jugador que "
                    "controla el objetivo; si lo haces, robas 1 carta."),
])
def test_may_says_what_the_player_may_do_as_a_verb(tmp_path, card, lang, text):
    path = tmp_path / "hands.rc"
    path.write_text(MAY_HANDS)
    assert rc.load_ruleset("en", extra=[str(path)]).text(card, lang=lang).startswith(text)


TOKEN_MAY = """
token tripwire {
    mark "%"  permanent
    when plays { effect may { draw 1 } else { crew_loss 1 to target } }
    name en "tripwire" es "cable trampa" it "filo d'inciampo"
}
order lay_tripwire { copies 1  target self  effect place_token tripwire on self }
deck { keep size }
"""


def test_may_in_a_tokens_trigger_asks_the_player_who_placed_it_D4_16(tmp_path):
    """A token is no player: its `may` (and its `else`) is its owner's. Red
    plays a card; blue, who laid the tripwire, is asked; no: red's ship loses
    a crew of its reserve."""
    path = tmp_path / "tripwire.rc"
    path.write_text(TOKEN_MAY, "utf-8")
    g = scenario_game(BASE, extra=[str(path)], turn="red-destroyer", hands={},
                      tokens=[{"token": "tripwire", "at": "a1", "owner": "blue-submarine"}])
    g.play("repair")
    assert (g.to_move, g.decision, g.legal_moves()) == (
        "blue-submarine", "choose", ["choose no", "choose yes"])
    g.play("choose no")
    assert g.ship("red-destroyer").reserve == 6 - 2 - 1
