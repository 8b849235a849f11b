"""The balance lab's report: a Markdown summary, a self-contained HTML page
with plots, and the figures as JSON.

The plots are drawn with matplotlib (the optional ``lab`` extra) and
embedded as SVG text, so the page is one file that opens anywhere; without
matplotlib the page has the same tables and says how to get the plots.
"""

from __future__ import annotations

import html
import io
import json
from pathlib import Path
from typing import Any

FLAG_WORDS = {"strong": "wins much more often when played: too strong?",
              "weak": "loses much more often when played: too weak?"}


def pct(r: dict[str, Any]) -> str:
    """A rate and its interval: ``54.0% [48.2, 59.7] (n=200)``; with no game
    to count, no rate: ``no verdict (n=0)``."""
    if not r["games"]:
        return "no verdict (n=0)"
    return (f"{100 * r['estimate']:.1f}% [{100 * r['low']:.1f}, {100 * r['high']:.1f}] "
            f"(n={r['games']})")


def held(f: dict[str, Any]) -> str:
    """How often a card was playable at the decisions it was held at: ``42% of 180``."""
    share = f["playable_when_held"]
    return "never held" if share is None else f"{100 * share:.0f}% of {f['held']}"


def p_of(value: float | None) -> str:
    return "" if value is None else f"{value:.3g}"


# ------------------------------------------------------------------ Markdown


def markdown(report: dict[str, Any]) -> str:
    """The summary: what is flagged (cards, A/B differences) and what cannot
    be judged, then per ruleset and configuration the results, the game
    lengths and ends, the cards, and the A/B differences."""
    out = [f"# Balance report: {report['bot']}, {report['games_per_configuration']} games "
           f"per configuration, seed {report['seed']}", "",
           f"Intervals: {report['interval']}. Tests: {report['test']}. "
           f"Corrected for multiple comparisons ({report['correction']}): "
           f"{report['cards_tested']} card tests"
           + (f", {compared} A/B comparisons." if (compared := sum(
               len(rows) for rows in report["ab"].values())) else "."), ""]
    out += summary(report)
    for label, rs in report["rulesets"].items():
        files = ", ".join(rs["files"]) or f"the plain {report['edition']} edition"
        out += [f"## Ruleset {label}: {files}", ""]
        if rs["new_cards"]:
            out += [f"New cards: {', '.join(rs['new_cards'])}.", ""]
        for key, c in rs["configurations"].items():
            out += [f"### {key}", "", "| figure | value |", "|---|---|"]
            for side, r in c["sides"].items():
                out.append(f"| {side} wins | {pct(r)} |")
            out.append(f"| first seat wins | {pct(c['first_seat'])} |")
            for t, r in c["ship_types"].items():
                out.append(f"| side with {t} wins | {pct(r)} |")
            out.append(f"| draws / turn limit / unfinished | {c['draws']} / {c['turn_limit']}"
                       f" / {c['unfinished']} |")
            for what in ("turns", "moves"):
                s = c[what]
                out.append(f"| {what} per game: mean, median (10%–90%) | {s['mean']:.1f}, "
                           f"{s['median']:.0f} ({s['p10']:.0f}–{s['p90']:.0f}) |")
            out += ["", "| card | played/game | drawn/game | playable when held | answered "
                        "| cancelled | damage/use | crew/use | cards/use "
                        "| side playing it more wins | p (Holm) | |",
                    "|---|---|---|---|---|---|---|---|---|---|---|---|"]
            for name, f in c["cards"].items():
                mark = ("**new** " if f["new"] else "") + (f["flag"] or "")
                out.append(f"| {name} | {f['per_game']['played']:.2f} | "
                           f"{f['per_game']['drawn']:.2f} | {held(f)} | {f['answered']} | "
                           f"{f['cancelled']} | {f['per_use']['damage']:.2f} | "
                           f"{f['per_use']['crew']:.2f} | {f['per_use']['cards']:.2f} | "
                           f"{pct(f['played_more'])} | {p_of(f['p_holm'])} | {mark} |")
            for kind, word in (("statuses", "status"), ("tokens", "token")):
                if c[kind]:
                    out += ["", f"| {word} | given/game | mean turns lasted |", "|---|---|---|"]
                    for name, s in c[kind].items():
                        out.append(f"| {name} | {s['per_game']:.2f} | {s['mean_turns']:.1f} |")
            out.append("")
    for key, rows in report["ab"].items():
        out += [f"## A against B: {key}", "", "| figure | A | B | B − A | p | p (Holm) | verdict |",
                "|---|---|---|---|---|---|---|"]
        for r in rows:
            fmt = (lambda v: f"{v:.1f}") if r["unit"] == "turns" else \
                (lambda v: f"{100 * v:.1f}%")
            verdict = f"**{r['verdict']}**" if r["flag"] else r["verdict"]
            out.append(f"| {r['what']} | {fmt(r['a'])} | {fmt(r['b'])} | "
                       f"{fmt(r['difference'])} | {r['p_value']:.3g} | {r['p_holm']:.3g} | "
                       f"{verdict} |")
        out.append("")
    return "\n".join(out)


