// Life Siphon: the quadrants as on the board (Summoning Area, Movement Row, River, Battleground),
// each with its familiars, life and controller; the River cards between them; hands, Aspects and
// Essence Vials; the attack in progress. Familiars, River cards and hand cards are tappable.
import { el, plural } from "../dom.js";
import { box, card, control, legend, who } from "./common.js";

const AREAS = [["summoning", "Summoning Area"], ["movement", "Movement Row"], ["river", "River"], ["battleground", "Battleground"]];

function familiar(ctx, quad, key, label, i, space, me) {
  const where = `${label} ${i + 1}`;
  if (!space) return el("div", { class: "space empty", "data-where": `${quad.name} ${where}`, title: where });
  const f = space.familiar;
  const mineHere = quad.controller === me || quad.attack_controller === me;
  const pred = (t) => t.includes(`${quad.name}'s ${f} at ${where}`)
    || (!t.includes("'s ") && (t.endsWith(` ${f} at ${where}`) || t.includes(` ${f} from ${where} `))
        && (mineHere || t.startsWith("breathe") || t.startsWith("use Essence")));
  const marks = ["moved", "attacked", "blocked", "breath"].filter((m) => space[m]);
  const info = ctx.info(f) || {};
  const lines = [`${space.attack}/${space.defense}` + (space.damage ? `  −${space.damage}` : "")];
  if (marks.length) lines.push(marks.join(", "));
  const node = card(ctx, f, { pred, lines, cls: `familiar${space.damage ? " hurt" : ""}`,
    info: { ...info, text: info.text || `${f}: attack ${info.attack ?? space.attack}, defense ${info.defense ?? space.defense}` + (info.cost !== undefined ? `, costs ${info.cost} life to summon` : "") } });
  node.dataset.where = `${quad.name} ${where}`;
  return el("div", { class: "space" }, node);
}

function quadrant(ctx, v, quad, me) {
  const head = el("div", { class: "quad-head" },
    el("span", { class: "quad-name", text: quad.name }),
    quad.role === "player" ? who(ctx, quad.seat) : null,
    quad.life !== null && quad.life !== undefined ? el("span", { class: "life", text: `♥ ${quad.life}` }) : null,
    quad.role === "lair" ? el("span", { class: "tag", text: "Lair" }) : null,
    quad.role === "ghost" ? el("span", { class: "tag", text: `ghost: ${quad.controller} controls, ${quad.attack_controller} attacks` }) : null,
    v.turn === quad.name ? el("span", { class: "tag to-move", text: "turn" }) : null);
  ctx.bind(head, (t) => t === `target ${quad.name}` || t === `breathe on ${quad.name}`, null);
  const rows = AREAS.map(([key, label]) => el("div", { class: `area area-${key}` },
    el("div", { class: "area-label", text: label }),
    el("div", { class: "spaces" }, (quad.areas[key] || []).map((space, i) => familiar(ctx, quad, key, label, i, space, me)))));
  const pool = quad.pool && quad.pool.length ? el("div", { class: "pool" }, el("span", { class: "zone-label", text: "Pool " }),
    quad.pool.map((f) => card(ctx, f, { pred: (t) => t === `summon ${f}`, cls: "mini-card" }))) : null;
  return el("section", { class: `quadrant role-${quad.role}${v.turn === quad.name ? " active" : ""}${quad.controller === me ? " mine" : ""}`, "data-quadrant": quad.name },
    head, rows, pool);
}

function handCard(ctx, name) {
  const info = ctx.info(name) || {};
  const lines = info.speed ? [`${info.speed} · ${info.cost} life`] : [];
  const pred = (t) => t === `cast ${name}` || t === `cast ${name} as Slow Cast` || t === `discard ${name}`;
  return card(ctx, name, { pred, lines, cls: `spell ${info.speed || ""}` });
}

function playerRow(ctx, v, p, i) {
  const mine = Array.isArray(p.hand);
  const parts = [el("span", { class: "player-name", text: p.name + (mine ? " (you)" : "") }), who(ctx, i)];
  if (mine) parts.push(el("div", { class: "hand" }, p.hand.length ? p.hand.map((n) => handCard(ctx, n)) : el("span", { class: "muted", text: "no cards" })));
  else {
    parts.push(el("span", { class: "muted", text: plural(p.hand_size, "card") + " in hand" }));
    if (p.known_in_hand && p.known_in_hand.length) parts.push(el("span", { class: "known", text: ` (known: ${p.known_in_hand.join(", ")})` }));
  }
  if (p.aspect) parts.push(card(ctx, p.aspect, { pred: (t) => t === `use ${p.aspect}`, cls: "aspect mini-card" }));
  if (p.vials) parts.push(el("span", { class: "vials" }, p.vials.length ? p.vials.map((name) =>
    card(ctx, name, { pred: (t) => t === `use ${name}` || t.startsWith(`use ${name} on `), cls: "vial mini-card",
      info: { text: `${name}: an Essence Vial, once per game` } })) : el("span", { class: "muted", text: "vials all turned over" })));
  return el("div", { class: `ls-player${mine ? " mine" : ""}`, "data-seat": i }, parts);
}

