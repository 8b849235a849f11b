"""The `redcode play` terminal game and error exits of the command line."""

import builtins

from redcode_rules import cli


def feed(monkeypatch, answers):
    """Answer the prompts in order; EOF after the last one."""
    it = iter(answers)

    def fake_input(prompt=""):
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr(builtins, "input", fake_input)


def test_play_shows_the_legal_moves_refuses_an_illegal_one_and_quits(monkeypatch, capsys):
    feed(monkeypatch, ["torpedo nowhere", "place b2", "end", "quit"])
    assert cli.main(["play", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "Legal:" in out and "end" in out
    assert "illegal move 'torpedo nowhere'" in out
    assert "Turn 2: red destroyer." in out      # the bot played after our `end`


def test_play_in_spanish_narrates_and_explains_in_spanish(monkeypatch, capsys):
    feed(monkeypatch, ["place b2", "pass"])
    assert cli.main(["play", "--edition", "es", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "no hay nada a lo que responder" in out and "(R5.1)" in out


def test_unknown_teams_and_language_exit_2(capsys):
    assert cli.main(["demo", "--teams", "4v4"]) == 2
    assert "--teams" in capsys.readouterr().err
    assert cli.main(["demo", "--lang", "fr"]) == 2
    assert "no texts for 'fr'" in capsys.readouterr().err
