// Woodlands game page: keyboard shortcuts and the details panel for hover/tap/focus.
// No framework; htmx (vendored) does the requests and the live updates.
(function () {
  "use strict";
  function info(el) {
    var panel = document.getElementById("info");
    if (!panel || !el) return;
    var tip = el.getAttribute("data-tip");
    if (tip) panel.textContent = tip;
  }
  function tipTarget(ev) {
    var t = ev.target;
    return t && t.closest ? t.closest("[data-tip]") : null;
  }
  // A tapped or focused card, die or tile shows its text right beside it (below it, or above when
  // there is no room below), not only in the panel: on a phone the panel is a long scroll away.
  // The bubble repeats the panel's words, which a screen reader hears there (aria-live), so it is
  // hidden from it; Escape, a tap elsewhere or a re-draw closes it.
  var bubble = null, bubbleFor = null;
  function hideNear() {
    if (bubble) bubble.hidden = true;
    bubbleFor = null;
  }
  function showNear(el) {
    var tip = el && el.getAttribute("data-tip");
    if (!tip) { hideNear(); return; }
    if (!bubble) {
      bubble = document.createElement("div");
      bubble.id = "tip-near";
      bubble.className = "tip-near";
      bubble.setAttribute("aria-hidden", "true");
      document.body.appendChild(bubble);
    }
    bubble.textContent = tip;
    bubble.hidden = false;
    bubbleFor = el;
    // placed through the CSSOM (the page's policy refuses style attributes, not this)
    var r = el.getBoundingClientRect();
    var room = document.documentElement.clientWidth;
    var width = Math.min(bubble.offsetWidth, room - 16);
    var left = Math.max(8, Math.min(r.left, room - width - 8));
    var below = r.bottom + 6;
    var high = bubble.offsetHeight;
    var top = (below + high > window.innerHeight && r.top - high - 6 > 0) ? r.top - high - 6 : below;
    bubble.style.left = (left + window.scrollX) + "px";
    bubble.style.top = (top + window.scrollY) + "px";
  }
  // on the table only: an option's button says what it does, and a bubble would cover the next one
  function onTable(el) { return !!(el && el.closest(".board")); }
  document.addEventListener("focusin", function (ev) {
    var el = tipTarget(ev);
    info(el);
    if (onTable(el)) showNear(el); else hideNear();
  });
  document.addEventListener("click", function (ev) {
    var el = tipTarget(ev);
    info(el);
    if (onTable(el)) showNear(el); else if (!(bubble && bubble.contains(ev.target))) hideNear();
  });
  document.addEventListener("mouseover", function (ev) { info(tipTarget(ev)); });
  document.addEventListener("keydown", function (ev) { if (ev.key === "Escape" && bubbleFor) hideNear(); });
  document.addEventListener("htmx:afterSwap", hideNear);

  function visible(el) { return !!(el && el.offsetParent !== null); }
  function typing(ev) {
    var t = ev.target, tag = t && t.tagName;
    return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || (t && t.isContentEditable);
  }
  document.addEventListener("keydown", function (ev) {
    if (ev.ctrlKey || ev.metaKey || ev.altKey || typing(ev)) return;
    var key = ev.key;
    // hot-seat handover: Enter shows the next player's table (as the terminal), also when the
    // focus is nowhere (a link or the button itself keeps its own Enter)
    var pass = document.getElementById("handover-button");
    if (pass) {
      var nowhere = ev.target === document.body || ev.target === document.documentElement;
      if (key === "Enter" && nowhere) { pass.click(); ev.preventDefault(); }
      return;
    }
    var decision = document.getElementById("decision");
    if (key === "Escape") {
      var open = decision && decision.querySelector("details.group[open]");
      if (open) { open.open = false; var s = open.querySelector("summary"); if (s) s.focus(); ev.preventDefault(); }
      return;
    }
    if (key === "!") { var hintButton = document.getElementById("hint-button"); if (hintButton) { hintButton.click(); ev.preventDefault(); } return; }
    if (key === "u") { var undo = document.getElementById("undo-button"); if (undo) { undo.click(); ev.preventDefault(); } return; }
    if (key === "h" || key === "?") {
      var help = decision && decision.querySelector("details.help");
      if (help) { help.open = !help.open; ev.preventDefault(); }
      return;
    }
    if (!decision) return;
    // inside an open group, digits pick its options in order
    var group = decision.querySelector("details.group[open]");
    if (group && /^[1-9]$/.test(key)) {
      var opts = group.querySelectorAll("button.option");
      var o = opts[parseInt(key, 10) - 1];
      if (o) { o.click(); ev.preventDefault(); }
      return;
    }
    if (key.length !== 1 || !/^[0-9a-z]$/.test(key)) return;
    var hit = decision.querySelector('[data-key="' + key + '"]') || decision.querySelector('[data-letter="' + key + '"]');
    if (!hit || !visible(hit)) return;
    ev.preventDefault();
    if (hit.tagName === "DETAILS") {
      decision.querySelectorAll("details.group[open]").forEach(function (d) { if (d !== hit) d.open = false; });
      hit.open = true;
      var first = hit.querySelector("button.option");
      if (first) first.focus();
    } else {
      hit.click();
    }
  });
  // A live update re-draws the game only when the stream's decision number is not the one shown
  // (the page's own choice already brought the new table).
  //
  // Never while one of the page's own forms is waiting for its answer: that answer replaces
  // #game, and a re-draw landing first would take the form and the #game it aims at out of the
  // page (htmx then cannot place the answer: htmx:targetError).  The number is kept instead, and
  // once the answer is in, a table older than it is fetched again.
  var streamAt = null;
  // (a hint's form is left out: it asks, changes nothing, and its answer goes into #hint only)
  function waiting() { return !!document.querySelector("#game form.htmx-request:not(.hint-form)"); }
  window.woodlandsBehind = function (ev) {
    var game = document.getElementById("game");
    var data = ev && ev.detail && ev.detail.data;
    if (!game || typeof data !== "string") return true;
    var at;
    try { at = String(JSON.parse(data).at); } catch (e) { return true; }
    if (waiting()) { if (streamAt === null || +at > +streamAt) streamAt = at; return false; }
    return at !== game.dataset.at;
  };
  // (asked here rather than in a trigger filter, hx-trigger="sse:state[...]": htmx runs a filter
  // through eval, which the pages' Content-Security-Policy refuses)
  document.body.addEventListener("htmx:confirm", function (ev) {
    var trigger = ev.detail && ev.detail.triggeringEvent;
    if (trigger && trigger.type === "sse:state" && !window.woodlandsBehind(trigger)) ev.preventDefault();
  });
  // A form sent while a re-draw is on its way: drop the re-draw (the answer brings the newest table).
  document.body.addEventListener("htmx:beforeRequest", function (ev) {
    var elt = ev.detail && ev.detail.elt;
    var game = document.getElementById("game");
    if (game && elt && elt.tagName === "FORM" && game.contains(elt) && !elt.classList.contains("hint-form")) {
      window.htmx.trigger(game, "htmx:abort");
    }
  });
  document.body.addEventListener("htmx:afterSettle", function () {
    var game = document.getElementById("game");
    if (!game || streamAt === null || waiting()) return;
    var behind = +streamAt > +game.dataset.at;
    streamAt = null;
    if (behind) window.htmx.trigger(game, "woodlands:stale");
  });
  // Close the live stream before the page goes, so leaving never logs an aborted stream.
  window.addEventListener("pagehide", function () {
    if (!window.htmx) return;
    document.querySelectorAll("[sse-connect]").forEach(function (el) { window.htmx.remove(el); });
  });
  // A hint's options get a numbered mark on their buttons (and on the group that holds one),
  // described by the hint's line, so they stand out among the choices.
  function markHints() {
    var decision = document.getElementById("decision");
    if (!decision) return;
    decision.querySelectorAll(".hint-mark").forEach(function (m) { m.remove(); });
    decision.querySelectorAll("[data-hint-rank]").forEach(function (el) {
      el.removeAttribute("data-hint-rank"); el.removeAttribute("aria-describedby");
    });
    document.querySelectorAll("#hint li[data-option]").forEach(function (li) {
      var rank = li.getAttribute("data-rank");
      decision.querySelectorAll("button.option").forEach(function (b) {
        if (b.value !== li.getAttribute("data-option")) return;
        var group = b.closest("details.group");
        [b, group && group.querySelector("summary")].forEach(function (el) {
          if (!el || el.querySelector(".hint-mark")) return;
          var mark = document.createElement("span");
          mark.className = "hint-mark";
          mark.textContent = "hint " + rank;
          el.appendChild(mark);
          el.setAttribute("data-hint-rank", rank);
          el.setAttribute("aria-describedby", li.id);
        });
      });
    });
  }
  document.addEventListener("DOMContentLoaded", markHints);
  // Focus is never lost on a re-draw: what had it (an option, a group, a card of the table, the
  // log, a zoom button) is remembered before htmx swaps the game, and focused again in the new
  // one when it is still there; else a refusal, the handover's button or the decision's first
  // choice; else (another seat decides now) the decision panel itself, which says who decides.
  var focused = null, due = false;
  // what a control is, apart from its own contents: its tag, its lasting classes (not the change
  // marks, not htmx's own) and its zoom step; with its place among its likes in #game
  function kind(el) {
    var cls = Array.prototype.filter.call(el.classList, function (c) { return c !== "changed" && c.indexOf("htmx-") !== 0; });
    return el.tagName + "." + cls.sort().join(".") + "|" + (el.getAttribute("data-zoom") || "");
  }
  function likes(game, k, tag) {
    return Array.prototype.filter.call(game.getElementsByTagName(tag), function (x) { return kind(x) === k; });
  }
  document.body.addEventListener("htmx:beforeSwap", function (ev) {
    var t = ev.detail && ev.detail.target;
    if (!t || t.id !== "game") return;
    var a = document.activeElement, game = document.getElementById("game");
    focused = null;
    if (!a || !game || !game.contains(a)) return;
    var group = a.closest("details.group"), k = kind(a);
    focused = {
      option: a.matches("button.option") ? a.value : null,
      group: group && a.tagName === "SUMMARY" ? group.getAttribute("data-key") : null,
      id: a.closest("[data-id]") ? a.closest("[data-id]").getAttribute("data-id") : null,
      elt: a.id || null,
      kind: k, tag: a.tagName, nth: likes(game, k, a.tagName).indexOf(a),
      plain: !a.id && !group && !a.matches("button.option") && k !== a.tagName + ".|"
    };
  });
  function focusable(el) { return !!el && el.tabIndex >= 0 && visible(el); }
  function again(was) {
    var decision = document.getElementById("decision"), game = document.getElementById("game");
    if (!was || !game) return null;
    if (was.option && decision) {
      var b = Array.prototype.find.call(decision.querySelectorAll("button.option"), function (x) { return x.value === was.option; });
      if (b) { var g = b.closest("details.group"); if (g) g.open = true; return b; }
    }
    if (was.group && decision) {
      var s = decision.querySelector('details.group[data-key="' + was.group + '"] > summary');
      if (s) return s;
    }
    if (was.elt) { var e = document.getElementById(was.elt); if (focusable(e)) return e; }
    if (was.id) {
      var m = game.querySelector('[data-id="' + was.id.replace(/["\\]/g, "") + '"]');
      if (m && m.tabIndex >= 0) return m;
    }
    // a control known by its kind alone (the log, a zoom button): one that has a kind of its own
    if (was.nth >= 0 && was.plain) {
      var same = likes(game, was.kind, was.tag).filter(focusable);
      if (same.length) return same[Math.min(was.nth, same.length - 1)];
    }
    return null;
  }
  function focusOn(target) {
    // (a refusal's line or the decision panel: focusable by script, not a Tab stop)
    if (target.tabIndex < 0 && !target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
  }
  // A form posted as a whole page (pressed before these scripts were ready) comes back at
  // "#decision": the focus goes to the first choice (or the handover's button), as after a swap.
  document.addEventListener("DOMContentLoaded", function () {
    if (location.hash !== "#decision") return;
    history.replaceState(history.state, "", location.pathname + location.search);
    var a = document.activeElement;
    if (a && a !== document.body) return;
    var target = document.querySelector("#handover-button, #decision button.option, #decision details.group > summary");
    if (target) target.focus();
  });
  document.body.addEventListener("htmx:afterSwap", function (ev) {
    var t = ev.detail && ev.detail.target;
    if (t && t.id === "hint") { markHints(); return; }
    if (t && t.id === "game") due = true;
  });
  // The focus is placed once the swap has settled: htmx wires the new game (its forms, its
  // autofocus) and zoom.js adds the map's buttons then.  The page's htmx config settles at once,
  // so this runs in the same task as the swap: no key or click can come in between.
  document.body.addEventListener("htmx:afterSettle", function () {
    if (!due) return;
    due = false;
    var was = focused;
    focused = null;
    var a = document.activeElement;
    if (a && a !== document.body && document.contains(a)) return;     // focus still in the page: leave it
    var target = document.querySelector("#decision .refusal") || again(was) ||
      document.querySelector("#handover-button, #decision button.option, #decision details.group > summary") ||
      (was ? document.getElementById("decision") || document.getElementById("game") : null);
    if (target) focusOn(target);
  });
})();
