"""The card language reference as Markdown, generated from the grammar and the registries.

``dsl_reference()`` reads the keywords and the syntax of every declaration
and property from the Lark grammar (``grammar/redcode.lark``), the effect
primitives from ``effects.PRIMITIVES``, the selectors and target kinds from
their enums, and the rule options from ``RuleOptions`` and ``OPTION_DOCS``.
Only the one-line descriptions and examples of the grammar's rules are
written here; anything new in the grammar or the registries appears in the
reference by itself (the docs site builds its "DSL reference" page from it).

Its length is the reference's own: one short function per section of the page.
"""

from __future__ import annotations

import inspect
import re
from typing import Any

import attrs

from ..base.kinds import Choice
from ..lang.compiler import WORDS, card_parser, grammar_text
from ..lang.loader import BASE, builtin_editions, load_ruleset
from ..model.modifiers import USE_OF
from ..model.ruleset import (OPTION_DOCS, Duration, Forbid, Modifier, Redirect, RuleOptions,
                    Silhouette, TargetKind)
from ..rules import effects, exprs
from ..rules.card_classes import Trait
from ..rules.triggers import MAX_TRIGGERED, TriggerEvent, Who

# --------------------------------------------------------------------------
# descriptions of the grammar's rules (the syntax itself comes from the grammar)

#: One-line description and an example (a complete card file) per declaration rule.
DECLARATIONS: dict[str, tuple[str, str]] = {
    "variant_decl": (
        "The header of a variant file: its name and the edition or file it extends "
        "(`base` when `extends` is omitted). The rest of the file states only what differs.",
        "variant house_rules extends en"),
    "card_decl": (
        "A new maneuver (printed on control cards, R1.5) or order card (in the deck, R1.4).",
        "maneuver sonar_ping {\n    cost 1  range 3\n    effect crew_loss 1 to target\n}"),
    "patch_decl": (
        "Changes an existing card or ship type: the properties given replace the inherited "
        "ones, the others stay.",
        "patch maneuver assault { effect breakdown_damage 1 to target }\n"
        "patch ship destroyer { crew 7 }"),
    "remove_decl": (
        "Drops an inherited card, ship type or map card.",
        "remove order mechanic"),
    "ship_decl": (
        "A ship type: its tracks, crew and the maneuvers on its control card (R1.2, R1.3, R1.5), "
        "and how the boards show it (its `letter` and `silhouette`, both optional).",
        "ship battleship {\n    repairs 3  breakdowns 2  crew 6\n"
        "    maneuvers movement repair torpedo orders\n"
        "              broadside main_battery damage_control flag_signal\n"
        "    letter b  silhouette hull\n}"),
    "map_decl": (
        "A map card of 2×2 boxes (R1.1).",
        'map lagoon { layout "~." ".#" }'),
    "status_decl": (
        "A status cards can give a ship (`effect status NAME on target`): how long it lasts "
        "and what it forbids, read by the engine's generic rules (R9; see Statuses below). "
        "Maneuvers, orders and statuses share one namespace: an id names one of them.",
        "status anchored {\n    until start of its next turn\n    forbids movement\n}"),
    "token_decl": (
        "A kind of board token: a mark a card leaves on a box (`place_token NAME`), with its "
        "mark on the text board and its triggers, which may remove it (`remove_token self`; "
        "see Triggers and tokens below).",
        'token mine {\n    mark "*"\n    when enters { effect damage 2 to target; '
        'remove_token self }\n}'),
    "deck_decl": (
        "What the deck does with the order cards of this file. `keep size`: the order "
        "cards whose copies this file does not set make room for those it adds (or fill "
        "the room of those it takes away), each in proportion to its copies (largest "
        "remainders, ties in deck order), so the deck keeps `deck_size` (R1.4) on every "
        "edition, whatever its counts.",
        "order salvo {\n    copies 2\n    effect damage 1 to each enemy ship in sight "
        "within 2\n}\ndeck { keep size }"),
    "rules_decl": (
        "Rule options: every number of the rules that is not on a card (see Rule options below).",
        "rules {\n    hand_limit 4\n    sunk_mid_chain all\n}"),
}

