"""The screen of ``redcode play``: where the session writes (colour on a
terminal, plain text cut to 80 columns when piped) and what it draws there:
the decision with the hand, the numbered moves, the board with its legend
(last, just above the prompt), a card and a status explained. Every word
comes from the ``play`` section of ``lang/<lang>.yaml``; names from card
files are escaped before they reach a terminal.
"""

from __future__ import annotations

import re
import sys
import textwrap
from typing import TextIO

from rich.console import Console
from rich.text import Text

from ..base.errors import printable
from ..engine.notation import normalise
from ..game import Game
from ..i18n.catalog import ShipName, catalog, display_name, pick, ship_display, status_name, token_name
from ..text.cards import acts_on_own_ship, status_rule_parts, token_lasts
from ..text.narrate import ship_letter
from .menu import Menu


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


class View:
    """What the session shows of a game, in the person's language: the
    decision, the menu, the board and its legend, a card or a status. It
    holds no game: each drawing is given the one being played (a loaded
    game replaces it)."""

    def __init__(self, screen: Screen, lang: str, human: str):
        self.screen = screen
        self.lang = lang
        self.human = human               # the person's ship: "you" in the legend
        self.cat = catalog(lang)
        self.words = self.cat["play"]

    def show_decision(self, game: Game, menu: Menu) -> None:
        """Who decides what, the hand, the numbered moves, then the board last."""
        g, w, s, own = game, self.words, self.screen, game.rules.words
        s.say()
        decision = g.decision or "main"
        s.say(w["your_decision"].format(turn=g.turn_number,
                                        ship=ship_display(self.human, self.lang, own),
                                        decision=w["decisions"].get(decision, decision)), "turn")
        if decision == "respond" and g.stack:
            top = g.stack[-1]
            on = ""
            if "target" in top:  # a ship as the narration says it: "sul sottomarino blu"
                on = self.cat["events"]["on_target"].format(
                    target=ShipName(top["target"], self.lang, own))
                for other in top.get("targets", [])[1:]:  # every ship it targets (D7.7)
                    on += self.cat["events"]["and_target"].format(
                        target=ShipName(other, self.lang, own))
            line = w["answering"].format(player=ShipName(top["player"], self.lang, own),
                                         card=display_name(top["card"], self.lang, own), on=on)
            s.say(line[:1].upper() + line[1:])
        hand = g.hand(self.human)
        s.say(w["hand"].format(cards=", ".join(f"{display_name(c, self.lang, own)} ({c})"
                                               for c in hand)) if hand else w["empty_hand"])
        crew = {m: n for m, n in g.ship(self.human).crew.items() if n}
        if crew:
            s.say(w["crew_on"].format(crew=", ".join(f"{display_name(m, self.lang, own)} {n}"
                                                     for m, n in crew.items())))
        if g.state.mode == "war":
            s.say(w["score"].format(**g.score))
        self.show_menu(menu)
        self.show_board(game)

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
                if entry.own:  # it harms one's own side: marked, as the group's title says
                    text += " " + self.words["own_mark"]
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
        """An item line with its move numbers highlighted, and the mark of a
        move that harms one's own side in the colour of an error."""
        out = Text()
        for word in line.split(" "):
            if out:
                out.append(" ")
            style = "number" if word.isdigit() else "error" if word == self.words["own_mark"] \
                else None
            out.append(word, self.screen.STYLES[style] if style else None)
        return out

    def show_board(self, game: Game) -> None:
        """The board, a line per ship beside it (letter, place, tracks), the terrain legend."""
        g = game
        board = g.board_now()  # its terrain tokens applied (D2.14)
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
        legend = [self.ship_legend(game, ship_id) for ship_id in g.ships]
        legend += self.token_legend(game)
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

    def token_legend(self, game: Game) -> list[Text]:
        """A line per token on the board: its mark, kind, box, owner and how long it lasts."""
        g, w, own = game, self.words, game.rules.words
        out = []
        for token in g.state.tokens:
            kind = g.rules.tokens[token.kind]
            lasts = token_lasts(kind, self.lang)
            text = Text(kind.mark, "bold magenta")
            text.append(" " + w["legend_token"].format(
                token=token_name(token.kind, self.lang, own), box=g.board.name(token.box),
                owner=ship_display(g.ships[token.owner], self.lang, own),
                lasts=f" ({lasts})" if lasts else ""))
            out.append(text)
        return out

    def ship_legend(self, game: Game, ship_id: str) -> Text:
        """A ship's line of the legend: its letter, where it is, its tracks and hand size."""
        g, w, own = game, self.words, game.rules.words
        ship = g.ship(ship_id)
        spec = g.rules.ships[ship.type]
        where = w["sunk"] if ship.sunk else ship.position or w["off_board"]
        text = Text(ship_letter(spec, ship.side), self.screen.STYLES[ship.side])
        text.append(" " + w["legend_ship"].format(
            letter="", ship=ship_display(ship_id, self.lang, own),
            you=w["you"] if ship_id == self.human else "", where=where,
            repairs=f"{ship.repairs}/{ship.repairs_track}",
            breakdowns=f"{ship.breakdowns}/{ship.breakdowns_track}", reserve=ship.reserve,
            hand=len(g.hand(ship_id))).lstrip())
        for status in ship.statuses:  # while they last, and until when
            until = status_rule_parts(g.rules.statuses[status], self.lang)["until"]
            text.append(" · ")
            text.append(w["legend_status"].format(
                status=status_name(status, self.lang, True, own), until=until), "bold")
        return text

    def show_card(self, game: Game, ident: str) -> None:
        """A card's name, kind, cost, range, rules text and the statuses it gives."""
        w, rules = self.words, game.rules
        card = rules.card(ident)
        facts = [w["card_maneuver"] if card.kind == "maneuver" else w["card_order"]]
        if card.kind == "maneuver":  # an order card's text says whom it may aim at
            facts.append(pick(w["card_cost"], card.cost).format(cost=card.cost))
            facts.append(w["card_range"].format(range=card.range) if card.range is not None
                         else w["card_self" if acts_on_own_ship(card) else "card_no_target"])
        self.screen.say(w["card_head"].format(name=display_name(ident, self.lang, rules.words),
                                              id=ident, facts=" · ".join(facts)), "title")
        for part in self.screen.wrap("  " + rules.text(ident, self.lang)):
            self.screen.say(part)
        for status in dict.fromkeys(e.status for e in card.effects if hasattr(e, "status")
                                    and e.status in rules.statuses):
            for part in self.screen.wrap("  " + w["card_gives"].format(
                    status=rules.status_text(status, self.lang))):
                self.screen.say(part)

    def show_status(self, game: Game, ident: str) -> None:
        """What a status forbids and how long it lasts, and which ships have it now."""
        w, rules = self.words, game.rules
        for part in self.screen.wrap(rules.status_text(ident, self.lang)):
            self.screen.say(part)
        having = [ship_display(s, self.lang, rules.words) for s in game.ships
                  if ident in game.ship(s).statuses]
        if having:
            self.screen.say("  " + w["status_on"].format(ships=", ".join(having)))

    def say_unknown(self, template: str, typed: str, close: list[str]) -> None:
        """No such card or status: what was typed, and the closest names."""
        message = template.format(name=normalise(typed))
        if close:
            message += " " + self.words["did_you_mean_names"].format(
                names=self.words["or"].join(f"'{c}'" for c in close))
        self.screen.say(message, "error")
