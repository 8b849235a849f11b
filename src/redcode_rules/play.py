"""`redcode play`: a game of Red Code in the terminal, one person against bots.

The person's legal moves are shown grouped by maneuver and numbered; a move
is entered by its number, in full notation, or by an unambiguous start of it
(word by word: ``tor red`` is ``torpedo red-destroyer``). A move to a box
(movement, immersion, evasion) is one numbered line listing its
destinations; the path is asked only when the paths to the chosen box differ
in effect, that is in the running water boxes they enter (paths alike in
that count as one, the shortest). Every move kind is handled alike, so new
decisions (``place <box>``) need nothing here.

Card and ship names may also be typed as the screen shows them in the
person's language (``siluro red``, ``torpedo pesado``); a typo gets a
did-you-mean. A maneuver or order that would harm a ship of the person's own
side asks first (``--no-confirm`` turns that off), and enemy targets are
listed before one's own. ``card NAME`` and ``status NAME`` explain a card
or a status.

Bot moves are narrated as they are played; the board with its legend is
printed last, just above the prompt, within 80 columns off a terminal (and
the terminal's width on one). Every word comes from the ``play`` section of
``lang/<lang>.yaml``; the notation itself is the same in every language.
Colour is used only when stdout is a terminal (rich). On a terminal the
prompts have line editing, history and completion of move words and names
through the standard library's ``readline``: it is there wherever a terminal
game is (not on Windows, where the game still plays without it), and it
needs no dependency, which ``prompt_toolkit`` would have been.
"""

from __future__ import annotations

import enum
import re
import sys
import textwrap
import unicodedata
from pathlib import Path
from typing import Callable, Iterable, Sequence, TextIO

import attrs
from rich.console import Console
from rich.text import Text

from .bots import BOTS, Bot, GreedyBot, Reason
from .errors import IllegalMove, RedCodeError, UsageError, close_names, printable
from .explain import closest_moves
from .game import Game, new_game, normalise
from .i18n import ShipName, Words, catalog, display_name, pick, ship_display, status_name, \
    token_name
from .loader import build_ruleset
from .model import Ruleset
from .narrate import narrate, ship_letter
from .text import acts_on_own_ship, status_rule_parts, token_lasts
from .replay import read_replay, save_replay, start_of

Reader = Callable[[str], str]


def read_line(prompt: str) -> str:
    """A line of standard input (``input``, looked up when called)."""
    return input(prompt)


#: An escape sequence a key sends (an arrow: ESC [ A) or a terminal answers.
ESCAPE = re.compile(r"\x1b(?:\[[0-9;?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[@-Z\\-_])?")


def strip_controls(line: str) -> str:
    """A typed line without escape sequences or control characters (a tab is
    a space), so nothing raw is echoed back or quoted in an error."""
    line = ESCAPE.sub("", line).replace("\t", " ")
    return "".join(ch for ch in line if unicodedata.category(ch)[0] != "C")


def fold(text: str) -> str:
    """Text without its accents (``capitán`` → ``capitan``), as a name may be typed."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", text)
                   if not unicodedata.combining(ch))


#: The short game (``--short`` of play and demo): rule options on top of the edition.
SHORT_GAME_FILE = ("short_game.rc", "rules {\n    victory_points 2\n    turn_limit 60\n}\n")
SHORT_GAME = "war to 2 points, at most 60 turns (30 each in 1v1)"


def short_rules(edition: str, cards: Sequence[str] = ()) -> Ruleset:
    """An edition (and card files) with the short game's rule options; a save or
    replay of its games holds them, as it holds a card file given as text."""
    return build_ruleset(str(edition), tuple(str(c) for c in cards), (SHORT_GAME_FILE,))


#: Effects that harm the ship they are aimed at: aimed at one's own side, they ask first.
HARMFUL = frozenset({"Damage", "BreakdownDamage", "CrewLoss", "Sink", "Status", "Discard",
                     "Take", "PutOnDeck"})


class LineEditor:
    """Line editing, history and completion at the prompts, by the standard
    library's ``readline`` (GNU readline or libedit): arrows move and recall
    earlier lines, Tab completes a move word, a ship, a card or a command.

    Chosen over prompt_toolkit: the prompts are single lines with a word
    list to complete, which readline does fully; it is already there, so the
    game gains no dependency, and ``input()`` keeps working for piped input."""

    def __init__(self) -> None:
        import readline  # ImportError where there is none (Windows)
        self.words: list[str] = []
        self.matches: list[str] = []
        readline.set_completer(self.complete)
        readline.set_completer_delims(" \t\n")
        if "libedit" in (readline.__doc__ or ""):
            readline.parse_and_bind("bind ^I rl_complete")
        else:
            readline.parse_and_bind("tab: complete")

    def complete(self, text: str, state: int) -> str | None:
        """readline's completer: the ``state``-th word starting with ``text``."""
        if state == 0:
            low = text.lower()
            self.matches = sorted(w for w in set(self.words) if w.lower().startswith(low))
        return self.matches[state] if state < len(self.matches) else None


def line_editor() -> LineEditor | None:
    """A line editor when there is a ``readline`` module, else None."""
    try:
        return LineEditor()
    except ImportError:  # pragma: no cover - Windows
        return None


#: Order of the move groups on screen, by the first word of a move's kind.
KIND_ORDER = ("recover", "place", "discard", "respond", "use", "order", "pass", "end")


class Command(enum.Enum):
    """What a person can type besides a move."""

    HELP = "help"
    UNDO = "undo"
    HINT = "hint"
    WHY = "why"
    SAVE = "save"
    LOAD = "load"
    QUIT = "quit"
    CARD = "card"
    STATUS = "status"


# ---------------------------------------------------------------- set-up


