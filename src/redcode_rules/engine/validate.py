"""The one validator: what a game state must satisfy, each problem with its place.

``check_state`` checks a ``GameState`` against its rules and board in two
stages. ``FIELDS``: every field in range and referring to what exists (the
seats, boxes, order cards and catch-up rules its fields name, by their
``Ref`` metadata in model/state.py), the sides (R1.2, D2.9), the start cards
(D2.7) and every stack item as a declaration makes it — a state that fails
these would crash the engine, so the rules are checked only once they hold.
``RULES``: what every reachable state keeps (crew, tracks, positions,
placement, cards). Its users:

- saves (formats/saves.py): a field problem is reported at its field
  (``state.stack[0].target``), a rule as an inconsistent state;
- scenarios (formats/scenario.py), after reading: at the scenario's own field names
  (``ships.blue-submarine.at``);
- new games (engine/setup.py): the sides (``team_problems``);
- ``invariants.violations``, after every move of the random games and
  ``redcode fuzz``, which adds what only the whole game knows (a legal move
  exists, the stack and hand limits of the pending decision).
"""

from __future__ import annotations

import enum
from collections import Counter
from typing import Any, Callable, Iterator, Mapping, Sequence

import attrs

from ..base.errors import quote
from ..base.kinds import CardKind
from ..model.modifiers import most_crew_on, most_left, most_orders
from ..model.ruleset import Duration, Ruleset
from ..model.state import GameState, Ref, StackItem, referring_fields
from ..rules.board import CURRENT, MAX_RUNNING_WATER, Board, Terrain, with_terrain
from ..rules.exprs import MAX_FACES
from .declarations import declaration_fault

SIDES = ("blue", "red")
#: D2.9: the sizes a side may have (equal sides, 1v1 to 3v3).
SIDE_SIZES = (1, 2, 3)
MODES = ("war", "arena")
PHASES = ("recover", "place", "main", "over")


class Stage(enum.Enum):
    """Which of the two stages of ``check_state`` found a problem."""

    FIELDS = "fields"  # a field out of range or naming nothing: the engine cannot run it
    RULES = "rules"    # a rule every reachable state keeps is broken


@attrs.frozen
class Problem:
    """One thing a state gets wrong: where (a path into the state, ``()`` for
    the state as a whole) and why, as a sentence that names its rule."""

    place: tuple[str | int, ...]
    reason: str
    stage: Stage = Stage.RULES

    def field(self, ids: Sequence[str], names: Mapping[str, str] | None = None) -> str:
        """The place as a dotted field name: seats of ``ships`` and ``hands``
        named by ship id (``ships.blue-submarine.position``), other indexes in
        brackets (``stack[0].target``); ``names`` renames the parts (a
        scenario calls ``position`` ``at``)."""
        out = ""
        for index, part in enumerate(self.place):
            if isinstance(part, int):
                seated = index and self.place[index - 1] in ("ships", "hands")
                out += f".{ids[part]}" if seated and 0 <= part < len(ids) else f"[{part}]"
            else:
                part = (names or {}).get(part, part)
                out += f".{part}" if out else part
        return out

    def __str__(self) -> str:
        return self.reason


def check_state(state: GameState, rules: Ruleset, board: Board, cards_total: int | None = None,
                tracks: Callable[[int], tuple[int, int]] | None = None) -> list[Problem]:
    """Every problem of ``state`` under ``rules`` on ``board`` (built from the
    state's map and start cards), empty if none: the first field problem
    found, or else every broken rule. ``cards_total`` is the number of order
    cards the game started with (scenarios may start with fewer than the deck).
    ``tracks`` gives a seat's repair and breakdown tracks' sizes now, asked
    only of a state whose fields are good (D9.15, ``queries.track_sizes``);
    None: its ship type's."""
    for problem in _field_problems(state, rules, board):
        return [problem]
    return list(_rule_problems(state, rules, board, cards_total, tracks))


