// The table: the page follows its game over a WebSocket, and a move is made
// by clicks only (a card or maneuver, then its target ship or box, then the
// path's boxes where a path is chosen), walking the click tree the server
// sent with the page (web/clicks.py). The server checks every move again.
"use strict";
(function () {
  const SVG = "http://www.w3.org/2000/svg";
  const table = document.getElementById("table");
  const logList = document.getElementById("log");
  const words = document.getElementById("words").dataset;
  let version = Number(table.dataset.version);
  let picks = null;     // {tree, labels}
  let path = [];        // keys clicked so far
  let socket = null;
  let retry = 500;
  let waiting = [];     // messages clicked before the socket opened

  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + table.dataset.ws);
    socket.onopen = () => {
      retry = 500;
      document.getElementById("offline").hidden = true;
      const queued = waiting;
      waiting = [];
      for (const message of queued) socket.send(message);
    };
    socket.onmessage = (event) => receive(JSON.parse(event.data));
    socket.onclose = () => {
      document.getElementById("offline").hidden = false;
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    };
  }

  // A message made while the socket is still opening (or reopening) waits
  // for it rather than being lost; the server refuses a move whose version
  // the table has passed since.
  function send(message) {
    const text = JSON.stringify(message);
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(text);
    else waiting.push(text);
  }

  function receive(message) {
    if (message.type === "error") {
      RC.showError(message.message);
      return;
    }
    if (message.type !== "table") return;
    RC.showError("");
    version = message.version;
    table.dataset.version = String(version);
    redraw(message.html);
    if (message.reset) logList.textContent = "";
    for (const line of message.log) {
      const item = document.createElement("li");
      item.textContent = line;
      if (!line.startsWith(" ")) item.className = "head";
      logList.appendChild(item);
    }
    logList.parentElement.scrollTop = logList.parentElement.scrollHeight;
    const data = document.getElementById("picks");
    picks = data ? JSON.parse(data.textContent) : null;
    path = [];
    draw();
  }

  // The table drawn anew; a picture the server left out (its slot empty) is
  // one this page shows already, moved over as it is (web/pictures.py).
  function redraw(html) {
    const kept = new Map();
    table.querySelectorAll(".pic[data-pic]").forEach((slot) => {
      if (slot.firstElementChild) kept.set(slot.dataset.pic, slot.firstElementChild);
    });
    table.innerHTML = html;
    for (const slot of table.querySelectorAll(".pic[data-pic]")) {
      if (slot.firstElementChild) continue;
      const picture = kept.get(slot.dataset.pic);
      if (!picture) {  // not here after all: the whole table again
        send({type: "refresh"});
        return;
      }
      slot.appendChild(picture);
      kept.delete(slot.dataset.pic);
    }
  }

  function node() {
    let at = picks.tree;
    for (const key of path) at = at.next[key];
    return at;
  }

  function label(key) {
    return (picks && picks.labels[key]) || key.split(":")[1];
  }

  function boardSvg() {
    return document.querySelector("#board svg.redcode-board");
  }

  // the box under a point of the board (its geometry: render/svg.py's docstring)
  function boxAt(svg, clientX, clientY) {
    const cols = Number(document.getElementById("board").dataset.cols);
    const rows = Number(document.getElementById("board").dataset.rows);
    const point = svg.createSVGPoint();
    point.x = clientX;
    point.y = clientY;
    const local = point.matrixTransform(svg.getScreenCTM().inverse());
    const size = svg.viewBox.baseVal.width / (cols + 1);
    const col = Math.floor((local.x - size / 2) / size);
    const row = Math.floor((local.y - size / 2) / size);
    if (col < 0 || row < 0 || col >= cols || row >= rows) return null;
    return String.fromCharCode(97 + col) + (row + 1);
  }

  function boxRect(svg, box) {
    const cols = Number(document.getElementById("board").dataset.cols);
    const size = svg.viewBox.baseVal.width / (cols + 1);
    const col = box.charCodeAt(0) - 97;
    const row = Number(box.slice(1)) - 1;
    return [size / 2 + col * size, size / 2 + row * size, size];
  }

  function shipBox(ship) {
    const piece = document.querySelector('#board svg.ship[data-ship="' + CSS.escape(ship) + '"]');
    return piece ? piece.getAttribute("data-box") : null;
  }

  function overlay(svg, box, key, css) {
    const [x, y, size] = boxRect(svg, box);
    const rect = document.createElementNS(SVG, "rect");
    rect.setAttribute("x", x + 2);
    rect.setAttribute("y", y + 2);
    rect.setAttribute("width", size - 4);
    rect.setAttribute("height", size - 4);
    rect.setAttribute("class", css);
    rect.setAttribute("data-pick", key);
    svg.appendChild(rect);
  }

  // One's own ship's visual field (R4.3) and box, drawn under the ships and
  // tokens: the board's picture is the same for every seat (web/pictures.py).
  function drawField(svg) {
    svg.querySelectorAll(".seat-field, .seat-own").forEach((el) => el.remove());
    const data = document.getElementById("board").dataset;
    const under = svg.querySelector("g.token, svg.ship");
    const marks = (data.field ? data.field.split(" ") : []).map((box) => [box, "seat-field"]);
    if (data.own) marks.push([data.own, "seat-own"]);
    for (const [box, css] of marks) {
      const [x, y, size] = boxRect(svg, box);
      const rect = document.createElementNS(SVG, "rect");
      rect.setAttribute("x", x);
      rect.setAttribute("y", y);
      rect.setAttribute("width", size);
      rect.setAttribute("height", size);
      rect.setAttribute("class", css);
      rect.setAttribute("data-box", box);
      svg.insertBefore(rect, under);
    }
  }

  function draw() {
    const svg = boardSvg();
    if (svg) {
      svg.querySelectorAll(".pick-box, .pick-ship").forEach((el) => el.remove());
      drawField(svg);
    }
    document.querySelectorAll(".pick-row").forEach((el) => el.remove());
    document.querySelectorAll(".pickable").forEach((el) => {
      el.classList.remove("pickable");
      delete el.dataset.pick;
    });
    const panel = document.getElementById("choices");
    if (!picks || !panel) return;
    const at = node();
    panel.textContent = "";
    const head = document.createElement("h2");
    head.textContent = words.choose;
    panel.appendChild(head);
    if (path.length) {
      const chosen = document.createElement("p");
      chosen.className = "chosen";
      chosen.textContent = path.map(label).join(" → ");
      panel.appendChild(chosen);
    }
    const list = document.createElement("div");
    list.className = "options";
    for (const key of Object.keys(at.next)) {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.pick = key;
      button.className = "option " + key.split(":")[0];
      button.textContent = label(key);
      list.appendChild(button);
      const [kind, value] = [key.split(":")[0], key.slice(key.indexOf(":") + 1)];
      if (kind === "box" && svg) overlay(svg, value, key, "pick-box");
      if (kind === "ship" && svg) {
        const box = shipBox(value);
        if (box) overlay(svg, box, key, "pick-ship");
      }
      if (kind === "card") {
        const card = document.querySelector('#hand [data-card="' + CSS.escape(value) + '"]');
        if (card) { card.classList.add("pickable"); card.dataset.pick = key; }
      }
      if (kind === "maneuver") {
        const row = document.querySelector('#mycard g.maneuver[data-maneuver="' + CSS.escape(value) + '"]');
        if (row) {  // the whole row takes the click
          row.classList.add("pickable");
          const area = row.getBBox();
          const hit = document.createElementNS(SVG, "rect");
          for (const name of ["x", "y", "width", "height"]) hit.setAttribute(name, area[name]);
          hit.setAttribute("class", "pick-row");
          hit.setAttribute("data-pick", key);
          row.appendChild(hit);
        }
      }
    }
    panel.appendChild(list);
    if (at.move) {
      const play = document.createElement("button");
      play.type = "button";
      play.className = "primary play";
      play.dataset.play = at.move;
      play.textContent = words.play.replace("{move}", path.map(label).join(" "));
      panel.appendChild(play);
    }
    if (path.length) {
      const back = document.createElement("button");
      back.type = "button";
      back.className = "back";
      back.textContent = words.back;
      panel.appendChild(back);
    }
  }

  function choose(key) {
    const at = node();
    if (!(key in at.next)) return;
    path.push(key);
    const next = node();
    if (next.move && Object.keys(next.next).length === 0) {
      send({type: "move", move: next.move, version: version});
      return;
    }
    draw();
  }

  table.addEventListener("click", (event) => {
    const target = event.target;
    if (target.closest("button.back")) { path.pop(); draw(); return; }
    const play = target.closest("[data-play]");
    if (play) { send({type: "move", move: play.dataset.play, version: version}); return; }
    if (target.closest("#undo")) { send({type: "undo", version: version}); return; }
    if (!picks) return;
    const picked = target.closest("[data-pick]");
    if (picked) { choose(picked.dataset.pick); return; }
    const svg = target.closest("#board svg.redcode-board");
    if (svg) {
      const box = boxAt(svg, event.clientX, event.clientY);
      if (!box) return;
      const at = node();
      if ("box:" + box in at.next) { choose("box:" + box); return; }
      const ship = svg.querySelector('svg.ship[data-box="' + box + '"]');
      if (ship && "ship:" + ship.getAttribute("data-ship") in at.next) {
        choose("ship:" + ship.getAttribute("data-ship"));
      }
    }
  });

  const first = document.getElementById("picks");
  picks = first ? JSON.parse(first.textContent) : null;
  draw();
  connect();
})();
