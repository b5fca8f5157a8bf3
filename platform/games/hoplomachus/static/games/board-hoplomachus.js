/* Hoplomachus: Remastered's board for the replay viewer (registered in window.ArbiterBoards).
 *
 * render(svg, board, view, opts) draws the arena from the engine's board geometry (Game.board_geometry():
 * every hex's centre, one hex wide, with its hex tags, HR-3.2/HR-3.3) and a state view (Game.view(): units
 * with owner, hex, HP and dazed state, footholds, shards, troops). panel(view) is the HTML beside the board:
 * whose turn it is, each troop with its colour and crowd favour, and every unit in play.
 * opts: {highlight: [labels]}.
 */
(function () {
  "use strict";
  const NS = "http://www.w3.org/2000/svg";
  const SCALE = 40; // SVG units per hex width; the viewBox scales the arena to the screen
  const TAG_FILLS = { // HR-3.2 (Pozzuoli) and HR-3.3 (the Colosseum)
    deploy_red: "#f7d9d4", deploy_blue: "#d9e4fa", stone: "#9ca3af",
    outer_red: "#f2c4bc", outer_blue: "#c4d5f5", central: "#f2c94c", inner: "#fbe7a1",
    chained_red: "#e49c91", chained_blue: "#93ade6", pedestal: "#c9a76b",
  };
  const TAG_WORDS = {
    deploy_red: gettext("red deployment"), deploy_blue: gettext("blue deployment"), stone: gettext("stone"),
    outer_red: gettext("red outer deployment"), outer_blue: gettext("blue outer deployment"), central: gettext("central deployment"),
    inner: gettext("inner deployment"), chained_red: gettext("red chained hex"), chained_blue: gettext("blue chained hex"), pedestal: gettext("pedestal"),
  };
  const PLAYER_COLOURS = ["#b42318", "#2f5bd3", "#0f766e", "#8a5a00"];
  const TEAM_COLOURS = { red: ["#b42318", "#e0703a"], blue: ["#2f5bd3", "#0891b2"] }; // Alliance: two shades per team
  const RIVAL_COLOURS = { immortal: "#4b5563", titan: "#6b21a8", arena: "#78716c" };

  function el(name, attrs, parent) {
    const node = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (parent) parent.appendChild(node);
    return node;
  }

  function esc(s) { return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]); }

  function corners(board, x, y) {
    const r = board.hex_width_in / Math.sqrt(3); // circumradius of a hex one width across (flat to flat)
    const start = board.orientation === "flat" ? 0 : 30;
    const pts = [];
    for (let i = 0; i < 6; i++) {
      const a = ((start + 60 * i) * Math.PI) / 180;
      pts.push([((x + r * Math.cos(a)) * SCALE).toFixed(1), ((y + r * Math.sin(a)) * SCALE).toFixed(1)]);
    }
    return pts.map((p) => p.join(",")).join(" ");
  }

  /* Each troop's colour: a Skirmish side's own red or blue, an Alliance team's shades, else by seat. */
  function colours(view) {
    const out = {};
    const players = Object.entries(view.troops || {}).filter(([id]) => !(id in RIVAL_COLOURS));
    const sides = players.map(([, t]) => t.side);
    const twoSides = players.length === 2 && sides.includes("red") && sides.includes("blue");
    const used = { red: 0, blue: 0 };
    players.forEach(([id, t], i) => {
      if (t.team === "red" || t.team === "blue") out[id] = TEAM_COLOURS[t.team][used[t.team]++ % 2];
      else if (twoSides) out[id] = TEAM_COLOURS[t.side][0];
      else out[id] = PLAYER_COLOURS[i % PLAYER_COLOURS.length];
    });
    for (const id of Object.keys(RIVAL_COLOURS)) out[id] = RIVAL_COLOURS[id];
    return out;
  }

  function initials(name) {
    return String(name).split(/[\s-]+/).filter((w) => !/^\d+$/.test(w)).map((w) => w[0]).join("").slice(0, 2).toUpperCase() +
      (String(name).match(/\d+$/) || [""])[0];
  }

  function render(svg, board, view, opts) {
    opts = opts || {};
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    if (!board) return;
    const byLabel = {};
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (const h of board.hexes) {
      byLabel[h.label] = h;
      minX = Math.min(minX, h.x); maxX = Math.max(maxX, h.x);
      minY = Math.min(minY, h.y); maxY = Math.max(maxY, h.y);
    }
    const pad = 0.7 * board.hex_width_in;
    svg.setAttribute("viewBox", [(minX - pad) * SCALE, (minY - pad) * SCALE, (maxX - minX + 2 * pad) * SCALE,
      (maxY - minY + 2 * pad) * SCALE].map((v) => v.toFixed(1)).join(" "));
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", interpolate(gettext("the arena of %(name)s"), { name: board.name }, true));
    svg.dataset.arena = board.map;
    const highlight = new Set(opts.highlight || []);
    const hexLayer = el("g", { class: "hexes" }, svg);
    for (const h of board.hexes) {
      const tag = h.tags.find((t) => TAG_FILLS[t]);
      const poly = el("polygon", {
        points: corners(board, h.x, h.y), fill: tag ? TAG_FILLS[tag] : "#f4ecd8", stroke: "#c8bfa8", "stroke-width": 1.5,
        "data-hex": h.label, "data-tags": h.tags.join(" "),
      }, hexLayer);
      if (highlight.has(h.label)) poly.setAttribute("class", "hl");
      el("title", {}, poly).textContent = h.label + h.tags.map((t) => " · " + (TAG_WORDS[t] || t)).join("");
      const label = el("text", { x: h.x * SCALE, y: (h.y - 0.32) * SCALE, "text-anchor": "middle", class: "hex-label" }, hexLayer);
      label.textContent = h.label;
    }
    const colour = colours(view);
    for (const [label, troop] of Object.entries(view.footholds || {})) { // a foothold: a small flag of its troop
      const h = byLabel[label];
      if (!h) continue;
      const x = (h.x + 0.28) * SCALE, y = (h.y + 0.05) * SCALE;
      el("path", { d: `M${x},${y} v-14 l10,4 l-10,4`, fill: colour[troop] || "#111", stroke: "#111", "stroke-width": 1,
        "data-foothold": label }, svg);
    }
    for (const [label, shard] of Object.entries(view.shards || {})) { // Ascension's shards on their pedestals
      const h = byLabel[label];
      if (!h) continue;
      const x = h.x * SCALE, y = h.y * SCALE;
      el("rect", { x: x - 8, y: y - 8, width: 16, height: 16, transform: `rotate(45 ${x} ${y})`, // a pedestal holds no unit
        fill: shard.active ? "#7c3aed" : "#e9d5ff", stroke: "#4c1d95", "data-shard": label }, svg);
    }
    const unitLayer = el("g", { class: "units" }, svg);
    for (const u of view.units || []) {
      if (u.zone !== "arena" || !byLabel[u.hex]) continue;
      const h = byLabel[u.hex];
      const cx = h.x * SCALE, cy = (h.y + 0.04) * SCALE, r = SCALE * 0.3;
      const g = el("g", { class: "unit" + (u.dazed ? " dazed" : ""), "data-unit": u.uid, "data-hex": u.hex,
        "data-owner": u.owner, "data-hp": u.hp, "data-dazed": u.dazed ? "true" : "false" }, unitLayer);
      // HR-7.2: a dazed unit is drawn faded with a dashed ring.
      el("circle", { cx, cy, r, fill: colour[u.owner] || "#111", stroke: u.dazed ? "#111" : "#fff",
        "stroke-width": 2, "stroke-dasharray": u.dazed ? "4 3" : "none", opacity: u.dazed ? 0.6 : 1 }, g);
      // A label of three or four characters (AU10, FU10) gets a smaller type and never outgrows its circle.
      const short = initials(u.name);
      const fit = short.length > 2 ? { style: `font-size:${short.length > 3 ? 7 : 8.5}px`, textLength: Math.min(short.length * 5.6, 2 * r - 3), lengthAdjust: "spacingAndGlyphs" } : {};
      el("text", { x: cx, y: cy + 3.5, "text-anchor": "middle", class: "unit-initials", ...fit }, g).textContent = short;
      const hp = el("text", { x: cx, y: cy + r + 10, "text-anchor": "middle", class: "unit-tokens" }, g);
      hp.textContent = `${u.hp}/${u.health}` + (u.dazed ? " " + gettext("dazed") : "");
      const tip = el("title", {}, g);
      tip.textContent = interpolate(gettext("%(name)s (%(troop)s) at %(hex)s: HP %(hp)s of %(health)s"),
        { name: u.name, troop: (view.troops[u.owner] || {}).name || u.owner, hex: u.hex, hp: u.hp, health: u.health }, true) +
        (u.dazed ? ", " + gettext("dazed") : "") + (u.engaged ? ", " + gettext("engaged") : "") +
        (u.tactics.length ? ", " + interpolate(gettext("tactics %(names)s"), { names: u.tactics.join(", ") }, true) : "");
    }
  }

  const PHASES = { start: gettext("start"), deploy: gettext("Deploy phase"), tactic: gettext("Tactic phase"), movement: gettext("Movement phase"),
    abilities: gettext("Abilities phase"), engagement: gettext("Engagement phase"), refill: gettext("refill") };

  // The winner of a game against the game (HR-13, HR-14) or of an Alliance (HR-17) is a side, not a troop.
  const WINNERS = { players: gettext("the players"), red: gettext("the red team"), blue: gettext("the blue team") };

  function panel(view) {
    const colour = colours(view);
    const troops = view.troops || {};
    const turn = view.turn || {};
    const favour = (id, t) => {
      const f = (view.favour || {})[id] || (view.favour || {})[t.team];
      if (!f) return "";
      return "f" in f ? interpolate(gettext("%(count)s favour"), { count: f.f }, true)
        : interpolate(gettext("favour track %(track)s at %(pos)s"), { track: f.track || "—", pos: f.pos }, true) +
          (f.done.length ? " " + interpolate(gettext("(%(count)s done)"), { count: f.done.length }, true) : "");
    };
    const rivals = "titan" in troops ? gettext("the titan") : gettext("the immortals");
    const winner = view.over && ((troops[view.over.winner] || {}).name ||
      (view.over.winner === "rivals" ? rivals : WINNERS[view.over.winner]) || view.over.winner);
    let html = `<p class="viewer-turn" id="viewer-turn">` + (view.over
      ? esc(interpolate(gettext("Game over: %(winner)s won (%(ended_by)s)."), { winner, ended_by: view.over.ending || String(view.over.ended_by).replace(/_/g, " ") }, true))
      : esc(interpolate(gettext("Round %(round)s · %(troop)s's turn · %(phase)s"),
        { round: turn.round, troop: (troops[turn.player] || {}).name || turn.player, phase: PHASES[turn.phase] || turn.phase }, true))) + "</p>";
    html += `<ul class="viewer-troops">` + Object.entries(troops).filter(([id]) => id !== "arena" || (view.units || []).some((u) => u.owner === "arena"))
      .map(([id, t]) => {
        const inArena = (view.units || []).filter((u) => u.owner === id && u.zone === "arena").length;
        return `<li data-troop="${esc(id)}"><span class="swatch" style="background:${colour[id] || "#111"}"></span>${esc(t.name || id)}` +
          ` <span class="muted">${esc(interpolate(gettext("%(count)s in the arena"), { count: inArena }, true))}${favour(id, t) ? " · " + esc(favour(id, t)) : ""}${t.out ? " · " + esc(gettext("out")) : ""}</span></li>`;
      }).join("") + "</ul>";
    const units = (view.units || []).filter((u) => u.zone === "arena");
    html += `<details><summary>${esc(interpolate(gettext("Units in the arena (%(count)s)"), { count: units.length }, true))}</summary><div class="scroll"><table class="compact">` +
      `<thead><tr><th>${esc(gettext("Unit"))}</th><th>${esc(gettext("Hex"))}</th><th class="num">${esc(gettext("HP"))}</th><th>${esc(gettext("State"))}</th></tr></thead><tbody>` +
      units.map((u) => `<tr data-unit="${esc(u.uid)}"><td><span class="swatch" style="background:${colour[u.owner] || "#111"}"></span>${esc(u.name)}</td>` +
        `<td>${esc(u.hex)}</td><td class="num">${u.hp}/${u.health}</td>` +
        `<td>${[u.dazed && gettext("dazed"), u.engaged && gettext("engaged"), u.moved && gettext("moved"), ...u.tactics].filter(Boolean).map(esc).join(", ")}</td></tr>`).join("") +
      "</tbody></table></div></details>";
    return html;
  }

  window.ArbiterBoards = window.ArbiterBoards || {};
  window.ArbiterBoards["hoplomachus-remastered"] = { render, panel };
})();
