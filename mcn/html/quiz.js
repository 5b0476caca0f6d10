/* mcn record viewer: the quiz ("what would you do?", `mcn html --quiz`). At each question the
   board stands before one of the player's decisions; he picks a move from the legal ones
   (mcn/html/quiz.py), then sees what was played and the annotator's comment; a score at the
   end. The move list and the arrow keys reach no further than the questions answered, so the
   page does not give the answers away by itself. Keys: type to narrow the moves, ↑/↓ to
   choose, Enter to answer and, once answered, Enter for the next question. */
MCN.Quiz = class {
  constructor(viewer, questions) {
    this.viewer = viewer;
    this.questions = questions;
    this.k = -1;
    this.answers = [];   // per question: the index chosen
    this.limit = 0;      // the furthest main-line frame the reader may see
    this.done = false;
  }

  start() {
    const host = document.getElementById("quiz");
    host.hidden = false;
    document.body.classList.add("quiz-mode");
    const keys = document.querySelector(".keys");
    if (keys) keys.textContent = "Quiz: type to narrow the moves · ↑/↓ choose · Enter answer, Enter again for the next question · tap a move · ← → step back through what you have seen";
    if (!this.questions.length) {
      MCN.clear(host);
      host.appendChild(MCN.el("h2", {}, "Nothing to ask"));
      host.appendChild(MCN.el("p", {}, "This player has no decision with more than one legal move in the record."));
      this.done = true;
      this.limit = Infinity;
      this.viewer.go(0, true);
      return;
    }
    this.ask(0);
  }

  /* The main-line frame a frame belongs to: a variation's is the move it replaces (so the
     annotator's alternatives to a move show only once that move is answered). */
  anchor(i) {
    const frames = this.viewer.frames;
    while (frames[i].l !== 0) {
      const up = this.viewer.lineStart(i);
      i = frames[up].n !== undefined ? frames[up].n : up;
    }
    return i;
  }
  allows(i) { return this.done || this.anchor(i) <= this.limit; }

  name(colour) {
    const names = this.viewer.names;
    return MCN.COLOURS[colour] ? MCN.COLOURS[colour].name + (names[colour] ? ` (${names[colour]})` : "") : colour;
  }

  ask(k) {
    this.k = k;
    this.answered = false;
    const q = this.questions[k];
    this.limit = Math.max(this.limit, q.at);
    this.viewer.go(q.at, true);
    const host = document.getElementById("quiz");
    MCN.clear(host);
    const s = this.viewer.state(q.at);
    host.appendChild(MCN.el("h2", {class: "quiz-title"},
      MCN.el("span", {class: "quiz-count"}, `Question ${k + 1} of ${this.questions.length}`),
      " · What would ", MCN.el("span", {class: "name-cut", title: this.name(q.who)}, this.name(q.who)), " do?"));
    host.appendChild(MCN.el("p", {class: "quiz-prompt"}, `${this.viewer.frames[q.f].a}: ${s.d[3]}`));
    const filter = MCN.el("input", {type: "search", id: "quiz-filter", class: "quiz-filter",
      placeholder: `Type to narrow the ${q.o.length} moves`, "aria-label": "Narrow the moves", autocomplete: "off"});
    host.appendChild(filter);
    const list = MCN.el("div", {id: "quiz-options", class: "quiz-options", role: "listbox",
      "aria-label": "Legal moves"});
    q.o.forEach(([text, description], i) => {
      const button = MCN.el("button", {type: "button", class: "quiz-option", role: "option", "data-index": i,
        title: description}, text);
      button.addEventListener("click", () => this.answer(i));
      button.addEventListener("mouseenter", () => this.select(i));
      button.addEventListener("focus", () => this.select(i));
      list.appendChild(button);
    });
    host.appendChild(list);
    host.appendChild(MCN.el("p", {id: "quiz-description", class: "quiz-description muted"}, ""));
    host.appendChild(MCN.el("p", {class: "quiz-score muted"}, this.scoreLine()));
    filter.addEventListener("input", () => this.narrow(filter.value));
    this.selected = -1;
    this.select(0);
    filter.focus({preventScroll: true});
  }

  visible() {
    return [...document.querySelectorAll("#quiz-options .quiz-option")].filter((b) => !b.hidden);
  }

  narrow(text) {
    const words = text.toLowerCase().split(/\s+/).filter(Boolean);
    for (const button of document.querySelectorAll("#quiz-options .quiz-option")) {
      const label = button.textContent.toLowerCase();
      button.hidden = !words.every((w) => label.includes(w));
    }
    const shown = this.visible();
    if (shown.length && (this.selected < 0 || shown.every((b) => Number(b.dataset.index) !== this.selected))) {
      this.select(Number(shown[0].dataset.index));
    }
  }

  select(i) {
    this.selected = i;
    for (const button of document.querySelectorAll("#quiz-options .quiz-option")) {
      const on = Number(button.dataset.index) === i;
      button.classList.toggle("selected", on);
      button.setAttribute("aria-selected", on ? "true" : "false");
      if (on) button.scrollIntoView({block: "nearest"});
    }
    const q = this.questions[this.k], description = document.getElementById("quiz-description");
    if (description && q.o[i]) description.textContent = `${q.o[i][0]}: ${q.o[i][1]}`;
  }

  step(delta) {
    const shown = this.visible().map((b) => Number(b.dataset.index));
    if (!shown.length) return;
    const at = shown.indexOf(this.selected);
    this.select(shown[Math.min(shown.length - 1, Math.max(0, at + delta))]);
  }

  /* The comments of the move played (its node in the move list, mcn/html/record.py). */
  played(frame) {
    for (const line of this.viewer.data.record) {
      for (const node of line) {
        if (node.t !== "i") continue;
        for (const move of node.m) if (move.f === frame) return move;
      }
    }
    return null;
  }

  answer(i) {
    if (this.answered) return;
    this.answered = true;
    const q = this.questions[this.k];
    this.answers[this.k] = i;
    this.limit = Math.max(this.limit, q.f);
    this.viewer.go(q.f, true);
    const host = document.getElementById("quiz");
    const right = i === q.a;
    for (const button of host.querySelectorAll(".quiz-option")) {
      const index = Number(button.dataset.index);
      button.disabled = true;
      button.hidden = !(index === i || index === q.a);
      button.classList.toggle("chosen", index === i);
      button.classList.toggle("played", index === q.a);
    }
    const filter = document.getElementById("quiz-filter");
    if (filter) filter.remove();
    const result = MCN.el("div", {class: "quiz-result " + (right ? "right" : "wrong"), "data-right": right ? "1" : "0"});
    result.appendChild(MCN.el("p", {class: "quiz-verdict"},
      right ? "✓ As played: " : "✗ You chose ", MCN.el("strong", {}, q.o[i][0]),
      right ? "" : " — played was ", right ? null : MCN.el("strong", {}, q.o[q.a][0])));
    const move = this.played(q.f);
    const comments = move ? [...(move.b || []), ...(move.c || [])] : [];
    if (move && move.g) result.appendChild(MCN.el("p", {class: "glyphs"}, move.g.join(" ")));
    for (const text of comments) result.appendChild(MCN.el("p", {class: "comment quiz-comment"}, text));
    if (!comments.length) result.appendChild(MCN.el("p", {class: "muted"}, "No comment on this move."));
    result.appendChild(MCN.el("p", {class: "muted"}, `What it did: ${q.o[q.a][1]}`));
    const last = this.k + 1 >= this.questions.length;
    const next = MCN.el("button", {type: "button", id: "quiz-next", class: "quiz-next"},
      last ? "See the score (Enter)" : "Next question (Enter)");
    next.addEventListener("click", () => this.next());
    result.appendChild(next);
    host.insertBefore(result, host.querySelector(".quiz-score"));
    host.querySelector(".quiz-score").textContent = this.scoreLine();
    document.getElementById("quiz-description").textContent = "";
    next.focus({preventScroll: true});
  }

  next() {
    if (!this.answered) return;
    if (this.k + 1 < this.questions.length) this.ask(this.k + 1);
    else this.finish();
  }

  right() { return this.answers.filter((a, k) => a === this.questions[k].a).length; }

  scoreLine() {
    const asked = this.answers.filter((a) => a !== undefined).length;
    return asked ? `Score so far: ${this.right()} of ${asked} as played.` : "Pick the move you would make.";
  }

  finish() {
    this.done = true;
    this.limit = Infinity;
    const host = document.getElementById("quiz");
    MCN.clear(host);
    const total = this.questions.length, right = this.right();
    host.appendChild(MCN.el("h2", {class: "quiz-title"}, "Quiz over"));
    host.appendChild(MCN.el("p", {class: "quiz-final", "data-right": right, "data-total": total},
      `You chose the move played at ${right} of ${total} decisions (${Math.round((100 * right) / total)}%).`));
    const list = MCN.el("ol", {class: "quiz-review"});
    this.questions.forEach((q, k) => {
      const ok = this.answers[k] === q.a;
      const item = MCN.el("li", {class: ok ? "right" : "wrong"},
        MCN.el("button", {type: "button", class: "quiz-review-move", "data-frame": q.f},
          `${ok ? "✓" : "✗"} ${this.viewer.frames[q.f].a}: ${q.o[q.a][0]}`),
        ok ? "" : ` (you: ${q.o[this.answers[k]][0]})`);
      item.querySelector("button").addEventListener("click", () => this.viewer.go(q.f, true));
      list.appendChild(item);
    });
    host.appendChild(list);
    const again = MCN.el("button", {type: "button", class: "quiz-next", id: "quiz-again"}, "Start again");
    again.addEventListener("click", () => { this.answers = []; this.limit = 0; this.done = false; this.ask(0); });
    host.appendChild(again);
    this.viewer.showMoves();
    let end = 0;
    while (this.viewer.frames[end].n !== undefined) end = this.viewer.frames[end].n;
    this.viewer.go(end, true);
  }

  /* Keys while a question is open; true when the key was the quiz's. */
  keys(event) {
    if (this.done) return false;
    if (!this.answered) {
      if (event.key === "ArrowDown") { this.step(1); return true; }
      if (event.key === "ArrowUp") { this.step(-1); return true; }
      if (event.key === "Enter") { if (this.selected >= 0 && this.visible().length) this.answer(this.selected); return true; }
    } else if (event.key === "Enter") {
      this.next();
      return true;
    }
    return false;
  }
};
