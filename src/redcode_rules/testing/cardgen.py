"""Random card files that compile, drawn from the card language's own registries.

``card_file(rnd, rules)`` writes one card file on top of an edition: new
statuses (every duration, ``while`` included, with forbids, modifiers,
``untargetable``, ``redirect`` and triggers), tokens with triggers and
durations, order cards and maneuvers (targets, counted targets, filters, responses, ``usable
if``, ``once per game``, computed costs and amounts, chosen amounts, effect conditions, hand
and deck effects), a ship type with abilities and triggers, and the patches
that keep the deck at its size. Every word comes from a registry the
compiler reads (``effects.PRIMITIVES``, the selectors, ``TriggerEvent``,
``Who``, ``Duration``, ``Forbid``, ``Modifier``, the expression words), so a
new primitive, event or quantity is generated without a change here.

Its length is its job's: one writer for every construct of the card
language, growing as the language does (the next to move out would be the
expressions' writer: quantities, amounts and conditions).

The generator aims at text the compiler accepts, but does not promise it:
``compiled_files`` compiles each file and keeps those that compile,
counting the others by the compiler's reason (a rising count is a generator
that fell behind the language).

Its length is the language's: one drawing function per construct, each
reading the registry the compiler's check of that construct reads.

One construct is an oracle rather than a card: ``NEVER_STATUS`` is given
only by effects guarded by ``NEVER`` (an amount is never below 0), wherever
an effect can resolve (cards, triggers of statuses, ships and tokens). A
ship that ever has it shows an effect whose condition was ignored.

Its length is the language's: one drawing per construct of the grammar, in
one writer (next to split: the expressions apart).
"""

from __future__ import annotations

import random
import re
import zlib
from collections import Counter
from pathlib import Path
from typing import Callable, Iterator, Sequence

import attrs

from ..base.errors import DslError
from ..base.kinds import Choice
from ..lang.loader import load_ruleset
from ..model.ruleset import Duration, Forbid, Modifier, Redirect, Ruleset
from ..rules.effects import PILES, PRIMITIVES, Picker, Selector
from ..rules.exprs import (CARD_NUMBERS, DISTANCES, GAME_QUANTITIES, TALLIED, Adjective, BoxKind,
                           Cmp, Period, Quantity, Subject)
from ..rules.triggers import ACTOR_EVENTS, CARD_EVENTS, CLASS_EVENTS, TriggerEvent, Who
from ..rules.parameters import PARAMETERS, TRACKS

#: The status only a condition that never holds gives (see the module's docstring).
NEVER_STATUS = "never_given"
#: A condition that never holds: no amount is below 0.
NEVER = "turn < 0"

#: Token marks the generator picks from (no terrain, no letter).
MARKS = "*%o+@!$&=^"
#: Letters for a new ship type, tried in order (the printed ones take s, d, c).
LETTERS = "qwxyzjkuv"
#: The sizes of the file: (fewest, most) of each declaration.
STATUSES = (1, 3)
TOKENS = (0, 2)
ORDERS = (1, 4)
MANEUVERS = (1, 3)
#: How many of the deck's cards the new orders take, at most.
NEW_COPIES = 12
#: Numbers written where an amount goes: mostly small, now and then large
#: (what a card cannot do must stay cheap to refuse or to do).
AMOUNTS = (1, 1, 1, 2, 2, 3)
LARGE_AMOUNTS = (9, 40, 9_999)


@attrs.define
class Context:
    """Where an effect or condition is written: what ``target``, ``source``,
    ``answered`` and ``it`` mean there, and what may not be chosen."""

    target: bool = False          # a target ship (target ship, filtered or source)
    response: bool = False        # source and answered exist
    area: bool = False            # target area WxH
    trigger: str | None = None    # the holder kind of a trigger (status, ship, token)
    event: TriggerEvent | None = None
    maneuver: bool = False
    moves: int = 0                # move effects written so far (a card has at most one)
    on_target: bool = False       # an effect written so far acts on `target`
    box: str = ""                 # a box target's words (`free`): `target` is that box
    counted: bool = False         # a counted target (`target up to 2 ships`): `each target`
    second: bool = False          # a second target (`second target … ship`) after the target
    on_targets: bool = False      # an effect written so far acts on `each target`
    chosen: bool = False          # a chosen amount (`choose amount`, D4.19): `chosen` is read


