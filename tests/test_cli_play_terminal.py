"""`redcode play` at a real terminal (a pseudo-terminal driven by pexpect): line
editing, arrow-key history and completion at the prompt, a friendly-fire
question, a card looked up and a typo answered with a did-you-mean."""

import os
import sys

import pytest

pexpect = pytest.importorskip("pexpect")
pytest.importorskip("readline")

UP, LEFT = "\x1b[A", "\x1b[D"


def test_a_game_at_a_terminal():
    env = {**os.environ, "TERM": "xterm", "COLUMNS": "80", "LINES": "40"}
    env.pop("NO_COLOR", None)
    child = pexpect.spawn(sys.executable, ["-m", "redcode_rules", "play", "--seed", "3"],
                          env=env, encoding="utf-8", timeout=60, dimensions=(40, 80))
    try:
        child.expect_exact("place your ship on your start card")
        child.expect_exact("> ")
        child.sendline("4")                                   # placed at b2
        child.expect_exact("use a maneuver, play an order card or end the turn")
        child.expect_exact("> ")
        child.sendline("card heavy torpedo")                  # a card, by its name on screen
        child.expect_exact("Heavy torpedo (heavy_torpedo) — maneuver · costs 3 crew · range 3")
        child.expect_exact("> ")
        child.sendline("torpdo red")                          # a typo
        child.expect_exact("did you mean 'torpedo red-destroyer'?")
        child.expect_exact("> ")
        child.sendline("tor blue")                            # a start aimed at one's own ship
        child.expect_exact("torpedo blue-submarine hits your own blue submarine. Play it? (y/N)")
        child.sendline("n")
        child.expect_exact("Not played: torpedo blue-submarine.")
        child.expect_exact("> ")
        child.send(UP + UP + "\r")                            # history: `tor blue` again
        child.expect_exact("Play it? (y/N)")
        child.sendline("y")
        child.expect_exact("Blue submarine uses Torpedo on blue submarine.")
        child.expect_exact("> ")
        child.send("ed" + LEFT + "n\r")                       # editing: `ed`, ←, `n`: end
        child.expect_exact("Turn 2: red destroyer.")
        child.expect_exact("> ")
        child.send("hin\t\r")                                 # completion: hint
        child.expect_exact("The greedy bot would play:")
        child.expect_exact("> ")
        child.sendline("quit")
        child.expect_exact("Bye.")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0


def test_tab_after_a_move_word_offers_what_may_follow_in_the_persons_language():
    """After `torpedo ` Tab offers the words that may follow, as a Spanish
    screen shows them (`pesado` of Torpedo pesado, `submarino` of the one
    ship in sight), not every word of the game; then completes a ship's name
    word by word."""
    env = {**os.environ, "TERM": "xterm", "COLUMNS": "80", "LINES": "40"}
    child = pexpect.spawn(sys.executable, ["-m", "redcode_rules", "play", "--seed", "3",
                                           "--lang", "es"],
                          env=env, encoding="utf-8", timeout=60, dimensions=(40, 80))
    try:
        child.expect_exact("> ")
        child.sendline("4")                                   # placed at b2
        child.expect_exact("> ")
        child.send("torpedo \t\t")                            # two Tabs: the list
        child.expect(r"\r\n(pesado +submarino) *\r\n> torpedo ", timeout=10)
        listed = child.before + child.match.group(1)
        assert "ayuda" not in listed and "a1" not in listed and "captain" not in listed
        child.send("sub\t\t\r")                               # submarino, then azul
        child.expect_exact("torpedo blue-submarine golpea a submarino azul, de tu bando.")
        child.sendline("n")
        child.expect_exact("No jugada: torpedo blue-submarine.")
        child.expect_exact("> ")
        child.sendline("1")                                   # movement: its destination
        child.expect_exact("vacío para volver) ")
        child.send("d\t\t")                                  # Tab offers its boxes
        child.expect(r"\r\nd2 +d3 +d4 *\r\n", timeout=10)
        child.send("\x15\r")                                 # an empty answer: back
        child.expect_exact("> ")
        child.sendline("salir")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0
