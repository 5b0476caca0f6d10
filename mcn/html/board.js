/* mcn record viewer: the board, drawn as SVG from one frame's compact state (mcn/html/compact.py).
   Seats are [space, tie, post, money, goods, letters, chest I, chest II, shown, sins].

   The board is drawn by regions, each an <svg> of its own: the Record of Sins across the whole
   width (drawn for the width it has, in two rows on a phone), then six regions of RW × RH
   units that the style lays out in two columns or stacks on a narrow screen. A region is never
   shown smaller than its own units (the grid's columns are at least RW px wide), and no text in
   it is smaller than 11 units, so no text on the board is ever smaller than 11 px. */
MCN.SEAT = {space: 0, tie: 1, post: 2, money: 3, goods: 4, letters: 5, chestI: 6, chestII: 7, shown: 8, sins: 9};
MCN.RW = 352;
MCN.RH = 215;

MCN.text = (x, y, content, attrs) => MCN.sv("text", Object.assign({x: x, y: y}, attrs || {}), content);
MCN.box = (x, y, w, h, title, extra) => MCN.sv("g", extra || {},
  MCN.sv("rect", {x: x, y: y, width: w, height: h, rx: 8, class: "panel"}),
  MCN.text(x + 10, y + 18, title, {class: "panel-title"}));

/* A region: an <svg> of w × h units, shown at least that many px wide. */
MCN.region = function (name, label, w, h, ...children) {
  return MCN.sv("svg", {class: "region region-" + name, viewBox: `0 0 ${w} ${h}`, width: w, height: h,
    role: "img", "aria-label": label}, ...children);
};

/* A name for a drawing: at most `max` characters, cut with an ellipsis (the full name goes into
   the element's title). */
MCN.cut = (name, max) => (name.length > max ? name.slice(0, max - 1) + "…" : name);

MCN.drawBoard = function (host, s, view) {
  MCN.clear(host);
  // the width of the host's content box: the track is drawn one unit to the pixel
  const style = getComputedStyle(host);
  const inner = host.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const width = Math.max(280, Math.floor(inner || 1000));
  host.appendChild(MCN.drawTrack(s, view, width));
  const grid = MCN.el("div", {class: "regions"});
  for (const draw of [MCN.drawDens, MCN.drawCathedrals, MCN.drawHouse, MCN.drawMarket,
    MCN.drawCharacters, MCN.drawNow]) grid.appendChild(draw(s, view));
  host.appendChild(grid);
  host.dataset.width = String(width);
};

/* The Record of Sins: Heaven on the left, Hell's edge (space `hell`) on the right. Drawn for
   `width` px: one row when there is room, else two (Heaven to 0, then 1 to Hell). */
