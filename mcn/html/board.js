/* mcn record viewer: the board, drawn as SVG from one frame's compact state (mcn/html/compact.py).
   Seats are [space, tie, post, money, goods, letters, chest I, chest II, shown, sins]. */
MCN.SEAT = {space: 0, tie: 1, post: 2, money: 3, goods: 4, letters: 5, chestI: 6, chestII: 7, shown: 8, sins: 9};
MCN.W = 1000;
MCN.H = 600;

MCN.text = (x, y, content, attrs) => MCN.sv("text", Object.assign({x: x, y: y}, attrs || {}), content);
MCN.box = (x, y, w, h, title, extra) => MCN.sv("g", extra || {},
  MCN.sv("rect", {x: x, y: y, width: w, height: h, rx: 8, class: "panel"}),
  MCN.text(x + 10, y + 18, title, {class: "panel-title"}));

MCN.drawBoard = function (svg, s, view) {
  MCN.clear(svg);
  svg.setAttribute("viewBox", `0 0 ${MCN.W} ${MCN.H}`);
  svg.appendChild(MCN.drawTrack(s, view));
  svg.appendChild(MCN.drawDens(s, view));
  svg.appendChild(MCN.drawCathedrals(s, view));
  svg.appendChild(MCN.drawHouse(s, view));
  svg.appendChild(MCN.drawMarket(s, view));
  svg.appendChild(MCN.drawCharacters(s, view));
};

/* The Record of Sins: Heaven on the left, Hell's edge (space `hell`) on the right. */
MCN.drawTrack = function (s, view) {
  const V = view.vocab, heaven = V.heaven, hell = V.hell;
  const g = MCN.sv("g", {class: "track"});
  g.appendChild(MCN.text(10, 18, "Record of Sins", {class: "panel-title"}));
  g.appendChild(MCN.text(150, 18, `Heaven at −${heaven} · start 0 · Hell beyond ${hell}`, {class: "muted"}));
  const left = 92, right = 928, first = -(heaven - 1), count = hell - first + 1;
  const cell = (right - left) / count, top = 114, height = 18;
  const xOf = (space) => left + (space - first + 0.5) * cell;
  const heavenBox = MCN.sv("g", {class: "heaven"},
    MCN.sv("rect", {x: 8, y: 30, width: 78, height: 104, rx: 10, fill: "#e4f1fb", stroke: "#7aa7c7"}),
    MCN.sv("path", {d: "M22 60 a8 8 0 0 1 14 -6 a10 10 0 0 1 18 2 a7 7 0 0 1 4 12 h-34 a6 6 0 0 1 -2 -8z",
      fill: "#fff", stroke: "#9bbbd4"}),
    MCN.text(47, 126, "Heaven", {"text-anchor": "middle", class: "label"}));
  g.appendChild(heavenBox);
  g.appendChild(MCN.sv("g", {class: "hell"},
    MCN.sv("rect", {x: 934, y: 30, width: 58, height: 104, rx: 10, fill: "#5b1111", stroke: "#2b0505"}),
    MCN.sv("path", {d: "M948 92 q4 -14 10 -20 q-1 10 5 14 q2 -12 9 -20 q2 12 6 26 z", fill: "#f08a24"}),
    MCN.text(963, 126, "Hell", {"text-anchor": "middle", class: "hell-label"})));
  for (let space = first; space <= hell; space++) {
    const x = left + (space - first) * cell;
    let fill;
    if (space < 0) fill = "#d7e9f7";
    else if (space === 0) fill = "#ffffff";
    else {
      const t = space / hell;
      fill = `rgb(${Math.round(252 - 60 * t)},${Math.round(236 - 190 * t)},${Math.round(226 - 190 * t)})`;
    }
    g.appendChild(MCN.sv("rect", {x: x, y: top, width: cell, height: height, fill: fill,
      stroke: space === 0 ? "#222" : "#b9b2a6", "stroke-width": space === 0 ? 1.6 : 0.5}));
    if (space % 5 === 0) {
      g.appendChild(MCN.text(x + cell / 2, top + height + 13, String(space),
        {"text-anchor": "middle", class: "tick"}));
    }
  }
  // souls: a disc per player above its space, in lanes so that no two overlap
  const souls = view.players.map((c) => ({c: c, space: s[c][0], tie: s[c][1]}));
  souls.sort((a, b) => a.space - b.space || a.tie - b.tie);
  const lanes = [];
  const inHeaven = [];
  for (const soul of souls) {
    if (soul.space <= -heaven) { inHeaven.push(soul); continue; }
    const x = xOf(soul.space);
    let lane = 0;
    while (lanes[lane] !== undefined && lanes[lane] > x - 23) lane++;
    lanes[lane] = x;
    soul.x = x; soul.y = 100 - lane * 22;
  }
  for (const soul of souls) {
    if (soul.x === undefined) {
      const i = inHeaven.indexOf(soul);
      soul.x = 28 + (i % 2) * 38; soul.y = 84 + Math.floor(i / 2) * 22;
    } else {
      g.appendChild(MCN.sv("line", {x1: soul.x, y1: soul.y + 10, x2: soul.x, y2: top,
        stroke: MCN.COLOURS[soul.c].fill, "stroke-width": 2}));
      g.appendChild(MCN.text(soul.x + 13, soul.y + 4, String(soul.space), {class: "soul-space"}));
    }
  }
  for (const soul of souls) {
    const name = view.names[soul.c];
    const where = soul.space <= -heaven ? "in Heaven" : `on space ${soul.space}`;
    const attrs = {class: "soul", "data-colour": soul.c, "data-space": soul.space};
    const chip = MCN.chip(soul.c, soul.x, soul.y, 10, attrs);
    chip.appendChild(MCN.sv("title", {}, `${MCN.COLOURS[soul.c].name}${name ? " (" + name + ")" : ""}: soul ${where}`));
    g.appendChild(chip);
  }
  return g;
};

