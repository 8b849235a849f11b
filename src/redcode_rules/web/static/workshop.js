// The workshop: the card file is checked as one types (its problems at their
// line and column, its cards' texts in every language and their pictures),
// and a balance run is started and followed.
"use strict";
(function () {
  const main = document.querySelector("main.workshop");
  const source = document.getElementById("source");
  const edition = document.getElementById("edition");
  const kinds = document.getElementById("kinds").dataset;
  const csrf = main.dataset.csrf;
  let timer = null;
  let asked = 0;

  async function post(url, data) {
    const response = await fetch(url, {
      method: "POST",
      headers: {"Content-Type": "application/json", "X-CSRF-Token": csrf},
      body: JSON.stringify(data),
    });
    const answer = await response.json();
    if (!response.ok) throw new Error(answer.error || response.statusText);
    return answer;
  }

  function text(tag, content, css) {
    const el = document.createElement(tag);
    el.textContent = content;
    if (css) el.className = css;
    return el;
  }

  function show(result) {
    const list = document.getElementById("problems");
    list.textContent = "";
    for (const p of result.problems) {
      const item = document.createElement("li");
      item.className = "problem";
      if (p.line) {
        item.dataset.line = p.line;
        item.dataset.column = p.column || "";
        item.appendChild(text("span", kinds.line.replace("{line}", p.line)
          .replace("{column}", p.column || "?"), "where"));
      }
      item.appendChild(text("span", " " + p.reason, "reason"));
      if (p.source) item.appendChild(text("pre", p.source + "\n" +
        " ".repeat(Math.max(0, (p.column || 1) - 1)) + "^", "source"));
      list.appendChild(item);
    }
    document.getElementById("no-problems").hidden = result.problems.length > 0;
    const cards = document.getElementById("cards");
    cards.textContent = "";
    for (const card of result.cards) {
      const box = document.createElement("article");
      box.className = "card-preview " + card.kind;
      box.dataset.card = card.id;
      box.appendChild(text("h3", card.names[RC.lang] || card.id));
      box.appendChild(text("p", kinds[card.kind] || card.kind, "kind"));
      for (const [lang, body] of Object.entries(card.texts)) {
        const p = text("p", "", "text");
        p.dataset.lang = lang;
        p.appendChild(text("b", lang + " — " + card.names[lang] + ": "));
        p.appendChild(document.createTextNode(body));
        box.appendChild(p);
      }
      if (card.svg) {
        const picture = document.createElement("div");
        picture.className = "picture";
        // the server's own SVG (ElementTree-escaped), parsed as XML, never as HTML
        const doc = new DOMParser().parseFromString(card.svg, "image/svg+xml");
        picture.appendChild(document.importNode(doc.documentElement, true));
        box.appendChild(picture);
      }
      cards.appendChild(box);
    }
    document.getElementById("no-cards").hidden =
      result.cards.length > 0 || result.problems.length > 0;
  }

  async function check() {
    const mine = ++asked;
    try {
      const result = await post("/workshop/check", {text: source.value, edition: edition.value});
      if (mine === asked) { RC.showError(""); show(result); }
    } catch (err) {
      RC.showError(err.message);
    }
  }

  function later() {
    clearTimeout(timer);
    timer = setTimeout(check, 300);
  }

  source.addEventListener("input", later);
  edition.addEventListener("change", later);
  check();

  document.getElementById("fair").addEventListener("click", async () => {
    const games = Number(document.getElementById("fair-games").value);
    const progress = document.getElementById("fair-progress");
    const report = document.getElementById("fair-report");
    report.hidden = true;
    try {
      const job = await post("/workshop/fair", {text: source.value, edition: edition.value, games});
      for (;;) {
        const state = await (await fetch("/workshop/fair/" + job.id)).json();
        progress.textContent = kinds.progress.replace("{done}", state.done).replace("{total}", state.total);
        if (state.error) { progress.textContent = kinds.failed.replace("{reason}", state.error); break; }
        if (state.report) { report.textContent = state.report; report.hidden = false; break; }
        await new Promise((resolve) => setTimeout(resolve, 700));
      }
    } catch (err) {
      RC.showError(err.message);
    }
  });
})();
