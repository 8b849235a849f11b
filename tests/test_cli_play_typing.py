"""`redcode play` as typed by a person: names as shown in the chosen language,
did-you-mean for typos, a question before a move that harms one's own side,
the card and status commands, no raw control characters, 80 columns."""

import io
import re
import sys

import pytest

import redcode_rules as rc
from conftest import PLAY_SCENARIO, play_session
from redcode_rules import cli
from redcode_rules.i18n.catalog import catalog
from redcode_rules.terminal.session import strip_controls
from redcode_rules.terminal.menu import Menu


def after(text: str, typed: str) -> str:
    """What the session printed after the line ``typed``, up to the next prompt."""
    return text.split(f"> {typed}\n", 1)[1].split("\n> ", 1)[0]


# ---------------------------------------------------------------- names as shown


@pytest.mark.parametrize("lang,typed,move", [
    ("en", "heavy torpedo blue", "heavy_torpedo blue"),
    ("es", "Torpedo pesado submarino azul", "heavy_torpedo blue-submarine"),
    ("es", "capitan destructor rojo", "order captain red-destroyer"),   # accents optional
    ("it", "siluro red", "torpedo red"),
    ("it", "capitano distruttore rosso", "order captain red-destroyer"),
    ("es", "tor rojo", "tor red"),                      # a side's name: its ships' ids start
    ("es", "capitán azul", "order captain blue"),
    ("it", "siluro rossa", "torpedo red"),
    ("it", "tor blu", "tor blue"),
])
def test_names_may_be_typed_as_the_screen_shows_them(lang, typed, move):
    s, _ = play_session([], lang)
    assert s.translate(typed) == move


@pytest.mark.parametrize("lang,before,text,offered", [
    ("en", "torpedo", "", ["blue-submarine"]),              # the one target in sight
    ("en", "movement", "c", ["c1", "c2", "c3"]),            # the boxes it may reach
    ("en", "order", "", ["captain"]),
    ("en", "order captain", "", ["blue-submarine", "red-destroyer"]),
    ("es", "torpedo", "", ["pesado", "submarino"]),         # Torpedo pesado; the ship in sight
    ("es", "torpedo submarino", "", ["azul"]),
    ("es", "order", "", ["capitán"]),
    ("es", "capitan", "", ["submarino", "destructor"]),     # `order` may be left out
    ("es", "", "heav", ["heavy_torpedo"]),                  # the notation where nothing shown fits
    ("it", "siluro", "", ["pesante", "sottomarino"]),
    ("it", "order capitano", "d", ["distruttore"]),
    ("es", "porque torpedo", "", ["pesado", "submarino"]),  # why: a move
    ("es", "carta torpedo", "", ["pesado"]),                # card: a card's name
    ("en", "save", "", []),
])
def test_tab_offers_the_words_that_may_follow_in_the_persons_language(lang, before, text,
                                                                      offered):
    from redcode_rules.terminal.names import as_shown

    s, _ = play_session([], lang)
    moves = [as_shown(s.game, lang, m) for m in s.game.legal_moves()]
    assert s.completions(moves, before.split(), text) == offered


@pytest.mark.parametrize("lang,first", [
    ("en", ["movement", "repair", "torpedo", "order", "captain", "help", "why", "card"]),
    ("es", ["movimiento", "reparar", "torpedo", "order", "capitán", "ayuda", "porque", "carta"]),
])
def test_tab_at_the_start_of_a_line_offers_moves_and_commands_in_one_language(lang, first):
    from redcode_rules.terminal.names import as_shown

    s, _ = play_session([], lang)
    moves = [as_shown(s.game, lang, m) for m in s.game.legal_moves()]
    offered = s.completions(moves, [], "")
    assert set(first) <= set(offered) and "?" not in offered
    assert not {"a1", "b2", "red-destroyer", "ambush"} & set(offered)
    if lang == "es":
        assert not {"help", "movement", "repair", "porqué"} & set(offered)


def test_an_order_card_typed_by_its_spanish_name_is_played():
    s, out = play_session(["capitán destructor rojo", "quit"], "es")
    s.run()
    assert s.game.moves == ["order captain red-destroyer"]
    assert "El submarino azul juega Capitán sobre el destructor rojo." in out.getvalue()


# ---------------------------------------------------------------- typos


def test_a_misspelt_move_gets_the_move_it_would_be():
    s, out = play_session(["ordr capt red", "torpdo red", "quit"])
    s.run()
    text = out.getvalue()
    assert after(text, "ordr capt red") == ("'ordr capt red' is not a move now — did you mean "
                                            "'order captain red-destroyer'?")
    assert after(text, "torpdo red") == (
        "'torpdo red': did you mean 'torpedo red-destroyer'? It cannot be played now: red\n"
        "    destroyer is not in the visual field of blue submarine within range 2 (R4.3)")
    assert s.game.moves == []


