/* mcn record viewer: reads the embedded data, keeps the current frame, draws it, and moves
   through the game's tree (keys, clicks, the address in the URL's #fragment). */
MCN.Viewer = class {
  constructor(data) {
    this.data = data;
    this.frames = data.frames;
    this.lines = data.lines;
    this.cache = new Map();
    this.byAddress = new Map();
    this.frames.forEach((f, i) => this.byAddress.set(f.a, i));
    this.moveNodes = new Map();
    this.reveals = [];
    this.names = {};
    for (const [c, name] of data.players) this.names[c] = name;
    this.view = {vocab: data.vocab, players: data.players.map((p) => p[0]), names: this.names, viewer: data.viewer};
    this.current = -1;
  }

  /* The full compact state of frame i: its delta applied to the state of the frame before. */
  state(i) {
    const chain = [];
    let j = i;
    while (!this.cache.has(j)) {
      chain.push(j);
      if (this.frames[j].p === undefined) break;
      j = this.frames[j].p;
    }
    let base = this.cache.has(j) ? this.cache.get(j) : null;
    for (let k = chain.length - 1; k >= 0; k--) {
      base = Object.assign({}, base || {}, this.frames[chain[k]].s);
      this.cache.set(chain[k], base);
    }
    return this.cache.get(i);
  }

  /* The frame an address (or a prefix of one, as `mcn replay --to` reads it) stands for. */
  find(target) {
    if (this.byAddress.has(target)) return this.byAddress.get(target);
    const under = (a) => a.startsWith(target) && (a.length === target.length ||
      ".:/".includes(target[target.length - 1]) || ".:/".includes(a[target.length]));
    let found = -1;
    this.frames.forEach((f, i) => {
      if ((target.includes("/") || f.l === 0) && under(f.a)) found = i;
    });
    return found;
  }

  lineStart(i) { return this.lines[this.frames[i].l].up; }
  isFirstOfLine(i) { return i !== 0 && this.frames[i].p === this.lineStart(i); }

  next() { const n = this.frames[this.current].n; if (n !== undefined) this.go(n); }
  prev() { const p = this.frames[this.current].p; if (p !== undefined) this.go(p); }
  start() { this.go(0); }
  end() {
    let i = this.current;
    while (this.frames[i].n !== undefined && (!this.quiz || this.quiz.allows(this.frames[i].n))) i = this.frames[i].n;
    this.go(i);
  }
  /* Shift+→: into the first variation that branches here; pressed again, the next sibling. */
  enter() {
    const here = this.frames[this.current];
    if (here.c) { this.go(here.c[0]); return; }
    if (this.isFirstOfLine(this.current) && this.lines[here.l].par !== undefined) {
      const siblings = this.frames[this.lineStart(this.current)].c || [];
      const k = siblings.indexOf(this.current);
      if (siblings.length > 1) this.go(siblings[(k + 1) % siblings.length]);
    }
  }
  /* Esc or Shift+←: back to the decision where this variation branched off. */
  leave() { const line = this.lines[this.frames[this.current].l]; if (line.par !== undefined) this.go(line.up); }

  go(i, keepHash) {
    if (i === undefined || i < 0 || i >= this.frames.length) return;
    if (this.quiz && !this.quiz.allows(i)) return;  // a quiz shows no further than answered
    this.current = i;
    const frame = this.frames[i], s = this.state(i);
    MCN.drawBoard(document.getElementById("board"), s, this.view);
    MCN.drawEnding(document.getElementById("ending"), frame, this.view);
    MCN.drawPlayers(document.getElementById("players"), s, this.view);
    MCN.drawKnowledge(document.getElementById("knowledge"), s, this.view);
    MCN.drawStatus(document.getElementById("status"), s, frame, this.view);
    MCN.drawEvents(document.getElementById("events"), frame, this.view);
    this.drawControls();
    this.highlight(i);
    this.revealUpTo(i);
    document.body.dataset.frame = String(i);
    document.body.dataset.address = frame.a;
    if (this.quiz) this.showMoves();
    else if (!keepHash) this.setHash(frame.a);
  }

  /* In a quiz, the move list reaches no further than the questions answered. */
  showMoves() {
    if (!this.quiz) return;
    for (const node of document.querySelectorAll("#moves .mainline > [data-next]")) {
      const next = node.dataset.next;
      node.hidden = next === "end" ? !this.quiz.done : !this.quiz.allows(Number(next));
    }
    for (const item of document.querySelectorAll("#moves .mainline > .item")) {
      let shown = 0;
      for (const group of item.querySelectorAll(":scope > .move-group")) {
        const ahead = group.dataset.f !== undefined && !this.quiz.allows(Number(group.dataset.f));
        group.classList.toggle("ahead", ahead);
        if (!ahead) shown++;
      }
      item.hidden = !shown;
    }
  }

  /* The address goes into the URL at most every 150 ms (browsers throttle history updates;
     holding → would otherwise hit the limit), always ending on the current one. */
  setHash(address) {
    this.pendingHash = address;
    if (this.hashTimer) return;
    const write = () => {
      this.hashTimer = null;
      const target = this.pendingHash;
      if (target === null || decodeURIComponent(location.hash.slice(1)) === target) return;
      this.pendingHash = null;
      try { history.replaceState(null, "", "#" + target); } catch (e) { location.hash = target; }
      this.hashTimer = setTimeout(write, 150);
    };
    const now = performance.now();
    if (now - (this.hashWritten || -1e9) >= 150) { this.hashWritten = now; write(); }
    else this.hashTimer = setTimeout(() => { this.hashWritten = performance.now(); write(); }, 150);
  }

  fromHash() {
    const target = decodeURIComponent(location.hash.slice(1));
    if (!target) return 0;
    const i = this.find(target);
    if (i < 0) this.notice(`No decision at “${target}” in this record; showing the start.`);
    return i < 0 ? 0 : i;
  }

  notice(text) {
    const host = document.getElementById("viewer-note");
    host.appendChild(MCN.el("span", {class: "warning"}, " " + text));
  }

  drawControls() {
    const frame = this.frames[this.current], line = this.lines[frame.l];
    document.getElementById("address").textContent = frame.a === "start" ? "start" : frame.a;
    document.getElementById("btn-prev").disabled = frame.p === undefined;
    document.getElementById("btn-start").disabled = this.current === 0;
    const ahead = frame.n === undefined || (this.quiz && !this.quiz.allows(frame.n));
    document.getElementById("btn-next").disabled = ahead;
    document.getElementById("btn-end").disabled = ahead;
    document.getElementById("btn-leave").hidden = line.par === undefined;
    const alt = document.getElementById("alternatives");
    MCN.clear(alt);
    if (line.par !== undefined) {
      const branch = line.pre.slice(0, line.pre.lastIndexOf("/"));
      alt.appendChild(MCN.el("span", {class: "in-variation"},
        `In variation ${line.k} at ${branch}` + (line.d > 1 ? ` (nested ${line.d} deep)` : "")));
    }
    if (frame.c && !(this.quiz && !this.quiz.allows(frame.c[0]))) {
      alt.appendChild(MCN.el("span", {class: "muted"}, " Alternatives to the next move: "));
      frame.c.forEach((i, k) => {
        const button = MCN.el("button", {type: "button", class: "alt", "data-frame": i},
          `${k + 1}: ${this.frames[i].m}`);
        button.addEventListener("click", () => this.go(i));
        alt.appendChild(button);
      });
    }
    this.drawStrip();
  }

  drawStrip() {
    const host = document.getElementById("strip");
    const rounds = this.data.rounds;
    if (!this.stripBuilt) {
      this.stripBuilt = true;
      const total = this.frames.filter((f) => f.l === 0).length;
      rounds.forEach(([label, i], k) => {
        const stop = k + 1 < rounds.length ? rounds[k + 1][1] : total;
        const name = label === "S" ? "the setup" : `round ${label}`;
        const seg = MCN.el("button", {type: "button", class: "seg", "data-frame": i,
          title: `Jump to the first decision of ${name}`}, label);
        seg.style.flexGrow = String(Math.max(1, stop - i));
        seg.addEventListener("click", () => this.go(i));
        // a tick where a variation branches off the main line in this round
        for (let j = Math.max(i - 1, 0); j < stop - 1; j++) {
          const branches = this.frames[j].c;
          if (!branches || this.frames[j].l !== 0) continue;
          const tick = MCN.el("span", {class: "tick", "data-frame": branches[0],
            title: `${branches.length} variation${branches.length > 1 ? "s" : ""} at ${this.frames[this.frames[j].n].a}`});
          tick.style.left = `${(100 * (j + 1 - i)) / Math.max(1, stop - i)}%`;
          tick.addEventListener("click", (event) => { event.stopPropagation(); this.go(branches[0]); });
          seg.appendChild(tick);
        }
        host.appendChild(seg);
      });
    }
    // the round of the current frame: the main-line decision it follows from
    let i = this.current;
    while (this.frames[i].l !== 0) i = this.lineStart(i);
    let active = -1;
    rounds.forEach(([, first], k) => { if (i >= first) active = k; });
    host.querySelectorAll(".seg").forEach((seg, k) => seg.classList.toggle("active", k === active));
  }

  /* A bid or Pope die of another player reads "?" in the list until the viewer stands at or
     after the decision that revealed it (mcn/html/frames.py, attach_reveals). */
  revealUpTo(i) {
    if (!this.reveals.length) return;
    const before = new Set();
    for (let j = i; j !== undefined; j = this.frames[j].p) before.add(j);
    for (const {text, move} of this.reveals) {
      const shown = before.has(move.r) ? this.revealed(move) : move.x;
      if (text.data !== shown) text.data = shown;
    }
  }

  /* The text of a move once revealed: held by the revealing frame only (its `rv`), so the
     page source holds no secret before its reveal. */
  revealed(move) {
    const entry = (this.frames[move.r].rv || []).find((pair) => pair[0] === move.f);
    return entry ? entry[1] : move.x;
  }

  highlight(i) {
    if (this.highlighted) this.highlighted.classList.remove("current");
    const node = this.moveNodes.get(i);
    this.highlighted = node;
    if (!node) return;
    node.classList.add("current");
    // scroll once per animation frame, not per step (measuring forces a layout)
    if (this.scrollPending) return;
    this.scrollPending = true;
    requestAnimationFrame(() => {
      this.scrollPending = false;
      const current = this.highlighted;
      if (!current) return;
      const box = document.getElementById("moves");
      const rect = current.getBoundingClientRect(), frame = box.getBoundingClientRect();
      const top = rect.top - frame.top + box.scrollTop, bottom = top + rect.height;
      if (top < box.scrollTop + 20 || bottom > box.scrollTop + box.clientHeight - 20) {
        box.scrollTop = Math.max(0, top - box.clientHeight / 3);
      }
    });
  }

  /* The move list, built once: lines of nodes (mcn/html/record.py), variations nested. */
  buildMoves() {
    const host = document.getElementById("moves");
    MCN.clear(host);
    host.appendChild(this.buildLine(0, 0));
    if (!this.data.record[0].length) host.appendChild(MCN.el("p", {class: "muted"}, "The record has no moves."));
  }

  buildLine(index, depth) {
    const box = MCN.el("div", {class: depth ? "variation" : "mainline", "data-line": index});
    const nodes = this.data.record[index];
    // for each node, the frame of the first move at or after it (a quiz shows a section
    // marker, a checkpoint or a comment only once that move is shown: they tell what follows)
    const next = new Array(nodes.length);
    let ahead;
    for (let k = nodes.length - 1; k >= 0; k--) {
      const first = nodes[k].t === "i" ? nodes[k].m.find((m) => m.f !== undefined) : undefined;
      if (first) ahead = first.f;
      next[k] = ahead;
    }
    nodes.forEach((node, k) => {
      let element = null;
      if (node.t === "r") element = MCN.el("h3", {class: "section"}, node.x);
      else if (node.t === "c") element = MCN.el("p", {class: "comment game-comment"}, node.x);
      else if (node.t === "k") element = MCN.el("p", {class: "checkpoint", title: "checkpoint, verified by replay"}, node.x);
      else if (node.t === "e") element = MCN.el("p", {class: "error"}, "⚠ " + node.x);
      else if (node.t === "i") element = this.buildItem(node, depth);
      if (!element) return;
      if (node.t !== "i") element.dataset.next = next[k] === undefined ? "end" : String(next[k]);
      box.appendChild(element);
    });
    return box;
  }

  buildItem(item, depth) {
    const box = MCN.el("div", {class: "item"});
    if (item.n !== undefined) box.appendChild(MCN.el("span", {class: "label"}, `${item.n}.`));
    let actor = null;
    for (const move of item.m) {
      // a move with its comments and variations (a quiz hides the moves not yet asked about)
      const group = MCN.el("span", {class: "move-group"});
      if (move.f !== undefined) group.dataset.f = String(move.f);
      box.appendChild(group);
      for (const text of move.b || []) group.appendChild(MCN.el("span", {class: "comment before"}, text));
      const glyphs = (move.g || []).join(" ");
      const showActor = move.h !== actor;
      actor = move.h;
      const attrs = {class: "move" + (move.i ? " implicit" : "") + (move.f === undefined ? " unplayed" : "") +
        (move.h === "*" ? " chance" : ""), title: move.f === undefined ? "not replayed" : ""};
      if (move.f !== undefined) { attrs["data-frame"] = move.f; attrs.role = "button"; attrs.tabindex = "-1"; }
      const text = document.createTextNode(move.x);
      if (move.r !== undefined) this.reveals.push({text: text, move: move});
      const span = MCN.el("span", attrs,
        showActor && MCN.COLOURS[move.h] ? MCN.chipSvg(move.h, 13) : null,
        showActor && move.h !== "*" ? MCN.el("span", {class: "actor"}, move.h + ":") : null,
        MCN.el("span", {class: "move-text"}, text), glyphs ? MCN.el("span", {class: "glyphs"}, glyphs) : null);
      if (move.f !== undefined) {
        span.addEventListener("click", () => this.go(move.f));
        this.moveNodes.set(move.f, span);
      }
      group.appendChild(span);
      for (const text of move.c || []) group.appendChild(MCN.el("span", {class: "comment after"}, text));
      for (const v of move.v || []) group.appendChild(this.buildLine(v, depth + 1));
    }
    return box;
  }

  buildHeader() {
    const data = this.data;
    const title = document.getElementById("title");
    title.textContent = data.title;
    title.title = data.title;  // cut to two lines by the style: in full on hover
    const headerValue = (tag) => { const h = data.headers.find((p) => p[0] === tag); return h ? h[1] : ""; };
    const variant = headerValue("Variant");
    const bits = [headerValue("Site"), headerValue("Date"),
      variant && variant.toLowerCase() !== "standard" ? `${variant} variant` : "",
      headerValue("Infractions") ? `infractions: ${headerValue("Infractions")}` : "",
      headerValue("Result") && !data.quiz ? "Result: " + headerValue("Result") : "", data.board || ""];
    document.getElementById("subtitle").textContent = bits.filter(Boolean).join(" · ");
    const note = document.getElementById("viewer-note");
    // the note is cut to three lines by the style (a long name), the warnings after it never
    note.appendChild(MCN.el("span", {class: "note-text", title: data.note}, data.note));
    note.classList.add(data.viewer === "all" ? "everything" : "redacted");
    for (const problem of data.problems) note.appendChild(MCN.el("span", {class: "warning"}, " ⚠ " + problem));
    const table = document.getElementById("headers");
    for (const [tag, value] of data.headers) {
      table.appendChild(MCN.el("tr", {}, MCN.el("th", {}, tag), MCN.el("td", {}, value)));
    }
  }

  keys(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (this.quiz && this.quiz.keys(event)) { event.preventDefault(); return; }
    const typing = event.target && event.target.tagName === "INPUT";
    if (typing) return;  // the quiz's filter: the keys are the reader's text
    const handled = {
      ArrowRight: () => (event.shiftKey ? this.enter() : this.next()),
      ArrowLeft: () => (event.shiftKey ? this.leave() : this.prev()),
      ArrowUp: () => this.start(),
      Home: () => this.start(),
      ArrowDown: () => this.end(),
      End: () => this.end(),
      Escape: () => this.leave(),
    }[event.key];
    if (handled) { event.preventDefault(); handled(); }
  }

  run() {
    this.buildHeader();
    if (!this.frames.length) {
      document.getElementById("status").textContent = "This record could not be replayed: nothing to show.";
      this.buildMoves();
      return;
    }
    this.buildMoves();
    const bind = (id, f) => document.getElementById(id).addEventListener("click", f);
    bind("btn-start", () => this.start());
    bind("btn-prev", () => this.prev());
    bind("btn-next", () => this.next());
    bind("btn-end", () => this.end());
    bind("btn-leave", () => this.leave());
    document.addEventListener("keydown", (e) => this.keys(e));
    if (this.data.quiz) {
      this.quiz = new MCN.Quiz(this, this.data.quiz);
      this.quiz.start();
      document.body.dataset.ready = String(Math.round(performance.now()));
      return;
    }
    // the track is drawn for the width it has: again when that changes (a phone turned)
    let width = document.getElementById("board").clientWidth;
    window.addEventListener("resize", () => {
      const now = document.getElementById("board").clientWidth;
      if (now !== width && this.current >= 0) { width = now; this.go(this.current, true); }
    });
    window.addEventListener("hashchange", () => {
      const i = this.fromHash();
      if (i !== this.current) this.go(i, true);
    });
    this.go(this.fromHash(), true);
    document.body.dataset.ready = String(Math.round(performance.now()));
  }
};

new MCN.Viewer(JSON.parse(document.getElementById("mcn-data").textContent)).run();
