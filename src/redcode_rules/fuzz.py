"""The fuzz kit for card authors: random games, invariants, replays, shrinking.

``fuzz`` plays random games of a ruleset and checks the invariants after
every move (``invariants.violations`` plus the JSON round trip). On the
first failure it saves the game as a replay, shrinks the move list to a
shorter sequence that still breaks the same invariant, saves that too, and
returns both paths with the broken invariant.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Callable, Sequence

import attrs

from .errors import IllegalMove
from .game import Game, new_game
from .game_setup import default_teams
from .invariants import violations
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


def fuzz(rules: Ruleset, games: int = 100, seed: int = 0, out: str | Path = ".",
         progress: Callable[[int, int], None] | None = None,
         max_moves: int = 20_000) -> Failure | None:
    """Play ``games`` random games; on the first broken invariant, save and shrink it.

    ``progress(done, games)`` is called after each game that held (the
    command line draws it as a rich progress bar on a terminal).
    """
    rnd = random.Random(seed)
    choices = configs(rules)
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

