"""Why a move is illegal: the reason and the rule, in the game's language.

Only called for a string that is not among the legal moves (``Game.play``,
``Game.explain``), so it may be slow. It reads the move's words (which
card, which ship, which boxes) and asks the rule queries (engine/queries.py)
why the move is refused: the same queries the move generator lists moves
from, so the reason and the listing cannot disagree. It says the
``Refusal`` in the game's language (the ``illegal`` templates of
``lang/*.yaml``), and checks itself only what the notation writes (a box
that is no box, a path that enters a box twice).
A move that does not parse gets the closest legal moves (difflib) and how
many there are, never the whole list.
"""

from __future__ import annotations

import difflib
from typing import TYPE_CHECKING, Callable

import attrs

from ..base.kinds import Choice, Decision
from ..i18n.catalog import ShipName, catalog, status_name, text
from ..model.ruleset import TargetKind
from ..rules.effects import primitive_of
from ..rules.exprs import BoxRefusal, BoxWord
from ..text.cards import class_text, status_rule_parts
from ..text.exprs import a_ship, condition_text
from .queries import Refusal, RuleQueries

if TYPE_CHECKING:
    from ..model.ruleset import CardDef, Ruleset
    from ..model.state import GameState, ShipState
    from ..rules.board import Board
    from ..rules.effects import Effect

#: How many close legal moves an unknown move's message suggests, and how
#: alike (difflib ratio) a suggestion must be.
SUGGESTIONS = 3
CUTOFF = 0.5


#: First words of the notation that say what kind of decision a move is.
KEYWORDS = ("order", "respond", "recover", "discard", "place", "pass", "end")


def closest_moves(move: str, legal: list[str]) -> list[str]:
    """The legal moves most like ``move`` (difflib), best first.

    Among moves of the same first word if there are any (``movement z9``
    → movements); none if that word is a keyword of the notation (an
    ``order`` when no order card can be played); else among all."""
    head = move.split(" ", 1)[0]
    same = [m for m in legal if m.split(" ", 1)[0] == head]
    if same or head in KEYWORDS:
        legal = same
    return difflib.get_close_matches(move, legal, n=SUGGESTIONS, cutoff=CUTOFF)


def did_you_mean(lang: str, options: list[str]) -> str:
    """`` — did you mean 'a' or 'b'?`` in ``lang``; empty without options."""
    if not options:
        return ""
    quoted = [f"'{o}'" for o in options]
    listed = quoted[0] if len(quoted) == 1 else \
        ", ".join(quoted[:-1]) + text(lang, "illegal", "or") + quoted[-1]
    return text(lang, "illegal", "did_you_mean", options=listed)


def by_id(ship_id: str) -> str:
    """A ship named in a reason by its id, as the notation writes it (the API's)."""
    return ship_id


@attrs.frozen
class Asked:
    """What explain reads of a game: its language, the rule queries on its
    position, the pending decision, the choice an effect owes (while one is
    pending) and the legal moves (asked only for a suggestion); ``name``
    says a ship in a reason: by id, or as a player sees it on a screen
    (``ship_display``: "destructor rojo")."""

    lang: str
    queries: RuleQueries
    pending: tuple[Decision, int] | None
    owed: tuple[Effect, int] | None
    legal: Callable[[], list[str]]
    name: Callable[[str], str] = by_id

    @property
    def rules(self) -> Ruleset:
        return self.queries.rules

    @property
    def state(self) -> GameState:
        return self.queries.state

    @property
    def board(self) -> Board:
        return self.queries.board

    def say(self, key: str, amount: int | None = None, **values: object) -> str:
        """The ``illegal`` sentence ``key`` in the game's language."""
        return text(self.lang, "illegal", key, amount, **values)

    def ship_id(self, seat: int) -> str:
        """The ship of a seat as a reason names it (``name``)."""
        return self.name(self.state.ships[seat].id)


def unknown(asked: Asked, move: str) -> str:
    """A move that does not parse: the closest legal moves and their number, not the list."""
    legal = asked.legal()
    return asked.say("unknown_move", amount=len(legal), move=move,
                     hint=did_you_mean(asked.lang, closest_moves(move, legal)))


def _ship_index(state: GameState, ship_id: str) -> int | None:
    for i, s in enumerate(state.ships):
        if s.id == ship_id:
            return i
    return None


def _short(word: str, limit: int = 12) -> str:
    """A word of the move as quoted in a reason: at most ``limit`` characters
    (a 4,300-digit row is not repeated whole)."""
    return word if len(word) <= limit else word[:limit - 1] + "…"


