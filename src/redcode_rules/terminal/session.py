"""`redcode play`: a game of Red Code in the terminal, one person against bots.

The session: the game, the person's seat and its bots (terminal/setup.py
builds them from the command line's choices), then the loop that narrates the bots' moves, shows the person's decision and
reads lines until a move is played. A move is entered by its number, in
full notation, or by an unambiguous start of it (``tor red`` is ``torpedo
red-destroyer``; the menu, terminal/menu.py); card and ship names may be typed
as the screen shows them in the person's language (terminal/names.py). A
maneuver or order that would harm a ship of the person's own side asks
first (``--no-confirm`` turns that off), and a move to a box asks its path
only when the paths to it differ in effect. Besides moves: ``help``,
``undo``, ``hint``, ``why``, ``save``, ``load``, ``card NAME``, ``status
NAME``, ``quit``.

What is drawn, and how, is terminal/screen.py; the prompts' line editing,
history and completion are terminal/prompt.py.
"""

from __future__ import annotations

import enum
import sys
from functools import partial
from pathlib import Path
from typing import Sequence, TextIO

from ..base.errors import IllegalMove, RedCodeError
from ..bots.players import Bot, GreedyBot, Reason
from ..bots.specs import BotSpec, parse_bot
from ..engine.notation import normalise
from ..formats.replay import read_replay, save_replay, start_of
from ..game import Game, new_game
from ..i18n.catalog import ShipName, Words, catalog, display_name, pick, ship_display, status_name
from ..text.narrate import narrate
from .menu import Entry, Menu, Resolved, harmed_friend
from .names import ShownWord, as_shown, look_up, next_words, translate, typed_names
from .prompt import LineEditor, Offer, Reader, line_editor, read_line, stream_is_tty, \
    strip_controls
from .screen import Screen, View
from .setup import PlaySetup, build_bots, game_goal, pick_seat, seat_specs, type_name


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


# ---------------------------------------------------------------- the session