#: One-line description and an example per property rule.
PROPERTIES: dict[str, tuple[str, str]] = {
    "cost": ("Crew placed on the maneuver's boxes to use it, at least 1 (R4.1). "
             "Required for maneuvers; order cards have none. `cost (AMOUNT)`: a cost that "
             "depends on the ship, an amount (see Expressions: `cost (3 - repairs missing)`, "
             "`cost (1 + cards in hand)`) counted when the ship uses the maneuver, at least "
             "1. It is known before a target is chosen, so it reads the using ship (`self`, "
             "the default) and the sides, never `target`, `source`, `it` or a `distance` "
             "(to the target). The reference tables and the bots show its value with every "
             "quantity 0, at least 1.",
             "cost 2"),
    "range": ("Targets ships in the visual field within N boxes (R4.2, R4.3); no range or "
              "`range self`: its own ship only. Maneuvers only.", "range 2"),
    "flag": ("`respondable`: declaring the maneuver opens a response window (R5.1). "
             "`response`: it can answer another item (R5.2; a maneuver needs a range). Both "
             "are off unless given (an order card's `respondable`: the rule option "
             "`orders_respondable`); `not` turns one off in a patch. An order card may take "
             "both: a `response` order is played from the hand in answer to a maneuver or a "
             "`respondable` order (see `answers`), outside the turn's orders "
             "(`orders_per_turn`).",
             "respondable  response"),
    "answers": ("What a `response` card may answer: `maneuvers`, `orders`, or both in "
                "any order (`answers orders maneuvers`, or `any`). Without it, the rule "
                "option `responses_answer` says (`any` in every printed edition), so one "
                "card file plays the same on every edition; a patch may change it. The "
                "card text says it when the card answers one kind only.",
                "response  answers orders"),
    "entry": ("A blockade (D2.15): while the token lies on a box, the ships of the "
              "words (a ship filter's, seen from the player who placed it; every ship "
              "without `by`) can neither enter the box, pass through it nor jump onto it; "
              "a move declared before is checked again as it resolves. Tokens only.",
              "forbids entering by enemy ships"),
    "blocks_sight": ("Cover (D2.23): while the token lies on a box, no ship sees that box "
                     "nor past it, as an island cuts sight (a smoke screen); for every other "
                     "rule the box is what it was: ships enter it and lie on it, and a ship "
                     "on it sees out.", "blocks sight"),
    "terrain": ("A terrain token (D2.14): while the token lies on a box, that box is open "
                "water, running water or an island (`open`, `running`, `island`) for every "
                "rule: moves and forced steps, islands, sight, box targets, the boards. The "
                "most closed terrain of a box holds; an island is placed only where no ship "
                "is, and no token puts more than 8 boxes of running water on the board; a "
                "card that only lays such tokens is not listed where each would be refused. "
                "Tokens only.", "terrain open"),
    "ignores_running": ("Running water gives the status's ship no forced step (D2.13): "
                        "its moves are listed, checked and followed as if running water "
                        "were open water. In a status or an ability; not in an aura.",
                        "ignores running water"),
    "sees_over_islands": ("Its ship's visual field is not cut by islands while it lasts "
                          "(D2.20): the targets of all its maneuvers, `in sight`, `ships in "
                          "sight`, `explain` and what its player observes. Islands still "
                          "cannot be entered, and lines still stop at them. In a status or "
                          "an ability; not in an aura.", "sees over islands"),
    "over_islands": ("The maneuver's visual field is not cut by islands, still stopped "
                     "behind the first enemy ship and within its range (D2.12); written "
                     "after its range. Islands still cannot be entered. Maneuvers with a "
                     "range only.", "range 3 over islands"),
    "once": ("Each player may use the card once in a game (a maneuver: its ship's player; "
             "an order card: its player); the cards spent are part of the game state "
             "(`spent` in scenarios).", "once per game"),
    "copies": ("Copies of the order card in the deck; all copies must add up to "
               "`deck_size` (R1.4). Required for order cards. In a patch, `copies +N` / "
               "`copies -N` changes the copies the card has in the files below (`patch order "
               "ambush { copies -2 }`: two fewer ambushes, on every edition).",
               "copies 4"),
    "target": ("What the card acts on (see Target kinds). When omitted it is inferred: "
               "`ship` if an effect acts on `target`, else `self`. `target WORD… ship "
               "[where CONDITION]` lets only the ships that pass the filter be targeted "
               "(see Expressions); the listed moves are only those. `target up to N WORD… "
               "ships` / `target exactly N WORD… ships` names 2 to 6 different ships, "
               "acted on as `each target` (D4.13).",
               "target enemy damaged ship where crew in reserve of it > 0"),
    "second_target": ("A second target ship, chosen with the card after its target (D4.14): "
               "`second target [up to 1] WORD… ship [within N of SUBJECT] [where "
               "CONDITION]`, the ships it may be said as a set's (`each … ship`), read with "
               "the first as `target`; another ship than the target, one the card reaches. "
               "The move names the target, then it; the effects act on it as `second "
               "target`. `up to 1`: the player may choose none, the move then names the "
               "target alone and `second target` is nobody.",
               "target enemy ship  second target enemy ship within 2 of target"),
    "mode": ("One way to play the card, its player choosing one as it is used or played "
             "(D4.15): `mode NAME { … }`, 2 to 6 of them, each with its own `target`, "
             "`second target`, `cost`, `range`, `usable` and `effect`; what every mode shares "
             "is said once at the card, never in a mode too. The move writes the mode after "
             "the card; a mode that cannot be used now is not listed.",
             "mode fire { target enemy ship  effect damage 2 to target }  "
             "mode mend { effect regain repair 2 to self }"),
    "choose_amount": ("An amount its player chooses with the card, 1 to 9 (D4.19): "
                      "`choose amount from A to B`, at the card or in a mode, each bound a "
                      "number 0 to 9 or an amount counted for the card's ship as it is played "
                      "(never its target). Every amount of the card reads it as `chosen` "
                      "(`cost (chosen)`, `damage (chosen) to target`, `if chosen >= 2`). The "
                      "move writes the amount after the card and its mode (`fireball 3 "
                      "red-destroyer`); an amount out of its bounds now, whose cost is not in "
                      "reserve or whose `usable if` fails, is not listed.",
                      "choose amount from 1 to (crew in reserve)  cost (chosen)"),
    "modes_by": ("Who chooses the card's mode, if not its player with the card (D4.17): "
                 "`modes chosen by target` (or `by source`, a response's), as the card "
                 "resolves, `choose NAME` among the modes whose `usable` holds; the card "
                 "says its target, cost and range, each mode only `usable` and `effect`.",
                 "target enemy ship modes chosen by target mode hull { effect damage 2 to "
                 "target } mode tribute { effect draw 2 }"),
    "usable": ("The card may be used (a maneuver) or played (an order) only while the "
               "condition holds (see Expressions); checked before a target is chosen, so it "
               "cannot read `target`.", "usable if repairs missing of self > 0"),
    "effect": ("The effect calls, `;`-separated, applied in order when the card resolves "
               "(see Effect primitives). Required. An effect followed by `if CONDITION` "
               "happens only if the condition holds when it resolves; a number written "
               "`(AMOUNT)` is computed then (see Expressions).",
               "effect damage 2 to target; crew_loss 1 to target"),
    "repairs": ("Size of the repair track; the ship starts full (R3.1, D1.3).", "repairs 3"),
    "breakdowns": ("Size of the breakdown track; the ship starts full (R3.1, D1.3).",
                   "breakdowns 3"),
    "crew": ("Crew cubes of the ship (R1.3).", "crew 6"),
    "maneuvers": ("The maneuvers on the control card, in order: declared maneuvers, from 1 "
                  "up to `ship_maneuvers` of them (R1.5, D1.5).",
                  "maneuvers movement repair torpedo orders\n"
                  "          immersion countermeasure heavy_torpedo floating_mine"),
    "letter": ("The ship's mark on the text board: one lower-case letter, shown upper case "
               "for blue's ships; no two ship types may share one. Default: the first letter "
               "of its id that no other ship type has, else a digit. The board's terrain "
               "marks (`.`, `#`, `~`) are not letters, so a ship never looks like terrain.",
               "letter s"),
    "silhouette": ("The ship's drawing on the SVG board, one of the drawings the board knows "
                   "(see Silhouettes; names of pictures, not of ship types). Default: `hull`.",
                   "silhouette submarine"),
    "wording": ("The card's, ship type's, status's or token's words per language (`en`, `es`, `it`: "
                "the languages of `lang/*.yaml`), each a quoted text: `name` its printed name, "
                "with the gender of its noun where articles and adjectives agree with it "
                "(`(m)`, `(f)`, `(m pl)`, `(f pl)`; default `(m)`); `flavour` text printed "
                "on the card, no rule; `state` (statuses only) the status as said of a ship "
                "where it differs from its name. The narration, the card text, the reference "
                "pages and `redcode play` use them before the printed cards' own; a language "
                "left out falls back to the printed name, then to the English one. A `patch` "
                "adds languages. `name`, `flavour` and `state` end a list of names before "
                "them. Words change no play: they are not in the card data's hash.",
                'name en "Sea mine" es "Mina marina" (f) it "Mina navale" (f)\n'
                'flavour en "It waits." es "Espera." it "Aspetta."'),
    "layout": ("Two rows of two boxes: `.` open water, `#` island, `~` running water "
               "(R1.1, R2.2).", 'layout "#." ".~"'),
    "start_card": ("Marks a start card (all open water). The first two start cards declared "
                   "are blue's (top-left) and red's (bottom-right) (D2.7).",
                   'start  layout ".." ".."'),
    "until": ("How long the status lasts: until the start or the end of the next turn of "
              "`its` player (the affected ship's; `its` may be left out) or of `your` player "
              "(the card's player, who gave it). Given during that player's own turn, "
              "`until end of its next turn` (or `your`) lasts through the following turn. "
              "`the` next turn is whoever's it is: `until end of the next turn` given in a "
              "turn lasts through the one after it, any player's; `until start of the next "
              "turn` ends when the next turn starts.",
              "until start of your next turn"),
    "for_uses": ("The status lasts N uses (1 to 999): what a use is depends on what it "
                 "modifies (see Modifiers below): a maneuver its ship declares, a move of its "
                 "ship, a damage changed or redirected. A status for N uses must modify or "
                 "redirect something. Beside a time (`this turn  for 1 use`) it ends at "
                 "whichever comes first.", "for 2 uses"),
    "for_turns": ("The status lasts until the end of the Nth next turn (1 to 9) of its "
                  "player, the affected ship's, or with `of your` of the card's player "
                  "(D9.17): given in one of those turns it lasts that turn and N more. `for 1 "
                  "turn` is `until end of its next turn`.", "for 3 turns"),
    "until_uses": ("The status ends when its ship uses a card of a class (D9.10): declares "
                   "a maneuver, answers with one, or plays an order card (`until it uses "
                   "damaging cards`, `until it uses torpedo, radar`; a class as `forbids` "
                   "names one). It ends as the card is declared, before anyone answers it. "
                   "Alone it is the status's duration (`lasts: until it uses` in a scenario); "
                   "beside a time or uses it ends at whichever comes first.",
                   "until it uses damaging cards"),
    "stacks": ("The status may be held up to N times at once (2 to 9, D9.9): given again "
               "while its ship holds it, it counts one more (never past N) and lasts from "
               "then; each count acts, so its `modify` lines add up once per count. The "
               "counts share one duration and its uses. What it forbids, sets or limits is "
               "the same held once or more; it acts on its own ship (no `affects`). Cards "
               "read its counts (`number of NAME on SUBJECT`) and take some off "
               "(`remove_status NAME N`): a counter. Scenarios and saves write the count "
               "(`drilled: {count: 2}`).", "stacks 3"),
    "set_": ("Sets a number of its ship to N (D9.5): `range`, `cost`, `movement`, "
             "`damage` (each damage it takes is N); `on CARD` for a range, cost or movement "
             "of one card. Applied after every `modify`; several sets: the lowest; then "
             "`limit`s bound it, then the rule's own bound. N: range 0 to 99, cost 1 to 99, "
             "movement 0 to 3, damage 0 to 99. N may be an amount in parentheses, read "
             "whenever the number is (D9.14: see `limit`). A use is what a use of a "
             "`modify` of the same number is. A track's size (D9.15): `set repairs track "
             "to 4` (1 to 9), `set breakdowns track to 1` (0 to 9); what is above a "
             "smaller track is lost at once.", "set range to 0 on torpedo"),
    "limit": ("Bounds a number of its ship (D9.5): `limit NAME to at most N` (or `limit "
              "NAME to N`) and `limit NAME to at least N`; `on CARD` for a range, cost or "
              "movement of one card. Applied after every `modify` and `set`: raised to the "
              "highest floor, then lowered to the lowest ceiling (a ceiling wins), then the "
              "rule's own bound. `sight` is only limited at most: its visual field reaches "
              "N boxes. N: range 0 to 99, cost 1 to 99, movement 0 to 3, sight 1 to 99, "
              "damage 0 to 99. N may be an amount in parentheses (D9.14: `limit damage to "
              "at most (hull of self - 1)`), read whenever the number is, about the ship "
              "that has the status (self; it: the ship it acts on; you, friendly, enemy), "
              "at least 0. A use is what a use of a `modify` of the same number is, and "
              "only when the status made the number otherwise: a damage within its bound "
              "does not use it. A track's size is bounded as well (D9.15: `limit "
              "breakdowns track to at most 1`).",
              "limit damage to at most 1"),
    "prevent": ("The next N damage points its ship would take (after every modify, set and "
                "limit of its damage) are ignored, each one a use; the status ends when "
                "they are spent, or at its time if it has one (with none, it lasts until "
                "they are spent). It takes no `for N uses`. Logged `prevent`.",
                "prevent the next 2 damage"),
    "while_": ("The status lasts while a condition (see Expressions) about its ship holds: "
               "`self` and `it` are the ship that has the status, `you` its player, "
               "`friendly` and `enemy` the sides seen from it; `target` and the answered item "
               "are refused. It ends as soon as the condition fails (checked after each "
               "effect and move, and at turn starts; logged `status_end`) and does not come "
               "back; given while the condition fails, it is not given. Between two checks "
               "its modifiers and triggers act only while the condition holds. A condition "
               "is read as if no status lasting `while` acted, its own included (D9.4). "
               "Beside another duration (`permanent`, `this turn`, ...) it does not end the "
               "status: the status acts (modifies, hides, forbids, triggers) only while the "
               "condition holds, and ends by that duration; so does an ability lasting "
               "`while`.",
               "while self is damaged"),
    "affects": ("An aura: what the status changes (`modify`, `set`, `limit`, "
                "`untargetable`) acts on every ship of a set instead of its own ship: "
                "`each WORD... ship [in sight] [within N of self] [where ...]`, seen from the "
                "ship that has it (`self`; `friendly`, `enemy` and `you` from it; no target "
                "nor answered item). The set is read whenever a rule asks, so a ship that "
                "comes within it has the changes and one that leaves it loses them; a holder "
                "off the board reaches nobody (D9.7). The set is read as if no aura and no "
                "status lasting `while` acted. The status's `while` condition is about its "
                "holder. It cannot forbid, redirect, prevent, count uses or trigger: those "
                "act on its own ship. A status or an ability (`ability flag_signals`).",
                "affects each friendly ship within 2 of self"),
    "untargetable": ("Other players' maneuvers, order cards, or both (no `by`) cannot target "
                     "its ship: they are not listed, and explain() names the status. Its own "
                     "player's cards still may. Area cards do not target ships. `by` may name "
                     "a class of cards (see Classes of cards below), `enemy` first for the "
                     "other side's cards only: `untargetable by enemy damaging cards`.",
                     "untargetable by maneuvers orders"),
    "modify": ("Changes a number of its ship or of its player by N (a sign is allowed; "
               "several `modify` lines, one per number): a row of the parameter registry "
               "(rules/parameters.py): `range`, `cost`, `movement`, `sight`, `damage` (taken), "
               "`damage dealt` (by its ship's cards, changed before the damage taken), and its "
               "player's `hand limit` (R7.2), `recover` (R6.1) and `orders` (R7.3); see Modifiers below. `on "
               "CARD` limits a range, cost, movement or damage dealt change to one card (a "
               "per-type rule difference: `modify movement +1 on movement`), or to a class "
               "of cards (`on ranged maneuvers`, `on torpedo, heavy_torpedo`; see Classes of "
               "cards below). The engine's rule queries (listing, explain), damage and the "
               "turn's start read them.",
               "modify range -1"),
    "redirect": ("The damage its ship takes goes to the ship of the card's player who gave "
                 "the status (`giver`), if on the board and another ship; that ship's own "
                 "modifiers then apply. Damage is sent once, never on again.",
                 "redirect damage to giver"),
    "nature": ("What the status is to its ship: `harmful`, `protective` or `neutral`. "
               "Words only (no play reads it): the verb that gives the status in card text "
               "(Italian `subisce` of a harmful status, `beneficia di` of a protective one, "
               "`riceve` of a neutral one). Left out, it is read from what the status does: "
               "what it forbids, or a trigger that hurts its ship, harms; `untargetable`, "
               "`redirect`, or a trigger that helps, protects; a `modify` counts by whether "
               "the ship is better off; both or neither: neutral.", "nature protective"),
    "ability": ("Passive abilities of the ship type: declared statuses that are `permanent` "
                "(or last `while` a condition holds: they then act only while it holds) "
                "and only `modify` or are `untargetable` (no forbids, no redirect). Every ship "
                "of the type has them, never lost; they are not in the ship's state.",
                "ability armoured"),
    "this_turn": ("The status ends at the end of the turn it was given in.", "this turn"),
    "permanent": ("The status lasts until its ship leaves the board (sunk, R9.2), as every "
                  "status does.", "permanent"),
    "forbids": ("What the ship may not do while it has the status, one or more of: "
                "`maneuvers` (none, not even responses, R9.1), `responses`, `orders` (its "
                "player plays none), `movement` (no card moves it: its moving maneuvers and "
                "orders moving it are not listed, and a move on it does nothing); or a class "
                "of cards its player may not use (`forbids damaging cards`, `forbids radar, "
                "torpedo`; see Classes of cards below).",
                "forbids maneuvers"),
    "trigger": ("A trigger of a status, ship type or token: when EVENT happens to a ship "
                "`of` WHO (default: `self` for a status or ship, `any` for a token), caused "
                "`by` WHO (damaged, sunk, targeted; for targeted, WHO then a class of cards "
                "that targets: `by enemy damaging cards`), at most `once per turn`, its effects "
                "resolve at once, with nobody to answer or choose (see Triggers and tokens). "
                "On a status or a ship type an effect may act on a set of ships (`damage 1 to "
                "each enemy ship within 1 of self`), read as it resolves: `self` the holder, "
                "`target` the ship the event happened to, `source` the ship that caused it.",
                "when damaged of self by enemy once per turn { effect draw 1 }"),
    "mark": ("The token's mark on the text board: one character in quotes, not terrain "
             "(`.`, `#`, `~`) and no ship's letter; a ship on the box hides it. Default: "
             '`"*"`.', 'mark "*"'),
    "option": ("Sets one rule option to a number or a word (see Rule options).",
               "hand_limit 4"),
    "catchup": ("Arena catch-up (R8.2): the first side of N ships reduced to M ships draws "
                "K order cards, dealt one at a time to its surviving players. `gives 0` "
                "drops an inherited catch-up rule.", "catchup 3v3 reduced to 2 gives 2"),
}