def summary(report: dict[str, Any]) -> list[str]:
    """The report's first lines: the flagged cards and A/B differences, and
    the cards that got no verdict, each with why; "no card flagged" only
    with every card judged."""
    out = []
    if report["flags"]:
        out += ["## Flagged cards", ""]
        for f in report["flags"]:
            out.append(f"- **{f['card']}** ({f['ruleset']}, {f['configuration']}): "
                       f"{FLAG_WORDS[f['flag']]} The side that played it more won "
                       f"{pct(f['played_more'])}; p (Holm) {f['p_holm']:.3g}.")
        out.append("")
    if report["ab_flags"]:
        out += ["## Flagged A/B differences", ""]
        for r in report["ab_flags"]:
            fmt = (lambda v: f"{v:.1f}") if r["unit"] == "turns" else \
                (lambda v: f"{100 * v:.1f}%")
            out.append(f"- **{r['what']}** ({r['configuration']}): A {fmt(r['a'])}, "
                       f"B {fmt(r['b'])}; p (Holm) {r['p_holm']:.3g}.")
        out.append("")
    if report["no_verdict"]:
        out += ["## No verdict", ""]
        for f in report["no_verdict"]:
            out.append(f"- **{f['card']}** ({f['ruleset']}, {f['configuration']}"
                       f"{', new' if f['new'] else ''}): no verdict: {f['why']}.")
        out.append("")
    if not report["flags"]:
        tested = f"No card flagged among the {report['cards_tested']} cards tested"
        unjudged = len(report["no_verdict"])
        out += [f"{tested}; {unjudged} {'card has' if unjudged == 1 else 'cards have'} no "
                "verdict (above)." if unjudged else f"{tested}.", ""]
    return out


# ------------------------------------------------------------------ plots


