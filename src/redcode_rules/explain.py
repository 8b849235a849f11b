"""Why a move is illegal: the reason and the rule, in words a player reads.

Only called when ``play`` gets a string that is not among the legal moves,
so it may be slow and thorough. It walks the same checks as the move
generator, in the order a player would think of them, and names the first
that fails.
"""

from __future__ import annotations

from .model import TargetKind


def _ship_index(game, ship_id: str) -> int | None:
    for i, s in enumerate(game.state.ships):
        if s.id == ship_id:
            return i
    return None


def explain(game, text: str) -> str:
    eng = game._engine()
    gen = game._gen()
    st = game.state
    words = text.split()
    if not words:
        return "empty move"
    pending = eng.pending()
    if pending is None:
        return f"the game is over (winner: {st.winner})"
    kind, seat = pending
    ship = st.ships[seat]
    head = words[0]
    limit = game.rules.options.hand_limit

    if kind == "discard":
        if head != "discard":
            return f"{ship.id} holds {len(st.hands[seat])} order cards and must first discard " \
                   f"down to {limit} (R7.2)"
        card = words[1] if len(words) > 1 else "?"
        return f"{card} is not in {ship.id}'s hand" if len(words) == 2 else \
            "write one card: discard <card>"
    if kind in ("recover", "choose"):
        who = st.ships[seat if kind == "recover" else eng.subject(st.stack[-1])]
        if head != "recover":
            why = "at the start of the turn (R6.1)" if kind == "recover" else \
                f"for {st.stack[-1].card} (D6.4)"
            return f"{ship.id} must first recover crew {why}: " + ", ".join(game.legal_moves())
        source = words[1] if len(words) > 1 else "?"
        return f"no crew of {who.id} on {source} to recover (R6.1)"
    if kind == "place":
        if head != "place":
            return f"{ship.id} was sunk and must first be placed on its start card (R8.4)"
        return f"{words[-1]} is not a free box of {ship.side}'s start card (D8.4)"

    if kind == "respond":
        if head not in ("respond", "pass"):
            top = st.stack[-1]
            return f"{ship.id} must respond to {top.card} of {st.ships[top.seat].id} or pass " \
                   "(R5.2, D5.4)"
        if head == "pass":
            return "write just: pass"
        return _maneuver(game, gen, seat, words[1:], responding=True)
    # main phase
    if head in ("respond", "pass"):
        return "there is no item to respond to: responses answer a maneuver that can be " \
               "responded to (R5.1)"
    if head in ("recover", "discard", "place"):
        return f"'{head}' is not a decision of the {st.phase} phase"
    if head == "end":
        return "write just: end"
    if head == "order":
        return _order(game, gen, seat, words[1:])
    return _maneuver(game, gen, seat, words, responding=False)


def _target_and_path(game, seat: int, card, rest: list[str], what: str) -> str:
    """Common checks of a target ship and a path, once the card itself is usable."""
    st = game.state
    tk = card.target.kind
    if tk is TargetKind.SELF:
        if card.mover is None and rest:
            return f"{card.id} acts on its own ship and takes no target (R4.2)"
        return _path(game, seat, card, rest, seat)
    if tk is TargetKind.AREA:
        if not rest:
            return f"{card.id} needs the top-left box of a {card.target.width}x" \
                   f"{card.target.height} area (D7.5)"
        box = game.board.index(rest[0])
        if box is None:
            return f"{rest[0]} is not a box of the board"
        if game.board.area(box, card.target.width, card.target.height) is None:
            return f"a {card.target.width}x{card.target.height} area at {rest[0]} does not fit " \
                   "on the board (D7.5)"
        return f"{card.id} takes only the area's top-left box"
    if not rest:
        return f"{card.id} needs a target ship"
    target = _ship_index(game, rest[0])
    if target is None:
        return f"no ship {rest[0]!r}; ships are {', '.join(game.ships)}"
    if st.ships[target].position is None:
        return f"{rest[0]} is not on the board (R9.2)"
    if what != "order":
        eng = game._engine()
        occ = eng.occupant()
        visible = game._gen().visible_targets(seat, card.range, occ)
        if tk is TargetKind.SOURCE:
            source = st.stack[-1].seat
            if target != source:
                return f"{card.id} answers {st.stack[-1].card} and must target the ship that " \
                       f"performed it, {st.ships[source].id} (D4.7)"
        if target not in visible:
            return f"{rest[0]} is not in the visual field of {st.ships[seat].id} within range " \
                   f"{card.range} (R4.3)"
    mover = target if card.mover is not None and card.mover.value == "target" else seat
    return _path(game, seat, card, rest[1:], mover)


def _path(game, seat: int, card, rest: list[str], mover: int) -> str:
    if card.mover is None:
        if rest:
            return f"{card.id} takes no path"
        return "not legal now"
    if not rest:
        return f"{card.id} needs the boxes the ship enters, in order (D4.6)"
    for name in rest:
        if game.board.index(name) is None:
            return f"{name} is not a box of the board"
    eng = game._engine()
    boxes = [game.board.index(n) for n in rest]
    amount = card.move_effect.amount
    for b in boxes:
        if game.board.is_island(b):
            return f"{game.board.name(b)} is an island (R2.3)"
        occ = eng.occupant()
        if occ[b] >= 0 and occ[b] != mover:
            return f"{game.board.name(b)} holds {game.state.ships[occ[b]].id} (R2.4)"
    return f"{' '.join(rest)} is not a legal path for a move of {amount}: steps go to " \
           "neighbouring boxes, a box is entered once, running water forces one more step " \
           "(D4.6, R2.5, D2.5a)"


def _maneuver(game, gen, seat: int, words: list[str], responding: bool) -> str:
    st = game.state
    ship = st.ships[seat]
    if not words:
        return "write the maneuver: respond <maneuver> [<target>]"
    name, rest = words[0], words[1:]
    rules = game.rules
    if name not in rules.maneuvers:
        if name in rules.orders:
            return f"{name} is an order card: write 'order {name} ...'"
        return f"unknown move {' '.join(words)!r}; legal now: {', '.join(game.legal_moves())}"
    spec = rules.ships[ship.type]
    if name not in spec.maneuvers:
        return f"{ship.id} has no {name} maneuver (R1.5)"
    card = rules.maneuvers[name]
    if ship.intercepted:
        return f"{ship.id} is intercepted and can use no maneuver until its next turn (R9.1)"
    if responding and not card.response:
        return f"{name} cannot be used as a response (R5.2)"
    if not responding and card.target.kind is TargetKind.SOURCE:
        return f"{name} answers an item of the stack and is used only as a response (D4.7)"
    on = ship.crew_on[spec.maneuvers.index(name)]
    if on:
        return f"{name} is not available: {on} crew on it (R4.1)"
    if card.cost > ship.reserve:
        return f"{name} costs {card.cost} crew and {ship.id} has {ship.reserve} in reserve (R4.1)"
    return _target_and_path(game, seat, card, rest, "respond" if responding else "maneuver")


def _order(game, gen, seat: int, words: list[str]) -> str:
    st = game.state
    ship = st.ships[seat]
    if not words:
        return "write the card: order <card> [<target>]"
    name, rest = words[0], words[1:]
    if name not in game.rules.orders:
        return f"unknown order card {name!r}"
    if name not in st.hands[seat]:
        return f"{name} is not in {ship.id}'s hand"
    if st.orders_played >= game.rules.options.orders_per_turn:
        return f"{ship.id} has already played an order card this turn (R7.3)"
    return _target_and_path(game, seat, game.rules.orders[name], rest, "order")
