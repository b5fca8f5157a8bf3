// Round timers: every element with data-ends-at (an ISO time) counts down to it, once a second.
(function () {
  "use strict";
  function format(ms) {
    var total = Math.max(0, Math.round(ms / 1000));
    var h = Math.floor(total / 3600), m = Math.floor((total % 3600) / 60), s = total % 60;
    var mm = (h ? String(m).padStart(2, "0") : String(m)), ss = String(s).padStart(2, "0");
    return (h ? h + ":" : "") + mm + ":" + ss;
  }
  function tick() {
    document.querySelectorAll("[data-ends-at]").forEach(function (el) {
      var left = new Date(el.getAttribute("data-ends-at")).getTime() - Date.now();
      el.textContent = left > 0 ? format(left) + " left" : "Time is up";
      el.classList.toggle("over", left <= 0);
    });
  }
  tick();
  setInterval(tick, 1000);
})();
