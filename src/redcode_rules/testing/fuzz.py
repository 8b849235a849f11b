"""The fuzz kit for card authors: random games, invariants, replays, shrinking.

``fuzz`` plays random games of a ruleset and checks the invariants after
every move (``invariants.violations`` plus the JSON round trip). On the
first failure it saves the game as a replay, shrinks the move list to a
shorter sequence that still breaks the same invariant, saves that too, and
returns both paths with the broken invariant.

``fuzz_cards`` is the same for a designer's card file (``redcode fuzz
--cards FILE``): it makes sure the file's new cards and ship types are
played (new ship types in the teams, new order cards a share of the deck)
and counts, from each game's log, how often each was used.

``check_generated`` plays card files nobody wrote (``cardgen``) and checks
more after every move (``MoveChecks``): the invariants, the JSON save and
the scenario read back equal, undo restoring the game before the move, the
processor time of the move and the events it logs, and statuses that
outlive their duration or that only an ignored condition could give.

Its length is the three's: they share the game loop, the shrinking and the
report.
"""

from __future__ import annotations

import enum
import random
import re
import time
from collections import Counter
from pathlib import Path
from typing import Any, Callable, Sequence

import attrs

from ..base.errors import IllegalMove, RedCodeError
from ..engine.invariants import violations
from ..engine.setup import default_teams
from ..formats.replay import save_replay
from ..formats.scenario import game_from_scenario
from ..game import Game, new_game
from ..info.tally import card_uses, lasting, sunk
from ..lang.loader import build_ruleset, load_ruleset
from ..model.ruleset import Duration, Ruleset
from ..rules.exprs import Scope
from . import cardgen


ROUND_TRIP_EVERY = 16


def default_check(game: Game, cards_total: int | None) -> list[str]:
    """The invariants, plus the JSON round trip every few moves and at the end
    (it costs more than a move)."""
    broken = violations(game, cards_total)
    if not broken and (len(game.moves) % ROUND_TRIP_EVERY == 0 or game.is_over) \
            and Game.from_json(game.to_json()) != game:
        broken.append("from_json(to_json()) gives another game")
    return broken


def configs(rules: Ruleset) -> list[tuple[str, list[list[str]]]]:
    """Every mode with 1v1, 2v2 and 3v3 (as many types as the rules have)."""
    return [(mode, default_teams(rules, n, n))
            for n in range(1, min(3, len(rules.ships)) + 1) for mode in ("war", "arena")]


def _key(message: str) -> str:
    """An invariant's identity: its sentence without ids and numbers."""
    return re.sub(r"\b(blue|red)-\w+|\d+", "#", message)


@attrs.define
class FailedGame:
    """The first failing game: what broke, where, and the replay files."""

    broken: list[str]
    game_number: int
    moves: list[str]
    shrunk_moves: list[str]
    replay: Path
    shrunk_replay: Path

    def to_dict(self) -> dict:
        """The failure as plain data (``redcode fuzz --json``)."""
        return {"game": self.game_number, "broken": list(self.broken),
                "moves": len(self.moves), "shrunk_moves": list(self.shrunk_moves),
                "replay": str(self.replay), "shrunk_replay": str(self.shrunk_replay)}

    def report(self) -> str:
        return (f"game {self.game_number}: after move {len(self.moves)}: "
                + "; ".join(self.broken)
                + f"\n  replay: {self.replay} ({len(self.moves)} moves)"
                + f"\n  shrunk: {self.shrunk_replay} ({len(self.shrunk_moves)} moves)")


def run_moves(start: Game, moves: Sequence[str], cards_total: int | None,
              strict: bool = True) -> tuple[list[str], list[str]]:
    """Play moves on a copy of ``start``, checking after each.

    Returns (broken invariants or [], the moves actually played). With
    ``strict=False`` moves that are illegal where they fall are skipped
    (that is how shrinking tries shorter sequences).
    """
    game = start.clone()
    played: list[str] = []
    for move in moves:
        if game.is_over:
            break
        try:
            game.play(move)
        except IllegalMove:
            if strict:
                return [f"move {move!r} is illegal"], played
            continue
        except Exception as err:  # a crash is a failure to report, not to propagate
            played.append(move)
            return [f"play({move!r}) raised {type(err).__name__}: {err}"], played
        played.append(move)
        broken = default_check(game, cards_total)
        if broken:
            return broken, played
    return [], played


