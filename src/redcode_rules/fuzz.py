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
"""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path
from typing import Any, Callable, Sequence

import attrs

from .errors import IllegalMove
from .game import Game, new_game
from .game_setup import default_teams
from .invariants import violations
from .loader import build_ruleset, load_ruleset
from .model import Ruleset
from .replay import save_replay

Check = Callable[[Game], list[str]]


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
class Failure:
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


def fuzz(rules: Ruleset, games: int = 100, seed: int = 0, out: str | Path = ".",
         progress: Callable[[int, int], None] | None = None,
         max_moves: int = 20_000, choices: list[Config] | None = None,
         after_game: Callable[[Game], None] | None = None) -> Failure | None:
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
            return Failure(broken, number, moves, shrunk, failing_replay, shrunk_replay)
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

    @classmethod
    def of(cls, rules: Ruleset, base: Ruleset) -> NewCards:
        """The ids of ``rules`` that ``base`` has not, in declaration order."""
        return cls(*(tuple(k for k in getattr(rules, kind) if k not in getattr(base, kind))
                     for kind in ("maneuvers", "orders", "statuses", "ships")))

    @property
    def cards(self) -> tuple[str, ...]:
        """The new maneuvers and order cards."""
        return self.maneuvers + self.orders


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
    ``games`` it took part in and times ``sunk``.
    """

    new: NewCards
    games: int = 0
    cards: dict[str, Counter] = attrs.Factory(dict)
    statuses: dict[str, int] = attrs.Factory(dict)
    ships: dict[str, Counter] = attrs.Factory(dict)

    def __attrs_post_init__(self) -> None:
        self.cards = {c: Counter(declared=0, played=0, resolved=0, cancelled=0)
                      for c in self.new.cards}
        self.statuses = dict.fromkeys(self.new.statuses, 0)
        self.ships = {t: Counter(games=0, sunk=0) for t in self.new.ships}

    #: log event kind → the count it adds to
    EVENTS = {"use": "declared", "respond": "declared", "order": "played",
              "resolve": "resolved", "cancelled": "cancelled", "wasted": "cancelled"}

    def count(self, game: Game) -> None:
        """Add one game's log to the counts."""
        self.games += 1
        types = {ship.id: ship.type for ship in game.state.ships}
        for kind in set(types.values()) & set(self.ships):
            self.ships[kind]["games"] += 1
        for ship in game.state.ships:  # an ability: given to every ship of its type
            for name in game.rules.ships[ship.type].abilities:
                if name in self.statuses:
                    self.statuses[name] += 1
        for event in game.log:
            data = event.data
            if event.kind in self.EVENTS and data.get("card") in self.cards:
                self.cards[data["card"]][self.EVENTS[event.kind]] += 1
            elif event.kind == "status" and data.get("status") in self.statuses:
                self.statuses[data["status"]] += 1
            elif event.kind == "sunk" and types.get(data.get("ship")) in self.ships:
                self.ships[types[data["ship"]]]["sunk"] += 1

    def unused(self) -> list[str]:
        """The new cards never put on the chain, statuses never given, ship types never sunk
        nor played."""
        return ([c for c, n in self.cards.items() if not n["declared"] + n["played"]]
                + [s for s, n in self.statuses.items() if not n]
                + [t for t, n in self.ships.items() if not n["games"]])

    def to_dict(self) -> dict[str, Any]:
        """The counts as plain data (``redcode fuzz --cards --json``)."""
        return {"games": self.games,
                "cards": {c: dict(n) for c, n in self.cards.items()},
                "statuses": {s: {"given": n} for s, n in self.statuses.items()},
                "ships": {t: dict(n) for t, n in self.ships.items()},
                "unused": self.unused()}

    def report(self) -> list[str]:
        """The counts as lines of text, one per new card, status and ship type."""
        lines = [f"new cards used in {self.games} games:"]
        for card, n in self.cards.items():
            kind = "order" if card in self.new.orders else "maneuver"
            lines.append(f"  {kind} {card}: declared {n['declared']}, played {n['played']}, "
                         f"resolved {n['resolved']}, cancelled {n['cancelled']}")
        lines += [f"  status {s}: given {n}" for s, n in self.statuses.items()]
        lines += [f"  ship {t}: in {n['games']} games, sunk {n['sunk']}"
                  for t, n in self.ships.items()]
        if len(lines) == 1:
            lines.append("  (the card files add no card, status or ship type)")
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


def fuzz_cards(setup: CardFuzz, games: int = 100, seed: int = 0, out: str | Path = ".",
               progress: Callable[[int, int], None] | None = None
               ) -> tuple[Failure | None, Usage]:
    """``fuzz`` on a card file's rules (``card_fuzz_rules``), counting how often
    its new cards were used."""
    usage = Usage(setup.new)
    failure = fuzz(setup.rules, games=games, seed=seed, out=out, progress=progress,
                   choices=setup.choices, after_game=usage.count)
    return failure, usage