@attrs.frozen
class PlaySetup:
    """What the command line chose: the game, the person's ship, the bots, the language."""

    rules: Ruleset
    mode: str
    teams: list[list[str]]
    seed: int
    lang: str
    seat: str | None = None     # ship id, ship type, side or 1-based seat; None = seat 1
    bots: str = "greedy"        # one bot name, or one per bot seat, comma separated
    confirm: bool = True        # ask before a move that harms one's own side


def pick_seat(game: Game, wanted: str | None) -> str:
    """The ship id the person plays: ``--seat`` as an id, a seat number, a type or a side."""
    ships = game.ships
    if wanted is None:
        return ships[0]
    if wanted in ships:
        return wanted
    if wanted.isdigit() and 1 <= int(wanted) <= len(ships):
        return ships[int(wanted) - 1]
    of_side = [s for s in ships if game.ship(s).side == wanted]
    of_type = [s for s in ships if game.ship(s).type == wanted]
    if of_side or len(of_type) == 1:
        return (of_side or of_type)[0]
    raise UsageError(f"--seat: {wanted!r} is not one ship of this game; the seats are "
                     + ", ".join(f"{i + 1} {s}" for i, s in enumerate(ships)))


def make_bots(game: Game, human: str, spec: str, seed: int) -> dict[str, Bot]:
    """A bot per other seat: ``--bots greedy`` for all, or ``random,greedy`` seat by seat."""
    others = [s for s in game.ships if s != human]
    names = [n.strip() for n in spec.split(",")]
    if len(names) == 1:
        names *= len(others)
    if len(names) != len(others):
        raise UsageError(f"--bots: give one bot for all other seats or one per other seat "
                         f"({len(others)}: {', '.join(others)}), not {len(names)}")
    unknown = [n for n in names if n not in BOTS]
    if unknown:
        raise UsageError(f"--bots: unknown bot {unknown[0]!r}; bots are {', '.join(sorted(BOTS))}")
    seats = {s: i for i, s in enumerate(game.ships)}
    return {ship: BOTS[name](seed * 100 + seats[ship]) for ship, name in zip(others, names)}


# ---------------------------------------------------------------- the menu


@attrs.frozen(eq=False)
class Entry:
    """One numbered line: a single move, or a move to a box with its destinations."""

    number: int
    head: str                                  # the notation before the boxes
    moves: tuple[str, ...]                     # every legal notation of this line
    paths: dict[str, tuple[str, ...]] | None   # destination → its listed paths (box moves)

    @property
    def is_path(self) -> bool:
        """Whether this line moves a ship to a box (asks a destination)."""
        return self.paths is not None


@attrs.frozen
class Group:
    """The lines of one maneuver or card (or one kind of decision), under a title."""

    title: str
    entries: tuple[Entry, ...]


@attrs.frozen
class Resolved:
    """What a typed line stands for: a move, a box move needing a destination, or an error."""

    move: str | None = None
    entry: Entry | None = None
    error: str | None = None


def group_key(game: Game, human: str, text: str) -> tuple:
    """Sort key and identity of a move's group: its kind, then its card."""
    words = text.split()
    head = words[0]
    if head in ("order", "respond"):
        kind, card = head, words[1] if len(words) > 1 else ""
    elif head in KIND_ORDER:
        kind, card = head, ""
    else:
        kind, card = "use", head
    maneuvers = game.ship(human).maneuvers
    rank = maneuvers.index(card) if card in maneuvers else len(maneuvers)
    order = KIND_ORDER.index(kind) if kind in KIND_ORDER else len(KIND_ORDER)
    return (order, rank, card, kind)


