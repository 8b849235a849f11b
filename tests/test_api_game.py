"""The Python interface of a game: str, repr, explain, lang, IllegalMove, to_scenario.

Scenario round trips run over positions reached by seeded random play in
every edition and both modes: ``Game.from_scenario(game.to_scenario()) ==
game`` wherever the format can hold the position (no chain on the stack,
game not over), and a clear ScenarioError where it cannot.
"""

import random
from functools import partial

import pytest
import yaml

import redcode_rules as rc

from conftest import quick_and_mass, scenario_game

SCENARIO = {
    "ships": {"blue-submarine": {"at": "c3"}, "red-destroyer": {"at": "e3"}},
    "phase": "maneuvers",
}


#: a game of SCENARIO, with top-level fields changed: ``position(phase="recover")``
position = partial(scenario_game, SCENARIO)


# ------------------------------------------------------------------ str, repr


def test_str_of_a_game_is_the_board_text():
    game = position()
    assert str(game) == game.board_text() == "\n".join([
        "   a b c d e f g h",
        " 1 . . . . . . . .",
        " 2 . . . . . . . .",
        " 3 . . S . d . . .",
        " 4 . . . . . . . .",
        " 5 . . . . . . . .",
        " 6 . . . . . . . ."])


@pytest.mark.parametrize("edition,orders", [("en", 9), ("es", 8), ("it", 8)])
def test_repr_of_a_ruleset_is_one_short_line(edition, orders):
    rules = rc.load_ruleset(edition)
    assert repr(rules) == (f"<Ruleset {edition}: 16 maneuvers, {orders} orders, 3 ships, "
                           f"hash {rules.hash[:8]}>")


def test_repr_of_a_ruleset_counts_extra_card_files(tmp_path):
    path = tmp_path / "salvo.rc"
    path.write_text("order salvo {\n    copies 0\n    effect damage 1 to target\n}\n")
    rules = rc.load_ruleset("en", extra=[str(path)])
    assert repr(rules) == f"<Ruleset en + 1 card file: 16 maneuvers, 10 orders, 3 ships, " \
                          f"hash {rules.hash[:8]}>"


# ------------------------------------------------------------------ explain


def test_explain_is_none_for_a_legal_move_and_the_reason_otherwise():
    game = position(ships={"blue-submarine": {"at": "c3", "crew_on": {"torpedo": 2}},
                                "red-destroyer": {"at": "e3"}})
    assert game.explain("end") is None
    assert game.explain("  end ") is None
    assert game.explain("torpedo red-destroyer") == \
        "torpedo is not available: 2 crew on it (R4.1)"
    assert game.explain(5) == "a move is a string in the notation of the rules"


@pytest.mark.parametrize("lang,reason", [
    ("en", "red destroyer is not in the visual field of blue submarine within range 2 (R4.3)"),
    ("es", "destructor rojo no está en el campo de visión de submarino azul a distancia 2 "
           "(R4.3)"),
])
def test_explain_may_name_ships_as_a_screen_shows_them(lang, reason):
    game = rc.new_game(rc.load_ruleset(lang), seed=3, placement="fixed")
    assert game.explain("torpedo red-destroyer", shown=True) == reason
    assert game.explain("torpedo red-destroyer").startswith("red-destroyer ")  # ids by default
    assert game.explain("torpedo nowhere", shown=True).endswith(
        {"en": "ships are blue submarine, red destroyer",
         "es": "los barcos son submarino azul, destructor rojo"}[lang])


def test_explain_and_play_give_the_same_reason():
    game = position()
    reason = game.explain("respond shield blue-submarine")
    with pytest.raises(rc.IllegalMove) as info:
        game.play("respond shield blue-submarine")
    assert info.value.reason == reason == ("there is no item to respond to: responses answer "
                                           "a maneuver that can be responded to (R5.1)")


# ------------------------------------------------------------------ IllegalMove


