// Zoom buttons for a compass map (a map of tiles laid as the game goes): the map is drawn at a
// size whose names are readable and never shrinks below it; its box scrolls (pan), and these
// buttons make it larger and back.  The zoom is kept across the table's redraws.
(function () {
  "use strict";
  const STEPS = [1, 1.5, 2, 3];
  let step = 0;

  function apply(box) {
    const svg = box.querySelector("svg.model-map");
    if (!svg) return;
    if (!svg.dataset.width) {
      svg.dataset.width = svg.getAttribute("width");
      svg.dataset.height = svg.getAttribute("height");
    }
    svg.setAttribute("width", String(Math.round(Number(svg.dataset.width) * STEPS[step])));
    svg.setAttribute("height", String(Math.round(Number(svg.dataset.height) * STEPS[step])));
  }

  function button(label, sign, delta) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = sign;
    b.title = label;
    b.setAttribute("aria-label", label);
    b.dataset.zoom = String(delta);
    return b;
  }

  function setup(root) {
    const boxes = root.matches && root.matches(".compass-map") ? [root] : root.querySelectorAll(".compass-map");
    for (const box of boxes) {
      const prev = box.previousElementSibling;
      if (!prev || !prev.classList.contains("map-zoom")) {
        const bar = document.createElement("div");
        bar.className = "map-zoom";
        bar.append(button("Zoom the map out", "−", -1), button("Zoom the map in", "+", 1));
        box.before(bar);
      }
      apply(box);
    }
  }

  document.addEventListener("click", (e) => {
    const b = e.target instanceof Element ? e.target.closest(".map-zoom button") : null;
    if (!b) return;
    step = Math.max(0, Math.min(STEPS.length - 1, step + Number(b.dataset.zoom)));
    const box = b.parentElement.nextElementSibling;
    if (box) apply(box);
  });
  // the first drawing, then each redraw htmx brings
  document.addEventListener("DOMContentLoaded", () => setup(document));
  document.addEventListener("htmx:load", (e) => { if (e.target instanceof Element) setup(e.target); });
})();