#: The grammar's property groups: (title, where they are written).
GROUPS: dict[str, tuple[str, str]] = {
    "_card_prop": ("Card properties", "inside `maneuver`, `order` and `patch maneuver|order`"),
    "_ship_prop": ("Ship properties", "inside `ship` and `patch ship`"),
    "_map_prop": ("Map card properties", "inside `map`"),
    "_status_prop": ("Status properties", "inside `status` and `patch status`; one duration"),
    "_token_prop": ("Token properties", "inside `token`; at most one duration, as a "
                    "status's (`its`: the player who placed it; default `permanent`)"),
    "_rule_item": ("Rules block items", "inside `rules { … }`"),
}

#: What the compiler requires of a card that uses a selector (lang/compiler.py).
SELECTOR_NOTES: dict[str, str] = {
    "self": "any card",
    "target": "the card targets a ship (`target ship`, inferred); a maneuver needs a `range`",
    "source": "a `response` (R5.2)",
    "each ship in area": "`target area WxH` (order cards only, D7.5)",
    "answered": "a `response` (R5.2)",
    "area": "`target area WxH` (order cards only, D7.5); token effects only",
    "target box": "a box target: `target [free] [adjacent] box [within N]` (D4.11); "
                  "written `target`",
    "each target": "a counted target: `target up to N … ships`, `target exactly N … ships` "
                   "(D4.13)",
    "second target": "a second target: `second target … ship` after `target … ship` "
                     "(D4.14)",
    "you": "a status with `affects`, or with triggers and no change (a player's status, "
           "D9.8, D9.12): kept by the card's player whether its ship is on the board or not, "
           "through a respawn or a refloat",
}

