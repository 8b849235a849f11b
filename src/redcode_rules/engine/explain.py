"""Why a move is illegal: the reason and the rule, in the game's language.

Only called for a string that is not among the legal moves (``Game.play``,
``Game.explain``), so it may be slow. It reads the move (engine/notation.py:
which card, which ship, which boxes) and asks the rule queries
(engine/queries.py) why it is refused: the same queries the move generator
lists moves from, so the reason and the listing cannot disagree. It says
the ``Refusal`` in the game's language (the ``illegal`` templates of
``i18n/*.yaml``), and checks itself only what a path writes (a box entered
twice, an island, a ship in the way). A text that cannot be read says why
(``errors.Unreadable``: ``Why.malformed``); an unknown word gets the
closest legal moves (difflib) and how many there are, never the whole list.
"""

from __future__ import annotations

import difflib
from functools import partial
from typing import TYPE_CHECKING, Callable

import attrs

from ..base.errors import Unreadable
from ..base.kinds import CardKind, Choice, Decision, MoveKind
from ..i18n.catalog import ShipName, catalog, status_name, text, token_name
from ..model.ruleset import TargetKind
from ..model.state import StackItem
from ..rules.effects import ModeChoice, primitive_of
from ..rules.exprs import BoxRefusal, BoxWord
from ..text.cards import status_rule_parts, untargetable_text
from ..text.exprs import a_ship, condition_text, near_ship
from .notation import KEYWORDS, Move, Notation, head_word, words
from .queries import RuleQueries
from .refusals import Refusal

if TYPE_CHECKING:
    from ..model.ruleset import CardDef, Ruleset
    from ..model.state import GameState, ShipState
    from ..rules.board import Board
    from ..rules.effects import Effect

#: How many close legal moves an unknown move's message suggests, and how
#: alike (difflib ratio) a suggestion must be.
SUGGESTIONS = 3
CUTOFF = 0.5



def closest_moves(move: str, legal: list[str]) -> list[str]:
    """The legal moves most like ``move`` (difflib), best first.

    Among moves of the same first word if there are any (``movement z9``
    → movements); none if that word is a keyword of the notation (an
    ``order`` when no order card can be played); else among all."""
    head = head_word(move)
    same = [m for m in legal if head_word(m) == head]
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
    position, its notation, the pending decision, the choice an effect owes
    (while one is pending) and the legal moves (asked only for a
    suggestion); ``name``
    says a ship in a reason: by id, or as a player sees it on a screen
    (``ship_display``: "destructor rojo")."""

    lang: str
    queries: RuleQueries
    notation: Notation
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


def unreadable(asked: Asked, bad: Unreadable, move: str) -> str:
    """Why the text ``move`` cannot be read, in the game's language: an
    unknown word with the closest legal moves and their number, not the
    list; a ship that is none with the ships there are."""
    values = dict(bad.values)
    if bad.words == "unknown_move":
        legal = asked.legal()
        values.update(amount=len(legal), hint=did_you_mean(
            asked.lang, closest_moves(move, legal)))
    elif bad.words == "unknown_order":
        values["hint"] = did_you_mean(asked.lang, closest_moves(move, asked.legal()))
    elif bad.words == "no_ship":
        values["ships"] = ", ".join(asked.name(s.id) for s in asked.state.ships)
    return asked.say(bad.words, **values)


def said(asked: Asked, refusal: Refusal, card: CardDef | None = None) -> str:
    """A refusal of the rule queries in the game's language: seats become
    ships named as ``asked.name`` says, a status its name and how long it lasts, a card's condition
    or target filter its words (``card``: the card refused, as its mode plays it)."""
    values = dict(refusal.values)
    key = refusal.words
    state, rules = asked.state, asked.rules
    if key in ("not_usable", "filtered") and card is None:
        card = rules.card(values["card"])
    usable, only = (card.usable, card.target.filter) \
        if card is not None and key in ("not_usable", "filtered") else (None, None)
    if usable is not None and key == "not_usable":  # the card's `usable if`
        values["cond"] = condition_text(usable, asked.lang, False, frozenset(rules.ships))
    elif only is not None and key == "filtered":  # the card's target filter
        values["ship"] = a_ship(only, asked.lang, frozenset(rules.ships))
    if "status" in values:
        holder = state.ships[values["ship"] if "ship" in values else values["target"]]
        spec = rules.statuses[values["status"]]
        if key in ("untargetable_class", "untargetable_aura"):
            values["hidden"] = untargetable_text(spec, asked.lang, rules.words)
        values["until"] = _until(asked, holder, spec)
        values["status"] = status_name(spec.id, asked.lang, of_ship=key != "untargetable_aura",
                                       words=rules.words)
    for field in ("ship", "target", "player", "source", "holder"):
        if type(values.get(field)) is int:
            values[field] = asked.ship_id(values[field])
    return asked.say(key, **values)


def _until(asked: Asked, ship: ShipState, spec) -> str:
    """How long a ship's status lasts, said to any player: a duration over
    the turns of the card's player names that player's ship, with its article
    ("your" is the giver's word on the card, not the reader's), or says "its"
    when the ship gave it to itself."""
    rules = catalog(asked.lang)["status_rules"]
    words = rules["until_giver" if spec.turns == 1 else "until_giver_turns"]
    if spec.duration.value not in words:
        return status_rule_parts(spec, asked.lang)["until"]
    life = dict(ship.statuses).get(spec.id)
    giver = life.giver if life is not None else None
    its = spec.duration.value.replace(" your ", " its ")
    if giver is None or asked.state.ships[giver].id == ship.id:
        return rules["until"][its] if spec.turns == 1 else \
            rules["until_turns"][its].format(n=spec.turns)
    return words[spec.duration.value].format(giver=ShipName(asked.state.ships[giver].id,
                                                            asked.lang, asked.rules.words),
                                             n=spec.turns)


@attrs.frozen
class Why:
    """Why a move is not legal now: the ``reason`` in the game's language, and
    whether the text cannot even be read (``malformed``: no move of the
    notation for this game)."""

    reason: str
    malformed: bool = False


def explain(asked: Asked, move: str) -> str:
    """Why ``move`` (normalised, not legal now) is illegal, in the game's language."""
    return why(asked, move).reason