def team_problems(ships: Sequence[tuple[str, str, str]]) -> list[Problem]:
    """R1.2: one ship of each type per side; D2.9: equal sides, 1v1 to 3v3.
    ``ships`` are (side, type, id) by seat; sunk (war) and eliminated (arena)
    ships keep their seats, so they count. The place of a second ship of a
    type is its seat."""
    out = []
    blue, red = (sum(1 for side, _, _ in ships if side == s) for s in SIDES)
    if blue != red or blue not in SIDE_SIZES:
        out.append(Problem(("ships",), f"sides of {blue} and {red} ships ({blue}v{red}): sides "
                           "are equal, 1v1, 2v2 or 3v3 (D2.9)", Stage.FIELDS))
    seen: dict[tuple[str, str], int] = {}  # (side, type) → its first seat
    for seat, (side, kind, _) in enumerate(ships):
        first = seen.setdefault((side, kind), seat)
        if first != seat:
            out.append(Problem(("ships", seat), f"{side} already has a {kind} "
                               f"({ships[first][2]}): one ship of each type per side (R1.2)",
                               Stage.FIELDS))
    return out


# ------------------------------------------------------------------ fields


def _field_problems(state: GameState, rules: Ruleset, board: Board) -> Iterator[Problem]:
    """Enough that the engine can run the state: in order, so that each check
    may rely on those before it (the caller stops at the first problem)."""
    opts = rules.options

    def problem(place: tuple, reason: str) -> Problem:
        return Problem(place, reason, Stage.FIELDS)

    for side, boxes in board.starts.items():
        for box in boxes:
            if board.is_island(box):  # D2.7: every ship has a box to start on and return to
                yield problem(("start_cards", side), f"{board.name(box)} on the {side} start "
                              "card is an island: start cards are open water (D2.7, R2.8)")
    yield from team_problems([(s.side, s.type, s.id) for s in state.ships])
    n = len(state.ships)
    if n < 2 or len(state.hands) != n:
        yield problem(("ships",), "ships and hands do not match")
    if state.mode not in MODES:
        yield problem(("mode",), f"unknown mode {quote(state.mode)}")
    ids = set()
    for seat, ship in enumerate(state.ships):
        spec = rules.ships.get(ship.type)
        if spec is None or len(ship.crew_on) != len(spec.maneuvers):
            yield problem(("ships", seat), "not a ship of this ruleset")
        if ship.id in ids:
            yield problem(("ships", seat), "two ships with one id")
        ids.add(ship.id)
        yield from _ref_problems(ship, ("ships", seat), state, rules, board)
        if ship.side not in SIDES:
            yield problem(("ships", seat, "side"), "sides are blue and red")
    yield from _ref_problems(state, (), state, rules, board)
    yield from _token_problems(state, rules, board)
    if state.phase not in PHASES:
        yield problem(("phase",), f"unknown phase {quote(state.phase)}")
    if state.winner not in (None, "blue", "red", "draw") or \
            (state.winner is None) != (state.phase != "over"):
        yield problem(("winner",), "a winner is set exactly when the game is over")
    if set(state.score) != set(SIDES) or min(state.score.values()) < 0:
        yield problem(("score",), "needs blue and red, not negative")
    if not 1 <= state.turn_number <= opts.turn_limit + 1 or state.recover_left < 0 or \
            not 0 <= state.orders_played <= most_orders(rules):
        yield problem((), "turn_number, recover_left or orders_played out of range")
    if not 0 <= state.reopen_at <= max(len(state.stack) - 1, 0):
        yield problem(("reopen_at",), "out of range")
    if state.stack and not state.resolving and not state.asking:
        yield problem(("asking",), "a response window with nobody to ask")
    for index, item in enumerate(state.stack):
        yield from _item_problems(index, item, state, rules, board)
    for name in ("known", "shown", "spent"):  # what players saw and used (seats, cards)
        for index, record in enumerate(getattr(state, name)):
            yield from _ref_problems(record, (name, index), state, rules, board)
    yield from _fired_problems(state, rules)
    yield from _lifetime_problems(state, rules)


def _lifetime_problems(state: GameState, rules: Ruleset) -> Iterator[Problem]:
    """What is left of each status a ship has (``state.Lifetime``): its
    declared duration, 1 to ``most_left`` turn edges or uses, and uses (or
    damage points to prevent) 1 to the declared number for a status that
    counts them beside a time, none for any other (as saves read them)."""
    for seat, ship in enumerate(state.ships):
        for at, (name, life) in enumerate(ship.statuses):
            spec = rules.statuses.get(name)
            if spec is None:
                continue  # an undeclared status is the fields' problem
            place = ("ships", seat, "statuses", at)
            most = spec.uses if spec.uses and spec.duration is not Duration.USES else 0
            if life.lasts is not spec.duration or not 1 <= life.left <= most_left(spec) \
                    or not (1 <= life.uses <= most if most else life.uses == 0):
                yield Problem(place, f"{name} lasts {quote(spec.duration.value)} with 1 to "
                              f"{most_left(spec)} left" + (f" and 1 to {most} uses"
                                                           if most else ""), Stage.FIELDS)


