"""How a ship type is shown, declared in card data: its ``letter`` on the text
board and its ``silhouette`` on the SVG board (docs/dsl.md, "New maneuvers and
a new ship"). The engine never reads a ship type's id to draw it."""

import io
import xml.etree.ElementTree as ET

import pytest

import redcode_rules as rc
from conftest import fixed_game
from redcode_rules.render import svg
from redcode_rules.model.ruleset import Silhouette
from redcode_rules.text.narrate import board_text
from redcode_rules.terminal.session import Screen, Session

NS = "{http://www.w3.org/2000/svg}"
EN = rc.load_ruleset("en")

#: a control card of 8 base maneuvers, for the ship types declared below
MANEUVERS = "maneuvers movement repair torpedo orders immersion missile radar shield"


def ship(name: str, looks: str = "") -> str:
    """A ship declaration of ``name`` with the base tracks and ``looks`` (letter, silhouette)."""
    return f"ship {name} {{\n    repairs 3  breakdowns 3  crew 6\n    {MANEUVERS}\n" \
           f"    {looks}\n}}\n"


KRAKEN = ship("kraken", "letter k  silhouette carrier")


def drawn(root: ET.Element) -> dict[str, tuple[str, list[str | None]]]:
    """Each ship's letter and the shapes of its drawing (tag, then path or width)."""
    out = {}
    for e in root.iter(NS + "svg"):
        if e.get("class") == "ship":
            shapes = [c for c in e if c.tag in (NS + "path", NS + "rect")]
            out[e.get("data-ship")] = (e.find(NS + "text").text,
                                       [c.get("d") or c.get("width") for c in shapes])
    return out


SUBMARINE = ["84", "20"]  # a round hull (84 wide) and a conning tower (20 wide)
CARRIER = ["M6 32 H94 L86 70 H16 Z"]
HULL = ["M4 50 L22 30 H84 L96 50 L84 70 H22 Z"]


# ------------------------------------------------------------ the base cards


def test_the_base_ship_types_declare_their_letters_and_drawings():
    looks = {k: (s.letter, s.silhouette) for k, s in EN.ships.items()}
    assert looks == {"submarine": ("s", Silhouette.SUBMARINE),
                     "destroyer": ("d", Silhouette.HULL),
                     "aircraft_carrier": ("c", Silhouette.CARRIER)}


def test_how_a_ship_looks_is_not_part_of_the_card_data_hash():
    """Saves and replays refuse other card data (the hash); a new letter or
    drawing does not change play, so it keeps them valid."""
    patched = rc.load_source("patch ship submarine { letter u  silhouette hull }")
    assert patched.ships["submarine"].letter == "u"
    assert patched.hash == EN.hash


def test_new_game_without_teams_takes_the_first_two_ship_types_declared():
    assert rc.new_game(EN).setup["teams"] == [["submarine"], ["destroyer"]]
    assert rc.new_game(EN, teams=[["destroyer"], ["submarine"]]).setup["teams"] == \
        [["destroyer"], ["submarine"]]
    no_submarine = rc.load_source("remove ship submarine")
    assert rc.new_game(no_submarine).setup["teams"] == [["destroyer"], ["aircraft_carrier"]]


# ------------------------------------------------------------ a new ship type


def test_a_new_ship_type_with_its_own_letter_on_the_text_board():
    rules = rc.load_source(KRAKEN, "kraken.rc")
    game = fixed_game(rules, teams=[["kraken"], ["destroyer"]])
    assert board_text(game) == "\n".join([
        "   a b c d e f g h",
        " 1 . . # . . . . #",
        " 2 . K . # . . . .",
        " 3 . . . . . . . .",
        " 4 # . # # ~ # . #",
        " 5 ~ . # . . ~ d .",
        " 6 . . . . . ~ . .",
    ])
    red = fixed_game(rules, teams=[["destroyer"], ["kraken"]])
    assert board_text(red).splitlines()[5] == " 5 ~ . # . . ~ k ."


def test_a_new_ship_type_with_its_own_drawing_on_the_svg_board():
    rules = rc.load_source(KRAKEN, "kraken.rc")
    game = fixed_game(rules, teams=[["kraken"], ["destroyer"]])
    root = ET.fromstring(svg.board(game))
    assert drawn(root) == {"blue-kraken": ("K", CARRIER), "red-destroyer": ("D", HULL)}
    assert svg.type_letter(rules.ships["kraken"]) == "K"


