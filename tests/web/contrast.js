// WCAG 2.x contrast of every visible text on the page, measured from the computed styles.
// Evaluated by tests/web/test_contrast.py as `(() => { ... })()`; returns one row per text
// element: {where, text, ratio, need, fg, bg}.  axe-core's color-contrast rule (run beside it)
// leaves SVG text, gradients and overlapped text "incomplete"; this covers them:
//  - HTML text: its colour over the backgrounds of its ancestors (colours composited in order;
//    a gradient counts by each of its colour stops, the worst one kept); `opacity` on an
//    ancestor fades text and background alike towards what lies behind that ancestor;
//  - SVG text: its fill over the topmost shape drawn before it (in the same <svg>) whose fill
//    or stroke covers the text's centre or its ends (isPointInFill/isPointInStroke), else the
//    HTML background behind the <svg>;
//  - large text (24 px, or 18.66 px bold, measured on screen) needs 3:1, the rest 4.5:1.
(() => {
  "use strict";
  function parse(c) {
    const m = /rgba?\(([^)]+)\)/.exec(c || "");
    if (!m) return null;
    const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  }
  function over(top, under) {      // composite rgba `top` over opaque `under`
    const a = top[3];
    return [0, 1, 2].map(i => top[i] * a + under[i] * (1 - a)).concat([1]);
  }
  function mix(a, b, t) { return [0, 1, 2].map(i => a[i] * t + b[i] * (1 - t)).concat([1]); }
  function lum(c) {
    const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  }
  function ratio(a, b) { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); }
  function gradientStops(img) {
    if (!img || img === "none") return [];
    return (img.match(/rgba?\([^)]+\)/g) || []).map(parse);
  }
  // the candidate backdrops of HTML element `el` (composited from the root down to it)
  function htmlBackdrops(el) {
    const chain = [];
    for (let n = el; n && n.nodeType === 1; n = n.parentElement) chain.unshift(n);
    let layers = [[255, 255, 255, 1]];
    for (const n of chain) {
      if (n instanceof SVGElement && n.tagName.toLowerCase() !== "svg") continue;
      const cs = getComputedStyle(n);
      const bg = parse(cs.backgroundColor);
      if (bg && bg[3] > 0) layers = layers.map(l => over(bg, l));
      const stops = gradientStops(cs.backgroundImage);
      if (stops.length) layers = stops.flatMap(s => layers.map(l => over(s, l)));
    }
    return layers;
  }
  function fadeBy(el, fg, bgs) {   // ancestors' opacity, inner to outer
    let pairs = bgs.map(b => [fg, b]);
    for (let n = el; n && n.nodeType === 1; n = n.parentElement) {
      const o = parseFloat(getComputedStyle(n).opacity);
      if (o < 1) {
        const behind = n.parentElement ? backdropsOf(n.parentElement) : [[255, 255, 255, 1]];
        pairs = pairs.flatMap(([f, b]) => behind.map(h => [mix(f, h, o), mix(b, h, o)]));
      }
    }
    return pairs;
  }
  function svgBackdrops(el, points) {
    const svg = el.ownerSVGElement;
    const shapes = Array.from(svg.querySelectorAll("rect, circle, ellipse, path, polygon, polyline, line"));
    const out = [];
    for (const p of points) {
      let hit = null;
      for (const s of shapes) {
        if (s.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING) break;   // drawn after the text
        if (s.closest("defs, clipPath, mask")) continue;
        const cs = getComputedStyle(s);
        if (cs.display === "none" || cs.visibility === "hidden") continue;
        const m = s.getScreenCTM();
        if (!m) continue;
        const local = new DOMPoint(p[0], p[1]).matrixTransform(m.inverse());
        const pt = svg.createSVGPoint(); pt.x = local.x; pt.y = local.y;
        const fill = parse(cs.fill), stroke = parse(cs.stroke);
        if (stroke && stroke[3] > 0 && parseFloat(cs.strokeWidth) > 0 && s.isPointInStroke(pt)) {
          hit = [s, stroke, parseFloat(cs.strokeOpacity)];
        } else if (fill && fill[3] > 0 && s.isPointInFill(pt)) {
          hit = [s, fill, parseFloat(cs.fillOpacity)];
        }
      }
      const base = htmlBackdrops(svg);
      if (!hit) { out.push(...base); continue; }
      const [s, col, op] = hit;
      let c = [col[0], col[1], col[2], col[3] * op];
      // the shape's own opacity and its groups' (inside the svg) fade it over the base
      for (let n = s; n && n !== svg; n = n.parentElement) c[3] *= parseFloat(getComputedStyle(n).opacity);
      out.push(...base.map(b => over(c, b)));
    }
    return out;
  }
  function backdropsOf(el) {
    return el instanceof SVGElement && el.tagName.toLowerCase() !== "svg" ? htmlBackdrops(el.ownerSVGElement) : htmlBackdrops(el);
  }
  function ownText(el) {
    if (el.matches("input:not([type=hidden]):not([type=radio]):not([type=checkbox]):not([type=file]), textarea")) return el.value;
    if (el.tagName === "SELECT") return el.selectedOptions.length ? el.selectedOptions[0].text : "";
    if (el.tagName === "OPTION" || el.closest("select, script, style, noscript, title")) return "";
    let t = "";
    for (const n of el.childNodes) if (n.nodeType === 3) t += n.nodeValue;
    return t.trim();
  }
  function shown(el) {
    const rects = el.getClientRects();
    if (!rects.length) return null;
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) return null;
    for (let n = el; n && n.nodeType === 1; n = n.parentElement) {
      const cs = getComputedStyle(n);
      if (cs.visibility === "hidden" || cs.display === "none" || parseFloat(cs.opacity) === 0) return null;
      if (cs.clip && cs.clip !== "auto" && /rect\(0/.test(cs.clip)) return null;
      if (n.tagName === "DETAILS" && !n.open && n !== el && !el.closest("summary")) return null;
    }
    if (r.right + window.scrollX < 0 || r.bottom + window.scrollY < 0) return null;      // parked off-page (a skip link)
    return r;
  }
  const rows = [];
  for (const el of document.querySelectorAll("body *")) {
    const text = ownText(el);
    if (!text) continue;
    const r = shown(el);
    if (!r) continue;
    const cs = getComputedStyle(el);
    const svg = el instanceof SVGElement;
    let fg = parse(svg ? cs.fill : cs.color);
    if (!fg) continue;
    let size = parseFloat(cs.fontSize);
    if (svg) { const m = el.getScreenCTM(); if (m) size *= Math.hypot(m.a, m.b); }
    const bold = parseInt(cs.fontWeight, 10) >= 700;
    const large = size >= 24 || (bold && size >= 18.66);
    let bgs;
    if (svg) {
      const y = r.top + r.height / 2;
      bgs = svgBackdrops(el, [[r.left + r.width * 0.15, y], [r.left + r.width / 2, y], [r.left + r.width * 0.85, y]]);
    } else {
      bgs = htmlBackdrops(el);
    }
    if (fg[3] < 1) { bgs = bgs.map(b => b); fg = over(fg, bgs[0]); }
    let worst = null;
    for (const [f, b] of fadeBy(el, fg, bgs)) {
      const k = ratio(f, b);
      if (!worst || k < worst.ratio) worst = { ratio: k, fg: f.slice(0, 3).map(Math.round), bg: b.slice(0, 3).map(Math.round) };
    }
    const path = [];
    for (let n = el; n && n.nodeType === 1 && path.length < 4; n = n.parentElement) {
      path.unshift(n.tagName.toLowerCase() + (n.id ? "#" + n.id : "") + (typeof n.className === "string" && n.className ? "." + n.className.trim().split(/\s+/).join(".") : (n.className && n.className.baseVal ? "." + n.className.baseVal.trim().split(/\s+/).join(".") : "")));
    }
    rows.push({ where: path.join(" > "), text: text.slice(0, 40), ratio: Math.round(worst.ratio * 100) / 100,
                need: large ? 3 : 4.5, fg: worst.fg, bg: worst.bg });
  }
  return rows;
})()