@attrs.define
class CardWriter:
    """Writes one card file; ``rnd`` draws every choice."""

    rnd: random.Random
    rules: Ruleset
    large: float = 0.03   # the share of amounts written large
    statuses: list[str] = attrs.Factory(list)
    tokens: list[str] = attrs.Factory(list)
    maneuvers: list[str] = attrs.Factory(list)
    ship_types: list[str] = attrs.Factory(list)
    count: int = 0

    # ------------------------------------------------------------- names
    def name(self, kind: str) -> str:
        """A fresh id no printed card, status or ship type has."""
        self.count += 1
        return f"g{kind}{self.count}"

    def chance(self, p: float) -> bool:
        return self.rnd.random() < p

    # ------------------------------------------------------------- the file
    def file(self) -> str:
        """The whole card file: statuses, tokens, cards, a ship type, the deck patches."""
        r = self.rnd
        parts = [self.never_status()]
        for _ in range(r.randint(*STATUSES)):
            parts.append(self.status())
        ability = self.ability()
        parts.append(ability[1])
        marks = r.sample(MARKS, TOKENS[1])
        for i in range(r.randint(*TOKENS)):
            parts.append(self.token(marks[i]))
        for _ in range(r.randint(*MANEUVERS)):
            parts.append(self.maneuver())
        copies = []
        for _ in range(r.randint(*ORDERS)):
            n = r.randint(1, 4)
            copies.append(n)
            parts.append(self.order(n))
        parts.append(self.ship(ability[0]))
        parts.append(self.deck_patches(sum(copies)))
        return "\n".join(p for p in parts if p)

    def never_status(self) -> str:
        self.statuses.append(NEVER_STATUS)
        return (f"# given only where a condition never holds ({NEVER})\n"
                f"status {NEVER_STATUS} {{\n    permanent\n    forbids orders\n}}\n")

    # ------------------------------------------------------------- statuses
    def duration(self, token: bool = False) -> str:
        kinds = [d for d in Duration if not token or d in (
            Duration.THIS_TURN, Duration.START_OF_NEXT_TURN, Duration.END_OF_NEXT_TURN,
            Duration.PERMANENT)]
        d = self.rnd.choice(kinds)
        if d is Duration.USES:
            return f"for {self.rnd.choice((1, 2, 3))} uses"
        if d is Duration.WHILE:
            return "while " + self.condition(Context(), depth=1, subjects=WHILE_SUBJECTS)
        if d is Duration.UNTIL_IT_USES:  # an end that is an event (D9.10)
            return "until it uses " + self.rnd.choice(("damaging cards", "maneuvers",
                                                       "ranged maneuvers", "orders"))
        if d is Duration.END_OF_NEXT_TURN and not token and self.chance(0.3):
            return f"for {self.rnd.choice((1, 2, 3))} turns"  # several next turns (D9.17)
        if d.value.startswith("until") and self.chance(0.2):
            return d.value.replace(" its", "")  # `its` may be left out
        return d.value

    def status(self) -> str:
        r = self.rnd
        name = self.name("s")
        duration = self.duration()
        lines = [duration]
        uses = duration.startswith("for")
        if r.random() < 0.4:
            # in declaration order: `maneuvers` after another word does not parse
            words = r.sample(list(Forbid), r.randint(1, 2))
            lines.append("forbids " + " ".join(f.value for f in Forbid if f in words))
        mods = self.modifiers(r.randint(1 if uses else 0, 2))
        lines += mods
        if mods and r.random() < 0.15:
            lines.append(f"stacks {r.randint(2, 3)}")  # each count adds its changes (D9.9)
        if r.random() < 0.2:
            lines.append("untargetable" + r.choice(["", " by maneuvers", " by orders",
                                                    " by maneuvers orders"]))
        if r.random() < (0.5 if uses and not mods else 0.15):
            lines.append(f"redirect damage to {r.choice([x.value for x in Redirect])}")
        for _ in range(r.choice((0, 0, 1, 1, 2))):
            lines.append(self.trigger("status", duration))
        if len(lines) == 1:
            lines.append("forbids " + r.choice([f.value for f in Forbid]))
        if not uses and r.random() < 0.08:  # a mark, that only cards read (D9.19)
            lines = [duration]
        self.statuses.append(name)
        return self.block("status", name, lines)

    def modifiers(self, n: int) -> list[str]:
        r = self.rnd
        out = []
        for word in r.sample([m.value for m in Modifier if PARAMETERS[m.value].modified
                              and m.value not in TRACKS], n):
            change = r.choice((-2, -1, 1, 1, 2)) if r.random() > self.large else 6
            line = f"modify {word} {change:+d}"
            if word == "sight" and change == -2:  # visibility is only limited (D2.18), same draw
                line = "limit visibility to at most 2"
            elif word == "damage dealt" and abs(change) == 2:  # a track's size (D9.15), same draw
                line = "modify repairs track +1" if change > 0 else \
                    "limit breakdowns track to at most 1"
            elif word == "damage" and abs(change) == 2:  # a set, a bound by an amount, same draw
                line = "set damage to 1" if change > 0 else \
                    "limit damage to at most (hull of self - 1)"  # (D9.5, D9.14)
            elif word in ("range", "cost", "movement") and r.random() < 0.3:
                line += " on " + r.choice(list(self.rules.maneuvers))
            elif word == "damage" and r.random() < 0.3:  # the damage some cards deal (D9.5)
                line += " on " + r.choice([*self.rules.orders, "maneuvers", "damaging cards"])
            out.append(line)
        return out

    def ability(self) -> tuple[str, str]:
        """A ship type's ability: a permanent status that modifies, and may
        watch (a trigger of its own, D9.21, drawn from its name)."""
        name = self.name("a")
        lines = ["permanent", *self.modifiers(self.rnd.randint(1, 2))]
        if self.chance(0.2):
            lines.append("untargetable by orders")
            if len(lines) == 3:  # no draw of its own: with one modifier (D2.13, D2.20)
                lines += ["ignores running water", "sees over islands"]
        if zlib.crc32(name.encode()) % 3 == 0:
            lines.append(self.trigger("status"))
        return name, self.block("status", name, lines)

    # ------------------------------------------------------------- tokens
    def token(self, mark: str) -> str:
        name = self.name("t")
        lines = [f'mark "{mark}"']
        duration = self.duration(token=True) if self.chance(0.6) else "permanent"
        if duration != "permanent":
            lines.append(duration)
        for _ in range(self.rnd.randint(1, 2)):
            lines.append(self.trigger("token", duration))
        # a blockade (D2.15), drawn from the token's name, not from the
        # generator, so the files generated for the other constructs stay
        pick = zlib.crc32(name.encode()) % 10
        if pick < 3:
            lines.append("forbids entering" +
                         ("", " by enemy ships", " by friendly damaged ships")[pick])
        # a terrain token (D2.14), drawn from its name the same way
        terrain = zlib.crc32(name.encode() + b" terrain") % 8
        if terrain < 3:
            lines.append("terrain " + ("open", "running", "island")[terrain])
        elif terrain == 3:  # cover (D2.23), drawn the same way
            lines.append("blocks sight")
        self.tokens.append(name)
        return self.block("token", name, lines)

    # ------------------------------------------------------------- triggers
    def trigger(self, holder: str, duration: str = "permanent") -> str:
        r = self.rnd
        event = r.choice(list(TriggerEvent))
        if event is TriggerEvent.TURN_STARTS and duration.startswith(
                ("this turn", "until start")):  # it would end first: refused
            event = TriggerEvent.TURN_ENDS
        # a token has no self; only a token has an owner (D9.11)
        whos = [w.value for w in Who
                if w is not (Who.SELF if holder == "token" else Who.OWNER)]
        head = f"when {event.value}"
        if r.random() < 0.6 and event is not TriggerEvent.PLAYS:  # plays: 'by' (D9.18)
            head += f" of {r.choice(whos)}"
        if event in ACTOR_EVENTS and r.random() < 0.4:
            head += f" by {r.choice(whos)}"
            if event in CLASS_EVENTS and r.random() < 0.5:  # the class of the card
                head += " " + r.choice(["order cards", "maneuvers", "damaging cards",
                                        "ranged maneuvers"])
        ctx = Context(target=True, response=False, trigger=holder, event=event)
        once = r.random() < 0.4 or event is TriggerEvent.DAMAGED
        if once:
            head += " once per turn"
        effects = [self.effect(ctx) for _ in range(r.randint(1, 2))]
        if r.random() < 0.3:
            effects.append(f"status {NEVER_STATUS} on {self.ship_selector(ctx)} if {NEVER}")
        if event not in (TriggerEvent.TURN_STARTS, TriggerEvent.TURN_ENDS):
            effects = self.may(ctx, effects)  # a triggered item that asks (D4.16)
        return f"{head} {{ effect {'; '.join(effects)} }}"

    # ------------------------------------------------------------- cards
    def target(self, ctx: Context, kind: str) -> str | None:
        """The card's ``target`` line (None: inferred), setting ``ctx``."""
        r = self.rnd
        choice = r.choice(["ship", "ship", "filter", "self", "area", "box", "several", "none"]
                          if kind == "order" else ["ship", "filter", "self", "box", "several",
                                                   "none"])
        if choice == "several":  # choices (D4.13, D4.14): a counted target or a second one
            choice = r.choice(["counted", "second"])
        if ctx.response and r.random() < 0.3:
            ctx.target = True
            return "target source"
        if choice == "box" and not (ctx.response and kind == "maneuver"):
            words = r.choice(["free ", "free adjacent ", "adjacent ", ""])
            within = "" if "adjacent" in words else f" within {r.randint(1, 3)}"
            # the water the box is now (D2.14), drawn from what was drawn, so
            # the files generated for the other constructs stay as they were
            words += ("", "", "", "running ", "open ")[zlib.crc32((words + within).encode()) % 5]
            if zlib.crc32(words.encode() + within.encode() + b"edge") % 5 == 0:
                words += "edge "  # on the edge of the board (D2.24), drawn alike
            start = zlib.crc32(words.encode() + within.encode() + b"start") % 6
            if start < 3:  # a start card (D2.11), drawn alike
                words += ("start ", "friendly start ", "enemy start ")[start]
            if within and zlib.crc32(within.encode()) % 4 == 0:  # near a kind of ship (D4.11)
                within += f" of a {('friendly', 'enemy', 'damaged')[len(words) % 3]} ship"
                if kind == "maneuver":  # its own reach: next to it (R4.2, D4.11)
                    words = "adjacent " + words
            ctx.box = words + "box"  # never empty: a box target without words is one
            return f"target {ctx.box}{within}"
        if choice == "ship":
            ctx.target = True
            return "target ship"
        if choice == "filter":
            ctx.target = True
            words = " ".join(r.sample(self.adjectives(), r.randint(1, 2)))
            where = ""
            if r.random() < 0.4:
                where = " where " + self.condition(Context(), depth=1, it=True)
            return f"target {words} ship{where}"
        if choice == "counted":  # several different ships (D4.13)
            ctx.counted = True
            words = " ".join(r.sample(self.adjectives(), r.randint(0, 2)))
            where = " where " + self.condition(Context(), depth=1, it=True) \
                if r.random() < 0.3 else ""
            count = r.choice(["up to", "exactly"])
            return f"target {count} {r.randint(2, 3)} {words + ' ' if words else ''}ships{where}"
        if choice == "second":  # a target, then a second target read with it (D4.14)
            ctx.target = ctx.second = True
            words = " ".join(r.sample(self.adjectives(), r.randint(0, 2)))
            within = f" within {r.randint(1, 3)} of {r.choice(['target', 'self'])}" \
                if r.random() < 0.7 else ""
            where = " where " + self.condition(ctx, depth=1, it=True) \
                if r.random() < 0.3 else ""
            count = "up to 1 " if r.random() < 0.3 else ""  # chosen or not (D4.14)
            return f"target ship\n    second target {count}{words + ' ' if words else ''}ship" \
                f"{within}{where}"
        if choice == "area":
            ctx.area = True
            w, h = r.randint(1, 3), r.randint(1, 3)
            # a 2x2 area drawn is one map card (D2.19), read off the same draws
            return "target map card" if (w, h) == (2, 2) else f"target area {w}x{h}"
        if choice in ("self", "box"):  # a box for a response maneuver: it needs a ship
            return "target self"
        return None

    def card_body(self, kind: str) -> tuple[list[str], Context]:
        """A card's flags and one way to play it, or its modes (D4.15)."""
        r = self.rnd
        ctx = Context(maneuver=kind == "maneuver")
        lines: list[str] = []
        ctx.response = r.random() < 0.3
        if ctx.response:
            lines.append("response")
        if r.random() < 0.4:
            lines.append("respondable")
        if r.random() < 0.1:
            lines.append("once per game")
        if r.random() < 0.12:  # modes, each with its own target, cost and effects
            return lines + self.modes(ctx, kind), ctx
        return lines + self.way(ctx, kind), ctx

    def way(self, ctx: Context, kind: str) -> list[str]:
        """One way to play a card: its target, condition and effects."""
        r = self.rnd
        lines: list[str] = []
        if r.random() < 0.1:  # a chosen amount (D4.19), read as `chosen` by its amounts
            ctx.chosen = True
            lines.append(self.choose_amount())
        target = self.target(ctx, kind)
        if target is None and r.random() < 0.5:
            ctx.target = True  # inferred from an effect on `target`
        if target:
            lines.append(target)
        if r.random() < 0.2:
            lines.append("usable if " + self.condition(ctx, depth=1, target=False))
        effects = [self.effect(ctx) for _ in range(r.randint(1, 3))]
        if ctx.target and target is None and not ctx.on_target:
            effects.append("damage 1 to target")
        if ctx.counted and not ctx.on_targets:
            effects.append("damage 1 to each target")
        if r.random() < 0.3:
            effects.append(f"status {NEVER_STATUS} on {self.ship_selector(ctx)} if {NEVER}")
        lines.append("effect " + ";\n           ".join(self.may(ctx, effects)))
        return lines

    def may(self, ctx: Context, effects: list[str]) -> list[str]:
        """Now and then the effects as a ``may`` block (D4.16), its first
        effects the block and the rest its ``else``, asked of the card's or
        holder's player, or of the target's or source's where there is one."""
        r = self.rnd
        if r.random() >= 0.1:
            return effects
        whos = [""]
        if ctx.trigger or (ctx.target and not (ctx.box or ctx.area or ctx.counted)):
            whos.append("by target ")
        if ctx.response if not ctx.trigger else ctx.event in ACTOR_EVENTS:
            whos.append("by source ")
        cut = r.randint(1, len(effects))
        block = f"may {r.choice(whos)}{{ {'; '.join(effects[:cut])} }}"
        return [block + (f" else {{ {'; '.join(effects[cut:])} }}" if effects[cut:] else "")]

    def modes(self, ctx: Context, kind: str) -> list[str]:
        """2 or 3 modes (D4.15), each a way to play the card, a maneuver's
        with its own cost and range."""
        names = ("way_a", "way_b", "way_c")[:self.rnd.randint(2, 3)]
        if self.rnd.random() < 0.3:  # chosen by the target's player as it resolves (D4.17)
            return self.modes_chosen(ctx, kind, names)
        out = []
        for name in names:
            mode = Context(maneuver=ctx.maneuver, response=ctx.response)
            lines = self.way(mode, kind)
            if kind == "maneuver":
                lines.insert(0, self.cost_range(mode))
            out.append(f"mode {name} {{\n        " + "\n        ".join(x for x in lines if x)
                       + "\n    }")
        return out

    def modes_chosen(self, ctx: Context, kind: str, names: tuple[str, ...]) -> list[str]:
        """Modes chosen by the target's player (D4.17): the card's target ship,
        cost and range, each mode its effects (and now and then ``usable``)."""
        r = self.rnd
        ctx.target = True
        out = ([self.cost_range(ctx)] if kind == "maneuver" else []) + [
            "target ship", "modes chosen by target"]
        for name in names:
            mode = Context(maneuver=ctx.maneuver, response=ctx.response, target=True)
            usable = f"usable if {self.condition(mode, depth=1, target=False)}  " \
                if r.random() < 0.2 else ""
            effects = "; ".join(self.effect(mode) for _ in range(r.randint(1, 2)))
            out.append(f"mode {name} {{ {usable}effect {effects} }}")
        return out

    def order(self, copies: int) -> str:
        name = self.name("o")
        lines, _ = self.card_body("order")
        return self.block("order", name, [f"copies {copies}", *lines])

    def maneuver(self) -> str:
        name = self.name("m")
        lines, ctx = self.card_body("maneuver")
        self.maneuvers.append(name)
        if any(line.startswith("mode ") for line in lines):  # each mode its cost (D4.15)
            return self.block("maneuver", name, lines)
        return self.block("maneuver", name, [self.cost_range(ctx), *lines])

    def choose_amount(self) -> str:
        """``choose amount from A to B`` (D4.19): numbers, or up to the crew
        in reserve (an amount known as the card is played)."""
        r = self.rnd
        most = str(r.randint(2, 5)) if r.random() < 0.5 else "(crew in reserve)"
        return f"choose amount from {r.randint(0, 2)} to {most}"

    def cost_range(self, ctx: Context) -> str:
        """A maneuver's cost and range (a range where it targets or answers)."""
        r = self.rnd
        if ctx.chosen and r.random() < 0.5:  # the amount chosen is the crew (D4.19)
            cost = "cost (chosen)"
        elif r.random() < 0.25:
            cost = f"cost ({r.randint(1, 3)} {r.choice('+-')} {self.quantity(Context(), 'self')})"
        else:
            cost = f"cost {r.randint(1, 3)}"
        # a response without a target may go without a range: on its own ship (D5.7)
        rng = f"range {r.randint(1, 4)}" if ctx.target or ctx.counted or (
            ctx.response and r.random() < 0.7) or (
            not ctx.box and r.random() < 0.5) else ""
        if rng == "range 4":  # the longest sees over islands (D2.12): no draw of its own
            rng += " over islands"
        return " ".join(x for x in (cost, rng) if x)

    def ship(self, ability: str) -> str:
        r = self.rnd
        name = self.name("h")
        taken = {getattr(s, "letter", "") for s in self.rules.ships.values()}
        letter = next(c for c in LETTERS if c not in taken)
        printed = [m for m in self.rules.maneuvers if m not in ("movement", "repair",
                                                                "torpedo", "orders")]
        own = self.maneuvers[:4]
        # a control card of 5 to 9 maneuvers (D1.5): a ninth needs room made for it
        fill = r.sample(printed, r.randint(max(0, 1 - len(own)), 5 - len(own)))
        names = ["movement", "repair", "torpedo", "orders", *own, *fill]
        lines = [f"repairs {r.randint(1, 3)}  breakdowns {r.randint(1, 3)}  "
                 f"crew {r.randint(4, 7)}",
                 "maneuvers " + " ".join(names),
                 f"letter {letter}", f"ability {ability}"]
        for _ in range(r.choice((0, 1, 2))):
            lines.append(self.trigger("ship"))
        self.ship_types.append(name)
        room = f"rules {{ ship_maneuvers {len(names)} }}\n" if len(names) > 8 else ""
        return room + self.block("ship", name, lines)

    def deck_patches(self, copies: int) -> str:
        """Patches taking ``copies`` cards off the printed orders, largest first,
        so the deck keeps its size."""
        left = {k: o.copies for k, o in self.rules.orders.items()}
        for _ in range(copies):
            biggest = max(left, key=lambda k: (left[k], k))
            left[biggest] -= 1
        return "".join(f"patch order {k} {{ copies {n} }}\n"
                       for k, n in left.items() if n != self.rules.orders[k].copies)

    # ------------------------------------------------------------- effects
    def ship_selector(self, ctx: Context) -> str:
        """A selector of ships the context has."""
        if ctx.trigger == "token":
            return "target"
        options = ["self"] + (["target"] if ctx.target else [])
        if ctx.trigger and ctx.event in ACTOR_EVENTS:
            options.append("source")
        return self.rnd.choice(options)

    def selectors(self, prim, ctx: Context) -> list[str]:
        """The selectors ``prim`` may act on here, as written."""
        if prim.turns and ctx.event in (TriggerEvent.TURN_STARTS, TriggerEvent.TURN_ENDS):
            return []  # a turn given or skipped at every turn: refused (D6.5)
        out = []
        for sel in prim.selectors:
            if sel is Selector.SELF and (ctx.trigger != "token"
                                         or prim.token_self is not None):
                out.append("self")
            elif sel is Selector.TARGET and ctx.target:
                out.append("target")
                if ctx.second:
                    out.append("second target")
            elif sel is Selector.SOURCE and (ctx.response if not ctx.trigger
                                             else ctx.event in ACTOR_EVENTS):
                out.append("source")
            elif sel is Selector.ANSWERED and (ctx.response or ctx.event in CARD_EVENTS):
                out.append("answered")  # a response's item, or a card that targeted (D9.12)
            elif sel is Selector.ANSWERED_TARGET and ctx.response and not ctx.trigger:
                out.append("answered target")  # the ships the answered item targets (D5.5)
            elif sel is Selector.BOXES and ctx.area and not ctx.trigger:
                out.append("area")
            elif sel is Selector.TARGET_BOX and ctx.box and not ctx.trigger and (
                    not prim.jumps or "free" in ctx.box):
                out.append("target")
            elif sel in PILES and not ctx.trigger:  # the deck, the discards (D7.13)
                out.append(sel.value)
            elif sel is Selector.AREA and not ctx.trigger:
                out.append(self.ships_set(ctx))
                if ctx.counted:  # the ships of a counted target are a set (D4.13)
                    out.append("each target")
            elif sel is Selector.AREA and ctx.trigger == "token":  # from its box (D9.11)
                out.append(f"each ship within {self.rnd.randint(0, 2)} of here")
        if prim.players and not ctx.trigger:
            out.append(f"each {self.rnd.choice(['', 'enemy ', 'friendly '])}player")
        return out

    def ships_set(self, ctx: Context) -> str:
        r = self.rnd
        words = " ".join(r.sample(self.adjectives(), r.randint(0, 2)))
        place = r.choice(["", " in sight"] + ([" in area"] if ctx.area else []))
        within = f" within {r.randint(1, 3)}" if (draw := r.random()) < 0.3 else ""
        if draw < 0.1:  # lines from the card's ship (D2.10), read off the same draw
            place = (" in line", " in row", " in column", " in diagonal")[int(draw * 40)]
        where = " where " + self.condition(ctx, depth=1, it=True) if r.random() < 0.2 else ""
        head = "a random" if 0.3 <= draw < 0.4 else "each"  # one of the set (D4.18), same draw
        return f"{head} {words + ' ' if words else ''}ship{place}{within}{where}"

    def effect(self, ctx: Context) -> str:
        r = self.rnd
        for _ in range(50):
            prim = r.choice(list(PRIMITIVES.values()))
            # a trigger asks nobody; its crew come back as D6.6 says
            if ctx.trigger and prim.choice not in (Choice.NONE, Choice.CREW_SOURCE):
                continue
            # a move's path written with the card: one a card, of its own ship or
            # its one target; any other is chosen as it resolves (D4.20)
            resolving = prim.choice is Choice.PATH and (
                bool(ctx.moves or ctx.area or ctx.counted or ctx.second) or r.random() < 0.3)
            if prim.answered and not (ctx.response if not ctx.trigger
                                      else ctx.event in CARD_EVENTS):
                continue  # the item it answers, or the card that targeted (D5.6, D9.12)
            declared = {"status": self.statuses, "token": self.tokens}
            if any(p.declared and not declared[p.declared] for p in prim.params):
                continue  # it names a kind of declaration the file has none of
            sels = self.selectors(prim, ctx)
            if not sels:
                continue
            if prim.ships > 1:  # as many different ships as it names (swap self with target)
                plain = [s for s in sels if s in ("self", "target", "source")]
                if len(plain) < prim.ships:
                    continue
                sels = [" with ".join(r.sample(plain, prim.ships))]
            # optional words (refloat's) left out: the plain form, drawing nothing
            args = [self.arg(param, prim, ctx) for param in prim.params if not param.optional]
            sel = r.choice(sels)
            direction = ""
            if resolving:  # another ship's move, or one toward or away from a ship
                whence = [s for s in ("self", "target", "source", "answered target")
                          if s in sels and s != sel]
                if sel in ("self", "target") or (whence and r.random() < 0.5):
                    if not whence:
                        continue
                    way = r.choice(['toward', 'away from', 'directly toward',  # D4.21
                                    'directly away from'])
                    direction = f" {way} {r.choice(whence)}"
            if sel in {p.value for p in PILES} and Picker.OWNER.value in args:  # D7.13
                args[args.index(Picker.OWNER.value)] = Picker.PLAYER.value  # a zone has none
            # the top of a zone (D7.15): the deck's to discard, the discards' to take;
            # a hand has none, and the deck's top card taken is a draw
            top = Picker.TOP.value
            if top in args and not (prim.name == "take" and sel == "discards"):
                args[args.index(top)] = Picker.RANDOM.value
            if prim.name == "discard" and sel == "deck":
                args = [*args[:-1], top]
            ctx.on_target |= sel == "target"
            ctx.on_targets |= sel == "each target"
            if prim.choice is Choice.PATH and not resolving:
                ctx.moves += 1
            if prim.name == "remove_status" and args[0] in self.statuses and r.random() < 0.3:
                args.append(str(r.randint(1, 2)))  # counts off a counter (D9.9)
            call = " ".join([prim.name, *args])
            prep = r.choice(["to ", "on ", "of ", ""])
            if prep == "on " and not prim.worded:  # a move's `straight` (D2.16), same draw
                call += "".join(" " + p.choices[0] for p in prim.params
                                if p.optional and p.choices)
            if sel == "self" and prep == "of " and Selector.BOXES in prim.selectors \
                    and ctx.trigger != "token":
                sel = "box left by self"  # the box the ship left (D2.17), same draw
            text = f"{call} {prep}{sel}{direction}"
            if (draw := r.random()) < 0.25:  # and a roll (D4.18; one die a card), same draw
                text += " if " + self.condition(ctx, depth=1) + " and chance 1 in 2" * (draw < 0.05)
            return text
        return "draw 1"

    def arg(self, param, prim, ctx: Context) -> str:
        r = self.rnd
        if param.kind is int:
            if param.computed and r.random() < 0.2:
                return f"({self.amount(ctx)})"
            n = r.choice(LARGE_AMOUNTS) if r.random() < self.large else r.choice(AMOUNTS)
            return str(n if param.maximum is None else min(n, param.maximum))
        if param.declared == "status":
            return r.choice(self.statuses[1:] or self.statuses) \
                if r.random() < 0.9 else r.choice(list(self.rules.statuses))
        if param.declared == "token":
            return r.choice(self.tokens)
        return r.choice(param.choices)

    # ------------------------------------------------------------- expressions
    def adjectives(self) -> list[str]:
        return [a.value for a in Adjective] + list(self.rules.ships)[:2]

    def subjects(self, ctx: Context, it: bool = False, target: bool = True) -> list[str]:
        out = [Subject.SELF.value, Subject.YOU.value]
        if ctx.target and target:
            out.append(Subject.TARGET.value)
        if ctx.response or (ctx.trigger and ctx.event in ACTOR_EVENTS):
            out.append(Subject.SOURCE.value)
        if ctx.response:  # what the answered item targets (D5.5)
            out.append(Subject.ANSWERED_TARGET.value)
        if it:
            out.append(Subject.IT.value)
        return out

    def quantity(self, ctx: Context, subject: str | None = None, it: bool = False,
                 target: bool = True) -> str:
        r = self.rnd
        q = r.choice(list(Quantity))
        if q in GAME_QUANTITIES:  # a result only after a damage, an amount if chosen: not drawn
            return "turn" if q in (Quantity.DEALT, Quantity.LEFT_OVER) or (
                q is Quantity.CHOSEN and not ctx.chosen) else q.value
        if q in CARD_NUMBERS:  # the answered card's (D5.8): only a response has one
            return f"{q.value} of answered" if ctx.response else "turn"
        if q in (Quantity.SCORE, Quantity.HAND) and r.random() < 0.5:
            return f"{q.value} of {r.choice(['you', 'enemy', 'friendly'])}"
        if q in TALLIED:
            side = r.choice(["enemy", "friendly"]) if subject is None else subject
            return f"{q.value} of {side} {r.choice([p.value for p in Period])}"
        if q in DISTANCES and ctx.trigger == "token" and r.random() < 0.5:  # D9.13
            return f"{q.value} from {'it' if it and r.random() < 0.5 else 'target'} to here"
        if q in DISTANCES and not (ctx.target and target) and not it:
            return "turn"
        if q is Quantity.SHIPS_IN_SIGHT and r.random() < 0.3:  # a count of ships of a set
            kind = " ".join(r.sample(["enemy", "friendly", "damaged", "other",
                                      *self.statuses[1:2]], r.randint(0, 2)))
            around = r.choice(["", f" within {r.randint(1, 2)}"])
            where = f" where {self.condition(Context(), depth=0, it=True)}" \
                if r.random() < 0.5 else ""
            return f"number of {kind} ships{around}{where}".replace("  ", " ")
        if q is Quantity.SHIPS_IN_SIGHT and r.random() < 0.3:  # boxes of a kind (D2.22)
            kind = r.choice([k.value for k in BoxKind] + self.tokens[:1])
            around = r.choice(["", f" within {r.randint(1, 2)}",
                               f" within 1 of {r.choice(self.subjects(ctx, it, target))}"])
            return f"number of {kind} boxes{around.replace('of you', 'of self')}"
        who = subject or r.choice(self.subjects(ctx, it, target) + [""])
        name = q.value
        if q is Quantity.COUNT:  # a counter (D9.9): a status's counts on a ship
            return f"number of {r.choice(self.statuses)} on " + \
                (who if who and who not in ('enemy', 'friendly') else 'self')
        if q is Quantity.CREW_ON:
            name += " " + r.choice(["maneuvers", *self.rules.maneuvers][:4])
        elif q is Quantity.WITHDRAWN and r.random() < 0.3:  # a tally of cards used
            who = who if who and who != "it" else "self"
            return (f"number of {r.choice(['damaging maneuvers', 'orders', 'cards'])} used "
                    f"by {who} {r.choice([p.value for p in Period])}")
        return f"{name} of {who}" if who else name

    def amount(self, ctx: Context, it: bool = False, target: bool = True) -> str:
        r = self.rnd
        terms = [self.quantity(ctx, it=it, target=target)]
        for _ in range(r.choice((0, 0, 1))):
            terms.append(r.choice("+-") + " " + (str(r.randint(1, 3)) if r.random() < 0.5
                                                 else self.quantity(ctx, it=it, target=target)))
        if r.random() < 0.1:  # the lower or the higher of it and a number
            return f"{r.choice(('min', 'max'))}({r.randint(1, 3)}, {' '.join(terms)})"
        return " ".join(terms)

    def condition(self, ctx: Context, depth: int = 1, it: bool = False, target: bool = True,
                  subjects: frozenset | None = None) -> str:
        """A condition the context can read; ``subjects`` limits them (a ``while``)."""
        r = self.rnd
        if subjects is not None:
            ctx = Context()
        kind = r.choice(["cmp", "cmp", "is", "mode"] + (["and", "or", "not"] if depth else []))
        if kind in ("and", "or"):
            return (f"({self.condition(ctx, depth - 1, it, target, subjects)} {kind} "
                    f"{self.condition(ctx, depth - 1, it, target, subjects)})")
        if kind == "not":
            return f"not {self.condition(ctx, depth - 1, it, target, subjects)}"
        if kind == "mode":
            return f"mode is {r.choice(['war', 'arena'])}"
        if kind == "is":
            names = self.subjects(ctx, it, target)
            if subjects is not None:
                names = ["self"] + (["it"] if it else [])
            who = r.choice([n for n in names if n not in ("you",)] or ["self"])
            draw = r.random()
            neg = "not " if draw < 0.3 else ""
            words = [a.value for a in Adjective if a.value != "any"] + \
                list(self.rules.ships)[:2] + self.statuses[1:2]
            word = r.choice(words)
            if draw >= 0.9:  # the box it is on (D2.11), read off the same draw
                return f"box of {who} is {BOX_TESTS[int((draw - 0.9) * 50)]}"
            others = [n for n in names if n not in ("you", who)] + \
                ([""] if who != "self" else [])  # "": of the card's ship
            if draw >= 0.8 and subjects is None and others:  # another ship's sight (D2.21):
                viewer = r.choice(others)  # never in a `while`, never the ship itself
                if draw >= 0.86:  # or its lines (D2.10), read off the same draw
                    within = f" within {int((draw - 0.86) * 50)}" if draw < 0.88 else ""
                    return f"{who} is {'not ' if draw < 0.87 else ''}in " + \
                        ("line", "row", "column", "diagonal")[int(draw * 400) % 4] + within + \
                        (f" of {viewer}" if viewer else "")
                return f"{who} is {'not ' if draw < 0.84 else ''}in sight" + \
                    (f" of {viewer}" if viewer else "")
            return f"{who} is {neg}{word}"
        left = self.amount(ctx, it, target)
        right = str(r.randint(0, 3)) if r.random() < 0.6 else self.amount(ctx, it, target)
        return f"{left} {r.choice([c.value for c in Cmp])} {right}"

    # ------------------------------------------------------------- text
    @staticmethod
    def block(kind: str, name: str, lines: Sequence[str]) -> str:
        body = "".join(f"    {line}\n" for line in lines if line)
        return f"{kind} {name} {{\n{body}}}\n"