MCN.drawTrack = function (s, view, width) {
  const V = view.vocab, heaven = V.heaven, hell = V.hell, first = -(heaven - 1);
  const narrow = width < 640;
  const rowHeight = 128, height = narrow ? 2 * rowHeight + 24 : rowHeight + 24;
  const svg = MCN.region("track", "The Record of Sins", width, height);
  svg.classList.add("track");
  svg.appendChild(MCN.text(10, 18, "Record of Sins", {class: "panel-title"}));
  svg.appendChild(MCN.text(width - 8, 18, `Heaven at −${heaven} · start 0 · Hell beyond ${hell}`,
    {"text-anchor": "end", class: "muted"}));
  const boxW = narrow ? 54 : 78, hellW = narrow ? 48 : 58;
  // rows: [first space, last space, left edge, right edge, top of the cells]
  const rows = narrow
    ? [[first, 0, boxW + 12, width - 8, 114], [1, hell, 8, width - hellW - 12, 114 + rowHeight]]
    : [[first, hell, boxW + 14, width - hellW - 14, 114]];
  const cellHeight = 18;
  const heavenTop = 30, hellTop = narrow ? 30 + rowHeight : 30;
  svg.appendChild(MCN.sv("g", {class: "heaven"},
    MCN.sv("rect", {x: 6, y: heavenTop, width: boxW, height: 104, rx: 10, fill: "#e4f1fb", stroke: "#7aa7c7"}),
    MCN.sv("path", {d: `M${6 + boxW / 2 - 17} ${heavenTop + 30} a8 8 0 0 1 14 -6 a10 10 0 0 1 18 2 a7 7 0 0 1 4 12 h-34 a6 6 0 0 1 -2 -8z`,
      fill: "#fff", stroke: "#9bbbd4"}),
    MCN.text(6 + boxW / 2, heavenTop + 96, "Heaven", {"text-anchor": "middle", class: "label"})));
  const hx = width - hellW - 6;
  svg.appendChild(MCN.sv("g", {class: "hell"},
    MCN.sv("rect", {x: hx, y: hellTop, width: hellW, height: 104, rx: 10, fill: "#5b1111", stroke: "#2b0505"}),
    MCN.sv("path", {d: `M${hx + hellW / 2 - 15} ${hellTop + 62} q4 -14 10 -20 q-1 10 5 14 q2 -12 9 -20 q2 12 6 26 z`, fill: "#f08a24"}),
    MCN.text(hx + hellW / 2, hellTop + 96, "Hell", {"text-anchor": "middle", class: "hell-label"})));
  const place = {};  // space -> [x, top of its row]
  for (const [from, to, left, right, top] of rows) {
    const cell = (right - left) / (to - from + 1);
    for (let space = from; space <= to; space++) {
      const x = left + (space - from) * cell;
      place[space] = [x + cell / 2, top];
      let fill;
      if (space < 0) fill = "#d7e9f7";
      else if (space === 0) fill = "#ffffff";
      else {
        const t = space / hell;
        fill = `rgb(${Math.round(252 - 60 * t)},${Math.round(236 - 190 * t)},${Math.round(226 - 190 * t)})`;
      }
      svg.appendChild(MCN.sv("rect", {x: x, y: top, width: cell, height: cellHeight, fill: fill,
        stroke: space === 0 ? "#222" : "#b9b2a6", "stroke-width": space === 0 ? 1.6 : 0.5}));
      if (space % 5 === 0) {
        svg.appendChild(MCN.text(x + cell / 2, top + cellHeight + 13, String(space),
          {"text-anchor": "middle", class: "tick"}));
      }
    }
  }
  // souls: a disc per player above its space, in lanes so that no two overlap
  const souls = view.players.map((c) => ({c: c, space: s[c][0], tie: s[c][1]}));
  souls.sort((a, b) => a.space - b.space || a.tie - b.tie);
  const lanes = {};
  const inHeaven = [];
  for (const soul of souls) {
    if (soul.space <= -heaven || place[soul.space] === undefined) { inHeaven.push(soul); continue; }
    const [x, top] = place[soul.space];
    const used = lanes[top] || (lanes[top] = []);
    let lane = 0;
    while (used[lane] !== undefined && used[lane] > x - 34) lane++;
    used[lane] = x;
    soul.x = x; soul.y = top - 14 - lane * 23; soul.top = top;
  }
  for (const soul of souls) {
    if (soul.x === undefined) {
      const i = inHeaven.indexOf(soul);
      soul.x = 6 + boxW / 2 + (i % 2 ? 12 : -12); soul.y = heavenTop + 20 + Math.floor(i / 2) * 23;
    } else {
      svg.appendChild(MCN.sv("line", {x1: soul.x, y1: soul.y + 10, x2: soul.x, y2: soul.top,
        stroke: MCN.COLOURS[soul.c].fill, "stroke-width": 2}));
      const left = soul.x > width - 30;  // near the right edge: the number goes to the left
      svg.appendChild(MCN.text(soul.x + (left ? -13 : 13), soul.y + 4, String(soul.space),
        {class: "soul-space", "text-anchor": left ? "end" : "start"}));
    }
  }
  for (const soul of souls) {
    const name = view.names[soul.c];
    const where = soul.space <= -heaven ? "in Heaven" : `on space ${soul.space}`;
    const attrs = {class: "soul", "data-colour": soul.c, "data-space": soul.space};
    const chip = MCN.chip(soul.c, soul.x, soul.y, 10.5, attrs);
    chip.appendChild(MCN.sv("title", {}, `${MCN.COLOURS[soul.c].name}${name ? " (" + name + ")" : ""}: soul ${where}`));
    svg.appendChild(chip);
  }
  return svg;
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
  const V = view.vocab, w = MCN.RW, h = MCN.RH;
  const svg = MCN.region("dens", "Dens of Sin", w, h, MCN.box(0.5, 0.5, w - 1, h - 1, "Dens of Sin"));
  svg.classList.add("dens");
  V.dens.forEach((den, d) => {
    const x = 8 + d * 113, y = 26;
    const col = MCN.sv("g", {class: "den", "data-den": den, "data-pope-stones": s.ps[d]},
      MCN.sv("rect", {x: x, y: y, width: 108, height: h - 34, rx: 6, class: "den-box"}),
      MCN.text(x + 54, y + 16, MCN.DEN_NAMES[den] || den, {"text-anchor": "middle", class: "label"}));
    for (let i = 0; i < s.ps[d]; i++) {
      const stone = MCN.icon("pope-stone", x + 22 + i * 22, y + 32, 16);
      stone.appendChild(MCN.sv("title", {}, "Pope stone"));
      col.appendChild(stone);
    }
    view.players.forEach((c, p) => {
      const n = s[c][MCN.SEAT.sins][d];
      const yy = y + 52 + p * 33;
      const row = MCN.sv("g", {class: "sins", "data-colour": c, "data-count": n},
        MCN.chip(c, x + 14, yy + 6, 10.5),
        MCN.pips(x + 29, yy + 2, n, MCN.COLOURS[c].fill, 7, 9),
        n > 7 ? MCN.text(x + 29, yy + 24, `${n} stones`, {class: "muted"}) : null,
        n > 0 ? null : MCN.text(x + 31, yy + 10, "–", {class: "muted"}));
      row.appendChild(MCN.sv("title", {}, `${MCN.COLOURS[c].name}: ${n} sin stone${n === 1 ? "" : "s"} in ${MCN.DEN_NAMES[den]}`));
      col.appendChild(row);
    });
    svg.appendChild(col);
  });
  return svg;
};

