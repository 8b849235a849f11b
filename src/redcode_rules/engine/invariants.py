"""What must hold after every move of any game, whatever the cards.

Used by the random-game tests, by ``redcode fuzz`` and by saves: a
designer's new card that breaks one of these has a bug (in the card, or in
the engine). The state's own rules are the one validator's (engine/validate.py);
this adds what only a game in progress knows.
"""

from __future__ import annotations

from .game_core import GameCore
from .queries import track_sizes
from .validate import Stage, check_state


def violations(game: GameCore, cards_total: int | None = None) -> list[str]:
    """Every invariant the game breaks, as sentences (empty: all hold): the
    state's problems (``check_state``, a field problem with its field) and
    ``game_problems``.

    ``cards_total`` is the number of order cards the game started with
    (deck + hands + discards); scenarios may start with fewer than the deck.
    """
    ids = [s.id for s in game.state.ships]
    return [str(p) if p.stage is Stage.RULES else f"{p.field(ids)}: {p.reason}"
            for p in check_state(game.state, game.rules, game.board, cards_total,
                                 track_sizes(game.rules, game.board, game.state))] + \
        game_problems(game)


def game_problems(game: GameCore) -> list[str]:
    """What only the whole game knows, as sentences: a legal move for
    whoever is to move, a response for whoever is asked to respond (D5.4),
    no stack in a phase without one, no hand over the limit unless a
    discard is pending."""
    if game.is_over:
        return []
    st = game.state
    out = []
    decision = game.decision
    if decision in ("main", "recover", "place") and st.stack:
        out.append(f"{len(st.stack)} items on the stack in the {decision} phase (R5)")
    if decision != "discard":
        for seat, hand in enumerate(st.hands):
            if len(hand) > game.engine.queries.hand_limit(seat):
                out.append(f"{st.ships[seat].id} holds {len(hand)} cards (R7.2)")
    legal = game.legal_moves()
    if not legal:
        out.append(f"no legal move for {game.to_move} ({decision})")
    elif decision == "respond" and legal == ["pass"]:
        out.append(f"{game.to_move} is asked to respond with no response it may play (D5.4)")
    sea = game.engine.sea
    if sea.terrain and game.board_now().cells != sea.cells(st.tokens):
        out.append("the board of the moment is not the printed board with its terrain "
                   "tokens (D2.14)")
    return out
