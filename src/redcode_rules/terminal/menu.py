"""The menu of ``redcode play``: the person's legal moves grouped by maneuver
and numbered, and what a typed line means (a number, a move in full, a
destination, or an unambiguous start of a move; else why nothing fits, with
a did-you-mean).

A move to a box (movement, immersion, evasion) is one numbered line listing
its destinations; paths to a box that enter the same running water boxes
do the same, and the shortest stands for them. Every move kind is handled
alike, so new decisions (``place <box>``) need nothing here.
"""

from __future__ import annotations

import re
from typing import Iterable, Sequence

import attrs

from ..base.errors import close_names
from ..engine.explain import closest_moves
from ..engine.notation import card_of, head_word, normalise, words
from ..game import Game
from ..i18n.catalog import Words, display_name, pick

#: Order of the move groups on screen, by the first word of a move's kind;
#: the moves aimed at one's own side come after them all (``OWN``).
KIND_ORDER = ("recover", "place", "discard", "respond", "use", "order", "pass", "end")
OWN = "own"

#: The fewest characters a typed line must have for a did-you-mean among
#: the legal moves (difflib finds `end` close to `n`).
GUESS_FROM = 3

#: Effects that harm the ship they are aimed at: aimed at one's own side, a
#: move of them is listed last, marked, and asks before it is played.
HARMFUL = frozenset({"Damage", "BreakdownDamage", "CrewLoss", "Sink", "Status", "Discard",
                     "Take", "PutOnDeck"})


def harmed_friend(game: Game, human: str, move: str) -> str | None:
    """The ship of ``human``'s own side that ``move`` would harm (None if
    none): its card damages, disables or takes from the ship it is aimed at."""
    parsed = game.move_of(move)
    if parsed.target is None or parsed.card is None:
        return None
    ship = game.state.ships[parsed.target]
    if ship.side != game.ship(human).side:
        return None
    card = game.rules.card(parsed.card)
    if any(type(e).__name__ in HARMFUL and e.selector.value == "target" for e in card.effects):
        return ship.id
    return None


@attrs.frozen(eq=False)
class Entry:
    """One numbered line: a single move, or a move to a box with its destinations."""

    number: int
    head: str                                  # the notation before the boxes
    moves: tuple[str, ...]                     # every legal notation of this line
    paths: dict[str, tuple[str, ...]] | None   # destination → its listed paths (box moves)
    own: bool = False                          # harms a ship of the person's own side

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
    """Sort key and identity of a move's group: the moves that harm one's own
    side are one group, after every other; the others by ``card_key``."""
    if harmed_friend(game, human, text) is not None:
        return (len(KIND_ORDER) + 1, 0, "", OWN)
    return card_key(game, human, text)


def card_key(game: Game, human: str, text: str) -> tuple:
    """Sort key and identity of a move's card group: its kind, then its card."""
    head = head_word(text)
    if head in ("order", "respond"):
        kind, card = head, card_of(text) or ""
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
            move = game.move_of(text)
            head = move.head
            if move.path:
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
            if key[3] == OWN:  # in the order of their cards' groups
                heads.sort(key=lambda item: card_key(game, human, item[1][0]))
            for head, texts in heads:
                number += 1
                paths = None
                if head in path_heads:
                    paths = self.destinations(texts)
                entry = Entry(number, head, tuple(texts), paths, key[3] == OWN)
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
        board = self.game.board_now()  # its terrain tokens applied (D2.14)
        by_box: dict[str, dict[frozenset, str]] = {}
        paths = {text: self.game.move_of(text).path for text in texts}
        for text in sorted(texts, key=lambda t: (len(paths[t]), t)):
            path = paths[text]
            effect = frozenset(b for b in path if board.is_current(b))
            by_box.setdefault(board.name(path[-1]), {}).setdefault(effect, text)
        order = {name: i for i, name in enumerate(board.names)}
        return {box: tuple(sorted(by_box[box].values()))
                for box in sorted(by_box, key=order.get)}

    def title(self, key: tuple) -> str:
        """A group's title in the person's language."""
        _, _, card, kind = key
        words, lang = self.words, self.game.lang
        if kind == OWN:
            return words["group_own"]
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
        typed = words(text)
        box = typed[-1] if len(typed) >= 2 and self.game.board.index(typed[-1]) is not None \
            else None
        if box is not None:  # `imm d4`: a destination of a box move
            fits = [e for e in self.entries if e.is_path and box in e.paths
                    and prefix_of(typed[:-1], words(e.head), exact_length=True)]
            if len(fits) == 1:
                return self.of_destination(fits[0], box)
        matches = [m for m in self.legal if prefix_of(typed, words(m))]
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
        return Resolved(error=self.no_match(typed))

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
                [words[0] if words[0] in known else fits[0], *words[1:]])), shown=True) or "")
        text = " ".join(words)
        close = close_names(words[0], known, 1)
        if close:
            fixed = " ".join(self.whole_ships([close[0], *words[1:]]))
            again = self.resolve(fixed, suggest=False)
            meant = again.move or (again.entry.head if again.entry else None)
            if meant:
                return self.words["did_you_mean"].format(text=text, moves=f"'{meant}'")
            return self.words["did_you_mean_not_now"].format(
                text=text, move=fixed,
                reason=self.without_count(self.game.explain(fixed, shown=True) or ""))
        # a letter or two is too little to guess from: `n` is no misspelt `end`
        near = closest_moves(text, self.legal) if len(text) >= GUESS_FROM else []
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
