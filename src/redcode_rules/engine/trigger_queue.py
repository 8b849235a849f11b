"""Triggers set off: an event happening (``fire``) queues every trigger that
watches it as a triggered item (``Triggered``), within the bound on them in
one move (``MAX_TRIGGERED``, rule E5.3).

What a trigger or a token is, as card data, is rules/triggers.py's; the
queue is resolved item by item, each at once and whole, by the resolver
(``Resolver.flush``, engine/resolver.py), as a card's effects are.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..base.kinds import CardKind
from ..rules.triggers import MAX_TRIGGERED, TriggerDef, TriggerEvent, sees
from .part import Part

if TYPE_CHECKING:
    from ..model.ruleset import Ruleset
    from ..model.state import GameState
    from ..rules.board import Board
    from .queries import RuleQueries
    from .views import LogEntry

ENTERS = TriggerEvent.ENTERS


class Triggered:
    """A triggered item (rules/triggers.py): a trigger whose event happened, with
    what its effects act on. Like an item nobody may answer (R5.1) it
    resolves at once, so it never waits on the stack; it offers the effects
    what a stack item does (``seat``: the holder's ship, or a token's owner;
    ``target``: the ship the event happened to; ``actor``: the ship that
    caused it, or -1; ``token``: the token holding it, as (kind, box);
    ``answers``: the stack item of its event, the card that targeted for
    ``targeted``, which ``cancel answered`` cancels (D9.12), or None;
    ``wreck``: the box ``target`` was on as the event happened, which it is
    measured from if it sinks before the item resolves, D9.16). These are
    its event's record: the item, its source and its target."""

    __slots__ = ("trigger", "seat", "target", "actor", "token", "holder", "dealt", "answers",
                 "rolled", "left_over", "wreck")
    area = None
    kind = CardKind.TRIGGER  # what an effect asks of a trigger: nobody is asked (D6.6)
    card = ""  # a trigger is no card: a change for some cards only leaves it alone
    path: tuple[int, ...] = ()
    owed_about = None  # a trigger owes no choice (lang/statuses.py refuses one)

    def __init__(self, trigger: TriggerDef, seat: int, target: int, actor: int,
                 token: tuple[str, int] | None, holder: str, answers: int | None = None,
                 wreck: int | None = None, dealt: int = 0):
        self.trigger = trigger
        self.wreck = wreck
        self.seat = seat
        self.target = target
        self.actor = actor
        self.answers = answers
        # what its last damage effect dealt (``damage dealt``); first, its
        # event's damage for a ``damaged`` trigger (D9.20)
        self.dealt = dealt
        self.rolled = 0  # its roll (``chance N in M``, D4.18), 0 before it rolls
        self.left_over = 0  # what its last damage did not need (``damage left over``)
        self.token = token
        self.holder = holder


