"""The exceptions a user of the library can meet.

Every error a user can cause is one of these (all subclasses of ValueError,
so ``except ValueError`` catches bad input of any kind). Each names what was
wrong: the file and line of a card, the move and the rule, the scenario field.
"""

from __future__ import annotations


class RedCodeError(ValueError):
    """Base class of every error caused by bad input."""


class DslError(RedCodeError):
    """A card file that does not parse or does not make sense.

    The message names the file, line and column, quotes the line with a caret
    under the column, and says what was expected. The parts are attributes
    too, for tools: ``file``, ``line``, ``column`` (None when there is no one
    place to point at), ``source_line``, ``reason`` and ``suggestion`` (a
    close name for a misspelt one, or None).
    """

    def __init__(self, message: str, *, file: str = "<string>", line: int | None = None,
                 column: int | None = None, source_line: str | None = None,
                 suggestion: str | None = None):
        self.file = file
        self.line = line
        self.column = column
        self.source_line = source_line
        self.reason = message
        self.suggestion = suggestion
        super().__init__(self._format())

    def _format(self) -> str:
        where = self.file
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        text = f"{where}: {self.reason}"
        if self.suggestion:
            text += f" — did you mean '{self.suggestion}'?"
        if self.source_line is not None and self.line is not None:
            text += f"\n    {self.source_line}"
            if self.column is not None:
                text += "\n    " + " " * (self.column - 1) + "^"
        return text


class IllegalMove(RedCodeError):
    """A move that is not legal now. The game state is left unchanged.

    The message stays short: the reason (with its rule number) and, for a
    move that does not parse, a did-you-mean with the closest legal moves
    and how many there are. The rest is on the exception, for a program
    that wants it: ``move`` (as written), ``reason`` (what
    ``game.explain(move)`` says, in ``game.lang``), ``legal_moves`` (every
    legal move then) and ``suggestions`` (the closest ones, best first;
    possibly empty).
    """

    def __init__(self, move: str, reason: str, legal_moves: list[str] | None = None,
                 suggestions: list[str] | None = None):
        self.move = move
        self.reason = reason
        self.legal_moves = list(legal_moves or ())
        self.suggestions = list(suggestions or ())
        super().__init__(f"illegal move {move!r}: {reason}")


class ScenarioError(RedCodeError):
    """A game that cannot be set up, or a position that cannot be written.

    Raised by ``Game.from_scenario`` and ``Game.from_json`` for bad input, by
    ``new_game`` for teams or a placement it cannot use (D2.9, R2.8), and by
    ``game.to_scenario()`` for what a scenario cannot hold. ``field`` names
    the field (``ships.red-destroyer.crew_on.torpedo``, ``teams``,
    ``stack``) and ``reason`` says what is wrong.
    """

    def __init__(self, field: str, reason: str):
        self.field = field
        self.reason = reason
        super().__init__(f"{self.source} {field!r}: {reason}")

    #: what ``field`` belongs to, in the message
    source = "scenario field"


class SetupError(ScenarioError):
    """``new_game`` arguments it cannot use: unequal sides (D2.9), a ship type
    twice on a side (R1.2), an unknown mode, placement (R2.8) or ship type.

    A ``ScenarioError`` (so one ``except`` covers every set-up), whose
    message names the argument rather than a scenario field.
    """

    source = "new_game argument"
