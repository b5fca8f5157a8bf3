/* The table page: the board, what this player may do next (only what the engine offers), and the
 * events so far. Live by the table's event stream (a new version and its state said at once), else by
 * polling the table's version (cheap when nothing changed). An event entered while the network is down
 * is kept on this phone (localStorage) and sent when the connection is back; each event carries an id so
 * that a resend never stores it twice.
 * Read-only (data-read-only, the spectators' page play:watch): the same page with no choices, dice entry,
 * undo, abandon or confirmation; it only polls and listens (its state is for no seat: nothing hidden).
 */
(function () {
  "use strict";
  const root = document.getElementById("table");
  if (!root) return;
  const $ = (id) => document.getElementById(id);
  const code = root.dataset.code;
  const PENDING = "arbiter:play:" + code + ":pending";
  const readOnly = root.dataset.readOnly === "1";
  const csrf = readOnly ? "" : root.querySelector("input[name=csrfmiddlewaretoken]").value;
  let state = null;
  let board = null;
  let picking = null; // {character, moves} while choosing a hex for a move
  const DRAFT = "arbiter:play:" + code + ":dice";
  const recorded = root.dataset.mode === "recorded";
  // Recorded dice (LOG-4): {event, needs, at, entered: [...], events} while the faces seen at the table
  // are entered; kept on this phone so a reload or a lost connection loses nothing.
  let entry = readOnly ? null : JSON.parse(localStorage.getItem(DRAFT) || "null");
  let busy = false;

  // Django's JavaScript catalogue (the page loads it before this file); the English words without it.
  const gettext = window.gettext || ((s) => s);
  const ngettext = window.ngettext || ((one, many, n) => (n === 1 ? one : many));
  const interpolate = window.interpolate || ((text, values) => text.replace(/%\((\w+)\)s/g, (m, name) => String(values[name])));
  const fmt = (text, values) => interpolate(text, values, true); // "%(name)s" filled in from values
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
    const placed = boardMoves();
    if (placed.length && !customBoard()) {
      // Every hex an offered move leads to can be tapped at once (no "Move…" first); the board zooms onto
      // them while one piece's moves are shown (a piece's "Move…", or the only piece with moves).
      options.selectable = [...new Set(placed.map((o) => o.place))];
      if (picking || new Set(placed.map(pieceOf)).size === 1) options.focus = options.selectable;
      options.onHex = (label) => showMovesTo(label);
    }
    const last = state.events.length ? state.events[state.events.length - 1] : null;
    const custom = customBoard();
    if (custom) {
      custom.render($("table-board"), board, state.view, { highlight: picking ? picking.ends : placed.map((o) => o.place) });
      $("table-panel").innerHTML = custom.panel(state.view);
    } else ArbiterBoard.render($("table-board"), state.game, board, state.view, options);
    root.dataset.version = state.version;
    root.dataset.events = state.events.length;
    root.dataset.offers = state.offers.length;
    root.dataset.status = state.status;
    $("table-status").textContent = state.status_text;
    $("table-players").textContent = playersLine(state);
    $("table-first").innerHTML = firstWords(state.first);
    drawSeats();
    if ($("table-invite")) $("table-invite").hidden = state.status !== "waiting";
    if ($("table-commitment")) {
      $("table-commitment").textContent = state.randomness.commitment || "";
      $("table-commitment-short").textContent = (state.randomness.commitment || "").slice(0, 16);
      $("table-seed").textContent = state.randomness.seed || gettext("revealed when the game ends");
    }
    const mine = state.my_turn;
    $("table-turn").textContent = turnWords(mine);
    $("table-turn").className = "turn" + (mine && state.status === "playing" ? " mine" : "");
    $("table-round").textContent = roundWords(state.turn || {});
    $("table-turn-line").hidden = !($("table-round").textContent || $("table-turn").textContent);
    $("table-abandoned").hidden = state.status !== "abandoned";
    drawAbandon();
    drawConcede();
    $("table-history").innerHTML = state.events.map((e) => `<li data-index="${e.index}"><span lang="${esc(e.lang || "en")}">${esc(e.text)}</span>${diceWords(e.rolls)}</li>`).join("");
    $("table-last").innerHTML = lastWords(last);
    if ($("undo-button")) $("undo-button").addEventListener("click", () => act(root.dataset.undoUrl, { events: state.events.length }));
    const over = state.status === "over" || state.status === "confirmed";
    $("table-over").hidden = !over;
    if (over) {
      const confirmed = state.result_confirmed.length;
      $("table-result").textContent = resultWords(state.result) +
        (confirmed ? " · " + fmt(gettext("confirmed by %(confirmed)s of %(seats)s"), { confirmed, seats: state.seats.length }) : "");
      if ($("confirm-result")) $("confirm-result").hidden = state.my_seats.every((n) => state.result_confirmed.includes(n));
      $("table-log-link").innerHTML = logLink();
    }
    if (over && state.challenge) {
      const c = state.challenge;
      $("table-challenge-entry").innerHTML = c.entered
        ? fmt(esc(gettext("Entered into %(challenge)s: it takes its place once the log is verified.")),
          { challenge: `<a href="${esc(c.url)}" id="challenge-entry">${esc(c.title)}</a>` })
        : esc(c.problem || gettext("Entering the log into the challenge…"));
      $("table-challenge-entry").hidden = false;
    }
    drawChoices();
  }

  // The finished game's log: being verified until the engine's verdict exists, then verified or refused.
  function logLink() {
    if (!state.log_url) return "";
    const verdict = { legal: [gettext("The log, verified by the engine"), "verified-log"],
      illegal: [gettext("The log, refused by the engine: see why"), "refused-log"],
      unreadable: [gettext("The log, refused by the engine: see why"), "refused-log"] }[state.log_state];
    if (!verdict) return `<span id="verifying-log" class="muted">${esc(gettext("The log is being verified by the engine…"))}</span>`;
    return `<a href="${esc(state.log_url)}" id="${verdict[1]}">${esc(verdict[0])}</a>`;
  }

  // The last event a player entered and the steps the site logged after it (those the rules left no
  // choice in: nobody was asked), with the undo of one's own last event until the next one is entered.
  function lastWords(last) {
    if (!last) return `<p class='muted'>${esc(gettext("No events yet."))}</p>`;
    let from = state.events.length - 1;
    while (from > 0 && state.events[from].seat === 0) from -= 1;
    const shown = state.events.slice(from);
    let html = `<ol id="last-events" class="last-events" start="${from}">` + shown.map((e, k) =>
      `<li${e.seat === 0 ? ' class="site"' : ""}${k === shown.length - 1 ? ' id="last-event"' : ""}>` +
      `${e.seat === 0 ? `<span class="small muted">${esc(gettext("site"))}</span> ` : ""}${esc(e.text)}${diceWords(e.rolls)}</li>`).join("") + "</ol>" +
      facesShown(last.rolls);
    if (state.can_undo && !readOnly) html += `<button type="button" class="secondary" id="undo-button">${esc(gettext("Undo my last event"))}</button>`;
    return html;
  }

  // The engine names the phase by its id (the games' own: Battleground, Hoplomachus, Eternia); said here
  // in the page's language. A phase not listed reads as the engine gives it.
  const PHASES = {
    deal: gettext("Dealing"), organise: gettext("Organisation phase"), select: gettext("Activation phase"),
    activate: gettext("Activation phase"), act: gettext("Activation phase"),
    start: gettext("start"), deploy: gettext("Deploy phase"), tactic: gettext("Tactic phase"),
    movement: gettext("Movement phase"), abilities: gettext("Abilities phase"), engagement: gettext("Engagement phase"),
    refill: gettext("refill"), action: gettext("Action phase"), duel: gettext("Duel"),
  };
  function roundWords(turn) {
    if (state.status !== "playing") return "";
    const phase = turn.phase ? PHASES[turn.phase] || turn.phase : "";
    return [turn.round ? `${gettext("Round")} ${turn.round}` : "", phase].filter(Boolean).join(" · ");
  }

  // Abandoning the game: the one who opened the table does it alone; the others ask, and it is abandoned
  // once every seated player has asked. Offered only while the game is not over.
  function drawAbandon() {
    const box = $("table-abandon-box");
    const open = !readOnly && (state.status === "playing" || state.status === "waiting");
    if (!open || !state.my_seats.length) { box.innerHTML = ""; return; }
    const asked = state.my_seats.every((n) => state.abandon.includes(n));
    const seated = state.seats.filter((s) => s.joined).length;
    const count = ` (${state.abandon.length} / ${seated})`;
    // Only the count changed (another player asked): the button stays the one under the player's finger.
    const shape = `${asked}|${state.organizer}`;
    if (box.dataset.shape === shape && $("abandon-count")) { $("abandon-count").textContent = count; return; }
    const wasOpen = !!(box.querySelector("details") || {}).open; // a redraw keeps it as the player left it
    box.dataset.shape = shape;
    box.innerHTML = `<details class="card"${wasOpen ? " open" : ""}><summary>${esc(gettext("Abandon this game"))}</summary>` +
      `<p class="small">${esc(state.organizer ? gettext("You opened this table: abandoning ends the game for everyone.") :
        gettext("The game is abandoned once every seated player asks (or the one who opened the table does)."))}` +
      `<span id="abandon-count">${count}</span></p>` +
      (asked ? `<p class="small">${esc(gettext("You asked to abandon this game."))}</p>` :
        `<button type="button" class="choice secondary" id="abandon-button">${esc(gettext("Abandon this game"))}</button>`) + "</details>";
    if ($("abandon-button")) $("abandon-button").addEventListener("click", () => act(root.dataset.abandonUrl, {}));
  }

  // Conceding: apart from the moves, behind a confirmation, for each of this phone's players the engine
  // lets concede now (state.concede); the event is entered as any other and the log stays verifiable.
  let conceding = null; // the player id whose concession awaits its confirmation
  function drawConcede() {
    const box = $("table-concede-box");
    const those = state.status === "playing" && !entry && !readOnly ? state.concede || [] : [];
    if (!those.length) { box.innerHTML = ""; conceding = null; return; }
    const wasOpen = !!(box.querySelector("details") || {}).open;
    const asked = those.find((c) => c.player === conceding);
    box.innerHTML = `<details class="card"${wasOpen || asked ? " open" : ""}><summary>${esc(gettext("Concede"))}</summary>` +
      (asked ? `<p class="small">${esc(fmt(gettext("%(name)s concedes: this cannot be undone. Sure?"), { name: asked.name }))}</p>` +
        `<button type="button" class="big" id="concede-confirm">${esc(fmt(gettext("Yes, %(name)s concedes"), { name: asked.name }))}</button> ` +
        `<button type="button" class="choice secondary" id="concede-cancel">${esc(gettext("Cancel"))}</button>` :
        those.map((c) => `<button type="button" class="choice secondary concede" data-player="${esc(c.player)}">${esc(fmt(gettext("Concede for %(name)s…"), { name: c.name }))}</button>`).join(" ")) +
      "</details>";
    box.querySelectorAll("button.concede").forEach((b) => b.addEventListener("click", () => { conceding = b.dataset.player; drawConcede(); }));
    if (asked) {
      $("concede-confirm").addEventListener("click", () => { conceding = null; send(asked.event); });
      $("concede-cancel").addEventListener("click", () => { conceding = null; drawConcede(); });
    }
  }

  // Whose turn it is, in names: the seats the server says are to act.
  function turnWords(mine) {
    if (state.status === "waiting") {
      const free = state.seats.filter((s) => !s.joined).length;
      return free === 1 ? gettext("Waiting for the other player to join.") : fmt(gettext("Waiting for %(free)s players to join."), { free });
    }
    if (state.status !== "playing") return "";
    const others = state.seats.filter((s) => s.to_act && !s.mine).map((s) => s.name);
    const names = others.join(", ");
    if (mine) {
      return others.length ? fmt(ngettext("Your choice (%(names)s chooses now too).", "Your choice (%(names)s choose now too).", others.length), { names }) : gettext("Your move.");
    }
    if (readOnly) return others.length ? fmt(gettext("%(names)s to act."), { names }) : "";
    return others.length ? fmt(gettext("%(names)s to act: waiting."), { names }) : gettext("The other player's move: waiting.");
  }

  // The engine's result as the server words it: the winners and each player's score.
  function resultWords(result) {
    if (!result) return gettext("The game has ended (see above).");
    const winners = result.winners || [];
    const scores = (result.scores || []).filter((s) => s.score !== null && s.score !== undefined);
    return (winners.length ? fmt(gettext("Winner: %(names)s"), { names: winners.join(", ") }) :
      result.game_won ? gettext("The game won: the players lost against it") : gettext("No winner")) +
      (scores.length ? " · " + (result.score_label ? result.score_label + ": " : "") + scores.map((s) => `${s.name} ${s.score}`).join(", ") : "");
  }

  // Every seat: the player it plays, the account holding it (or free), whether it is to act.
  function drawSeats() {
    $("table-seats").innerHTML = state.seats.map((s) =>
      `<li data-seat="${s.number}" class="seat${s.mine ? " mine" : ""}${s.to_act ? " acting" : ""}${s.joined ? "" : " free"}">` +
      `<strong>${esc(s.name)}</strong>${s.control_names.length ? ` <span class="small muted">(${s.control_names.map(esc).join(", ")})</span>` : ""} — ` +
      (s.joined ? esc(s.account) + (s.mine ? ` (${esc(gettext("you"))})` : "") : `<em>${esc(gettext("free seat"))}</em>`) +
      (s.to_act && state.status === "playing" ? ` · <span class="to-act">${esc(gettext("to act"))}</span>` : "") +
      (s.confirmed ? " · " + esc(gettext("confirmed")) : "") + "</li>").join("");
  }

  // "Anna (motu) vs Bruno (ew)": the players of one team together (the engine's teams), each with what
  // they control when a team has several ("Anna (you): he-man, teela & Bruno: stratos (motu) vs the game").
  // Teammates of different factions (Hoplomachus' Alliance, HR-17.2) each show their own.
  function playersLine(state) {
    const teams = [];
    state.players.forEach((p, i) => {
      let team = p.team ? teams.find((t) => t.id === p.team) : null;
      if (!team) teams.push(team = { id: p.team, players: [] });
      team.players.push({ ...p, you: state.my_seats.includes(i + 1) });
    });
    const alone = (p) => `${p.name}${p.faction ? ` (${p.faction})` : ""}${p.you ? " — " + gettext("you") : ""}`;
    const words = teams.map((t) => t.players.length === 1 ? alone(t.players[0]) :
      new Set(t.players.map((p) => p.faction)).size > 1 ? t.players.map(alone).join(" & ") :
      t.players.map((p) => p.name + (p.you ? ` (${gettext("you")})` : "") + ((p.control_names || []).length ? ": " + p.control_names.join(", ") : "")).join(" & ") +
      ` (${t.players[0].faction || t.id})`);
    const versus = ` ${gettext("vs")} `;
    return words.join(versus) + (state.against_game ? versus + gettext("the game") : "");
  }

  // Who starts, as the rules decide it: at random (HR-15.2.2), so with the site's dice the seed drew it
  // (shown with the rule, verifiable from the seed at the end); with real dice, the table's roll entered.
  function firstWords(first) {
    if (!first) return "";
    const text = first.drawn ? gettext("The site rolled who starts: %(name)s.") : gettext("Who starts, as the table rolled: %(name)s.");
    return esc(fmt(text, { name: first.name })) + ` <a href="${esc(first.rule_url)}">${esc(first.rule)}</a>`;
  }

  // The dice of an event as the engine describes them for every game: each face, whether it counts.
  function diceWords(rolls) {
    if (!rolls || !rolls.length) return "";
    return " <span class='small muted'>[" + rolls.map((r) => `${esc(r.kind)} ${(r.faces || []).map((f) => esc(f.label)).join(" ")}`).join("; ") + "]</span>";
  }

  // Every die of the last event, so the other phones see the faces entered.
  function facesShown(rolls) {
    if (!rolls || !rolls.length) return "";
    return `<div id="last-faces">` + rolls.map((r) =>
      `<p class="small"><strong>${esc(r.who)}, ${esc(r.kind)}</strong>: ` + (r.faces || []).map((f) =>
        `<span class="die face-word${f.hit ? " hit" : ""}${f.rerolled ? " rerolled" : ""}${f.colour ? " " + esc(f.colour) : ""}">${esc(f.label)}</span>`).join("") +
      (r.summary ? ` — ${esc(r.summary)}` : "") + "</p>").join("") + "</div>";
  }

  function button(text, onClick, cls, event, lang) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "choice " + (cls || "");
    b.textContent = text;
    if (event) b.dataset.event = JSON.stringify(event);
    // An offer is in the engine's words: the page's language where the narration catalog has them, else English.
    if (event) b.lang = lang || "en";
    b.addEventListener("click", onClick);
    return b;
  }

  function drawChoices() {
    const box = $("table-choices");
    box.innerHTML = "";
    drawEntry();
    if (readOnly || !state.offers.length || state.status !== "playing" || entry) return;
    if (customBoard()) { drawOffers(box); return; }
    if (picking) {
      box.appendChild(Object.assign(document.createElement("p"), { textContent: picking.name ? fmt(gettext("Tap a green hex for %(name)s's move."), { name: picking.name }) : gettext("Tap a green hex to move there.") }));
      box.appendChild(button(gettext("Back"), () => { picking = null; draw(); }, "secondary"));
      return;
    }
    for (const [key, offers] of byPiece(state.offers)) {
      const group = document.createElement("div");
      group.className = "choice-group";
      const name = key ? offers[0].piece.name : "";
      if (key) group.appendChild(Object.assign(document.createElement("h3"), { textContent: name }));
      const moves = offers.filter((o) => o.place);
      for (const o of offers) if (!moves.includes(o)) group.appendChild(button(o.text, () => choose(o.event, o.text), "", o.event, o.lang));
      if (moves.length) {
        group.appendChild(button(fmt(gettext("Move… (%(count)s ways)"), { count: moves.length }), () => {
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

  const pieceOf = (o) => (o.piece ? o.piece.id : "");

  // A space as its board names it (Eternia's areas by their names), else its label (a hex: "C4").
  function spaceName(label) {
    const plugin = customBoard();
    return plugin && plugin.spaceName && board ? plugin.spaceName(board, label) : label;
  }

  // A game with its own board and panel: each piece's offers that put it on a space (a move, a deployment)
  // are the spaces themselves, one small button each (one tap, as a tap on the highlighted space of the
  // board); a space several of the piece's offers lead to lists them.
  function drawOffers(box) {
    const groups = byPiece(state.offers);
    if (picking) {
      box.appendChild(Object.assign(document.createElement("p"), { textContent: picking.to ? fmt(gettext("To %(hex)s:"), { hex: spaceName(picking.to) }) : fmt(gettext("Where does %(name)s go? (highlighted on the board)"), { name: picking.name }) }));
      for (const o of picking.moves) box.appendChild(button(o.text, () => { picking = null; choose(o.event, o.text); }, "", o.event, o.lang));
      box.appendChild(button(gettext("Back"), () => { picking = null; draw(); }, "secondary"));
      return;
    }
    for (const [key, offers] of groups) {
      const group = document.createElement("div");
      group.className = "choice-group";
      const name = key ? offers[0].piece.name : "";
      if (key && offers.length > 1 && name) group.appendChild(Object.assign(document.createElement("h3"), { textContent: name }));
      const moves = offers.filter((o) => o.place);
      const rest = offers.filter((o) => !moves.includes(o));
      for (const o of rest) group.appendChild(button(o.text, () => choose(o.event, o.text), "", o.event, o.lang));
      if (moves.length === 1) group.appendChild(button(moves[0].text, () => choose(moves[0].event, moves[0].text), "", moves[0].event, moves[0].lang));
      else if (moves.length) group.appendChild(spaceChips(name, moves));
      box.appendChild(group);
    }
  }

  function spaceChips(name, moves) {
    const row = document.createElement("div");
    row.className = "chips";
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", name ? fmt(gettext("%(name)s: where"), { name }) : gettext("Where"));
    for (const place of [...new Set(moves.map((o) => o.place))]) {
      const ways = moves.filter((o) => o.place === place);
      const o = ways[0];
      const chip = ways.length === 1
        ? button(spaceName(place), () => choose(o.event, o.text), "chip", o.event, o.lang)
        : button(spaceName(place) + " …", () => { picking = { name, to: place, moves: ways, ends: [place] }; draw(); }, "chip move");
      chip.title = ways.length === 1 ? o.text : fmt(gettext("%(count)s ways to %(space)s"), { count: ways.length, space: spaceName(place) });
      chip.setAttribute("aria-label", chip.title);
      chip.dataset.place = place;
      row.appendChild(chip);
    }
    return row;
  }

  // A game with its own board: every space a move offered now leads to is highlighted on the board, and one
  // tap on it enters that move (the ways there listed when several lead to it), as does the list below.
  function boardMoves() {
    if (!state || readOnly || state.status !== "playing" || entry) return [];
    return picking ? picking.moves : state.offers.filter((o) => o.place);
  }

  function tapBoard(ev) {
    const space = ev.target.closest && ev.target.closest("[data-hex], [data-area]"); // a hex, or an area (Eternia)
    if (!space || !customBoard()) return;
    const label = space.dataset.hex || space.dataset.area;
    const here = boardMoves().filter((o) => o.place === label);
    if (!here.length) return;
    if (here.length === 1) { picking = null; choose(here[0].event, here[0].text); return; }
    picking = { name: "", to: label, moves: here, ends: [label] };
    draw();
  }

  // A hex tapped on a board drawn by ArbiterBoard: the move there at once when one offered move leads to it
  // (the piece's shown, else every piece's), else the ways there listed.
  function showMovesTo(label) {
    const box = $("table-choices");
    const here = boardMoves().filter((o) => o.place === label);
    if (!here.length) return;
    if (here.length === 1) { picking = null; choose(here[0].event, here[0].text); return; }
    box.innerHTML = "";
    const one = new Set(here.map(pieceOf)).size === 1 && here[0].piece;
    const name = picking ? picking.name : one ? here[0].piece.name : "";
    const where = name ? fmt(gettext("%(name)s to %(hex)s:"), { name, hex: label }) : fmt(gettext("To %(hex)s:"), { hex: label });
    box.appendChild(Object.assign(document.createElement("p"), { textContent: where }));
    for (const o of here) box.appendChild(button(o.text, () => { picking = null; choose(o.event, o.text); }, "", o.event, o.lang));
    box.appendChild(button(gettext("Another hex"), () => drawChoices(), "secondary"));
    box.appendChild(button(gettext("Back"), () => { picking = null; draw(); }, "secondary"));
    box.scrollIntoView({ behavior: "smooth", block: "start" });
  }

  function showRefusal(error) {
    const box = $("table-refusal");
    if (!error) { box.hidden = true; return; }
    box.hidden = false;
    box.dataset.code = error.code;
    box.innerHTML = error.rule ?
      `<p><strong>${esc(gettext("Refused:"))} <a href="${esc(error.url)}" id="refusal-rule">${esc(error.rule)}</a> ${esc(error.title)}</strong></p>` +
      (error.explanation ? `<p>${esc(error.explanation)}</p>` : "") + `<p>${esc(fmt(gettext("The engine says: %(reason)s"), { reason: error.message }))}</p>` :
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
      connection(gettext("No connection: tap again when the connection is back."));
    }
  }

  // One entry per answer of the engine; ``partial``: ask again once these are entered, as what comes
  // next may depend on them. Every need carries the grid the engine declared (engine/core/dice_grid.py):
  // one row of faces per die, or cards to pick; the page knows no game's dice.
  function startEntry(answer, text) {
    setEntry({ event: answer.event, text, needs: answer.needs, partial: !!answer.partial, at: 0,
      events: state.events.length, entered: answer.needs.map(blank) });
    draw();
    $("table-entry").scrollIntoView({ behavior: "smooth", block: "start" });
  }

  function blank(n) {
    if (n.grid.pick) return { cards: [] };
    return { values: Array(n.grid.rows.length).fill(null), reroll: [], results: {}, extras: [], declined: false };
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
      connection(gettext("No connection: tap again when the connection is back."));
    }
  }

  function setEntry(next) {
    entry = next;
    if (entry) localStorage.setItem(DRAFT, JSON.stringify(entry)); else localStorage.removeItem(DRAFT);
  }

  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  function finals(e) { return e.values.map((v, i) => (e.reroll.includes(i) ? e.results[i] : v)); }

  // The grid's extra rows due: one per final face in ``extra.on``, and one per such face among the extras.
  function extrasDue(g, e) {
    if (!g.extra) return 0;
    const on = (v) => g.extra.on.some((x) => same(x, v));
    return finals(e).filter(on).length + e.extras.filter(on).length;
  }

  function rowsEntered(e) { return !e.values.includes(null) && !e.reroll.some((i) => e.results[i] == null); }

  function needDone(g, e) {
    if (g.pick) return e.cards.length === g.pick.count;
    return rowsEntered(e) && (e.declined || e.extras.length >= extrasDue(g, e));
  }

  function faceOf(faces, v) { return faces.find((f) => same(f.value, v)); }

  function gridRow(label, faces, value, attrs) {
    let html = `<div class="face-row"><span class="face-label">${esc(label)}</span><span class="faces${faces.length <= 4 ? " two" : ""}" role="radiogroup" aria-label="${esc(label)}">`;
    for (const f of faces) {
      const on = value !== null && value !== undefined && same(f.value, value);
      html += `<button type="button" class="face${f.colour ? " " + esc(f.colour) : ""}${on ? " on" : ""}${f.hit ? " hit" : ""}" ${attrs} ` +
        `role="radio" data-value="${esc(JSON.stringify(f.value))}" aria-checked="${on}">${esc(f.label)}</button>`;
    }
    return html + "</span></div>";
  }

  function drawEntry() {
    const box = $("table-entry");
    if (!entry || state.status !== "playing") { box.hidden = true; box.innerHTML = ""; return; }
    box.hidden = false;
    const need = entry.needs[entry.at];
    const g = need.grid;
    const e = entry.entered[entry.at];
    const offer = state.offers.find((o) => o.text === entry.text);
    let html = `<p class="small muted" lang="${esc((offer && offer.lang) || "en")}">${esc(entry.text || entry.event.type)}${entry.needs.length > 1 ? ` — ${entry.at + 1} / ${entry.needs.length}` : ""}</p>` +
      `<h2>${esc(need.what)}</h2>` + (g.note ? `<p class="small">${esc(g.note)}</p>` : "");
    if (g.pick) {
      html += `<p class="drawn">${e.cards.map((v, i) => `<button type="button" class="choice card-drawn" data-undraw="${i}">${esc((g.pick.options.find((o) => same(o.value, v)) || { label: v }).label)} ✕</button>`).join("")}</p>`;
      for (const o of g.pick.options) {
        const left = o.copies - e.cards.filter((c) => same(c, o.value)).length;
        if (left > 0 && e.cards.length < g.pick.count) {
          html += `<button type="button" class="choice" data-card="${esc(JSON.stringify(o.value))}">${esc(o.label)}${o.copies > 1 ? ` (${left})` : ""}</button>`;
        }
      }
    } else {
      g.rows.forEach((r, i) => { html += gridRow(r.label, r.faces, e.values[i], `data-row="${i}"`); });
      if (!e.values.includes(null) && g.rerolls && g.rerolls.limit > 0) {
        html += `<h3>${esc(g.rerolls.label)}</h3><p class="reroll-pick">`;
        e.values.forEach((v, i) => {
          const on = e.reroll.includes(i);
          const full = !on && e.reroll.length >= g.rerolls.limit;
          html += `<button type="button" class="die-pick${on ? " on" : ""}" data-reroll="${i}" aria-pressed="${on}"${full ? " disabled" : ""}>${esc(faceOf(g.rows[i].faces, v).label)}</button>`;
        });
        html += "</p>";
        for (const i of e.reroll) html += gridRow("↻ " + g.rows[i].label, g.rows[i].faces, e.results[i], `data-result="${i}"`);
      }
      if (rowsEntered(e)) {
        const due = extrasDue(g, e);
        if (due) {
          html += `<h3>${esc(g.extra.label)}</h3>` + (g.extra.note ? `<p class="small">${esc(g.extra.note)}</p>` : "");
          const shown = e.declined ? e.extras.length : Math.min(due, e.extras.length + 1);
          for (let k = 0; k < shown; k++) html += gridRow(`${g.extra.label} ${k + 1}`, g.extra.faces, e.extras[k], `data-extra="${k}"`);
          if (g.extra.optional && e.extras.length < due) {
            html += `<button type="button" class="choice secondary" data-decline="1">${esc(e.declined ? gettext("Roll them after all") : gettext("Decline the rest"))}</button>`;
          }
        }
        const hits = finals(e).filter((v, i) => (faceOf(g.rows[i].faces, v) || {}).hit).length +
          (g.extra ? e.extras.filter((v) => (faceOf(g.extra.faces, v) || {}).hit).length : 0);
        html += `<p class="entry-total">${hits} ${esc(hits === 1 ? gettext("hit") : gettext("hits"))}</p>`;
      }
    }
    const done = needDone(g, e);
    const last = entry.at === entry.needs.length - 1;
    html += `<div class="entry-nav"><button type="button" class="choice secondary" id="entry-back">${esc(entry.at ? gettext("Back") : gettext("Cancel"))}</button>` +
      `<button type="button" class="big" id="entry-next"${done ? "" : " disabled"}>${esc(last ? gettext("Record") : gettext("Next"))}</button></div>`;
    box.innerHTML = html;
  }

  function tapEntry(target) {
    const e = entry.entered[entry.at];
    const g = entry.needs[entry.at].grid;
    const d = target.dataset;
    const value = d.value !== undefined ? JSON.parse(d.value) : null;
    if (d.row !== undefined) e.values[Number(d.row)] = value;
    else if (d.result !== undefined) e.results[d.result] = value;
    else if (d.extra !== undefined) e.extras[Number(d.extra)] = value;
    else if (d.reroll !== undefined) {
      const i = Number(d.reroll);
      e.reroll = e.reroll.includes(i) ? e.reroll.filter((x) => x !== i) : e.reroll.concat([i]).sort((a, b) => a - b);
      delete e.results[i];
    } else if (d.decline !== undefined) e.declined = !e.declined;
    else if (d.card !== undefined) { if (e.cards.length < g.pick.count) e.cards.push(JSON.parse(d.card)); }
    else if (d.undraw !== undefined) e.cards.splice(Number(d.undraw), 1);
    else if (target.id === "entry-back") {
      if (entry.at) entry.at -= 1; else { setEntry(null); draw(); return; }
    } else if (target.id === "entry-next") {
      if (entry.at < entry.needs.length - 1) entry.at += 1; else { setEntry(entry); finishEntry(); return; }
    } else return;
    if (e.extras) {
      e.extras = e.extras.filter((v) => v !== null && v !== undefined);
      while (e.extras.length > extrasDue(g, e)) e.extras.pop(); // a face that asked for an extra changed
    }
    setEntry(entry);
    drawEntry();
  }

  // The event with every need's value put at the place the engine named (docs/log-format.md, "Rolls").
  function entered() {
    const event = JSON.parse(JSON.stringify(entry.event));
    entry.needs.forEach((need, k) => {
      const g = need.grid;
      const e = entry.entered[k];
      let value;
      if (g.pick) value = g.pick.one ? e.cards[0] : e.cards.slice();
      else if (g.shape === "pool") {
        value = { dice: e.values.slice() };
        if (e.reroll.length) value.mana_rerolls = { dice: e.reroll.slice(), results: e.reroll.map((i) => e.results[i]) };
        if (e.extras.length) value.explosions = e.extras.slice();
      } else value = e.values.slice();
      let node = event;
      need.path.slice(0, -1).forEach((key) => { node = node[key]; });
      node[need.path[need.path.length - 1]] = value;
    });
    return event;
  }

  // -- sending ---------------------------------------------------------------------------------------
  function send(event) {
    if (readOnly) return; // a spectator enters nothing (the server would refuse it anyway: no seat)
    // The events seen, not the version: only another event stored meanwhile makes the tap stale.
    const pending = { event: Object.assign({}, event), cid: uid(), version: state.version, events: state.events.length };
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
      connection(gettext("No connection: your move is kept on this phone and will be sent when the connection is back."));
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
      connection(gettext("No connection: try again when the connection is back."));
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
      const url = root.dataset.stateUrl + (board ? "" : "?board=1") + (known !== null && board ? "?since=" + known : "") +
        (known !== null && board && state.log_state ? "&log=" + encodeURIComponent(state.log_state) : ""); // the verdict changes no version
      const r = await request(url);
      connection(localStorage.getItem(PENDING) ? $("table-connection").textContent : "");
      if (r.data.board) board = r.data.board;
      if (r.data.changed !== false && r.data.view) accept(r.data);
      if (!readOnly && localStorage.getItem(PENDING)) flush();
    } catch (err) {
      // A move kept on this phone says so; otherwise the page only waits for the connection.
      if (!localStorage.getItem(PENDING)) connection(gettext("No connection: the page picks up where the game is when it is back."));
    }
  }

  // For scripts and tests: send any event as this player (the engine still checks it).
  window.ArbiterTable = { send, state: () => state, entry: () => entry, board: () => board, live: () => live };
  $("table-entry").addEventListener("click", (ev) => {
    const target = ev.target.closest("button");
    if (target && entry && !target.disabled) tapEntry(target);
  });
  if ($("confirm-result")) $("confirm-result").addEventListener("click", () => act(root.dataset.resultUrl, {}));
  // The spectator link on a seated phone: one tap selects it for copying.
  if ($("watch-url")) $("watch-url").addEventListener("focus", (ev) => ev.target.select());
  $("table-board").addEventListener("click", tapBoard);
  // The zoom toggle: the board three times as wide in a box that scrolls both ways, opened on what can be
  // tapped now (else the middle); the box takes the keyboard's focus only while it scrolls.
  $("board-zoom").addEventListener("click", () => {
    const box = $("table-board-box"), on = !box.classList.contains("zoomed");
    box.classList.toggle("zoomed", on);
    $("board-zoom").setAttribute("aria-pressed", String(on));
    if (!on) { box.removeAttribute("tabindex"); return; }
    box.tabIndex = 0;
    const spot = $("table-board").querySelector(".pick, .hl"), outer = box.getBoundingClientRect();
    const r = spot ? spot.getBoundingClientRect() : null;
    box.scrollLeft = r ? r.left - outer.left + r.width / 2 - box.clientWidth / 2 : (box.scrollWidth - box.clientWidth) / 2;
    box.scrollTop = r ? r.top - outer.top + r.height / 2 - box.clientHeight / 2 : (box.scrollHeight - box.clientHeight) / 2;
  });
  // Live: the table's stream (server-sent events, play.live) brings each new version at once with the
  // state this phone is shown, and the events added since the version before ("since"): the page redraws
  // from the message. A page that is not at that version (a message missed), or a message with the version
  // only (this phone's own change, or no state rendered), reads the state as a poll does. While the stream
  // is open the page polls only every 15 s; with no stream (answered 204: no Redis, a WSGI server, Redis
  // down) or while it reconnects, every 1.5 s as before.
  let live = false;
  function heard(message) {
    if (state && message.version <= state.version) return;
    if (!message.state || !board) { poll(); return; }
    let events = message.events;
    if (message.since !== undefined) {
      if (!state || state.version !== message.since || state.events.length < message.kept) { poll(); return; }
      events = state.events.slice(0, message.kept).concat(message.events);
    }
    accept(Object.assign({}, message.state, { version: message.version, events }));
    root.dataset.heard = message.version; // the last version drawn from the stream alone, no request made
  }
  function listen() {
    if (!window.EventSource || !root.dataset.streamUrl) return;
    const source = new EventSource(root.dataset.streamUrl);
    source.onopen = () => { live = true; };
    source.onmessage = (ev) => {
      live = true;
      let message = null;
      try { message = JSON.parse(ev.data); } catch (err) { return; }
      heard(message);
    };
    source.onerror = () => { live = false; };
  }
  let ticks = 0;
  poll();
  listen();
  setInterval(() => { ticks += 1; if (!live || ticks % 10 === 0) poll(); }, 1500);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) poll(); });
})();
