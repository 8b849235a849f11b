"""Why a move is illegal: the reason and the rule, in the game's language.

Only called for a string that is not among the legal moves (``Game.play``,
``Game.explain``), so it may be slow and thorough. It walks the same checks as the move
generator, in the order a player would think of them, and names the first
that fails. The sentences are the ``illegal`` templates of ``lang/*.yaml``.
A move that does not parse gets the closest legal moves (difflib) and how
many there are, never the whole list.
"""

from __future__ import annotations

import difflib

from .effects import primitive_of
from .exprs import BoxRefusal, BoxWord
from .exprs_text import a_ship, condition_text
from .i18n import ShipName, catalog, status_name, text
from .kinds import CardKind, Choice, Decision
from .model import TargetKind
from .text import status_rule_parts

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


def unknown(game, say, move: str) -> str:
    """A move that does not parse: the closest legal moves and their number, not the list."""
    legal = game.legal_moves()
    return say("unknown_move", amount=len(legal), move=move,
               hint=did_you_mean(game.lang, closest_moves(move, legal)))


def _ship_index(game, ship_id: str) -> int | None:
    for i, s in enumerate(game.state.ships):
        if s.id == ship_id:
            return i
    return None


def _short(word: str, limit: int = 12) -> str:
    """A word of the move as quoted in a reason: at most ``limit`` characters
    (a 4,300-digit row is not repeated whole)."""
    return word if len(word) <= limit else word[:limit - 1] + "…"


def _status_among(ship, names: frozenset[str]) -> str | None:
    """The first of the ship's statuses among ``names`` (``StatusRules``), or None."""
    return next((name for name, _ in ship.statuses if name in names), None)


def _forbidden_by(game, say, what: str, ship, status: str) -> str:
    """A status forbids ``what`` (maneuvers, responses, orders, movement): which,
    and until when."""
    spec = game.rules.statuses[status]
    name = status_name(status, game.lang, of_ship=True, words=game.rules.words)
    return say(f"status_{what}", ship=ship.id, status=name, until=_until(game, ship, spec))


def _until(game, ship, spec) -> str:
    """How long a ship's status lasts, said to any player: a duration over
    the turns of the card's player names that player's ship, with its article
    ("your" is the giver's word on the card, not the reader's), or says "its"
    when the ship gave it to itself."""
    rules = catalog(game.lang)["status_rules"]
    words = rules["until_giver"]
    if spec.duration.value not in words:
        return status_rule_parts(spec, game.lang)["until"]
    life = dict(ship.statuses).get(spec.id)
    giver = life.giver if life is not None else None
    if giver is None or game.state.ships[giver].id == ship.id:
        return rules["until"][spec.duration.value.replace(" your ", " its ")]
    return words[spec.duration.value].format(giver=ShipName(game.state.ships[giver].id,
                                                            game.lang, game.rules.words))


def explain(game, move: str) -> str:
    """Why ``move`` (normalised, not legal now) is illegal, in ``game.lang``."""
    def say(key: str, amount: int | None = None, **values) -> str:
        return text(game.lang, "illegal", key, amount, **values)

    eng = game.engine
    st = game.state
    words = move.split()
    if not words:
        return say("empty")
    pending = eng.pending()
    if pending is None:
        return say("over", winner=st.winner)
    kind, seat = pending
    ship = st.ships[seat]
    head = words[0]
    limit = game.rules.options.hand_limit

    if kind == Decision.DISCARD:
        if head != "discard":
            return say("must_discard", player=ship.id, count=len(st.hands[seat]), limit=limit)
        if len(words) != 2:
            return say("discard_one")
        return say("not_in_hand", card=words[1], player=ship.id)
    if kind == Decision.CHOOSE and \
            primitive_of(eng.owed_choice()[0]).choice is not Choice.CREW_SOURCE:
        return say("must_choose", player=ship.id, card=st.stack[-1].card,
                   options=", ".join(game.legal_moves()))
    if kind in (Decision.RECOVER, Decision.CHOOSE):
        if head != "recover":
            options = ", ".join(game.legal_moves())
            if kind == Decision.RECOVER:
                return say("must_recover_turn", player=ship.id, options=options)
            return say("must_recover_effect", player=ship.id, card=st.stack[-1].card,
                       options=options)
        who = st.ships[seat if kind == Decision.RECOVER else eng.owed_choice()[1]]
        return say("no_crew_on", ship=who.id, source=" ".join(words[1:]) or "?")
    if kind == Decision.PLACE:
        return _place(game, say, seat, words)
    if kind == Decision.RESPOND:
        if head == "pass":
            return say("just", word="pass")
        if head == "order":
            reason = _order_response(game, say, seat, words[1:])
            if reason is not None:
                return reason
        if head != "respond":
            top = st.stack[-1]
            return say("must_respond", player=ship.id, card=top.card, of=st.ships[top.seat].id)
        return _maneuver(game, say, seat, words[1:], responding=True)
    # the maneuvers phase
    if head in ("respond", "pass"):
        return say("no_window")
    if head in ("recover", "discard", "place"):
        return say("wrong_phase", word=head, phase=catalog(game.lang)["phases"][st.phase])
    if head == "end":
        return say("just", word="end")
    if head == "order":
        return _order(game, say, seat, words[1:])
    return _maneuver(game, say, seat, words, responding=False)