def test_an_unknown_move_gets_a_short_message_with_did_you_mean():
    game = position()
    legal = game.legal_moves()
    with pytest.raises(rc.IllegalMove) as info:
        game.play("torpedo red-destroyr")
    err = info.value
    assert str(err) == ("illegal move 'torpedo red-destroyr': no ship 'red-destroyr'; "
                        "ships are blue-submarine, red-destroyer")
    with pytest.raises(rc.IllegalMove) as info:
        game.play("fire red-destroyer")
    err = info.value
    assert err.suggestions == ["torpedo red-destroyer", "countermeasure red-destroyer",
                               "heavy_torpedo red-destroyer"]
    assert str(err) == ("illegal move 'fire red-destroyer': unknown move 'fire red-destroyer' "
                        "— did you mean 'torpedo red-destroyer', 'countermeasure red-destroyer' "
                        f"or 'heavy_torpedo red-destroyer'? ({len(legal)} legal moves now)")
    assert err.legal_moves == legal and len(legal) > 20
    assert "movement" not in str(err)  # the list stays on the exception


def test_an_unknown_move_with_nothing_close_names_only_the_count():
    game = position()
    with pytest.raises(rc.IllegalMove) as info:
        game.play("xyzzy")
    assert info.value.suggestions == []
    assert info.value.reason == f"unknown move 'xyzzy' ({len(game.legal_moves())} legal moves now)"


def test_several_suggestions_are_joined_with_or():
    game = position()
    with pytest.raises(rc.IllegalMove) as info:
        game.play("order kamikazi red-destroyer")
    assert info.value.reason == "unknown order card 'kamikazi'"  # nothing in hand to suggest
    game = position(hands={"blue-submarine": ["kamikaze", "captain"]})
    with pytest.raises(rc.IllegalMove) as info:
        game.play("order kamikazi red-destroyer")
    assert info.value.suggestions == ["order kamikaze red-destroyer",
                                      "order captain red-destroyer",
                                      "order kamikaze blue-submarine"]
    assert info.value.reason == ("unknown order card 'kamikazi' — did you mean "
                                 "'order kamikaze red-destroyer', "
                                 "'order captain red-destroyer' or "
                                 "'order kamikaze blue-submarine'?")


@pytest.mark.parametrize("lang,reason", [
    ("es", "jugada desconocida 'movment d3' — ¿quisiste decir 'movement d3', 'movement d4' "
           "o 'movement d2'? ({n} jugadas legales ahora)"),
    ("it", "mossa sconosciuta 'movment d3' — forse intendevi 'movement d3', 'movement d4' "
           "o 'movement d2'? ({n} mosse legali adesso)"),
])
def test_the_unknown_move_message_in_other_languages(lang, reason):
    game = position()
    game.lang = lang
    with pytest.raises(rc.IllegalMove) as info:
        game.play("movment d3")
    assert info.value.reason == reason.format(n=len(game.legal_moves()))


def test_rule_citing_reasons_are_kept_and_carry_the_legal_moves():
    game = position(ships={"blue-submarine": {"at": "c3", "crew_on": {"torpedo": 2}},
                                "red-destroyer": {"at": "e3"}})
    with pytest.raises(rc.IllegalMove) as info:
        game.play("torpedo red-destroyer")
    assert info.value.reason == "torpedo is not available: 2 crew on it (R4.1)"
    assert info.value.legal_moves == game.legal_moves()


# ------------------------------------------------------------------ teams


@pytest.mark.parametrize("teams,ships", [
    ("1v1", ["blue-submarine", "red-destroyer"]),
    ("2v2", ["blue-submarine", "red-destroyer", "blue-destroyer", "red-aircraft_carrier"]),
    ("3v3", ["blue-submarine", "red-destroyer", "blue-destroyer", "red-aircraft_carrier",
             "blue-aircraft_carrier", "red-submarine"]),
])
def test_new_game_takes_teams_by_size_as_the_command_line_and_adapters_do(teams, ships):
    rules = rc.load_ruleset("en")
    game = rc.new_game(rules, teams=teams, seed=4)
    assert game.ships == ships
    assert game.to_json() == rc.new_game(rules, teams=[[s.split("-")[1] for s in ships[::2]],
                                                       [s.split("-")[1] for s in ships[1::2]]],
                                         seed=4).to_json()