class TriggerQueue(Part):
    """The triggers set off on one state. ``watching`` is False for the
    printed cards, so their play never looks for a trigger; ``waiting``
    holds the triggered items of the effect in progress, resolved before the
    move returns; ``triggered`` counts those resolved in the move in
    progress (the engine sets it to 0 as a move starts)."""

    __slots__ = ("_triggers", "watching", "waiting", "triggered", "_while", "queries",
                 "_players")

    def __init__(self, rules: Ruleset, board: Board, state: GameState, log: list[LogEntry],
                 queries: RuleQueries):
        super().__init__(rules, board, state, log, queries)
        self.queries = queries
        self._triggers = rules.trigger_index
        self.watching = self._triggers.any
        self.waiting: list[Triggered] = []
        self.triggered = 0
        self._while = rules.status_rules.conditioned
        self._players = rules.status_rules.players

    def drop_move(self) -> None:
        """Forget the triggered items of a move stopped inside its effect
        (``Engine.drop_move``); the list stays the one its readers hold."""
        self.waiting.clear()
        self.triggered = 0

    def fire(self, event: TriggerEvent, subject: int, actor: int = -1, box: int = -1,
             card: str | None = None, item: int | None = None, dealt: int = 0) -> None:
        """``event`` happened to ship ``subject`` (caused by ``actor``; on
        ``box`` for ``enters``; by the stack item ``item`` for ``targeted``
        and ``plays``; with ``card``, the card that targets, is played or
        deals the damage; ``dealt``: a ``damaged``'s damage, which its
        triggered items read as ``damage dealt`` until they deal their own):
        queue every trigger that watches it, in seat order of the ships
        holding them (ship type first, then statuses in the order given),
        then the tokens in the order placed. A trigger that fires once per
        turn is queued once per turn and holder. A player's status (D9.8)
        watches while its player is in the game, its ship on the board or
        not, and sees its side as a token does: ``friendly`` is every ship of
        it, its own included (D9.12)."""
        st = self.state
        ships = st.ships
        index = self._triggers
        players = self._players
        subject_side = ships[subject].side
        wreck = ships[subject].position  # where a ship sinking now sinks (D9.16)
        actor_side = ships[actor].side if actor >= 0 else ""
        for seat, ship in enumerate(ships):
            afloat = ship.position is not None
            if not afloat and (not players or ship.eliminated):
                continue
            held = [(t, seat) for t in index.ships.get(ship.type, ())] if afloat else []
            for name, _ in ship.statuses:
                player = name in players
                if not afloat and not player:
                    continue
                if self._while and name in self._while and not self.queries.lasts(seat, name):
                    continue  # its condition failed during this effect: it acts no more
                me = -1 if player else seat  # a player's status sees as a token does
                held += [(t, me) for t in index.statuses.get(name, ())]
            for trigger, me in held:
                if trigger.event != event or not self.fits(trigger, card):
                    continue
                if sees(trigger.of, me, ship.side, subject, subject_side, seat) \
                        and (actor < 0 or sees(trigger.by, me, ship.side, actor, actor_side,
                                               seat)):
                    self.queue(trigger, seat, subject, actor, None, ship.id, item, wreck,
                               dealt)
        for token in st.tokens:
            held = index.tokens.get(token.kind, ())
            if not held or (event == ENTERS and box != token.box):
                continue
            side = ships[token.owner].side
            for trigger in held:
                if trigger.event == event and self.fits(trigger, card) \
                        and sees(trigger.of, -1, side, subject, subject_side, token.owner) \
                        and (actor < 0 or sees(trigger.by, -1, side, actor, actor_side,
                                               token.owner)):
                    self.queue(trigger, token.owner, subject, actor, (token.kind, token.box),
                               f"{token.kind} {self.board.name(token.box)}", item, wreck, dealt)

    def fits(self, trigger: TriggerDef, card: str | None) -> bool:
        """Whether the event's card is of the class the trigger waits for
        (``by enemy order cards``; none: any), a ship's, a status's or a
        token's alike; an event with no card fits no class."""
        return trigger.cards is None or (
            card is not None and trigger.cards.covers(self.rules.card(card)))

    def queue(self, trigger: TriggerDef, seat: int, subject: int, actor: int,
              token: tuple[str, int] | None, holder: str, item: int | None = None,
              wreck: int | None = None, dealt: int = 0) -> None:
        """Queue a triggered item, unless it fires once per turn and already has,
        or the move has resolved all it may (then it is dropped, unmarked)."""
        if self.triggered >= MAX_TRIGGERED:
            self.trigger_limit()
            return
        if trigger.once:
            key = f"{holder}/{trigger.key}"
            fired = self.state.fired
            if key in fired:
                return
            fired.append(key)
        self.waiting.append(Triggered(trigger, seat, subject, actor, token, holder, item, wreck,
                                      dealt))

    def trigger_limit(self) -> None:
        """The move has resolved ``MAX_TRIGGERED`` triggered items: what else
        fires is dropped; the log says so once a move."""
        if self.triggered == MAX_TRIGGERED:
            self.triggered += 1
            self.event("trigger_limit", count=MAX_TRIGGERED)