def _fired_problems(state: GameState, rules: Ruleset) -> Iterator[Problem]:
    """``fired``: each a holder and the key of one of its triggers that fire
    once per turn (``holder/trigger``, ``Engine.queue``), each once."""
    index = rules.trigger_index
    once = {t.key for group in (index.statuses, index.ships, index.tokens)
            for triggers in group.values() for t in triggers if t.once}
    seen = set()
    for at, entry in enumerate(state.fired):
        holder, _, key = entry.partition("/")
        if not holder or key not in once or entry in seen:
            yield Problem(("fired", at), f"{quote(entry)} is not a trigger that fires once per "
                          "turn, fired this turn (holder/trigger)", Stage.FIELDS)
        seen.add(entry)


def _token_problems(state: GameState, rules: Ruleset, board: Board) -> Iterator[Problem]:
    """The tokens on the board (``place_token``): a declared kind on a box of
    the board that is not an island, owned by a seat; one of a kind per box."""
    seen = set()
    for index, token in enumerate(state.tokens):
        place = ("tokens", index)
        fault = next(iter(_ref_problems(token, place, state, rules, board)), None)
        if fault is not None:
            yield fault
            continue
        if board.is_island(token.box):
            yield Problem((*place, "box"), f"{board.name(token.box)} is an island: a token "
                          "lies on water", Stage.FIELDS)
        if token.left not in (1, 2):
            yield Problem((*place, "left"), "a token has 1 or 2 turn starts or ends of its "
                          "owner left", Stage.FIELDS)
        if (token.kind, token.box) in seen:
            yield Problem(place, f"a second {token.kind} on {board.name(token.box)}: a box "
                          "holds one token of a kind", Stage.FIELDS)
        seen.add((token.kind, token.box))
        yield from _terrain_problems(state, rules, board, index)


def _terrain_problems(state: GameState, rules: Ruleset, board: Board,
                      index: int) -> Iterator[Problem]:
    """D2.14: a token that makes an island lies on a box with no ship, and
    the terrain tokens up to this one keep the board's bound of running water."""
    token = state.tokens[index]
    terrain = rules.tokens[token.kind].terrain
    if terrain is None:
        return
    place = ("tokens", index)
    if terrain is Terrain.ISLAND and any(s.position == token.box for s in state.ships):
        yield Problem((*place, "box"), f"{board.name(token.box)} holds a ship: a token that "
                      "makes an island lies on a box with no ship (D2.14)", Stage.FIELDS)
    placed = [(t.box, rules.tokens[t.kind].terrain) for t in state.tokens[:index + 1]
              if t.kind in rules.tokens and rules.tokens[t.kind].terrain is not None]
    running = with_terrain(board.cells, placed).count(CURRENT)
    if running > MAX_RUNNING_WATER:
        yield Problem((*place, "box"), f"the terrain tokens make {running} boxes of running "
                      f"water: a board holds at most {MAX_RUNNING_WATER} (D2.14)", Stage.FIELDS)


def _ref_problems(record: Any, place: tuple, state: GameState, rules: Ruleset,
                  board: Board) -> Iterator[Problem]:
    """Each value of a referring field (``Ref`` metadata; a list's items, a
    list of lists' items) that names nothing: a seat past the ships, a box
    off the board, an unknown order card, a catch-up rule the rules lack.
    None is allowed where the field's type allows it."""
    for name, kind, optional in referring_fields(type(record)):
        value = getattr(record, name)
        for item in value if isinstance(value, list) else [value]:
            for one in item if isinstance(item, list) else [item]:
                if one is None and optional:
                    continue
                reason = _ref_fault(kind, one, state, rules, board)
                if reason:
                    yield Problem((*place, name), reason, Stage.FIELDS)


def _ref_fault(kind: Ref, value: Any, state: GameState, rules: Ruleset,
               board: Board) -> str | None:
    if kind is Ref.SEAT:
        ok = isinstance(value, int) and 0 <= value < len(state.ships)
        return None if ok else f"no seat {quote(value)}"
    if kind is Ref.BOX:
        return None if isinstance(value, int) and 0 <= value < board.size else "off the board"
    if kind is Ref.ORDER:
        return None if value in rules.orders else f"unknown order card {quote(value)}"
    if kind is Ref.TOKEN:
        return None if value in rules.tokens else f"unknown token {quote(value)}"
    ok = isinstance(value, int) and 0 <= value < len(rules.options.catchup)
    return None if ok else f"no catch-up rule {quote(value)}"