MCN.ROW_NAMES = ["bread & wine", "cloth & jewel", "money"];

MCN.drawCathedrals = function (s, view) {
  const V = view.vocab, w = MCN.RW, h = MCN.RH;
  const svg = MCN.region("cathedrals", "Cathedrals", w, h, MCN.box(0.5, 0.5, w - 1, h - 1, "Cathedrals"));
  svg.classList.add("cathedrals");
  const [hut, card, finished] = s.cr;
  svg.appendChild(MCN.text(w - 10, 18, `finished ${finished} of 2`, {"text-anchor": "end", class: "muted"}));
  s.st.forEach(([crews, level], i) => {
    const x = 8 + i * 113, y = 26, cx = x + 54, ground = y + 92;
    const site = MCN.sv("g", {class: "site", "data-site": i + 1, "data-level": level, "data-crews": crews});
    site.appendChild(MCN.sv("rect", {x: x, y: y, width: 108, height: h - 34, rx: 6, class: "den-box"}));
    site.appendChild(MCN.text(x + 8, y + 16, String(i + 1), {class: "site-number"}));
    site.appendChild(MCN.sv("line", {x1: x + 8, y1: ground, x2: x + 100, y2: ground, stroke: "#6d5c44", "stroke-width": 2}));
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
    svg.appendChild(site);
  });
  const foot = MCN.sv("g", {class: "crews", "data-hut": hut, "data-card": card});
  foot.appendChild(MCN.icon("crew", 110, 14, 13));
  foot.appendChild(MCN.text(120, 18, `hut ${hut} · Emperor card ${card}`, {class: "muted"}));
  svg.appendChild(foot);
  return svg;
};

