// Times in the viewer's own time zone, and round clocks.
//
// <time datetime="ISO" data-local="style"> elements (rendered by the local_time template tag with a
// UTC fallback) are rewritten with Intl.DateTimeFormat in the page's language and the browser's time zone.
// Elements with data-ends-at="ISO" count down to that moment once a second and say when it is,
// in local time. data-now="ISO" (the server's clock when it rendered the page) corrects a device
// whose clock is off, so every phone in the room shows the same time left.
(function () {
  "use strict";
  var STYLES = {
    datetime: { dateStyle: "medium", timeStyle: "short" },
    short: { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" },
    time: { hour: "2-digit", minute: "2-digit" },
    seconds: { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", second: "2-digit" }
  };
  var zone = "";
  try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch (e) { zone = ""; }

  // The page's language (<html lang>) names the months; an English page keeps the browser's own
  // English conventions (British, American…).
  var pageLang = document.documentElement.lang || "";
  var locale = pageLang && pageLang.indexOf("en") !== 0 ? pageLang : undefined;

  function formatLocal(when, style) {
    return new Intl.DateTimeFormat(locale, STYLES[style] || STYLES.datetime).format(when);
  }

  function localize(root) {
    (root || document).querySelectorAll("time[datetime][data-local]").forEach(function (el) {
      var when = new Date(el.getAttribute("datetime"));
      if (isNaN(when.getTime())) { return; }
      var style = el.getAttribute("data-local");
      el.title = formatLocal(when, "datetime") + (zone ? " (" + zone + ")" : "");
      if (style !== "relative") { el.textContent = formatLocal(when, style); }
    });
  }

  function left(ms) {
    var total = Math.max(0, Math.round(ms / 1000));
    var h = Math.floor(total / 3600), m = Math.floor((total % 3600) / 60), s = total % 60;
    var mm = h ? String(m).padStart(2, "0") : String(m);
    return (h ? h + ":" : "") + mm + ":" + String(s).padStart(2, "0");
  }

  // Milliseconds the server's clock is ahead of this device's, from the first data-now seen.
  var skew = null;
  function serverNow() { return Date.now() + (skew || 0); }

  function setUp(el) {
    // Set up again when the end moves (a restarted clock on a page that updates itself).
    if (el.getAttribute("data-timer-ready") === el.getAttribute("data-ends-at")) { return; }
    var now = el.getAttribute("data-now");
    if (skew === null && now && !isNaN(new Date(now).getTime())) { skew = new Date(now).getTime() - Date.now(); }
    var ends = new Date(el.getAttribute("data-ends-at"));
    el.textContent = "";
    var countdown = document.createElement("span");
    countdown.className = "countdown";
    el.appendChild(countdown);
    if (!isNaN(ends.getTime())) {
      var until = document.createElement("span");
      until.className = "until";
      until.textContent = interpolate(gettext("until %(time)s"), { time: formatLocal(ends, "time") }, true);
      el.appendChild(document.createTextNode(" "));
      el.appendChild(until);
    }
    el.setAttribute("data-timer-ready", el.getAttribute("data-ends-at"));
  }

  function tick() {
    document.querySelectorAll("[data-ends-at]").forEach(function (el) {
      setUp(el);
      var remaining = new Date(el.getAttribute("data-ends-at")).getTime() - serverNow();
      var countdown = el.querySelector(".countdown");
      countdown.textContent = remaining > 0 ? interpolate(gettext("%(time)s left"), { time: left(remaining) }, true) : gettext("Time is up");
      el.classList.toggle("over", remaining <= 0);
    });
  }

  // For pages that replace their content (the projector): localize new elements, restart clocks.
  window.arbiterTimes = {
    refresh: function (root, now) {
      if (now && !isNaN(new Date(now).getTime())) { skew = new Date(now).getTime() - Date.now(); }
      localize(root);
      tick();
    },
    formatLocal: formatLocal
  };

  function start() {
    localize(document);
    tick();
    setInterval(tick, 1000);
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
})();