class Menu:
    """The person's legal moves, grouped by maneuver and numbered, and how to read a line."""

    @property
    def own(self) -> Words:
        """The card set's own names (``Ruleset.words``), before the catalog's."""
        return self.game.rules.words

    def __init__(self, game: Game, human: str, words: dict):
        self.game = game
        self.words = words
        self.legal = game.legal_moves()
        lines: dict[tuple, dict[str, list[str]]] = {}  # group → head → notations
        path_heads: set[str] = set()
        for text in self.legal:
            path = game.move_of(text).path
            words_ = text.split()
            head = " ".join(words_[:len(words_) - len(path)]) if path else text
            if path:
                path_heads.add(head)
            lines.setdefault(group_key(game, human, text), {}).setdefault(head, []).append(text)
        number = 0
        self.groups: list[Group] = []
        self.entries: list[Entry] = []
        self.entry_of: dict[str, Entry] = {}
        own = game.ship(human).side
        for key in sorted(lines):
            entries = []
            heads = sorted(lines[key].items(), key=lambda item: self.aims_at(item[1][0]) == own)
            for head, texts in heads:
                number += 1
                paths = None
                if head in path_heads:
                    paths = self.destinations(texts)
                entry = Entry(number, head, tuple(texts), paths)
                entries.append(entry)
                self.entries.append(entry)
                for t in texts:
                    self.entry_of[t] = entry
            self.groups.append(Group(self.title(key), tuple(entries)))

    def aims_at(self, move: str) -> str | None:
        """The side of the ship a move is aimed at (None: no ship)."""
        target = self.game.move_of(move).target
        return None if target is None else self.game.state.ships[target].side

    def destinations(self, texts: Iterable[str]) -> dict[str, tuple[str, ...]]:
        """Box moves by destination (in board order), one path per effect.

        Paths to a box that enter the same running water boxes do the same;
        the shortest stands for them (the notation's canonical path)."""
        board = self.game.board
        by_box: dict[str, dict[frozenset, str]] = {}
        for text in sorted(texts, key=lambda t: (len(t.split()), t)):
            words = text.split()
            effect = frozenset(w for w in words if (i := board.index(w)) is not None
                               and board.is_current(i))
            by_box.setdefault(words[-1], {}).setdefault(effect, text)
        order = {name: i for i, name in enumerate(board.names)}
        return {box: tuple(sorted(by_box[box].values()))
                for box in sorted(by_box, key=order.get)}

    def title(self, key: tuple) -> str:
        """A group's title in the person's language."""
        _, _, card, kind = key
        words, lang = self.words, self.game.lang
        if kind == "use":
            cost = self.game.rules.card(card).cost if card in self.game.rules.maneuvers else 0
            return pick(words["group_maneuver"], cost).format(
                card=display_name(card, lang, self.own), cost=cost)
        if kind == "respond":
            return words["group_response"].format(card=display_name(card, lang, self.own))
        if kind == "order":
            return words["group_order"].format(card=display_name(card, lang, self.own))
        return words.get(f"group_{kind}", words["group_other"])

    def resolve(self, typed: str, suggest: bool = True) -> Resolved:
        """What a typed line means: a number, a full move, a destination, or a
        prefix; with ``suggest``, a line that means nothing gets a did-you-mean."""
        text = normalise(typed)
        if text.isdigit():
            n = int(text)
            if not 1 <= n <= len(self.entries):
                return Resolved(error=self.words["no_number"].format(number=n,
                                                                      last=len(self.entries)))
            return self.of_entry(self.entries[n - 1])
        if self.game.is_legal(text):
            return Resolved(move=text)
        words = text.split()
        box = words[-1] if len(words) >= 2 and self.game.board.index(words[-1]) is not None \
            else None
        if box is not None:  # `imm d4`: a destination of a box move
            fits = [e for e in self.entries if e.is_path and box in e.paths
                    and prefix_of(words[:-1], e.head.split(), exact_length=True)]
            if len(fits) == 1:
                return self.of_destination(fits[0], box)
        matches = [m for m in self.legal if prefix_of(words, m.split())]
        entries = list({self.entry_of[m].number: self.entry_of[m] for m in matches}.values())
        if len(entries) == 1:
            entry = entries[0]
            if len(matches) == 1:
                return Resolved(move=matches[0])
            return Resolved(entry=attrs.evolve(entry, moves=tuple(matches),
                                               paths=self.destinations(matches)))
        if len(entries) > 1:
            shown = [e.head if e.is_path else e.moves[0] for e in entries]
            more = " …" if len(shown) > 8 else ""
            return Resolved(error=self.words["ambiguous"].format(
                text=text, moves=", ".join(shown[:8]) + more))
        if not suggest:
            return Resolved(error=self.words["no_match"].format(text=text))
        return Resolved(error=self.no_match(words))

    def no_match(self, words: list[str]) -> str:
        """Why nothing legal fits: the rule, when the first word names a card or a
        kind of move (``tor`` for torpedo); for a misspelt one, the move it
        would be (``torpdo red`` → did you mean `torpedo red-destroyer`?); else
        the closest legal moves, or how to enter a move."""
        rules = self.game.rules
        known = [*rules.maneuvers, *rules.orders, *(k for k in KIND_ORDER if k != "use")]
        fits = [k for k in known if k.startswith(words[0])]
        if words[0] in known or len(fits) == 1:
            return self.without_count(self.game.explain(" ".join(self.whole_ships(
                [words[0] if words[0] in known else fits[0], *words[1:]]))) or "")
        text = " ".join(words)
        close = close_names(words[0], known, 1)
        if close:
            fixed = " ".join(self.whole_ships([close[0], *words[1:]]))
            again = self.resolve(fixed, suggest=False)
            meant = again.move or (again.entry.head if again.entry else None)
            if meant:
                return self.words["did_you_mean"].format(text=text, moves=f"'{meant}'")
            return self.words["did_you_mean_not_now"].format(
                text=text, move=fixed, reason=self.without_count(self.game.explain(fixed) or ""))
        near = closest_moves(text, self.legal)
        if near:
            return self.words["did_you_mean"].format(
                text=text, moves=self.words["or"].join(f"'{m}'" for m in near))
        return self.words["no_match"].format(text=text)

    def whole_ships(self, words: list[str]) -> list[str]:
        """The words with a unique start of a ship id made whole (``red`` → red-destroyer)."""
        out = [words[0]]
        for word in words[1:]:
            ships = [s for s in self.game.ships if s.startswith(word)]
            out.append(ships[0] if len(ships) == 1 else word)
        return out

    def without_count(self, reason: str) -> str:
        """A reason without the count of legal moves the API adds: the screen
        numbers its own lines, a different count."""
        return re.sub(rf"\s*\([^()]*\b{len(self.legal)}\b[^()]*\)$", "", reason)

    def of_entry(self, entry: Entry) -> Resolved:
        """A numbered line: its move, or its destinations to ask."""
        if entry.is_path:
            return Resolved(entry=entry)
        return Resolved(move=entry.moves[0])

    def of_destination(self, entry: Entry, box: str) -> Resolved:
        """A destination of a box move: its one path, or the line narrowed to its paths."""
        paths = entry.paths[box]
        if len(paths) == 1:
            return Resolved(move=paths[0])
        return Resolved(entry=attrs.evolve(entry, moves=paths, paths={box: paths}))


def prefix_of(typed: Sequence[str], words: Sequence[str], exact_length: bool = False) -> bool:
    """Whether each typed word starts the move's word at the same place."""
    if len(typed) > len(words) or not typed or (exact_length and len(typed) != len(words)):
        return False
    return all(w.startswith(t) for t, w in zip(typed, words))


# ---------------------------------------------------------------- the screen


