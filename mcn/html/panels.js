/* mcn record viewer: one panel per player (behind his screen, as far as the viewer may see),
   the status line and the events of the last decision. */

/* A value the viewer may not see, drawn the same way everywhere. */
MCN.hidden = (what) => MCN.el("span", {class: "hidden-value", title: `${what}: hidden from this viewer`},
  MCN.iconSvg("lock", 14), "hidden");

MCN.counts = function (values, names, kind) {
  if (MCN.isHidden(values)) return MCN.hidden(kind);
  const parts = [];
  names.forEach((name, i) => {
    if (!values[i]) return;
    const icon = kind === "letters" ? MCN.letterSvg(name, 16) : MCN.iconSvg(name, 16);
    parts.push(MCN.el("span", {class: "count-item", title: `${values[i]} ${name}`}, icon, String(values[i])));
  });
  /* Letters the viewer knows of but not their colour (received hand to hand, I-HID-5) follow
     the colours: "1 letter, colour unknown". */
  const unknown = values.length > names.length ? values[names.length] : 0;
  if (unknown) {
    const what = `${unknown} letter${unknown === 1 ? "" : "s"}, colour unknown`;
    parts.push(MCN.el("span", {class: "count-item unknown-colour", title: `${what} (passed hand to hand)`},
      MCN.iconSvg("lock", 14), what));
  }
  return parts.length ? parts : MCN.el("span", {class: "muted"}, "none");
};

MCN.postDial = function (post) {
  const svg = MCN.sv("svg", {width: 84, height: 14, viewBox: "0 0 84 14", class: "post-dial", "aria-hidden": "true"});
  for (let k = 1; k <= 6; k++) {
    svg.appendChild(MCN.sv("rect", {x: (k - 1) * 14, y: 1, width: 12, height: 12, rx: 2,
      fill: k <= post ? "#6d5c44" : "#efe8da", stroke: "#6d5c44", "stroke-width": 0.8}));
  }
  return svg;
};

MCN.drawPlayers = function (host, s, view) {
  MCN.clear(host);
  const V = view.vocab, S = MCN.SEAT;
  const pending = new Set(s.d[1]);
  for (const c of view.players) {
    const seat = s[c];
    const colour = MCN.COLOURS[c];
    const characters = [];
    V.characters.forEach((ch, i) => { if (s.ch[i] === c) characters.push([ch, V.characterNames[i]]); });
    const money = seat[S.money];
    const panel = MCN.el("section", {
      class: `player player-${c}` + (pending.has(c) ? " to-move" : "") + (view.viewer === c ? " viewer" : ""),
      "data-colour": c, "data-post": seat[S.post], "data-money": money, "data-space": seat[S.space],
    });
    const name = view.names[c];
    panel.appendChild(MCN.el("header", {class: "player-head"},
      MCN.chipSvg(c, 26),
      MCN.el("span", {class: "player-name", title: name || colour.name}, name || colour.name),
      MCN.el("span", {class: "player-colour"}, name ? colour.name : ""),
      pending.has(c) ? MCN.el("span", {class: "badge"}, "to move") : null,
      view.viewer === c ? MCN.el("span", {class: "badge you"}, "viewer") : null));
    const rows = [
      ["Character", characters.length
        ? characters.map(([ch, label]) => MCN.el("span", {class: "count-item"}, MCN.iconSvg(ch, 16), label))
        : MCN.el("span", {class: "muted"}, "none yet")],
      ["Soul", seat[S.space] <= -V.heaven ? "in Heaven" : `space ${seat[S.space]}`],
      ["Post", [MCN.postDial(seat[S.post]), MCN.el("span", {class: "post-value"}, ` ${seat[S.post]} of 6`)]],
      ["Money", MCN.isHidden(money) ? MCN.hidden("money") : MCN.el("span", {class: "count-item"}, MCN.iconSvg("money", 16), `${money} taler`)],
      ["Goods", MCN.counts(seat[S.goods], V.goods, "goods")],
      ["Letters", MCN.counts(seat[S.letters], V.letters, "letters")],
      ["Chest I", MCN.counts(seat[S.chestI], V.chest, "compartment I")],
      ["Chest II", MCN.counts(seat[S.chestII], V.chest, "compartment II")],
      ["Donated", MCN.counts(seat[S.shown], V.chest, "donated")],
    ];
    const table = MCN.el("dl", {class: "player-facts"});
    for (const [label, value] of rows) {
      table.appendChild(MCN.el("dt", {}, label));
      table.appendChild(MCN.el("dd", {}, value));
    }
    panel.appendChild(table);
    host.appendChild(panel);
  }
};