def why(asked: Asked, move: str) -> Why:
    """Why ``move`` (normalised, not legal now) is illegal: the decision pending
    first, then what the rule queries refuse of the move as far as it reads
    (its card, its target), then what cannot be read of it, then the rest
    (its path)."""
    if not words(move):
        return Why(asked.say("empty"), True)
    bad = None
    try:
        parsed = asked.notation.parse(move, None if asked.pending is None
                                      else asked.pending[0])
    except Unreadable as error:
        bad, parsed = error, error.read
    if asked.pending is None:
        return Why(asked.say("over", winner=asked.state.winner), bad is not None)
    reason = refused(asked, parsed, whole=bad is None)
    if reason is None:
        assert bad is not None  # only a move read in part leaves the reason to it
        reason = unreadable(asked, bad, move)
    return Why(reason, bad is not None)


def refused(asked: Asked, move: Move, whole: bool = True) -> str | None:
    """Why a move is not legal now: the decision pending first (a discard, a
    choice, a recovery, a placement, a response, the main phase), then what
    the rule queries refuse of its card, target and path. Of a move read only
    in part (not ``whole``), None when nothing read so far is refused."""
    say = asked.say
    st = asked.state
    kind, seat = asked.pending  # type: ignore[misc]
    player = asked.ship_id(seat)
    head = head_word(move.text)

    if kind == Decision.DISCARD:
        if move.kind is not MoveKind.DISCARD:
            return say("must_discard", player=player, count=len(st.hands[seat]),
                       limit=asked.queries.hand_limit(seat))
        return say("not_in_hand", card=move.card, player=player) if whole else None
    owed_effect, owed_seat = asked.owed if asked.owed is not None else (None, seat)
    if kind == Decision.CHOOSE and owed_effect is not None and \
            primitive_of(owed_effect).choice is not Choice.CREW_SOURCE:
        top = st.stack[-1]
        if type(owed_effect) is ModeChoice:  # a mode chosen by another player (D4.17)
            mode = next((m for m in asked.queries.card_of(top).modes
                         if move.kind is MoveKind.CHOOSE and m.mode == move.source), None)
            if mode is not None and mode.usable is not None:  # not offered: why
                return say("not_usable", card=f"{top.card} {mode.mode}",
                           cond=condition_text(mode.usable, asked.lang, False,
                                               frozenset(asked.rules.ships)))
        if top.kind == CardKind.TRIGGER:  # a triggered item that asks (D4.16)
            return say("must_answer_trigger", player=player, holder=asked.ship_id(top.seat),
                       options=", ".join(asked.legal()))
        return say("must_choose", player=player, card=top.card,
                   options=", ".join(asked.legal()))
    if kind in (Decision.RECOVER, Decision.CHOOSE):
        if head != "recover":
            options = ", ".join(asked.legal())
            if kind == Decision.RECOVER:
                return say("must_recover_turn", player=player, options=options)
            return say("must_recover_effect", player=player, card=st.stack[-1].card,
                       options=options)
        who = seat if kind == Decision.RECOVER else owed_seat
        return say("no_crew_on", ship=asked.ship_id(who), source=move.source or "?")
    if kind == Decision.PLACE:
        return _place(asked, seat, move, whole)
    if kind == Decision.RESPOND:
        if move.kind is MoveKind.PASS:
            return say("just", word="pass")
        if move.kind is MoveKind.ORDER and asked.rules.response_orders:  # an order in answer
            return _order(asked, seat, move, whole, responding=True)
        if move.kind is not MoveKind.RESPOND:
            top = st.stack[-1]
            return say("must_respond", player=player, card=top.card, of=asked.ship_id(top.seat))
        return _maneuver(asked, seat, move, whole, responding=True)
    # the maneuvers phase
    if move.kind in (MoveKind.RESPOND, MoveKind.PASS):
        return say("no_window")
    if head in ("recover", "choose", "discard", "place"):
        return say("wrong_phase", word=head, phase=catalog(asked.lang)["phases"][st.phase])
    if move.kind is MoveKind.END:
        return say("just", word="end")
    if move.kind is MoveKind.ORDER:
        return _order(asked, seat, move, whole)
    return _maneuver(asked, seat, move, whole, responding=False)


