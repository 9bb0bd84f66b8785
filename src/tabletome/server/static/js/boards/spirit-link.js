// Spirit Link: two players facing each other, health and mana bars, the transformation slot
// (face down until the reveal), abilities and spells, the hand as cards. Rulebook maxima: "You can
// have a maximum of 30 health and a maximum of 12 mana."
import { bar, el, plural } from "../dom.js";
import { card, control, legend, names, who } from "./common.js";

const MAX_HEALTH = 30;
const MAX_MANA = 12;

function cardLines(info) {
  if (!info) return [];
  const lines = [];
  if (info.type === "transformation") lines.push(`${info.damage} dmg · ${info.cost} mana`);
  else if (info.type === "ability") lines.push(`ability${info.for ? " · " + info.for : ""} · ${info.cost} mana`);
  else if (info.type === "spell") lines.push(`spell · ${info.cost} mana`);
  return lines;
}

// The rulebook's player abilities: "1. Discard 3 cards, then draw 2 cards  2. Pay 2 mana, gain 1 life."
const ABILITIES = [
  ["Trade 3 for 2", "trade 3 for 2", "Player ability 1: discard 3 cards, then draw 2 cards (as often as you can pay, in every phase)."],
  ["Buy 1 life", "buy 1 life", "Player ability 2: pay 2 mana, gain 1 life (as often as you can pay, in every phase)."],
];

function transformation(ctx, p, mine, phase) {
  const form = p.transformation;
  if (form === null || form === undefined) {
    const slot = el("div", { class: "slot empty", text: "no transformation placed yet" });
    if (mine) ctx.bind(slot, (t) => t === "no transformation", null);
    return slot;
  }
  if (form === "none") return el("div", { class: "slot empty", text: "no transformation this turn" });
  if (form === "face down") return el("div", { class: "card back", "data-card": "face down" }, el("div", { class: "card-name", text: "face down" }));
  const info = ctx.info(form);
  const node = card(ctx, form, { lines: cardLines(info), cls: `form${info && info.type ? " " + info.type : ""}` });
  if (mine && phase === "preparation") node.append(el("div", { class: "ribbon", text: "face down: only you see it" }));
  return node;
}

function player(ctx, view, i) {
  const p = view.players[i];
  const mine = ctx.seat === i;
  const toMove = view.to_move === i && !view.over;
  const head = el("div", { class: "player-head" },
    el("span", { class: "player-name", text: p.name + (mine ? " (you)" : "") }), who(ctx, i),
    view.priority === i ? el("span", { class: "tag", text: "priority" }) : null,
    toMove ? el("span", { class: "tag to-move", text: "to move" }) : null);
  const bars = el("div", { class: "bars" }, bar(p.health, MAX_HEALTH, "health", "Health"), bar(p.mana, MAX_MANA, "mana", "Mana"));
  const abilities = mine ? ABILITIES.map(([label, text, about]) => control(ctx, label, (t) => t === text, { name: label, text: about })).filter(Boolean) : [];
  const facts = [];
  facts.push(plural(p.hand_size, "card") + " in hand", `${p.deck_size} in deck`);
  const discarded = Object.values(p.discard || {}).reduce((a, b) => a + b, 0);
  facts.push(`${discarded} discarded`);
  if (p.spell_cast) facts.push("spell cast this turn");
  if (p.firebolts_pending) facts.push(`${p.firebolts_pending} Firebolt hit(s) at settlement`);
  const zone = el("div", { class: "zone" },
    el("div", { class: "zone-part" }, el("div", { class: "zone-label", text: "Transformation" }), transformation(ctx, p, mine, view.phase)),
    el("div", { class: "zone-part" }, el("div", { class: "zone-label", text: "Ability" }),
      p.ability ? card(ctx, p.ability, { lines: cardLines(ctx.info(p.ability)), cls: "ability" }) : el("div", { class: "slot empty", text: "none" })));
  let hand;
  if (Array.isArray(p.hand)) {
    hand = el("div", { class: "hand", "aria-label": "your hand" },
      p.hand.length ? p.hand.map((name) => card(ctx, name, { pred: names(name), lines: cardLines(ctx.info(name)), cls: (ctx.info(name) || {}).type || "" }))
        : el("span", { class: "muted", text: "no cards in hand" }),
      control(ctx, "Stop discarding", (t) => t === "stop discarding", { name: "Stop discarding", text: "Life-Spring: “Discard x cards, you gain x life.” Discard no more." }));
  } else {
    const backs = [];
    for (let k = 0; k < Math.min(p.hand_size, 12); k++) backs.push(el("div", { class: "card back mini" }));
    hand = el("div", { class: "hand other" }, backs,
      p.known_in_hand && p.known_in_hand.length ? el("span", { class: "known", text: `known: ${p.known_in_hand.join(", ")}` }) : null);
  }
  const discardList = Object.entries(p.discard || {});
  const pile = discardList.length ? el("details", { class: "discard" }, el("summary", { text: "discard pile" }),
    el("div", { class: "cards small" }, discardList.map(([name, n]) => card(ctx, name, { label: n > 1 ? `${name} ×${n}` : name, cls: "mini-card" })))) : null;
  return el("section", { class: `sl-player${mine ? " mine" : ""}${toMove ? " active" : ""}`, "data-seat": i },
    head, bars, abilities.length ? el("div", { class: "controls", "aria-label": "player abilities" }, abilities) : null,
    el("p", { class: "facts", text: facts.join(" · ") }), zone, hand, pile);
}

export function render(root, ctx) {
  const v = ctx.view;
  const seat = ctx.seat;
  const order = seat === 0 || seat === 1 ? [1 - seat, seat] : [0, 1];
  let status = `Turn ${v.round} · ${v.phase} phase`;
  if (v.pending) {
    status += ` · ${v.players[v.pending.seat].name} chooses discards for ${v.pending.choice}`;
    if (v.pending.discards_left !== undefined) status += ` (${v.pending.discards_left} left)`;
  }
  if (v.over) status = v.winners.length ? `Game over: ${v.winners.map((w) => v.players[w].name).join(" and ")} wins` : "Game over: a draw";
  const pass = control(ctx, "Pass", (t) => t === "pass", { name: "Pass", text: "Play nothing more in this phase." });
  root.append(el("div", { class: "sl-board" },
    el("p", { class: "board-status" }, status, pass ? " " : null, pass),
    player(ctx, v, order[0]),
    el("div", { class: "sl-middle", text: "⚔" }),
    player(ctx, v, order[1])));
  legend(ctx, root);
}
