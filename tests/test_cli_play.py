"""`redcode play` (terminal/session.py): a game in the terminal, tested by piping its input."""

import io
import json
import subprocess
import sys

import pytest
from rich.text import Text

import redcode_rules as rc
from conftest import PLAY_SCENARIO, play_session
from redcode_rules import cli
from redcode_rules.bots import GreedyBot, RandomBot
from redcode_rules.terminal.session import Menu, Screen, Session
from redcode_rules.terminal.setup import build_bots, pick_seat, seat_specs
from redcode_rules.i18n.catalog import catalog
from redcode_rules.formats.replay import replay

def stdin(monkeypatch, text):
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))


# ---------------------------------------------------------------- whole games


def test_a_whole_game_in_english_to_game_over(monkeypatch, capsys):
    """The person enters `1` at every prompt (the first move, destination, path)."""
    stdin(monkeypatch, "1\n" * 600)
    assert cli.main(["play", "--seed", "2", "--no-confirm"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Red Code — en edition, war to 5 points, at most 200 turns, seed 2.\n"
                          "You play the blue submarine.\n"
                          "Bots: red destroyer (greedy).\n")
    assert "Turn 2: red destroyer." in out          # the bot's moves are narrated
    assert "\nGame over.\n" in out
    winner = out.rsplit("Winner: ", 1)[1].split("\n")
    assert winner[0] in ("blue.", "red.")
    assert winner[1] == ("You won!" if winner[0] == "blue." else "You lost.")
    assert "Bye." not in out                        # it ended by itself, not on EOF
    assert "\x1b[" not in out                       # no colour codes off a terminal


def test_a_whole_game_in_spanish_to_game_over(monkeypatch, capsys):
    stdin(monkeypatch, "1\n" * 600)
    assert cli.main(["play", "--edition", "es", "--seed", "2", "--no-confirm"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Código Rojo — edición es, guerra a 5 puntos, como mucho 200 turnos, "
                          "semilla 2.\nJuegas con submarino azul.\n")
    assert "Turno 2: destructor rojo." in out
    assert "Terminar el turno" in out and "# islote · ~ corriente · . agua" in out
    assert "\nFin de la partida.\n" in out
    assert out.rsplit("Ganador: ", 1)[1].split("\n")[0] in ("azul.", "rojo.")


def test_piped_into_the_command_it_plays_and_quits_in_plain_text():
    """`printf ... | python -m redcode_rules play`: prompts, echo, no ANSI codes."""
    run = subprocess.run([sys.executable, "-m", "redcode_rules", "play", "--seed", "3",
                          "--no-confirm"],
                         input="1\n" * 40 + "hint\nquit\n", capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stderr == ""
    assert "\x1b" not in run.stdout
    assert "> 1\n" in run.stdout and "Turn 2: red destroyer." in run.stdout
    assert "> hint\nThe greedy bot would play: " in run.stdout
    assert run.stdout.endswith("> quit\nBye.\n")


def test_end_of_input_leaves_quietly(monkeypatch, capsys):
    stdin(monkeypatch, "")
    assert cli.main(["play"]) == 0
    assert capsys.readouterr().out.endswith("> \nBye.\n")


# ---------------------------------------------------------------- the screen


def test_the_board_and_its_legend_come_last_above_the_prompt():
    s, out = play_session(["quit"])
    s.run()
    text = out.getvalue()
    board = text[text.index("   a b c d e f g h"):]
    assert board.splitlines()[:3] == ["   a b c d e f g h", " 1 . . . . . . . .",
                                      " 2 . S ~ . . . . ."]
    # the legend under the board: beside it, it would not fit in 80 columns
    assert board.splitlines()[6:] == [
        " 6 . . . . . . . d",
        "S blue submarine (you): b2 · repairs 3/3 · breakdowns 3/3 · reserve 6 · hand 1",
        "d red destroyer: h6 · repairs 3/3 · breakdowns 3/3 · reserve 6 · hand 0",
        "# island · ~ running water · . water",
        "> quit", "Bye."]


def test_moves_are_grouped_by_maneuver_and_numbered():
    s, out = play_session(["quit"])
    s.run()
    text = out.getvalue()
    menu = text[text.index("  Movement"):text.index("   a b c")]
    assert menu.splitlines() == [
        "  Movement (1 crew)      1 movement → a1 b1 c1 d1 a2 d2 a3 b3 c3 d3",
        "  Repair (2 crew)        2 repair",
        "  Orders (2 crew)        3 orders",
        "  Immersion (2 crew)     4 immersion → a1 b1 c1 d1 e1 a2 d2 e2 a3 b3 c3 d3 e3",
        "                         a4 b4 c4 d4 e4",
        "  Captain (order card)   5 order captain red-destroyer",
        "  End the turn           6 end",
        # what would harm one's own ship: last, marked (no enemy in sight but by the order)
        "  Against your own side  7 torpedo blue-submarine (!)",
        "                         8 countermeasure blue-submarine (!)",
        "                         9 heavy_torpedo blue-submarine (!)",
        "                         10 floating_mine blue-submarine (!)",
        "                         11 order captain blue-submarine (!)",
    ]  # no box marked *: running water passed changes nothing, one move per box


def resolve(typed, lang="en"):
    game = rc.Game.from_scenario(PLAY_SCENARIO)
    game.lang = lang
    return Menu(game, "blue-submarine", catalog(lang)["play"]).resolve(typed)


@pytest.mark.parametrize("typed,move", [
    ("2", "repair"),                                   # by number
    ("order captain red-destroyer", "order captain red-destroyer"),   # in full
    ("order  captain   red-destroyer", "order captain red-destroyer"),
    ("o c r", "order captain red-destroyer"),          # by the start of each word
    ("rep", "repair"),
    ("movement c2 b3", "movement c2 b3"),              # a path in full
    ("mov a1", "movement a1"),                         # a destination with one path
    ("mov d1", "movement c2 d1"),                      # its one path enters running water
])
def test_a_move_by_number_notation_or_prefix(typed, move):
    assert resolve(typed).move == move


def test_a_move_to_a_box_asks_the_destination_then_the_path_only_if_effects_differ():
    number = resolve("1")
    assert number.move is None and number.entry.head == "movement"
    assert list(number.entry.paths) == ["a1", "b1", "c1", "d1", "a2", "d2", "a3", "b3", "c3",
                                        "d3"]
    # b3 is one move: the path through running water c2 leaves the same state
    assert number.entry.paths["b3"] == ("movement b3",)
    assert number.entry.paths["d3"] == ("movement c2 d3",)
    assert resolve("mov b3").move == "movement b3"


def test_ambiguous_and_unknown_input_say_so():
    assert resolve("order captain").error == \
        "'order captain' could be: order captain blue-submarine, order captain red-destroyer"
    assert resolve("12").error == "no move 12; the moves are numbered 1 to 11"
    assert resolve("xyzzy").error == ("'xyzzy' is not a move now: enter a number of the list, "
                                      "a move or its start ('help' for more)")
    assert resolve("torpedo red-destroyer").error == \
        "red destroyer is not in the visual field of blue submarine within range 2 (R4.3)"
    assert resolve("torpedo red-destroyer", "es").error == \
        "destructor rojo no está en el campo de visión de submarino azul a distancia 2 (R4.3)"


def test_destination_prompt():
    """The destination is asked; b3, one move (the path through running water
    c2 leaves the same state), is played without a path prompt."""
    s, out = play_session(["1", "b3", "quit"])
    s.run()
    text = out.getvalue()
    assert ("movement: destination? (a1 b1 c1 d1 a2 d2 a3 b3 c3 d3, or its number; empty to\n"
            "    go back) b3\n"                     # a long question is cut at 80 columns
            "  Blue submarine uses Movement to b3.\n") in text
    assert s.game.moves == ["movement b3"]


@pytest.mark.parametrize("answers", [["1", "quit"], ["mov", "quit"]])
def test_quit_at_the_destination_or_path_prompt_quits(answers):
    s, out = play_session(answers)
    s.run()
    assert out.getvalue().endswith("Bye.\n")
    assert s.game.moves == []


def test_a_destination_with_one_path_is_played_at_once():
    s, _ = play_session(["1", "d3", "quit"])
    s.run()
    assert s.game.moves == ["movement c2 d3"]


def test_an_empty_answer_goes_back_to_the_moves():
    s, out = play_session(["1", "", "repair", "quit"])
    s.run()
    assert s.game.moves[0] == "repair"
    assert "go back) \n> repair\n" in out.getvalue()


# ---------------------------------------------------------------- commands


def test_help_why_and_hint():
    s, out = play_session(["help", "why torpedo red-destroyer", "why repair", "why", "hint", "quit"])
    s.run()
    text = out.getvalue()
    assert "> help\nEnter a move:\n  a number" in text
    assert "> why torpedo red-destroyer\nred destroyer is not in the visual field of " \
        "blue submarine within range 2 (R4.3)\n" in text    # the ships as the screen names them
    assert "> why repair\nrepair is legal now.\n" in text
    assert "> why\nwrite: why <move>\n" in text
    choice = GreedyBot().why(rc.Game.from_scenario(PLAY_SCENARIO))
    assert choice.move == "order captain red-destroyer"
    assert "> hint\nThe greedy bot would play: order captain red-destroyer\n" \
        "because: 1 damage to red destroyer; it draws 1 order card\n" in text
    assert s.game.moves == []


def hint_at_placement(seat: str, bot_seat: str, lang: str) -> str:
    """What ``hint`` says at the first placement decision of ``seat`` (seed 3)."""
    out = io.StringIO()
    lines = iter(["hint", "quit"])
    Session(rc.new_game(rc.load_ruleset("en"), seed=3), seat, {bot_seat: GreedyBot(1)}, lang,
            Screen(out), lambda prompt: next(lines), echo=True).run()
    return " ".join(out.getvalue().split("> hint\n")[1].split("\n> ")[0].split())


@pytest.mark.parametrize("lang,first,second", [
    ("en", "because: no enemy ship is on the board yet: every box of the start card is as good",
     "because: 6 boxes from the nearest enemy"),
    ("es", "porque: aún no hay ningún barco enemigo en el tablero: todas las casillas de la "
           "carta inicial valen lo mismo", "porque: a 6 casillas del enemigo más cercano"),
    ("it", "perché: nessuna nave nemica è ancora sul tabellone: ogni casella della carta "
           "iniziale vale l'altra", "perché: a 6 caselle dal nemico più vicino"),
])
def test_a_hint_during_placement_counts_no_distance_before_an_enemy_is_placed(lang, first,
                                                                            second):
    """R2.8: the first ship placed has no enemy to be near (not "0 boxes");
    the next one has (blue's bot placed on a1)."""
    assert hint_at_placement("blue-submarine", "red-destroyer", lang).endswith(first)
    assert hint_at_placement("red-destroyer", "blue-submarine", lang).endswith(second)


def test_the_greedy_bots_reasons_add_up_to_its_score():
    game = rc.Game.from_scenario(PLAY_SCENARIO)
    choice = GreedyBot(4).why(game)
    assert choice.move == GreedyBot(4).choose(game)
    assert choice.score == sum(r.value for r in choice.reasons)
    assert [r.key for r in choice.reasons] == ["damage", "draw", "draw"]


def test_undo_goes_back_to_the_previous_decision_with_the_bots_moves():
    s, out = play_session(["repair", "end", "undo", "undo", "undo", "quit"])
    s.run()
    text = out.getvalue()
    assert "> undo\nBack to your decision before 'end'.\n" in text
    assert "> undo\nBack to your decision before 'repair'.\n" in text
    assert "> undo\nNothing to undo: this is your first decision.\n" in text
    assert s.game.moves == []
    assert s.game == rc.Game.from_scenario(PLAY_SCENARIO)


def test_save_and_load_a_replay(tmp_path, monkeypatch, capsys):
    path = tmp_path / "game.json"
    stdin(monkeypatch, "1\n" * 12 + f"save {path}\nquit\n")
    assert cli.main(["play", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    saved = json.loads(path.read_text())
    moves = saved["moves"]
    # a long path is cut at 80 columns like any line: compare the words
    assert f"> save {path} Replay saved to {path} ({len(moves)} moves)." in " ".join(out.split())
    game = replay(saved, upto=0)
    mine = []                       # the moves blue played, in order
    for move in moves:
        if game.to_move == "blue-submarine":
            mine.append(move)
        game.play(move)
    assert len(mine) >= 2
    stdin(monkeypatch, f"load {path}\nundo\nquit\n")
    assert cli.main(["play", "--seed", "9"]) == 0
    out = capsys.readouterr().out
    assert f"> load {path} Loaded {path}: {len(moves)} moves." in " ".join(out.split())
    assert f"> undo\nBack to your decision before '{mine[-1]}'.\n" in out
    stdin(monkeypatch, f"load {tmp_path / 'missing.json'}\nsave {tmp_path}/no/such/x.json\n")
    assert cli.main(["play"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "missing.json: cannot read replay: No such file or directory" in out
    assert f"cannot write {tmp_path}/no/such/x.json: No such file or directory" in out


@pytest.mark.parametrize("lang,lines,said", [
    ("en", ["save", "load"], ["save needs a file to write: save FILE (save game.json) saves the "
                              "game as a replay; load FILE continues it later, redcode replay "
                              "FILE plays it back",
                              "load needs a file to read: load FILE (load game.json) continues "
                              "a game written by save FILE"]),
    ("es", ["guardar"], ["guardar necesita un fichero donde escribir: guardar FICHERO (guardar "
                         "partida.json) guarda la partida como repetición"]),
    ("it", ["salva"], ["salva ha bisogno di un file da scrivere: salva FILE (salva "
                       "partita.json) salva la partita come replay"]),
])
def test_save_or_load_without_a_file_says_how_to_use_it(lang, lines, said):
    s, out = play_session([*lines, "quit"], lang)
    s.run()
    text = " ".join(out.getvalue().split())
    for line, sentence in zip(lines, said):
        assert f"> {line} {sentence}" in text


@pytest.mark.parametrize("argv,header", [
    (["--seed", "3"], "Red Code — en edition, war to 5 points, at most 200 turns, seed 3.\n"
                      "You play the blue submarine.\n"),
    (["--seed", "3", "--short"], "Red Code — en edition, war to 2 points, at most 60 turns, "
                                 "seed 3.\nYou play the blue submarine.\n"),
    (["--seed", "3", "--short", "--mode", "arena", "--lang", "es"],
     "Código Rojo — edición en, arena, como mucho 60 turnos, semilla 3.\n"),
    (["--seed", "3", "--short", "--lang", "it"],
     "Codice Rosso — edizione en, guerra a 2 punti, al massimo 60 turni, seme 3.\n"),
])
def test_the_header_says_what_ends_the_game_a_short_one_too(argv, header, monkeypatch, capsys):
    stdin(monkeypatch, "quit\n")
    assert cli.main(["play", *argv]) == 0
    assert capsys.readouterr().out.startswith(header)


def test_the_demos_header_says_what_ends_the_game(capsys):
    assert cli.main(["demo", "--short", "--seed", "2"]) == 0
    assert capsys.readouterr().out.startswith(
        "Red Code — en edition, war to 2 points, at most 60 turns, 1v1, seed 2\n")


def test_a_position_from_a_scenario_saves_and_loads(tmp_path):
    path = tmp_path / "x.json"
    s, out = play_session(["repair", f"save {path}", "quit"])
    s.run()
    count = len(s.game.moves)
    assert f"Replay saved to {path} ({count} moves)." in " ".join(out.getvalue().split())
    other, out = play_session([f"load {path}", "undo", "quit"])
    other.run()
    assert f"> load {path} Loaded {path}: {count} moves." in " ".join(out.getvalue().split())
    assert "> undo\nBack to your decision before 'repair'.\n" in out.getvalue()
    assert other.game == rc.Game.from_scenario(PLAY_SCENARIO)


def test_an_illegal_move_is_refused_with_its_rule_and_the_game_goes_on():
    s, out = play_session(["torpedo nowhere", "pass", "end", "quit"])
    s.run()
    text = out.getvalue()
    assert "> torpedo nowhere\nno ship 'nowhere'; ships are blue submarine, red destroyer\n" \
        in text
    assert "> pass\nthere is no item to respond to: responses answer a maneuver that can be\n" \
        "    responded to (R5.1)\n" in text          # cut between words at 80 columns
    assert "> end\nTurn 2: red destroyer.\n" in text       # the bot plays at once
    assert s.game.moves[0] == "end"


def test_commands_in_spanish():
    s, out = play_session(["ayuda", "pista", "porque torpedo red-destroyer", "pass", "salir"],
                     lang="es")
    s.run()
    text = out.getvalue()
    assert "> ayuda\nEscribe una jugada:" in text
    assert "> pista\nEl bot codicioso jugaría: order captain red-destroyer\n" \
        "porque: 1 de daño al destructor rojo; roba 1 carta de órdenes\n" in text
    assert "> porque torpedo red-destroyer\ndestructor rojo no está en el campo de visión de " \
        "submarino azul a distancia 2\n    (R4.3)\n" in text
    assert "> pass\nno hay nada a lo que responder" in text
    assert text.endswith("> salir\nAdiós.\n")
    assert "Turno 1 — submarino azul: usa una maniobra, juega una carta de órdenes o " \
        "termina\n    el turno" in text                    # cut between words at 80 columns


@pytest.mark.parametrize("lang,typed", [
    ("en", "tor red"), ("es", "tor rojo"), ("es", "torpedo rojo"), ("es", "torpedo roja"),
    ("it", "tor rosso"), ("it", "siluro rosso"), ("it", "siluro rossa"),
])
def test_a_sides_name_in_the_persons_language_names_its_ship(lang, typed):
    """``tor rojo`` is ``tor red``: a side's name starts the ids of its ships."""
    scenario = dict(PLAY_SCENARIO, ships={"blue-submarine": {"at": "b2"},
                                          "red-destroyer": {"at": "d2"}})
    s, _ = play_session([typed, "quit"], lang=lang, scenario=scenario)
    s.run()
    assert s.game.moves[0] == "torpedo red-destroyer"


@pytest.mark.parametrize("lang,reason", [
    ("en", "red destroyer is not in the visual field of blue submarine within range 2 (R4.3)"),
    ("es", "destructor rojo no está en el campo de visión de submarino azul a distancia 2 "
           "(R4.3)"),
    ("it", "distruttore rosso non è nel campo visivo di sottomarino blu entro la distanza 2 "
           "(R4.3)"),
])
def test_why_and_a_refused_start_of_a_move_name_ships_as_the_screen_does(lang, reason):
    s, out = play_session([{"en": "tor red", "es": "tor rojo", "it": "tor rosso"}[lang],
                           "why torpedo red-destroyer", "quit"], lang=lang)
    s.run()
    text = " ".join(out.getvalue().split())
    assert text.count(reason) == 2, text
    assert "red-destroyer" not in text.split("> why torpedo red-destroyer")[1]
    assert rc.Game.from_scenario(PLAY_SCENARIO).explain("torpedo red-destroyer") == (
        "red-destroyer is not in the visual field of blue-submarine within range 2 (R4.3)")


@pytest.mark.parametrize("lang,said", [
    ("en", "Turn 1 — blue submarine: respond or pass\n"
           "Red destroyer plays Torpedo on blue submarine.\n"),
    ("es", "Turno 1 — submarino azul: responde o pasa\n"
           "El destructor rojo juega Torpedo sobre el submarino azul.\n"),
    ("it", "Turno 1 — sottomarino blu: rispondi o passa\n"
           "Il distruttore rosso gioca Siluro sul sottomarino blu.\n"),
])
def test_a_response_decision_names_what_it_answers(lang, said):
    """In every language: the Italian "sul" is the ship's own preposition."""
    scenario = dict(PLAY_SCENARIO, ships={"blue-submarine": {"at": "b2"},
                                     "red-destroyer": {"at": "d2"}},
                    turn="red-destroyer")
    game = rc.Game.from_scenario(scenario)
    game.play("torpedo blue-submarine")
    assert game.to_move == "blue-submarine" and game.decision == "respond"
    out = io.StringIO()
    s = Session(game, "blue-submarine", {"red-destroyer": GreedyBot(1)}, lang, Screen(out),
                lambda prompt, lines=iter(["pass", "quit"]): next(lines), echo=True)
    s.run()
    text = out.getvalue()
    assert said in text
    assert "> pass\n" in text


# ---------------------------------------------------------------- seats and bots


def test_seat_and_bots_options():
    rules = rc.load_ruleset("en")
    game = rc.new_game(rules, teams=[["submarine", "destroyer"], ["destroyer", "submarine"]])
    assert game.ships == ["blue-submarine", "red-destroyer", "blue-destroyer", "red-submarine"]
    assert pick_seat(game, None) == "blue-submarine"
    assert pick_seat(game, "red-destroyer") == "red-destroyer"
    assert pick_seat(game, "3") == "blue-destroyer"
    assert pick_seat(game, "red") == "red-destroyer"
    with pytest.raises(rc.UsageError, match="--seat: 'destroyer' is not one ship"):
        pick_seat(game, "destroyer")
    bots = build_bots(game, seat_specs(game, "red-destroyer", "random,greedy,random"), 1)
    assert [(s, type(b)) for s, b in bots.items()] == [
        ("blue-submarine", RandomBot), ("blue-destroyer", GreedyBot), ("red-submarine", RandomBot)]
    with pytest.raises(rc.UsageError, match="--bots: give one bot for all other seats"):
        seat_specs(game, "red-destroyer", "random,greedy")
    with pytest.raises(rc.UsageError, match="--bots: unknown bot 'clever'"):
        seat_specs(game, "red-destroyer", "clever")


def test_playing_red_against_a_random_bot(monkeypatch, capsys):
    stdin(monkeypatch, "quit\n")
    assert cli.main(["play", "--seat", "red-destroyer", "--bots", "random", "--seed", "5",
                     "--lang", "it"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Codice Rosso — edizione en, guerra a 5 punti, al massimo 200 turni, "
                          "seme 5.\nGiochi con distruttore rosso.\nBot: sottomarino blu (random).")
    # R2.8: the blue bot places first, then the red player is asked
    assert "  Il sottomarino blu si schiera in b2.\n\n" \
        "Turno 1 — distruttore rosso: piazza la tua nave sulla tua carta iniziale\n" in out
    assert "  Piazzare  1 place g5    2 place g6    3 place h5    4 place h6\n" in out


@pytest.mark.parametrize("argv,message", [
    (["play", "--seat", "9"], "--seat: '9' is not one ship of this game"),
    (["play", "--bots", "clever"], "--bots: unknown bot 'clever'"),
    (["play", "--bots", "mcts:seconds=1e400"], "--bots: bot 'mcts:seconds=inf': seconds must be"),
    (["play", "--bots", "mcts:exploration=nan"], "--bots: bot 'mcts:exploration=nan:iterations=500': "
                                                 "exploration must be a finite number"),
    (["play", "--lang", "fr"], "--lang: no texts for language 'fr'"),
])
def test_bad_play_options_exit_2(argv, message, capsys):
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"redcode: {message}") and err.count("\n") == 1


def test_a_decision_with_one_move_is_played_for_the_person():
    scenario = dict(PLAY_SCENARIO, phase="recover", ships={
        "blue-submarine": {"at": "b2", "crew_on": {"torpedo": 1}, "reserve": 5},
        "red-destroyer": {"at": "h6"}})
    s, out = play_session(["undo", "quit"], scenario=scenario)
    s.run()
    text = out.getvalue()
    assert "Your only move: recover torpedo\n  Blue submarine recovers 1 crew from Torpedo.\n" \
        in text
    assert "> undo\nNothing to undo: this is your first decision.\n" in text
    assert s.game.moves == ["recover torpedo"]


def test_the_screen_escapes_what_a_terminal_would_act_on():
    """Card and token names come from card files: an escape sequence in one is
    shown as text (``printable``), plain or styled."""
    out = io.StringIO()
    screen = Screen(out)
    screen.say("the \x1b[2J mine", "note")
    screen.say(Text("a \x9b31m buoy"))
    screen.say("clean é", "note")
    assert out.getvalue() == "the \\u001b[2J mine\na \\u009b31m buoy\nclean é\n"


def test_a_loaded_game_keeps_the_bots_as_named(tmp_path):
    """``load`` rebuilds the bots from their names on the command line
    (``mcts:iterations=7``), not from their kind at its default level."""
    from redcode_rules.bots.specs import parse_bot

    path = tmp_path / "x.json"
    s, _ = play_session(["repair", f"save {path}", "quit"])
    s.run()
    game = rc.Game.from_scenario(PLAY_SCENARIO)
    specs = {"red-destroyer": parse_bot("mcts:iterations=7")}
    feed = iter([f"load {path}", "quit"])
    other = Session(game, "blue-submarine", build_bots(game, specs, 1), "en",
                    Screen(io.StringIO()), lambda prompt: next(feed), echo=True, specs=specs)
    other.run()
    assert other.specs == specs
    assert other.bots["red-destroyer"].iterations == 7
    assert "red destroyer (mcts:iterations=7)" in " ".join(
        other.screen.console.file.getvalue().split()).lower()
