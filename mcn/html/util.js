"use strict";
/* mcn record viewer: shared helpers. Every text from the record goes into the document as a
   text node (never as markup), so names, comments and header values show as typed. */
const MCN = {};

/* The SVG namespace, read from the page's own inline <svg> (the HTML parser sets it), so the
   page names no URL at all. */
MCN.SVG_NS = document.getElementById("svg-namespace").namespaceURI;

/* An element: el("div", {class: "x"}, "text", child, ...). Strings become text nodes. */
MCN.make = function (ns, tag, attrs, children) {
  const node = ns ? document.createElementNS(ns, tag) : document.createElement(tag);
  if (attrs) {
    for (const key of Object.keys(attrs)) {
      const value = attrs[key];
      if (value === null || value === undefined || value === false) continue;
      node.setAttribute(key, value === true ? "" : String(value));
    }
  }
  for (const child of children) MCN.append(node, child);
  return node;
};
MCN.append = function (node, child) {
  if (child === null || child === undefined || child === false) return;
  if (Array.isArray(child)) { for (const c of child) MCN.append(node, c); return; }
  node.appendChild(typeof child === "object" ? child : document.createTextNode(String(child)));
};
MCN.el = (tag, attrs, ...children) => MCN.make(null, tag, attrs, children);
MCN.sv = (tag, attrs, ...children) => MCN.make(MCN.SVG_NS, tag, attrs, children);
MCN.clear = function (node) { while (node.firstChild) node.removeChild(node.firstChild); };

/* Colour-blind-safe player colours (Okabe & Ito), with the text colour that reads on each. */
MCN.COLOURS = {
  R: {fill: "#D55E00", ink: "#fff", name: "Red"},
  B: {fill: "#0072B2", ink: "#fff", name: "Blue"},
  G: {fill: "#009E73", ink: "#fff", name: "Green"},
  Y: {fill: "#F0E442", ink: "#222", name: "Yellow"},
};
MCN.LETTER_COLOURS = {yellow: "Y", blue: "B", red: "R", green: "G"};
MCN.HIDDEN = "?";
MCN.isHidden = (value) => value === MCN.HIDDEN;

/* A player's token: a coloured disc with his initial (`bare`: the disc alone, where the
   initial is written beside it in text, as in the move list). */
MCN.chip = function (colour, x, y, r, extra, bare) {
  const c = MCN.COLOURS[colour] || {fill: "#888", ink: "#fff"};
  return MCN.sv("g", Object.assign({class: "chip"}, extra || {}),
    MCN.sv("circle", {cx: x, cy: y, r: r, fill: c.fill, stroke: "#1b1b1b", "stroke-width": 1.2}),
    bare ? null : MCN.sv("text", {x: x, y: y + r * 0.36, "text-anchor": "middle", fill: c.ink,
      "font-size": r * 1.05, "font-weight": 700}, colour));
};