@pytest.mark.parametrize("teams,reason", [
    ("4v4", "each side has 1 to 3 ships (one of each type, R1.2), not '4v4'"),
    ("0v0", "each side has 1 to 3 ships (one of each type, R1.2), not '0v0'"),
    ("2v1", "sides of 2 and 1 ships (2v1): sides are equal, 1v1, 2v2 or 3v3 (D2.9)"),
])
def test_new_game_refuses_sizes_the_rules_cannot_seat(teams, reason):
    with pytest.raises(rc.SetupError) as info:
        rc.new_game(rc.load_ruleset("en"), teams=teams)
    assert (info.value.field, info.value.reason) == ("teams", reason)


# ------------------------------------------------------------------ lang


@pytest.mark.parametrize("edition", ["en", "es", "it"])
def test_lang_defaults_to_the_editions_language(edition):
    rules = rc.load_ruleset(edition)
    game = rc.new_game(rules, seed=1)
    assert rules.lang == game.lang == edition
    assert game.narration()[0] == {"en": "A new game begins (war).",
                                   "es": "Empieza una partida en modo guerra.",
                                   "it": "Inizia una partita in modalità guerra."}[edition]
    assert game.narration("en")[0] == "A new game begins (war)."


@pytest.mark.parametrize("edition,text,name,status", [
    ("es", "-1 reparación al objetivo. Distancia 2. Admite respuesta. Se puede usar como "
           "respuesta.", "Torpedo", "Interceptado, hasta su próximo turno: ninguna maniobra, "
                                    "ni siquiera respuestas."),
    ("it", "-1 riparazione al bersaglio. Distanza 2. Ammette risposta. Utilizzabile come risposta.",
     "Siluro", None),
])
def test_a_rulesets_texts_default_to_its_editions_language(edition, text, name, status):
    rules = rc.load_ruleset(edition)
    assert rules.text("torpedo") == rules.text("torpedo", lang=edition) == text
    assert rules.name_of("torpedo") == name
    assert rules.status_text("intercepted") == rules.status_text("intercepted", edition)
    if status:
        assert rules.status_text("intercepted") == status
    assert rules.text("torpedo", lang="en") == ("1 repair damage to the target. Range 2. "
                                               "Can be responded to. Usable as a response.")


def test_a_variant_speaks_the_language_of_its_edition(tmp_path):
    path = tmp_path / "house.rc"
    path.write_text("variant house extends it\nrules { hand_limit 4 }\n")
    assert rc.load_ruleset(str(path)).lang == "it"


def test_setting_lang_changes_narration_and_reasons_and_survives_clone():
    game = rc.new_game(rc.load_ruleset("en"), seed=1, placement="fixed")
    game.lang = "es"
    assert game.narration()[0] == "Empieza una partida en modo guerra."
    assert game.clone().lang == "es"
    with pytest.raises(rc.IllegalMove) as info:
        game.play("pass")
    assert info.value.reason.startswith("no hay nada a lo que responder")


def test_an_unknown_language_is_refused_at_once():
    game = rc.new_game(rc.load_ruleset("en"), seed=1, placement="fixed")
    with pytest.raises(ValueError) as info:
        game.lang = "fr"
    assert str(info.value) == "no texts for language 'fr'; the languages are en, es, it"
    assert game.lang == "en"
    with pytest.raises(ValueError, match="the languages are en, es, it"):
        game.narration("fr")


# ------------------------------------------------------------------ to_scenario


def test_to_scenario_writes_every_field():
    game = position(seed=4, hands={"blue-submarine": ["kamikaze"]},
                         ships={"blue-submarine": {"at": "c3", "crew_on": {"torpedo": 2},
                                                   "repairs": 2},
                                "red-destroyer": {"at": "e3", "intercepted": True}})
    data = yaml.safe_load(game.to_scenario())
    assert list(data) == ["edition", "mode", "rng", "board", "start_cards", "ships", "hands",
                          "deck", "discard", "score", "turn", "phase", "order_played",
                          "turn_number"]
    assert data["ships"] == {
        "blue-submarine": {"at": "c3", "repairs": 2, "breakdowns": 3, "reserve": 4,
                           "crew_on": {"torpedo": 2}, "withdrawn": 0, "intercepted": False,
                           "sunk": False},
        "red-destroyer": {"at": "e3", "repairs": 3, "breakdowns": 3, "reserve": 6,
                          "crew_on": {}, "withdrawn": 0, "intercepted": True, "sunk": False}}
    assert data["edition"] == "en" and data["mode"] == "war"
    assert data["hands"] == {"blue-submarine": ["kamikaze"], "red-destroyer": []}
    assert len(data["deck"]) == 29 and data["discard"] == []
    assert data["turn"] == "blue-submarine" and data["phase"] == "maneuvers"
    assert data["board"] == "........\n" * 6
    assert rc.Game.from_scenario(game.to_scenario()) == game


