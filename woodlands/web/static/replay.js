// The replay board: ArrowLeft and ArrowRight step one choice back and on (the links' own
// targets), unless a field or a control that uses the arrows has the focus.
"use strict";
document.addEventListener("keydown", function (e) {
  if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
  var t = e.target;
  if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
  var id = e.key === "ArrowLeft" ? "replay-back" : e.key === "ArrowRight" ? "replay-forward" : null;
  var link = id && document.getElementById(id);
  if (!link) return;
  e.preventDefault();
  window.location.assign(link.href);
});
