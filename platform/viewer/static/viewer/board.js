/* The board registry shared by the replay viewer and the table recorder.
 *
 * ArbiterBoard.render(svg, game, board, view, options) draws a game's board with the renderer the game
 * registered by its id (ArbiterBoard.register(game, fn)); each game's renderer is a script in its plugin
 * folder (GamePlugin.board_script), loaded after this one. A game may instead register a board with its
 * own panel (window.ArbiterBoards[game id], see viewer.js). A game that registers neither still gets its
 * board drawn: the hexes the engine describes (Replay.board_geometry: each hex's label, centre in hex widths
 * and tags) and the pieces its view lists as ``pieces: [{hex, text, seat}]``. options: {highlight: [labels],
 * selectable: [labels] that a tap picks, onHex(label)}.
 */
(function () {
  "use strict";
  const RENDERERS = {};
  const NS = "http://www.w3.org/2000/svg";
  const SCALE = 40; // SVG units per hex width
  const SEAT_COLOURS = ["#b42318", "#2f5bd3", "#0f766e", "#8a5a00", "#6b21a8", "#374151"];

  function el(name, attrs, parent) {
    const node = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (parent) parent.appendChild(node);
    return node;
  }

  function corners(board, x, y) {
    const r = board.hex_width_in / Math.sqrt(3);
    const start = board.orientation === "flat" ? 0 : 30;
    const pts = [];
    for (let i = 0; i < 6; i++) {
      const a = ((start + 60 * i) * Math.PI) / 180;
      pts.push(((x + r * Math.cos(a)) * SCALE).toFixed(1) + "," + ((y + r * Math.sin(a)) * SCALE).toFixed(1));
    }
    return pts.join(" ");
  }

  function hexes(svg, board, view, options) {
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    const at = {};
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (const h of board.hexes) {
      at[h.label] = h;
      minX = Math.min(minX, h.x); maxX = Math.max(maxX, h.x);
      minY = Math.min(minY, h.y); maxY = Math.max(maxY, h.y);
    }
    const pad = 0.7 * board.hex_width_in;
    svg.setAttribute("viewBox", [(minX - pad) * SCALE, (minY - pad) * SCALE, (maxX - minX + 2 * pad) * SCALE,
      (maxY - minY + 2 * pad) * SCALE].map((v) => v.toFixed(1)).join(" "));
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", board.name || gettext("the board"));
    options = options || {};
    const highlight = new Set(options.highlight || []);
    const selectable = new Set(options.selectable || []);
    for (const h of board.hexes) {
      const blocked = h.tags.length > 0;
      const poly = el("polygon", { points: corners(board, h.x, h.y), fill: blocked ? "#9ca3af" : "#f4ecd8",
        stroke: "#c8bfa8", "stroke-width": 1.5, "data-hex": h.label, "data-tags": h.tags.join(" ") }, svg);
      if (highlight.has(h.label)) poly.setAttribute("class", "hl");
      if (selectable.has(h.label)) {
        poly.setAttribute("class", "pick");
        poly.addEventListener("click", () => options.onHex && options.onHex(h.label));
      }
      el("title", {}, poly).textContent = [h.label, ...h.tags].join(" · ");
      el("text", { x: h.x * SCALE, y: (h.y - 0.32) * SCALE, "text-anchor": "middle", class: "hex-label" }, svg)
        .textContent = h.label;
    }
    for (const piece of (view && view.pieces) || []) {
      const h = at[piece.hex];
      if (!h) continue;
      const g = el("g", { class: "unit", "data-hex": piece.hex }, svg);
      el("circle", { cx: h.x * SCALE, cy: h.y * SCALE, r: SCALE * 0.3, stroke: "#fff", "stroke-width": 2,
        fill: SEAT_COLOURS[((piece.seat || 1) - 1) % SEAT_COLOURS.length] }, g);
      el("text", { x: h.x * SCALE, y: h.y * SCALE + 4, "text-anchor": "middle", class: "unit-initials" }, g)
        .textContent = String(piece.text || "").slice(0, 3);
    }
  }

  window.ArbiterBoard = {
    register(game, fn) { RENDERERS[game] = fn; },
    render(svg, game, board, view, options) {
      const fn = RENDERERS[game] || (board && Array.isArray(board.hexes) ? hexes : null);
      if (!fn || !board) { svg.outerHTML = "<p class='muted'>" + gettext("No board drawing for this game yet.") + "</p>"; return; }
      fn(svg, board, view, options);
    },
  };
})();