#: Selectors whose example is not made from their first primitive's.
SELECTOR_EXAMPLES: dict[str, str] = {"you": "status sea_fog on you",
                                     "deck": "take 1 player of deck",
                                     "discards": "take 2 random of discards"}

#: Selectors written otherwise than their value: the box a box target names
#: is written `target`, as a target ship is.
SPELLED: dict[str, str] = {"target box": "target"}


def _acts_on(sel) -> str:
    """A selector as a card writes it, said of a box target where it is one."""
    spelled = SPELLED.get(sel.value)
    return f"`{sel.value}`" if spelled is None else f"`{spelled}` (a box target)"

#: What a primitive's registry entry says the player chooses (``effects.Choice``),
#: in the primitive's section; nothing is said of ``Choice.NONE``.
CHOICE_WORDS: dict[Choice, str] = {
    Choice.PATH: "the path, up to AMOUNT boxes: of the card's own ship or its one target, "
                 "written in the move with the card (see [Move notation](notation.md)); of "
                 "any other ship, or toward or away from a ship, while the effect resolves "
                 "(`choose PATH`, once per ship, D4.20)",
    Choice.CREW_SOURCE: "where each crew comes from, while the effect resolves "
                        "(`recover SOURCE`, once per crew)",
    Choice.HAND_CARD: "with `by` `owner` or `player`, which card goes, while the effect "
                      "resolves (`choose CARD`, once per card; the hand's owner or the card's "
                      "player chooses); `random` draws it with the game's seeded RNG",
    Choice.DECK_ORDER: "the order of the cards looked at, while the effect resolves "
                       "(`choose CARD`: the next card from the top, once per card but the "
                       "last); the card's player then knows them there (D7.14)",
    Choice.SUNK_SHIP: "which sunk ship returns and to which free box of its start card, or of "
                      "the board for `refloat anywhere` "
                      "(`choose SHIP BOX`)",
}