def _place(asked: Asked, seat: int, move: Move, whole: bool) -> str | None:
    """Initial placement (R2.8) or war respawn (D8.4): a free, navigable box
    of the ship's side's start card."""
    say = asked.say
    ship = asked.state.ships[seat]
    rule = "D8.4" if ship.sunk else "R2.8"
    side = catalog(asked.lang)["sides"][ship.side]
    if move.kind is not MoveKind.PLACE:
        return say("must_place" if ship.sunk else "must_place_first", player=asked.ship_id(seat),
                   side=side)
    if not whole:
        return None
    board = asked.board
    box = move.box
    assert box is not None  # a place move names its box
    name = board.name(box)
    card = board.starts[ship.side]
    if box not in card:
        return say("place_off_card", box=name, side=side,
                   boxes=" ".join(board.name(b) for b in card), rule=rule)
    if board.is_island(box):
        return say("place_island", box=name, rule=rule)
    occupant = asked.queries.occupant()[box]
    if occupant >= 0:
        return say("place_occupied", box=name, ship=asked.ship_id(occupant), rule=rule)
    return say("not_free_start", box=name, side=side, rule=rule)


def _maneuver(asked: Asked, seat: int, move: Move, whole: bool,
              responding: bool) -> str | None:
    if move.card is None:  # not read: no maneuver
        return None
    card = asked.rules.maneuvers[move.card].played(move.mode, move.chosen)
    refusal = asked.queries.maneuver_refusal(seat, card, responding)
    if refusal is not None:
        return _in_mode(asked, card, _with_amount(asked, card, said(asked, refusal, card)),
                        refusal.words)
    return _in_mode(asked, card, _target_and_path(asked, seat, card, move, whole))


def _order(asked: Asked, seat: int, move: Move, whole: bool,
           responding: bool = False) -> str | None:
    if move.card is None:  # not read: no order card
        return None
    card = asked.rules.orders[move.card].played(move.mode, move.chosen)
    refusal = asked.queries.order_refusal(seat, card, responding)
    if refusal is not None:
        return _in_mode(asked, card, _with_amount(asked, card, said(asked, refusal, card)),
                        refusal.words)
    return _in_mode(asked, card, _target_and_path(asked, seat, card, move, whole))


#: The refusals of a card that are its mode's (D4.15): its ``usable if``, its
#: cost, its target's filter (the others are the card's, whatever its mode).
MODE_REFUSALS = frozenset({"not_usable", "no_crew", "filtered"})


def _in_mode(asked: Asked, card: CardDef, reason: str | None,
             words: str | None = None) -> str | None:
    """A reason about a mode of a card (D4.15) says which mode it is of
    (``words``: the refusal's key, None for a reason about its targets)."""
    if reason is None or card.mode is None or words is not None and \
            words not in MODE_REFUSALS:
        return reason
    return asked.say("in_mode", card=card.id, mode=card.mode, reason=reason)


# -- chosen amounts (D4.19) ------------------------------------------------------
def _with_amount(asked: Asked, card: CardDef, reason: str | None) -> str | None:
    """A refusal of a card played with an amount (D4.19) names the card and
    the amount it was written with: ``fireball 4: …``."""
    if reason is None or card.chosen is None:
        return reason
    return asked.say("in_amount", card=card.id, amount=card.chosen, reason=reason)