MCN.drawHouse = function (s, view) {
  const V = view.vocab, w = MCN.RW, h = MCN.RH;
  const [rooms, visited, suite6, pile, discard] = s.hp;
  const svg = MCN.region("house", "House of Pleasure", w, h, MCN.box(0.5, 0.5, w - 1, h - 1, "House of Pleasure"));
  svg.classList.add("house");
  svg.appendChild(MCN.text(w - 10, 18, `deck ${pile} · discard ${discard}`, {"text-anchor": "end", class: "muted"}));
  const cw = 164;
  /* A room card. `state`: "visited" (ticked), "empty" (no card: greyed, not ticked) or "". */
  const card = (n, x, y, title, detail, cost, state, attrs) => {
    const room = MCN.sv("g", Object.assign({class: "room" + (state ? " " + state : ""), "data-room": n,
      "data-visited": state === "visited" ? "1" : "0"}, attrs || {}),
      MCN.sv("rect", {x: x, y: y, width: cw, height: 52, rx: 6, class: "room-card"}),
      MCN.sv("circle", {cx: x + 14, cy: y + 14, r: 10, class: "room-number"}),
      MCN.text(x + 14, y + 18, String(n), {"text-anchor": "middle", class: "room-number-text"}),
      MCN.text(x + 30, y + 19, title, {class: "room-title"}),
      MCN.text(x + 10, y + 42, detail, {class: "muted"}));
    for (let k = 0; k < cost; k++) {
      room.appendChild(MCN.sv("path", {d: `M${x + cw - 12 - k * 10} ${y + 34} l4 8 l-8 0 z`, fill: "#6d5c44"}));
    }
    if (state === "visited") room.appendChild(MCN.sv("path", {d: `M${x + cw - 26} ${y + 10} l5 5 l10 -10`, stroke: "#333", "stroke-width": 2.2, fill: "none"}));
    return room;
  };
  for (let r = 0; r < 4; r++) {
    const id = rooms[r];
    const x = 8 + (r % 2) * (cw + 8), y = 26 + Math.floor(r / 2) * 60;
    const cost = id ? (V.cards[id] || 0) : 0;
    // a room visited this round (its card may be gone) is ticked; one never dealt is empty
    const detail = visited[r] ? "visited" : (id ? `${cost} notch${cost === 1 ? "" : "es"}` : "no card");
    const state = visited[r] ? "visited" : (id ? "" : "empty");
    svg.appendChild(card(r + 1, x, y, id || "—", detail, cost, state, {"data-card": id || ""}));
  }
  const y5 = 26 + 2 * 60;
  svg.appendChild(card(5, 8, y5, "Suite 5", visited[4] ? "used this round" : "welcome", 0, visited[4] ? "visited" : ""));
  const six = card(6, 16 + cw, y5, "Suite 6", suite6 ? (visited[5] ? "visited" : "yellow letter, 2 notches") : "empty", 0,
    visited[5] ? "visited" : (suite6 ? "" : "empty"));
  if (suite6) six.appendChild(MCN.letterSvgAt("yellow", 16 + cw + 130, y5 + 6, 16));
  svg.appendChild(six);
  return svg;
};

MCN.letterSvgAt = function (letter, x, y, size) {
  const c = MCN.COLOURS[MCN.LETTER_COLOURS[letter]];
  return MCN.sv("rect", {x: x - size * 0.35, y: y, width: size * 0.7, height: size, rx: 2, fill: c.fill, stroke: "#222"});
};

