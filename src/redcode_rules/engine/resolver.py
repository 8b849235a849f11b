"""The stack resolver (R5) and the triggered items: the one way an effect
resolves (``resolve_effect``), whoever holds it, and the choices it owes.

A declared item goes on the stack (``push``) and opens a response window
(D5.4) or resolves at once (R5.1); an item resolves effect by effect
(``resolve_item``), each through ``resolve_effect`` (its ``if`` tested and
its amounts counted, applied through the state operations, the game settled,
D8.6), then the triggered items it queued resolve, each at once and whole,
through the same method (``flush``). Nothing outside this module moves a
stack item's resolver position (``next_effect``, ``pending``,
``owed_about``, ``owed_after``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from ..base.kinds import CardKind, Phase
from ..model.state import StackItem
from ..rules.effects import ANSWERS, May, ModeChoice, Otherwise, Owed
from ..rules.exprs import Scope, chances, prepared
from ..rules.triggers import MAX_TRIGGERED
from .part import Part

if TYPE_CHECKING:
    from ..model.ruleset import CardDef
    from ..rules.effects import Effect
    from .queries import RuleQueries
    from .state_ops import StateOps
    from .trigger_queue import Triggered, TriggerQueue

OVER = Phase.OVER
TRIGGER = CardKind.TRIGGER


class Resolver(Part):
    """The stack and the triggered items of one state, resolved through the
    state operations below (``ops``); ``_queue`` is the trigger queue's list
    of the items waiting."""

    __slots__ = ("queries", "ops", "triggers", "_queue")

    def __init__(self, queries: RuleQueries, ops: StateOps, triggers: TriggerQueue):
        super().__init__(queries.rules, queries.board, queries.state, queries.log, queries)
        self.queries = queries
        self.ops = ops
        self.triggers = triggers
        self._queue = triggers.waiting

    # ------------------------------------------------------------------ the stack
    def push(self, item: StackItem, card: CardDef) -> None:
        """Declare an item: open a response window if it can be answered (R5.1, D5.4)."""
        st = self.state
        st.stack.append(item)
        if card.respondable:
            self.open_window(item)
        else:
            # R5.1: it resolves at once — only it: a response that cannot be
            # answered leaves the window of the item below open (Engine.advance)
            st.asking = []
            st.resolving = True
            st.reopen_at = len(st.stack) - 1

    def open_window(self, item: StackItem) -> None:
        """A round of D5.4 for ``item``: every other player, from the next seat on."""
        st = self.state
        st.asking = [s for s in self.queries.seats_after(item.seat) if not st.ships[s].eliminated]
        st.resolving = False
        st.reopen_at = 0

    def resolve_item(self, item: StackItem) -> bool:
        """Apply an item's effects from where it stopped; False if a choice is owed.

        ``item.next_effect`` is the next effect; ``item.pending`` the answers its
        effect still owes about ship ``item.owed_about``, then those about the
        ships of ``item.owed_after`` (an ``Owed``)."""
        st = self.state
        card = self.queries.card_of(item)
        player = st.ships[item.seat].id
        if item.next_effect == 0 and item.pending == 0 and item.kind != TRIGGER and not (
                card.modes_by is not None and item.mode is not None):  # D4.17: begun
            if item.cancelled:
                self.event("cancelled", player=player, card=item.card)
                return True
            if self.wasted(item):
                self.event("wasted", player=player, card=item.card)
                return True
            self.event("resolve", player=player, card=item.card)
        effects = card.effects
        while item.next_effect < len(effects):
            effect = effects[item.next_effect]
            if type(effect) is Otherwise:  # a ``may`` block done: its else is not (D4.16)
                item.next_effect += 1 + effect.count
                continue
            if type(effect) is May:
                if not self.ask(effect, item, effects):
                    return False
                continue
            if type(effect) is ModeChoice:  # its mode, chosen by another player (D4.17)
                if not self.ask_mode(effect, item):
                    return False
                card = self.queries.card_of(item)
                effects = card.effects if item.mode is not None else ()
                continue
            if not item.pending:
                owed = self.resolve_effect(effect, item)
                if self._queue:  # what it triggered resolves at once (rules/triggers.py)
                    self.flush()
                if st.phase == OVER:
                    return True
                if st.stack[-1] is not item:  # triggered items that ask went on top (D4.16)
                    if not self.owe(item, owed):
                        item.next_effect += 1
                    return False  # they resolve first; this item goes on after them
                if not self.owe(item, owed):
                    item.next_effect += 1
                    continue
            if not self.answer_alone(effect, item):
                return False
            item.next_effect += 1
            if st.phase == OVER:  # nothing resolves after the end (D8.6)
                return True
        return True

    def resolve_effect(self, effect: Effect, item: StackItem | Triggered) -> Owed | None:
        """The one way an effect resolves, whoever holds it (a card on the
        stack, a trigger of a status, ship type or token): its ``if`` is
        tested and its computed amounts counted now (exprs.prepared), then it
        acts through the state operations, then the game is settled (D8.6).
        What it owes (an ``Owed``) or None: done, or skipped by its condition."""
        if effect.computed is not None:  # a condition, computed amounts (exprs)
            if not item.rolled and (rolls := chances(effect.computed.condition)):
                item.rolled = self.ops.roll(rolls[0].faces)  # its one roll (D4.18)
            ready = prepared(effect, self.queries, item)
            if ready is None:
                return None
            effect = ready
        ops = self.ops
        owed = effect.apply(ops, item)
        ops.settle()  # D8.6: after each whole effect
        return owed if type(owed) is Owed else None

    def flush(self) -> None:
        """Resolve the queued triggered items in order, each at once and whole,
        and those they trigger after them; at most ``MAX_TRIGGERED`` in one
        move, however many effects or chains it has (rules/triggers.py): past
        that the rest are dropped, and the log says so once."""
        st = self.state
        queue = self._queue
        triggers = self.triggers
        while queue:
            if st.phase == OVER:  # nothing resolves after the end (D8.6)
                queue.clear()
                return
            if triggers.triggered >= MAX_TRIGGERED:
                queue.clear()
                triggers.trigger_limit()
                return
            fired = queue.pop(0)
            triggers.triggered += 1
            self.event("trigger", trigger=fired.trigger.key, holder=fired.holder)
            if fired.trigger.asks:  # it waits on the stack, and those after it (D4.16)
                self.stacked([fired, *queue])
                queue.clear()
                return
            for effect in fired.trigger.effects:
                self.resolve_effect(effect, fired)  # a trigger owes no choice (lang/statuses.py)
                if st.phase == OVER:
                    queue.clear()
                    return

    def stacked(self, items: list[Triggered]) -> None:
        """Triggered items put on the stack, the first on top, because the
        first asks a choice (``may``, D4.16): nobody may answer them, so the
        stack resolves at once (R5.1); a response window they interrupt opens
        again once they are gone (``reopen_at``), as after a response that
        cannot be answered. The others are logged as set off now."""
        st = self.state
        if not st.resolving:
            st.reopen_at = len(st.stack) if st.stack else 0
            st.asking = []
            st.resolving = True
        for fired in items[1:]:
            self.triggers.triggered += 1
            self.event("trigger", trigger=fired.trigger.key, holder=fired.holder)
        ships = st.ships
        for fired in reversed(items):
            sunk = ships[fired.target].position is None  # its ship sank: kept where (D9.16)
            st.stack.append(StackItem(
                fired.trigger.key, TRIGGER, fired.seat, fired.target, answers=fired.answers,
                actor=fired.actor if fired.actor >= 0 else None,
                here=None if fired.token is None else fired.token[1],
                wreck=fired.wreck if sunk else None, dealt=fired.dealt))  # D9.20

    # ------------------------------------------------------------------ owed choices
    def answer_alone(self, effect: Effect, item: StackItem) -> bool:
        """Give the answers an effect owes while no choice is left to make: one
        option, or any order the same (the effect says). False while the
        player must choose (a ``choose`` decision), or while what an answer
        triggered and asks waits on top of the stack (D4.16): an answer may
        set a trigger off (a path onto a mine, D4.20), which resolves at once,
        before the next question."""
        ops, st = self.ops, self.state
        while True:
            seat = item.owed_about
            while item.pending > 0:
                options = effect.options(ops, seat)
                if not options:
                    item.pending = 0
                elif len(options) == 1 or effect.any_order(ops, seat, item.pending):
                    effect.take(ops, seat, options[0])
                    item.pending -= 1
                    if self._queue:
                        self.flush()
                        if st.phase == OVER:
                            return True
                        if st.stack[-1] is not item:  # it goes on after them
                            return False
                else:
                    return False
            if not self.owe(item, Owed.in_turn(item.owed_after)):
                return True

    # ------------------------------------------------------------------ may (D4.16)
    def ask(self, effect: May, item: StackItem, effects: tuple[Effect, ...]) -> bool:
        """The question of a ``may`` block: owed of its player (``Owed``),
        answered alone when only ``no`` is offered (or nobody is left to
        ask); False while the player must answer (``choose yes``/``no``)."""
        if not item.pending:
            owed = self.resolve_effect(effect, item)
            if owed is None:  # the player's ship has left the board: not done
                item.next_effect = effect.after_no(item.next_effect)
                return True
            self.owe(item, owed)
        options = self.offered(item, effects)
        if len(options) > 1:
            return False
        self.decide(item, effect, options[0])
        return True

    def offered(self, item: StackItem, effects: tuple[Effect, ...]) -> list[str]:
        """The answers a ``may`` offers now: ``yes`` only if the block's first
        effect can be done ("if you do" is the rest), and ``no``. It can be
        done if its ``if`` holds and it would change the game, its amounts
        counted now (``Effect.can_do``: a crew loss with crew in reserve, a
        discard with a card in hand, a damage with a ship to take it). A
        roll its ``if`` reads and the item has not made yet is not made
        here (D4.18: it is made as the effect resolves, after the answer):
        the ``if`` may hold if it holds on one of the faces."""
        first = effects[item.next_effect + 1]
        if first.computed is None:
            ready: Iterable[Effect | None] = (first,)
        else:  # each face prepared only until one can be done
            rolls = () if item.rolled else chances(first.computed.condition)
            faces = range(1, rolls[0].faces + 1) if rolls else (None,)
            ready = (prepared(first, self.queries, item, face) for face in faces)
        if not any(r is not None and r.can_do(self.ops, item) for r in ready):
            return [ANSWERS[1]]
        return list(ANSWERS)

    # ------------------------------------------------------------------ modes (D4.17)
    def ask_mode(self, effect: ModeChoice, item: StackItem) -> bool:
        """The mode of a card whose modes another player chooses: owed of
        that player, chosen alone when one mode is offered (none: the card
        does nothing); False while the player must choose (``choose NAME``)."""
        if not item.pending:
            owed = self.resolve_effect(effect, item)
            if owed is None:  # nobody to ask: no mode resolves
                item.next_effect = 1
                return True
            self.owe(item, owed)
        options = self.modes_offered(item)
        if len(options) > 1:
            return False
        self.choose_mode(item, options[0] if options else None)
        return True

    def modes_offered(self, item: StackItem) -> list[str]:
        """The modes of the item's card whose ``usable`` holds now, in order."""
        card = self.queries.card_of(item)
        scope = Scope.of_item(item)
        return [str(m.mode) for m in card.modes
                if m.usable is None or m.usable.holds(self.queries, scope)]

    @staticmethod
    def choose_mode(item: StackItem, mode: str | None) -> None:
        """The item resolves in ``mode`` from its first effect (None: in none)."""
        item.pending, item.owed_about, item.owed_after = 0, None, []
        item.mode = mode
        item.next_effect = 0 if mode is not None else 1

    @staticmethod
    def decide(item: StackItem, effect: May, answer: str) -> None:
        """Go on into the block (``yes``) or past it, into its else (``no``)."""
        item.pending, item.owed_about, item.owed_after = 0, None, []
        item.next_effect = item.next_effect + 1 if answer == ANSWERS[0] \
            else effect.after_no(item.next_effect)

    @staticmethod
    def owe(item: StackItem, owed: Owed | None) -> bool:
        """``item`` owes ``owed``: the answers about its first ship now, the
        others' after (``owed_after``); False if nothing is owed."""
        if owed is None:
            return False
        item.owed_about, item.pending, after = owed
        item.owed_after = list(after)
        return True

    def answer(self, option: str) -> None:
        """The player's answer to the choice the top item's effect owes; once
        the last is given, the resolver goes on with the next effect."""
        item = self.state.stack[-1]
        effect = self.queries.card_of(item).effects[item.next_effect]
        if type(effect) is ModeChoice:  # D4.17
            self.event("chose", player=self.state.ships[item.owed_about].id, card_mode=option,
                       card=item.card)
            self.choose_mode(item, option)
            return
        if type(effect) is May:  # D4.16
            player = self.state.ships[item.owed_about].id
            if option == ANSWERS[0]:
                self.event("accepted", player=player)
            else:
                self.event("declined", player=player)
            self.decide(item, effect, option)
            return
        effect.take(self.ops, item.owed_about, option)
        item.pending -= 1
        if item.pending == 0 and not self.owe(item, Owed.in_turn(item.owed_after)):
            item.next_effect += 1

    def owed_choice(self) -> tuple[Effect, int]:
        """While a ``choose`` decision is pending: the effect that owes the
        choice and the ship it is about (D6.4)."""
        item = self.state.stack[-1]
        return self.queries.card_of(item).effects[item.next_effect], item.owed_about

    def choice_options(self) -> list[str]:
        """The answers the owed choice may take now (``owed_choice``)."""
        effect, seat = self.owed_choice()
        if type(effect) is May:  # D4.16
            return self.offered(self.state.stack[-1], self.queries.card_of(
                self.state.stack[-1]).effects)
        if type(effect) is ModeChoice:  # D4.17
            return self.modes_offered(self.state.stack[-1])
        return effect.options(self.ops, seat)

    def wasted(self, item: StackItem) -> bool:
        """R5.5 and §10: what a ship sunk mid-chain wastes (rule option sunk_mid_chain)."""
        st = self.state
        subject = self.queries.subject(item)
        if subject is not None and st.ships[subject].sunk:
            return True
        if not st.sunk_in_chain:
            return False
        mode = self.rules.options.sunk_mid_chain
        if mode == "all":
            return True
        if mode == "source":
            return item.seat in st.sunk_in_chain
        return subject in st.sunk_in_chain
