"""The exceptions a user of the library can meet.

Every error a user can cause is one of these (all subclasses of ValueError,
so ``except ValueError`` catches bad input of any kind). Each names what was
wrong: the file and line of a card, the move and the rule, the scenario field.
"""

from __future__ import annotations

import re
import reprlib
from typing import Iterable, Sequence

#: The most characters of a value any error message quotes: a file can hold
#: a value of gigabytes (a YAML alias bomb), and formatting it whole would cost
#: as much; the message only needs to show which value it is.
QUOTE_LIMIT = 60
#: The longest reason an error gives: every value in it is quoted short, but
#: a name from a file (a card id, a field) may still be long.
_REASON_LIMIT = 1000

_short = reprlib.Repr()
_short.maxlevel = 2
_short.maxstring = _short.maxother = QUOTE_LIMIT
_short.maxlist = _short.maxtuple = _short.maxdict = _short.maxset = 4
_short.maxlong = 40


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)``, cut to at most about ``limit`` characters (``'abc…'``).

    Every error message quotes a user's value through this: the work is
    bounded whatever the value (a huge string, a deeply shared list, an
    integer of a million digits), where ``repr`` would build it whole.
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return f"<a number of {value.bit_length()} bits>"
    try:
        text = _short.repr(value)
    except (ValueError, RecursionError):  # an int too long for str, a nest too deep
        text = f"<{type(value).__name__}>"
    return clip(text, limit)


#: What a terminal would act on rather than show, as the body of a regular
#: expression's character class: C0 controls but tab and newline (ESC starts
#: a colour, a cursor move, a title change), DEL, C1 controls (CSI), and the
#: marks that reorder text on screen (bidi controls). Printing escapes them
#: (``printable``); card files refuse them (lang/limits.py's ``FORBIDDEN``).
TERMINAL_CONTROLS = "\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
_UNPRINTABLE = re.compile(f"[{TERMINAL_CONTROLS}]")