/* Icons, drawn around (x, y) at size s (about s wide). One shape per kind, everywhere. */
MCN.icon = function (kind, x, y, s) {
  const g = MCN.sv("g", {class: "icon icon-" + kind, transform: `translate(${x},${y}) scale(${s / 16})`});
  const add = (tag, attrs) => g.appendChild(MCN.sv(tag, attrs));
  switch (kind) {
    case "bread":
      add("path", {d: "M-7 3 C-8 -4 8 -4 7 3 Z", fill: "#d9a25b", stroke: "#7a4f1d"});
      add("path", {d: "M-3 -1 L-1 2 M1 -2 L3 1", stroke: "#7a4f1d", fill: "none"});
      break;
    case "wine":
      add("path", {d: "M-5 -7 L5 -7 L4 -1 C3 2 -3 2 -4 -1 Z", fill: "#8e2c5c", stroke: "#3d0f26"});
      add("path", {d: "M0 1 L0 6 M-3.5 6.5 L3.5 6.5", stroke: "#3d0f26", fill: "none", "stroke-width": 1.4});
      break;
    case "cloth":
      add("rect", {x: -7, y: -5, width: 14, height: 10, rx: 2, fill: "#c9c2e8", stroke: "#4d437a"});
      add("path", {d: "M-7 -1 L7 -1 M-7 2.5 L7 2.5", stroke: "#4d437a", fill: "none"});
      break;
    case "jewel":
      add("path", {d: "M-6 -2 L-3 -6 L3 -6 L6 -2 L0 7 Z", fill: "#7fd3e0", stroke: "#1f5d68"});
      add("path", {d: "M-6 -2 L6 -2 M-3 -6 L0 7 L3 -6", stroke: "#1f5d68", fill: "none", "stroke-width": 0.7});
      break;
    case "indulgence":
      add("circle", {r: 7, fill: "#f4f1e8", stroke: "#6b6248"});
      add("path", {d: "M0 -4.5 L0 4.5 M-3.5 -1 L3.5 -1", stroke: "#a0782c", "stroke-width": 2, fill: "none"});
      break;
    case "money":  /* a coin with a T (drawn, not text: icons hold no text) */
      add("circle", {r: 7, fill: "#f2c94c", stroke: "#8a6d12"});
      add("path", {d: "M-3.2 -3.2 L3.2 -3.2 M0 -3.2 L0 4", stroke: "#6b530c", "stroke-width": 1.8, fill: "none"});
      break;
    case "crew":
      add("path", {d: "M-7 3 C-7 -6 7 -6 7 3 Z", fill: "#f3b61f", stroke: "#6b4e00"});
      add("rect", {x: -8, y: 3, width: 16, height: 3, rx: 1, fill: "#f3b61f", stroke: "#6b4e00"});
      break;
    case "pope-stone":
      add("circle", {r: 7, fill: "#fffdf5", stroke: "#8a7a3a", "stroke-width": 1.4});
      add("path", {d: "M0 -4.5 L0 4.5 M-3 -1.5 L3 -1.5", stroke: "#b8952a", "stroke-width": 1.8, fill: "none"});
      break;
    case "pope":
      add("path", {d: "M-6 7 L-6 -1 L0 -8 L6 -1 L6 7 Z", fill: "#fffdf5", stroke: "#8a7a3a"});
      add("path", {d: "M0 -4 L0 4 M-2.5 -1 L2.5 -1", stroke: "#b8952a", "stroke-width": 1.6, fill: "none"});
      break;
    case "emperor":
      add("path", {d: "M-7 5 L-7 -5 L-3.5 -1 L0 -7 L3.5 -1 L7 -5 L7 5 Z", fill: "#f2c94c", stroke: "#7a5c00"});
      break;
    case "merchant":
      add("path", {d: "M-5 -4 L5 -4 L7 6 L-7 6 Z", fill: "#b07d4a", stroke: "#4e3217"});
      add("path", {d: "M-3 -4 C-3 -8 3 -8 3 -4", stroke: "#4e3217", fill: "none"});
      add("path", {d: "M2 -1 C1 -2.4 -2.5 -2 -2 0 C-1.6 1.4 2.4 1 2 3 C1.6 4.8 -1.5 4.6 -2.4 3.4 M0 -2.6 L0 5", stroke: "#fff", "stroke-width": 1, fill: "none"});
      break;
    case "sinner":
      add("circle", {r: 6, cy: 1, fill: "#c0392b", stroke: "#5b130c"});
      add("path", {d: "M-5 -3 L-6 -8 L-2 -5 M5 -3 L6 -8 L2 -5", fill: "#c0392b", stroke: "#5b130c"});
      break;
    case "lock":
      add("rect", {x: -5, y: -1, width: 10, height: 8, rx: 1.5, fill: "#777"});
      add("path", {d: "M-3 -1 L-3 -4 C-3 -8 3 -8 3 -4 L3 -1", stroke: "#777", "stroke-width": 1.8, fill: "none"});
      break;
    default:
      add("circle", {r: 6, fill: "#ccc"});
  }
  return g;
};

/* A small standalone SVG holding one icon, for HTML text. */
MCN.iconSvg = function (kind, size) {
  return MCN.sv("svg", {width: size, height: size, viewBox: "-9 -9 18 18", class: "i", "aria-hidden": "true"},
    MCN.icon(kind, 0, 0, 16));
};
/* A chip for HTML text. Below 24 px its initial would be smaller than 11 px, so a small chip
   is the disc alone and callers write the initial beside it. */
MCN.chipSvg = function (colour, size) {
  return MCN.sv("svg", {width: size, height: size, viewBox: "-10 -10 20 20", class: "i", "aria-hidden": "true"},
    MCN.chip(colour, 0, 0, 9, null, size < 24));
};
MCN.letterSvg = function (letter, size) {
  const c = MCN.COLOURS[MCN.LETTER_COLOURS[letter]];
  return MCN.sv("svg", {width: size * 0.8, height: size, viewBox: "-7 -9 14 18", class: "i", "aria-hidden": "true"},
    MCN.sv("rect", {x: -6, y: -8, width: 12, height: 16, rx: 2, fill: c.fill, stroke: "#222"}),
    MCN.sv("path", {d: "M-3 -3 L3 -3 M-3 0 L3 0 M-3 3 L1 3", stroke: c.ink, "stroke-width": 1}));
};