class Screen:
    """Where the session writes: colour on a terminal (rich), plain text when piped."""

    STYLES = {"blue": "bold blue", "red": "bold red", "#": "green", "~": "cyan",
              ".": "dim", "number": "bold yellow", "title": "bold", "error": "red",
              "note": "dim", "hint": "green", "turn": "bold", "sunk": "bold red"}

    def __init__(self, file: TextIO | None = None):
        file = file if file is not None else sys.stdout
        try:
            tty = file.isatty()
        except (AttributeError, ValueError):
            tty = False
        self.tty = tty
        self.console = Console(file=file, force_terminal=tty, no_color=not tty,
                               color_system="auto" if tty else None, highlight=False,
                               markup=False, emoji=False, soft_wrap=True)
        self.width = self.console.width if tty else 80

    def wrap(self, line: str, indent: int = 4) -> list[str]:
        """A line cut between words to the screen's width, the rest indented
        (under the second column of a line in columns, as the help's)."""
        if len(line) <= self.width:
            return [line]
        columns = re.match(r"( *\S.*?\s{2,})\S", line)
        lead = len(line) - len(line.lstrip(" "))
        under = len(columns.group(1)) if columns and len(columns.group(1)) < self.width // 2 \
            else lead + indent
        return textwrap.wrap(line, self.width, subsequent_indent=" " * under,
                             break_on_hyphens=False, break_long_words=False) or [line]

    def say(self, text: str | Text = "", style: str | None = None, end: str = "\n") -> None:
        """One line (or more) of text, in a style when on a terminal; plain text
        is cut between words to the screen's width; what a terminal would act
        on is escaped (``printable``: names come from card files)."""
        plain = text.plain if isinstance(text, Text) else text
        if printable(plain) != plain:  # a styled line loses its styles, not its text
            text = printable(plain)
        if isinstance(text, str) and end == "\n":
            text = "\n".join(part for line in text.split("\n") for part in self.wrap(line))
        self.console.print(text, style=self.STYLES.get(style, style) if style else None, end=end)


# ---------------------------------------------------------------- the session