# -- chosen amounts (D4.19) ------------------------------------------------------
def _amount_fault(item: StackItem, card) -> str | None:
    """Why a stack item's amount is not one its card (or mode) may be played
    with (D4.19), or None: none for a card that chooses none, else one of its
    amounts."""
    amounts = [way.chosen for way in card.amounts]
    if (item.chosen is None) == (not amounts) and (item.chosen is None
                                                   or item.chosen in amounts):
        return None
    if not amounts:
        return f"{card.id} chooses no amount (D4.19)"
    return f"{card.id} is played with an amount of {amounts[0]} to {amounts[-1]} (D4.19)"


def _item_problems(index: int, item: StackItem, state: GameState, rules: Ruleset,
                   board: Board) -> Iterator[Problem]:
    """A stack item as the move that declared it makes one (R5.1–R5.3)."""
    place = ("stack", index)

    def problem(part: str | None, reason: str) -> Problem:
        return Problem(place if part is None else (*place, part), reason, Stage.FIELDS)

    if item.kind == "trigger":  # a triggered item that asks (D4.16)
        return (yield from _triggered_problems(item, index, state, rules, board, problem))
    cards = {"maneuver": rules.maneuvers, "order": rules.orders}.get(item.kind)
    if cards is None:
        yield problem("kind", f"{quote(item.kind)} is not maneuver, order or trigger")
        return
    if item.card not in cards:
        yield problem(None, f"unknown {item.kind} {quote(item.card)}")
        return
    card = cards[item.card]
    modes = [way.mode for way in card.modes]
    asked = card.modes_by is not None and item.mode is None  # its mode not chosen yet (D4.17)
    if not asked and (item.mode is None) != (not modes) or \
            item.mode is not None and item.mode not in modes:
        need = f"one of its modes ({', '.join(modes)})" if modes else "no mode"
        yield problem("mode", f"{card.id} is played in {need} (D4.15)")
        return
    card = card.in_mode(item.mode)  # the mode played: its effects, target and path (D4.15)
    fault = _amount_fault(item, card)
    if fault:
        yield problem("chosen", fault)
        return
    card = card.with_amount(item.chosen)  # the amount played (D4.19)
    found = list(_ref_problems(item, place, state, rules, board))
    if found:
        yield found[0]
        return
    if item.pending and item.owed_about is None:
        yield problem("owed_about", "choices are owed for no ship")
    elif item.owed_after and not item.pending:
        yield problem("owed_after", "choices are owed after the answers owed now, and none is")
    elif item.answers is not None and not 0 <= item.answers < index:
        yield problem("answers", "must be an item below this one")
    elif item.wreck is not None:
        yield problem("wreck", "only a triggered item measures from where a ship sank (D9.16)")
    elif not 0 <= item.next_effect <= len(card.effects) or item.pending < 0:
        yield problem(None, "resolution position out of range")
    elif item.dealt < 0:
        yield problem("dealt", "what its last damage dealt is 0 or more")
    elif item.left_over < 0:
        yield problem("left_over", "what its last damage left over is 0 or more")
    elif not 0 <= item.rolled <= MAX_FACES:
        yield problem("rolled", f"a roll is 0 (none yet) to {MAX_FACES} (D4.18)")
    else:
        reason = declaration_fault(item, card, state, board, rules)
        if reason:
            yield problem(*reason)


def _triggered_problems(item: StackItem, index: int, state: GameState, rules: Ruleset,
                        board: Board, problem: Any) -> Iterator[Problem]:
    """A triggered item waiting on the stack (D4.16) as ``Resolver.stacked`` makes
    one: a trigger that asks, or one set off after it (under it, waiting its
    turn), the event's ships, its position; no card's choices."""
    trigger = rules.trigger_index.keyed(item.card)
    index_of = rules.trigger_index.keyed
    if trigger is None or not trigger.asks and not any(  # set off with one that asks, after it
            above.kind == CardKind.TRIGGER and (asks := index_of(above.card)) is not None
            and asks.asks for above in state.stack[index + 1:]):
        yield problem("card", f"{quote(item.card)} is not a trigger that asks a choice, nor "
                              "one set off after such a trigger, which waits under it (D4.16)")
        return
    found = list(_ref_problems(item, ("stack", index), state, rules, board))
    if found:
        yield found[0]
    elif item.mode is not None or item.path or item.area is not None or item.targets:
        yield problem(None, "a triggered item has no mode, path, area or several targets")
    elif (item.here is None) != (not item.card.startswith("token:")):
        yield problem("here", "the box of the token holding it, for a token's trigger only")
    elif item.pending and item.owed_about is None:
        yield problem("owed_about", "choices are owed for no ship")
    elif item.answers is not None and not 0 <= item.answers < index:
        yield problem("answers", "must be an item below this one")
    elif not 0 <= item.next_effect <= len(trigger.effects) or item.pending < 0:
        yield problem(None, "resolution position out of range")


