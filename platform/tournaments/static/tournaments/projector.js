// The projector page: fetch the current round's pairings and clock every 15 seconds and update
// the page in place (no reload, so no flicker on the big screen). Built with text nodes only.
(function () {
  "use strict";
  // Every 15 seconds; ?every=N (2 to 300 seconds) for a screen that should update faster or slower.
  var asked = Number(new URLSearchParams(window.location.search).get("every"));
  var EVERY_MS = (asked >= 2 && asked <= 300 ? asked : 15) * 1000;
  var source = document.body.getAttribute("data-source");
  var last = "";

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) { node.className = className; }
    if (text !== undefined) { node.textContent = text; }
    return node;
  }

  function points(value) {
    if (value === null || value === undefined) { return ""; }
    return " (" + new Intl.NumberFormat(document.documentElement.lang || undefined, { maximumFractionDigits: 2 }).format(value) + ")";
  }

  function tableItem(t) {
    var item = el("li", "projector-table" + (t.bye ? " bye" : ""));
    item.setAttribute("data-table", t.table);
    item.appendChild(el("span", "no", String(t.table)));
    var players = el("span", "players");
    // Partners joined by " & ", sides by " vs ", each side's dealt faction after its last player.
    t.players.forEach(function (p, i) {
      var before = p.before !== undefined ? p.before : (i > 0 ? " " + gettext("vs") + " " : "");
      if (before) { players.appendChild(el("span", "vs", before)); }
      var name = el("span", "name", p.name);
      if (p.points !== null && p.points !== undefined) { name.appendChild(el("span", "pts", points(p.points))); }
      players.appendChild(name);
      if (p.plays) { players.appendChild(el("span", "faction", " · " + p.plays)); }
    });
    if (t.bye) { players.appendChild(el("span", "vs", " · " + gettext("bye"))); }
    item.appendChild(players);
    if (t.result) { item.appendChild(el("span", "result", t.result)); }
    return item;
  }

  function render(data) {
    var round = data.round;
    document.getElementById("projector-event").textContent = data.event.name;
    document.getElementById("projector-round").textContent = round
      ? interpolate(gettext("Round %(number)s"), { number: round.number }, true) + " · " + round.stage + (round.state === "closed" ? " · " + gettext("closed") : "")
      : gettext("No round published yet");
    var clock = document.getElementById("projector-clock");
    var timer = clock.querySelector(".timer");
    if (round && round.ends_at) {
      if (!timer || !timer.hasAttribute("data-ends-at")) {
        clock.textContent = "";
        timer = el("span", "timer");
        clock.appendChild(timer);
      }
      timer.setAttribute("data-ends-at", round.ends_at);
    } else {
      clock.textContent = "";
      clock.appendChild(el("span", "timer idle", round && round.state === "published" ? gettext("Clock not started") : ""));
    }
    var list = document.getElementById("projector-tables");
    var fresh = document.createDocumentFragment();
    data.tables.forEach(function (t) { fresh.appendChild(tableItem(t)); });
    list.replaceChildren(fresh);
  }

  function stamp(data) {
    var updated = document.getElementById("projector-updated");
    updated.textContent = interpolate(gettext("As of %(time)s"), { time: window.arbiterTimes.formatLocal(new Date(data.now), "seconds") }, true);
    updated.classList.remove("stale");
  }

  function poll() {
    fetch(source, { cache: "no-store", headers: { Accept: "application/json" } })
      .then(function (response) {
        if (!response.ok) { throw new Error("HTTP " + response.status); }
        return response.json();
      })
      .then(function (data) {
        var key = JSON.stringify([data.event, data.round && [data.round.number, data.round.state, data.round.ends_at], data.tables]);
        if (key !== last) {
          last = key;
          render(data);
        }
        window.arbiterTimes.refresh(document, data.now);
        stamp(data);
      })
      .catch(function () {
        // Keep showing what we have; say it may be out of date.
        document.getElementById("projector-updated").classList.add("stale");
      });
  }

  setInterval(poll, EVERY_MS);
})();