def said(asked: Asked, refusal: Refusal) -> str:
    """A refusal of the rule queries in the game's language: seats become
    ships named as ``asked.name`` says, a status its name and how long it lasts, a card's condition
    or target filter its words."""
    values = dict(refusal.values)
    key = refusal.words
    state, rules = asked.state, asked.rules
    usable, only = (rules.card(values["card"]).usable, rules.card(values["card"]).target.filter) \
        if key in ("not_usable", "filtered") else (None, None)
    if usable is not None and key == "not_usable":  # the card's `usable if`
        values["cond"] = condition_text(usable, asked.lang, False, frozenset(rules.ships))
    elif only is not None and key == "filtered":  # the card's target filter
        values["ship"] = a_ship(only, asked.lang, frozenset(rules.ships))
    if "status" in values:
        holder = state.ships[values["ship"] if "ship" in values else values["target"]]
        spec = rules.statuses[values["status"]]
        hidden = spec.untargetable_by
        if key == "untargetable_class" and hidden is not None:  # rules/card_classes.py
            values["hidden"] = catalog(asked.lang)["status_rules"]["untargetable_class"][
                hidden.whose.value].format(cards=class_text(hidden, asked.lang, rules.words))
        values["until"] = _until(asked, holder, spec)
        values["status"] = status_name(spec.id, asked.lang, of_ship=True, words=rules.words)
    for field in ("ship", "target", "player", "source"):
        if type(values.get(field)) is int:
            values[field] = asked.ship_id(values[field])
    return asked.say(key, **values)


def _until(asked: Asked, ship: ShipState, spec) -> str:
    """How long a ship's status lasts, said to any player: a duration over
    the turns of the card's player names that player's ship, with its article
    ("your" is the giver's word on the card, not the reader's), or says "its"
    when the ship gave it to itself."""
    rules = catalog(asked.lang)["status_rules"]
    words = rules["until_giver"]
    if spec.duration.value not in words:
        return status_rule_parts(spec, asked.lang)["until"]
    life = dict(ship.statuses).get(spec.id)
    giver = life.giver if life is not None else None
    if giver is None or asked.state.ships[giver].id == ship.id:
        return rules["until"][spec.duration.value.replace(" your ", " its ")]
    return words[spec.duration.value].format(giver=ShipName(asked.state.ships[giver].id,
                                                            asked.lang, asked.rules.words))


def explain(asked: Asked, move: str) -> str:
    """Why ``move`` (normalised, not legal now) is illegal, in the game's language."""
    say = asked.say
    st = asked.state
    words = move.split()
    if not words:
        return say("empty")
    if asked.pending is None:
        return say("over", winner=st.winner)
    kind, seat = asked.pending
    player = asked.ship_id(seat)
    head = words[0]

    if kind == Decision.DISCARD:
        if head != "discard":
            return say("must_discard", player=player, count=len(st.hands[seat]),
                       limit=asked.rules.options.hand_limit)
        if len(words) != 2:
            return say("discard_one")
        return say("not_in_hand", card=words[1], player=player)
    owed_effect, owed_seat = asked.owed if asked.owed is not None else (None, seat)
    if kind == Decision.CHOOSE and owed_effect is not None and \
            primitive_of(owed_effect).choice is not Choice.CREW_SOURCE:
        return say("must_choose", player=player, card=st.stack[-1].card,
                   options=", ".join(asked.legal()))
    if kind in (Decision.RECOVER, Decision.CHOOSE):
        if head != "recover":
            options = ", ".join(asked.legal())
            if kind == Decision.RECOVER:
                return say("must_recover_turn", player=player, options=options)
            return say("must_recover_effect", player=player, card=st.stack[-1].card,
                       options=options)
        who = seat if kind == Decision.RECOVER else owed_seat
        return say("no_crew_on", ship=asked.ship_id(who), source=" ".join(words[1:]) or "?")
    if kind == Decision.PLACE:
        return _place(asked, seat, words)
    if kind == Decision.RESPOND:
        if head == "pass":
            return say("just", word="pass")
        if head == "order" and asked.rules.response_orders:  # an order card in answer
            return _order(asked, seat, words[1:], responding=True)
        if head != "respond":
            top = st.stack[-1]
            return say("must_respond", player=player, card=top.card, of=asked.ship_id(top.seat))
        return _maneuver(asked, seat, words[1:], responding=True)
    # the maneuvers phase
    if head in ("respond", "pass"):
        return say("no_window")
    if head in ("recover", "discard", "place"):
        return say("wrong_phase", word=head, phase=catalog(asked.lang)["phases"][st.phase])
    if head == "end":
        return say("just", word="end")
    if head == "order":
        return _order(asked, seat, words[1:])
    return _maneuver(asked, seat, words, responding=False)


def _place(asked: Asked, seat: int, words: list[str]) -> str:
    """Initial placement (R2.8) or war respawn (D8.4): a free, navigable box
    of the ship's side's start card."""
    say = asked.say
    ship = asked.state.ships[seat]
    rule = "D8.4" if ship.sunk else "R2.8"
    side = catalog(asked.lang)["sides"][ship.side]
    if words[0] != "place":
        return say("must_place" if ship.sunk else "must_place_first", player=asked.ship_id(seat),
                   side=side)
    if len(words) != 2:
        return say("place_one")
    board = asked.board
    box = board.index(words[1])
    if box is None:
        return say("not_a_box", box=_short(words[1]))
    card = board.starts[ship.side]
    if box not in card:
        return say("place_off_card", box=words[1], side=side,
                   boxes=" ".join(board.name(b) for b in card), rule=rule)
    if board.is_island(box):
        return say("place_island", box=words[1], rule=rule)
    occupant = asked.queries.occupant()[box]
    if occupant >= 0:
        return say("place_occupied", box=words[1], ship=asked.ship_id(occupant), rule=rule)
    return say("not_free_start", box=words[1], side=side, rule=rule)