NO_DESCRIPTION = "(no description yet)"

# --------------------------------------------------------------------------
# reading the grammar


def _split_top(text: str, sep: str = "|") -> list[str]:
    """Split at ``sep`` outside quotes, regexes and brackets."""
    parts, depth, quote, buf = [], 0, None, []
    for ch in text:
        if quote:
            buf.append(ch)
            if ch == quote and (len(buf) < 2 or buf[-2] != "\\"):
                quote = None
            continue
        if ch in "\"/":
            quote = ch
        elif ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        elif ch == sep and depth == 0:
            parts.append("".join(buf).strip())
            buf = []
            continue
        buf.append(ch)
    parts.append("".join(buf).strip())
    return [p for p in parts if p]


def grammar_rules() -> dict[str, list[str]]:
    """Each rule and terminal of the grammar file → its alternatives as written
    (tree aliases ``-> name`` dropped), in file order."""
    rules: dict[str, list[str]] = {}
    current = None
    for raw in grammar_text().splitlines():
        line = raw.strip()
        extend = re.match(r"^%extend\s+([A-Za-z_][A-Za-z0-9_]*)\s*:\s*(.*)$", line)
        if extend:  # a construct's own block adds alternatives to a rule above
            current = extend.group(1)
            for alt in _split_top(extend.group(2)):
                rules.setdefault(current, []).append(alt.strip())
            continue
        if not line or line.startswith("//") or line.startswith("%"):
            current = None if not line or line.startswith("%") else current
            continue
        head = re.match(r"^[?!]?([A-Za-z_][A-Za-z0-9_]*)(?:\.\d+)?\s*:\s*(.*)$", raw)
        if head and not raw[0].isspace():
            current = head.group(1)
            rules[current] = []
            body = head.group(2)
        elif current and line.startswith("|"):
            body = line[1:]
        else:
            continue
        for alt in _split_top(body):
            rules[current].append(re.sub(r"\s*->\s*\w+\s*$", "", alt))
    return rules


def _words(pattern) -> list[str]:
    """The keywords a terminal pattern matches: a word, or an alternation of words."""
    if pattern.type == "str":
        return [pattern.value] if pattern.value.isalpha() else []
    # an alternation, its groups flattened (`%extend` of a terminal nests one)
    m = re.fullmatch(r"\(\?:([a-z|()?:]+)\)", pattern.value)
    return re.sub(r"\(\?:|\)", "", m.group(1)).split("|") if m else []


def grammar_keywords() -> dict[str, list[str]]:
    """Every keyword of the grammar → the grammar rules it appears in (from the parser)."""
    parser = card_parser()
    words = {t.name: _words(t.pattern) for t in parser.terminals}
    used: dict[str, list[str]] = {}
    for rule in parser.rules:
        origin = rule.origin.name
        if origin.startswith("__"):
            continue
        for sym in rule.expansion:
            if sym.is_term:
                for word in words.get(sym.name, ()):
                    places = used.setdefault(word, [])
                    if origin not in places:
                        places.append(origin)
    for ws in words.values():   # a keyword terminal no rule uses (should not happen)
        for word in ws:
            used.setdefault(word, [])
    return dict(sorted(used.items()))


def _references(alts: list[str]) -> list[str]:
    """Rule and terminal names an alternative refers to (outside quotes and regexes)."""
    names = []
    for alt in alts:
        bare = re.sub(r'"[^"]*"|/[^/]*/', " ", alt)
        names += re.findall(r"[A-Za-z_][A-Za-z0-9_]*", bare)
    return names


def _syntax(name: str, rules: dict[str, list[str]], stop: set[str]) -> str:
    """The grammar lines of a rule and of the helper rules and keyword terminals it uses."""
    out, todo, seen = [], [name], set()
    keyword_terminal = {n for n, alts in rules.items() if n.isupper()
                        and all(re.fullmatch(r'"[a-z]+"', a) for a in alts)}
    while todo:
        current = todo.pop(0)
        if current in seen:
            continue
        seen.add(current)
        alts = rules[current]
        out.append(f"{current}: " + "\n".join(
            ("" if i == 0 else " " * len(current) + "| ") + a for i, a in enumerate(alts)))
        for ref in _references(alts):
            if ref in stop or ref in seen or ref not in rules:
                continue
            if ref.isupper() and ref not in keyword_terminal:
                continue
            todo.append(ref)
    return "\n".join(out)


def _code(text: str) -> list[str]:
    return ["```text", text, "```", ""]


# --------------------------------------------------------------------------
# reading the registries


def _enum_comments(cls: type) -> dict[str, str]:
    """``MEMBER = "value"   # comment`` lines of an enum's source: member → comment."""
    try:
        source = inspect.getsource(cls)
    except (OSError, TypeError):  # pragma: no cover - source not available
        return {}
    found = {}
    for line in source.splitlines():
        m = re.match(r"\s*([A-Z_]+)\s*=\s*[^#]*#\s*(.+)$", line)
        if m:
            found[m.group(1)] = m.group(2).strip()
    return found


def _enum_rows(cls: type, default: str | None = None, skip: tuple = ()) -> list[str]:
    """One table row per member of an enum: its word and its source comment
    (``default``, else the word itself, where it has none)."""
    comments = _enum_comments(cls)
    return [f"| `{m.value}` | {comments.get(m.name, m.value if default is None else default)} |"
            for m in cls if m not in skip]


def _builtin_rulesets() -> list[Any]:
    return [load_ruleset(e) for e in builtin_editions()]


def _param_words(param: effects.Param) -> str:
    if param.kind is int:
        limits = [f"at least {param.minimum}"] if param.minimum else []
        if param.maximum is not None:
            limits.append(f"at most {param.maximum} ({param.bound})")
        if not param.computed:
            limits.append("written on the card, not computed")
        if param.unit:
            limits.append(f"written `N {param.unit}`, optional")
        return ", ".join([f"`{param.name}`: a number", *limits])
    if param.choices:
        return f"`{param.name}`: " + " or ".join(f"`{c}`" for c in param.choices)
    if param.declared:
        return f"`{param.name}`: a declared {param.declared} (see Statuses)"
    return f"`{param.name}`: a word"


