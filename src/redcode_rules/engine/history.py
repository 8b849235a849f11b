"""A game's record for undo: one ply per move played (``Ply``), and the states
saved before some of them.

The state before a move is saved flat into one list of plain values
(``GameState.save_into``: no record, tuple or list is built, so saving costs
neither allocations nor garbage collections), but until the game's first
undo only before every ``CHECKPOINT_EVERY``-th move: random playouts never
undo, and saving ~100 values on every move was an eighth of a compiled
playout. Taking a move back (``cut``) restores the last state saved at or
before it and hands back the moves since, to be played again: the engine is
deterministic and its RNG is in the state. From a first undo on every move's
state is saved (``dense``), so search's push/pop replays nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, Sequence

from ..model.state import GameState

if TYPE_CHECKING:
    from .chance_runs import ChanceNode

#: Until a game's first ``undo``, the state before every CHECKPOINT_EVERY-th
#: move only is saved; undo replays from the last one saved.
CHECKPOINT_EVERY = 16


#: One move played, a ply: ``(move, saved, log_length, node)``: its text as
#: recorded, where the state before it starts in ``History.saved`` (-1: not
#: saved, replayed from an earlier one), the log's length before it, and the
#: chance node the game was at when it was played (explicit chance; None
#: otherwise). A plain tuple, not a named one: a game keeps one a move, and
#: the garbage collector stops tracking a plain tuple of plain values (it
#: keeps tracking a named tuple's) and counts none taken from the
#: interpreter's free tuples, so a random game collects less often (with the
#: log's entries, ``LogEntry`` in engine/views.py: about half as often).
Ply = tuple[str, int, int, "ChanceNode | None"]


class Cut(NamedTuple):
    """Where taking moves back leads: the state saved at or before the first
    move taken back, the log's length then, the chance node then, and the
    moves between that state and the move taken back, to play again."""

    state: GameState
    log_length: int
    node: ChanceNode | None
    replay: list[str]


class History:
    """The plies of one game since it was made or loaded, after the moves
    ``earlier`` (a clone's or a loaded game's moves before it, recorded but
    not taken back), and the states saved before them."""

    __slots__ = ("earlier", "plies", "saved", "dense")

    def __init__(self, earlier: Sequence[str] = ()):
        self.earlier: list[str] = list(earlier)
        self.plies: list[Ply] = []
        self.saved: list = []  # states before plies, flat (GameState.save_into)
        self.dense = False  # save before every move (after a first undo)

    def __len__(self) -> int:
        """The moves that can be taken back."""
        return len(self.plies)

    def moves(self) -> list[str]:
        """Every move recorded, oldest first: the earlier ones, then the plies'."""
        return [*self.earlier, *(ply[0] for ply in self.plies)]

    def last_move(self) -> str:
        """The move of the last ply."""
        return self.plies[-1][0]

    def count(self) -> int:
        """How many moves are recorded (``len(moves())``, without the list)."""
        return len(self.earlier) + len(self.plies)

    def rename(self, moves: Sequence[str]) -> None:
        """Record the moves as ``moves`` (as many as ``moves()``): what was
        played is rewritten, not replayed (a resample's redealt outcomes)."""
        moves = list(moves)
        assert len(moves) == self.count()
        cut = len(self.earlier)
        self.earlier = moves[:cut]
        self.plies = [(move, *ply[1:]) for ply, move in zip(self.plies, moves[cut:])]

    def record(self, state: GameState, log_length: int, move: str,
               node: ChanceNode | None = None) -> None:
        """A move is about to be played on ``state``: record it, and save the
        state before it if it is a checkpoint (or every one, once dense)."""
        plies = self.plies
        if self.dense or not len(plies) % CHECKPOINT_EVERY:
            saved = len(self.saved)
            state.save_into(self.saved)
        else:
            saved = -1
        plies.append((move, saved, log_length, node))

    def cut(self, n: int) -> Cut:
        """Take back the plies from the ``n``-th on: the state saved last at or
        before it, and the moves from there to the ``n``-th to play again
        (whose plies are taken back too). The first ply is always saved."""
        plies = self.plies
        start = n
        while plies[start][1] < 0:
            start -= 1
        _, saved, log_length, node = plies[start]
        replay = [ply[0] for ply in plies[start:n]]
        state = GameState.restore(self.saved, saved)  # type: ignore[attr-defined]
        del self.saved[saved:]
        del plies[start:]
        return Cut(state, log_length, node, replay)
