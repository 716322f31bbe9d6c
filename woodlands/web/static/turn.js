// Woodlands game page: whose turn it is.  The server draws the title ("● Your turn — Woodlands"
// when this browser's seat decides) and the banner; this script adds what needs a browser:
//  * a live update's request sends the log length the page showed (?since=N), so the answer can
//    tell in words what the other seats did since (into the page's lasting #announce region);
//  * the optional sound and notification when the turn comes to this browser, both off until the
//    player turns them on (remembered in localStorage); the notification's permission is asked
//    only when the player ticks its box, never before.
(function () {
  "use strict";
  var SOUND = "woodlands.turn.sound", NOTIFY = "woodlands.turn.notify";
  // the page's title at this browser's turn (the re-drawn game sets it only as the swap settles)
  var TITLE = "\u25cf Your turn \u2014 Woodlands";
  function stored(key) { try { return window.localStorage.getItem(key) === "on"; } catch (e) { return false; } }
  function store(key, on) { try { window.localStorage.setItem(key, on ? "on" : "off"); } catch (e) { /* private mode: not kept */ } }
  function game() { return document.getElementById("game"); }
  function note(text) { var n = document.getElementById("turn-alerts-note"); if (n) n.textContent = text; }

  // the two boxes: shown (they need this script), ticked as remembered
  function setUp() {
    var box = document.querySelector(".turn-alerts");
    if (!box) return;
    box.hidden = false;
    var sound = document.getElementById("turn-sound"), notify = document.getElementById("turn-notify");
    if (sound) sound.checked = stored(SOUND);
    if (notify) {
      var can = "Notification" in window;
      notify.disabled = !can;
      notify.checked = can && stored(NOTIFY) && window.Notification.permission === "granted";
    }
  }
  document.addEventListener("change", function (ev) {
    var t = ev.target;
    if (!t || (t.id !== "turn-sound" && t.id !== "turn-notify")) return;
    if (t.id === "turn-sound") { store(SOUND, t.checked); if (t.checked) beep(); return; }
    if (!t.checked) { store(NOTIFY, false); note(""); return; }
    if (!("Notification" in window)) { t.checked = false; return; }
    // asked now, because the player asked for it (never on its own)
    var answer = function (p) {
      var ok = p === "granted";
      t.checked = ok;
      store(NOTIFY, ok);
      note(ok ? "" : "The browser does not allow notifications for this site; its settings can change that.");
    };
    if (window.Notification.permission === "granted") { answer("granted"); return; }
    var asked = window.Notification.requestPermission(answer);
    if (asked && asked.then) asked.then(answer);
  });

  var audio = null;
  function beep() {
    var Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return;
    try {
      audio = audio || new Ctx();
      var o = audio.createOscillator(), g = audio.createGain(), now = audio.currentTime;
      o.type = "sine";
      o.frequency.setValueAtTime(660, now);
      o.frequency.setValueAtTime(880, now + 0.12);
      g.gain.setValueAtTime(0.0001, now);
      g.gain.exponentialRampToValueAtTime(0.2, now + 0.02);
      g.gain.exponentialRampToValueAtTime(0.0001, now + 0.35);
      o.connect(g); g.connect(audio.destination);
      o.start(now); o.stop(now + 0.4);
    } catch (e) { /* no sound here: the title and the banner still say it */ }
  }
  function signal() {
    if (stored(SOUND)) beep();
    if (stored(NOTIFY) && "Notification" in window && window.Notification.permission === "granted") {
      var banner = document.getElementById("turn-banner");
      try { new window.Notification(TITLE, { body: banner ? banner.textContent : "", tag: "woodlands-turn" }); }
      catch (e) { /* some browsers allow notifications from a service worker only */ }
    }
  }

  // A live update's request (sse:state, or the re-fetch after the page's own answer) carries the
  // log length the page showed; the page's own choices and undos do not (nothing to announce).
  document.body.addEventListener("htmx:configRequest", function (ev) {
    var d = ev.detail, g = game();
    if (!d || !g || d.elt !== g || d.verb !== "get") return;
    if (g.dataset.log) d.parameters.since = g.dataset.log;
  });
  // The turn as the page last showed it: a change to "mine" signals (not the page's first drawing).
  var shown = null;
  document.addEventListener("DOMContentLoaded", function () { var g = game(); shown = g ? g.dataset.turn : null; setUp(); });
  document.body.addEventListener("htmx:afterSwap", function (ev) {
    var t = ev.detail && ev.detail.target;
    if (!t || t.id !== "game") return;
    var g = game();
    if (!g) return;
    setUp();
    var now = g.dataset.turn;
    // a hot-seat handover ("handover") is this browser's turn too: passing the screen between
    // its players signals nothing, as before it
    var ours = function (t) { return t === "mine" || t === "handover"; };
    if (now === "mine" && !ours(shown)) signal();
    shown = now;
  });
  // The announcement shows a moment as a toast, and stays readable in the log.
  var hide = null;
  document.body.addEventListener("htmx:oobAfterSwap", function (ev) {
    var t = ev.detail && ev.detail.target;
    if (!t || t.id !== "announce") return;
    t.classList.add("shown");
    if (hide) window.clearTimeout(hide);
    hide = window.setTimeout(function () { t.classList.remove("shown"); }, 8000);
  });
})();
