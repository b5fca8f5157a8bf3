/* The table page: the board, what this player may do next (only what the engine offers), and the
 * events so far. Live by polling the table's version (cheap when nothing changed). An event entered
 * while the network is down is kept on this phone (localStorage) and sent when the connection is back;
 * each event carries an id so that a resend never stores it twice.
 */
(function () {
  "use strict";
  const root = document.getElementById("table");
  if (!root) return;
  const $ = (id) => document.getElementById(id);
  const code = root.dataset.code;
  const PENDING = "arbiter:play:" + code + ":pending";
  const csrf = root.querySelector("input[name=csrfmiddlewaretoken]").value;
  let state = null;
  let board = null;
  let picking = null; // {character, moves} while choosing a hex for a move
  let busy = false;

  function esc(s) { return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]); }
  function uid() { return Date.now().toString(36) + Math.random().toString(36).slice(2, 10); }
  function connection(text) { const c = $("table-connection"); c.hidden = !text; c.textContent = text || ""; }

  async function request(url, body) {
    const options = body === undefined ? { credentials: "same-origin" } : {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf }, body: JSON.stringify(body),
    };
    const response = await fetch(url, options);
    const data = await response.json();
    return { ok: response.ok, status: response.status, data };
  }

  function unitsByRef() {
    const out = {};
    for (const u of state.view.units) out[u.ref] = u;
    return out;
  }

  function moveEnd(event) {
    if (event.path && event.path.length) return event.path[event.path.length - 1];
    const u = unitsByRef()[event.character];
    return u ? u.hex : null;
  }

  function draw() {
    const options = {};
    if (picking) {
      const ends = {};
      for (const o of picking.moves) { const h = moveEnd(o.event); if (h) ends[h] = true; }
      options.selectable = Object.keys(ends);
      const u = unitsByRef()[picking.character];
      options.focus = options.selectable.concat(u && u.hex ? [u.hex] : []);
      options.onHex = (label) => showMovesTo(label);
    }
    const last = state.events.length ? state.events[state.events.length - 1] : null;
    ArbiterBoard.render($("table-board"), state.game, board, state.view, options);
    root.dataset.version = state.version;
    root.dataset.events = state.events.length;
    root.dataset.offers = state.offers.length;
    root.dataset.status = state.status;
    $("table-status").textContent = state.status_text;
    $("table-players").textContent = state.players.map((p, i) => `${p.name} (${p.faction})${state.seat === i + 1 ? " — you" : ""}`).join(" vs ");
    $("table-invite").hidden = state.status !== "waiting";
    $("table-commitment").textContent = state.randomness.commitment || "";
    $("table-commitment-short").textContent = (state.randomness.commitment || "").slice(0, 16);
    $("table-seed").textContent = state.randomness.seed || "revealed when the game ends";
    const toAct = state.view.to_act || [];
    const mine = toAct.includes(state.player);
    $("table-turn").textContent = state.status === "waiting" ? "Waiting for the other player to join." :
      state.status !== "playing" ? "" : mine ? (toAct.length > 1 ? "Your choice (both players choose now)." : "Your move.") :
      "The other player's move: waiting.";
    $("table-turn").className = "turn" + (mine && state.status === "playing" ? " mine" : "");
    $("table-history").innerHTML = state.events.map((e) => `<li data-index="${e.index}">${esc(e.text)}${diceWords(e.rolls)}</li>`).join("");
    let lastHtml = last ? `<p class="small muted">Last event (${last.index}):</p><p id="last-event">${esc(last.text)}${diceWords(last.rolls)}</p>` : "<p class='muted'>No events yet.</p>";
    if (state.can_undo) lastHtml += `<button type="button" class="secondary big" id="undo-button">Undo my last event</button>`;
    if (state.can_confirm) lastHtml += `<button type="button" class="big" id="confirm-button">OK, that happened</button>`;
    $("table-last").innerHTML = lastHtml;
    if ($("undo-button")) $("undo-button").addEventListener("click", () => act(root.dataset.undoUrl, { version: state.version }));
    if ($("confirm-button")) $("confirm-button").addEventListener("click", () => act(root.dataset.confirmUrl, { version: state.version }));
    const over = state.status === "over" || state.status === "confirmed";
    $("table-over").hidden = !over;
    if (over) {
      const r = state.view.result || {};
      $("table-result").textContent = (r.winner ? "Winner: " + (state.players.find((p) => p.id === r.winner) || {}).name : "No winner") +
        ` · ${state.players.map((p) => p.name + " " + ((state.view.sides.find((s) => s.id === p.id) || {}).vp || {}).total + " VP").join(", ")}` +
        (state.result_confirmed.length ? ` · confirmed by ${state.result_confirmed.length} of 2` : "");
      $("confirm-result").hidden = state.result_confirmed.includes(state.seat);
      $("table-log-link").innerHTML = state.log_url ? `<a href="${esc(state.log_url)}" id="verified-log">The log, verified by the engine</a>` : "";
    }
    drawChoices();
  }

  function diceWords(rolls) {
    if (!rolls || !rolls.length) return "";
    return " <span class='small muted'>[" + rolls.map((r) => `${esc(r.kind)} ${r.final.concat(r.explosions).join(" ")}`).join("; ") + "]</span>";
  }

  function button(text, onClick, cls, event) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "choice " + (cls || "");
    b.textContent = text;
    if (event) b.dataset.event = JSON.stringify(event);
    b.addEventListener("click", onClick);
    return b;
  }

  function drawChoices() {
    const box = $("table-choices");
    box.innerHTML = "";
    if (!state.offers.length || state.status !== "playing") return;
    if (picking) {
      box.appendChild(Object.assign(document.createElement("p"), { textContent: `Tap a green hex for ${picking.name}'s move.` }));
      box.appendChild(button("Back", () => { picking = null; draw(); }, "secondary"));
      return;
    }
    const units = unitsByRef();
    const groups = new Map();
    for (const o of state.offers) {
      const ref = o.event.character;
      const key = ref && o.event.type !== "activate" ? ref : "";
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(o);
    }
    for (const [ref, offers] of groups) {
      const group = document.createElement("div");
      group.className = "choice-group";
      if (ref) group.appendChild(Object.assign(document.createElement("h3"), { textContent: (units[ref] || {}).name || ref }));
      const moves = offers.filter((o) => o.event.type === "move" || o.event.type === "movement");
      for (const o of offers) if (!moves.includes(o)) group.appendChild(button(o.text, () => send(o.event), "", o.event));
      if (moves.length) {
        group.appendChild(button(`Move… (${moves.length} ways)`, () => {
          picking = { character: ref, name: (units[ref] || {}).name || ref, moves };
          draw();
          $("table-board").scrollIntoView({ behavior: "smooth", block: "center" });
        }, "move"));
      }
      box.appendChild(group);
    }
  }

  function showMovesTo(label) {
    const box = $("table-choices");
    const here = picking.moves.filter((o) => moveEnd(o.event) === label);
    box.innerHTML = "";
    box.appendChild(Object.assign(document.createElement("p"), { textContent: `${picking.name} to ${label}:` }));
    for (const o of here) {
      const e = o.event;
      const extra = (e.facing !== undefined && e.facing !== null ? `, facing ${e.facing}` : "") + (e.focus ? ", spending focus" : "") +
        (e.path ? `, via ${e.path.join(" ") || "no step"}` : "");
      box.appendChild(button(o.text + (o.text.includes("facing") ? "" : extra.replace(/^, /, " — ")), () => { picking = null; send(e); }, "", e));
    }
    box.appendChild(button("Another hex", () => drawChoices(), "secondary"));
    box.appendChild(button("Back", () => { picking = null; draw(); }, "secondary"));
    box.scrollIntoView({ behavior: "smooth", block: "start" });
  }

  function showRefusal(error) {
    const box = $("table-refusal");
    if (!error) { box.hidden = true; return; }
    box.hidden = false;
    box.dataset.code = error.code;
    box.innerHTML = error.rule ?
      `<p><strong>Refused: <a href="${esc(error.url)}" id="refusal-rule">${esc(error.rule)}</a> ${esc(error.title)}</strong></p>` +
      (error.explanation ? `<p>${esc(error.explanation)}</p>` : "") + `<p>The engine says: ${esc(error.message)}</p>` :
      `<p>${esc(error.message)}</p>`;
    box.scrollIntoView({ behavior: "smooth", block: "nearest" });
  }

  // -- sending ---------------------------------------------------------------------------------------
  function send(event) {
    const pending = { event: Object.assign({}, event), cid: uid(), version: state.version };
    localStorage.setItem(PENDING, JSON.stringify(pending));
    flush();
  }

  async function flush() {
    const raw = localStorage.getItem(PENDING);
    if (!raw || busy) return;
    busy = true;
    const pending = JSON.parse(raw);
    try {
      const r = await request(root.dataset.eventUrl, pending);
      localStorage.removeItem(PENDING);
      connection("");
      showRefusal(r.ok ? null : r.data.error);
      if (r.data.state) accept(r.data.state);
    } catch (err) {
      connection("No connection: your move is kept on this phone and will be sent when the connection is back.");
      setTimeout(() => { busy = false; flush(); }, 2000);
      return;
    }
    busy = false;
  }

  async function act(url, body) {
    try {
      const r = await request(url, body);
      showRefusal(r.ok ? null : r.data.error);
      if (r.data.state) accept(r.data.state);
    } catch (err) {
      connection("No connection: try again when the connection is back.");
    }
  }

  function accept(next) {
    if (state && next.version < state.version) return; // an answer that was overtaken by a newer one
    const wasOffers = state && state.version === next.version;
    state = next;
    if (!wasOffers) picking = null;
    draw();
  }

  async function poll() {
    try {
      const known = state ? state.version : null;
      const url = root.dataset.stateUrl + (board ? "" : "?board=1") + (known !== null && board ? "?since=" + known : "");
      const r = await request(url);
      connection(localStorage.getItem(PENDING) ? $("table-connection").textContent : "");
      if (r.data.board) board = r.data.board;
      if (r.data.changed !== false && r.data.view) accept(r.data);
      if (localStorage.getItem(PENDING)) flush();
    } catch (err) {
      connection("No connection: the page picks up where the game is when it is back.");
    }
  }

  // For scripts and tests: send any event as this player (the engine still checks it).
  window.ArbiterTable = { send, state: () => state };
  $("confirm-result").addEventListener("click", () => act(root.dataset.resultUrl, {}));
  poll();
  setInterval(poll, 1500);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) poll(); });
})();
