// Woodlands game page: what just changed on the table is marked for a moment, and the log
// opens at its newest line.
//
// Every element of the table carries its id (data-id) and a fingerprint of what it shows
// (data-sig, made from the seat's own table model, so it tells nothing the seat does not see).
// After each re-draw of #game (a choice's answer, a live update, an undo) the fingerprints are
// compared by id with those of the drawing before, for the same seat: an element that is new,
// shows something else, or stands in another region gets the class "changed" (the stylesheet
// highlights it and, unless the reader asks for reduced motion, moves it briefly).
(function () {
  "use strict";
  var before = {};   // seat -> {id: fingerprint@region} of the last drawing for that seat

  function drawing(game) {
    var out = {};
    game.querySelectorAll("[data-id][data-sig]").forEach(function (el) {
      var region = el.closest("[data-region]");
      out[el.getAttribute("data-id")] = el.getAttribute("data-sig") + "@" + (region ? region.getAttribute("data-region") : "");
    });
    return out;
  }

  function markChanges() {
    var game = document.getElementById("game");
    if (!game) return;
    var seat = game.getAttribute("data-seat") || "";
    var now = drawing(game);
    var last = before[seat];
    before[seat] = now;
    if (!last) return;   // a first drawing: nothing to compare it with
    game.querySelectorAll("[data-id][data-sig]").forEach(function (el) {
      var id = el.getAttribute("data-id");
      if (last[id] !== now[id]) el.classList.add("changed");
    });
  }

  // the log's box opens at its newest line (the end of the game, the last roll)
  function newestLog() {
    document.querySelectorAll("#game ol.log").forEach(function (log) { log.scrollTop = log.scrollHeight; });
  }

  function drawn() { markChanges(); newestLog(); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", drawn);
  else drawn();
  document.body.addEventListener("htmx:afterSwap", function (ev) {
    var t = ev.detail && ev.detail.target;
    // an outerHTML swap reports the replaced #game; an inner one a part of it
    if (t && (t.id === "game" || (t.closest && t.closest("#game")))) drawn();
  });
})();