class Session:
    """One person playing one ship against bots until the game ends or they quit."""

    @property
    def own(self) -> Words:
        """The card set's own names (``Ruleset.words``), before the catalog's."""
        return self.game.rules.words

    def __init__(self, game: Game, human: str, bots: dict[str, Bot], lang: str,
                 screen: Screen, read: Reader = read_line, echo: bool = False,
                 confirm: bool = True, editor: LineEditor | None = None):
        self.game = game
        self.human = human
        self.bots = bots
        self.lang = lang
        self.game.lang = lang
        self.screen = screen
        self.read = read
        self.echo = echo                 # repeat what was read (input piped in)
        self.cat = catalog(lang)
        self.words = self.cat["play"]
        self.shown = 0                   # log events already narrated
        self.marks: list[int] = []       # len(game.moves) at each of the person's decisions
        self.commands = self.command_names()
        self.confirm = confirm           # ask before a move that harms one's own side
        self.editor = editor             # on a terminal: the prompt goes to readline
        self.names = self.typed_names()

    # ------------------------------------------------------------ running
    def run(self) -> int:
        """Play until the game is over or the person quits; the exit code (0)."""
        self.intro()
        while True:
            self.narrate_new()
            if self.game.is_over:
                self.finish()
                return 0
            if self.game.to_move != self.human:
                self.game.play(self.bots[self.game.to_move].choose(self.game))
                continue
            legal = self.game.legal_moves()
            if len(legal) == 1:  # no choice to make (not a decision undo returns to)
                self.screen.say(self.words["only_move"].format(move=legal[0]), "note")
                self.game.play(legal[0])
                self.screen.console.file.flush()  # said before the next prompt, nothing read
                continue
            if not self.decide():
                self.screen.say(self.words["bye"], "note")
                return 0

    def intro(self) -> None:
        """The title line, the bots and how to enter a move."""
        g, w = self.game, self.words
        setup = g.setup or {}
        self.screen.say(w["title"].format(edition=g.rules.name,
                                          mode=self.cat["modes"].get(g.state.mode, g.state.mode),
                                          seed=setup.get("seed", "?"),
                                          ship=ship_display(self.human, self.lang,
                                                            self.own)), "title")
        bots = ", ".join(f"{ship_display(s, self.lang, self.own)} ({type_name(b)})"
                         for s, b in self.bots.items())
        for part in self.screen.wrap(w["opponents"].format(bots=bots), 0):
            self.screen.say(part)
        for part in self.screen.wrap(w["intro"], 0):
            self.screen.say(part, "note")

    def narrate_new(self) -> None:
        """Narrate the log events not yet shown (bot moves as they are played)."""
        log = self.game.log
        since, self.shown = self.shown, len(log)
        for line in narrate(log, self.lang, self.own, since=since,
                            scores=self.game.starting_score()):
            style = "sunk" if "***" in line else "turn" if not line.startswith(" ") else None
            for part in self.screen.wrap(line):
                self.screen.say(part, style)

    def finish(self) -> None:
        """The final board, score and winner."""
        g, w = self.game, self.words
        self.screen.say()
        self.show_board()
        self.screen.say(w["game_over"], "title")
        if g.state.mode == "war":
            self.screen.say(w["score"].format(**g.score))
        self.screen.say(w["winner"].format(winner=self.cat["sides"].get(g.winner, g.winner)))
        side = g.ship(self.human).side
        if g.winner in ("blue", "red"):
            self.screen.say(w["you_won"] if g.winner == side else w["you_lost"], "title")

    # ------------------------------------------------------------ one decision
    def decide(self) -> bool:
        """Show the decision and read lines until a move is played or the game
        changes (undo, load); False when the person quits."""
        menu = Menu(self.game, self.human, self.words)
        if self.editor is not None:  # Tab completes these
            self.editor.words = [word for move in menu.legal for word in move.split()] + [
                word for name in self.names for word in name.split()] + list(self.commands)
        self.show_decision(menu)
        while True:
            line = self.ask(self.words["prompt"])
            if line is None:
                return False
            if not line.strip():
                continue
            command = self.command_of(line)
            if command is not None:
                outcome = self.run_command(command, line.split()[1:])
                if outcome is None:
                    return False
                if outcome:
                    return True
                continue
            typed = self.translate(line)
            resolved = menu.resolve(typed)
            if resolved.entry is not None:
                choice = self.ask_box(resolved.entry)
                if choice is None:
                    return False
                resolved = Resolved(move=choice) if choice else Resolved()
            if resolved.error:
                for part in self.screen.wrap(resolved.error):
                    self.screen.say(part, "error")
            if resolved.move:
                whole = typed.isdigit() or normalise(typed) == resolved.move
                sure = self.sure(resolved.move, asked=whole)
                if sure is None:
                    return False
                if sure:
                    return self.play(resolved.move)

    def sure(self, move: str, asked: bool) -> bool | None:
        """Whether to play a move: yes, unless it harms a ship of the person's own
        side and they do not confirm it. ``asked``: the move was chosen by its
        number or in full (then ``--no-confirm`` plays it at once; a start of
        a move that turned out to aim at one's own side always asks). None
        at end of input or on ``quit``."""
        target = self.friendly_target(move)
        if target is None or (asked and not self.confirm):
            return True
        w = self.words
        answer = self.ask_within(w["confirm_friendly"].format(
            move=move, ship=ship_display(target, self.lang, self.own)))
        if answer is None:
            return None
        if answer in str(w["yes_words"]).split():
            return True
        self.screen.say(w["not_played"].format(move=move), "note")
        return False

    def friendly_target(self, move: str) -> str | None:
        """The ship of the person's own side a move would harm (None if none):
        its card damages, disables or takes from the ship it is aimed at."""
        parsed = self.game.move_of(move)
        if parsed.target is None or parsed.card is None:
            return None
        ship = self.game.state.ships[parsed.target]
        if ship.side != self.game.ship(self.human).side:
            return None
        card = self.game.rules.card(parsed.card)
        if any(type(e).__name__ in HARMFUL and e.selector.value == "target"
               for e in card.effects):
            return ship.id
        return None

    # ------------------------------------------------------------ names as shown
    def typed_names(self) -> dict[str, str]:
        """Every name the screen shows, folded to lower case, and what it stands
        for in the notation: cards (``torpedo pesado`` → heavy_torpedo) and
        ships (``sottomarino blu`` → blue-submarine) in the person's language."""
        rules, names = self.game.rules, {}
        for ident in (*rules.maneuvers, *rules.orders):
            names[display_name(ident, self.lang, self.own).lower()] = ident
            names[ident.replace("_", " ")] = ident
        for ship in self.game.ships:
            names[ship_display(ship, self.lang, self.own).lower()] = ship
        return {fold(name): ident for name, ident in names.items() if name != ident}

    def translate(self, line: str) -> str:
        """A typed line with the names as shown replaced by their ids, longest
        first (accents optional: ``capitan`` is ``capitán``)."""
        text = " " + fold(normalise(line.lower())) + " "
        for name in sorted(self.names, key=len, reverse=True):
            if f" {name} " in text:
                text = text.replace(f" {name} ", f" {self.names[name]} ")
        words = text.split()
        if words and words[0] in self.game.rules.orders:  # `capitán rojo`: the order card
            for head in ("order", "respond"):
                if any(m.startswith(f"{head} {words[0]}") for m in self.game.legal_moves()):
                    return f"{head} {' '.join(words)}"
        return " ".join(words)

    def play(self, move: str) -> bool:
        """Play the person's move, marking the decision for undo."""
        mark = len(self.game.moves)
        try:
            self.game.play(move)
        except IllegalMove as err:  # pragma: no cover - the menu lists only legal moves
            self.screen.say(str(err), "error")
            return True
        self.marks.append(mark)
        return True

    def ask(self, prompt: str) -> str | None:
        """A line from the person (None at end of input), without control
        characters. With a line editor the prompt is given to it, which
        redraws it as it edits."""
        *before, prompt = self.screen.wrap(prompt.rstrip()) or [""]
        for part in before:  # a long question: all but its last line said first
            self.screen.say(part, "number")
        prompt += " "
        try:
            if self.editor is not None:
                self.screen.console.file.flush()
                line = self.read(prompt)
            else:
                self.screen.say(prompt, "number", end="")
                line = self.read("")
        except EOFError:
            self.screen.say()
            return None
        line = strip_controls(line)
        if self.echo:
            self.screen.say(line)
        return line

    def ask_within(self, prompt: str) -> str | None:
        """An answer at a prompt inside a move (destination, path): the text
        folded to lower case, "" to go back, None at end of input or on ``quit``."""
        line = self.ask(prompt)
        if line is None or self.command_of(line) is Command.QUIT:
            return None
        return normalise(line).lower()

    def ask_box(self, entry: Entry) -> str | None:
        """The move of a box line: ask its destination, then the path if they differ.

        "" to go back to the menu, None at end of input or on ``quit``."""
        w = self.words
        paths = entry.paths
        if len(paths) == 1:
            box = next(iter(paths))
        else:
            while True:
                box = self.ask_within(w["ask_destination"].format(head=entry.head,
                                                                  boxes=" ".join(paths)))
                if not box:
                    return box
                if box.isdigit() and 1 <= int(box) <= len(paths):
                    box = list(paths)[int(box) - 1]
                if box in paths:
                    break
                self.screen.say(w["not_destination"].format(box=box, head=entry.head,
                                                            boxes=" ".join(paths)), "error")
        options = paths[box]
        if len(options) == 1:
            return options[0]
        self.screen.say(w["paths_to"].format(box=box))
        for i, move in enumerate(options, 1):
            self.screen.say(f"  {i:>2}  {move}   ({self.path_effect(entry, move)})")
        while True:
            text = self.ask_within(w["ask_path"])
            if not text:
                return text
            if text.isdigit() and 1 <= int(text) <= len(options):
                return options[int(text) - 1]
            for move in options:
                if text in (move, move[len(entry.head) + 1:]):
                    return move
            self.screen.say(w["no_number"].format(number=text, last=len(options)), "error")

    def path_effect(self, entry: Entry, move: str) -> str:
        """What a path does besides arriving: the running water boxes it enters."""
        board = self.game.board
        boxes = move[len(entry.head):].split()
        current = [b for b in boxes if board.is_current(board.index(b))]
        if current:
            return self.words["path_current"].format(boxes=" ".join(current))
        return self.words["path_plain"]

    # ------------------------------------------------------------ showing
    def show_decision(self, menu: Menu) -> None:
        """Who decides what, the hand, the numbered moves, then the board last."""
        g, w, s = self.game, self.words, self.screen
        s.say()
        decision = g.decision or "main"
        s.say(w["your_decision"].format(turn=g.turn_number, ship=ship_display(self.human,
                                                                             self.lang, self.own),
                                        decision=w["decisions"].get(decision, decision)), "turn")
        if decision == "respond" and g.stack:
            top = g.stack[-1]
            on = ""
            if "target" in top:
                on = self.cat["events"]["on_target"].format(
                    target=ship_display(top["target"], self.lang, self.own))
            line = w["answering"].format(player=ship_display(top["player"], self.lang, self.own),
                                         card=display_name(top["card"], self.lang, self.own), on=on)
            s.say(line[:1].upper() + line[1:])
        hand = g.hand(self.human)
        s.say(w["hand"].format(cards=", ".join(f"{display_name(c, self.lang, self.own)} ({c})"
                                               for c in hand)) if hand else w["empty_hand"])
        crew = {m: n for m, n in g.ship(self.human).crew.items() if n}
        if crew:
            s.say(w["crew_on"].format(crew=", ".join(f"{display_name(m, self.lang, self.own)} {n}"
                                                     for m, n in crew.items())))
        if g.state.mode == "war":
            s.say(w["score"].format(**g.score))
        self.show_menu(menu)
        self.show_board()

    def show_menu(self, menu: Menu) -> None:
        """The moves, a line per group; box moves as their destinations."""
        width = max(len(group.title) for group in menu.groups) + 2
        several = False
        for group in menu.groups:
            items = []
            for entry in group.entries:
                if entry.is_path:
                    boxes = []
                    for box, paths in entry.paths.items():
                        boxes.append(box + ("*" if len(paths) > 1 else ""))
                        several |= len(paths) > 1
                    text = self.words["destinations"].format(head=entry.head,
                                                             boxes=" ".join(boxes))
                else:
                    text = entry.moves[0]
                items.append(f"{entry.number:>2} {text}")
            self.show_group(group.title.ljust(width), items)
        if several:
            self.screen.say(" " * (width + 2) + self.words["several_paths"], "note")

    def show_group(self, title: str, items: list[str]) -> None:
        """One group: its title, then its numbered items, wrapped under each other."""
        indent = 2 + len(title)
        width = max(40, self.screen.width - indent)
        lines: list[str] = []
        for item in items:  # an item stays whole on a line unless it alone is too long
            if len(item) > width:
                lines += textwrap.wrap(item, width, break_on_hyphens=False,
                                       break_long_words=False)
            elif lines and len(lines[-1]) + 3 + len(item) <= width:
                lines[-1] += "   " + item
            else:
                lines.append(item)
        for i, line in enumerate(lines):
            text = Text("  " + (title if i == 0 else " " * len(title)))
            text.stylize(self.screen.STYLES["title"])
            text.append(self.numbers_styled(line))
            self.screen.say(text)

    def numbers_styled(self, line: str) -> Text:
        """An item line with its move numbers highlighted."""
        out = Text()
        for word in line.split(" "):
            if out:
                out.append(" ")
            out.append(word, self.screen.STYLES["number"] if word.isdigit() else None)
        return out

    def show_board(self) -> None:
        """The board, a line per ship beside it (letter, place, tracks), the terrain legend."""
        g = self.game
        board = g.board
        letters = {}
        for ship in g.state.ships:
            if ship.position is not None:
                letters[ship.position] = (ship_letter(g.rules.ships[ship.type], ship.side),
                                          ship.side)
        marks = {t.box: g.rules.tokens[t.kind].mark for t in g.state.tokens}
        lines: list[Text] = [Text("   " + " ".join("abcdefghijklmnopqrstuvwxyz"[:board.width]))]
        for r in range(board.height):
            line = Text(f"{r + 1:>2} ")
            for c in range(board.width):
                i = r * board.width + c
                if c:
                    line.append(" ")
                if i in letters:
                    line.append(letters[i][0], self.screen.STYLES[letters[i][1]])
                elif i in marks:
                    line.append(marks[i], "bold magenta")
                else:
                    ch = board.cells[i]
                    line.append(ch, self.screen.STYLES.get(ch))
            lines.append(line)
        legend = [self.ship_legend(ship_id) for ship_id in g.ships]
        legend += self.token_legend()
        legend.append(Text(self.words["legend_terrain"], self.screen.STYLES["note"]))
        pad = 3 + 2 * board.width
        if pad + 2 + max(len(item) for item in legend) > self.screen.width:
            for line in lines:  # too wide beside the board: the legend under it
                self.screen.say(line)
            for item in legend:  # cut between words, the rest indented
                for i, part in enumerate(item.wrap(self.screen.console, self.screen.width
                                                   - (0 if len(item) <= self.screen.width
                                                      else 4))):
                    part.rstrip()
                    self.screen.say(Text("    " if i else "") + part)
            return
        while len(lines) < len(legend) + 1:
            lines.append(Text(" " * (pad - 1)))
        for i, line in enumerate(lines):
            if 1 <= i <= len(legend):
                line.append("  ")
                line.append(legend[i - 1])
            self.screen.say(line)

    def token_legend(self) -> list[Text]:
        """A line per token on the board: its mark, kind, box, owner and how long it lasts."""
        g, w = self.game, self.words
        out = []
        for token in g.state.tokens:
            kind = g.rules.tokens[token.kind]
            lasts = token_lasts(kind, self.lang)
            text = Text(kind.mark, "bold magenta")
            text.append(" " + w["legend_token"].format(
                token=token_name(token.kind, self.lang, self.own), box=g.board.name(token.box),
                owner=ship_display(g.ships[token.owner], self.lang, self.own),
                lasts=f" ({lasts})" if lasts else ""))
            out.append(text)
        return out

    def ship_legend(self, ship_id: str) -> Text:
        """A ship's line of the legend: its letter, where it is, its tracks and hand size."""
        g, w = self.game, self.words
        ship = g.ship(ship_id)
        spec = g.rules.ships[ship.type]
        where = w["sunk"] if ship.sunk else ship.position or w["off_board"]
        text = Text(ship_letter(spec, ship.side), self.screen.STYLES[ship.side])
        text.append(" " + w["legend_ship"].format(
            letter="", ship=ship_display(ship_id, self.lang, self.own),
            you=w["you"] if ship_id == self.human else "", where=where,
            repairs=f"{ship.repairs}/{spec.repairs}",
            breakdowns=f"{ship.breakdowns}/{spec.breakdowns}", reserve=ship.reserve,
            hand=len(g.hand(ship_id))).lstrip())
        for status in ship.statuses:  # while they last, and until when
            until = status_rule_parts(g.rules.statuses[status], self.lang)["until"]
            text.append(" · ")
            text.append(w["legend_status"].format(
                status=status_name(status, self.lang, True, self.own), until=until), "bold")
        return text

    # ------------------------------------------------------------ commands
    def command_names(self) -> dict[str, Command]:
        """Each command's English name and its names in the person's language."""
        names = {c.value: c for c in Command}
        for key, spelled in self.words["commands"].items():
            for word in str(spelled).split():
                names[word.lower()] = Command(key)
        return names

    def command_of(self, line: str) -> Command | None:
        """The command a line starts with, unless the whole line is a legal move."""
        words = line.lower().split()
        if not words or self.game.is_legal(normalise(line.lower())):
            return None
        return self.commands.get(words[0])

    def run_command(self, command: Command, args: list[str]) -> bool | None:
        """Run a command: True if the game changed (show it again), False if not,
        None to quit."""
        w, s = self.words, self.screen
        if command is Command.QUIT:
            return None
        if command is Command.HELP:
            s.say(w["help"])
            return False
        if command is Command.HINT:
            self.hint()
            return False
        if command is Command.WHY:
            if not args:
                s.say(w["why_usage"], "error")
                return False
            move = self.translate(" ".join(args))
            reason = self.game.explain(move)
            s.say(w["why_legal"].format(move=move) if reason is None else reason,
                  None if reason is None else "error")
            return False
        if command is Command.UNDO:
            return self.undo()
        if command is Command.CARD:
            self.show_card(" ".join(args))
            return False
        if command is Command.STATUS:
            self.show_status(" ".join(args))
            return False
        if not args:
            s.say(w["file_usage"].format(command=command.value), "error")
            return False
        path = " ".join(args)
        return self.save(path) if command is Command.SAVE else self.load(path)

    def look_up(self, typed: str, idents: Iterable[str], namer: Callable[[str], str]
                ) -> tuple[str | None, list[str]]:
        """The id a typed name means (an id, a name as shown, or a unique start
        of one), else None and the closest names as shown."""
        names: dict[str, str] = {}
        for ident in idents:
            names[ident] = ident
            names[ident.replace("_", " ")] = ident
            names[fold(namer(ident).lower())] = ident
        key = fold(normalise(typed.lower()))
        if key in names:
            return names[key], []
        starts = {ident for name, ident in names.items()  # a word of it: `intercettazione`
                  if re.search(rf"(^|[\s'’]){re.escape(key)}", name)}
        if len(starts) == 1:
            return starts.pop(), []
        close = close_names(key, names, 3)
        return None, list(dict.fromkeys(namer(names[name]) for name in close))

    def show_card(self, typed: str) -> None:
        """A card's name, kind, cost, range, rules text and the statuses it gives."""
        w, rules = self.words, self.game.rules
        if not typed.strip():
            self.screen.say(w["card_usage"], "error")
            return
        name = lambda ident: display_name(ident, self.lang, self.own)  # noqa: E731
        ident, close = self.look_up(typed, (*rules.maneuvers, *rules.orders), name)
        if ident is None:
            self.say_unknown(w["unknown_card"], typed, close)
            return
        card = rules.card(ident)
        facts = [w["card_maneuver"] if card.kind == "maneuver" else w["card_order"]]
        if card.kind == "maneuver":  # an order card's text says whom it may aim at
            facts.append(pick(w["card_cost"], card.cost).format(cost=card.cost))
            facts.append(w["card_range"].format(range=card.range) if card.range is not None
                         else w["card_self" if acts_on_own_ship(card) else "card_no_target"])
        self.screen.say(w["card_head"].format(name=name(ident), id=ident,
                                              facts=" · ".join(facts)), "title")
        for part in self.screen.wrap("  " + rules.text(ident, self.lang)):
            self.screen.say(part)
        for status in dict.fromkeys(e.status for e in card.effects if hasattr(e, "status")
                                    and e.status in rules.statuses):
            for part in self.screen.wrap("  " + w["card_gives"].format(
                    status=rules.status_text(status, self.lang))):
                self.screen.say(part)

    def show_status(self, typed: str) -> None:
        """What a status forbids and how long it lasts, and which ships have it now."""
        w, rules = self.words, self.game.rules
        if not typed.strip():
            self.screen.say(w["status_usage"], "error")
            return
        namer = lambda ident: status_name(ident, self.lang, words=self.own)  # noqa: E731
        ident, close = self.look_up(typed, rules.statuses, namer)
        if ident is None:
            self.say_unknown(w["unknown_status"], typed, close)
            return
        for part in self.screen.wrap(rules.status_text(ident, self.lang)):
            self.screen.say(part)
        having = [ship_display(s, self.lang, self.own) for s in self.game.ships
                  if ident in self.game.ship(s).statuses]
        if having:
            self.screen.say("  " + w["status_on"].format(ships=", ".join(having)))

    def say_unknown(self, template: str, typed: str, close: list[str]) -> None:
        """No such card or status: what was typed, and the closest names."""
        message = template.format(name=normalise(typed))
        if close:
            message += " " + self.words["did_you_mean_names"].format(
                names=self.words["or"].join(f"'{c}'" for c in close))
        self.screen.say(message, "error")

    def hint(self) -> None:
        """What the greedy bot would play for the person, with its reasons."""
        seat = self.game.ships.index(self.human)
        choice = GreedyBot(seat).why(self.game)
        w = self.words
        self.screen.say(w["hint"].format(move=choice.move), "hint")
        reasons = [r for r in choice.reasons if r.value] or list(choice.reasons)
        reasons.sort(key=lambda r: -abs(r.value))
        said = "; ".join(dict.fromkeys(self.reason_text(r) for r in reasons[:4]))
        self.screen.say(w["hint_reasons"].format(reasons=said), "hint")

    def reason_text(self, reason: Reason) -> str:
        """A reason of the greedy bot in the person's language."""
        templates = self.words["reasons"]
        template = pick(templates.get(reason.key, templates["other"]), reason.amount)
        return template.format(key=reason.key, amount=reason.amount,
                               ship=ShipName(reason.ship, self.lang, self.own)
                               if reason.ship else "",
                               card=display_name(reason.card, self.lang, self.own)
                               if reason.card else "")

    def undo(self) -> bool:
        """Back to the person's previous decision, taking back the bots' moves since."""
        if not self.marks:
            self.screen.say(self.words["undo_none"], "error")
            return False
        mark = self.marks.pop()
        move = self.game.moves[mark]
        while len(self.game.moves) > mark:
            self.game.undo()
        self.shown = min(self.shown, len(self.game.log))
        self.screen.say(self.words["undone"].format(move=move), "note")
        return True

    def save(self, path: str) -> bool:
        """Save the game as a replay file."""
        try:
            save_replay(self.game, path)
        except (OSError, RedCodeError) as err:
            reason = getattr(err, "strerror", None) or str(err)
            self.screen.say(self.words["cannot_save"].format(file=path, reason=reason), "error")
            return False
        self.screen.say(self.words["saved"].format(file=path, count=len(self.game.moves)),
                        "note")
        return False

    def load(self, path: str) -> bool:
        """Continue a replay file: its game, the person on the same seat, new bots."""
        try:
            data = read_replay(Path(path))
            game = start_of(data, Game)
            marks = []
            for move in data["moves"]:
                if game.to_move == self.human:
                    marks.append(len(game.moves))
                game.play(move)
        except RedCodeError as err:
            self.screen.say(str(err), "error")
            return False
        if self.human not in game.ships:
            self.screen.say(f"--seat: {self.human} is not a ship of {path}", "error")
            return False
        game.lang = self.lang
        seed = int((game.setup or {}).get("seed", 0))
        spec = ",".join(type_name(self.bots.get(s)) for s in game.ships if s != self.human)
        self.bots = make_bots(game, self.human, spec, seed)
        self.game, self.marks, self.shown = game, marks, len(game.log)
        self.screen.say(self.words["loaded"].format(file=path, count=len(game.moves)), "note")
        return True