# ------------------------------------------------------------------- rules


def _rule_problems(state: GameState, rules: Ruleset, board: Board, cards_total: int | None,
                   tracks: Callable[[int], tuple[int, int]] | None) -> Iterator[Problem]:
    """The rules every reachable state keeps; the fields are known good."""
    seen: dict[int, str] = {}
    placing = state.placing()
    for seat, ship in enumerate(state.ships):
        at = ("ships", seat)
        spec = rules.ships[ship.type]
        for name, n in zip(spec.maneuvers, ship.crew_on):
            card = rules.maneuvers[name]  # a computed cost was counted when it was used
            if n > card.cost and card.computed_cost is None and (
                    not rules.status_rules.modifying
                    or n > most_crew_on(rules, ship.type, card.cost, len(state.ships))):
                yield Problem((*at, "crew_on", name), f"{ship.id}: {n} crew on {name}, more "
                              "than its cost (R4.1)")
        crew = ship.reserve + sum(ship.crew_on) + ship.withdrawn
        if min(ship.withdrawn, *ship.crew_on) >= 0 > ship.reserve and crew == spec.crew:
            yield Problem((*at, "crew_on"), f"{ship.id}: {crew - ship.reserve} crew on "
                          f"maneuvers and withdrawn, more than its {spec.crew} (R1.3)")
        elif min(ship.reserve, ship.withdrawn, *ship.crew_on) < 0:
            yield Problem((*at, "crew_on"), f"{ship.id}: a negative crew count (R4.1)")
        if crew != spec.crew:
            yield Problem((*at, "reserve"), f"{ship.id}: crew total {crew}, not {spec.crew} "
                          "(R1.3)")
        if not 0 <= ship.skips <= rules.options.turn_limit:
            yield Problem((*at, "skips"), f"{ship.id}: turns to skip {ship.skips} outside "
                          f"0..{rules.options.turn_limit} (D6.5)")
        repairs, breakdowns = (spec.repairs, spec.breakdowns) if tracks is None else \
            tracks(seat)  # the tracks' sizes now (D9.15)
        if not 0 <= ship.repairs <= repairs:
            yield Problem((*at, "repairs"), f"{ship.id}: repairs {ship.repairs} outside "
                          f"0..{repairs} (R3.4, D9.15)")
        if not 0 <= ship.breakdowns <= breakdowns:
            yield Problem((*at, "breakdowns"), f"{ship.id}: breakdowns {ship.breakdowns} "
                          f"outside 0..{breakdowns} (D9.15)")
        if ship.sunk and ship.position is not None:
            yield Problem((*at, "position"), f"{ship.id}: sunk but at "
                          f"{board.name(ship.position)} (R9.2)")
        if not ship.sunk and ship.position is None and not placing:
            yield Problem((*at, "position"), f"{ship.id}: off the board, neither sunk nor "
                          "waiting to be placed (R2.8, R9.2)")
        if not ship.sunk and ship.repairs == 0 and ship.breakdowns == 0:
            yield Problem((*at, "repairs"), f"{ship.id}: afloat with no repairs and no "
                          "breakdowns (R3.2)")
        if ship.position is not None:
            if board.is_island(ship.position):
                yield Problem((*at, "position"), f"{ship.id}: on the island "
                              f"{board.name(ship.position)} (R2.3)")
            if ship.position in seen:
                yield Problem((*at, "position"), f"{ship.id} and {seen[ship.position]} share "
                              f"{board.name(ship.position)} (R2.4)")
            seen[ship.position] = ship.id
        if ship.eliminated and state.hands[seat]:
            yield Problem(("hands", seat), f"{ship.id}: eliminated with cards in hand")
    yield from _knowledge_problems(state, rules)
    if placing:
        yield from _placement_problems(state, board)
    elif state.mode == "arena" and state.phase != "over":
        for side in SIDES:
            if all(ship.sunk for ship in state.ships if ship.side == side):
                yield Problem(("ships",), f"every {side} ship is sunk: in arena the game would "
                              "be over (R8.1)")
    total = len(state.deck) + len(state.discard) + sum(len(h) for h in state.hands)
    if total > rules.options.deck_size:
        yield Problem(("deck",), f"{total} order cards in deck, discard and hands; the deck "
                      f"has {rules.options.deck_size} (R1.4)")
    if cards_total is not None and total != cards_total:
        yield Problem(("deck",), f"{total} order cards in deck, hands and discards, not "
                      f"{cards_total} (R1.4)")
    if state.phase == "over" and state.stack:
        yield Problem(("stack",), "game over with items on the stack")
    if state.phase != "over" and state.mode == "war" and \
            max(state.score.values()) >= rules.options.victory_points:
        yield Problem(("score",), f"score {state.score} reached the victory points but the "
                      "game goes on")


