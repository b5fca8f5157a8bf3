/* Battleground's board for the replay viewer and the table recorder (registered with ArbiterBoard).
 *
 * renderBattleground(svg, board, view, options) draws the hex map from the engine's board geometry
 * (engine.session.board: hex centres in inches, terrain, objectives, deployment zones) and a state view
 * (engine's Game.view(): characters, facing, wounds, tokens). options: {highlight: [labels],
 * selectable: [labels], onHex(label), marks, focus: [labels] (zoom onto these hexes)}.
 */
(function () {
  "use strict";
  const NS = "http://www.w3.org/2000/svg";
  const SCALE = 24; // px per inch in the SVG's own units; the viewBox scales it to the screen
  const SEAT_COLOURS = ["#b42318", "#2f5bd3", "#0f766e", "#8a5a00"];
  const TERRAIN = { high: "#4b5563", low: "#a3aab6", difficult: "#9fc59a", platform: "#c9a76b", ladder: "#d9c39b" };

  function el(name, attrs, parent) {
    const node = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (parent) parent.appendChild(node);
    return node;
  }

  function corners(board, x, y) {
    const r = board.hex_width_in / Math.sqrt(3); // circumradius (BG-AMB-01)
    const start = board.orientation === "flat" ? 0 : 30;
    const pts = [];
    for (let i = 0; i < 6; i++) {
      const a = ((start + 60 * i) * Math.PI) / 180;
      pts.push([(x + r * Math.cos(a)) * SCALE, (y + r * Math.sin(a)) * SCALE]);
    }
    return pts;
  }

  // Facing d (0..5, clockwise): flat 0 = N; pointy 0 = NE (engine/geometry/layout.py).
  function facingAngle(board, d) {
    return ((board.orientation === "flat" ? -90 : -60) + 60 * d) * (Math.PI / 180);
  }

  function renderBattleground(svg, board, view, options) {
    options = options || {};
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    const byLabel = {};
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (const h of board.hexes) {
      byLabel[h.label] = h;
      minX = Math.min(minX, h.x); maxX = Math.max(maxX, h.x);
      minY = Math.min(minY, h.y); maxY = Math.max(maxY, h.y);
    }
    let pad = board.hex_width_in;
    if (options.focus && options.focus.length) {
      // Zoom onto the hexes to choose from, so that each is big enough to tap on a phone.
      const near = options.focus.map((l) => byLabel[l]).filter(Boolean);
      minX = Math.min(...near.map((h) => h.x)); maxX = Math.max(...near.map((h) => h.x));
      minY = Math.min(...near.map((h) => h.y)); maxY = Math.max(...near.map((h) => h.y));
      pad = 1.5 * board.hex_width_in;
    }
    svg.setAttribute("viewBox", [(minX - pad) * SCALE, (minY - pad) * SCALE, (maxX - minX + 2 * pad) * SCALE,
      (maxY - minY + 2 * pad) * SCALE].join(" "));
    svg.setAttribute("role", "img");
    const zoneOf = {};
    (board.zones || []).forEach((zone, seat) => zone.forEach((label) => { zoneOf[label] = seat; }));
    const highlight = new Set(options.highlight || []);
    const selectable = new Set(options.selectable || []);
    const marks = options.marks || {};
    const hexLayer = el("g", { class: "hexes" }, svg);
    for (const h of board.hexes) {
      const seat = zoneOf[h.label];
      let fill = TERRAIN[h.terrain] || (seat === undefined ? "#f4f1e8" : seat === 0 ? "#fbe9e7" : "#e6edfb");
      const poly = el("polygon", {
        points: corners(board, h.x, h.y).map((p) => p.join(",")).join(" "),
        fill: fill, stroke: "#c8c2b0", "stroke-width": 1,
        "data-hex": h.label, "data-terrain": h.terrain || "open",
      }, hexLayer);
      const title = el("title", {}, poly);
      title.textContent = h.label + (h.terrain ? " · " + interpolate(gettext("%(terrain)s obstacle"), { terrain: { high: gettext("high"), low: gettext("low"),
        difficult: gettext("difficult"), platform: gettext("platform"), ladder: gettext("ladder") }[h.terrain] || h.terrain }, true) : "") +
        (h.height ? " · " + interpolate(gettext("height %(height)s"), { height: h.height }, true) : "");
      if (highlight.has(h.label)) poly.setAttribute("class", "hl");
      if (selectable.has(h.label)) {
        poly.setAttribute("class", "pick");
        poly.addEventListener("click", () => options.onHex && options.onHex(h.label));
      }
      if (marks[h.label]) {
        const t = el("text", { x: h.x * SCALE, y: h.y * SCALE + 4, "text-anchor": "middle", class: "mark" }, svg);
        t.textContent = marks[h.label];
      }
    }
    for (const label of view.objectives || board.objectives || []) {
      const h = byLabel[label];
      if (!h) continue;
      el("rect", { x: h.x * SCALE - 6, y: h.y * SCALE - 6, width: 12, height: 12, transform: `rotate(45 ${h.x * SCALE} ${h.y * SCALE})`,
        fill: "#f2c94c", stroke: "#7a5b00", "data-objective": label }, svg);
    }
    const seats = (view.sides || []).map((s) => s.id);
    // A marker (BG-16.3) fills most of its hex, ringed in its player's colour with its name's initial, so that
    // it reads on a phone's whole-board view; a character on it leaves the ring in sight. Its area of effect
    // (radius_in) is a dashed circle.
    const hexSize = board.hex_width_in * SCALE;
    const markerLayer = el("g", { class: "markers" }, svg);
    for (const m of view.markers || []) {
      const h = byLabel[m.hex];
      if (!h) continue;
      const cx = h.x * SCALE, cy = h.y * SCALE;
      const colour = SEAT_COLOURS[Math.max(seats.indexOf(m.player), 0)];
      const g = el("g", { class: "marker", "data-marker": m.id, "data-hex": m.hex }, markerLayer);
      if (m.radius_in > 0) {
        el("circle", { cx, cy, r: m.radius_in * SCALE, fill: "none", stroke: colour, "stroke-width": 1.5,
          "stroke-dasharray": "5 4", opacity: 0.8, class: "marker-area" }, g);
      }
      el("circle", { cx, cy, r: 0.46 * hexSize, fill: "#f3e8ff", stroke: colour, "stroke-width": 3, class: "marker-disc" }, g);
      el("text", { x: cx, y: cy + 0.17 * hexSize, "text-anchor": "middle", class: "marker-initial", fill: "#3b0764",
        "font-size": 0.5 * hexSize, "font-weight": 700, "font-family": "system-ui, sans-serif", "pointer-events": "none" }, g)
        .textContent = String(m.name || m.id || "?").trim().charAt(0).toUpperCase();
      el("title", {}, g).textContent = `${m.name || m.id} · ${m.hex}` + (m.radius_in ? ` · ${m.radius_in}″` : "");
    }
    const unitLayer = el("g", { class: "units" }, svg);
    for (const u of view.units || []) {
      if (!u.on_board) continue;
      const colour = SEAT_COLOURS[Math.max(seats.indexOf(u.player), 0)];
      const g = el("g", { "data-unit": u.key, "data-hex": u.hex, "data-facing": u.facing, "data-wounds": u.wounds, class: "unit" }, unitLayer);
      for (const cell of u.cells.length ? u.cells : [u.hex]) {
        const c = byLabel[cell];
        if (c && u.massive) el("polygon", { points: corners(board, c.x, c.y).map((p) => p.join(",")).join(" "), fill: colour, opacity: 0.35 }, g);
      }
      const h = byLabel[u.hex];
      if (!h) continue;
      const cx = h.x * SCALE, cy = h.y * SCALE, r = SCALE * 0.36;
      el("circle", { cx, cy, r, fill: colour, stroke: u.activated ? "#999" : "#fff", "stroke-width": 2 }, g);
      const a = facingAngle(board, u.facing || 0);
      el("line", { x1: cx, y1: cy, x2: cx + Math.cos(a) * r * 1.35, y2: cy + Math.sin(a) * r * 1.35, stroke: "#111", "stroke-width": 3, "stroke-linecap": "round" }, g);
      const label = el("text", { x: cx, y: cy + 4, "text-anchor": "middle", class: "unit-initials" }, g);
      label.textContent = u.name.split(/[\s-]+/).map((w) => w[0]).join("").slice(0, 2).toUpperCase();
      const tokens = (u.wounds ? u.wounds + "/" + u.health : "") + (u.focused ? " F" : "") + (u.guard ? " G" : "") +
        (u.buff ? " +" : "") + (u.debuff ? " −" : "");
      if (tokens.trim()) {
        const t = el("text", { x: cx, y: cy + r + 11, "text-anchor": "middle", class: "unit-tokens" }, g);
        t.textContent = tokens.trim();
      }
      const tip = el("title", {}, g);
      tip.textContent = interpolate(gettext("%(name)s (%(player)s) at %(hex)s, facing %(facing)s; wounds %(wounds)s/%(health)s"),
        { name: u.name, player: u.player, hex: u.hex, facing: u.facing, wounds: u.wounds, health: u.health }, true) +
        (u.focused ? ", " + gettext("focused") : "") + (u.guard ? ", " + gettext("on guard") : "") +
        (u.buff ? ", " + interpolate(gettext("buff %(name)s"), { name: u.buff.name }, true) : "") +
        (u.debuff ? ", " + interpolate(gettext("debuff %(name)s"), { name: u.debuff.name }, true) : "");
    }
  }

  window.ArbiterBoard.register("motu-battleground", renderBattleground);
})();
