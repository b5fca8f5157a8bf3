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
  const DRAFT = "arbiter:play:" + code + ":dice";
  const recorded = root.dataset.mode === "recorded";
  // Recorded dice (LOG-4): {event, needs, at, entered: [...], events} while the faces seen at the table
  // are entered; kept on this phone so a reload or a lost connection loses nothing.
  let entry = JSON.parse(localStorage.getItem(DRAFT) || "null");
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

  // Every game's board is drawn from the board the server sends (engine.session.board) by the renderer its
  // plugin registered: with its own panel (window.ArbiterBoards[game id], as in the replay viewer), or a
  // renderer of ArbiterBoard.register whose hexes can be tapped to choose a move. No game is assumed.
  function customBoard() { return state && (window.ArbiterBoards || {})[state.game]; }

  function draw() {
    const options = {};
    if (picking && !customBoard()) {
      const ends = {};
      for (const o of picking.moves) ends[o.place] = true;
      options.selectable = Object.keys(ends);
      options.focus = options.selectable;
      options.onHex = (label) => showMovesTo(label);
    }
    const last = state.events.length ? state.events[state.events.length - 1] : null;
    const custom = customBoard();
    if (custom) {
      custom.render($("table-board"), board, state.view, picking ? { highlight: picking.ends } : {});
      $("table-panel").innerHTML = custom.panel(state.view);
    } else ArbiterBoard.render($("table-board"), state.game, board, state.view, options);
    root.dataset.version = state.version;
    root.dataset.events = state.events.length;
    root.dataset.offers = state.offers.length;
    root.dataset.status = state.status;
    $("table-status").textContent = state.status_text;
    $("table-players").textContent = playersLine(state);
    drawSeats();
    $("table-invite").hidden = state.status !== "waiting";
    if ($("table-commitment")) {
      $("table-commitment").textContent = state.randomness.commitment || "";
      $("table-commitment-short").textContent = (state.randomness.commitment || "").slice(0, 16);
      $("table-seed").textContent = state.randomness.seed || "revealed when the game ends";
    }
    const mine = state.my_turn;
    $("table-turn").textContent = turnWords(mine);
    $("table-turn").className = "turn" + (mine && state.status === "playing" ? " mine" : "");
    $("table-history").innerHTML = state.events.map((e) => `<li data-index="${e.index}">${esc(e.text)}${diceWords(e.rolls)}</li>`).join("");
    let lastHtml = last ? `<p class="small muted">Last event (${last.index}):</p><p id="last-event">${esc(last.text)}${diceWords(last.rolls)}</p>${facesShown(last.rolls)}` : "<p class='muted'>No events yet.</p>";
    if (state.can_undo) lastHtml += `<button type="button" class="secondary big" id="undo-button">Undo my last event</button>`;
    if (state.can_confirm) lastHtml += `<button type="button" class="big" id="confirm-button">OK, that happened</button>`;
    $("table-last").innerHTML = lastHtml;
    if ($("undo-button")) $("undo-button").addEventListener("click", () => act(root.dataset.undoUrl, { version: state.version }));
    if ($("confirm-button")) $("confirm-button").addEventListener("click", () => act(root.dataset.confirmUrl, { version: state.version }));
    const over = state.status === "over" || state.status === "confirmed";
    $("table-over").hidden = !over;
    if (over) {
      const confirmed = state.result_confirmed.length;
      $("table-result").textContent = resultWords(state.result) +
        (confirmed ? ` · confirmed by ${confirmed} of ${state.seats.length}` : "");
      $("confirm-result").hidden = state.my_seats.every((n) => state.result_confirmed.includes(n));
      $("table-log-link").innerHTML = state.log_url ? `<a href="${esc(state.log_url)}" id="verified-log">The log, verified by the engine</a>` : "";
    }
    if (over && state.challenge) {
      const c = state.challenge;
      $("table-challenge-entry").innerHTML = c.entered
        ? `Entered into <a href="${esc(c.url)}" id="challenge-entry">${esc(c.title)}</a>: it takes its place once the log is verified.`
        : esc(c.problem || "Entering the log into the challenge…");
      $("table-challenge-entry").hidden = false;
    }
    drawChoices();
  }

  // Whose turn it is, in names: the seats the server says are to act.
  function turnWords(mine) {
    if (state.status === "waiting") {
      const free = state.seats.filter((s) => !s.joined).length;
      return free === 1 ? "Waiting for the other player to join." : `Waiting for ${free} players to join.`;
    }
    if (state.status !== "playing") return "";
    const others = state.seats.filter((s) => s.to_act && !s.mine).map((s) => s.name);
    if (mine) return others.length ? `Your choice (${others.join(", ")} choose${others.length === 1 ? "s" : ""} now too).` : "Your move.";
    return others.length ? `${others.join(", ")} to act: waiting.` : "The other player's move: waiting.";
  }

  // The engine's result as the server words it: the winners and each player's score.
  function resultWords(result) {
    if (!result) return "The game has ended (see above).";
    const winners = result.winners || [];
    const scores = (result.scores || []).filter((s) => s.score !== null && s.score !== undefined);
    return (winners.length ? "Winner: " + winners.join(", ") : "No winner") +
      (scores.length ? " · " + scores.map((s) => `${s.name} ${s.score}`).join(", ") : "");
  }

  // Every seat: the player it plays, the account holding it (or free), whether it is to act.
  function drawSeats() {
    $("table-seats").innerHTML = state.seats.map((s) =>
      `<li data-seat="${s.number}" class="seat${s.mine ? " mine" : ""}${s.to_act ? " acting" : ""}${s.joined ? "" : " free"}">` +
      `<strong>${esc(s.name)}</strong>${s.controls.length ? ` <span class="small muted">(${s.controls.map(esc).join(", ")})</span>` : ""} — ` +
      (s.joined ? esc(s.account) + (s.mine ? " (you)" : "") : "<em>free seat</em>") +
      (s.to_act && state.status === "playing" ? " · <span class=\"to-act\">to act</span>" : "") +
      (s.confirmed ? " · confirmed" : "") + "</li>").join("");
  }

  // "Anna (motu) vs Bruno (ew)": the players of one team together (the engine's teams), each with what
  // they control when a team has several ("Anna (you): he-man, teela & Bruno: stratos (motu) vs the game").
  function playersLine(state) {
    const teams = [];
    state.players.forEach((p, i) => {
      let team = p.team ? teams.find((t) => t.id === p.team) : null;
      if (!team) teams.push(team = { id: p.team, players: [] });
      team.players.push({ ...p, you: state.my_seats.includes(i + 1) });
    });
    const words = teams.map((t) => t.players.length === 1 ? `${t.players[0].name} (${t.players[0].faction})${t.players[0].you ? " — you" : ""}` :
      t.players.map((p) => p.name + (p.you ? " (you)" : "") + ((p.controls || []).length ? ": " + p.controls.join(", ") : "")).join(" & ") +
      ` (${t.id})`);
    return words.join(" vs ") + (state.against_game ? " vs the game" : "");
  }

  function diceWords(rolls) {
    if (!rolls || !rolls.length) return "";
    return " <span class='small muted'>[" + rolls.map((r) => r.faces ? `${esc(r.kind)} ${r.faces.map((f) => esc(f.label)).join(" ")}` :
      `${esc(r.kind)} ${r.final.concat(r.explosions).join(" ")}`).join("; ") + "]</span>";
  }

  // Every die of the last event, as rolled and after rerolls, so the other phone sees the faces entered.
  function facesShown(rolls) {
    if (!rolls || !rolls.length) return "";
    return `<div id="last-faces">` + rolls.map((r) => {
      if (r.faces) {
        return `<p class="small"><strong>${esc(r.who)}, ${esc(r.kind)}</strong>: ` + r.faces.map((f) =>
          `<span class="die face-word${f.hit ? " hit" : ""}${f.colour ? " " + esc(f.colour) : ""}">${esc(f.label)}</span>`).join("") +
          (r.summary ? ` — ${esc(r.summary)}` : "") + "</p>";
      }
      const rerolled = r.final.some((v, i) => v !== r.rolled[i]);
      return `<p class="small"><strong>${esc(r.who)}, ${esc(r.kind)}</strong> (${r.dice} dice, ${r.threshold}+): ` +
        r.final.map((v, i) => die(v, v === 6 || (v !== 1 && v >= r.threshold), v !== r.rolled[i])).join("") +
        (r.explosions.length ? " explosions " + r.explosions.map((v) => die(v, v >= 5)).join("") : "") +
        (rerolled ? ` <span class="muted">(rolled ${r.rolled.join(" ")})</span>` : "") +
        ` — ${r.successes} success${r.successes === 1 ? "" : "es"}</p>`;
    }).join("") + "</div>";
  }

  function die(value, success, rerolled) {
    return `<span class="die${success ? " hit" : ""}${rerolled ? " rerolled" : ""}">${value}</span>`;
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
    drawEntry();
    if (!state.offers.length || state.status !== "playing" || entry) return;
    if (customBoard()) { drawOffers(box); return; }
    if (picking) {
      box.appendChild(Object.assign(document.createElement("p"), { textContent: picking.name ? `Tap a green hex for ${picking.name}'s move.` : "Tap a green hex to move there." }));
      box.appendChild(button("Back", () => { picking = null; draw(); }, "secondary"));
      return;
    }
    for (const [key, offers] of byPiece(state.offers)) {
      const group = document.createElement("div");
      group.className = "choice-group";
      const name = key ? offers[0].piece.name : "";
      if (key) group.appendChild(Object.assign(document.createElement("h3"), { textContent: name }));
      const moves = offers.filter((o) => o.place);
      for (const o of offers) if (!moves.includes(o)) group.appendChild(button(o.text, () => choose(o.event, o.text), "", o.event));
      if (moves.length) {
        group.appendChild(button(`Move… (${moves.length} ways)`, () => {
          picking = { name, moves };
          draw();
          $("table-board").scrollIntoView({ behavior: "smooth", block: "center" });
        }, "move"));
      }
      box.appendChild(group);
    }
  }

  // The offers of each piece together (the engine's offer_piece), in the order the engine gives them.
  function byPiece(offers) {
    const groups = new Map();
    for (const o of offers) {
      const key = o.piece ? o.piece.id : "";
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(o);
    }
    return groups;
  }

  // A game with its own board and panel: a piece's moves open as a list of destinations, shown on the
  // board as well.
  function drawOffers(box) {
    const groups = byPiece(state.offers);
    if (picking) {
      box.appendChild(Object.assign(document.createElement("p"), { textContent: `Where does ${picking.name} go? (highlighted on the board)` }));
      for (const o of picking.moves) box.appendChild(button(o.text, () => { picking = null; choose(o.event, o.text); }, "", o.event));
      box.appendChild(button("Back", () => { picking = null; draw(); }, "secondary"));
      return;
    }
    for (const [key, offers] of groups) {
      const group = document.createElement("div");
      group.className = "choice-group";
      const name = key ? offers[0].piece.name : "";
      if (key && offers.length > 1 && name) group.appendChild(Object.assign(document.createElement("h3"), { textContent: name }));
      const moves = offers.filter((o) => o.place);
      const rest = offers.filter((o) => !moves.includes(o));
      for (const o of rest) group.appendChild(button(o.text, () => choose(o.event, o.text), "", o.event));
      if (moves.length === 1) group.appendChild(button(moves[0].text, () => choose(moves[0].event, moves[0].text), "", moves[0].event));
      else if (moves.length) {
        group.appendChild(button(`Move… (${moves.length} ways)`, () => {
          picking = { name: name || key, moves, ends: moves.map((o) => o.place) };
          draw();
        }, "move"));
      }
      box.appendChild(group);
    }
  }

  function showMovesTo(label) {
    const box = $("table-choices");
    const here = picking.moves.filter((o) => o.place === label);
    box.innerHTML = "";
    box.appendChild(Object.assign(document.createElement("p"), { textContent: `${picking.name || "To"} ${picking.name ? "to " : ""}${label}:` }));
    for (const o of here) {
      const e = o.event;
      const extra = (e.facing !== undefined && e.facing !== null ? `, facing ${e.facing}` : "") + (e.focus ? ", spending focus" : "") +
        (e.path ? `, via ${e.path.join(" ") || "no step"}` : "");
      box.appendChild(button(o.text + (o.text.includes("facing") ? "" : extra.replace(/^, /, " — ")), () => { picking = null; choose(e, o.text); }, "", e));
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

  // -- recorded dice: the faces seen at the table ------------------------------------------------------
  // The engine says what an event rolls and draws (engine.session.dice_needed): per test the number of
  // dice, the threshold and the mana rerolls the roller could pay for; per draw the cards left.
  async function choose(event, text) {
    if (!recorded) { send(event); return; }
    try {
      const r = await request(root.dataset.diceUrl, { event });
      if (!r.ok) { showRefusal(r.data.error); return; }
      showRefusal(null);
      if (!r.data.needs.length) { send(r.data.event); return; }
      startEntry(r.data, text);
    } catch (err) {
      connection("No connection: tap again when the connection is back.");
    }
  }

  // One entry per answer of the engine; ``partial`` (Hoplomachus): ask again once these are entered, as
  // what comes next may depend on them (the titan's arena dice follow from its hits).
  function startEntry(answer, text) {
    setEntry({ event: answer.event, text, needs: answer.needs, partial: !!answer.partial, at: 0,
      events: state.events.length, entered: answer.needs.map(blank) });
    draw();
    $("table-entry").scrollIntoView({ behavior: "smooth", block: "start" });
  }

  function blank(n) {
    if (n.kind === "cards") return { cards: [] };
    if (n.kind === "hr_dice") return { hits: Array(n.dice.length).fill(null) };
    if (n.kind === "d6" || n.kind === "faces") return { faces: Array(n.count).fill(null) };
    return { dice: Array(n.dice).fill(null), reroll: [], results: {}, explosions: [], declined: false };
  }

  async function finishEntry() {
    const event = entered();
    if (!entry.partial) { send(event); return; }
    try {
      const r = await request(root.dataset.diceUrl, { event });
      if (!r.ok) { showRefusal(r.data.error); return; }
      showRefusal(null);
      if (!r.data.needs.length) { send(r.data.event); return; }
      startEntry(r.data, entry.text);
    } catch (err) {
      connection("No connection: tap again when the connection is back.");
    }
  }

  function setEntry(next) {
    entry = next;
    if (entry) localStorage.setItem(DRAFT, JSON.stringify(entry)); else localStorage.removeItem(DRAFT);
  }

  function succeeds(v, t) { return v === 6 || (v !== 1 && v >= t); } // BG-8.4.3

  function finalFaces(e) { return e.dice.map((v, i) => (e.reroll.includes(i) ? e.results[i] : v)); }

  // BG-8.2 step 8: one explosion die per six after rerolls, and one more per six among explosion dice.
  function explosionsDue(e) {
    let due = finalFaces(e).filter((v) => v === 6).length;
    for (const v of e.explosions) if (v === 6) due += 1;
    return due;
  }

  function testDone(need, e) {
    if (e.dice.includes(null) || e.reroll.some((i) => !e.results[i])) return false;
    return e.declined || e.explosions.length >= explosionsDue(e);
  }

  function faceRow(label, value, attrs, threshold) {
    let html = `<div class="face-row"><span class="face-label">${esc(label)}</span><span class="faces">`;
    for (let v = 1; v <= 6; v++) {
      html += `<button type="button" class="face${value === v ? " on" : ""}${threshold && succeeds(v, threshold) ? " hit" : ""}" ${attrs} data-face="${v}" aria-pressed="${value === v}">${v}</button>`;
    }
    return html + "</span></div>";
  }

  function drawEntry() {
    const box = $("table-entry");
    if (!entry || state.status !== "playing") { box.hidden = true; box.innerHTML = ""; return; }
    box.hidden = false;
    const need = entry.needs[entry.at];
    const e = entry.entered[entry.at];
    let html = `<p class="small muted">${esc(entry.text || entry.event.type)} — ${entry.at + 1} of ${entry.needs.length}</p>` +
      `<h2>${esc(need.what)}</h2>`;
    let done;
    if (need.kind === "cards") {
      const item = need.item || "card";
      html += `<p>Draw ${need.count} ${item}${need.count === 1 ? "" : "s"} at the table, then tap ${need.count === 1 ? "the one" : "the ones"} you drew (${e.cards.length} of ${need.count}).</p>` +
        `<p class="drawn">${e.cards.map((id, i) => `<button type="button" class="choice card-drawn" data-undraw="${i}">${esc(cardName(need, id))} ✕</button>`).join("")}</p>`;
      for (const card of need.deck) {
        const left = card.copies - e.cards.filter((c) => c === card.id).length;
        if (left > 0 && e.cards.length < need.count) {
          html += `<button type="button" class="choice" data-card="${esc(card.id)}">${esc(card.name)}${card.copies > 1 ? ` (${left} left)` : ""}</button>`;
        }
      }
      done = e.cards.length === need.count;
    } else if (need.kind === "hr_dice") {
      html += `<p>Roll these ${need.dice.length} dice and tap what each shows: the hit icon (colpito) or the miss icon (mancato), HR-2.6.2.</p>`;
      need.dice.forEach((d, i) => { html += hitRow(i, d, e.hits[i]); });
      const hits = e.hits.filter((h) => h === true).length;
      if (!e.hits.includes(null)) html += `<p class="entry-total">${hits} hit${hits === 1 ? "" : "s"}</p>`;
      done = !e.hits.includes(null);
    } else if (need.kind === "d6") {
      html += `<p>${esc(need.what)}: roll ${need.count === 1 ? "a six-sided die" : need.count + " six-sided dice"} and tap the face${need.count === 1 ? "" : " of each"}.</p>`;
      e.faces.forEach((v, i) => { html += faceRow(`Arena die${need.count > 1 ? " " + (i + 1) : ""}`, v, `data-face-at="${i}"`, 0); });
      done = !e.faces.includes(null);
    } else if (need.kind === "faces") {
      html += `<p>Roll ${need.count} ${esc(need.die)} ${need.count === 1 ? "die and tap the face it shows" : "dice and tap the face each shows"} (FE-3.4).` +
        (need.provisional ? ` <span class="small muted">The faces per die are provisional (AMB-26).</span>` : "") + "</p>";
      e.faces.forEach((v, i) => { html += symbolRow(need, i, v); });
      done = !e.faces.includes(null);
    } else {
      html += `<p>Roll <strong>${need.dice} dice</strong>: each shows a success on <strong>${need.threshold}+</strong> ` +
        `(a 6 always succeeds and explodes, a 1 always fails). Tap each die's face.</p>`;
      e.dice.forEach((v, i) => { html += faceRow(`Die ${i + 1}`, v, `data-base="${i}"`, need.threshold); });
      if (!e.dice.includes(null) && need.mana_rerolls > 0) {
        html += `<h3>Rerolls (1 mana each, up to ${need.mana_rerolls})</h3><p class="small">Tap the dice you reroll, then enter their new faces.</p><p class="reroll-pick">`;
        e.dice.forEach((v, i) => {
          const on = e.reroll.includes(i);
          const full = !on && e.reroll.length >= need.mana_rerolls;
          html += `<button type="button" class="die-pick${on ? " on" : ""}" data-reroll="${i}" aria-pressed="${on}"${full ? " disabled" : ""}>${v}</button>`;
        });
        html += "</p>";
        for (const i of e.reroll) html += faceRow(`New die ${i + 1}`, e.results[i] || null, `data-result="${i}"`, need.threshold);
      }
      if (!e.dice.includes(null) && !e.reroll.some((i) => !e.results[i])) {
        const due = explosionsDue(e);
        if (due) {
          html += `<h3>Explosions</h3><p class="small">Roll one die for each 6 (and again for each 6 they show): a 5 or 6 succeeds.</p>`;
          const shown = e.declined ? e.explosions.length : Math.min(due, e.explosions.length + 1);
          for (let k = 0; k < shown; k++) html += faceRow(`Explosion ${k + 1}`, e.explosions[k] || null, `data-explosion="${k}"`, 5);
          if (!need.explosions_automatic && e.explosions.length < due) {
            html += `<button type="button" class="choice secondary" data-decline="1">${e.declined ? "Roll the explosions after all" : "Decline the rest of the explosions"}</button>`;
          }
        }
        const hits = finalFaces(e).filter((v) => succeeds(v, need.threshold)).length + e.explosions.filter((v) => v >= 5).length;
        html += `<p class="entry-total">${hits} success${hits === 1 ? "" : "es"}</p>`;
      }
      done = testDone(need, e);
    }
    const last = entry.at === entry.needs.length - 1;
    html += `<div class="entry-nav"><button type="button" class="choice secondary" id="entry-back">${entry.at ? "Back" : "Cancel"}</button>` +
      `<button type="button" class="big" id="entry-next"${done ? "" : " disabled"}>${!last ? "Next" : entry.needs.every((n) => n.kind === "cards") ? "Record the draw" : "Record these dice"}</button></div>`;
    box.innerHTML = html;
  }

  // A Hoplomachus die (HR-2.6.1): its colour and its number of hit faces (printed on the die icon, notched on
  // its border), and the two icons it can show. The faces per die are not printed (AMB-1): not shown.
  function hitRow(i, d, value) {
    const can = (hit) => (hit ? d.hit_faces > 0 : d.hit_faces < d.faces);
    let html = `<div class="face-row"><span class="face-label"><span class="die-swatch ${esc(d.colour)}"></span>${esc(d.colour)}` +
      `<br><span class="small muted">${d.hit_faces} hit face${d.hit_faces === 1 ? "" : "s"}</span></span><span class="faces two">`;
    for (const hit of [true, false]) {
      if (!can(hit)) { html += `<span class="no-face small muted">${hit ? "no hit face" : "no miss face"}</span>`; continue; }
      html += `<button type="button" class="face ${esc(d.colour)}${value === hit ? " on" : ""}" data-hit-at="${i}" data-hit="${hit}" ` +
        `aria-pressed="${value === hit}">${hit ? "⚔ Hit" : "Miss"}</button>`;
    }
    return html + "</span></div>";
  }

  // An Eternia die: one button per face the die has, named as the rules name it (FE-3.4).
  function symbolRow(need, i, value) {
    let html = `<div class="face-row"><span class="face-label">Die ${i + 1}</span><span class="faces symbols${need.faces.length === 4 ? " two" : ""}">`;
    for (const f of need.faces) {
      html += `<button type="button" class="face symbol${value === f.id ? " on" : ""}" data-face-at="${i}" data-symbol="${esc(f.id)}" ` +
        `aria-pressed="${value === f.id}" title="${esc(f.name)}">${esc(f.name.replace(/ \(.*\)$/, ""))}</button>`;
    }
    return html + "</span></div>";
  }

  function cardName(need, id) { return (need.deck.find((c) => c.id === id) || { name: id }).name; }

  function tapEntry(target) {
    const e = entry.entered[entry.at];
    const d = target.dataset;
    const face = Number(d.face);
    if (d.hitAt !== undefined) e.hits[Number(d.hitAt)] = d.hit === "true";
    else if (d.faceAt !== undefined) e.faces[Number(d.faceAt)] = d.symbol !== undefined ? d.symbol : face;
    else if (d.base !== undefined) e.dice[Number(d.base)] = face;
    else if (d.result !== undefined) e.results[d.result] = face;
    else if (d.explosion !== undefined) {
      e.explosions[Number(d.explosion)] = face;
    } else if (d.reroll !== undefined) {
      const i = Number(d.reroll);
      e.reroll = e.reroll.includes(i) ? e.reroll.filter((x) => x !== i) : e.reroll.concat([i]).sort((a, b) => a - b);
      delete e.results[i];
    } else if (d.decline !== undefined) e.declined = !e.declined;
    else if (d.card !== undefined) { if (e.cards.length < entry.needs[entry.at].count) e.cards.push(d.card); }
    else if (d.undraw !== undefined) e.cards.splice(Number(d.undraw), 1);
    else if (target.id === "entry-back") {
      if (entry.at) entry.at -= 1; else { setEntry(null); draw(); return; }
    } else if (target.id === "entry-next") {
      if (entry.at < entry.needs.length - 1) entry.at += 1; else { setEntry(entry); finishEntry(); return; }
    } else return;
    if (e.explosions) {
      e.explosions = e.explosions.filter((v) => v);
      while (e.explosions.length > explosionsDue(e)) e.explosions.pop(); // a six changed: its explosion goes
    }
    setEntry(entry);
    drawEntry();
  }

  // The event with every roll as docs/log-format.md ("Rolls") writes it, at the place the engine named.
  function entered() {
    const event = JSON.parse(JSON.stringify(entry.event));
    entry.needs.forEach((need, k) => {
      const e = entry.entered[k];
      let value;
      if (need.kind === "cards") value = need.one ? e.cards[0] : e.cards.slice();
      else if (need.kind === "hr_dice") value = need.dice.map((d, i) => `${d.colour}:${e.hits[i] ? "hit" : "miss"}`);
      else if (need.kind === "d6" || need.kind === "faces") value = e.faces.slice();
      else {
        value = { dice: e.dice.slice() };
        if (e.reroll.length) value.mana_rerolls = { dice: e.reroll.slice(), results: e.reroll.map((i) => e.results[i]) };
        if (e.explosions.length) value.explosions = e.explosions.slice();
      }
      let node = event;
      need.path.slice(0, -1).forEach((key) => { node = node[key]; });
      node[need.path[need.path.length - 1]] = value;
    });
    return event;
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
    if (entry && (entry.events !== next.events.length || next.status !== "playing")) setEntry(null);
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
  window.ArbiterTable = { send, state: () => state, entry: () => entry };
  $("table-entry").addEventListener("click", (ev) => {
    const target = ev.target.closest("button");
    if (target && entry && !target.disabled) tapEntry(target);
  });
  $("confirm-result").addEventListener("click", () => act(root.dataset.resultUrl, {}));
  poll();
  setInterval(poll, 1500);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) poll(); });
})();