def _place(game, say, seat: int, words: list[str]) -> str:
    """Initial placement (R2.8) or war respawn (D8.4): a free, navigable box
    of the ship's side's start card."""
    ship = game.state.ships[seat]
    rule = "D8.4" if ship.sunk else "R2.8"
    side = catalog(game.lang)["sides"][ship.side]
    if words[0] != "place":
        return say("must_place" if ship.sunk else "must_place_first", player=ship.id,
                   side=side)
    if len(words) != 2:
        return say("place_one")
    board = game.board
    box = board.index(words[1])
    if box is None:
        return say("not_a_box", box=_short(words[1]))
    card = board.starts[ship.side]
    if box not in card:
        return say("place_off_card", box=words[1], side=side,
                   boxes=" ".join(board.name(b) for b in card), rule=rule)
    if board.is_island(box):
        return say("place_island", box=words[1], rule=rule)
    occupant = game.engine.occupant()[box]
    if occupant >= 0:
        return say("place_occupied", box=words[1], ship=game.state.ships[occupant].id,
                   rule=rule)
    return say("not_free_start", box=words[1], side=side, rule=rule)


def _maneuver(game, say, seat: int, words: list[str], responding: bool) -> str:
    st = game.state
    ship = st.ships[seat]
    if not words:
        return say("write_maneuver")
    name, rest = words[0], words[1:]
    rules = game.rules
    if name not in rules.maneuvers:
        if name in rules.orders:
            return say("is_order", card=name)
        return unknown(game, say, ("respond " if responding else "") + " ".join(words))
    spec = rules.ships[ship.type]
    if name not in spec.maneuvers:
        return say("no_maneuver", ship=ship.id, card=name)
    card = rules.maneuvers[name]
    forbid = rules.status_rules
    status = _status_among(ship, forbid.maneuvers)
    if status is not None:  # R9.1
        return _forbidden_by(game, say, "maneuvers", ship, status)
    status = _status_among(ship, forbid.responses) if responding else None
    if status is not None:
        return _forbidden_by(game, say, "responses", ship, status)
    if responding and not card.response:
        return say("not_response", card=name)
    if responding and st.stack[-1].kind not in card.answers:
        return _answers_other(say, card, st.stack[-1])
    if not responding and card.target.kind is TargetKind.SOURCE:
        return say("response_only", card=name)
    on = ship.crew_on[spec.maneuvers.index(name)]
    if on:
        return say("unavailable", card=name, count=on)
    if card.once and game.engine.spent(seat, name):
        return say("spent", card=name, player=ship.id)
    cost = game.engine.cost(seat, card)  # computed, or changed by a status or an ability
    if cost > ship.reserve:
        return say("no_crew", card=name, cost=cost, ship=ship.id, reserve=ship.reserve)
    if not game.engine.may_use(card, seat, responding):
        return _not_usable(game, say, card)
    return _target_and_path(game, say, seat, card, rest, is_order=False)


def _answers_other(say, card, top) -> str:
    """A response whose ``answers`` leave out the kind of the top item (R5.2)."""
    key = "answers_orders_only" if top.kind == CardKind.MANEUVER else "answers_maneuvers_only"
    return say(key, card=card.id, answered=top.card)


def _order_response(game, say, seat: int, words: list[str]) -> str | None:
    """Why an order card of the hand cannot answer the top item: it is no
    response, or answers another kind of item; None when neither."""
    card = game.rules.orders.get(words[0]) if words else None
    if card is None or card.id not in game.state.hands[seat]:
        return None
    if not card.response:
        return say("not_response", card=card.id)
    top = game.state.stack[-1]
    if top.kind not in card.answers:
        return _answers_other(say, card, top)
    return None


def _order(game, say, seat: int, words: list[str]) -> str:
    st = game.state
    ship = st.ships[seat]
    if not words:
        return say("write_card")
    name, rest = words[0], words[1:]
    if name not in game.rules.orders:
        return say("unknown_order", card=name, hint=did_you_mean(
            game.lang, closest_moves(" ".join(["order", *words]), game.legal_moves())))
    if name not in st.hands[seat]:
        return say("not_in_hand", card=name, player=ship.id)
    if st.orders_played >= game.rules.options.orders_per_turn:
        return say("order_played", ship=ship.id)
    status = _status_among(ship, game.rules.status_rules.orders)
    if status is not None:
        return _forbidden_by(game, say, "orders", ship, status)
    if game.rules.orders[name].once and game.engine.spent(seat, name):
        return say("spent", card=name, player=ship.id)
    if not game.engine.may_use(game.rules.orders[name], seat, False):
        return _not_usable(game, say, game.rules.orders[name])
    return _target_and_path(game, say, seat, game.rules.orders[name], rest, is_order=True)