export function render(root, ctx) {
  const v = ctx.view;
  const me = ctx.seat === null || ctx.seat === undefined ? null : (v.players[ctx.seat] || {}).name;
  let status = `Round ${v.round} · ${v.turn}'s turn · ${v.phase} phase`;
  if (v.madness) status += ` · round tracker ${v.madness.round_tracker}, life from unblocked attacks ${v.madness.life_gained_this_turn}/3`;
  if (v.decision && !v.over) {
    const who = v.players[v.decision.seat] ? v.players[v.decision.seat].name : "";
    status += ` · ${who} to decide: ${v.decision.choice}`;
  }
  // the choices that name no card, beside the turn they act on
  const turnControls = [
    control(ctx, "End turn", (t) => t === "end turn", { name: "End turn", text: "“After you are finished Summoning, moving, and casting Slow Cast spells, end your turn by drawing 1 card.”" }),
    control(ctx, "Pass", (t) => t === "pass", { name: "Pass", text: "Cast nothing now." }),
    control(ctx, "End attacks", (t) => t === "end attacks", { name: "End attacks", text: "“You do not have to attack during your Attack Phase.” Attack with no more Familiars this turn." }),
    control(ctx, "Do not move", (t) => t === "do not move", { name: "Do not move", text: "Move no Familiar." }),
  ].filter(Boolean);
  root.append(el("p", { class: "board-status" }, status, turnControls.map((c) => [" ", c])));
  const quads = v.quadrants.map((q) => quadrant(ctx, v, q, me));
  // clockwise round the board, as display.py draws it: the first seat top left
  const order = { 1: [0], 2: [0, 1], 3: [0, 1, 2], 4: [0, 1, 3, 2] }[quads.length] || quads.map((_, i) => i);
  root.append(el("div", { class: `ls-board n${quads.length}` }, order.map((i) => quads[i])));

  const riverCards = el("div", { class: "cards" }, v.river.map((name) => name
    ? card(ctx, name, { pred: (t) => t === `take ${name} from the River`, lines: (ctx.info(name) || {}).speed ? [`${ctx.info(name).speed} · ${ctx.info(name).cost} life`] : [], cls: "spell" })
    : el("div", { class: "card empty", text: "(empty)" })));
  const supply = Object.entries(v.supply || {}).map(([f, n]) => card(ctx, f, { pred: (t) => t === `summon ${f}`, lines: [`${n} left`], cls: "mini-card supply" }));
  root.append(el("div", { class: "ls-middle" },
    box("River cards", "river-box", riverCards,
      control(ctx, "Take no River card", (t) => t === "take no River card", { name: "Take no River card", text: "Leave the River cards where they are." }),
      el("p", { class: "muted", text: `deck ${v.deck_size} · discard pile ${v.discard.length}` })),
    box("Supply", "supply-box", el("div", { class: "cards" }, supply))));
  if (v.attack && v.attack.attacker) {
    let text = `${v.attack.attacker} attacks ${v.attack.target || v.attack.defender || "…"}`;
    if (v.attack.blockers && v.attack.blockers.length) text += `; blocked by ${v.attack.blockers.join(", ")}`;
    if (v.attack.breath && v.attack.breath.length) text += `; Breath Weapon on ${v.attack.breath.join(", ")}`;
    root.append(el("p", { class: "attack", text }));
  }
  // your own hand, Aspect and vials in front of you: the board's last box, kept in sight at
  // the bottom of a wide screen (style.css: .ls-mine is sticky) however tall the quadrants grow
  const mine = v.players.findIndex((p) => Array.isArray(p.hand));
  const others = v.players.map((p, i) => (i === mine ? null : playerRow(ctx, v, p, i))).filter(Boolean);
  if (others.length) root.append(box("Players", "players-box", others));
  const equip = (name) => (t) => t === `equip ${name}`;
  if (v.aspects_aside && v.aspects_aside.length && (v.players.some((p) => p.aspect) || ctx.matching((t) => t.startsWith("equip ")).length)) {
    // "Take the Aspect cards and choose 1 of the Aspects to place face up in front of you."
    root.append(box("Aspects aside", "aspects-box", el("div", { class: "cards" },
      v.aspects_aside.map((name) => card(ctx, name, { pred: equip(name), cls: "aspect mini-card" })))));
  }
  if (mine >= 0) root.append(box("Your hand", "ls-mine", playerRow(ctx, v, v.players[mine], mine)));
  legend(ctx, root);
}