def _maneuver(asked: Asked, seat: int, words: list[str], responding: bool) -> str:
    if not words:
        return asked.say("write_maneuver")
    name, rest = words[0], words[1:]
    rules = asked.rules
    if name not in rules.maneuvers:
        if name in rules.orders:
            return asked.say("is_order", card=name)
        return unknown(asked, ("respond " if responding else "") + " ".join(words))
    card = rules.maneuvers[name]
    refused = asked.queries.maneuver_refusal(seat, card, responding)
    if refused is not None:
        return said(asked, refused)
    return _target_and_path(asked, seat, card, rest)


def _order(asked: Asked, seat: int, words: list[str], responding: bool = False) -> str:
    if not words:
        return asked.say("write_card")
    name, rest = words[0], words[1:]
    if name not in asked.rules.orders:
        return asked.say("unknown_order", card=name, hint=did_you_mean(
            asked.lang, closest_moves(" ".join(["order", *words]), asked.legal())))
    card = asked.rules.orders[name]
    refused = asked.queries.order_refusal(seat, card, responding)
    if refused is not None:
        return said(asked, refused)
    return _target_and_path(asked, seat, card, rest)


def _target_and_path(asked: Asked, seat: int, card: CardDef, rest: list[str]) -> str:
    """Checks of a target ship or area and of a path, once the card itself is usable."""
    say = asked.say
    board = asked.board
    tk = card.target.kind
    if tk is TargetKind.SELF:
        if card.mover is None and rest:
            return say("self_no_target", card=card.id)
        return _path(asked, card, rest, seat)
    if tk is TargetKind.AREA:
        size = {"width": card.target.width, "height": card.target.height}
        if not rest:
            return say("needs_area", card=card.id, **size)
        box = board.index(rest[0])
        if box is None:
            return say("not_a_box", box=_short(rest[0]))
        if board.area(box, card.target.width, card.target.height) is None:
            return say("area_off_board", box=rest[0], **size)
        return say("area_only", card=card.id)
    if tk is TargetKind.BOX:
        return _box_target(asked, seat, card, rest)
    if not rest:
        return say("needs_target", card=card.id)
    target = _ship_index(asked.state, rest[0])
    if target is None:
        return say("no_ship", ship=rest[0],
                   ships=", ".join(asked.name(s.id) for s in asked.state.ships))
    refused = asked.queries.target_refusal(seat, card, target)
    if refused is not None:
        return said(asked, refused)
    mover = target if card.mover is not None and card.mover.value == "target" else seat
    return _path(asked, card, rest[1:], mover)


def _box_target(asked: Asked, seat: int, card: CardDef, rest: list[str]) -> str:
    """A box target (D4.11): the box named, then the path of a card that moves."""
    say = asked.say
    if not rest:
        return say("needs_box", card=card.id)
    box = asked.board.index(rest[0])
    if box is None:
        return say("not_a_box", box=_short(rest[0]))
    boxes = card.target.boxes
    assert boxes is not None  # a box target has its words
    refusal = boxes.refusal(asked.queries, seat, box)
    if card.jumps:
        refused = asked.queries.movement_refusal(seat)
        if refused is not None:
            return said(asked, refused)
    if refusal is BoxRefusal.ISLAND:
        return say("island", box=rest[0])
    if refusal is BoxRefusal.NOWHERE:
        return say("off_board", ship=asked.ship_id(seat))
    if refusal is BoxRefusal.FAR:
        if BoxWord.ADJACENT in boxes.words:
            return say("box_next_to", box=rest[0], ship=asked.ship_id(seat))
        return say("box_too_far", box=rest[0], ship=asked.ship_id(seat), reach=boxes.reach)
    if refusal is BoxRefusal.TAKEN:
        return say("occupied", box=rest[0], ship=asked.ship_id(asked.queries.occupant()[box]))
    return _path(asked, card, rest[1:], seat)


def _path(asked: Asked, card: CardDef, rest: list[str], mover: int) -> str:
    say = asked.say
    if card.mover is None:
        return say("no_path_taken", card=card.id) if rest else say("not_legal")
    refused = asked.queries.movement_refusal(mover)
    if refused is not None:
        return said(asked, refused)
    if not rest:
        return say("needs_path", card=card.id)
    board = asked.board
    occ = asked.queries.occupant()
    visited = {asked.state.ships[mover].position}  # the start counts as visited (D2.5a)
    for name in rest:
        box = board.index(name)
        if box is None:
            return say("not_a_box", box=_short(name))
        if board.is_island(box):
            return say("island", box=name)
        if box in visited:  # doubling back, voluntary steps included (D2.5d)
            return say("entered_twice", box=name)
        visited.add(box)
        if occ[box] >= 0 and occ[box] != mover:
            return say("occupied", box=name, ship=asked.ship_id(occ[box]))
    return say("bad_path", path=" ".join(rest), amount=asked.queries.steps(mover, card))