/* The market (prices from the board profile) and the bag. */
MCN.drawMarket = function (s, view) {
  const V = view.vocab, w = MCN.RW, h = MCN.RH;
  const svg = MCN.region("market", "Market and bag", w, h, MCN.box(0.5, 0.5, w - 1, h - 1, "Market"));
  svg.classList.add("supplies");
  const market = MCN.sv("g", {class: "market"});
  V.stones.forEach((stone, i) => {
    const x = 32 + i * 68, n = s.mk[i];
    const item = MCN.sv("g", {class: "market-stone" + (n ? "" : " empty"), "data-stone": stone, "data-count": n},
      MCN.icon(stone, x, 48, 26),
      MCN.text(x + 17, 56, "×" + n, {class: "count"}),
      MCN.text(x + 4, 86, i < 4 ? `buy ${V.purchase[i]}` : "letter", {"text-anchor": "middle", class: "muted"}),
      MCN.text(x + 4, 100, i < 4 ? `sell ${V.sale[i]}` : String(V.letterPrice), {"text-anchor": "middle", class: "muted"}));
    item.appendChild(MCN.sv("title", {}, `${n} ${stone} in the market`));
    market.appendChild(item);
  });
  svg.appendChild(market);
  const bag = MCN.sv("g", {class: "bag"}, MCN.sv("line", {x1: 10, y1: 116, x2: w - 10, y2: 116, stroke: "#e3d9c9"}),
    MCN.text(10, 136, "Bag", {class: "panel-title"}));
  V.stones.forEach((stone, i) => {
    const x = 32 + i * 68, n = s.bg[i];
    bag.appendChild(MCN.sv("g", {class: "bag-stone", "data-stone": stone, "data-count": n},
      MCN.icon(stone, x, 168, 20), MCN.text(x + 16, 174, String(n), {class: "count-small"}),
      MCN.sv("title", {}, `${n} ${stone} in the bag`)));
  });
  svg.appendChild(bag);
  return svg;
};

/* The characters and who holds them, and the letter supply. */
MCN.drawCharacters = function (s, view) {
  const V = view.vocab, w = MCN.RW, h = MCN.RH;
  const svg = MCN.region("characters", "Characters and letters", w, h,
    MCN.box(0.5, 0.5, w - 1, h - 1, `Characters · round ${s.rd[0]}, ${s.rd[1]}`));
  svg.classList.add("round-info");
  V.characters.forEach((character, i) => {
    const x = 8 + (i % 2) * 172, y = 26 + Math.floor(i / 2) * 44, holder = s.ch[i];
    const card = MCN.sv("g", {class: "character", "data-character": character, "data-holder": holder || ""},
      MCN.sv("rect", {x: x, y: y, width: 164, height: 38, rx: 6, class: "room-card"}),
      MCN.icon(character, x + 16, y + 19, 20),
      MCN.text(x + 32, y + 23, V.characterNames[i], {class: "label"}));
    if (holder) card.appendChild(MCN.chip(holder, x + 146, y + 19, 10.5));
    else card.appendChild(MCN.text(x + 158, y + 23, "free", {"text-anchor": "end", class: "muted"}));
    svg.appendChild(card);
  });
  const supply = MCN.sv("g", {class: "supply"}, MCN.sv("line", {x1: 10, y1: 122, x2: w - 10, y2: 122, stroke: "#e3d9c9"}),
    MCN.text(10, 142, "Letters of Indulgence (supply)", {class: "panel-title"}));
  V.letters.forEach((letter, i) => {
    const x = 30 + i * 84, n = s.sp[i];
    const stack = MCN.sv("g", {class: "letter-stack", "data-letter": letter, "data-count": n});
    for (let k = Math.min(3, n) - 1; k >= 0; k--) stack.appendChild(MCN.letterSvgAt(letter, x + k * 3, 160 - k * 3, 34));
    if (!n) stack.appendChild(MCN.sv("rect", {x: x - 12, y: 160, width: 24, height: 34, rx: 2, fill: "none", stroke: "#999", "stroke-dasharray": "3 2"}));
    stack.appendChild(MCN.text(x + 20, 186, "×" + n, {class: "count"}));
    stack.appendChild(MCN.sv("title", {}, `${n} ${letter} letter${n === 1 ? "" : "s"} in the supply`));
    supply.appendChild(stack);
  });
  svg.appendChild(supply);
  return svg;
};

/* What is pending this round: bids, the Pope die, an evaluation, the starting bonuses, the
   winners. */
