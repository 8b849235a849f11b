"""What must hold after every move of any game, whatever the cards.

Used by the random-game tests and by ``redcode fuzz``: a designer's new card
that breaks one of these has a bug (in the card, or in the engine).
"""

from __future__ import annotations

from .game_core import GameCore


def violations(game: GameCore, cards_total: int | None = None) -> list[str]:
    """Every invariant the game's state breaks, as sentences (empty: all hold).

    ``cards_total`` is the number of order cards the game started with
    (deck + hands + discards); scenarios may start with fewer than the deck.
    """
    st = game.state
    rules = game.rules
    out: list[str] = []
    seen: dict[int, str] = {}
    placing = game.engine.placing()
    for seat, ship in enumerate(st.ships):
        spec = rules.ships[ship.type]
        crew = ship.reserve + sum(ship.crew_on) + ship.withdrawn
        if crew != spec.crew:
            out.append(f"{ship.id}: crew total {crew}, not {spec.crew} (R1.3)")
        if min(ship.reserve, ship.withdrawn, *ship.crew_on) < 0:
            out.append(f"{ship.id}: a negative crew count (R4.1)")
        for name, n in zip(spec.maneuvers, ship.crew_on):
            if n > rules.maneuvers[name].cost:
                out.append(f"{ship.id}: {n} crew on {name}, more than its cost (R4.1)")
        if not 0 <= ship.repairs <= spec.repairs:
            out.append(f"{ship.id}: repairs {ship.repairs} outside 0..{spec.repairs} (R3.4)")
        if not 0 <= ship.breakdowns <= spec.breakdowns:
            out.append(f"{ship.id}: breakdowns {ship.breakdowns} outside 0..{spec.breakdowns}")
        if ship.sunk and ship.position is not None:
            out.append(f"{ship.id}: sunk but at {ship.position} (R9.2)")
        if not ship.sunk and ship.position is None and not placing:
            out.append(f"{ship.id}: off the board, neither sunk nor waiting to be placed "
                       "(R2.8, R9.2)")
        if not ship.sunk and ship.repairs == 0 and ship.breakdowns == 0:
            out.append(f"{ship.id}: afloat with no repairs and no breakdowns (R3.2)")
        if ship.position is not None:
            if not 0 <= ship.position < game.board.size:
                out.append(f"{ship.id}: off the board at {ship.position}")
                continue
            if game.board.is_island(ship.position):
                out.append(f"{ship.id}: on the island {game.board.name(ship.position)} (R2.3)")
            if ship.position in seen:
                out.append(f"{ship.id} and {seen[ship.position]} share "
                           f"{game.board.name(ship.position)} (R2.4)")
            seen[ship.position] = ship.id
        if ship.eliminated and st.hands[seat]:
            out.append(f"{ship.id}: eliminated with cards in hand")
    if placing:
        first = game.engine.unplaced()
        if first != st.turn:
            out.append(f"{st.ships[st.turn].id} places its ship, but the next in seat order "
                       f"is {st.ships[first].id if first >= 0 else 'nobody'} (R2.8)")
        if any(ship.sunk for ship in st.ships):
            out.append("a ship is sunk before the first turn (R2.8)")
    if cards_total is not None:
        total = len(st.deck) + len(st.discard) + sum(len(h) for h in st.hands)
        if total != cards_total:
            out.append(f"{total} order cards in deck, hands and discards, not {cards_total} (R1.4)")
    decision = game.decision
    if game.is_over:
        if st.winner not in ("blue", "red", "draw"):
            out.append(f"game over without a winner ({st.winner!r})")
        if st.stack:
            out.append("game over with items on the stack")
    else:
        if st.winner is not None:
            out.append(f"winner {st.winner} but the game goes on")
        if decision in ("main", "recover", "place") and st.stack:
            out.append(f"{len(st.stack)} items on the stack in the {decision} phase (R5)")
        if decision != "discard":
            limit = rules.options.hand_limit
            for seat, hand in enumerate(st.hands):
                if len(hand) > limit:
                    out.append(f"{st.ships[seat].id} holds {len(hand)} cards (R7.2)")
        if not game.legal_moves():
            out.append(f"no legal move for {game.to_move} ({decision})")
        if st.mode == "war" and max(st.score.values()) >= rules.options.victory_points:
            out.append(f"score {st.score} reached the victory points but the game goes on")
    return out