def plots(report: dict[str, Any]) -> list[tuple[str, str]]:
    """(title, SVG text) of each plot; none without matplotlib."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return []
    out = []

    def svg(fig: Any) -> str:
        buf = io.StringIO()
        fig.savefig(buf, format="svg", bbox_inches="tight")
        plt.close(fig)
        text = buf.getvalue()
        return text[text.index("<svg"):]

    rows = [(f"{label} {key}", c) for label, rs in report["rulesets"].items()
            for key, c in rs["configurations"].items()]
    fig, ax = plt.subplots(figsize=(7, 0.5 + 0.45 * len(rows) * 2))
    labels, est, lo, hi = [], [], [], []
    for name, c in rows:
        for what, r in [("first seat", c["first_seat"])] + \
                [(f"with {t}", r) for t, r in c["ship_types"].items()]:
            labels.append(f"{name}: {what}")
            est.append(r["estimate"])
            lo.append(r["estimate"] - r["low"])
            hi.append(r["high"] - r["estimate"])
    ax.errorbar(est, range(len(labels)), xerr=[lo, hi], fmt="o", capsize=3)
    ax.axvline(0.5, color="grey", lw=0.8, ls="--")
    ax.set_yticks(range(len(labels)), labels)
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate (95% Wilson interval)")
    out.append(("Win rates per configuration", svg(fig)))

    fig, ax = plt.subplots(figsize=(7, 3.5))
    for name, c in rows:
        ax.hist(c["turns"]["values"], bins=20, alpha=0.5, label=name)
    ax.set_xlabel("turns per game")
    ax.set_ylabel("games")
    ax.legend()
    out.append(("Game length", svg(fig)))

    for name, c in rows:
        cards = [(n, f) for n, f in c["cards"].items() if f["order"]]
        if not cards:
            continue
        fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(9, 0.6 + 0.35 * len(cards)), sharey=True)
        ys = range(len(cards))
        ax1.barh(ys, [f["per_game"]["played"] for _, f in cards],
                 color=["tab:red" if f["flag"] else "tab:blue" for _, f in cards])
        ax1.set_yticks(ys, [n + (" (new)" if f["new"] else "") for n, f in cards])
        ax1.set_xlabel("played per game")
        r = [f["played_more"] for _, f in cards]
        ax2.errorbar([x["estimate"] for x in r], ys,
                     xerr=[[x["estimate"] - x["low"] for x in r],
                           [x["high"] - x["estimate"] for x in r]], fmt="o", capsize=3)
        ax2.axvline(0.5, color="grey", lw=0.8, ls="--")
        ax2.set_xlim(0, 1)
        ax2.set_xlabel("win rate of the side playing it more")
        out.append((f"Order cards: {name}", svg(fig)))
    return out


# ------------------------------------------------------------------ HTML


_STYLE = ("body{font-family:sans-serif;max-width:70em;margin:2em auto;padding:0 1em}"
          "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;"
          "padding:.2em .5em;text-align:left}figure{margin:1em 0}.flag{color:#b00}")


def html_page(report: dict[str, Any]) -> str:
    """One self-contained page: the Markdown summary's tables and the plots."""
    body = [_markdown_to_html(markdown(report))]
    figures = plots(report)
    if figures:
        body.append("<h2>Plots</h2>")
        for title, svg in figures:
            body.append(f"<figure>{svg}<figcaption>{html.escape(title)}</figcaption></figure>")
    else:
        body.append("<p>No plots: install matplotlib (<code>pip install "
                    "'redcode_rules[lab]'</code>) for them.</p>")
    return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>Balance report</title>"
            f"<style>{_STYLE}</style></head><body>{''.join(body)}</body></html>")


def _inline(text: str) -> str:
    import re
    text = html.escape(text)
    return re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", text)


def _markdown_to_html(text: str) -> str:
    """The few Markdown forms ``markdown`` writes: headings, lists, tables, paragraphs."""
    out: list[str] = []
    table: list[list[str]] = []

    def flush() -> None:
        if table:
            head, *rows = table
            out.append("<table><tr>" + "".join(f"<th>{_inline(c)}</th>" for c in head) + "</tr>"
                       + "".join("<tr>" + "".join(f"<td>{_inline(c)}</td>" for c in r) + "</tr>"
                                 for r in rows) + "</table>")
            table.clear()

    for line in text.splitlines():
        if line.startswith("|"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            if not all(set(c) <= {"-"} for c in cells):
                table.append(cells)
            continue
        flush()
        if line.startswith("#"):
            level = len(line) - len(line.lstrip("#"))
            out.append(f"<h{level}>{_inline(line[level:].strip())}</h{level}>")
        elif line.startswith("- "):
            out.append(f"<ul><li>{_inline(line[2:])}</li></ul>")
        elif line.strip():
            out.append(f"<p>{_inline(line)}</p>")
    flush()
    return "\n".join(out)


def write_report(report: dict[str, Any], folder: str | Path) -> list[Path]:
    """``report.html``, ``report.md`` and ``report.json`` in ``folder``."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    paths = [folder / "report.html", folder / "report.md", folder / "report.json"]
    paths[0].write_text(html_page(report), encoding="utf-8")
    paths[1].write_text(markdown(report) + "\n", encoding="utf-8")
    paths[2].write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return paths
