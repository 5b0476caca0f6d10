"use strict";
/* mcn record viewer: what the viewer can infer (mcn html --as; docs/knowledge.md). One panel
   per other player: his chest as the viewer can bound it (each donation went into I or II, the
   evaluations opened compartment I then II), his letters of unknown colour; and the viewer's
   own pending evaluations. The data is the frame's "k" entry, computed by the one projection
   from what the viewer saw; the page draws it and adds nothing. */
MCN.KNOWLEDGE_RANGE = (low, high) => (low === high ? String(low) : `${low}–${high}`);

MCN.drawKnowledge = function (host, s, view) {
  if (!host) return;
  MCN.clear(host);
  const k = s.k;
  if (!k) { host.hidden = true; return; }
  host.hidden = false;
  const who = view.viewer && MCN.COLOURS[view.viewer] ? MCN.COLOURS[view.viewer].name : "A spectator";
  host.appendChild(MCN.el("h2", {}, `What ${who} can infer`));
  const categories = ["bread & wine", "cloth & jewel", "money"];
  for (const chest of k.chests) {
    const colour = MCN.COLOURS[chest.player];
    const name = view.names[chest.player] || colour.name;
    const panel = MCN.el("section", {class: `knowledge-panel player-${chest.player}`, "data-colour": chest.player});
    panel.appendChild(MCN.el("h3", {}, MCN.chipSvg(chest.player, 18), ` ${name}'s chest`));
    const ways = chest.assignments === 1 ? "assignment" : "assignments";
    const donations = chest.donations === 1 ? "donation" : "donations";
    panel.appendChild(MCN.el("p", {class: "knowledge-count"},
      `${chest.donations} ${donations}; ${chest.assignments} ${ways} to the compartments fit what was seen`));
    const table = MCN.el("table", {class: "knowledge-bounds"});
    table.appendChild(MCN.el("tr", {}, MCN.el("th", {}, ""), categories.map((c) => MCN.el("th", {scope: "col"}, c))));
    for (const name of ["I", "II"]) {
      const box = chest.compartments[name];
      table.appendChild(MCN.el("tr", {class: box.evaluated ? "evaluated" : null},
        MCN.el("th", {scope: "row"}, name + (box.evaluated ? " (evaluated)" : "")),
        categories.map((c) => MCN.el("td", {}, MCN.KNOWLEDGE_RANGE(box[c].min, box[c].max)))));
    }
    panel.appendChild(table);
    const letters = k.letters[chest.player];
    if (letters) {
      const known = Object.entries(letters.known).filter(([, n]) => n).map(([c, n]) => `${c} ${n}`).join(", ");
      const more = `${letters.unknown} letter${letters.unknown === 1 ? "" : "s"} of unknown colour`;
      panel.appendChild(MCN.el("p", {class: "knowledge-letters"}, "Letters: " + (known ? `${known}, + ${more}` : more)));
    }
    host.appendChild(panel);
  }
  if (k.pending.length) {
    const own = MCN.el("section", {class: "knowledge-panel knowledge-own"});
    own.appendChild(MCN.el("h3", {}, "Your pending evaluations (on the chests as they are now)"));
    const list = MCN.el("ul", {});
    for (const v of k.pending) {
      list.appendChild(MCN.el("li", {class: "verdict " + v.verdict.replace(/ /g, "-")},
        `${v.compartment}, ${v.category} (yours: ${v.own}): ${v.verdict}`));
    }
    own.appendChild(list);
    host.appendChild(own);
  }
};
