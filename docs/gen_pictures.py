"""Write the SVG pictures of docs/pictures.md into docs/img/.

    python docs/gen_pictures.py

The pictures are deterministic: running the script again rewrites the same
bytes, so a diff in docs/img/ means the drawing code or the rules changed.
"""

from __future__ import annotations

from pathlib import Path

import redcode_rules as rc
from redcode_rules.render import svg

OUT = Path(__file__).resolve().parent / "img"

# The rulebook's visual-field example (English edition, 3.2): the red
# destroyer at d4 can target the blue submarine at e3, but not the blue
# aircraft carrier at f2 behind it, nor the blue destroyer at a4 behind the
# island at b4.
FIELD_EXAMPLE = """
edition: en
board: |
  ........
  ..#.....
  ...~~#..
  .#......
  ........
  ~......~
ships:
  blue-submarine: {at: e3}
  red-destroyer: {at: d4}
  blue-aircraft_carrier: {at: f2}
  blue-destroyer: {at: a4}
  red-submarine: {sunk: true}
  red-aircraft_carrier: {sunk: true}
turn: red-destroyer
phase: maneuvers
"""
# (the sides are equal, D2.9: red's other two ships are sunk, off the board)

# The same position with a red submarine on e4: a friendly ship does not
# block the line, so f4 and g4 stay in the field.
FRIENDLY = FIELD_EXAMPLE.replace("red-submarine: {sunk: true}", "red-submarine: {at: e4}")

# A fleet in the middle of a game, to show crew on maneuvers and damage.
FLEET = """
edition: en
ships:
  blue-submarine: {at: b2, repairs: 2, crew_on: {torpedo: 2, movement: 1}}
  red-submarine: {at: g5}
  blue-destroyer: {at: a2, repairs: 1, breakdowns: 2, crew_on: {shield: 2}, withdrawn: 1}
  red-destroyer: {at: h5}
  blue-aircraft_carrier: {at: b1, crew_on: {air_support: 2, radio_support: 1}}
  red-aircraft_carrier: {at: g6}
"""


def pictures() -> dict[str, str]:
    """File name → SVG text."""
    out = {}
    # the fixed placement (D2.8): a position with the ships on the board
    start = rc.new_game(rc.load_ruleset("en"), seed=7, placement="fixed")
    out["start.svg"] = start.svg()
    out["start-field.svg"] = start.svg(field_of="blue-submarine")
    example = rc.Game.from_scenario(FIELD_EXAMPLE)
    out["field.svg"] = example.svg(field_of="red-destroyer")
    out["field-friendly.svg"] = rc.Game.from_scenario(FRIENDLY).svg(field_of="red-destroyer")
    fleet = rc.Game.from_scenario(FLEET)
    for ship_type in ("submarine", "destroyer", "aircraft_carrier"):
        out[f"card-{ship_type}.svg"] = svg.control_card(fleet, f"blue-{ship_type}")
    out["card-destroyer-es.svg"] = svg.control_card(fleet, "blue-destroyer", lang="es")
    return out


def main() -> None:
    OUT.mkdir(exist_ok=True)
    for name, text in pictures().items():
        (OUT / name).write_text(text + "\n", encoding="utf-8")
        print(f"wrote {OUT / name}")


if __name__ == "__main__":
    main()