MCN.drawNow = function (s, view) {
  const V = view.vocab, w = MCN.RW, h = MCN.RH, x0 = 0;
  const svg = MCN.region("pending", "Pending", w, h, MCN.box(0.5, 0.5, w - 1, h - 1, "Pending"));
  svg.classList.add("moment");
  let y = 42;
  const row = (label) => { svg.appendChild(MCN.text(x0 + 10, y + 4, label, {class: "label"})); const at = y; y += 24; return at; };
  const bids = Object.keys(s.bd);
  if (bids.length) {
    row("Bids");
    y -= 24;
    bids.forEach((c, k) => {
      const b = s.bd[c], x = 96 + (k % 2) * 124, at = y + Math.floor(k / 2) * 24;
      const shown = b === null ? "not yet" : (MCN.isHidden(b) ? "secret" : `${b[0]} + ${b[1]}`);
      svg.appendChild(MCN.sv("g", {class: "bid", "data-colour": c, "data-bid": b === null ? "" : (MCN.isHidden(b) ? "?" : b.join("+"))},
        MCN.chip(c, x, at, 10.5), MCN.isHidden(b) ? MCN.icon("lock", x + 19, at - 1, 11) : null,
        MCN.text(x + (MCN.isHidden(b) ? 28 : 15), at + 4, shown, {class: "small"})));
    });
    y += Math.ceil(bids.length / 2) * 24;
  }
  if (s.dv !== null && s.dv !== undefined) {
    const at = row("Pope die");
    svg.appendChild(MCN.sv("rect", {x: 96, y: at - 10, width: 20, height: 20, rx: 4, fill: "#fffdf5", stroke: "#6d5c44"}));
    svg.appendChild(MCN.text(106, at + 5, MCN.isHidden(s.dv) ? "?" : String(s.dv), {"text-anchor": "middle", class: "label"}));
    svg.appendChild(MCN.text(124, at + 4, MCN.isHidden(s.dv) ? "set in secret" : (s.dv <= 4 ? `room ${s.dv}` : `Suite ${s.dv}`), {class: "muted"}));
  }
  if (s.ev) {
    const [site, compartment, category, display, queue] = s.ev;
    const at = row("Evaluation");
    svg.appendChild(MCN.text(96, at + 4, `cathedral ${site}, chest ${compartment}, ${MCN.ROW_NAMES[category] || category}`, {class: "small"}));
    const at2 = row("");
    let x = 96;
    V.letters.forEach((letter, i) => {
      for (let k = 0; k < display[i]; k++) { svg.appendChild(MCN.letterSvgAt(letter, x + 5, at2 - 8, 16)); x += 13; }
    });
    if (x === 96) { svg.appendChild(MCN.text(x, at2 + 4, "display empty", {class: "muted"})); x += 76; }
    svg.appendChild(MCN.text(x + 8, at2 + 4, "to pick:", {class: "muted"}));
    queue.forEach((c, k) => svg.appendChild(MCN.chip(c, x + 66 + k * 23, at2, 10.5)));
  }
  if (s.bn.length && s.rd[1] === "setup" && y < h - 30) {
    const names = s.bn.map((b) => ["", "bread + wine", "jewel", "10 taler", "blue letter"][b] || b);
    const at = row("Bonuses");
    svg.appendChild(MCN.text(96, at + 4, names.slice(0, 2).join(" · "), {class: "small"}));
    if (names.length > 2) { svg.appendChild(MCN.text(96, y + 4, names.slice(2).join(" · "), {class: "small"})); y += 24; }
  }
  if (s.w.length && y < h - 20) {
    const at = row(s.w.length > 1 ? "Winners" : "Winner");
    s.w.forEach((c, k) => {
      const x = 106 + (k % 2) * 124, yy = at + Math.floor(k / 2) * 24;
      const name = view.names[c] || MCN.COLOURS[c].name;
      svg.appendChild(MCN.chip(c, x, yy, 10.5));
      const label = MCN.text(x + 15, yy + 4, MCN.cut(name, 14), {class: "small winner-name"});
      label.appendChild(MCN.sv("title", {}, name));
      svg.appendChild(label);
    });
  }
  if (y === 42) svg.appendChild(MCN.text(10, y + 4, "nothing beyond the next decision", {class: "muted"}));
  return svg;
};