def test_a_new_ship_type_in_the_terminal_game():
    rules = rc.load_source(KRAKEN, "kraken.rc")
    game = fixed_game(rules, teams=[["kraken"], ["destroyer"]])
    out = io.StringIO()
    session = Session(game, "blue-kraken", {}, "en", Screen(out), lambda prompt: "quit")
    session.show_board()
    lines = out.getvalue().splitlines()  # the ship lines under the board, in 80 columns
    assert lines[2] == " 2 . K . # . . . ."
    assert lines[7].startswith("K blue kraken (you): b2 · ")
    assert lines[8].startswith("d red destroyer: g5 · ")


def test_every_drawing_a_ship_may_name_is_drawn():
    for silhouette, shapes in ((Silhouette.SUBMARINE, SUBMARINE),
                               (Silhouette.CARRIER, CARRIER), (Silhouette.HULL, HULL)):
        rules = rc.load_source(f"patch ship destroyer {{ silhouette {silhouette.value} }}")
        root = ET.fromstring(svg.board(fixed_game(rules)))
        assert drawn(root)["red-destroyer"] == ("D", shapes)


# ------------------------------------------------------------ defaults


def test_a_ship_type_without_a_letter_takes_the_first_free_letter_of_its_id():
    rules = rc.load_source(
        ship("sloop")                          # s is the submarine's: l
        + ship("lancer")                       # l is the sloop's, a the dory's: n
        + ship("dory", "letter a")             # declared letters come first
        + ship("dcs"))                         # d, c and s are taken: a digit
    letters = {k: s.letter for k, s in rules.ships.items()}
    assert letters == {"submarine": "s", "destroyer": "d", "aircraft_carrier": "c",
                       "sloop": "l", "lancer": "n", "dory": "a", "dcs": "1"}
    game = fixed_game(rules, teams=[["dcs"], ["lancer"]])
    assert board_text(game).splitlines()[2][:7] == " 2 . 1 " and \
        board_text(game).splitlines()[5][14:17] == " n "


def test_a_ship_type_without_a_silhouette_is_drawn_as_a_hull():
    rules = rc.load_source(ship("sloop"))
    assert rules.ships["sloop"].silhouette is Silhouette.HULL
    root = ET.fromstring(svg.board(fixed_game(rules, teams=[["sloop"], ["submarine"]])))
    assert drawn(root) == {"blue-sloop": ("L", HULL), "red-submarine": ("S", SUBMARINE)}


# ------------------------------------------------------------ compiler errors


@pytest.mark.parametrize("text, where, reason, suggestion", [
    (ship("kraken", "letter k  silhouette carier"), (4, 26),
     "ship 'kraken': unknown silhouette 'carier'; the board draws submarine, carrier, hull",
     "carrier"),
    (ship("kraken", "silhouette kraken"), (4, 16),
     "ship 'kraken': unknown silhouette 'kraken'; the board draws submarine, carrier, hull",
     None),
    (ship("kraken", "letter s"), (4, 12),
     "ship 'kraken': ship 'submarine' already has letter 's' (declared at "
     "cards/base/ships.rc:10:12); each ship type needs its own letter on the text board", None),
    (ship("kraken", "letter kr"), (4, 12),
     "ship 'kraken': a letter is one lower-case letter (blue's ships show it upper case), "
     "not 'kr'", None),
    (ship("kraken", "letter K"), (4, 12), "unexpected character 'K'; expected a name", None),
    (ship("kraken", "letter k  letter j"), (4, 22), "'letter' given twice in ship 'kraken'",
     None),
    ("patch ship destroyer { letter c }", (1, 31),
     "ship 'destroyer': ship 'aircraft_carrier' already has letter 'c' (declared at "
     "cards/base/ships.rc:24:12); each ship type needs its own letter on the text board", None),
])
def test_the_compiler_checks_letters_and_silhouettes(text, where, reason, suggestion):
    with pytest.raises(rc.DslError) as info:
        rc.load_source(text, "kraken.rc")
    err = info.value
    assert (err.file, err.line, err.column) == ("kraken.rc", *where)
    assert err.reason == reason
    assert err.suggestion == suggestion


def test_a_ship_type_with_no_letter_left_is_told_to_declare_one():
    taken = "".join(ship(f"x{i}", f"letter {ch}") for i, ch in
                    enumerate("abefghijklmnopqrtuvwxyz"))
    digits = "".join(ship(f"d{i}", "") for i in range(9))   # d is taken: 1 to 9
    with pytest.raises(rc.DslError) as info:
        rc.load_source(taken + digits + ship("zed"), "many.rc")
    err = info.value
    assert (err.line, err.column) == (32 * 5 + 1, 1)
    assert err.reason == ("ship 'zed': every letter of its id and every digit is another "
                          "ship type's mark on the text board; give it a 'letter'")