class Session:
    """One person playing one ship against bots until the game ends or they quit."""

    @property
    def own(self) -> Words:
        """The card set's own names (``Ruleset.words``), before the catalog's."""
        return self.game.rules.words

    def __init__(self, game: Game, human: str, bots: dict[str, Bot], lang: str,
                 screen: Screen, read: Reader = read_line, echo: bool = False,
                 confirm: bool = True, editor: LineEditor | None = None,
                 specs: dict[str, BotSpec] | None = None):
        self.game = game
        self.human = human
        self.bots = bots
        #: how each bot was named (``mcts:hard``), so a loaded game gets the
        #: same bots; without it, bots of the same kind at their defaults
        self.specs = specs if specs is not None else \
            {s: parse_bot(type_name(b)) for s, b in bots.items()}
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
        self.names = typed_names(game, lang)  # as shown → id
        self.view = View(screen, lang, human)

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
                                          mode=game_goal(g.rules, g.state.mode, self.lang),
                                          seed=setup.get("seed", "?"),
                                          ship=ship_display(self.human, self.lang,
                                                            self.own)), "title")
        bots = ", ".join(f"{ship_display(s, self.lang, self.own)} ({self.specs[s].text})"
                         for s in self.bots)
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
        self.view.show_board(g)
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
        if self.editor is not None:  # Tab offers what may follow, as the screen shows it
            moves = [as_shown(self.game, self.lang, move) for move in menu.legal]
            self.editor.offer = partial(self.completions, moves)
        self.view.show_decision(self.game, menu)
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

    def completions(self, moves: list[tuple[ShownWord, ...]], before: list[str],
                    text: str) -> list[str]:
        """What Tab offers after the words ``before`` on the prompt's line: the
        words of the legal ``moves`` that may come next (the targets, the
        boxes) in the person's language; a command first, and after ``why``
        a move, after ``card`` or ``status`` a name."""
        if not before:
            return next_words(moves, [], text) + self.command_words(text)
        command = self.command_of(" ".join(before))
        if command is Command.WHY:
            return next_words(moves, before[1:], text)
        if command in (Command.CARD, Command.STATUS):
            rules = self.game.rules
            idents = (*rules.maneuvers, *rules.orders) if command is Command.CARD \
                else rules.statuses
            name = (lambda i: display_name(i, self.lang, self.own)) if command is Command.CARD \
                else (lambda i: status_name(i, self.lang, words=self.own))
            names = [(ShownWord(i, tuple(name(i).lower().split()) or (i,)),) for i in idents]
            return next_words(names, before[1:], text)
        if command is not None:
            return []
        return next_words(moves, before, text)

    def command_words(self, text: str) -> list[str]:
        """The commands starting with ``text`` in the person's language, each
        by its first such spelling (``porque``, not also ``porqué``; not the
        sign ``?``), in English if none starts so."""
        start = text.lower()
        own = []
        for spelled in self.words["commands"].values():
            fits = [w for w in str(spelled).split() if w.isalpha() and w.startswith(start)]
            own += fits[:1]
        return own or [c.value for c in Command if c.value.startswith(start)]

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
        """The ship of the person's own side a move would harm (None if none),
        as the menu marks it."""
        return harmed_friend(self.game, self.human, move)

    def translate(self, line: str) -> str:
        """A typed line in the notation: names as shown replaced by their ids."""
        return translate(line, self.names, self.game)

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

    def ask(self, prompt: str, offer: Offer | None = None) -> str | None:
        """A line from the person (None at end of input), without control
        characters. With a line editor the prompt is given to it, which
        redraws it as it edits, and Tab offers ``offer``'s words (a question
        inside a move: its answers; the decision's moves by default)."""
        *before, prompt = self.screen.wrap(prompt.rstrip()) or [""]
        for part in before:  # a long question: all but its last line said first
            self.screen.say(part, "number")
        prompt += " "
        try:
            if self.editor is not None:
                self.screen.console.file.flush()
                moves, self.editor.offer = self.editor.offer, offer or self.editor.offer
                try:
                    line = self.read(prompt)
                finally:
                    self.editor.offer = moves
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

    def ask_within(self, prompt: str, answers: Sequence[str] = ()) -> str | None:
        """An answer at a prompt inside a move (destination, path, a question):
        the text folded to lower case, "" to go back, None at end of input or
        on ``quit``; Tab offers ``answers``."""
        line = self.ask(prompt, lambda before, text: [] if before else
                        [a for a in answers if a.startswith(text.lower())])
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
                                                                  boxes=" ".join(paths)),
                                      list(paths))
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
        board = self.game.board_now()  # its terrain tokens applied (D2.14)
        current = [board.name(b) for b in self.game.move_of(move).path if board.is_current(b)]
        if current:
            return self.words["path_current"].format(boxes=" ".join(current))
        return self.words["path_plain"]

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
            reason = self.game.explain(move, shown=True)
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
            for part in s.wrap(w[f"{command.value}_usage"]):
                s.say(part, "error")
            return False
        path = " ".join(args)
        return self.save(path) if command is Command.SAVE else self.load(path)

    def show_card(self, typed: str) -> None:
        """``card NAME``: the card a name means, else the closest names."""
        rules = self.game.rules
        if not typed.strip():
            self.screen.say(self.words["card_usage"], "error")
            return
        ident, close = look_up(typed, (*rules.maneuvers, *rules.orders),
                               lambda ident: display_name(ident, self.lang, self.own))
        if ident is None:
            self.view.say_unknown(self.words["unknown_card"], typed, close)
        else:
            self.view.show_card(self.game, ident)

    def show_status(self, typed: str) -> None:
        """``status NAME``: the status a name means, else the closest names."""
        if not typed.strip():
            self.screen.say(self.words["status_usage"], "error")
            return
        ident, close = look_up(typed, self.game.rules.statuses,
                               lambda ident: status_name(ident, self.lang, words=self.own))
        if ident is None:
            self.view.say_unknown(self.words["unknown_status"], typed, close)
        else:
            self.view.show_status(self.game, ident)

    def show_board(self) -> None:
        """The board with its legend, as the last thing before the prompt."""
        self.view.show_board(self.game)

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
        others = [s for s in game.ships if s != self.human]
        if sorted(others) != sorted(self.specs):  # another table: one kind for all
            kind = next(iter(self.specs.values()), parse_bot("greedy"))
            self.specs = {s: self.specs.get(s, kind) for s in others}
        self.bots = build_bots(game, self.specs, seed)
        self.game, self.marks, self.shown = game, marks, len(game.log)
        self.screen.say(self.words["loaded"].format(file=path, count=len(game.moves)), "note")
        return True


def play(setup: PlaySetup, read: Reader = read_line, out: TextIO | None = None,
         echo: bool | None = None) -> int:
    """Run ``redcode play``: build the game, the person's seat and the bots, and play.

    ``echo`` repeats each line read after its prompt (default: when stdin
    is not a terminal, so a piped transcript reads like a session).
    """
    game = new_game(setup.rules, mode=setup.mode, teams=setup.teams, seed=setup.seed)
    human = pick_seat(game, setup.seat)
    specs = seat_specs(game, human, setup.bots)
    bots = build_bots(game, specs, setup.seed)
    if echo is None:
        try:
            echo = not sys.stdin.isatty()
        except (AttributeError, ValueError):
            echo = True
    editor = None
    if read is read_line and not echo and out is None and stream_is_tty(sys.stdout):
        editor = line_editor()  # a person at a terminal: line editing and history
    session = Session(game, human, bots, setup.lang, Screen(out), read, echo,
                      confirm=setup.confirm, editor=editor, specs=specs)
    return session.run()