def printable(text: str) -> str:
    """``text`` with every character a terminal would act on written as its
    escape (``\\u001b``), the one filter of what the command line prints:
    names from a shared card file or replay reach the screen as text. The
    escape is JSON's, so a JSON document stays one (and reads back the same)."""
    return _UNPRINTABLE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def clip(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` cut to ``limit`` characters, with an ellipsis when cut."""
    text = str(text)
    return text if len(text) <= limit else text[:limit - 1] + "…"


class RedCodeError(ValueError):
    """Base class of every error caused by bad input.

    Each pickles with its attributes and notes (an error raised in a worker
    process reaches the caller's whole), whatever its constructor takes."""

    def __reduce__(self):
        return _unpickled, (type(self), self.args), self.__dict__


def _unpickled(cls: type[BaseException], args: tuple) -> BaseException:
    """An error made without its constructor (``RedCodeError.__reduce__``):
    its message as it was, its attributes set from the pickle after."""
    return cls.__new__(cls, *args)


class DslError(RedCodeError):
    """A card file that does not parse or does not make sense.

    The message names the file, line and column, quotes the line with a caret
    under the column, and says what was expected. The parts are attributes
    too, for tools: ``file``, ``line``, ``column`` (None when there is no one
    place to point at), ``source_line``, ``reason`` and ``suggestion`` (a
    close name for a misspelt one, or None).

    A card set with several errors raises one DslError for all of them
    (``DslError.of``): ``errors`` lists each (a single error lists itself),
    the attributes are the first's, and the message is every error's
    message, one after the other.
    """

    errors: list[DslError]

    def __init__(self, message: str, *, file: str = "<string>", line: int | None = None,
                 column: int | None = None, source_line: str | None = None,
                 suggestion: str | None = None):
        self.file = clip(file, 200)
        self.line = line
        self.column = column
        self.source_line = None if source_line is None else _clip_line(source_line, column)
        self.reason = clip(message, _REASON_LIMIT)
        self.suggestion = None if suggestion is None else clip(suggestion, QUOTE_LIMIT)
        self.errors = [self]
        super().__init__(self._format())

    @classmethod
    def of(cls, errors: list[DslError]) -> DslError:
        """One error for several (each error itself if there is one): the
        first's file, line and reason, every error in the message and in
        ``errors``."""
        if len(errors) == 1:
            return errors[0]
        first = errors[0]
        combined = cls(first.reason, file=first.file, line=first.line, column=first.column,
                       suggestion=first.suggestion)
        combined.source_line = first.source_line
        combined.errors = list(errors)
        shown, size = [], 0
        for err in errors:  # a bounded message; every error stays in ``errors``
            text = str(err)
            if shown and size + len(text) > _COMBINED_LIMIT:
                break
            shown.append(text)
            size += len(text) + 1
        more = len(errors) - len(shown)
        combined.args = (f"{len(errors)} errors:\n" + "\n".join(shown)
                         + (f"\n… and {more} more (all in the error's .errors)" if more else ""),)
        return combined

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
                text += "\n    " + " " * (min(self.column, _LINE_WINDOW) - 1) + "^"
        return text


_LINE_WINDOW = 100
#: The most characters of errors one combined DslError's message shows (the
#: rest are counted); a hostile file may hold thousands of mistakes.
_COMBINED_LIMIT = 1_500


def _clip_line(line: str, column: int | None) -> str:
    """A source line short enough to quote: the part up to the column (the
    caret's), at most ``_LINE_WINDOW`` characters before it, and a few after."""
    column = column or 1
    if column > _LINE_WINDOW:  # the caret's column is counted in the cut line
        line = line[column - _LINE_WINDOW:]
    return clip(line, 2 * _LINE_WINDOW)


class IllegalMove(RedCodeError):
    """A move that is not legal now. The game state is left unchanged. A
    move that cannot even be read is a ``MalformedMove``, a kind of this.

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
        self.reason = clip(reason, _REASON_LIMIT)
        self.legal_moves = list(legal_moves or ())
        self.suggestions = list(suggestions or ())
        super().__init__(f"illegal move {quote(move)}: {self.reason}")


class MalformedMove(IllegalMove):
    """A move that cannot be read: no move of the notation for this game (an
    unknown word, a box that is no box, a card without the target it needs,
    not a string). An ``IllegalMove`` like any move not legal now, with its
    reason (what cannot be read) and suggestions; the game is left unchanged."""


class UnknownWord(RedCodeError):
    """A word or action id outside the action vocabulary of a configuration
    (``redcode_rules.ai.actions``)."""


class IllegalAction(IllegalMove):
    """An action that is not a next word of a legal move after the words
    chosen so far. The game is left unchanged. ``prefix`` holds the words
    chosen so far, ``legal_actions`` the actions legal after them."""

    def __init__(self, words: str, reason: str, legal_moves: list[str],
                 prefix: tuple[int, ...], legal_actions: list[int]):
        super().__init__(words, reason, legal_moves)
        self.prefix = prefix
        self.legal_actions = legal_actions


class LanguageError(RedCodeError):
    """A language with no texts (``game.lang``, ``narration``, ``rules.text``):
    the message names the languages that have them (``lang/*.yaml``)."""


class ScenarioError(RedCodeError):
    """A game that cannot be set up, or a position that cannot be written.

    Raised by ``Game.from_scenario`` and ``Game.from_json`` for bad input, by
    ``new_game`` for teams or a placement it cannot use (D2.9, R2.8), and by
    ``game.to_scenario()`` for what a scenario cannot hold. ``field`` names
    the field (``ships.red-destroyer.crew_on.torpedo``, ``teams``,
    ``stack``) and ``reason`` says what is wrong.
    """

    def __init__(self, field: str, reason: str):
        self.field = clip(field, 100)
        self.reason = clip(reason, _REASON_LIMIT)
        super().__init__(f"{self.source} {self.field!r}: {self.reason}")

    #: what ``field`` belongs to, in the message
    source = "scenario field"


class SetupError(ScenarioError):
    """``new_game`` arguments it cannot use: unequal sides (D2.9), a ship type
    twice on a side (R1.2), an unknown mode, placement (R2.8) or ship type, a
    seed that is not a whole number.

    A ``ScenarioError`` (so one ``except`` covers every set-up), whose
    message names the argument rather than a scenario field.
    """

    source = "new_game argument"


class ReplayError(RedCodeError):
    """A replay that cannot be re-simulated: bad file, other card data, illegal move."""


class UsageError(RedCodeError):
    """A bad command line or input of the ``redcode`` command (exit code 2)."""


class Failure(RedCodeError):
    """The ``redcode`` command ran and failed (exit code 1): say why in one line."""


class PrintError(RedCodeError):
    """A card that cannot be printed as it is: its text does not fit even at
    the smallest size allowed, or holds a character the font cannot print.
    The message names the card, the language and what to change."""


def close_names(name: object, known: Iterable[str], count: int = 3) -> list[str]:
    """The known names closest to a misspelt one, best first (maybe none)."""
    import difflib
    if not isinstance(name, str):
        return []
    return difflib.get_close_matches(name, list(known), n=count, cutoff=0.6)


def did_you_mean(names: Sequence[str]) -> str:
    """`` — did you mean 'a' or 'b'?`` for close names, "" for none."""
    if not names:
        return ""
    quoted = [f"'{n}'" for n in names]
    listed = quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]
    return f" — did you mean {listed}?"


def plural(noun: str) -> str:
    """The plural of a kind's English name (``status`` → ``statuses``)."""
    return noun + ("es" if noun.endswith(("s", "sh", "ch", "x")) else "s")


class UnknownName(RedCodeError, KeyError):
    """A name that names nothing here: a ship id, a card or status id, a maneuver.

    Also a ``KeyError``, as a missing key is in Python (python-chess does
    the same), so ``except KeyError`` keeps working. ``name`` is what was
    asked, ``kind`` what it should have named (``ship``, ``card``),
    ``known`` every name there is and ``suggestions`` the closest, best first.
    """

    def __init__(self, kind: str, name: object, known: Iterable[str], where: str = "",
                 hint: str = ""):
        self.kind = kind
        self.name = name
        self.known = list(known)
        self.suggestions = close_names(name, self.known)
        listing = ", ".join(self.known[:12]) + (" …" if len(self.known) > 12 else "")
        message = f"no {kind} {quote(name)}{where}"
        if hint:
            message += f" ({hint})"
        elif self.suggestions:
            message += did_you_mean(self.suggestions)
        elif self.known:
            message += f"; the {plural(kind)}{where} are {listing}"
        super().__init__(message)

    def __str__(self) -> str:  # the message as written, not quoted as KeyError quotes a key
        return str(self.args[0])


class BadArgument(RedCodeError):
    """An argument a function cannot use (a picture's size, a reach, a ship
    that is not on the board); the message names the argument."""


class NothingToUndo(RedCodeError, IndexError):
    """``undo()`` with no move to take back; also an ``IndexError``, as
    ``list.pop()`` on an empty list (python-chess's ``Board.pop``)."""


class ChanceNeeded(Exception):
    """Inside a game of explicit chance only (engine/chance.py): a random event with
    no outcome given stops the move being run, and the game asks the chance
    player. Never raised to a user, so not a ``RedCodeError``."""

    def __init__(self, outcomes: list) -> None:
        super().__init__("a chance outcome is needed")
        self.outcomes = outcomes


class WorkerStopped(RuntimeError):
    """A worker process of a vector of environments (ai/workers.py) that
    stopped answering: it died, or its pipe closed. Not bad input, so not a
    ``RedCodeError``."""


class Unreadable(Exception):
    """Inside the library only (engine/notation.py): a text that is no move of
    a game's notation. ``words`` is the key of the sentence that says why in
    the ``illegal`` section of the language catalogs, ``values`` what fills
    it in (words as written), ``read`` the move as far as it was read (its
    kind and card, its target), so a reason may say first what the rules
    refuse of that. A user meets it as a ``MalformedMove``, so not a
    ``RedCodeError``."""

    def __init__(self, words: str, read: object = None, **values: object) -> None:
        super().__init__(words)
        self.words = words
        self.read = read
        self.values = values


class SaveError(ScenarioError):
    """A saved game (``Game.from_json``, a pickle) that cannot be loaded:
    not JSON, another format, card data that changed. A ``ScenarioError``,
    so one ``except`` still covers every way of setting up a position;
    ``field`` names the part of the save."""

    source = "save field"
