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

// A place on the board for a choice that names no card (e.g. "pass", "end turn"): a small control
// beside what it acts on, shown only while such a choice is legal, bound like every card (ctx.bind),
// so a tap offers it. ``about``: what it is, in the rulebook's words where they exist.
export function control(ctx, label, pred, about = null) {
  if (!ctx.matching(pred).length) return null;
  const node = el("span", { class: "control", role: "button", "data-control": label, text: label });
  ctx.bind(node, pred, about);
  return node;
}

// Who sits at ``seat``, as the start page or the lobby named them (or "computer"): shown on the
// board next to the seat's place. Text only, never markup.
export function who(ctx, seat) {
  const s = ctx.seats && ctx.seats[seat];
  if (!s) return null;
  if (s.player && s.agent !== "card") return el("span", { class: "player-who", "data-player": seat, text: s.player });
  if (s.agent && s.agent !== "card") return el("span", { class: "player-who computer", text: "computer" });
  return null;
}