def _param_spelling(param: effects.Param) -> str:
    if param.optional:  # written by word, in any order, left out at will
        return f"[N {param.unit}]" if param.unit else f"[{'|'.join(param.choices)}]"
    if param.kind is int:
        return param.name.upper()
    if param.choices:
        return "|".join(param.choices)
    return param.name.upper()


def _option_value(value: Any) -> str:
    if isinstance(value, tuple):
        return "; ".join(f"`catchup {c.team}v{c.team} reduced to {c.reduced_to} gives {c.cards}`"
                         for c in value) or "none"
    return f"`{value}`"


# --------------------------------------------------------------------------
# the page


def _expressions() -> list[str]:
    """The Expressions section: quantities, subjects, comparisons, filter words (rules/exprs.py)."""
    lines = ["## Expressions", "",
             "One small language for amounts, conditions, filters and sets of ships "
             "(docs/design.md, \"Expressions\"):", "",
             "- **amount**: a number or a quantity, `+`/`-` between: "
             "`repairs missing of target - 1`; written `(AMOUNT)` where an effect takes a "
             "number (`damage (distance) to target`); never below 0. "
             "`number of WORD boxes [within N [of SUBJECT]]` counts the boxes of one kind "
             "(`island`, `open`, `running`, `free`, `start` or a token's name) on the board now "
             "or around a ship, its own box not counted (D2.22).",
             "- **condition**: `AMOUNT CMP AMOUNT`, `SUBJECT is [not] WORD…` "
             "(`target is enemy damaged`, `answered is order`, `mode is war`), "
             "`box of SUBJECT is [not] WORD…` (the box a ship is on: `open`, `running`, "
             "`start`, `friendly start`, `enemy start`, D2.11), "
             "`SUBJECT is [not] in sight [of SUBJECT]` (the first ship is in the visual field "
             "of the second, the card's ship without `of`, D2.21), "
             "`chance N in M` (an effect's `if` only: the card's one roll of M faces, 2 to 9, "
             "is N or less; every chance of the card reads that roll, D4.18), joined by "
             "`and`, `or`, `not` and parentheses.",
             "- **filter**: words a ship must all be (adjectives below, a ship type, a status) "
             "then `where CONDITION` about the ship tested, `it`.",
             "- **set of ships**: `each WORD… ship [in sight|in area] [within N [of SUBJECT|"
             "BOX]] [where CONDITION]`, for the primitives that act on every ship of an area; "
             "**lines**: `each WORD… ship in line|row|column|diagonal within N [of SUBJECT|BOX]`, "
             "the ships on the straight lines from that ship or box, at most N boxes along "
             "each, stopped by islands only (D2.10); "
             "**a random pick**: `a random WORD… ship …`, written as a set after `a random` "
             "instead of `each`: one ship of the set, drawn as the effect resolves, each "
             "effect its own draw (`pick SHIP` with explicit chance, D4.18); "
             "**set of players**: `each [enemy|friendly|other] player` (`other`: every player "
             "but the card's), for the primitives that act on a player (draw, discard, take, "
             "put_on_deck, look_hand, skip_turn), each player of it in seat order.", "",
             "| quantity | value |", "| --- | --- |"]
    lines += _enum_rows(exprs.Quantity)
    lines += ["", "`crew on` names a maneuver, or `maneuvers` for all of them (`crew on torpedo "
              "of self`). `ships lost` and `ships sunk` are of a side and name a period: "
              "`ships lost of friendly this game`; a tally of cards used is `number of CLASS "
              "used by SUBJECT PERIOD` (`number of damaging maneuvers used by self this "
              "turn`); the periods are " + ", ".join(f"`{p.value}`" for p in exprs.Period)
              + " (D9.6). `damage dealt` is read only after a damage effect of the same card "
              "or trigger. A factor: `N * QUANTITY`, N from 2 to 9.", "",
              "`QUANTITY of SUBJECT`; left out, the subject is `it` in a filter, else the "
              "target for `distance` and the card's ship (its player) otherwise. A quantity "
              "of an absent subject (no target, no answered item) is 0. A ship off the board "
              "sees no ship and is at no distance from anything: a comparison of a distance "
              "to or from it is false, an amount reading one is 0 (D9.3).", "",
              "| subject | who |", "| --- | --- |"]
    lines += _enum_rows(exprs.Subject, "", skip=(exprs.Subject.DEFAULT,))
    lines += ["", "| filter word | the ship is |", "| --- | --- |"]
    lines += _enum_rows(exprs.Adjective, "")
    lines += ["", "Comparisons: " + ", ".join(f"`{c.value}`" for c in exprs.Cmp) + ".", ""]
    return lines


def _declarations(rules: dict, stop: set, keywords: dict) -> list[str]:
    """The declarations a card file is made of, each with its syntax."""
    lines: list[str] = [
        "# DSL reference",
        "",
        "Generated by `redcode_rules.render.dsl_reference.dsl_reference()` from the grammar "
        "(`grammar/redcode.lark`), the effect registry (`effects.PRIMITIVES`), the "
        "`Selector` and `TargetKind` enums and the rule options (`RuleOptions`, "
        "`OPTION_DOCS`), so it lists exactly what the compiler accepts. The syntax "
        "blocks are the grammar's own rules: `\"word\"` is a keyword, `[x]` optional, "
        "`x*` any number, `x+` one or more, `a | b` either. For a guided tour see "
        "[The card language](dsl.md).",
        "",
        "## Declarations",
        "",
        "A card file is a list of these, in any order. Comments start with `#` or `//`.",
        "",
    ]
    for name in _references(rules.get("_decl", [])):
        if name not in rules:
            continue
        desc, example = DECLARATIONS.get(name, (NO_DESCRIPTION, ""))
        heads = [w for w, places in keywords.items() if name in places]
        first = [w for w in re.findall(r'"([a-z]+)"', " ".join(rules[name]))][:1]
        title = " / ".join(f"`{w}`" for w in (first or heads or [name]))
        if name == "card_decl":
            title = " / ".join(f"`{w}`" for w in re.findall(r'"([a-z]+)"',
                                                            " ".join(rules["card_kind"])))
        lines += [f"### {title}", "", desc, ""] + _code(_syntax(name, rules, stop))
        if example:
            lines += ["Example:", ""] + _code(example)
    return lines