@pytest.mark.parametrize("typed", ["n", "y", "zz"])
def test_a_letter_or_two_gets_no_guess_at_a_move(typed):
    """`n` is not a misspelt `end`: too little to guess from, so the way to
    enter a move is said instead of a move to play."""
    s, out = play_session([typed, "quit"])
    s.run()
    assert " ".join(after(out.getvalue(), typed).split()) == (
        f"'{typed}' is not a move now: enter a number of the list, a move or its start "
        "('help' for more)")


def test_a_message_never_gives_the_apis_count_of_legal_moves():
    """The API counts every path of a move; the screen numbers its own lines."""
    s, out = play_session(["movement zz9", "quit"])
    s.run()
    assert "legal moves now" not in out.getvalue()


# ---------------------------------------------------------------- friendly fire


def test_attacks_on_ones_own_side_are_listed_after_every_other_move_and_marked():
    s, out = play_session(["quit"])
    s.run()
    text = out.getvalue()
    assert text.index("5 order captain red-destroyer") < text.index("6 end") < \
        text.index("Against your own side  7 torpedo blue-submarine (!)") < \
        text.index("11 order captain blue-submarine (!)")


@pytest.mark.parametrize("lang,title", [("es", "Contra tu propio bando"),
                                        ("it", "Contro la tua squadra")])
def test_attacks_on_ones_own_side_are_marked_in_every_language(lang, title):
    s, out = play_session(["quit"], lang)
    s.run()
    assert re.search(rf"  {title} +7 torpedo blue-submarine \(!\)\n", out.getvalue())


def test_a_move_that_helps_ones_own_ship_stays_with_its_card():
    """Radio support aimed at a friend is no attack: not in the marked group."""
    scenario = dict(PLAY_SCENARIO, ships={"blue-aircraft_carrier": {"at": "b2"},
                                          "red-destroyer": {"at": "h6"}}, hands={})
    game = rc.Game.from_scenario(scenario)
    menu = Menu(game, "blue-aircraft_carrier", catalog("en")["play"])
    own = [e.moves[0] for e in menu.entries if e.own]
    assert "radio_support blue-aircraft_carrier" not in own
    assert own == ["torpedo blue-aircraft_carrier", "air_support blue-aircraft_carrier",
                   "radar blue-aircraft_carrier"]      # in the order of their cards


@pytest.mark.parametrize("typed", ["11", "order captain blue-submarine", "order capt blue"])
def test_a_move_that_harms_ones_own_side_asks_first(typed):
    s, out = play_session([typed, "n", typed, "y", "quit"])
    s.run()
    text = out.getvalue()
    question = "order captain blue-submarine hits your own blue submarine. Play it? (y/N) "
    assert text.count(question) == 2
    assert f"{question}n\nNot played: order captain blue-submarine.\n" in text
    assert s.game.moves == ["order captain blue-submarine"]


def test_no_confirm_plays_a_chosen_move_at_once_but_a_start_still_asks():
    s, out = play_session(["11", "quit"], confirm=False)
    s.run()
    assert s.game.moves == ["order captain blue-submarine"] and "Play it?" not in out.getvalue()
    s, out = play_session(["order capt blue", "", "quit"], confirm=False)
    s.run()
    assert s.game.moves == [] and "Play it? (y/N)" in out.getvalue()


def test_a_move_that_helps_is_not_asked_about():
    s, out = play_session(["countermeasure blue-submarine", "quit"])
    s.run()
    assert "Play it?" in out.getvalue()  # countermeasure damages the ship it aims at
    s, out = play_session(["repair", "quit"])
    s.run()
    assert "Play it?" not in out.getvalue() and s.game.moves[0] == "repair"


def test_the_question_is_in_the_persons_language():
    s, out = play_session(["11", "s", "quit"], "it")
    s.run()
    assert ("order captain blue-submarine colpisce sottomarino blu, della tua squadra. "
            "Giocarla? (s/N) s") in " ".join(out.getvalue().split())
    assert s.game.moves == ["order captain blue-submarine"]


# ---------------------------------------------------------------- card and status


