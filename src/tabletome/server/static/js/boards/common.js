// Pieces every board uses: a card, a word-exact matcher for action texts, a titled box.
import { el } from "../dom.js";

const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// True for action texts that name ``words`` as whole words (e.g. "Wolf" in "transform Wolf").
export function names(words) {
  const re = new RegExp(`(^|[\\s'])${escapeRe(words)}($|[\\s,.])`);
  return (text) => re.test(text);
}

export function endsWith(words) {
  return (text) => text === words || text.endsWith(` ${words}`);
}

export function either(...preds) {
  return (text) => preds.some((p) => p(text));
}

// A card: its name, optional lines below, a "designed" mark, its text on hover and tap, and the
// legal actions ``pred`` picks when tapped.
export function card(ctx, name, { pred = null, lines = [], cls = "", info = null, label = null } = {}) {
  const about = info || ctx.info(name) || {};
  const designed = about.origin === "designed" || about.designed === true;
  const node = el("div", { class: `card ${cls}${designed ? " designed" : ""}`, "data-card": name },
    el("div", { class: "card-name", text: label || name }),
    lines.filter(Boolean).map((l) => el("div", { class: "card-line", text: l })),
    designed ? el("span", { class: "designed-mark", text: "✎", title: "designed by tabletome, not printed in the rulebook" }) : null);
  ctx.bind(node, pred, { name, text: about.text || "", designed, extra: about.extra || "" });
  return node;
}

export function box(title, cls, ...children) {
  return el("section", { class: `box ${cls || ""}` }, title ? el("h3", { class: "box-title", text: title }) : null, ...children);
}

export function seatName(ctx, seat) {
  const s = ctx.seats[seat];
  return s ? s.name : `Seat ${seat + 1}`;
}

export function legend(ctx, root) {
  if (root.querySelector(".designed")) {
    root.append(el("p", { class: "legend", text: "✎ and a dashed border: a card the rulebook counts or names but does not print; tabletome designed it inside the rulebook's own mechanics." }));
  }
}
