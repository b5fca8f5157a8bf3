// The event form follows the game chosen: changing the game posts the form with its "Choose" button,
// and the page comes back with that game's modes, packs, draw rules and tiebreaks (what was typed
// stays). Without script the button does the same. A file, not an inline handler: the site's CSP.
(function () {
  "use strict";
  var form = document.getElementById("event-form");
  var game = document.getElementById("id_game");
  var choose = document.getElementById("choose-game");
  if (!form || !game || !choose) { return; }
  choose.classList.add("js-hidden");
  game.addEventListener("change", function () {
    if (form.requestSubmit) { form.requestSubmit(choose); } else { choose.click(); }
  });
})();