def test_card_shows_its_cost_range_text_and_the_statuses_it_gives():
    s, out = play_session(["card heavy torpedo", "info intercept", "card torpdo", "card", "quit"])
    s.run()
    text = out.getvalue()
    assert after(text, "card heavy torpedo") == (
        "Heavy torpedo (heavy_torpedo) — maneuver · costs 3 crew · range 3\n"
        "  2 repair damage to the target. Range 3. Can be responded to.")
    lines = after(text, "info intercept").splitlines()
    assert lines[0] == "Intercept (intercept) — order card"
    assert lines[-1] == ("  Gives Intercepted, until its next turn: no maneuvers, not even "
                         "responses.")
    assert after(text, "card torpdo") == ("no card 'torpdo' — did you mean 'Torpedo' or "
                                          "'Heavy torpedo'?")
    assert after(text, "card") == "write: card NAME (a card's name as shown, or its id)"


@pytest.mark.parametrize("lang,typed,shown", [
    ("en", "status intercepted", "Intercepted, until its next turn: no maneuvers, not even "
                                 "responses."),
    ("es", "estado interceptado", "Interceptado, hasta su próximo turno: ninguna maniobra, "
                                  "ni siquiera respuestas."),
    ("it", "stato intercettazione", "Intercettazione, fino al suo prossimo turno: nessuna "
                                    "manovra, nemmeno risposte."),
    ("es", "carta torpedo pesado", "Torpedo pesado (heavy_torpedo) — maniobra · cuesta 3 "
                                   "tripulantes · distancia 3"),
])
def test_card_and_status_in_every_language(lang, typed, shown):
    s, out = play_session([typed, "quit"], lang)
    s.run()
    first = re.split(r"\n  (?! )", after(out.getvalue(), typed))[0]  # its first line, cut or not
    assert " ".join(first.split()) == shown


def test_a_status_is_shown_on_the_ship_line_while_it_lasts():
    scenario = {**PLAY_SCENARIO, "ships": {"blue-submarine": {"at": "b2"},
                                      "red-destroyer": {"at": "h6", "intercepted": True}}}
    s, out = play_session(["quit"], scenario=scenario)
    s.run()
    assert ("d red destroyer: h6 · repairs 3/3 · breakdowns 3/3 · reserve 6 · hand 0 ·\n"
            "    intercepted (until its next turn)\n") in out.getvalue()


# ---------------------------------------------------------------- the terminal


def test_control_characters_are_never_echoed_or_quoted():
    assert strip_controls("\x1b[Aend\x07\x1b[1;5D\x00\tx") == "end x"
    s, out = play_session(["\x1b[A\x1b[Btorpdo\x1b[D red\x07", "\x1b[Aend", "quit"])
    s.run()
    text = out.getvalue()
    assert "\x1b" not in text and "\x07" not in text
    assert "> torpdo red\n'torpdo red': did you mean 'torpedo red-destroyer'?" in text
    assert s.game.moves[0] == "end"


@pytest.mark.parametrize("lang", ["en", "es", "it"])
def test_a_whole_game_fits_80_columns(lang, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 600))
    assert cli.main(["play", "--lang", lang, "--seed", "4", "--short", "--no-confirm",
                     "--teams", "2v2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert any(line.startswith(("Game over", "Fin de la partida", "Fine della partita"))
               for line in lines)
    assert max(len(line) for line in lines) <= 80
    assert not [line for line in lines if " loses 0 " in line or " 0 damage" in line]


def test_a_token_is_marked_on_the_board_and_listed_under_it():
    scenario = {"extra": ["cards/examples/triggers_mine.rc"],
                "ships": {"blue-submarine": {"at": "c3"}, "red-destroyer": {"at": "f3"}},
                "hands": {"blue-submarine": ["lay_mine"]}, "phase": "maneuvers"}
    import os
    from pathlib import Path
    cwd = os.getcwd()
    os.chdir(Path(__file__).resolve().parents[1])  # the scenario's card file path
    try:
        s, out = play_session(["order lay_mine e3", "quit"], scenario=scenario)
    finally:
        os.chdir(cwd)
    s.run()
    text = out.getvalue()
    board = text.rsplit("   a b c d e f g h\n", 1)[1]
    assert board.splitlines()[2] == " 3 . . S . * d . ."
    assert "\n* token mine at e3 (blue submarine)" in board


def test_a_forced_move_is_shown_and_takes_no_input(monkeypatch, capsys):
    """The recovery played for the person is said before the next prompt; the
    next line typed goes to the next decision."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("4\nmov b3\nend\nquit\n"))
    assert cli.main(["play", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    forced = out.index("Your only move: recover movement\n"
                       "  Blue submarine recovers 1 crew from Movement.\n\n"
                       "Turn 3 — blue submarine: use a maneuver")
    assert out.index("> quit\nBye.\n") > forced
    assert out.count("\n> ") == 4  # placement, mov b3, end, quit: none for the recovery
