"""`redcode play`: a game of Red Code in the terminal, one person against bots.

The person's legal moves are shown grouped by maneuver and numbered; a move
is entered by its number, in full notation, or by an unambiguous start of it
(word by word: ``tor red`` is ``torpedo red-destroyer``). A move to a box
(movement, immersion, evasion) is one numbered line listing its
destinations; the path is asked only when the paths to the chosen box differ
in effect, that is in the running water boxes they enter (paths alike in
that count as one, the shortest). Every move kind is handled alike, so new
decisions (``place <box>``) need nothing here.

Bot moves are narrated as they are played; the board with its legend is
printed last, just above the prompt. Every word comes from the ``play``
section of ``lang/<lang>.yaml``; the notation itself is the same in every
language. Colour is used only when stdout is a terminal (rich).
"""

from __future__ import annotations

import enum
import sys
import textwrap
from pathlib import Path
from typing import Callable, Iterable, Sequence, TextIO

import attrs
from rich.console import Console
from rich.text import Text

from .bots import BOTS, Bot, GreedyBot, Reason
from .errors import IllegalMove, RedCodeError, UsageError, printable
from .game import Game, new_game, normalise
from .i18n import ShipName, Words, catalog, display_name, pick, ship_display
from .model import Ruleset
from .narrate import narrate, ship_letter
from .replay import read_replay, save_replay, start_of

Reader = Callable[[str], str]


def read_line(prompt: str) -> str:
    """A line of standard input (``input``, looked up when called)."""
    return input(prompt)


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
        for key in sorted(lines):
            entries = []
            for head, texts in lines[key].items():
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

    def resolve(self, typed: str) -> Resolved:
        """What a typed line means: a number, a full move, a destination, or a prefix."""
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
        return Resolved(error=self.no_match(words))

    def no_match(self, words: list[str]) -> str:
        """Why nothing legal fits: the rule, when the first word names a card or a
        kind of move (``tor`` for torpedo), else how to enter a move."""
        rules = self.game.rules
        known = [*rules.maneuvers, *rules.orders, *(k for k in KIND_ORDER if k != "use")]
        fits = [k for k in known if k.startswith(words[0])]
        if words[0] in known or len(fits) == 1:
            return self.game.explain(" ".join([words[0] if words[0] in known else fits[0],
                                                *words[1:]])) or ""
        return self.words["no_match"].format(text=" ".join(words))

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
        self.width = self.console.width if tty else 100

    def say(self, text: str | Text = "", style: str | None = None, end: str = "\n") -> None:
        """One line (or more) of text, in a style when on a terminal; what a
        terminal would act on is escaped (``printable``: names come from card files)."""
        plain = text.plain if isinstance(text, Text) else text
        if printable(plain) != plain:  # a styled line loses its styles, not its text
            text = printable(plain)
        self.console.print(text, style=self.STYLES.get(style, style) if style else None, end=end)


# ---------------------------------------------------------------- the session


class Session:
    """One person playing one ship against bots until the game ends or they quit."""

    @property
    def own(self) -> Words:
        """The card set's own names (``Ruleset.words``), before the catalog's."""
        return self.game.rules.words

    def __init__(self, game: Game, human: str, bots: dict[str, Bot], lang: str,
                 screen: Screen, read: Reader = read_line, echo: bool = False):
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
        self.screen.say(w["opponents"].format(bots=bots))
        self.screen.say(w["intro"], "note")

    def narrate_new(self) -> None:
        """Narrate the log events not yet shown (bot moves as they are played)."""
        events = self.game.log[self.shown:]
        self.shown = len(self.game.log)
        for line in narrate(events, self.lang, self.own):
            style = "sunk" if "***" in line else "turn" if not line.startswith(" ") else None
            self.screen.say(line, style)

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
            resolved = menu.resolve(line.lower())
            if resolved.entry is not None:
                choice = self.ask_box(resolved.entry)
                if choice is None:
                    return False
                resolved = Resolved(move=choice) if choice else Resolved()
            if resolved.error:
                self.screen.say(resolved.error, "error")
            if resolved.move:
                return self.play(resolved.move)

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
        """A line from the person (None at end of input)."""
        self.screen.say(prompt, "number", end="")
        try:
            line = self.read("")
        except EOFError:
            self.screen.say()
            return None
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
        lines = textwrap.wrap("   ".join(items), max(40, self.screen.width - indent),
                              break_on_hyphens=False)
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
        lines: list[Text] = [Text("   " + " ".join("abcdefghijklmnopqrstuvwxyz"[:board.width]))]
        for r in range(board.height):
            line = Text(f"{r + 1:>2} ")
            for c in range(board.width):
                i = r * board.width + c
                if c:
                    line.append(" ")
                if i in letters:
                    line.append(letters[i][0], self.screen.STYLES[letters[i][1]])
                else:
                    ch = board.cells[i]
                    line.append(ch, self.screen.STYLES.get(ch))
            lines.append(line)
        legend = [self.ship_legend(ship_id) for ship_id in g.ships]
        legend.append(Text(self.words["legend_terrain"], self.screen.STYLES["note"]))
        pad = 3 + 2 * board.width
        while len(lines) < len(legend) + 1:
            lines.append(Text(" " * (pad - 1)))
        for i, line in enumerate(lines):
            if 1 <= i <= len(legend):
                line.append("   ")
                line.append(legend[i - 1])
            self.screen.say(line)

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
            move = normalise(" ".join(args).lower())
            reason = self.game.explain(move)
            s.say(w["why_legal"].format(move=move) if reason is None else reason,
                  None if reason is None else "error")
            return False
        if command is Command.UNDO:
            return self.undo()
        if not args:
            s.say(w["file_usage"].format(command=command.value), "error")
            return False
        path = " ".join(args)
        return self.save(path) if command is Command.SAVE else self.load(path)

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
    session = Session(game, human, bots, setup.lang, Screen(out), read, echo)
    return session.run()