def _target_and_path(asked: Asked, seat: int, card: CardDef, move: Move,
                     whole: bool) -> str | None:
    """Checks of a target ship or area and of a path, once the card itself is
    usable, as far as the move was read."""
    say = asked.say
    board = asked.board
    tk = card.target.kind
    if tk is TargetKind.SELF:
        return _path(asked, card, move, seat, whole)
    if tk is TargetKind.AREA:
        size = {"width": card.target.width, "height": card.target.height}
        box = move.area
        if box is None:
            return None
        if board.area(box, card.target.width, card.target.height) is None:
            return say("area_off_board", box=board.name(box), **size)
        if card.target.map_card and not board.map_corner(box):
            return say("not_map_card", box=board.name(box))  # D2.19
        if not whole:
            return None
        return _placement(asked, seat, card, move) or say("area_only", card=card.id)
    if tk is TargetKind.BOX:
        return _box_target(asked, seat, card, move, whole)
    if card.target.counted and move.targets:
        return _targets(asked, seat, card, move)
    if card.second is not None and move.targets:
        return _second(asked, seat, card, move)
    target = move.target
    if target is None:
        return None
    refusal = asked.queries.target_refusal(seat, card, target)
    if refusal is not None:
        return said(asked, refusal, card)
    mover = target if card.mover is not None and card.mover.value == "target" else seat
    return _path(asked, card, move, mover, whole)


def _targets(asked: Asked, seat: int, card: CardDef, move: Move) -> str | None:
    """A counted target's ships (D4.13): each one a ship the card may target,
    none named twice, in seat order (the one spelling of a set)."""
    seen: set[int] = set()
    for target in move.targets:
        if target in seen:
            return asked.say("target_twice", card=card.id, ship=asked.ship_id(target))
        seen.add(target)
        refusal = asked.queries.target_refusal(seat, card, target)
        if refusal is not None:
            return said(asked, refusal, card)
    if list(move.targets) != sorted(move.targets):
        return asked.say("targets_order", card=card.id,
                         order=" ".join(asked.ship_id(t) for t in sorted(move.targets)))
    return _placement(asked, seat, card, move) or asked.say("not_legal")


def _second(asked: Asked, seat: int, card: CardDef, move: Move) -> str | None:
    """A target and a second target (D4.14): each a ship the card may
    target, the second another ship, of its set read with the first; the
    target alone, when the second may be none (``second target up to 1``)."""
    first, second = move.targets[0], move.targets[-1]
    for target, filtered in ((first, True), (second, False))[:len(move.targets)]:
        refusal = asked.queries.target_refusal(seat, card, target, filtered)
        if refusal is not None:
            return said(asked, refusal, card)
    if len(move.targets) == 1:
        return _placement(asked, seat, card, move) or asked.say("not_legal")
    if second == first:
        return asked.say("second_same", card=card.id, ship=asked.ship_id(first))
    item = StackItem(card.id, card.kind, seat, first,
                     answers=len(asked.state.stack) - 1 if asked.state.stack else None)
    if second not in card.second.seats(asked.queries, item):  # type: ignore[union-attr]
        return asked.say("second_filtered", card=card.id, ship=asked.ship_id(second),
                         target=asked.ship_id(first))
    return _placement(asked, seat, card, move) or asked.say("not_legal")


def _box_target(asked: Asked, seat: int, card: CardDef, move: Move, whole: bool) -> str | None:
    """A box target (D4.11): the box named, then the path of a card that moves."""
    say = asked.say
    box = move.area
    if box is None:
        return None
    name = asked.board.name(box)
    boxes = card.target.boxes
    assert boxes is not None  # a box target has its words
    refusal = boxes.refusal(asked.queries, seat, box)
    if card.jumps:
        refused_move = asked.queries.movement_refusal(seat)
        if refused_move is not None:
            return said(asked, refused_move)
    if refusal is BoxRefusal.ISLAND:
        return _island(asked, box)
    if refusal is BoxRefusal.NOT_OPEN or refusal is BoxRefusal.NOT_RUNNING:
        # the water it is now (D2.14), and the token that made it so
        return _made_terrain(asked, box) or say("box_" + refusal.value, box=name)
    if refusal is BoxRefusal.NOWHERE:
        return say("off_board", ship=asked.ship_id(seat))
    if refusal is BoxRefusal.NOT_EDGE:  # D2.24
        return say("box_not_edge", box=name)
    if refusal is BoxRefusal.NOT_START:  # D2.11
        return say("box_not_start", box=name)
    if refusal is BoxRefusal.NOT_NEAR:  # near another ship of a kind (D4.11)
        return say("box_not_near", boxes.within, box=name, reach=boxes.within,
                   ship=near_ship(boxes, asked.lang, frozenset(asked.rules.ships),
                                  asked.rules.words))
    if refusal is BoxRefusal.FAR:
        if BoxWord.ADJACENT in boxes.words:
            return say("box_next_to", box=name, ship=asked.ship_id(seat))
        return say("box_too_far", box=name, ship=asked.ship_id(seat), reach=boxes.reach)
    if refusal is BoxRefusal.TAKEN:
        return say("occupied", box=name, ship=asked.ship_id(asked.queries.occupant()[box]))
    if card.jumps and asked.state.tokens:
        blockade = _blockade(asked, seat, box)
        if blockade is not None:
            return blockade
    return _path(asked, card, move, seat, whole)