def _properties(rules: dict, groups: list, stop: set, keywords: dict) -> list[str]:
    """The properties of each declaration, group by group."""
    lines: list[str] = []
    lines += ["## Properties", ""]
    for group in groups:
        title, where = GROUPS[group]
        lines += [f"### {title}", "", f"Written {where}, in any order.", ""]
        for name in _references(rules[group]):
            if name not in rules:
                continue
            desc, example = PROPERTIES.get(name, (NO_DESCRIPTION, ""))
            words = re.findall(r'"([a-z]+)"', rules[name][0])[:1] or \
                [w for w, places in keywords.items() if name in places]
            title = " / ".join(f"`{w}`" for w in words) or f"`{name}`"
            if name == "option":
                title = "`NAME value`"
            lines += [f"#### {title}", "", desc, ""] + _code(_syntax(name, rules, stop))
            if example:
                lines += ["Example:", ""] + _code(example)
    return lines


def _primitives(rules: dict, rulesets: list) -> list[str]:
    """The effect primitives, from the registry, with the built-in cards that use each."""
    lines: list[str] = []
    preps = re.findall(r'"([a-z]+)"', " ".join(rules.get("_prep", [])))
    prep = "[" + "|".join(preps) + "] " if preps else ""
    lines += [
        "## Effect primitives",
        "",
        "An effect call is `NAME values… " + prep.strip() + " SELECTOR`: the primitive, its "
        "values in order, an optional linking word, and whom it acts on (see Selectors). "
        "A card's text in every language is generated from these calls.",
        "",
    ]
    for prim in effects.PRIMITIVES.values():
        spelled = " ".join([prim.name] + [_param_spelling(p) for p in prim.params])
        sel = "SELECTOR" if prim.default is None else "[SELECTOR]"
        sel += " with SELECTOR" * (prim.ships - 1)  # the further ships it names, all different
        used = sorted({c.id for r in rulesets for c in (*r.maneuvers.values(), *r.orders.values())
                       if any(type(e) is prim.cls for e in c.effects)})
        acts = ", ".join(_acts_on(s) for s in prim.selectors)
        if effects.Selector.AREA in prim.selectors:  # what acts on an area's ships, on any set
            acts += ", any set of ships (`each WORD… ship …`, `a random WORD… ship …`)"
        if prim.players:
            acts += ", a set of players (`each [enemy|friendly|other] player`)"
        if prim.default is not None:
            acts += f" (default `{prim.default.value}`: may be left out)"
        lines += [
            f"### `{prim.name}`", "",
            prim.summary[:1].upper() + prim.summary[1:] + ".", "",
            f"- **Syntax:** `{spelled} {prep}{sel}`",
            "- **Values:** " + ("; ".join(_param_words(p) for p in prim.params) or "none"),
            f"- **Acts on:** {acts}" + (f" ({prim.ships} different ships)" if prim.ships > 1
                                         else ""),
            *([f"- **The player chooses:** {CHOICE_WORDS[prim.choice]}"]
              if prim.choice in CHOICE_WORDS else []),
            f"- **Example:** `effect {prim.example}`",
            "- **Used by:** " + (", ".join(f"`{u}`" for u in used) or "no built-in card"),
            "",
        ]
    return lines


def _selectors() -> list[str]:
    """The selectors, with the primitives that take each."""
    lines: list[str] = []
    comments = _enum_comments(effects.Selector)
    lines += ["## Selectors", "",
              "Whom an effect acts on, worked out when the effect resolves. A ship that is "
              "off the board (sunk, waiting to respawn) is never affected (R9.2).", "",
              "| selector | meaning | allowed in | accepted by | example |",
              "| --- | --- | --- | --- | --- |"]
    for sel in effects.Selector:
        # ``each target`` is a set of ships: the primitives that act on sets take
        # it; ``second target`` is one ship: those that act on ``target`` take it
        taken_as = {effects.Selector.TARGETS: effects.Selector.AREA,
                    effects.Selector.SECOND: effects.Selector.TARGET}.get(sel, sel)
        takers = [p for p in effects.PRIMITIVES.values() if taken_as in p.selectors]
        written = SPELLED.get(sel.value, sel.value)
        example = SELECTOR_EXAMPLES.get(sel.value) or next(
            (p.example for p in takers if p.example.endswith(written)), None)
        if example is None and takers:
            p = takers[0]
            example = " ".join([p.name] + [str(q.choices[0]) if q.choices else "1"
                                           for q in p.params] + ["to", sel.value])
        lines.append(
            f"| {_acts_on(sel)} | {comments.get(sel.name, NO_DESCRIPTION)} | "
            f"{SELECTOR_NOTES.get(sel.value, 'any card')} | "
            + (", ".join(f"`{p.name}`" for p in takers) or "—") + " | "
            + (f"`{example}`" if example else "—") + " |")
    lines.append("")
    return lines


def _statuses(rulesets: list) -> list[str]:
    """Statuses: durations, what they forbid and change, classes of cards."""
    lines: list[str] = []
    lines += ["## Statuses", "",
              "A `status` declaration gives one duration and what the status forbids; the "
              "engine applies them to any status alike. Every status also ends when its "
              "ship leaves the board (R9.2). In a scenario or a save, each declared status "
              "is a ship key (`intercepted: true`).", "",
              "| duration | ends |", "| --- | --- |"]
    lines += _enum_rows(Duration, NO_DESCRIPTION)
    lines += ["", "| forbids | meaning |", "| --- | --- |"]
    lines += _enum_rows(Forbid, NO_DESCRIPTION)
    lines += ["", "| modify | changes | a use |", "| --- | --- | --- |"]
    comments = _enum_comments(Modifier)
    for modifier in Modifier:
        lines.append(f"| `{modifier.value}` | {comments.get(modifier.name, NO_DESCRIPTION)} | "
                     f"{USE_OF[modifier]} |")
    lines.append(f"| `redirect damage to giver` | {_enum_comments(Redirect)['GIVER']} | "
                 f"{USE_OF[Redirect.GIVER]} |")
    lines += ["", "A status's durations and modifiers are read by the engine's rule queries "
              "(model/modifiers.py); a `while CONDITION` duration is evaluated by `modifiers.holds`."]
    lines += ["", "### Classes of cards", "",
              "Where a status names cards it may name a class of them (rules/card_classes.py): "
              "`torpedo, radar`, or words then a kind (`cards`, `maneuvers`, `orders`) and "
              "`costing N` (`ranged maneuvers costing 2`); in `untargetable by`, `enemy` "
              "first limits it to the other side's cards (by default any other player's). "
              "Its cards are read from the cards of every file once, as the ruleset is "
              "compiled.", "",
              "| word | a card is in the class if |", "| --- | --- |"]
    lines += _enum_rows(Trait, NO_DESCRIPTION)
    lines += ["", "| status | declared in | duration | forbids |", "| --- | --- | --- | --- |"]
    for status in rulesets[0].statuses.values():
        lines.append(f"| `{status.id}` | `{status.source.file}` | `{status.duration.value}` | "
                     + ", ".join(f"`{f.value}`" for f in status.forbids) + " |")
    lines.append("")
    return lines