/* A row of up to `max` small squares, `n` of them filled. */
MCN.pips = function (x, y, n, fill, max, size) {
  const g = MCN.sv("g", {});
  for (let i = 0; i < Math.max(n, 0) && i < max; i++) {
    g.appendChild(MCN.sv("rect", {x: x + i * (size + 2), y: y, width: size, height: size, rx: 2,
      fill: fill, stroke: "#222", "stroke-width": 0.6}));
  }
  return g;
};

MCN.DEN_NAMES = {lust: "Lust", petty: "Petty Sins", greed: "Greed"};

MCN.drawDens = function (s, view) {
  const V = view.vocab, x0 = 8, y0 = 160, w = 345, h = 215;
  const g = MCN.box(x0, y0, w, h, "Dens of Sin", {class: "dens"});
  V.dens.forEach((den, d) => {
    const x = x0 + 10 + d * 112, y = y0 + 30;
    const col = MCN.sv("g", {class: "den", "data-den": den, "data-pope-stones": s.ps[d]},
      MCN.sv("rect", {x: x, y: y, width: 104, height: h - 40, rx: 6, class: "den-box"}),
      MCN.text(x + 52, y + 16, MCN.DEN_NAMES[den] || den, {"text-anchor": "middle", class: "label"}));
    for (let i = 0; i < s.ps[d]; i++) {
      const stone = MCN.icon("pope-stone", x + 22 + i * 22, y + 34, 16);
      stone.appendChild(MCN.sv("title", {}, "Pope stone"));
      col.appendChild(stone);
    }
    view.players.forEach((c, p) => {
      const n = s[c][MCN.SEAT.sins][d];
      const yy = y + 56 + p * 30;
      const row = MCN.sv("g", {class: "sins", "data-colour": c, "data-count": n},
        MCN.chip(c, x + 12, yy + 6, 7),
        MCN.pips(x + 24, yy + 1, n, MCN.COLOURS[c].fill, 7, 9),
        n > 0 ? null : MCN.text(x + 26, yy + 10, "–", {class: "muted"}));
      row.appendChild(MCN.sv("title", {}, `${MCN.COLOURS[c].name}: ${n} sin stone${n === 1 ? "" : "s"} in ${MCN.DEN_NAMES[den]}`));
      col.appendChild(row);
    });
    g.appendChild(col);
  });
  return g;
};

MCN.ROW_NAMES = ["bread & wine", "cloth & jewel", "money"];