def _target_and_path(game, say, seat: int, card, rest: list[str], is_order: bool) -> str:
    """Checks of a target ship or area and of a path, once the card itself is usable."""
    st = game.state
    board = game.board
    tk = card.target.kind
    if tk is TargetKind.SELF:
        if card.mover is None and rest:
            return say("self_no_target", card=card.id)
        return _path(game, say, card, rest, seat)
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
        return _box_target(game, say, seat, card, rest)
    if not rest:
        return say("needs_target", card=card.id)
    target = _ship_index(game, rest[0])
    if target is None:
        return say("no_ship", ship=rest[0], ships=", ".join(game.ships))
    if st.ships[target].position is None:
        return say("off_board", ship=rest[0])
    hidden = _hidden(game, say, seat, target, is_order)
    if hidden:
        return hidden
    if card.target.filter is not None and \
            not game.engine.allowed_targets(card, seat, [target], bool(st.stack)):
        return say("filtered", target=rest[0], card=card.id,
                   ship=a_ship(card.target.filter, game.lang, frozenset(game.rules.ships)))
    if not is_order:
        reach = game.engine.reach(seat, card)  # changed by a status or an ability
        visible = game.engine.visible_targets(seat, reach)
        if tk is TargetKind.SOURCE:
            source = st.stack[-1].seat
            if target != source:
                return say("must_target_source", card=card.id, answered=st.stack[-1].card,
                           source=st.ships[source].id)
        if target not in visible:
            return say("not_visible", target=rest[0], ship=st.ships[seat].id, range=reach)
    mover = target if card.mover is not None and card.mover.value == "target" else seat
    return _path(game, say, card, rest[1:], mover)


def _box_target(game, say, seat: int, card, rest: list[str]) -> str:
    """A box target (D4.11): the box named, then the path of a card that moves."""
    if not rest:
        return say("needs_box", card=card.id)
    board = game.board
    box = board.index(rest[0])
    if box is None:
        return say("not_a_box", box=_short(rest[0]))
    boxes = card.target.boxes
    refusal = boxes.refusal(game.engine, seat, box)
    ship = game.state.ships[seat]
    status = _status_among(ship, game.rules.status_rules.movement) if card.jumps else None
    if status is not None:
        return _forbidden_by(game, say, "movement", ship, status)
    if refusal is BoxRefusal.ISLAND:
        return say("island", box=rest[0])
    if refusal is BoxRefusal.NOWHERE:
        return say("off_board", ship=ship.id)
    if refusal is BoxRefusal.FAR:
        if BoxWord.ADJACENT in boxes.words:
            return say("box_next_to", box=rest[0], ship=ship.id)
        return say("box_too_far", box=rest[0], ship=ship.id, reach=boxes.reach)
    if refusal is BoxRefusal.TAKEN:
        holder = game.engine.occupant()[box]
        return say("occupied", box=rest[0], ship=game.state.ships[holder].id)
    return _path(game, say, card, rest[1:], seat)


def _not_usable(game, say, card) -> str:
    """A card whose ``usable if`` fails now (exprs.py)."""
    return say("not_usable", card=card.id,
               cond=condition_text(card.usable, game.lang, False, frozenset(game.rules.ships)))


def _path(game, say, card, rest: list[str], mover: int) -> str:
    if card.mover is None:
        return say("no_path_taken", card=card.id) if rest else say("not_legal")
    moved = game.state.ships[mover]
    status = _status_among(moved, game.rules.status_rules.movement)
    if status is not None:
        return _forbidden_by(game, say, "movement", moved, status)
    if not rest:
        return say("needs_path", card=card.id)
    board = game.board
    occ = game.engine.occupant()
    visited = {game.state.ships[mover].position}  # the start counts as visited (D2.5a)
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
            return say("occupied", box=name, ship=game.state.ships[occ[box]].id)
    amount = card.path_effect.amount
    if game.engine.mods is not None:  # changed by a status or an ability
        amount = game.engine.mods.steps(moved, mover, amount, card.id)
    return say("bad_path", path=" ".join(rest), amount=amount)


def _hidden(game, say, seat: int, target: int, is_order: bool) -> str | None:
    """A status or ability that keeps the card's kind from targeting the ship: why."""
    mods = game.engine.mods
    if mods is None or target == seat:
        return None
    ship = game.state.ships[target]
    spec = mods.hidden_by(ship, target, CardKind.ORDER if is_order else CardKind.MANEUVER)
    if spec is None:
        return None
    return say("untargetable_order" if is_order else "untargetable_maneuver", target=ship.id,
               status=status_name(spec.id, game.lang, of_ship=True, words=game.rules.words),
               until=_until(game, ship, spec))
