/* The replay viewer on a log's page: steps through every event on an SVG board.
 * Data: GET data-url (viewer.walks.replay_payload). Position -1 is the set-up; position N shows event N
 * and the board after it (for the refused event of an illegal log, the board as it was).
 * ?event=N opens at event N; an illegal log opens at its offending event. A game's own board script registers
 * window.ArbiterBoards[game id] = {render(svg, board, view, opts), panel(view) -> HTML}; otherwise ArbiterBoard.
 */
(function () {
  "use strict";
  const root = document.getElementById("replay-viewer");
  if (!root) return;
  const $ = (sel) => root.querySelector(sel);
  const svg = $("#viewer-board");
  const slider = $("#viewer-slider");
  const text = $("#viewer-event");
  const dice = $("#viewer-dice");
  const where = $("#viewer-position");
  const refusal = $("#viewer-refusal");
  const units = $("#viewer-units");
  const panel = $("#viewer-panel");
  let data = null;
  let position = -1;

  function esc(s) { return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]); }

  // Hoplomachus and Eternia: each die by the face it showed ({label, hit, colour}), and what they add up to.
  function faceWords(r) {
    return `${esc(r.who)} ${esc(r.kind)}: ` + r.faces.map((f) =>
      `<span class="die face-word${f.hit ? " hit" : ""}${f.colour ? " " + esc(f.colour) : ""}"${f.colour ? ` title="${esc(interpolate(gettext("%(colour)s die"), { colour: f.colour }, true))}"` : ""}>${esc(f.label)}</span>`).join("") +
      (r.summary ? ` → <strong>${esc(r.summary)}</strong>` : "");
  }

  function rollWords(r) {
    if (r.faces) return faceWords(r);
    let s = `${esc(r.who)} ${esc(r.kind)} (${esc(r.stat)}, ${r.threshold}+): ` +
      r.final.map((v) => `<span class="die${v >= r.threshold || v === 6 ? " hit" : ""}">${v}</span>`).join("");
    if (r.explosions.length) s += " + " + r.explosions.map((v) => `<span class="die${v >= 5 ? " hit" : ""}">${v}</span>`).join("");
    if (r.rolled.join() !== r.final.join()) s += ` <span class="muted">${esc(interpolate(gettext("(rolled %(dice)s)"), { dice: r.rolled.join(" ") }, true))}</span>`;
    return s + ` → <strong>${r.successes}</strong>`;
  }

  function show(p) {
    position = Math.max(-1, Math.min(p, data.steps.length - 1));
    const step = position >= 0 ? data.steps[position] : null;
    const view = step ? step.view : data.initial;
    // A game that registers its own board (window.ArbiterBoards[game id]) draws it and the panel beside it.
    const custom = (window.ArbiterBoards || {})[data.game];
    const options = step && step.event.path ? { highlight: step.event.path } : {};
    if (custom) custom.render(svg, data.board, view, Object.assign({ event: step && step.event }, options));
    else ArbiterBoard.render(svg, data.game, data.board, view, options);
    slider.value = position;
    where.textContent = step
      ? interpolate(gettext("event %(index)s of %(last)s"), { index: step.index, last: data.steps[data.steps.length - 1].index }, true)
      : gettext("set-up");
    text.textContent = step ? step.text : gettext("The game as set up, before its first event.");
    text.className = step && step.illegal ? "illegal" : "";
    dice.innerHTML = step ? step.rolls.map((r) => `<li>${rollWords(r)}</li>`).join("") : "";
    const e = data.error;
    refusal.hidden = !(step && step.illegal && e);
    if (step && step.illegal && e) {
      $("#viewer-rule").innerHTML = `<a href="${esc(e.url)}">${esc(e.rule)}</a> ${esc(e.title)}`;
      $("#viewer-explanation").textContent = e.explanation;
      $("#viewer-reason").textContent = e.message;
      $("#viewer-reason").lang = e.lang || "en";
    }
    if (custom) panel.innerHTML = custom.panel(view);
    else units.innerHTML = view.units.map((u) => `<tr data-unit="${esc(u.key)}"><td>${esc(u.name)}</td><td>${u.on_board ? esc(u.hex) : esc(gettext("out"))}</td>` +
      `<td class="num">${u.wounds}/${u.health}</td><td>${[u.focused && gettext("focus"), u.guard && gettext("guard"), u.buff && u.buff.name, u.debuff && u.debuff.name].filter(Boolean).map(esc).join(", ")}</td></tr>`).join("");
    const url = new URL(window.location.href);
    if (step) url.searchParams.set("event", step.index); else url.searchParams.delete("event");
    window.history.replaceState(null, "", url);
    root.dataset.position = position;
    root.dataset.event = step ? step.index : "";
  }

  function start() {
    slider.min = -1;
    slider.max = data.steps.length - 1;
    const asked = new URL(window.location.href).searchParams.get("event");
    let p = -1;
    if (asked !== null && /^\d+$/.test(asked)) {
      const i = data.steps.findIndex((s) => s.index === Number(asked));
      p = i >= 0 ? i : data.steps.length - 1;
    } else if (data.error && data.steps.length && data.steps[data.steps.length - 1].illegal) {
      p = data.steps.length - 1;
    }
    $("#viewer-prev").addEventListener("click", () => show(position - 1));
    $("#viewer-next").addEventListener("click", () => show(position + 1));
    $("#viewer-first").addEventListener("click", () => show(-1));
    $("#viewer-last").addEventListener("click", () => show(data.steps.length - 1));
    slider.addEventListener("input", () => show(Number(slider.value)));
    document.addEventListener("keydown", (ev) => {
      if (ev.target.closest && ev.target.closest("input, textarea, select") && ev.target !== slider) return;
      if (ev.key === "ArrowLeft") { show(position - 1); ev.preventDefault(); }
      if (ev.key === "ArrowRight") { show(position + 1); ev.preventDefault(); }
    });
    root.hidden = false;
    show(p);
    root.dataset.ready = "true";
  }

  fetch(root.dataset.url, { credentials: "same-origin" })
    .then((r) => r.json().then((body) => ({ ok: r.ok, body })))
    .then(({ ok, body }) => {
      if (!ok) { root.outerHTML = `<p class="muted" id="viewer-unavailable">${esc(body.error.message)}</p>`; return; }
      data = body;
      start();
    });
})();