def test_from_scenario_reads_a_path(tmp_path):
    game = position(seed=2)
    path = tmp_path / "position.yaml"
    path.write_text(game.to_scenario())
    assert rc.Game.from_scenario(path) == game
    assert rc.Game.from_scenario(str(path)) == game
    assert rc.Game.from_scenario(str(path)).setup == {"scenario_yaml": path.read_text()}


def test_a_missing_scenario_file_is_a_scenario_error(tmp_path):
    with pytest.raises(rc.ScenarioError) as info:
        rc.Game.from_scenario(tmp_path / "nowhere.yaml")
    assert info.value.field == "path"
    assert "nowhere.yaml" in info.value.reason


def test_a_chain_on_the_stack_is_refused():
    game = position()
    game.play("torpedo red-destroyer")
    assert game.stack
    with pytest.raises(rc.ScenarioError) as info:
        game.to_scenario()
    assert str(info.value) == ("scenario field 'stack': 1 item(s) on the stack (torpedo); a "
                               "scenario is a position between chains: play on until the "
                               "chain resolves")


def test_a_finished_game_is_refused():
    game = position(mode="arena", hands={"blue-submarine": ["ambush"]},
                         ships={"blue-submarine": {"at": "b2"},
                                "red-destroyer": {"at": "d4", "repairs": 1, "breakdowns": 0}})
    game.play("order ambush red-destroyer")
    with pytest.raises(rc.ScenarioError, match="the game is over"):
        game.to_scenario()


def test_card_text_given_as_a_string_is_refused():
    rules = rc.load_source("order salvo {\n copies 0\n effect damage 1 to target\n}\n",
                           "salvo.rc")
    game = rc.new_game(rules, seed=1)
    with pytest.raises(rc.ScenarioError) as info:
        game.to_scenario()
    assert info.value.field == "extra" and "salvo.rc" in info.value.reason


def test_extra_card_files_are_named_by_path(tmp_path):
    path = tmp_path / "salvo.rc"
    path.write_text("order salvo {\n    copies 0\n    effect damage 1 to target\n}\n")
    game = rc.new_game(rc.load_ruleset("en", extra=[str(path)]), seed=1)
    data = yaml.safe_load(game.to_scenario())
    assert data["extra"] == [str(path)]
    assert rc.Game.from_scenario(game.to_scenario()) == game


GAMES = [
    ("en", "war", [["submarine"], ["destroyer"]]),
    ("en", "arena", [["submarine", "destroyer"], ["aircraft_carrier", "submarine"]]),
    ("es", "war", [["submarine", "aircraft_carrier"], ["destroyer", "submarine"]]),
    ("es", "arena", [["submarine", "destroyer", "aircraft_carrier"],
                     ["destroyer", "aircraft_carrier", "submarine"]]),
    ("it", "war", [["submarine", "destroyer", "aircraft_carrier"]] * 2),
    ("it", "arena", [["destroyer"], ["aircraft_carrier"]]),
]


# one game in the quick run, all six with -m mass
@pytest.mark.parametrize("edition,mode,teams", quick_and_mass(
    GAMES, {"en-war"}, ids=[f"{g[0]}-{g[1]}" for g in GAMES]))
def test_to_scenario_round_trips_random_positions(edition, mode, teams):
    """Every position between chains of a seeded random game reads back equal, with the
    same legal moves; positions with a chain on the stack are refused. (Over 2 seeds and
    600 moves a game these runs also pass, 3 s a game: sunk ships, respawns, recoveries.)"""
    seed = 1
    game = rc.new_game(rc.load_ruleset(edition), mode=mode, teams=teams, seed=seed)
    rnd = random.Random(seed)
    checked = refused = 0
    while not game.is_over and len(game.moves) < 200:
        if game.stack:
            with pytest.raises(rc.ScenarioError):
                game.to_scenario()
            refused += 1
        else:
            again = rc.Game.from_scenario(game.to_scenario())
            assert again == game, (len(game.moves), game.to_scenario())
            assert again.legal_moves() == game.legal_moves()
            checked += 1
        game.play(rnd.choice(game.legal_moves()))
    assert checked > 50 and refused > 0


