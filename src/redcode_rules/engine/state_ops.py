"""The state operations effect primitives call (the ``Ops`` of rules/effects.py,
which this object is): damage, regain, crew loss and recovery, moving,
cancelling, giving a status, scoring, sinking (at 0/0 or outright) and what
a sinking gives after the effect, the end of the game, refloating, tokens;
the hand, deck and knowledge operations are its base's (engine/hands.py).

Each is the one place its change to the state is made. A change of nothing
(a damage, regain or crew loss of 0) logs nothing and fires nothing. A
player is named by its seat, on the board or not (D8.7). An event that may
set off triggers is told to the trigger queue below (``triggers.fire``);
the resolver above resolves what it queued after the effect. Nothing here
knows any card by name.

Its length is the state's: every change a card can make is one operation
here, each the one place that change is made.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from ..base.kinds import TURN_EDGES, Edge, Mode, Phase, Pile, Side, TurnOf
from ..model.modifiers import ON_MOVE, fresh, players_kept, with_status
from ..model.ruleset import Duration, Modifier, among
from ..model.state import TokenState
from ..rules.effects import PILES, Selector
from ..rules.exprs import Scope, answered_targets, ship_of
from ..rules.triggers import TriggerEvent
from .hands import HandOps

if TYPE_CHECKING:
    from ..rules.effects import Resolving
    from .lifetimes import Lifetimes
    from .queries import RuleQueries
    from .trigger_queue import TriggerQueue

WAR, OVER = Mode.WAR, Phase.OVER
ENTERS, DAMAGED, SUNK = TriggerEvent.ENTERS, TriggerEvent.DAMAGED, TriggerEvent.SUNK
REPAIRS, BREAKDOWNS = Modifier.REPAIRS_TRACK, Modifier.BREAKDOWNS_TRACK


def damaged(repairs: int, breakdowns: int, full: int, amount: int) -> tuple[int, int]:
    """(repairs, breakdowns) after ``amount`` > 0 repair damage (R3.1): each
    point takes a repair, and a track emptied with a breakdown left turns
    that breakdown into ``full`` repairs at once. Counted, not looped, so its
    cost never depends on the amount: the ship holds ``repairs + breakdowns
    × full`` points, and what is left of them is written back the same way
    (at 0 the ship is at 0/0 and sinks, R3.2; damage past that is lost)."""
    left = repairs + breakdowns * full - amount
    if left <= 0:
        return 0, 0
    breakdowns = (left - 1) // full
    return left - breakdowns * full, breakdowns


def other_side(side: str) -> str:
    """The enemy of ``side``."""
    return Side.RED if side == Side.BLUE else Side.BLUE


class StateOps(HandOps):
    """The state operations on one state, on the pieces below them: the
    rule queries (what a selector's expression is read against, the free
    start boxes), the status lifetimes, the trigger queue. ``_owed`` holds
    the (sunk seat, sinker seat) of each sinking of the effect in progress:
    what they give is paid after it (``settle``), unless it ended the game
    (D8.6)."""

    __slots__ = ("mods", "_watch", "_while", "_tracks", "_rank", "queries", "lifetimes", "triggers",
                 "_owed", "_token_list", "_token_keys")

    def __init__(self, queries: RuleQueries, lifetimes: Lifetimes, triggers: TriggerQueue):
        super().__init__(queries.rules, queries.board, queries.state, queries.log, queries)
        self.queries = queries
        self.lifetimes = lifetimes
        self.triggers = triggers
        self.mods = queries.mods
        self._watch = triggers.watching
        self._while = self.rules.status_rules.conditional
        # the statuses that change a track's size (D9.15; none: never fitted)
        self._tracks = self.rules.status_rules.tracks
        # each declared status's place in declaration order (``set_status``)
        self._rank = {name: i for i, name in enumerate(self.rules.statuses)}
        self._owed: list[tuple[int, int]] = []
        # the (kind, box) of every token of ``_token_list`` (``token_keys``)
        self._token_list: list[TokenState] | None = None
        self._token_keys: set[tuple[str, int]] = set()

    def select(self, selector: Selector, item: Resolving, draw: bool = True) -> list[int]:
        """The ships an effect acts on, on the board (R9.2); ``draw``: a random pick's (D4.18)."""
        ships = self.state.ships
        if selector is Selector.SELF:
            seats = [item.seat]
        elif selector is Selector.TARGET:
            seats = [item.target] if item.target is not None else []
        elif selector is Selector.SOURCE:
            if item.answers is not None:
                seats = [self.state.stack[item.answers].seat]
            else:  # a triggered item's: the ship that caused its event, if any
                actor = getattr(item, "actor", None)  # None on the stack (D4.16)
                seats = [actor] if actor is not None and actor >= 0 else []
        elif selector is Selector.AREA:
            card = self.queries.card_of(item)
            boxes = self.board.area(item.area, card.target.width, card.target.height) or ()
            seats = [s for s, ship in enumerate(ships) if ship.position in boxes]
        elif selector is Selector.ANSWERED_TARGET:  # every ship the answered item targets
            seats = answered_targets(self.state.stack, item.answers)
        elif selector is Selector.TARGETS:  # a counted target's ships (D4.13)
            seats = list(getattr(item, "targets", ()))
        elif selector is Selector.SECOND:  # the second target (D4.14)
            seats = list(getattr(item, "targets", ())[1:2])
        elif selector is Selector.ANSWERED or selector is Selector.TARGET_BOX or selector in PILES:
            seats = []  # not a ship (a stack item, a box, a zone of cards)
        elif selector is Selector.YOU:  # the card's player: its ship anywhere (D9.8)
            return [item.seat]
        else:  # a set of ships or players (exprs.Ships, exprs.Players)
            return self.one_of(selector, selector.seats(self.queries, item), draw)
        # a ship off the board cannot be affected (R9.2)
        return [s for s in seats if ships[s].position is not None]

    def damage(self, seat: int, amount: int, actor: int, card: str = "") -> tuple[int, int]:
        """Repair damage with the breakdown conversion (R3.1); sinks at 0/0 (R3.2).
        What acts on the dealer (``actor``, with ``card``: "" for a trigger)
        changes the damage dealt, then a status may send it to another ship
        or change it (``taken``, D9.5). A damage of 0 (or changed to 0) is
        none: nothing logged, nothing fired. Returns what the ship took (the
        damage, at most what it held) and what was left over past it."""
        if self.mods is not None:
            if actor >= 0:
                amount = self.dealt(actor, amount, card)
            seat, amount = self.taken(seat, amount, card)
        if amount <= 0:
            return 0, 0
        ship = self.state.ships[seat]
        full = self.queries.track(seat, REPAIRS)  # a breakdown refills to its size now (D9.15)
        held = ship.repairs + ship.breakdowns * full
        ship.repairs, ship.breakdowns = damaged(ship.repairs, ship.breakdowns, full, amount)
        self.event("damage", ship=ship.id, amount=amount, repairs=ship.repairs,
                   breakdowns=ship.breakdowns)
        if self._watch:  # with the card that dealt it, none for a trigger's (D9.20)
            known = card in self.rules.maneuvers or card in self.rules.orders
            self.triggers.fire(DAMAGED, seat, actor, card=card if known else None, dealt=amount)
        if ship.repairs == 0 and ship.breakdowns == 0:
            self.sink(seat, actor)
        return min(amount, held), max(0, amount - held)

    def remove_statuses(self, seat: int, names: tuple[str, ...], count: int = 0) -> None:
        """End the ship's statuses named ``names`` (``remove_status``); each end
        is logged as any other (``Lifetimes.keep``). ``count``: take that many
        counts off each instead (D9.9), a status ending with its last."""
        ship = self.state.ships[seat]
        if not ship.statuses:
            return
        if count:
            kept = []
            for name, life in ship.statuses:
                if name in names and life.count > count:
                    life = attrs.evolve(life, count=life.count - count)
                    self.event("status_count", ship=ship.id, status=name, count=life.count)
                elif name in names:
                    continue
                kept.append((name, life))
            self.lifetimes.keep(ship, tuple(kept))
            return
        self.lifetimes.keep(ship, tuple(p for p in ship.statuses if p[0] not in names))

    def extra_turn(self, seat: int) -> None:
        """Seat ``seat``'s player takes a turn after the one being played (D6.5)."""
        self.state.extra_turns.append(seat)
        self.event("extra_turn", player=self.state.ships[seat].id)

    def skip_turn(self, seat: int) -> None:
        """Seat ``seat``'s player skips its next turn; skips add up (D6.5)."""
        ship = self.state.ships[seat]
        ship.skips += 1
        self.event("skip_turn", player=ship.id)

    def dealt(self, actor: int, amount: int, card: str) -> int:
        """A damage as the dealer's statuses, abilities and auras make it
        (``modify damage dealt``); each status that changed it loses a use."""
        ship = self.state.ships[actor]
        amount, changed = self.mods.dealt(ship, actor, amount, card)
        if changed and ship.statuses:
            self.lifetimes.use(ship, (Modifier.DAMAGE_DEALT,), card=card)
        return amount

    def taken(self, seat: int, amount: int, card: str = "") -> tuple[int, int]:
        """The ship that takes a damage and how much: a status of the ship
        hit may send it to its giver's ship (once: not sent on again), then
        the statuses and abilities of the ship that takes it change it, those
        for the card that deals it (``card``; "" for a trigger's) among them
        (at least 0, D9.5), then a status that prevents damage ignores what
        it can. Each status that did so loses a use (a prevented point each);
        one whose change made no difference (a bound the damage was within)
        loses none (D9.14)."""
        mods = self.mods
        ships = self.state.ships
        sent = mods.redirected(ships[seat], seat)
        if sent is not None and ships[sent[1]].position is not None:
            spec, giver = sent
            self.event("redirect", ship=ships[seat].id, to=ships[giver].id, status=spec.id)
            self.lifetimes.use(ships[seat], status=spec.id)
            seat = giver
        ship = ships[seat]
        amount, used = mods.changed(ship, seat, Modifier.DAMAGE, amount, card)
        for status in used:  # a use is a damage it changed (rules/parameters.py)
            self.lifetimes.use(ship, status=status)
        if amount and ship.statuses:
            prevented, status = mods.prevented(ship, seat, amount)
            if prevented:
                self.event("prevent", ship=ship.id, status=status, amount=prevented)
                self.lifetimes.use(ship, status=status, n=prevented)
                amount -= prevented
        return seat, amount

    def regain(self, seat: int, track: str, amount: int) -> None:
        """Regain up to the track's size of the moment; never converts (R3.4,
        D9.15). Nothing regained (a full track, an amount of 0) logs nothing."""
        ship = self.state.ships[seat]
        gained = min(amount, self.room(seat, track))
        if track == "repair":
            ship.repairs += gained
        else:
            ship.breakdowns += gained
        if gained > 0:
            self.event("regain", ship=ship.id, track=track, amount=gained)

    def room(self, seat: int, track: str) -> int:
        """How many repairs (``repair``) or breakdowns a regain could give
        ship ``seat`` now: its track's size of the moment less what it holds."""
        ship = self.state.ships[seat]
        if track == "repair":
            return self.queries.track(seat, REPAIRS) - ship.repairs
        return self.queries.track(seat, BREAKDOWNS) - ship.breakdowns

    def reserve(self, seat: int) -> int:
        """Ship ``seat``'s crew in reserve: what a crew loss can withdraw (R3.5)."""
        return self.state.ships[seat].reserve

    def track(self, seat: int, name: str) -> int:
        """The size of ship ``seat``'s track ``name`` now (``RuleQueries.track``,
        D9.15): what an effect reads to deal breakdown damage (R3.3)."""
        return self.queries.track(seat, name)

    def fill_tracks(self, seat: int) -> None:
        """Ship ``seat``'s tracks full to their sizes now (D1.3 at the start,
        D8.4 at a respawn, a refloat): its abilities and auras may change them."""
        ship = self.state.ships[seat]
        ship.repairs = self.queries.track(seat, REPAIRS)
        ship.breakdowns = self.queries.track(seat, BREAKDOWNS)

    def crew_loss(self, seat: int, amount: int) -> None:
        """Reserve crew are withdrawn; only the reserve can be lost (R3.5, D3.5).
        Nothing lost (an empty reserve, an amount of 0) logs nothing."""
        ship = self.state.ships[seat]
        lost = min(amount, ship.reserve)
        if lost <= 0:
            return
        ship.reserve -= lost
        ship.withdrawn += lost
        self.event("crew_loss", ship=ship.id, amount=lost)

    def recover_one(self, seat: int, source: str) -> None:
        """One crew back to the reserve from a maneuver or the withdrawn pile (R6.1)."""
        ship = self.state.ships[seat]
        if source == Pile.WITHDRAWN:
            ship.withdrawn -= 1
        else:
            ship.crew_on[self._types[seat].maneuvers.index(source)] -= 1
        ship.reserve += 1
        self.event("recover", ship=ship.id, source=source)

    def move(self, seat: int, path: tuple[int, ...], straight: bool = False) -> None:
        """Move a ship along ``path``; nothing if a status forbids moving it,
        nor if the path, declared with the card, is no longer open (D4.10, D2.16)."""
        if not path:
            return
        ship = self.state.ships[seat]
        if ship.statuses and among(ship.statuses, self.rules.status_rules.movement):
            return
        if not self.path_open(seat, path, straight):
            return
        if self.mods is not None and ship.statuses:
            self.lifetimes.use(ship, ON_MOVE)
        ship.left = ship.position if self.rules.reads_left else None  # kept if read (D2.17)
        ship.position = path[-1]
        self.event("move", ship=ship.id, path=[self.board.name(b) for b in path])
        if self._watch:
            self.triggers.fire(ENTERS, seat, box=path[-1])

    def move_paths(self, seat: int, amount: int, straight: bool, toward: str,
                   origin: int | None) -> list[str]:
        """Every path of a move of ship ``seat`` chosen as it resolves (D4.20),
        as notation, sorted: the canonical path of each outcome of up to
        ``amount`` boxes (its statuses change it, D4.6) on the board it walks
        (D2.13, D2.16), past no ship nor blockade (D2.15); with ``toward``
        (``toward`` or ``away``), those ending nearer to (farther from) box
        ``origin`` than the ship starts, and none without a box to count
        from; ``directly toward`` or ``directly away``: a pull or a push along
        the line from ``origin`` (``Board.push_paths``, D4.21). None for a
        ship off the board or that a status keeps still."""
        directly = toward.startswith("directly")  # a push or a pull: straight (D4.21)
        walk = self.move_walk(seat, amount, straight or directly)
        if walk is None:
            return []
        board, start, amount, occupied = walk
        if toward and (origin is None or origin == start):
            return []  # nothing to count from, or the ship it counts from itself
        if directly:  # along the line from that ship, as far as it goes (D4.21)
            return list(board.push_paths(start, origin, amount, occupied,
                                         toward == "directly away"))
        paths = board.paths(start, amount, occupied)
        if not toward:
            return list(paths)
        w, index = self.board.width, self.board.index

        def far(box: int) -> int:
            return max(abs(box % w - origin % w), abs(box // w - origin // w))

        now = far(start)
        ends = {p: far(index(p.rsplit(" ", 1)[-1])) for p in paths}  # where each one ends
        return [p for p, end in ends.items() if (end < now if toward == "toward" else end > now)]

    def move_walk(self, seat: int, amount: int, straight: bool) -> tuple | None:
        """Where a move of ship ``seat`` chosen as it resolves walks (D4.20):
        (the board it walks, its box, its boxes now, the boxes it may not
        enter); None for a ship off the board, kept still by a status, or
        whose move its statuses bring to 0."""
        ship = self.state.ships[seat]
        start = ship.position
        if start is None or (ship.statuses and among(ship.statuses,
                                                       self.rules.status_rules.movement)):
            return None
        if self.mods is not None:
            amount = self.mods.steps(ship, seat, amount, self.resolving_item().card)
        if amount <= 0:
            return None
        return self.queries.walk_board(seat, straight), start, amount, self.queries.blocked(seat)

    def move_along(self, seat: int, path: str, straight: bool) -> None:
        """Move a ship along a path chosen as the effect resolves (D4.20),
        written as ``move_paths`` lists it."""
        self.move(seat, tuple(self.board.index(name) for name in path.split()), straight)

    def subject_box(self, subject, item: Resolving) -> int | None:
        """The box of the ship a subject names as ``item`` resolves (``toward
        self``, D4.20), or None: none, or off the board."""
        seat = ship_of(subject, self.queries, Scope.of_item(item))
        return None if seat is None else self.state.ships[seat].position

    def jump(self, seat: int, box: int) -> None:
        """D4.11: the ship goes straight to ``box``, if it is on the board, no
        status forbids moving it and the box is still free (checked again as
        D4.10 checks a path; else the jump is lost). Running water there does
        not carry it on: it entered no box on the way."""
        ship = self.state.ships[seat]
        if ship.position is None or self.board.is_island(box):
            return
        if ship.statuses and among(ship.statuses, self.rules.status_rules.movement):
            return
        if any(other.position == box for other in self.state.ships):
            return
        if self.state.tokens and self.queries.closed_to(seat) >> box & 1:
            return  # a blockade closed the box meanwhile (D2.15)
        ship.left = ship.position if self.rules.reads_left else None  # kept if read (D2.17)
        ship.position = box
        self.event("move", ship=ship.id, path=[self.board.name(box)])
        if self._watch:
            self.triggers.fire(ENTERS, seat, box=box)

    def swap(self, seat: int, other: int) -> None:
        """Two ships on the board exchange boxes (D4.12): not a move, so no
        step is taken, running water carries neither, no token's ``enters``
        trigger fires and no movement modifier is used; nothing if they are
        one ship, or if a status forbids moving either."""
        ships = self.state.ships
        a, b = ships[seat], ships[other]
        if seat == other or a.position is None or b.position is None:
            return
        forbidden = self.rules.status_rules.movement
        if any(s.statuses and among(s.statuses, forbidden) for s in (a, b)):
            return
        a.position, b.position = b.position, a.position
        self.event("swap", ship=a.id, other=b.id)

    def path_open(self, seat: int, path: tuple[int, ...], straight: bool = False) -> bool:
        """D4.10: whether a path declared with a card can still be followed
        as it resolves, by the rules that listed it (``Board.outcome_of``):
        it starts next to the box the ship is on now, each of its boxes is
        next to the one before and holds no ship (R2.4), and it ends on
        running water only where no box is left to be carried to (R2.5). Its
        length was checked when it was declared: a status that lengthened it
        may have ended since."""
        at = self.state.ships[seat].position
        if at is None:
            return False
        board = self.queries.walk_board(seat, straight)  # D2.13, D2.16
        return board.outcome_of(at, len(path), self.queries.blocked(seat), path) is not None

    def cancel(self, item: Resolving) -> None:
        """The item ``item`` answers is cancelled: it resolves to nothing (D4.7)."""
        if item.answers is not None and not self.state.stack[item.answers].cancelled:
            self.state.stack[item.answers].cancelled = True
            answered = self.state.stack[item.answers]
            self.event("cancel", player=self.state.ships[item.seat].id, card=answered.card,
                       of=self.state.ships[answered.seat].id)

    def retarget(self, item: Resolving, seat: int) -> None:
        """D5.6: the item ``item`` answers targets ship ``seat`` instead: an
        item not cancelled, with one target ship (not several, not a box or
        an area); a ship on the board, not its target already, that its card
        may target (no status forbids it). Not declared again: range and
        visual field are not read, no ``targeted`` trigger fires."""
        if item.answers is None or self.state.ships[seat].position is None:
            return
        answered = self.state.stack[item.answers]
        if answered.cancelled or answered.target is None or answered.targets \
                or answered.area is not None or answered.target == seat:
            return
        card = self.queries.card_of(answered)
        if not self.queries.targetable(answered.seat, seat, card):
            return
        if card.mover is Selector.TARGET:  # its path was written for the old target
            return
        answered.target = seat
        ships = self.state.ships
        self.event("retarget", player=ships[item.seat].id, card=answered.card,
                   of=ships[answered.seat].id, target=ships[seat].id)

    def resolving_item(self) -> Resolving:
        """The item whose effect is resolving (the top of the stack)."""
        return self.state.stack[-1]

    def set_status(self, seat: int, status: str, giver: int = -1) -> None:
        """Give a ship a declared status (R9); given again, it lasts from now.

        Its ``Lifetime`` counts what is left: the uses of a status for N
        uses; two turn ends for a status lasting until the end of a next
        turn given in the turn of the player it counts (its ship's, or the
        card's player ``giver``'s for ``your``), else one; two for one until
        the end of the next turn whoever's it is (this turn's end and the
        next's). A status with a time and uses (or damage to prevent) counts
        both, and ends at whichever comes first. The giver is kept for a
        status over ``your`` turns or a redirect. A status that ``stacks``
        given again while held counts one more, up to its ``stacks`` (D9.9)."""
        st = self.state
        ship = st.ships[seat]
        if self._while and status in self._while and not self.queries.lasts(seat, status):
            return  # a status given while its condition fails is not given
        if status in self._types[seat].abilities:
            return  # it has it always, as an ability of its type: never twice (D9.21)
        spec = self.rules.statuses[status]
        kept = giver if giver >= 0 and status in self.rules.status_rules.with_giver else None
        life = fresh(spec, 1, kept)
        row = TURN_EDGES.get(spec.duration)
        if spec.duration is Duration.USES:
            life = fresh(spec, spec.uses, kept)
        elif row is not None and row.edges > 1:  # the end of a next turn, or the Nth (D9.17)
            counted = row.whose is TurnOf.ANY or st.turn == life.clock(seat)
            life = fresh(spec, (row.edges if counted else 1) + spec.turns - 1, kept)
        if spec.stacks > 1:
            held = next((h for name, h in ship.statuses if name == status), None)
            if held is not None:
                life = attrs.evolve(life, count=min(held.count + 1, spec.stacks))
        ship.statuses = with_status(ship.statuses, status, life, self._rank)
        self.event("status", ship=ship.id, status=status)

    def score_points(self, side: str, points: int) -> None:
        """War: ``side`` scores ``points`` victory points, never past the winning
        point (R8.3); the end is checked after the effect (D8.6). Arena has no
        points: nothing happens."""
        st = self.state
        if st.mode != WAR:
            return
        goal = self.rules.options.victory_points
        gained = min(points, goal - st.score[side])
        if gained > 0:
            st.score[side] += gained
            self.event("score", side=side, points=st.score[side])

    def sink_outright(self, seat: int, actor: int) -> None:
        """The ship sinks whatever its tracks (R3.2 at once): scoring, cards and
        the end of the game are those of any sinking (R8, D8.6)."""
        ship = self.state.ships[seat]
        ship.repairs = ship.breakdowns = 0
        self.sink(seat, actor)

    def refloat_options(self, seat: int, where: str = "start") -> list[str]:
        """``ship box`` for each sunk ship of ``seat``'s side and each free box of
        its start card (R2.4, D8.4), or of the board (``anywhere``: every free
        box of open or running water)."""
        st = self.state
        side = st.ships[seat].side
        sunk = [s for s, ship in enumerate(st.ships) if ship.side == side and ship.sunk]
        if where == "anywhere" and sunk:
            taken = {ship.position for ship in st.ships}
            free = [b for b in range(self.board.size) if b not in taken
                    and not self.board.is_island(b)]
            return [f"{st.ships[s].id} {self.board.name(box)}" for s in sunk for box in free]
        return [f"{st.ships[s].id} {self.board.name(box)}"
                for s in sunk for box in self.queries.free_start_boxes(s)]

    def refloat(self, option: str, repairs: int | None = None,
                crew: int | None = None) -> None:
        """A sunk ship comes back now on the chosen free box, as at a respawn
        (D8.4): fully restored, or with ``repairs`` (at most its track) and
        ``crew`` in reserve (at most its crew; the rest withdrawn, R3.5); in
        arena its player is back in the game, with an empty hand (R8.1)."""
        st = self.state
        ship_id, box_name = option.split(" ")
        seat = next(s for s, ship in enumerate(st.ships) if ship.id == ship_id)
        ship = st.ships[seat]
        spec = self._types[seat]
        ship.statuses = players_kept(ship.statuses, self.rules.status_rules.players)
        ship.position = self.board.lookup[box_name]
        self.fill_tracks(seat)  # full to its sizes now: its abilities', auras' (D9.15)
        if repairs is not None:
            ship.repairs = min(repairs, ship.repairs)
        ship.reserve, ship.withdrawn = spec.crew, 0
        if crew is not None:
            ship.reserve = min(crew, spec.crew)
            ship.withdrawn = spec.crew - ship.reserve
        ship.crew_on = [0] * len(spec.maneuvers)
        if ship.eliminated and st.shown:
            self.rejoin(seat)
        ship.sunk = ship.eliminated = False
        self.event("refloat", ship=ship.id, box=box_name)

    # ------------------------------------------------------------------ sinking and the end
    def sink(self, seat: int, actor: int) -> None:
        """A ship at 0 repairs and 0 breakdowns leaves the board (R3.2, R8).

        The game does not end here: the end is checked after the whole
        effect (``settle``, D8.6), so every ship an effect reaches takes it.
        The cards a sinking gives (the sinker's, catch-up) are owed until
        then, and never paid if the effect ended the game; no side scores
        past the winning point.
        """
        st = self.state
        ship = st.ships[seat]
        sinker = st.ships[actor]
        if self._watch:  # while it is on the board, with its statuses
            self.triggers.fire(SUNK, seat, actor)
        self._owed.append((seat, actor))
        ship.sunk = True
        ship.position = None
        self.event("sunk", ship=ship.id, by=sinker.id)
        # a status ends when its ship leaves the board (R9.2); in war its player's
        # statuses stay while the player waits to return (D9.8)
        players = self.rules.status_rules.players
        if players and st.mode == WAR:
            self.lifetimes.keep(ship, players_kept(ship.statuses, players))
        else:
            self.lifetimes.end_all(seat)
        if st.stack and seat not in st.sunk_in_chain:
            st.sunk_in_chain.append(seat)
        if seat == st.turn:
            st.end_turn_pending = True  # D4.9
        if st.mode == WAR:
            enemy = sinker.side != ship.side
            points = self.rules.options.victory_points
            if enemy and st.score[sinker.side] < points:  # D8.3: a friendly sinking scores nothing
                st.score[sinker.side] += 1
                self.event("score", side=sinker.side, points=st.score[sinker.side])
            return
        # arena (R8.1): the ship's player is out; the hand goes to the discards
        ship.eliminated = True
        self.lifetimes.end_turns_of(seat)  # a status over its turns: it has no more
        st.discard.extend(st.hands[seat])
        st.hands[seat] = []
        if st.known or st.shown:
            st.known[:] = [k for k in st.known if k.owner != seat]
            st.shown[:] = [k for k in st.shown if k.owner != seat]

    def drop_move(self) -> None:
        """Forget the effect in progress of a move stopped inside it
        (``Engine.drop_move``): its sinkings owed, and the tokens' keys (read
        again from the state the move runs from next)."""
        self._owed.clear()
        self._token_list = None

    def settle(self) -> None:
        """After each whole effect (D8.6): end the game if a side has lost,
        else give what its sinkings gave, in the order they happened: the
        sinker's cards in war (R8.3; which ships count: sinker_draws_for,
        §10), the catch-up in arena (R8.2). First the statuses that last
        while a condition holds end if it no longer does."""
        if self._while:
            self.lifetimes.statuses_while()
        if self._tracks:  # a status given, or an aura's reach changed (D9.15)
            self.lifetimes.settle_tracks()
        if not self._owed:  # only a sinking can end the game
            return
        owed, self._owed = self._owed, []
        self.check_end()
        st = self.state
        if st.phase == OVER:
            return
        options = self.rules.options
        for seat, actor in owed:
            side = st.ships[seat].side
            if st.mode == WAR:
                if side != st.ships[actor].side or options.sinker_draws_for == "any":
                    self.draw(actor, options.sinker_draws)
            else:
                alive = [s for s, sh in enumerate(st.ships) if sh.side == side and not sh.sunk]
                self.catch_up(side, alive)

    def losers(self) -> list[str]:
        """The sides that have lost: no ship left (arena, R8.1) or the enemy at
        the victory points (war, R8.3); both at once is a draw (D8.6)."""
        st = self.state
        if st.mode == WAR:
            points = self.rules.options.victory_points
            return [other_side(side) for side in Side if st.score[side] >= points]
        return [side for side in Side
                if all(sh.sunk for sh in st.ships if sh.side == side)]

    def check_end(self) -> None:
        """D8.6: after each whole effect, end the game if a side has lost; a draw if both."""
        losers = self.losers()
        if not losers:
            return
        if self.state.mode == WAR:
            reason = "points"
        else:
            reason = "both_eliminated" if len(losers) == 2 else "eliminated"
        self.game_over("draw" if len(losers) == 2 else other_side(losers[0]), reason)

    def catch_up(self, side: str, alive: list[int]) -> None:
        """Arena catch-up (R8.2): the first side reduced to N ships draws cards."""
        st = self.state
        team = sum(1 for s in st.ships if s.side == side)
        for index, rule in enumerate(self.rules.options.catchup):
            if index in st.catchup_done or rule.team != team or len(alive) > rule.reduced_to:
                continue
            st.catchup_done.append(index)
            self.event("catchup", side=side, cards=rule.cards)
            for k in range(rule.cards):
                self.draw(alive[k % len(alive)], 1)

    def game_over(self, winner: str, reason: str) -> None:
        """End the game: the stack is dropped, nothing resolves after this (D8.6)."""
        st = self.state
        if st.phase == OVER:  # pragma: no cover - one end only (D8.6)
            return
        st.winner = winner
        st.phase = OVER
        st.stack.clear()
        st.asking.clear()
        st.resolving = False
        st.reopen_at = 0
        st.sunk_in_chain.clear()
        st.end_turn_pending = False
        self.event("game_over", winner=winner, reason=reason)

    # ------------------------------------------------------------------ tokens
    def token_boxes(self, selector: Selector, item: Resolving) -> list[int]:
        """The boxes a token effect acts on: the area's, a box left (D2.17), the
        ship's (the rule queries', which the move generator reads too)."""
        return self.queries.token_boxes(selector, item)

    def token_keys(self) -> set[tuple[str, int]]:
        """The (kind, box) of every token on the board, kept beside
        ``state.tokens`` so that placing a token costs the same however many
        there are. Placing appends to the list and removing replaces it, so
        the set is rebuilt only when the list is another one or has another
        length (undo, a clone, a loaded game, another engine's placement)."""
        tokens = self.state.tokens
        if tokens is not self._token_list or len(tokens) != len(self._token_keys):
            self._token_list = tokens
            self._token_keys = {(t.kind, t.box) for t in tokens}
        return self._token_keys

    def _keep_tokens(self, kept: list[TokenState], gone: list[TokenState]) -> None:
        """The tokens left on the board after ``gone`` were taken off (logged)."""
        keys = self.token_keys()
        self.state.tokens = self._token_list = kept
        for t in gone:
            keys.discard((t.kind, t.box))
            self.event("token_removed", token=t.kind, box=self.board.name(t.box))
        if self.sea.terrain:  # the box is again what the other tokens make it (D2.14)
            self.sea.follow(kept)

    def place_token(self, kind: str, box: int, owner: int) -> None:
        """Put a token on a box: none on an island, one of a kind per box."""
        st = self.state
        keys = self.token_keys()
        if self.queries.token_skipped(kind, box, keys):
            return
        terrain = self.sea.terrain.get(kind) if self.sea.terrain else None
        if terrain is not None and self.queries.token_refusal(kind, box) is not None:
            self.event("token_refused", token=kind, box=self.board.name(box))  # D2.14
            return
        # as a status's (Lifetimes.set_status): placed in a turn its duration
        # counts, a token lasting until the end of a next turn sees two ends
        row = TURN_EDGES.get(self.rules.tokens[kind].duration)
        left = row.edges if row is not None and (
            row.whose is TurnOf.ANY or st.turn == owner) else 1
        st.tokens.append(TokenState(kind, box, owner, left))
        keys.add((kind, box))
        self.event("token", token=kind, box=self.board.name(box))
        if terrain is not None:
            self.sea.follow(st.tokens)  # the box is that terrain now (D2.14)

    def tokens_at_turn(self, seat: int, edge: Edge) -> None:
        """The ``edge`` of ``seat``'s turn, for tokens as for statuses
        (``kinds.TURN_EDGES``): each token lasting until such an edge of a
        turn it counts (its owner's, or any) loses one, ending at its last."""
        st = self.state
        if not st.tokens:
            return
        kinds = self.rules.tokens
        kept, gone = [], []
        for token in st.tokens:
            row = TURN_EDGES.get(kinds[token.kind].duration)
            if row is not None and row.edge is edge and (
                    row.whose is TurnOf.ANY or token.owner == seat):
                token.left -= 1
                if token.left <= 0:
                    gone.append(token)
                    continue
            kept.append(token)
        if gone:
            self._keep_tokens(kept, gone)

    def remove_tokens(self, selector: Selector, item: Resolving) -> None:
        """Take tokens off the board: in a token's trigger ``self`` is that
        token; otherwise every token on the selected boxes (one pass over
        the tokens for the whole effect)."""
        st = self.state
        token = getattr(item, "token", None)
        if token is not None and selector is Selector.SELF:
            if token not in self.token_keys():
                return
            kind, box = token
            ends = lambda t: t.box == box and t.kind == kind  # noqa: E731
        else:
            boxes = set(self.token_boxes(selector, item))
            if not boxes:
                return
            ends = lambda t: t.box in boxes  # noqa: E731
        kept, gone = [], []
        for t in st.tokens:
            (gone if ends(t) else kept).append(t)
        if gone:
            self._keep_tokens(kept, gone)