def _triggers() -> list[str]:
    """Triggers and tokens."""
    lines: list[str] = []
    lines += ["## Triggers and tokens", "",
              "`when EVENT [of WHO] [by WHO] [once per turn] { effect ... }` in a status, a "
              "ship type or a token. When EVENT happens to a ship that `of` names (seen from "
              "the holder; a token sees from its owner's side), caused by a ship that `by` "
              "names, the effects resolve at once as a triggered item: like an item nobody "
              "may answer (R5.1), before anything else goes on: its player is asked only a "
              "`may` (not at a turn's start or end, D4.16), nothing else (no `move`, `discard`, "
              "`take`; `recover_crew` takes the withdrawn crew first, D6.6). In them `self` "
              "is the holder's ship (a "
              "token's: the token itself for `remove_token`, its owner for `draw`), "
              "`target` the ship the event happened to and `source` the ship that caused "
              "it. A trigger that would fire itself forever (a `damaged` trigger damaging "
              "the ship it watches) is refused unless it fires `once per turn`; one move "
              f"resolves at most {MAX_TRIGGERED} triggered items, however many effects "
              "and chains of triggers it has, and the log says so (`trigger_limit`).", "",
              "| event | happens when |", "| --- | --- |"]
    lines += _enum_rows(TriggerEvent, NO_DESCRIPTION)
    lines += ["", "| WHO | meaning |", "| --- | --- |"]
    lines += _enum_rows(Who, NO_DESCRIPTION)
    lines += ["", "Tokens lie on boxes (`place_token NAME on area`, `on self`, `on target`; one "
              "of a kind per box, none on an island), owned by the card's player; in a "
              "scenario or a save they are the list `tokens: [{token: mine, at: d3, owner: "
              "blue-submarine}]`.", ""]
    return lines


def _silhouettes(rulesets: list) -> list[str]:
    """The drawings of ships."""
    lines: list[str] = []
    comments = _enum_comments(Silhouette)
    lines += ["## Silhouettes", "",
              "The drawings of a ship on the SVG board (`silhouette` in a ship declaration).",
              "", "| silhouette | drawing | ship types of the base cards |", "| --- | --- | --- |"]
    for silhouette in Silhouette:
        ships = [k for k, v in rulesets[0].ships.items() if v.silhouette is silhouette]
        lines.append(f"| `{silhouette.value}` | {comments.get(silhouette.name, NO_DESCRIPTION)} | "
                     + (", ".join(f"`{k}`" for k in ships) or "—") + " |")
    lines.append("")
    return lines


def _target_kinds(rulesets: list) -> list[str]:
    """What a card picks when it is used."""
    lines: list[str] = []
    comments = _enum_comments(TargetKind)
    lines += ["## Target kinds", "",
              "What a card picks when it is used; the notation of the move follows it "
              "(see [Move notation](notation.md)).", "",
              "| target | meaning | example card |", "| --- | --- | --- |"]
    for kind in TargetKind:
        spelled = f"target {kind.value}" + (" WxH" if kind is TargetKind.AREA else "")
        card = next((c.id for r in rulesets for c in (*r.maneuvers.values(), *r.orders.values())
                     if c.target.kind is kind), None)
        lines.append(f"| `{spelled}` | {comments.get(kind.name, NO_DESCRIPTION)} | "
                     + (f"`{card}`" if card else "—") + " |")
    lines.append("")
    return lines


def _rule_options() -> list[str]:
    """The rule options with their defaults and the base cards' values."""
    lines: list[str] = []
    base = load_ruleset(BASE).options
    lines += ["## Rule options", "",
              "Set in a `rules { … }` block as `NAME value`; a variant's block changes only "
              "the options it names. *Default* is the value when no file sets it, *base* "
              "the value in `cards/base/rules.rc`.", "",
              "| option | value | default | base | meaning |",
              "| --- | --- | --- | --- | --- |"]
    for field in attrs.fields(RuleOptions):
        kind = {"int": "number", "str": "word"}.get(str(field.type), "catch-up rules")
        default = field.default
        lines.append(f"| `{field.name}` | {kind} | {_option_value(default)} | "
                     f"{_option_value(getattr(base, field.name))} | "
                     f"{OPTION_DOCS.get(field.name, NO_DESCRIPTION).replace('|', '/')} |")
    lines += ["", "Example:", ""]
    example = ["rules {"]
    for field in attrs.fields(RuleOptions):
        value = getattr(base, field.name)
        if isinstance(value, tuple):
            example += [f"    catchup {c.team}v{c.team} reduced to {c.reduced_to} gives {c.cards}"
                        for c in value]
        else:
            example.append(f"    {field.name} {value}")
    lines += _code("\n".join(example + ["}"]))
    return lines


def _keywords_and_values(rules: dict, keywords: dict) -> list[str]:
    """Every keyword of the grammar and the values' patterns."""
    lines: list[str] = []
    lines += ["## Keywords", "",
              "Every keyword of the grammar and the grammar rules it appears in. Keywords are "
              "reserved only where the parser can meet them; effect, card and option names "
              "are plain names checked by the compiler.", "",
              "| keyword | grammar rules |", "| --- | --- |"]
    for word, places in keywords.items():
        lines.append(f"| `{word}` | " + ", ".join(f"`{p}`" for p in places) + " |")
    lines += ["", "## Values", ""]
    parser = card_parser()
    for term in parser.terminals:
        if term.name in ("WS", "COMMENT") or _words(term.pattern) or term.pattern.type == "str":
            continue
        what = WORDS.get(term.name, term.name.lower())
        written = rules.get(term.name, [f"/{term.pattern.value}/"])[0]
        lines.append(f"- `{term.name}`: {what}, pattern `{written}`")
    lines += ["- Comments run from `#` or `//` to the end of the line.", ""]
    return lines


def dsl_reference() -> str:
    """The DSL reference page (Markdown), generated from the grammar and the registries."""
    rules = grammar_rules()
    groups = [g for g in GROUPS if g in rules]
    stop = {"_decl", *groups}
    keywords = grammar_keywords()
    rulesets = _builtin_rulesets()
    lines = (_declarations(rules, stop, keywords) + _properties(rules, groups, stop, keywords)
             + _primitives(rules, rulesets) + _selectors() + _expressions()
             + _statuses(rulesets) + _triggers() + _silhouettes(rulesets)
             + _target_kinds(rulesets) + _rule_options() + _keywords_and_values(rules, keywords))
    return "\n".join(lines)