MCN.drawCathedrals = function (s, view) {
  const V = view.vocab, x0 = 362, y0 = 160, w = 345, h = 215;
  const g = MCN.box(x0, y0, w, h, "Cathedrals", {class: "cathedrals"});
  const [hut, card, finished] = s.cr;
  g.appendChild(MCN.text(x0 + w - 10, y0 + 18, `finished ${finished} of 2`, {"text-anchor": "end", class: "muted"}));
  s.st.forEach(([crews, level], i) => {
    const x = x0 + 10 + i * 112, y = y0 + 28, cx = x + 52, ground = y + 92;
    const site = MCN.sv("g", {class: "site", "data-site": i + 1, "data-level": level, "data-crews": crews});
    site.appendChild(MCN.sv("rect", {x: x, y: y, width: 104, height: 176, rx: 6, class: "den-box"}));
    site.appendChild(MCN.text(x + 8, y + 16, String(i + 1), {class: "site-number"}));
    site.appendChild(MCN.sv("line", {x1: x + 8, y1: ground, x2: x + 96, y2: ground, stroke: "#6d5c44", "stroke-width": 2}));
    if (level === 0) {
      site.appendChild(MCN.sv("rect", {x: cx - 30, y: ground - 22, width: 60, height: 22, fill: "none",
        stroke: "#9a8b74", "stroke-dasharray": "4 3"}));
    }
    if (level >= 1) {
      site.appendChild(MCN.sv("path", {d: `M${cx - 34} ${ground} v-30 l17 -14 h34 v44 z`, fill: "#e9dcc0", stroke: "#6d5c44"}));
      site.appendChild(MCN.sv("path", {d: `M${cx - 24} ${ground} v-12 a5 5 0 0 1 10 0 v12`, fill: "#8d7a5a"}));
    }
    if (level >= 2) {
      site.appendChild(MCN.sv("path", {d: `M${cx + 17} ${ground} v-48 l8 -24 l8 24 v48 z`, fill: "#e9dcc0", stroke: "#6d5c44"}));
      site.appendChild(MCN.sv("path", {d: `M${cx + 25} ${ground - 86} v-8 M${cx + 22} ${ground - 91} h6`, stroke: "#6d5c44", "stroke-width": 1.5}));
    }
    const label = ["no nave", "nave", "finished"][Math.min(level, 2)];
    site.appendChild(MCN.text(cx, ground + 14, label, {"text-anchor": "middle", class: "muted"}));
    for (let k = 0; k < crews; k++) site.appendChild(MCN.icon("crew", x + 16 + k * 20, y + 32, 16));
    // the letters this cathedral pays out, per category (board profile)
    (V.rows[i] || []).forEach((row, r) => {
      const yy = ground + 24 + r * 16;
      site.appendChild(MCN.icon(["wine", "jewel", "money"][r], x + 12, yy + 5, 11));
      row.forEach((letter, k) => {
        const c = MCN.COLOURS[MCN.LETTER_COLOURS[letter]];
        site.appendChild(MCN.sv("rect", {x: x + 22 + k * 14, y: yy, width: 11, height: 11, rx: 2,
          fill: c.fill, stroke: "#333", "stroke-width": 0.6}));
      });
    });
    site.appendChild(MCN.sv("title", {}, `Cathedral ${i + 1}: ${label}, ${crews} crew${crews === 1 ? "" : "s"}`));
    g.appendChild(site);
  });
  const foot = MCN.sv("g", {class: "crews", "data-hut": hut, "data-card": card});
  foot.appendChild(MCN.icon("crew", x0 + 110, y0 + 14, 13));
  foot.appendChild(MCN.text(x0 + 120, y0 + 18, `hut ${hut} · Emperor card ${card}`, {class: "muted"}));
  g.appendChild(foot);
  return g;
};

MCN.drawHouse = function (s, view) {
  const V = view.vocab, x0 = 716, y0 = 160, w = 276, h = 215;
  const [rooms, visited, suite6, pile, discard] = s.hp;
  const g = MCN.box(x0, y0, w, h, "House of Pleasure", {class: "house"});
  g.appendChild(MCN.text(x0 + w - 10, y0 + h - 6, `deck ${pile} cards · discard ${discard}`, {"text-anchor": "end", class: "muted"}));
  const card = (n, x, y, title, detail, cost, used, attrs) => {
    const room = MCN.sv("g", Object.assign({class: "room" + (used ? " used" : ""), "data-room": n}, attrs || {}),
      MCN.sv("rect", {x: x, y: y, width: 124, height: 50, rx: 6, class: "room-card"}),
      MCN.sv("circle", {cx: x + 13, cy: y + 13, r: 9, class: "room-number"}),
      MCN.text(x + 13, y + 17, String(n), {"text-anchor": "middle", class: "room-number-text"}),
      MCN.text(x + 28, y + 18, title, {class: "room-title"}),
      MCN.text(x + 10, y + 40, detail, {class: "muted"}));
    for (let k = 0; k < cost; k++) {
      room.appendChild(MCN.sv("path", {d: `M${x + 112 - k * 9} ${y + 34} l4 8 l-8 0 z`, fill: "#6d5c44"}));
    }
    if (used) room.appendChild(MCN.sv("path", {d: `M${x + 100} ${y + 10} l5 5 l10 -10`, stroke: "#333", "stroke-width": 2.2, fill: "none"}));
    return room;
  };
  for (let r = 0; r < 4; r++) {
    const id = rooms[r];
    const x = x0 + 10 + (r % 2) * 130, y = y0 + 28 + Math.floor(r / 2) * 56;
    const cost = id ? (V.cards[id] || 0) : 0;
    const detail = id ? (visited[r] ? "visited" : `${cost} notch${cost === 1 ? "" : "es"}`) : "no card";
    g.appendChild(card(r + 1, x, y, id || "—", detail, cost, visited[r] || !id, {"data-card": id || ""}));
  }
  const y5 = y0 + 28 + 2 * 56;
  g.appendChild(card(5, x0 + 10, y5, "Suite 5", visited[4] ? "used this round" : "welcome", 0, visited[4]));
  const six = card(6, x0 + 140, y5, "Suite 6", suite6 ? (visited[5] ? "visited" : "yellow letter, 2 notches") : "empty", 0, visited[5] || !suite6);
  if (suite6) six.appendChild(MCN.letterSvgAt("yellow", x0 + 250, y5 + 6, 16));
  g.appendChild(six);
  return g;
};