def type_name(bot: Bot | None) -> str:
    """The ``--bots`` name of a bot (greedy when unknown)."""
    for name, kind in BOTS.items():
        if type(bot) is kind:
            return name
    return "greedy"


def play(setup: PlaySetup, read: Reader = read_line, out: TextIO | None = None,
         echo: bool | None = None) -> int:
    """Run ``redcode play``: build the game, the person's seat and the bots, and play.

    ``echo`` repeats each line read after its prompt (default: when stdin
    is not a terminal, so a piped transcript reads like a session).
    """
    game = new_game(setup.rules, mode=setup.mode, teams=setup.teams, seed=setup.seed)
    human = pick_seat(game, setup.seat)
    bots = make_bots(game, human, setup.bots, setup.seed)
    if echo is None:
        try:
            echo = not sys.stdin.isatty()
        except (AttributeError, ValueError):
            echo = True
    editor = None
    if read is read_line and not echo and out is None and stream_is_tty(sys.stdout):
        editor = line_editor()  # a person at a terminal: line editing and history
    session = Session(game, human, bots, setup.lang, Screen(out), read, echo,
                      confirm=setup.confirm, editor=editor)
    return session.run()


def stream_is_tty(stream: object) -> bool:
    """Whether a stream is a terminal (False for anything that cannot say)."""
    try:
        return bool(stream.isatty())  # type: ignore[attr-defined]
    except (AttributeError, ValueError):
        return False