#: The box tests a condition draws (D2.11).
BOX_TESTS = ("open", "running", "start", "friendly start", "enemy start", "edge")

#: The subjects a ``while`` may read (the status's ship; dsl.py's WHILE_SUBJECTS).
WHILE_SUBJECTS = frozenset({"self", "it", "you", "friendly", "enemy"})


def card_file(rnd: random.Random, rules: Ruleset, large: float = 0.03) -> str:
    """One random card file on top of ``rules``."""
    return CardWriter(rnd, rules, large).file()


def reason_key(err: DslError) -> str:
    """A compiler reason without its names and numbers: what a rejection counts under."""
    first = err.errors[0] if getattr(err, "errors", None) else err
    reason = getattr(first, "reason", None) or str(first)
    return re.sub(r"'[^']*'|\b\d+\b", "#", reason)[:120]


@attrs.define
class Generated:
    """The card files written and compiled: those kept, and why the others were not."""

    written: int = 0
    compiled: int = 0
    rejected: Counter = attrs.Factory(Counter)


def compiled_files(folder: Path, count: int, seed: int, done: Generated,
                   edition: str = "en", large: float = 0.03,
                   write: Callable[[random.Random, Ruleset], str] | None = None
                   ) -> Iterator[tuple[Path, Ruleset]]:
    """Write ``count`` card files into ``folder`` (``gen-SEED-N.rc``) and yield each
    that compiles with its rules, counting in ``done``."""
    rnd = random.Random(seed)
    base = load_ruleset(edition)
    folder.mkdir(parents=True, exist_ok=True)
    write = write or (lambda r, rules: card_file(r, rules, large))
    for number in range(count):
        path = folder / f"gen-{seed}-{number}.rc"
        path.write_text(write(random.Random(rnd.randrange(1 << 31)), base), "utf-8")
        done.written += 1
        try:
            rules = load_ruleset(edition, [str(path)])
        except DslError as err:
            done.rejected[reason_key(err)] += 1
            continue
        done.compiled += 1
        yield path, rules