MCN.letterSvgAt = function (letter, x, y, size) {
  const c = MCN.COLOURS[MCN.LETTER_COLOURS[letter]];
  return MCN.sv("rect", {x: x - size * 0.35, y: y, width: size * 0.7, height: size, rx: 2, fill: c.fill, stroke: "#222"});
};

MCN.drawMarket = function (s, view) {
  const V = view.vocab, y0 = 384, h = 100;
  const g = MCN.sv("g", {class: "supplies"});
  const market = MCN.box(8, y0, 440, h, "Market", {class: "market"});
  V.stones.forEach((stone, i) => {
    const x = 40 + i * 84, n = s.mk[i];
    const item = MCN.sv("g", {class: "market-stone" + (n ? "" : " empty"), "data-stone": stone, "data-count": n},
      MCN.icon(stone, x, y0 + 46, 26),
      MCN.text(x + 20, y0 + 54, "×" + n, {class: "count"}),
      MCN.text(x - 14, y0 + 88, i < 4 ? `buy ${V.purchase[i]} · sell ${V.sale[i]}` : `letter ${V.letterPrice}`, {class: "muted small"}));
    item.appendChild(MCN.sv("title", {}, `${n} ${stone} in the market`));
    market.appendChild(item);
  });
  g.appendChild(market);
  const bag = MCN.box(456, y0, 220, h, "Bag", {class: "bag"});
  V.stones.forEach((stone, i) => {
    const x = 476 + i * 41, n = s.bg[i];
    bag.appendChild(MCN.sv("g", {class: "bag-stone", "data-stone": stone, "data-count": n},
      MCN.icon(stone, x, y0 + 48, 18), MCN.text(x, y0 + 78, String(n), {"text-anchor": "middle", class: "count-small"})));
  });
  g.appendChild(bag);
  const supply = MCN.box(684, y0, 308, h, "Letters of Indulgence (supply)", {class: "supply"});
  V.letters.forEach((letter, i) => {
    const x = 720 + i * 72, n = s.sp[i];
    const stack = MCN.sv("g", {class: "letter-stack", "data-letter": letter, "data-count": n});
    for (let k = Math.min(3, n) - 1; k >= 0; k--) stack.appendChild(MCN.letterSvgAt(letter, x + k * 3, y0 + 34 - k * 3, 34));
    if (!n) stack.appendChild(MCN.sv("rect", {x: x - 12, y: y0 + 34, width: 24, height: 34, rx: 2, fill: "none", stroke: "#999", "stroke-dasharray": "3 2"}));
    stack.appendChild(MCN.text(x + 20, y0 + 62, "×" + n, {class: "count"}));
    stack.appendChild(MCN.sv("title", {}, `${n} ${letter} letter${n === 1 ? "" : "s"} in the supply`));
    supply.appendChild(stack);
  });
  g.appendChild(supply);
  return g;
};