def test_a_turn_that_ends_after_a_discard_round_trips():
    """D4.9: a ship sunk in its own turn ends it once the chain is done; if a hand is
    over the limit then, the discard comes first and the turn ends after it."""
    game = position(hands={"blue-submarine": ["kamikaze", "ambush", "captain", "mechanic"]})
    game.state.end_turn_pending = True
    assert game.decision == "discard"
    text = game.to_scenario()
    assert yaml.safe_load(text)["turn_ends"] is True
    assert rc.Game.from_scenario(text) == game


def test_a_respawn_turn_round_trips():
    game = position(mode="war", turn="red-destroyer",
                         ships={"blue-submarine": {"at": "c3"},
                                "red-destroyer": {"sunk": True, "repairs": 0,
                                                  "breakdowns": 0}})
    assert game.decision == "place"
    data = yaml.safe_load(game.to_scenario())
    assert "phase" not in data and data["ships"]["red-destroyer"]["sunk"] is True
    assert rc.Game.from_scenario(game.to_scenario()) == game


def test_a_second_recovery_round_trips():
    game = rc.Game.from_scenario({"ships": {
        "blue-submarine": {"at": "c3", "crew_on": {"torpedo": 2, "movement": 1}},
        "red-destroyer": {"at": "e3"}}})
    game.play("recover torpedo")
    assert game.state.recover_left == 1
    assert yaml.safe_load(game.to_scenario())["recover_left"] == 1
    assert rc.Game.from_scenario(game.to_scenario()) == game


# ------------------------------------------------------------------ errors


def test_every_error_a_user_can_meet_is_defined_in_errors_and_exported():
    """All user errors live in redcode_rules.base.errors (one place to read them),
    each exported by the package; the modules that raise them re-import them."""
    import inspect

    from conftest import package_modules
    from redcode_rules.base import errors
    from redcode_rules.cli import games
    from redcode_rules.formats import replay

    defined = {}
    for module in package_modules():
        for name, obj in vars(module).items():
            if inspect.isclass(obj) and issubclass(obj, BaseException) \
                    and obj.__module__.startswith("redcode_rules"):
                defined.setdefault(obj.__module__, set()).add(name)
    assert set(defined) == {"redcode_rules.base.errors"}, defined
    for name in defined["redcode_rules.base.errors"]:
        if issubclass(getattr(errors, name), rc.RedCodeError):
            assert getattr(rc, name) is getattr(errors, name) and name in rc.__all__
    assert replay.ReplayError is rc.ReplayError
    assert games.UsageError is rc.UsageError and games.Failure is rc.Failure
    assert issubclass(rc.ReplayError, rc.RedCodeError) and issubclass(rc.Failure, ValueError)


def test_errors_pickle_with_their_attributes_and_notes():
    """An error raised in another process (a worker of a vector of
    environments, a Dask worker of the balance lab) reaches the caller whole,
    whatever its constructor takes."""
    import pickle

    from redcode_rules.base.errors import IllegalAction

    action = IllegalAction("movement c3", "no legal move goes on", ["pass"], (4, 9), [1, 2])
    action.add_note("(environment 2)")
    name = rc.UnknownName("ship", "blue-sub", ["blue-submarine", "red-destroyer"])
    dsl = rc.DslError("expected a number", file="my.rc", line=3, column=5,
                      source_line="effect damage x")
    for error in (action, name, dsl, rc.ScenarioError("teams", "no such size")):
        again = pickle.loads(pickle.dumps(error))
        assert type(again) is type(error) and str(again) == str(error)
        assert vars(again).keys() == vars(error).keys()
    again = pickle.loads(pickle.dumps(action))
    assert (again.move, again.reason, again.legal_moves, again.prefix, again.legal_actions,
            again.__notes__) == ("movement c3", "no legal move goes on", ["pass"], (4, 9),
                                 [1, 2], ["(environment 2)"])
    assert pickle.loads(pickle.dumps(dsl)).errors[0].line == 3
    assert pickle.loads(pickle.dumps(name)).suggestions == ["blue-submarine"]
