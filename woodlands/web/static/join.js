// The invitation page: the invitation comes after the "#" of its link, which the browser never
// sends to a server; put it into the form, and take it out of the address bar (and the history).
(function () {
  "use strict";
  var field = document.getElementById("invitation");
  var hash = window.location.hash.replace(/^#/, "");
  if (!field || !hash) return;
  if (!field.value) field.value = decodeURIComponent(hash);
  window.history.replaceState(null, "", window.location.pathname + window.location.search);
})();