MCN.drawCharacters = function (s, view) {
  const V = view.vocab, y0 = 492, h = 100;
  const g = MCN.sv("g", {class: "round-info"});
  const chars = MCN.box(8, y0, 440, h, `Characters · round ${s.rd[0]}, ${s.rd[1]}`, {class: "characters"});
  V.characters.forEach((character, i) => {
    const x = 18 + i * 106, holder = s.ch[i];
    const card = MCN.sv("g", {class: "character", "data-character": character, "data-holder": holder || ""},
      MCN.sv("rect", {x: x, y: y0 + 28, width: 98, height: 62, rx: 6, class: "room-card"}),
      MCN.icon(character, x + 18, y0 + 48, 22),
      MCN.text(x + 34, y0 + 52, V.characterNames[i], {class: "label small"}));
    if (holder) card.appendChild(MCN.chip(holder, x + 49, y0 + 74, 10));
    else card.appendChild(MCN.text(x + 49, y0 + 78, "unclaimed", {"text-anchor": "middle", class: "muted small"}));
    chars.appendChild(card);
  });
  g.appendChild(chars);
  g.appendChild(MCN.drawNow(s, view, 456, y0, 536, h));
  return g;
};

/* What is pending this round: bids, the Pope die, an evaluation, the starting bonuses. */
MCN.drawNow = function (s, view, x0, y0, w, h) {
  const V = view.vocab;
  const g = MCN.box(x0, y0, w, h, "Pending", {class: "moment"});
  let y = y0 + 40;
  const row = (label) => { g.appendChild(MCN.text(x0 + 12, y + 4, label, {class: "label small"})); const at = y; y += 22; return at; };
  const bids = Object.keys(s.bd);
  if (bids.length) {
    const at = row("Bids");
    bids.forEach((c, k) => {
      const b = s.bd[c], x = x0 + 100 + k * 104;
      const shown = b === null ? "not yet" : (MCN.isHidden(b) ? "secret" : `${b[0]} + ${b[1]}`);
      g.appendChild(MCN.sv("g", {class: "bid", "data-colour": c, "data-bid": b === null ? "" : (MCN.isHidden(b) ? "?" : b.join("+"))},
        MCN.chip(c, x, at, 8), MCN.isHidden(b) ? MCN.icon("lock", x + 16, at - 1, 11) : null,
        MCN.text(x + (MCN.isHidden(b) ? 25 : 13), at + 4, shown, {class: "small"})));
    });
  }
  if (s.dv !== null && s.dv !== undefined) {
    const at = row("Pope die");
    g.appendChild(MCN.sv("rect", {x: x0 + 100, y: at - 9, width: 18, height: 18, rx: 4, fill: "#fffdf5", stroke: "#6d5c44"}));
    g.appendChild(MCN.text(x0 + 109, at + 4, MCN.isHidden(s.dv) ? "?" : String(s.dv), {"text-anchor": "middle", class: "label"}));
    g.appendChild(MCN.text(x0 + 126, at + 4, MCN.isHidden(s.dv) ? "set in secret" : (s.dv <= 4 ? `room ${s.dv}` : `Suite ${s.dv}`), {class: "muted"}));
  }
  if (s.ev) {
    const [site, compartment, category, display, queue] = s.ev;
    const at = row("Evaluation");
    g.appendChild(MCN.text(x0 + 100, at + 4, `cathedral ${site}, compartment ${compartment}, ${MCN.ROW_NAMES[category] || category}`, {class: "small"}));
    const at2 = row("");
    let x = x0 + 100;
    V.letters.forEach((letter, i) => {
      for (let k = 0; k < display[i]; k++) { g.appendChild(MCN.letterSvgAt(letter, x + 5, at2 - 8, 16)); x += 13; }
    });
    if (x === x0 + 100) { g.appendChild(MCN.text(x, at2 + 4, "display empty", {class: "muted"})); x += 70; }
    g.appendChild(MCN.text(x + 10, at2 + 4, "to pick:", {class: "muted"}));
    queue.forEach((c, k) => g.appendChild(MCN.chip(c, x + 62 + k * 20, at2, 8)));
  }
  if (s.bn.length && s.rd[1] === "setup" && y < y0 + h - 10) {
    row("Bonuses left");
    g.appendChild(MCN.text(x0 + 100, y - 18, s.bn.map((b) => ["", "bread + wine", "jewel", "10 taler", "blue letter"][b] || b).join(" · "), {class: "small"}));
  }
  if (s.w.length && y < y0 + h - 10) {
    const at = row(s.w.length > 1 ? "Winners" : "Winner");
    s.w.forEach((c, k) => {
      g.appendChild(MCN.chip(c, x0 + 108 + k * 90, at, 9));
      g.appendChild(MCN.text(x0 + 121 + k * 90, at + 4, view.names[c] || MCN.COLOURS[c].name, {class: "small"}));
    });
  }
  if (y === y0 + 40) g.appendChild(MCN.text(x0 + 12, y + 4, "nothing beyond the next decision", {class: "muted"}));
  return g;
};
