// The board for a game without a board of its own (a game registered later joins at once): the
// view drawn as nested boxes, lists of names drawn as cards (tap for text; tap to act when a legal
// action names them), numbers as badges. Nothing is drawn that the view does not hold.
import { el } from "../dom.js";
import { box, card, legend, names } from "./common.js";

const SKIP = new Set(["log", "catalogue", "game", "seat"]);

function isCardName(ctx, value) {
  return typeof value === "string" && (ctx.info(value) !== null || value.length <= 40);
}

function nameOf(obj) {
  return typeof obj.name === "string" ? obj.name : null;
}

function value(ctx, key, v, depth) {
  if (v === null || v === undefined) return el("span", { class: "muted", text: "—" });
  if (typeof v === "boolean") return el("span", { class: v ? "yes" : "muted", text: v ? "yes" : "no" });
  if (typeof v === "number") return el("span", { class: "num", text: String(v) });
  if (typeof v === "string") {
    return ctx.info(v) ? card(ctx, v, { pred: names(v) }) : el("span", { text: v });
  }
  if (Array.isArray(v)) {
    if (!v.length) return el("span", { class: "muted", text: "none" });
    if (v.every((x) => typeof x === "string" && isCardName(ctx, x))) {
      return el("div", { class: "cards" }, v.map((x) => card(ctx, x, { pred: names(x) })));
    }
    if (v.every((x) => typeof x !== "object" || x === null)) return el("span", { text: v.map(String).join(", ") });
    return el("div", { class: "generic-list" }, v.map((x, i) => value(ctx, `${key} ${i + 1}`, x, depth + 1)));
  }
  if (typeof v === "object") {
    const name = nameOf(v);
    const inner = Object.entries(v).filter(([k]) => !SKIP.has(k) && k !== "name");
    const content = el("dl", { class: "generic-dl" }, inner.map(([k, x]) => [
      el("dt", { text: k.replaceAll("_", " ") }), el("dd", {}, value(ctx, k, x, depth + 1))]));
    return box(name || (depth ? key : null), "generic-box", content);
  }
  return el("span", { text: String(v) });
}

export function render(root, ctx) {
  const view = ctx.view;
  root.append(el("p", { class: "muted", text: "This game has no board of its own yet: here is everything your seat may see." }));
  const top = Object.entries(view).filter(([k]) => !SKIP.has(k));
  const simple = top.filter(([, v]) => v === null || typeof v !== "object");
  const nested = top.filter(([, v]) => v !== null && typeof v === "object");
  root.append(el("div", { class: "generic-facts" }, simple.map(([k, v]) =>
    el("span", { class: "fact" }, el("span", { class: "fact-key", text: k.replaceAll("_", " ") }), " ", value(ctx, k, v, 1)))));
  for (const [k, v] of nested) root.append(box(k.replaceAll("_", " "), "generic-section", value(ctx, k, v, 1)));
  legend(ctx, root);
}