def _island(asked: Asked, box: int) -> str:
    """Why no ship may enter ``box``: it is an island (R2.3), printed or
    made by a terrain token lying there, which is named (D2.14)."""
    return _made_terrain(asked, box) or asked.say("island", box=asked.board.name(box))


def _made_terrain(asked: Asked, box: int) -> str | None:
    """D2.14: what the terrain token lying on ``box`` makes it, naming the
    token (the most closed terrain's, as the board of the moment has it);
    None where the box is as printed."""
    if not asked.state.tokens or asked.board.cells[box] == asked.queries.sea.printed.cells[box]:
        return None
    tokens = asked.rules.tokens
    made = [(tokens[t.kind].terrain, t.kind) for t in asked.state.tokens
            if t.box == box and tokens[t.kind].terrain is not None]
    terrain, kind = max(made, key=lambda pair: pair[0].closed)
    return asked.say("terrain_" + terrain.value, box=asked.board.name(box),
                     token=token_name(kind, asked.lang, asked.rules.words))


def _blockade(asked: Asked, mover: int, box: int) -> str | None:
    """Why ship ``mover`` may not enter ``box``: the token that closes it (D2.15)."""
    kind = asked.queries.blockade_at(mover, box)
    if kind is None:
        return None
    return asked.say("blockade", box=asked.board.name(box), ship=asked.ship_id(mover),
                     token=token_name(kind, asked.lang, asked.rules.words))


def _placement(asked: Asked, seat: int, card: CardDef, move: Move) -> str | None:
    """D2.14: why a card that only lays terrain tokens is not played where
    the move lays them: the first token refused, and why; None otherwise."""
    refusal = asked.queries.placement_refusal(seat, card, move.target, move.area, move.targets)
    if refusal is None:
        return None
    values = dict(refusal.values)
    values["token"] = token_name(values["token"], asked.lang, asked.rules.words)
    values["box"] = asked.board.name(values["box"])
    if "ship" in values:
        values["ship"] = asked.ship_id(values["ship"])
    return asked.say(refusal.words, **values)


def _path(asked: Asked, card: CardDef, move: Move, mover: int, whole: bool) -> str | None:
    say = asked.say
    if card.mover is None:  # a card that moves no ship (``mover`` is then its own)
        if not whole:
            return None
        return _placement(asked, mover, card, move) or say("not_legal")
    refusal = asked.queries.movement_refusal(mover)
    if refusal is not None:
        return said(asked, refusal, card)
    if not whole:
        return None
    board = asked.board
    occ = asked.queries.occupant()
    visited = {asked.state.ships[mover].position}  # the start counts as visited (D2.5a)
    for box in move.path:
        name = board.name(box)
        if board.is_island(box):
            return _island(asked, box)
        if box in visited:  # doubling back, voluntary steps included (D2.5d)
            return say("entered_twice", box=name)
        visited.add(box)
        if occ[box] >= 0 and occ[box] != mover:
            return say("occupied", box=name, ship=asked.ship_id(occ[box]))
        blockade = _blockade(asked, mover, box) if asked.state.tokens else None
        if blockade is not None:
            return blockade
    written, steps = " ".join(board.name(b) for b in move.path), asked.queries.steps(mover, card)
    if card.path_effect.straight and asked.queries.walk_board(mover).outcome_of(
            asked.state.ships[mover].position, steps, 0, move.path) is not None:
        return say("not_straight", path=written)  # legal but for its turn (D2.16)
    made = next((m for m in map(partial(_made_terrain, asked), move.path) if m), None)
    if made is not None:  # its water changed by a terrain token, named (D2.14)
        return say("bad_path", path=written, amount=steps) + "; " + made
    return say("bad_path", path=written, amount=steps)