def _knowledge_problems(state: GameState, rules: Ruleset) -> Iterator[Problem]:
    """What a player knows of another's hand is in that hand, one record per
    pair of players (``Known``); what every player saw come into a hand
    (``Shown``) is in it, one record per hand, and each other player still
    in the game knows it there; a card spent once per game says ``once``."""
    pairs = set()
    for index, known in enumerate(state.known):
        place = ("known", index)
        if known.viewer == known.owner or (known.viewer, known.owner) in pairs:
            yield Problem(place, "one record per viewer of another player's hand")
        pairs.add((known.viewer, known.owner))
        yield from _in_hand(state, known.owner, known.cards, (*place, "cards"),
                            "is known to be in")
    owners = set()
    for index, shown in enumerate(state.shown):
        place = ("shown", index)
        if shown.owner in owners:
            yield Problem(place, "one record per hand of what every player saw come in")
        owners.add(shown.owner)
        yield from _in_hand(state, shown.owner, shown.cards, (*place, "cards"),
                            "was seen by every player coming into")
        for viewer, ship in enumerate(state.ships):
            if viewer == shown.owner or ship.eliminated:
                continue
            known = next((k.cards for k in state.known
                          if (k.viewer, k.owner) == (viewer, shown.owner)), [])
            if Counter(shown.cards) - Counter(known):
                yield Problem((*place, "cards"), f"every player saw {', '.join(shown.cards)} "
                              f"come into the hand of {state.ships[shown.owner].id}, but "
                              f"{ship.id} does not know "
                              f"{'it' if len(shown.cards) == 1 else 'them'} there (known)")
                break
    for index, spent in enumerate(state.spent):
        card = rules.maneuvers.get(spent.card) or rules.orders.get(spent.card)
        if card is None or not card.once:
            yield Problem(("spent", index, "card"), f"{quote(spent.card)} is not a card used "
                          "once per game")


def _in_hand(state: GameState, owner: int, cards: list[str], place: tuple,
             how: str) -> Iterator[Problem]:
    """The first card of ``cards`` (that ``how`` the hand) which ``owner``'s
    hand does not hold, copy for copy."""
    hand = list(state.hands[owner])
    for card in cards:
        if card not in hand:
            yield Problem(place, f"{card} {how} the hand of {state.ships[owner].id}, "
                          "which does not hold it")
            return
        hand.remove(card)


def _placement_problems(state: GameState, board: Board) -> Iterator[Problem]:
    """R2.8: ships are placed in seat order, none is sunk before the first
    turn, and each side's start card has a free navigable box for each of its
    ships still to be placed."""
    ships = state.ships
    first = state.unplaced()
    if first != state.turn:
        yield Problem(("turn",), f"{ships[state.turn].id} places its ship, but the next in "
                      f"seat order is {ships[first].id if first >= 0 else 'nobody'} (R2.8)")
    for seat, ship in enumerate(ships):
        if ship.sunk:
            yield Problem(("ships", seat, "sunk"), f"{ship.id}: no ship is sunk before the "
                          "first turn (R2.8)")
    taken = {s.position for s in ships if s.position is not None}
    for side in SIDES:
        waiting = sum(1 for s in ships if s.side == side and s.position is None and not s.sunk)
        free = [b for b in board.starts[side] if b not in taken and not board.is_island(b)]
        if waiting > len(free):
            yield Problem(("ships",), f"{waiting} {side} ships to place and {len(free)} free "
                          f"navigable boxes on the {side} start card (R2.8)")
