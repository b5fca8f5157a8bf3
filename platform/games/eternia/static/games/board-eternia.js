/* Fields of Eternia's board for the replay viewer: the map as an area graph (FE-6.1) with outposts and who
 * controls them, faction bases, towers, merchants, the sea and its flight routes, the heroes and soldiers
 * in their areas by team colour, and a strip with the round, day or night, and each team's Eternium and VP.
 *
 * board: engine geometry (engine/games/eternia/geometry.py: areas with positions, edges, factions, water);
 * view: the engine's state view (engine/games/eternia/view.py). Registered for the viewer by game id;
 * panel(view) is the table of teams and heroes beside the board.
 */
(function () {
  "use strict";
  const NS = "http://www.w3.org/2000/svg";
  const GAME = "motu-fields-of-eternia";
  const TEAM_COLOURS = { motu: "#2f5bd3", ew: "#7c3aed", horde: "#b42318" };
  const SPARE_COLOURS = ["#0f766e", "#8a5a00", "#be185d"];
  const MERCHANTS = { forge: ["F", gettext("Forge (vehicles)")], shop: ["S", gettext("Shop (equipment)")], guild: ["G", gettext("Guild (spells)")] };
  // Where the first, second, … hero in an area stands, around the area (its label is above it).
  const HERO_SLOTS = [[-78, -10], [78, -10], [-86, 52], [86, 52], [-132, 20], [132, 20]];
  const STRIP = 90; // height of the status strip above the map, in drawing units
  const SIDE = 40; // room on either side of the map, in drawing units

  function el(name, attrs, parent) {
    const node = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (parent) parent.appendChild(node);
    return node;
  }

  // Type sizes in drawing units: the map is 1000 wide, so 30 units read as about 11 px on a 390 px phone.
  const TYPE = {
    "fe-label": { "font-size": 30, "font-weight": 700, fill: "#1f2937", "paint-order": "stroke", stroke: "#fffdf7", "stroke-width": 6 },
    "fe-marks": { "font-size": 28, "font-weight": 700, fill: "#5b4a1f" },
    "fe-base": { "font-size": 24, "font-weight": 700 },
    "fe-count": { "font-size": 24, "font-weight": 700, fill: "#fff" },
    "fe-hero-initials": { "font-size": 28, "font-weight": 700, fill: "#fff" },
    "fe-status": { "font-size": 38, "font-weight": 700 },
    "fe-flight": { "font-size": 30, fill: "#0369a1" },
    "fe-wrap": { "font-size": 30, fill: "#4b5563" },
  };

  function text(parent, x, y, words, cls, attrs) {
    const t = el("text", Object.assign({ x, y, "text-anchor": "middle", class: cls, "font-family": "system-ui, sans-serif" }, TYPE[cls] || {}, attrs || {}), parent);
    t.textContent = words;
    return t;
  }

  function esc(s) { return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]); }

  function colourOf(team, teams) {
    if (TEAM_COLOURS[team]) return TEAM_COLOURS[team];
    const i = Math.max(teams.indexOf(team), 0);
    return SPARE_COLOURS[i % SPARE_COLOURS.length];
  }

  function initials(id) { return id.split(/[\s-]+/).map((w) => w[0] || "").join("").slice(0, 2).toUpperCase(); }

  // The pack names its wild regions only by number ("Wild region 3": the box prints no names for them), so
  // those are words of the site, said in the page's language; every other area keeps the pack's own name.
  function wildNumber(a) {
    const m = a && a.kind === "wild" ? /^Wild region (\d+)$/.exec(a.name || "") : null;
    return m ? m[1] : null;
  }
  function areaTitle(a) {
    const n = wildNumber(a);
    return n ? interpolate(gettext("Wild region %(number)s"), { number: n }, true) : a.name;
  }
  function areaLabel(a) {
    const n = wildNumber(a);
    return n ? interpolate(gettext("Wilds %(number)s"), { number: n }, true) : a.short;
  }

  function label(words) {
    // Two lines at most, split near the middle of the name, so labels stay readable at 390 px.
    if (words.length <= 11 || words.indexOf(" ") < 0) return [words];
    const parts = words.split(" ");
    let best = [words], bestLen = Infinity;
    for (let i = 1; i < parts.length; i++) {
      const a = parts.slice(0, i).join(" "), b = parts.slice(i).join(" ");
      const len = Math.max(a.length, b.length);
      if (len < bestLen) { best = [a, b]; bestLen = len; }
    }
    return best;
  }

  // Areas an event names (a move's path, a push or flight's destination, soldiers' start and end).
  function touched(event) {
    if (!event) return [];
    const out = [].concat(event.path || []);
    for (const k of ["to", "from", "area"]) if (typeof event[k] === "string") out.push(event[k]);
    return out;
  }

  // The curve a flight route (and the sea under it) takes between two areas, and its midpoint.
  function arc(a, b) {
    const mx = (a.x + b.x) / 2, my = (a.y + b.y) / 2, dx = b.x - a.x, dy = b.y - a.y;
    const cx = mx - dy * 0.15, cy = my + dx * 0.15;
    return { d: `M${a.x},${a.y} Q${cx},${cy} ${b.x},${b.y}`, mid: [(mx + cx) / 2, (my + cy) / 2] };
  }

  let drawn = null; // the board last drawn: the panel names teams, heroes and areas from it

  function render(svg, board, view, opts) {
    drawn = board;
    opts = opts || {};
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    const W = board.width, H = board.height;
    svg.setAttribute("viewBox", `${-SIDE} ${-STRIP} ${W + 2 * SIDE} ${H + STRIP}`); // room for heroes beside edge areas
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", gettext("the map of Eternia"));
    svg.dataset.round = view.round;
    svg.dataset.time = view.time;
    const teams = Object.keys(view.teams || {});
    const at = {};
    for (const a of board.areas) at[a.id] = a;

    // The sea: everything that is not an area (FE-6.5.1), crossed only by flight routes.
    el("rect", { x: 0, y: 0, width: W, height: H, rx: 24, class: "fe-sea", fill: "#cfe4f2" }, svg);
    const edges = el("g", { class: "fe-edges" }, svg);
    for (const w of board.water || []) {
      const a = at[w.a], b = at[w.b];
      if (a && b) el("path", { d: arc(a, b).d, fill: "none", stroke: "#9fcbe8", "stroke-width": 24, "stroke-linecap": "round", opacity: 0.7, "data-water": `${w.a}|${w.b}` }, edges);
    }
    for (const e of board.edges) {
      const a = at[e.a], b = at[e.b];
      if (!a || !b) continue;
      const attrs = { "data-edge": `${e.a}|${e.b}`, "data-kind": e.kind, fill: "none" };
      if (e.kind === "flight") {
        // A flight route arcs over the sea (FE-6.6: fliers only, cost 2).
        const c = arc(a, b);
        el("path", Object.assign(attrs, { d: c.d, stroke: "#0369a1", "stroke-width": 4, "stroke-dasharray": "14 10" }), edges);
        const t = text(edges, c.mid[0], c.mid[1] + 9, "✈", "fe-flight");
        el("title", {}, t).textContent = interpolate(gettext("Flight route (cost %(cost)s): only heroes who fly"), { cost: e.cost }, true);
      } else if (e.kind === "wrap") {
        // The map's edge joins these two (FE-6.1.5): drawn as a faint dotted line with ↻.
        el("line", Object.assign(attrs, { x1: a.x, y1: a.y, x2: b.x, y2: b.y, stroke: "#6b7280", "stroke-width": 3, "stroke-dasharray": "3 12", opacity: 0.7 }), edges);
        text(edges, (a.x + b.x) / 2, (a.y + b.y) / 2, "↻", "fe-wrap");
      } else if (e.kind === "path") {
        el("line", Object.assign(attrs, { x1: a.x, y1: a.y, x2: b.x, y2: b.y, stroke: "#8b6b3d", "stroke-width": 7 }), edges);
      } else {
        el("line", Object.assign(attrs, { x1: a.x, y1: a.y, x2: b.x, y2: b.y, stroke: "#7c8f6a", "stroke-width": 3, opacity: 0.55 }), edges);
      }
    }

    const highlight = new Set((opts.highlight || []).concat(touched(opts.event)));
    const fighting = view.combat && view.combat.area;
    const tokens = new Set(view.mission_tokens || []);
    const bosses = view.boss_at || {};
    const outposts = view.outposts || {};
    const soldiers = view.soldiers || {};
    const areas = el("g", { class: "fe-areas" }, svg);
    const labels = []; // drawn last, above heroes, so that every name stays readable
    for (const a of board.areas) {
      const controller = outposts[a.id] || null;
      const g = el("g", { class: "fe-area", "data-area": a.id, "data-kind": a.kind, "data-controller": controller || "" }, areas);
      const ring = controller ? colourOf(controller, teams) : a.kind === "wild" ? "#5f7a4a" : "#9c8f76";
      const stroke = highlight.has(a.id) ? "#f59e0b" : fighting === a.id ? "#dc2626" : ring;
      const width = highlight.has(a.id) || fighting === a.id ? 10 : a.base ? 9 : controller ? 7 : 3;
      if (a.kind === "wild") {
        el("circle", { cx: a.x, cy: a.y, r: 52, fill: "#cfe0b4", stroke, "stroke-width": width }, g);
      } else {
        el("rect", { x: a.x - 62, y: a.y - 44, width: 124, height: 88, rx: a.base ? 8 : 22, fill: a.base ? "#efe3c2" : "#f7f1e1", stroke, "stroke-width": width }, g);
      }
      const lines = label(areaLabel(a));
      lines.forEach((line, i) => labels.push([a.x, a.y - 56 - (lines.length - 1 - i) * 26, line]));
      const marks = [];
      if (a.eternium) marks.push("◆" + a.eternium);
      if (a.tower) marks.push("♜");
      if (a.merchant && MERCHANTS[a.merchant]) marks.push(MERCHANTS[a.merchant][0]);
      if (tokens.has(a.id)) marks.push("!");
      if (bosses[a.id]) marks.push("☠");
      if (marks.length) text(g, a.x, a.y + 4, marks.join(" "), "fe-marks");
      if (a.base) {
        const b = text(g, a.x, a.y + 30, gettext("base"), "fe-base", { fill: colourOf(a.base, teams) });
        b.setAttribute("data-base", a.base);
      }
      const tip = el("title", {}, g);
      const faction = (team) => (board.factions[team] || {}).name || team;
      tip.textContent = areaTitle(a) + " (" + (a.kind === "wild" ? gettext("wild region") : gettext("outpost") +
        (a.eternium ? ", " + interpolate(gettext("%(count)s Eternium"), { count: a.eternium }, true) : "")) + ")" +
        (a.base ? ", " + interpolate(gettext("base of %(faction)s"), { faction: faction(a.base) }, true) : "") + (a.tower ? ", " + gettext("tower") : "") +
        (a.merchant && MERCHANTS[a.merchant] ? ", " + MERCHANTS[a.merchant][1] : "") +
        (controller ? ", " + interpolate(gettext("controlled by %(faction)s"), { faction: faction(controller) }, true) : "") +
        (tokens.has(a.id) ? ", " + gettext("mission token") : "") +
        (bosses[a.id] ? ", " + interpolate(gettext("the boss %(name)s in play (%(hp)s HP left)"), { name: bosses[a.id].name, hp: bosses[a.id].hp }, true) : "");
      if (bosses[a.id]) g.setAttribute("data-boss", bosses[a.id].boss);
      // Soldiers (FE-8): a square per team with its count, under the area.
      const here = soldiers[a.id] || {};
      const squads = Object.keys(here).filter((t) => here[t] > 0);
      squads.forEach((t, i) => {
        const x = a.x - (squads.length - 1) * 30 + i * 60 - 18, y = a.y + 48;
        const s = el("g", { class: "fe-soldiers", "data-soldiers": t, "data-count": here[t] }, g);
        el("rect", { x, y, width: 36, height: 30, rx: 4, fill: colourOf(t, teams), stroke: "#fff", "stroke-width": 3 }, s);
        text(s, x + 18, y + 23, String(here[t]), "fe-count");
        el("title", {}, s).textContent = interpolate(ngettext("%(count)s %(faction)s soldier", "%(count)s %(faction)s soldiers", here[t]),
          { count: here[t], faction: (board.factions[t] || {}).name || t }, true);
      });
    }

    // Heroes: a disc each in the team's colour, around their area's node.
    const byArea = {};
    for (const [id, h] of Object.entries(view.heroes || {})) {
      if (!h.area || !at[h.area]) continue;
      (byArea[h.area] = byArea[h.area] || []).push([id, h]);
    }
    const heroes = el("g", { class: "fe-heroes" }, svg);
    const turn = view.turn && view.turn.hero;
    for (const [area, list] of Object.entries(byArea)) {
      const a = at[area];
      list.forEach(([id, h], i) => {
        const [dx, dy] = HERO_SLOTS[i % HERO_SLOTS.length];
        const cx = a.x + dx, cy = a.y + dy;
        const g = el("g", { class: "fe-hero", "data-hero": id, "data-area": area, "data-hp": h.hp, "data-team": h.team }, heroes);
        el("circle", { cx, cy, r: 28, fill: colourOf(h.team, teams), stroke: id === turn ? "#f59e0b" : h.activated ? "#9ca3af" : "#fff", "stroke-width": id === turn ? 8 : 4 }, g);
        text(g, cx, cy + 10, initials(id), "fe-hero-initials");
        el("title", {}, g).textContent = interpolate(gettext("%(hero)s (%(faction)s) in %(area)s: %(hp)s/%(max_hp)s HP"),
          { hero: (board.heroes || {})[id] || id, faction: (board.factions[h.team] || {}).name || h.team, area: areaTitle(a), hp: h.hp, max_hp: h.max_hp }, true) +
          (h.mount ? ", " + interpolate(gettext("riding %(mount)s"), { mount: h.mount }, true) : "") + (h.activated ? ", " + gettext("activated this round") : "");
      });
    }

    const names = el("g", { class: "fe-labels", "pointer-events": "none" }, svg);
    for (const [x, y, words] of labels) text(names, x, y, words, "fe-label");

    // The strip: round, day or night (FE-5), and each team's Eternium and VP. The teams go on the right
    // first; the status gets the room left of the leftmost team's dot, on two smaller lines when the
    // boss's skull track (FE-18) or the game's end make it too long for one, squeezed if still too long.
    const strip = el("g", { class: "fe-strip" }, svg);
    const night = view.time === "night";
    const ink = night ? "#f8fafc" : "#3b2f0b";
    el("rect", { x: 0, y: -STRIP, width: W, height: STRIP - 10, rx: 16, fill: night ? "#1e293b" : "#fdf3c7" }, strip);
    let leftmost = W - 20;
    teams.slice().reverse().forEach((t, i) => {
      const team = view.teams[t];
      const x = W - 20 - i * 230;
      const g = el("g", { "data-team": t, "data-eternium": team.eternium, "data-vp": team.vp }, strip);
      el("circle", { cx: x - 200, cy: -STRIP + 44, r: 14, fill: colourOf(t, teams) }, g);
      text(g, x, -STRIP + 54, `◆${team.eternium} ★${team.vp}`, "fe-status", { "text-anchor": "end", fill: ink });
      el("title", {}, g).textContent = interpolate(gettext("%(faction)s: %(eternium)s Eternium, %(vp)s VP"), { faction: (board.factions[t] || {}).name || t, eternium: team.eternium, vp: team.vp }, true);
      leftmost = x - 200 - 14;
    });
    const room = leftmost - 24 - 20; // from the strip's left padding to a gap before the dot
    const head = `${night ? "☾" : "☀"} ` + interpolate(gettext("Round %(round)s · %(time)s"),
      { round: view.round, time: { day: gettext("day"), night: gettext("night") }[view.time] || view.time }, true);
    const extra = [view.skull ? interpolate(gettext("skull %(count)s"), { count: view.skull }, true) : "", view.over ? gettext("over") : ""].filter(Boolean).join(" · ");
    const status = (y, words, size) => text(strip, 20, y, words, "fe-status", Object.assign({ "text-anchor": "start", fill: ink }, size ? { "font-size": size } : {}));
    const one = status(-STRIP + 54, extra ? `${head} · ${extra}` : head);
    if (extra && widthOf(one, 38) > room) {
      one.remove();
      fit(status(-STRIP + 38, head, 30), 30, room);
      fit(status(-STRIP + 70, extra, 30), 30, room);
    } else {
      fit(one, 38, room);
    }
  }

  // A text's drawn length in drawing units; estimated from its characters where the browser cannot
  // measure it (not laid out yet).
  function widthOf(t, size) {
    const measured = typeof t.getComputedTextLength === "function" ? t.getComputedTextLength() : 0;
    return measured > 0 ? measured : t.textContent.length * size * 0.6;
  }

  function fit(t, size, room) {
    if (widthOf(t, size) > room) {
      t.setAttribute("textLength", room);
      t.setAttribute("lengthAdjust", "spacingAndGlyphs");
    }
  }

  function panel(view) {
    const teams = Object.keys(view.teams || {});
    const swatch = (t) => `<svg width="12" height="12" aria-hidden="true"><circle cx="6" cy="6" r="6" fill="${colourOf(t, teams)}"/></svg>`;
    const named = (table, id) => (drawn && drawn[table] && drawn[table][id]) || id;
    const areaName = (id) => { const a = (drawn && drawn.areas || []).find((x) => x.id === id); return a ? areaTitle(a) : id; };
    const teamRows = teams.map((t) => {
      const x = view.teams[t];
      const faction = drawn && drawn.factions && drawn.factions[t];
      return `<tr data-team="${esc(t)}"><td>${swatch(t)} ${esc(faction ? faction.name : t)}</td><td class="num">${x.eternium}</td><td class="num">${x.vp}</td><td class="num">${x.soldier_supply}</td></tr>`;
    }).join("");
    const heroRows = Object.entries(view.heroes || {}).map(([id, h]) => {
      const extra = [h.mount, h.ally, ...Object.values(h.equipped || {}), ...(h.spells || [])].filter(Boolean).map((c) => esc(named("cards", c))).join(", ");
      return `<tr data-hero="${esc(id)}"><td>${swatch(h.team)} ${esc(named("heroes", id))}</td><td>${h.area ? esc(areaName(h.area)) : esc(gettext("not placed"))}</td><td class="num">${h.hp}/${h.max_hp}</td><td>${extra}</td></tr>`;
    }).join("");
    const th = (words, cls) => `<th${cls ? ` class="${cls}"` : ""}>${esc(words)}</th>`;
    return `<table class="compact"><thead><tr>${th(gettext("Team"))}${th(gettext("Eternium"), "num")}${th(gettext("VP"), "num")}${th(gettext("Soldiers left"), "num")}</tr></thead><tbody id="viewer-teams">${teamRows}</tbody></table>` +
      `<table class="compact"><thead><tr>${th(gettext("Hero"))}${th(gettext("Area"))}${th(gettext("HP"), "num")}${th(gettext("Gear"))}</tr></thead><tbody id="viewer-heroes">${heroRows}</tbody></table>` +
      `<p class="muted">${esc(gettext("◆ Eternium · ♜ tower · F/S/G forge, shop, guild · ! mission token · ☠ a boss in play · ✈ flight route over the sea · ↻ the map's edge wraps. Where the regions lie is not printed in the rulebook: the map is drawn from its links."))}</p>`;
  }

  window.ArbiterBoards = window.ArbiterBoards || {};
  // An area by its name, for the table recorder's buttons of the areas a hero may go to.
  function spaceName(board, id) {
    const a = (board.areas || []).find((x) => x.id === id);
    return a ? areaTitle(a) : id;
  }

  window.ArbiterBoards[GAME] = { render, panel, spaceName };
})();
