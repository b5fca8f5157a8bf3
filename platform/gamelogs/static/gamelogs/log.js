// Live state on a log's page: poll status.json every second until the verdict is final, moving
// the badge and progress bar along, then reload so the server renders the verdict.
(function () {
  "use strict";
  var box = document.getElementById("log-status");
  if (!box || box.dataset.final === "true") { return; }
  var badge = document.getElementById("state-badge");
  var text = document.getElementById("state-text");
  var bar = document.getElementById("progress");
  // The sentences come from the page, in its language (gamelogs/detail.html).
  var labels = {
    queued: box.dataset.textQueued,
    verifying: box.dataset.textVerifying
  };

  function render(status) {
    badge.textContent = status.state_label;
    badge.className = "badge " + status.state;
    var done = status.events_total ? status.events_verified / status.events_total : 0;
    if (status.state === "verifying" && done) {
      // The worker reports how far the replay has got (engine.verify's progress callback).
      text.textContent = box.dataset.textProgress
        .replace("{done}", status.events_verified).replace("{total}", status.events_total);
    } else if (labels[status.state]) {
      text.textContent = labels[status.state];
    }
    bar.classList.toggle("busy", status.state === "verifying" && !done);
    var width = status.state === "queued" ? 10 : (done ? 10 + done * 90 : 50);
    bar.firstElementChild.style.width = width + "%";
  }

  function poll() {
    fetch(box.dataset.statusUrl, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (status) {
        if (!status) { setTimeout(poll, 2000); return; }
        render(status);
        if (status.final) {
          bar.firstElementChild.style.width = "100%";
          window.location.reload();
        } else {
          setTimeout(poll, 1000);
        }
      })
      .catch(function () { setTimeout(poll, 2000); });
  }
  setTimeout(poll, 1000);
})();