def shrink(start: Game, moves: list[str], broken: list[str], cards_total: int | None,
           budget: int = 3000) -> list[str]:
    """A shorter move list that breaks the same invariant (delta debugging on chunks)."""
    want = {_key(b) for b in broken}
    best = list(moves)
    tries = 0
    size = max(1, len(best) // 2)
    while size >= 1 and tries < budget:
        i = 0
        shrunk_here = False
        while i < len(best) and tries < budget:
            candidate = best[:i] + best[i + size:]
            tries += 1
            got, played = run_moves(start, candidate, cards_total, strict=False)
            if got and want & {_key(b) for b in got} and len(played) < len(best):
                best = played
                shrunk_here = True
            else:
                i += size
        if not shrunk_here:
            size //= 2
    return best


Config = tuple[str, list[list[str]]]


#: Random games a run plays unless told (``redcode fuzz``): a few minutes.
FUZZ_GAMES = 100
#: Random games of a card file (``redcode fuzz --cards FILE``): a designer
#: checks a file often, so about half a minute; ``--games`` plays more.
CARD_FUZZ_GAMES = 20


def fuzz(rules: Ruleset, games: int = FUZZ_GAMES, seed: int = 0, out: str | Path = ".",
         progress: Callable[[int, int], None] | None = None,
         max_moves: int = 20_000, choices: list[Config] | None = None,
         after_game: Callable[[Game], None] | None = None) -> FailedGame | None:
    """Play ``games`` random games; on the first broken invariant, save and shrink it.

    ``progress(done, games)`` is called after each game that held (the
    command line draws it as a rich progress bar on a terminal).
    ``choices``: the (mode, teams) a game is drawn from (default: ``configs``);
    ``after_game(game)`` sees every game played to its end or its failure.
    """
    rnd = random.Random(seed)
    choices = choices or configs(rules)
    total = rules.options.deck_size
    for number in range(1, games + 1):
        mode, teams = rnd.choice(choices)
        game = new_game(rules, mode=mode, teams=teams, seed=rnd.randrange(1 << 31))
        start = game.clone()
        broken = default_check(game, total)
        moves: list[str] = []
        while not broken and not game.is_over and len(moves) < max_moves:
            move = rnd.choice(game.legal_moves())
            moves.append(move)
            try:
                game.play(move)
                broken = default_check(game, total)
            except Exception as err:  # a crash is a finding
                broken = [f"play({move!r}) raised {type(err).__name__}: {err}"]
        if after_game:
            after_game(game)
        if broken:
            out = Path(out)
            out.mkdir(parents=True, exist_ok=True)
            failing_replay = _replay_of(start, moves, out / f"fuzz-{seed}-{number}.json")
            shrunk = shrink(start, moves, broken, total)
            shrunk_replay = _replay_of(start, shrunk, out / f"fuzz-{seed}-{number}-shrunk.json")
            return FailedGame(broken, number, moves, shrunk, failing_replay, shrunk_replay)
        if progress:
            progress(number, games)
    return None


def _replay_of(start: Game, moves: list[str], path: Path) -> Path:
    game = start.clone()
    game.moves = list(moves)  # recorded as played, even the one that broke the game
    return save_replay(game, path)



# --------------------------------------------------------------------------
# fuzzing a card file: its new cards played, and how often

#: The share of the deck ``fuzz --cards`` gives the new order cards, split
#: evenly among them (at least one copy each); the printed order cards fill
#: the rest in proportion to their copies.
NEW_ORDER_SHARE = 0.5


@attrs.frozen
class NewCards:
    """What card files add to their edition: the ids ``fuzz --cards`` makes sure are played."""

    maneuvers: tuple[str, ...] = ()
    orders: tuple[str, ...] = ()
    statuses: tuple[str, ...] = ()
    ships: tuple[str, ...] = ()
    triggers: tuple[str, ...] = ()
    """The keys of the triggers ``base`` has not (``ship:destroyer:0``): a
    patched ship's ``when`` is new though the ship type is not."""

    @classmethod
    def of(cls, rules: Ruleset, base: Ruleset) -> NewCards:
        """The ids of ``rules`` that ``base`` has not, in declaration order."""
        return cls(*(tuple(k for k in getattr(rules, kind) if k not in getattr(base, kind))
                     for kind in ("maneuvers", "orders", "statuses", "ships")),
                   triggers=tuple(k for k in _trigger_keys(rules)
                                  if k not in set(_trigger_keys(base))))

    @property
    def cards(self) -> tuple[str, ...]:
        """The new maneuvers and order cards."""
        return self.maneuvers + self.orders


def _trigger_keys(rules: Ruleset) -> list[str]:
    """The key of every trigger of the rules, by holder (statuses, ships, tokens)."""
    index = rules.trigger_index
    return [t.key for group in (index.statuses, index.ships, index.tokens)
            for triggers in group.values() for t in triggers]


def _largest_remainder(total: int, weights: dict[str, int]) -> dict[str, int]:
    """``total`` split in proportion to ``weights`` (all equal if they are all 0),
    whole numbers adding up to ``total``: each its floor, the rest by largest remainder."""
    if not weights:
        return {}
    if not any(weights.values()):
        weights = dict.fromkeys(weights, 1)
    whole = sum(weights.values())
    exact = {k: total * w / whole for k, w in weights.items()}
    shares = {k: int(v) for k, v in exact.items()}
    for k in sorted(exact, key=lambda k: shares[k] - exact[k])[:total - sum(shares.values())]:
        shares[k] += 1
    return shares


def fuzz_deck(rules: Ruleset, new_orders: Sequence[str],
              share: float = NEW_ORDER_SHARE) -> dict[str, int]:
    """The copies of every order card in a deck where the new orders are
    ``share`` of ``deck_size`` (evenly, at least one copy each, while the deck
    has room) and the printed ones the rest, in proportion to their copies."""
    size = rules.options.deck_size
    new = [o for o in rules.orders if o in new_orders]
    if not new:
        return {o.id: o.copies for o in rules.orders.values()}
    room = min(size, max(len(new), round(size * share)))
    copies = _largest_remainder(room, dict.fromkeys(new, 1))
    printed = {o.id: o.copies for o in rules.orders.values() if o.id not in new}
    copies.update(_largest_remainder(size - room, printed))
    return {o: copies[o] for o in rules.orders}


def card_configs(rules: Ruleset, new: NewCards) -> list[Config]:
    """Every mode with 1v1, 2v2 and 3v3, both sides taking the new ship types
    first, then the printed ones that carry a new maneuver, then the others."""
    carriers = [t for t, ship in rules.ships.items() if t not in new.ships
                and set(ship.maneuvers) & set(new.maneuvers)]
    order = list(new.ships) + carriers
    order += [t for t in rules.ships if t not in order]
    return [(mode, [order[:n], order[:n]])
            for n in range(1, min(3, len(order)) + 1) for mode in ("war", "arena")]


@attrs.define
class Usage:
    """How often the new cards were used in the games played, from their logs.

    For each new card: ``declared`` (a maneuver used or answered with),
    ``played`` (an order card played), ``resolved`` and ``cancelled``
    (cancelled or wasted); each new status: ``given`` (an ability: once per
    ship of its type in a game); each new ship type:
    ``games`` it took part in and times ``sunk``; each new trigger: times it
    ``fired``.
    """

    new: NewCards
    games: int = 0
    cards: dict[str, Counter] = attrs.Factory(dict)
    statuses: dict[str, int] = attrs.Factory(dict)
    ships: dict[str, Counter] = attrs.Factory(dict)
    triggers: dict[str, int] = attrs.Factory(dict)

    def __attrs_post_init__(self) -> None:
        self.cards = {c: Counter(declared=0, played=0, resolved=0, cancelled=0)
                      for c in self.new.cards}
        self.statuses = dict.fromkeys(self.new.statuses, 0)
        self.ships = {t: Counter(games=0, sunk=0) for t in self.new.ships}
        self.triggers = dict.fromkeys(self.new.triggers, 0)

    def count(self, game: Game) -> None:
        """Add one game's log to the counts (``tally``)."""
        self.games += 1
        types = {ship.id: ship.type for ship in game.state.ships}
        for kind in set(types.values()) & set(self.ships):
            self.ships[kind]["games"] += 1
        for ship in game.state.ships:  # an ability: given to every ship of its type
            for name in game.rules.ships[ship.type].abilities:
                if name in self.statuses:
                    self.statuses[name] += 1
        log = game.log
        for (card, _), uses in card_uses(log).items():
            if card in self.cards:
                counts = self.cards[card]
                counts["declared"] += uses.used + uses.responded
                counts["played"] += uses.ordered
                counts["resolved"] += uses.resolved
                counts["cancelled"] += uses.cancelled + uses.wasted
        for name, given in lasting(log, "status", "ship", game.turn_number).items():
            if name in self.statuses:
                self.statuses[name] += given["given"]
        for ship_id, times in sunk(log).items():
            if types.get(ship_id) in self.ships:
                self.ships[types[ship_id]]["sunk"] += times
        for event in log:
            if event.kind == "trigger" and event.data.get("trigger") in self.triggers:
                self.triggers[event.data["trigger"]] += 1

    def unused(self) -> list[str]:
        """The new cards never put on the chain, statuses never given, ship types never sunk
        nor played, triggers never fired."""
        return ([c for c, n in self.cards.items() if not n["declared"] + n["played"]]
                + [s for s, n in self.statuses.items() if not n]
                + [t for t, n in self.ships.items() if not n["games"]]
                + [k for k, n in self.triggers.items() if not n])

    def to_dict(self) -> dict[str, Any]:
        """The counts as plain data (``redcode fuzz --cards --json``)."""
        return {"games": self.games,
                "cards": {c: dict(n) for c, n in self.cards.items()},
                "statuses": {s: {"given": n} for s, n in self.statuses.items()},
                "ships": {t: dict(n) for t, n in self.ships.items()},
                **({"triggers": {k: {"fired": n} for k, n in self.triggers.items()}}
                   if self.triggers else {}),
                "unused": self.unused()}

    def report(self) -> list[str]:
        """The counts as lines of text, one per new card, status, ship type and trigger."""
        lines = [f"new cards used in {self.games} games:"]
        for card, n in self.cards.items():
            kind = "order" if card in self.new.orders else "maneuver"
            lines.append(f"  {kind} {card}: declared {n['declared']}, played {n['played']}, "
                         f"resolved {n['resolved']}, cancelled {n['cancelled']}")
        lines += [f"  status {s}: given {n}" for s, n in self.statuses.items()]
        lines += [f"  ship {t}: in {n['games']} games, sunk {n['sunk']}"
                  for t, n in self.ships.items()]
        lines += [f"  trigger {k}: fired {n}" for k, n in self.triggers.items()]
        if len(lines) == 1:
            lines.append("  (the card files add no card, status, ship type or trigger)")
        if self.unused():
            lines.append("never used: " + ", ".join(self.unused()))
        return lines


@attrs.frozen
class CardFuzz:
    """The rules ``fuzz_cards`` plays: the card files on the edition, with the deck
    ``fuzz_deck`` gives them, what they add, and the teams to play."""

    rules: Ruleset
    new: NewCards
    deck: dict[str, int]
    choices: list[Config]


def card_fuzz_rules(edition: str, cards: Sequence[str], teams: list[list[str]] | None = None,
                    share: float = NEW_ORDER_SHARE) -> CardFuzz:
    """The card files on ``edition``, their new order cards ``share`` of the deck
    (a ``patch order … { copies N }`` text applied last, so a saved failure
    rebuilds the same deck), and the teams: ``teams`` in both modes, else
    ``card_configs``."""
    base = load_ruleset(edition)
    plain = load_ruleset(edition, list(cards))
    new = NewCards.of(plain, base)
    deck = fuzz_deck(plain, new.orders, share)
    rules = plain
    if deck != {o.id: o.copies for o in plain.orders.values()}:
        text = "".join(f"patch order {o} {{ copies {n} }}\n" for o, n in deck.items())
        rules = build_ruleset(edition, tuple(cards), (("fuzz-deck.rc", text),))
    choices = [(mode, teams) for mode in ("war", "arena")] if teams \
        else card_configs(rules, new)
    return CardFuzz(rules, new, deck, choices)


def fuzz_cards(setup: CardFuzz, games: int = CARD_FUZZ_GAMES, seed: int = 0,
               out: str | Path = ".",
               progress: Callable[[int, int], None] | None = None
               ) -> tuple[FailedGame | None, Usage]:
    """``fuzz`` on a card file's rules (``card_fuzz_rules``), counting how often
    its new cards were used."""
    usage = Usage(setup.new)
    failure = fuzz(setup.rules, games=games, seed=seed, out=out, progress=progress,
                   choices=setup.choices, after_game=usage.count)
    return failure, usage


# --------------------------------------------------------------------------
# generated card files: every move checked, round trips, undo and time

#: The longest a move may take, listing the next moves included, and the
#: longest a save or a scenario may take to load (processor seconds).
MOVE_SECONDS = 2.0
#: The most log events one move may add (a chain of triggers included).
MOVE_EVENTS = 5_000


class Check(enum.Enum):
    """What ``MoveChecks`` checks after every move, the names findings are filed under."""

    CRASH = "crash"             # play or a round trip raised something else than refusing
    INVARIANT = "invariant"     # invariants.violations
    NEVER = "never"             # a status only a condition that never holds gives
    LIFETIME = "lifetime"       # a status outlived its duration, or ended unlogged
    JSON = "json"               # Game.from_json(game.to_json()) == game, with its moves
    SCENARIO = "scenario"       # Game.from_scenario(game.to_scenario()) == game
    UNDO = "undo"               # undo gives the game before; playing again the game after
    TIME = "time"               # a move (or a load) took more than MOVE_SECONDS
    LOG = "log"                 # a move logged more than MOVE_EVENTS events


@attrs.frozen
class Finding:
    """One broken check: which, what it says, and where (file, game seed, move)."""

    check: Check
    message: str
    file: str
    setup: dict
    moves: tuple[str, ...]

    def reproduce(self, edition: str = "en") -> tuple[Game, str]:
        """The game just before the move that broke the check, and that move."""
        game = new_game(load_ruleset(edition, [self.file]), **self.setup)
        for move in self.moves[:-1]:
            game.play(move)
        return game, self.moves[-1]

    def report(self) -> str:
        return (f"{self.check.value}: {self.message}\n  file {self.file}, game {self.setup}, "
                f"move {len(self.moves)}: {self.moves[-1] if self.moves else '(none)'}")


def _said(err: BaseException) -> str:
    """An exception as a finding says it: its type and the start of its message."""
    return f"{type(err).__name__}: {str(err)[:300]}"


def _timed(fn: Callable[[], Any]) -> tuple[Any, float]:
    """``fn()`` and the processor time it took (not the wall clock: other
    processes on the machine do not make a move slow)."""
    start = time.process_time()
    value = fn()
    return value, time.process_time() - start


def ends(before: Game, game: Game, logged: int) -> list[tuple[Check, str]]:
    """Every status that a move ended is logged as ended (``status_end``),
    whatever ended it: the narration tells it and the lab counts its turns."""
    said = {(str(e["ship"]), str(e["status"])) for e in game.log[logged:]
            if e.kind == "status_end"}
    return [(Check.LIFETIME, f"{ship}'s {name} ended with no status_end in the log")
            for ship in game.ships for name in before.ship(ship).statuses
            if name not in game.ship(ship).statuses and (ship, name) not in said]


@attrs.define
class MoveChecks:
    """The checks after each move of one game, and what they keep between moves:
    the turn each status lasting turns was last given, and how many turns its
    ship's player has begun since (``LIFETIME``: extra and skipped turns of
    the others delay "its next turn", D6.5)."""

    seconds: float = MOVE_SECONDS
    events: int = MOVE_EVENTS
    cards_total: int | None = None   # the order cards in play (counted at the first move)
    given: dict[tuple[str, str], int] = attrs.Factory(dict)
    begun: dict[tuple[str, str], int] = attrs.Factory(dict)  # its player's turns since
    slowest: tuple[float, str] = (0.0, "")        # the slowest move: seconds, which
    slowest_load: tuple[float, str] = (0.0, "")   # the slowest from_json or from_scenario
    most_events: int = 0   # the most events one move logged
    json_trips: int = 0
    scenario_trips: int = 0
    undos: int = 0

    def play(self, game: Game, move: str) -> list[tuple[Check, str]]:
        """Play ``move`` on ``game`` and check everything; the broken checks."""
        before = game.clone()
        logged = len(game.log)
        if self.cards_total is None:
            self.cards_total = len(game.deck) + len(game.discards) + sum(
                len(hand) for hand in game.state.hands)
        try:
            _, took = _timed(lambda: (game.play(move), game.legal_moves()))
        except Exception as err:  # a crash is a finding
            return [(Check.CRASH, f"play({move!r}) raised {_said(err)}")]
        if took > self.slowest[0]:
            self.slowest = (took, f"move {len(game.moves)} {move!r}")
        events = len(game.log) - logged
        self.most_events = max(self.most_events, events)
        out = []
        if took > self.seconds:
            out.append((Check.TIME, f"move {move!r} took {took:.2f} s"))
        if events > self.events:
            out.append((Check.LOG, f"move {move!r} logged {events:,} events"))
        steps: list[tuple[Check, Callable[[], list[tuple[Check, str]]]]] = [
            (Check.INVARIANT, lambda: [(Check.INVARIANT, b)
                                       for b in violations(game, self.cards_total)]),
            (Check.LIFETIME, lambda: self.statuses(game, logged) + ends(before, game, logged)),
            (Check.JSON, lambda: self.json(game)),
            (Check.SCENARIO, lambda: self.scenario(game)),
            (Check.UNDO, lambda: self.undo(game, before, move))]
        for check, step in steps:
            try:
                out += step()
            except RedCodeError as err:   # a save or scenario its reader refuses
                out.append((check, _said(err)))
            except Exception as err:
                out.append((Check.CRASH, f"the {check.value} check raised {_said(err)}"))
        return out

    def _load_time(self, took: float, what: str) -> None:
        if took > self.slowest_load[0]:
            self.slowest_load = (took, what)

    def statuses(self, game: Game, logged: int) -> list[tuple[Check, str]]:
        """No ship has the never-given status; no status lasting turns outlives them,
        none lasting ``while`` a condition outlives it (checked after every effect)."""
        for event in game.log[logged:]:
            if event.kind == "status":
                key = (event.data["ship"], event.data["status"])
                self.given[key], self.begun[key] = game.turn_number, 0
            elif event.kind in ("turn_start", "skipped"):  # a turn of that player begins
                for key in self.begun:
                    if key[0] == event.data["player"]:
                        self.begun[key] += 1
        out = []
        for seat, ship in enumerate(game.ships):
            for name in game.ship(ship).statuses:
                if name == cardgen.NEVER_STATUS:
                    out.append((Check.NEVER, f"{ship} has {name}: an effect given it though "
                                f"its condition ({cardgen.NEVER}) never holds"))
                spec = game.rules.statuses[name]
                duration = spec.duration
                if duration is Duration.WHILE and not spec.condition.holds(
                        game.engine, Scope(seat, it=seat)):
                    out.append((Check.LIFETIME, f"{ship} still has {name} though its 'while' "
                                "condition no longer holds"))
                since = self.given.get((ship, name), 1)
                age = game.turn_number - since
                begun = self.begun.get((ship, name), 0)  # its player's turns since
                if (duration is Duration.THIS_TURN and age > 0) or (
                        duration in (Duration.START_OF_NEXT_TURN, Duration.END_OF_NEXT_TURN)
                        and begun > 2):
                    out.append((Check.LIFETIME, f"{ship} still has {name} ({duration.value}) "
                                f"{age} turns after it was given, {begun} of its own"))
        return out

    def json(self, game: Game) -> list[tuple[Check, str]]:
        again, took = _timed(lambda: Game.from_json(game.to_json()))
        self.json_trips += 1
        self._load_time(took, f"from_json after move {len(game.moves)}")
        out = []
        if took > self.seconds:
            out.append((Check.TIME, f"from_json took {took:.2f} s"))
        if again != game:
            out.append((Check.JSON, "from_json(to_json()) gives another game"))
        elif again.moves != game.moves or again.log != game.log:
            out.append((Check.JSON, "from_json(to_json()) gives other moves or another log"))
        return out

    def scenario(self, game: Game) -> list[tuple[Check, str]]:
        if game.is_over or game.state.stack:
            return []  # what a scenario cannot hold (to_scenario refuses it)
        text = game.to_scenario()
        # the first of a game reads the card files it names; the others are
        # given the rules (compiling costs more than the rest of the checks)
        rules = game.rules if self.scenario_trips else None
        again, took = _timed(lambda: game_from_scenario(text, rules, read_files=False,
                                                        game_class=Game))
        self.scenario_trips += 1
        self._load_time(took, f"from_scenario after move {len(game.moves)}")
        if took > self.seconds:
            return [(Check.TIME, f"from_scenario took {took:.2f} s")]
        if again != game:
            return [(Check.SCENARIO, "from_scenario(to_scenario()) gives another game"
                     + _first_difference(again, game))]
        return []

    def undo(self, game: Game, before: Game, move: str) -> list[tuple[Check, str]]:
        after = game.clone()
        self.undos += 1
        if game.undo() != move:
            return [(Check.UNDO, "undo took back another move")]
        out = []
        if game != before or game.log != before.log or game.moves != before.moves:
            out.append((Check.UNDO, f"undo of {move!r} does not give the game before it"))
        game.play(move)
        if game != after or game.log != after.log:
            out.append((Check.UNDO, f"{move!r} played again after undo gives another game"))
        return out


def _first_difference(a: Game, b: Game) -> str:
    """Where two games' states first differ (a field of the state), for a finding."""
    for field in attrs.fields(type(a.state)):
        if getattr(a.state, field.name) != getattr(b.state, field.name):
            return f": state.{field.name} differs"
    return ""


@attrs.define
class CardRun:
    """The totals of a run over generated card files, and what it found."""

    written: int = 0
    compiled: int = 0
    rejected: Counter = attrs.Factory(Counter)
    games: int = 0
    moves: int = 0
    json_trips: int = 0
    scenario_trips: int = 0
    undos: int = 0
    slowest: tuple[float, str] = (0.0, "")
    slowest_load: tuple[float, str] = (0.0, "")
    most_events: int = 0
    findings: list[Finding] = attrs.Factory(list)

    def add(self, checks: MoveChecks, path: Path) -> None:
        self.json_trips += checks.json_trips
        self.scenario_trips += checks.scenario_trips
        self.undos += checks.undos
        self.most_events = max(self.most_events, checks.most_events)
        if checks.slowest[0] > self.slowest[0]:
            self.slowest = (checks.slowest[0], f"{checks.slowest[1]} of {path.name}")
        if checks.slowest_load[0] > self.slowest_load[0]:
            self.slowest_load = (checks.slowest_load[0],
                                 f"{checks.slowest_load[1]} of {path.name}")

    def distinct(self) -> dict[tuple[Check, str], Finding]:
        """The first finding of each kind (its check and message without ids and numbers)."""
        out: dict[tuple[Check, str], Finding] = {}
        for finding in self.findings:
            out.setdefault((finding.check, _kind(finding.message)), finding)
        return out

    def report(self) -> list[str]:
        lines = [f"{self.written} card files written, {self.compiled} compiled; "
                 f"{self.games} games, {self.moves} moves; {self.json_trips} JSON and "
                 f"{self.scenario_trips} scenario round trips, {self.undos} undos",
                 f"slowest move {1000 * self.slowest[0]:.1f} ms ({self.slowest[1]}); slowest "
                 f"load {1000 * self.slowest_load[0]:.1f} ms ({self.slowest_load[1]}); at most "
                 f"{self.most_events} events logged by a move"]
        lines += [f"  rejected {n}: {why}" for why, n in self.rejected.most_common()]
        lines += [f.report() for f in self.findings]
        return lines


def generated_config(rnd: random.Random, rules: Ruleset, new_ship: str) -> Config:
    """A mode and teams where the new ship type plays on both sides, 1 to 3 ships a side."""
    printed = [t for t in rules.ships if t != new_ship]
    n = rnd.randint(1, min(3, len(rules.ships)))
    blue = [new_ship] + rnd.sample(printed, n - 1)
    red = rnd.sample([new_ship] + printed, n)
    return rnd.choice(("war", "arena")), [blue, red]


def play_generated(path: Path, rules: Ruleset, seed: int, max_moves: int, run: CardRun,
                   seconds: float = MOVE_SECONDS,
                   known: Callable[[Finding], bool] | None = None) -> None:
    """One random game of a generated card file, every move checked. A move that
    breaks a check ends the game (its state may be wrong after it), unless
    ``known`` says each of its findings is a known problem: then the game goes on
    (another move where the move crashed), each kind of finding kept once a game."""
    rnd = random.Random(seed)
    new_ship = [t for t in rules.ships if t.startswith("gh")][0]
    mode, teams = generated_config(rnd, rules, new_ship)
    game = new_game(rules, mode=mode, teams=teams, seed=rnd.randrange(1 << 31))
    checks = MoveChecks(seconds=seconds)
    run.games += 1
    seen: set[tuple[Check, str]] = set()
    crashed: set[str] = set()   # moves that crashed here (rolled back): not chosen again
    while not game.is_over and len(game.moves) < max_moves:
        legal = [m for m in game.legal_moves() if m not in crashed]
        if not legal:
            break
        move = rnd.choice(legal)
        played = (*game.moves, move)
        broken = checks.play(game, move)
        run.moves += 1
        crashed = crashed | {move} if len(game.moves) < len(played) else set()
        found = [Finding(check, message, str(path), dict(game.setup or {}), played)
                 for check, message in broken]
        for finding in found:
            if (finding.check, _kind(finding.message)) not in seen:
                seen.add((finding.check, _kind(finding.message)))
                run.findings.append(finding)
        if found and not (known and all(known(f) for f in found)):
            break
    run.add(checks, path)


def _kind(message: str) -> str:
    """A finding's kind: its message without ids, numbers and quoted words."""
    return re.sub(r"'[^']*'", "#", _key(message))


def check_generated(folder: str | Path, files: int, seed: int = 0, max_moves: int = 150,
                    seconds: float = MOVE_SECONDS, large: float = 0.03,
                    progress: Callable[[int, int], None] | None = None,
                    known: Callable[[Finding], bool] | None = None) -> CardRun:
    """Write ``files`` random card files into ``folder`` (``cardgen``), and play one
    random game of each that compiles, checking every move (``MoveChecks``);
    ``known``: the findings a game goes on after (see ``play_generated``)."""
    run = CardRun()
    rnd = random.Random(seed)
    done = cardgen.Generated()
    for path, rules in cardgen.compiled_files(Path(folder), files, seed, done, large=large):
        play_generated(path, rules, rnd.randrange(1 << 31), max_moves, run, seconds, known)
        if progress:
            progress(done.written, files)
    run.written, run.compiled, run.rejected = done.written, done.compiled, done.rejected
    return run