MCN.drawStatus = function (host, s, frame, view) {
  MCN.clear(host);
  const [kind, actors, address, prompt] = s.d;
  if (kind === "over") {
    host.appendChild(MCN.el("strong", {}, "Game over. "));
    if (s.w.length) host.appendChild(document.createTextNode("Won: "));
    s.w.forEach((c, k) => {
      host.appendChild(MCN.playerName(c, view));
      host.appendChild(document.createTextNode(k + 1 < s.w.length ? ", " : "."));
    });
    return;
  }
  host.appendChild(MCN.el("span", {class: "muted"}, `Next decision ${address}: `));
  for (const c of actors) {
    if (MCN.COLOURS[c]) host.appendChild(MCN.el("span", {class: "actor-chip"}, MCN.chipSvg(c, 16), c));
  }
  host.appendChild(MCN.el("span", {class: "prompt"}, " " + prompt));
};

MCN.drawEvents = function (host, frame, view) {
  MCN.clear(host);
  if (!frame.m) {
    host.appendChild(MCN.el("p", {class: "muted"}, "The start of the game: no decision taken yet."));
    return;
  }
  const [actor, text] = MCN.splitMove(frame.m);
  host.appendChild(MCN.el("p", {class: "last-move"},
    MCN.el("span", {class: "muted"}, `After ${frame.a}: `),
    MCN.COLOURS[actor] ? MCN.chipSvg(actor, 16) : null,
    MCN.el("strong", {}, ` ${actor === "*" ? "Chance" : actor}: ${text}`),
    frame.i ? MCN.el("span", {class: "muted"}, " (left implicit by the record)") : null));
  const list = MCN.el("ul", {class: "event-list"});
  for (const text of frame.e || []) list.appendChild(MCN.el("li", {}, text));
  if (!(frame.e || []).length) list.appendChild(MCN.el("li", {class: "muted"}, "no visible effect"));
  host.appendChild(list);
};

MCN.splitMove = function (move) {
  const at = move.indexOf(": ");
  return at < 0 ? ["", move] : [move.slice(0, at), move.slice(at + 2)];
};

/* "Green (Gregor Lindner)", the name cut with an ellipsis by the style, in full on hover. */
MCN.playerName = function (c, view) {
  const colour = MCN.COLOURS[c] ? MCN.COLOURS[c].name : c;
  const name = view.names[c];
  const full = name ? `${colour} (${name})` : colour;
  return MCN.el("span", {class: "name-cut", title: full}, full);
};

MCN.ordinal = (n) => `${n}${["th", "st", "nd", "rd"][(n % 100 > 10 && n % 100 < 14) || n % 10 > 3 ? 0 : n % 10]}`;

/* The end of the game (the last frame's `z`, mcn/html/ending.py): placings, souls, and the
   final scoring — the posts compared a last time (R-NOT-1), the letters (R-END-2) — with the
   rule that decided each place (R-END-3, I-END-5, R-MOV-2). */
MCN.drawEnding = function (host, frame, view) {
  MCN.clear(host);
  host.hidden = !frame.z;
  if (!frame.z) return;
  const heaven = view.vocab.heaven;
  const where = (space) => (space <= -heaven ? "Heaven" : `space ${space}`);
  host.appendChild(MCN.el("h2", {}, "Final standings"));
  const table = MCN.el("table", {class: "ending-table"},
    MCN.el("thead", {}, MCN.el("tr", {}, MCN.el("th", {class: "place"}, "Place"),
      MCN.el("th", {}, "Player"), MCN.el("th", {class: "soul"}, "Soul"), MCN.el("th", {}, "Final scoring"))));
  const body = MCN.el("tbody", {});
  for (const [c, place, space, inHeaven, before, posts, sets, others, steps, rules] of frame.z.rows) {
    const scoring = [];
    if (posts) scoring.push(`posts: ${posts} toward Hell`);
    const letters = `${sets} set${sets === 1 ? "" : "s"} + ${others} other letter${others === 1 ? "" : "s"}`;
    scoring.push(`letters: ${letters} → ${steps} toward Heaven`);
    scoring.push(`${where(before)} → ${where(space)}`);
    body.appendChild(MCN.el("tr", {class: "ending-row" + (place === 1 ? " winner" : ""), "data-colour": c,
      "data-place": place, "data-space": space, "data-sets": sets, "data-others": others, "data-steps": steps},
      MCN.el("td", {class: "place"}, MCN.ordinal(place)),
      MCN.el("td", {class: "who"}, MCN.chipSvg(c, 16), MCN.playerName(c, view)),
      MCN.el("td", {class: "soul"}, inHeaven ? "in Heaven" : where(space)),
      MCN.el("td", {class: "scoring"}, scoring.join(" · "),
        MCN.el("span", {class: "rules"}, ` (${rules.join(", ")})`))));
  }
  table.appendChild(body);
  host.appendChild(table);
};
