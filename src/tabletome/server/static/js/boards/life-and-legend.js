// Life & Legend: the World as the rulebook lays it out ("two rows of two cards"), covered and
// uncovered, the Atmosphere marked; the four Phases of the turn; the Legend, Life and Background
// Decks with their discard piles and the die; then each seat: its Play Area (Relics, Trait-Cards,
// Traumas), its Backgrounds (Life Story, Life Path, Life Achievement), its Legend Area (Completed
// Wanders, covered, and Completed Adventures), its hand, the Rule of Four limits, and an AI
// opponent's card with its numbered steps. Everything comes from view(seat); the action texts
// name World spaces ("uncover space 2"), cards ("play Storm") and Completed Wanders ("turn in
// wander 1"), so the board offers each choice on the thing it names.
import { el, plural } from "../dom.js";
import { box, card, legend, who } from "./common.js";

const PHASES = ["Contemplation", "World", "Life", "Resolution"];
const MODES = {
  standard: ["Standard Mode", "The most Legends when the Legend Deck runs out wins."],
  farwander: ["Farwander Mode", "Completed Wanders are worth no Legends: spend them on die rolls, Life Words and Life Stories; Farwander on opponents' Wanders."],
  eternal: ["Eternal Mode", "Win by Legends total, 1 Life Story, 1 Life Path and 1 Exceptional Trait; the Legend Deck is reshuffled for three Ages."],
  coop: ["Co-op against The Emptiness", "The players win together if, when the game ends, their combined Legends doubled exceed The Emptiness's times the number of players (RULES.md)."],
  war: ["War (Solitaire)", "Endless War: run out the Legend Deck before the end of the turn when the Life Deck becomes empty."],
  lore: ["Lore (Solitaire)", "Hold the three Backgrounds set aside, all at once, before the Legend Deck runs out."],
  arbiter: ["The Arbiter (Solitaire)", "Acquire the Life Path Arbiter and all 8 Traumas before the Life or Legend Deck runs out."],
  treasury: ["The Treasury (Solitaire)", "Relics Only: 10 Relic Legends before the Legend Deck runs out."],
  campaign: ["The Campaign (Solitaire)", "Adventures Only: 35+ Adventure Legends before the Legend Deck runs out."],
  legacy: ["The Legacy (Solitaire)", "40+ Legends before the Legend Deck runs out."],
};

const ANSWERS = ["accept", "decline", "pass", "done", "end phase", "contest", "no contest", "give it to the Farwanderer"];
const oneOf = (...texts) => (t) => texts.includes(t);

// The actions that name a card ``n`` wherever a seat holds it (hand, Play Area, drawn Life card).
function cardActions(n) {
  const exact = [`bring ${n} into play`, `play ${n}`, `wander by discarding ${n}`, `discard ${n}`, `use ${n}`,
    `interfere with ${n}`, `place ${n} over the Atmosphere`, `activate ${n}`, `keep ${n}`, `remove ${n}`,
    `spend wanders to remove ${n}`];
  return (t) => exact.includes(t) || t.startsWith(`place ${n} in space `) || t.startsWith(`offer ${n} to `);
}

function kindLine(info) {
  if (!info || !info.kind) return null;
  if (info.kind === "Relic") return `Relic · ${info.slots} slot${info.slots === 1 ? "" : "s"} · ${info.legends} Legend${info.legends === 1 ? "" : "s"}`;
  if (info.kind === "Adventure") return `Adventure · ${info.legends} Legends${info.perpetual ? " · Perpetual" : ""}`;
  if (info.kind === "Event") return info.atmosphere ? "Event · Atmosphere" : "Event";
  return info.kind;
}

function lalCard(ctx, name, { pred = null, cls = "", lines = [], mini = false, text = false } = {}) {
  const info = ctx.info(name);
  const kind = info && info.kind ? info.kind.toLowerCase().replace(/[^a-z]+/g, "-") : "unknown";
  const all = mini ? lines : [kindLine(info), ...lines];
  if (text && info && info.text) all.push(info.text);
  const node = card(ctx, name, { pred, lines: all, cls: `lal-card kind-${kind}${info && info.atmosphere ? " atmosphere" : ""}${mini ? " mini-card" : ""} ${cls}` });
  if (text) node.classList.add("with-text");
  return node;
}

// A covered card: its back, what the seat knows of it, and the choices that name it.
function covered(ctx, entry, { label, pred, about, cls = "" }) {
  const known = entry.card && entry.card !== "covered";
  const lines = [];
  if (known) lines.push(`you know: ${entry.card}`);
  if (entry.examined_by && entry.examined_by.length) lines.push(`examined by ${entry.examined_by.join(", ")}`);
  const node = el("div", { class: `card back lal-back ${cls}`, "data-card": known ? entry.card : "covered" },
    el("div", { class: "card-name", text: label }), lines.map((l) => el("div", { class: "card-line", text: l })));
  const info = known ? ctx.info(entry.card) : null;
  const text = [about, info ? `${entry.card}: ${info.text}` : null].filter(Boolean).join("\n");
  ctx.bind(node, pred, { name: known ? `${label} (${entry.card})` : label, text, designed: info ? info.origin === "designed" : false });
  return node;
}

function emptySlot(text, cls = "") {
  return el("div", { class: `slot empty ${cls}`, text });
}

function worldSpace(ctx, v, space) {
  const k = space.space;
  const name = space.card;
  const here = oneOf(`uncover space ${k}`, `wander on space ${k}`, `choose space ${k}`, `fill space ${k} from the Legend Deck`);
  const placeHere = (t) => t.startsWith("place ") && t.endsWith(` in space ${k}`);
  let content;
  let atmosphere = false;
  if (name === "empty") {
    content = el("div", { class: "slot empty world-empty", text: "empty space" });
    ctx.bind(content, (t) => here(t) || placeHere(t), null);
  } else if (space.uncovered) {
    const info = ctx.info(name) || {};
    atmosphere = !!info.atmosphere;
    const pred = (t) => here(t) || placeHere(t) || t.startsWith(`attempt ${name} challenge `) || t === `remove ${name}`
      || (atmosphere && t.startsWith("place ") && t.endsWith(" over the Atmosphere"));
    content = lalCard(ctx, name, { pred, text: true, cls: "world-card" });
  } else {
    content = covered(ctx, space, { label: "covered", pred: (t) => here(t) || placeHere(t), cls: "world-card",
      about: "A covered Legend card in the World. Uncover it (a Relic goes to your hand, an Event uses its World Effect, an Adventure stays), or Wander on it: roll 4+ or discard an Event to take it, covered, into your Legend Area." });
  }
  return el("div", { class: `world-space${atmosphere ? " is-atmosphere" : ""}${space.uncovered ? " up" : ""}`, "data-space": k },
    el("div", { class: "space-label" }, el("span", { text: `Space ${k}` }), atmosphere ? el("span", { class: "atmo-tag", text: "☁ Atmosphere" }) : null),
    content);
}

// Before the first turn (turn 0) the setup's Relic step is current, not Phase 1.
function phaseTrack(ctx, v) {
  const setup = !v.turn;
  const items = PHASES.map((p, i) => {
    const now = !setup && p === v.phase;
    const node = el("li", { class: `lal-phase${now ? " now" : ""}`, "data-phase": p, text: `${i + 1} ${p}` });
    if (now) ctx.bind(node, oneOf("end phase", "done"), { name: `Phase ${i + 1}: ${p}`, text: PHASE_HELP[i] });
    return node;
  });
  if (setup) {
    const node = el("li", { class: "lal-phase now", "data-phase": "Setup", text: "Setup" });
    ctx.bind(node, oneOf("done"), { name: "Setup: Play Relics",
      text: "Setup, step 6: \"Players may bring Relics into play now if they choose.\" Then the first turn begins." });
    items.unshift(node);
  }
  return el("ol", { class: "lal-phases", "aria-label": "the Phases of the turn" }, items);
}

const PHASE_HELP = [
  "Contemplation: you may bring Relics from hand into play.",
  "World: Draw the top Legend Deck card, Uncover a World card, Wander, or Adventure (you must draw if you take no other World Action).",
  "Life: you may activate a Background.",
  "Resolution: discard down to your maximum hand size.",
];

function pile(ctx, title, names, { pred = null, open = false, cls = "" } = {}) {
  const items = names.map((n) => lalCard(ctx, n, { pred: pred ? pred(n) : null, mini: true }));
  const playable = pred && names.some((n) => ctx.matching(pred(n)).length);
  return el("details", { class: `lal-pile ${cls}`, open: open || playable ? true : null },
    el("summary", { text: `${title}: ${names.length}` }),
    items.length ? el("div", { class: "cards small" }, items) : el("span", { class: "muted", text: "empty" }));
}

function dieBox(ctx, v) {
  const faces = v.roll || [];
  const node = el("div", { class: "lal-die", "aria-label": "the die" },
    el("span", { class: "zone-label", text: "Die" }),
    faces.length ? faces.map((f) => el("span", { class: "die-face", title: `rolled ${f}`, text: String(f) }))
      : el("span", { class: "die-face blank", text: "–" }),
    v.roll_modifier ? el("span", { class: "die-mod", text: `${v.roll_modifier > 0 ? "+" : ""}${v.roll_modifier}` }) : null,
    v.roll_bonus ? el("span", { class: "muted", text: ` bonus ${v.roll_bonus > 0 ? "+" : ""}${v.roll_bonus} this turn` }) : null,
    v.roll_once ? el("span", { class: "muted", text: ` +${v.roll_once} to the next roll` }) : null);
  ctx.bind(node, oneOf("roll the die"), { name: "The die", text: "Faces 1 to 6 (RULES.md: the custom die's faces are not printed). Wander succeeds on 4, 5 or 6; Adventure dice must equal or exceed the requirement." });
  return node;
}

function decks(ctx, v) {
  const deck = el("div", { class: "card back lal-back deck", "data-deck": "legend" },
    el("div", { class: "card-name", text: "Legend Deck" }), el("div", { class: "deck-count", text: String(v.legend_deck) }));
  ctx.bind(deck, oneOf("draw the top Legend card", "wander on the top Legend card"),
    { name: "The Legend Deck", text: `${plural(v.legend_deck, "card")} left. The game is over at the end of the turn when it becomes empty.` });
  const life = el("div", { class: "card back lal-back deck life", "data-deck": "life" },
    el("div", { class: "card-name", text: "Life Deck" }), el("div", { class: "deck-count", text: String(v.life_deck) }));
  ctx.bind(life, null, { name: "The Life Deck", text: `${plural(v.life_deck, "card")} left: Trait-Cards, Exceptional Trait-Cards and Traumas. Turn in a Completed Wander to draw one.` });
  const examined = (v.legend_deck_examined || []).map((e) => el("div", { class: "muted small", text: `${e.from_top === 1 ? "top" : "#" + e.from_top}: ${e.card === "covered" ? "covered" : e.card}${e.examined_by.length ? " (examined by " + e.examined_by.join(", ") + ")" : ""}` }));
  const bgPred = (n) => oneOf(`activate ${n}`, `spend wanders for ${n}`, `set aside ${n}`);
  return el("div", { class: "lal-decks" },
    el("div", { class: "deck-row" }, deck, life, dieBox(ctx, v)),
    examined.length ? el("div", { class: "examined" }, examined) : null,
    pile(ctx, "Legend discard", (v.legend_discard || []).slice().reverse()),
    pile(ctx, "Life discard", (v.life_discard || []).slice().reverse()),
    pile(ctx, "Background Deck", v.background_deck || [], { pred: bgPred }),
    pile(ctx, "Background discard", v.background_discard || []));
}

const RULE_OF_FOUR = "The Rule of Four: every limit starts at 4 and may go up and down (hand size counts at the end of Phase 4; "
  + "Trait-Cards include at most 1 Exceptional Trait; no Wander once the Completed Wander limit is reached). Traumas and Completed Adventures have no limit.";

// --- a seat ----------------------------------------------------------------------------------------
function area(title, cls, count, ...children) {
  return el("div", { class: `lal-area ${cls}` },
    el("div", { class: "area-head" }, el("span", { class: "zone-label", text: title }),
      count ? el("span", { class: "limit", text: count, title: RULE_OF_FOUR }) : null),
    el("div", { class: "cards" }, ...children));
}

function wanders(ctx, v, s, i, mine) {
  const worth = v.mode === "farwander" ? "worth no Legends in Farwander Mode" : "worth 1 Legend each";
  return s.completed_wanders.map((w, j) => {
    const n = j + 1;
    const pred = mine ? oneOf(`turn in wander ${n}`, `discard wander ${n}`, `choose wander ${n}`)
      : oneOf(`farwander on ${s.name}'s wander ${n}`);
    return covered(ctx, w, { label: `Wander ${n}`, pred, cls: "wander",
      about: `A Completed Wander: a Legend card taken covered (covered even to its owner), ${worth}. Its owner may discard it to draw a Life card.` });
  });
}

function backgrounds(ctx, s, achievements) {
  const slot = (name, kind) => name ? lalCard(ctx, name, { pred: cardActions(name), cls: "background", lines: [] })
    : emptySlot(`no ${kind}`);
  const spark = (t) => t === "use the Spark";
  const story = slot(s.life_story, "Life Story");
  const path = slot(s.life_path, "Life Path");
  if (s.life_story && s.life_path) {
    for (const node of [story, path]) ctx.bind(node, spark, null);
  }
  return [story, path, achievements.length ? achievements : emptySlot("no Life Achievement")];
}

function seatPanel(ctx, v, s, i) {
  const mine = ctx.seat === i;
  const turn = v.active === s.name;
  const deciding = v.to_move === s.name;
  const lim = s.limits;
  const offerTo = (t) => t.startsWith("offer ") && (t.endsWith(` to ${s.name}`) || t.includes(` to ${s.name} for `));
  const head = el("div", { class: "lal-seat-head" },
    el("span", { class: "player-name", text: s.name + (mine ? " (you)" : "") }), who(ctx, i),
    el("span", { class: "legends", title: "Legends", text: `★ ${s.legends} Legend${s.legends === 1 ? "" : "s"}` }),
    s.ai ? el("span", { class: "tag ai", text: `AI card: ${s.ai_card || s.ai}` }) : null,
    turn ? el("span", { class: "tag turn", text: "turn" }) : null,
    deciding ? el("span", { class: "tag to-move", text: "to decide" }) : null);
  ctx.bind(head, (t) => t === `choose ${s.name}` || (!mine && offerTo(t)), null);

  const achievements = [];
  const handCards = [];
  s.hand.forEach((h, j) => {
    const info = h.card !== "covered" ? ctx.info(h.card) : null;
    if (info && info.kind === "Life Achievement") {
      achievements.push(lalCard(ctx, h.card, { pred: mine ? cardActions(h.card) : null, cls: "background", lines: ["in hand, revealed"] }));
    } else if (mine) {
      handCards.push(lalCard(ctx, h.card, { pred: cardActions(h.card), cls: "in-hand", text: true,
        lines: h.examined_by && h.examined_by.filter((x) => x !== s.name).length ? [`seen by ${h.examined_by.filter((x) => x !== s.name).join(", ")}`] : [] }));
    } else if (h.card !== "covered") {
      // a card of another hand this seat has seen (examined, or revealed to all)
      handCards.push(lalCard(ctx, h.card, { mini: true, cls: "in-hand seen",
        lines: [h.examined_by && h.examined_by.length ? `in hand; seen by ${h.examined_by.join(", ")}` : "in hand, known"] }));
    } else {
      handCards.push(covered(ctx, h, { label: String(j + 1), pred: null, cls: "lal-mini in-hand",
        about: "A card in this seat's hand: covered to you." }));
    }
  });
  const relicPred = (n) => (t) => cardActions(n)(t) || (!mine && t.startsWith("offer ") && t.endsWith(` for ${n}`) && offerTo(t));
  const exceptional = s.traits.filter((n) => (ctx.info(n) || {}).kind === "Exceptional Trait").length;
  const emptiness = s.ai === "emptiness";
  const parts = [head];
  if (!emptiness) {
    parts.push(el("div", { class: "lal-areas" },
      area("Relics", "relics", `${lim.slots_used}/${lim.relic_slots} slots`,
        s.relics.length ? s.relics.map((n) => lalCard(ctx, n, { pred: relicPred(n) })) : emptySlot("no Relics in play")),
      area("Trait-Cards", "traits", `${s.traits.length}/${lim.traits} · ${exceptional}/1 Exceptional`,
        s.traits.length ? s.traits.map((n) => lalCard(ctx, n, { pred: cardActions(n), cls: (ctx.info(n) || {}).kind === "Exceptional Trait" ? "exceptional" : "" }))
          : emptySlot("no Trait-Cards")),
      area("Traumas", "traumas", s.traumas.length ? "no limit" : null,
        s.traumas.length ? s.traumas.map((n) => lalCard(ctx, n, { pred: cardActions(n) })) : emptySlot("no Traumas")),
      area("Backgrounds", "backgrounds", null, backgrounds(ctx, s, achievements))));
  }
  parts.push(el("div", { class: "lal-areas legend-area" },
    emptiness ? null : area("Completed Wanders", "wanders", `${s.completed_wanders.length}/${lim.completed_wanders}`,
      s.completed_wanders.length ? wanders(ctx, v, s, i, mine) : emptySlot("none")),
    area(emptiness ? "Devoured" : "Completed Adventures", "adventures", null,
      s.completed_adventures.length ? s.completed_adventures.map((n) => lalCard(ctx, n, { mini: true })) : emptySlot("none"))));
  if (!emptiness) {
    parts.push(area(mine ? "Your hand" : "Hand", `hand${mine ? " mine" : ""}`, `${s.hand_size}/${lim.hand}`,
      handCards.length ? handCards : emptySlot("no cards")));
  }
  if (s.ai) parts.push(aiCard(ctx, s));
  return el("section", { class: `lal-seat${mine ? " mine" : ""}${turn ? " active" : ""}${s.ai ? " ai" : ""}`, "data-seat": i }, parts);
}

// An AI card starts open on a wide screen and closed on a phone; a reader's toggle is kept.
const aiOpen = {};

function aiCard(ctx, s) {
  const info = ctx.info(s.ai_card) || {};
  const steps = info.steps || [];
  const key = s.ai_card || s.ai;
  const open = key in aiOpen ? aiOpen[key] : !(window.matchMedia && window.matchMedia("(max-width: 820px)").matches);
  const node = el("details", { class: `lal-ai-card${info.origin === "designed" ? " designed" : ""}`, open: open ? true : null,
    ontoggle: (e) => { aiOpen[key] = e.currentTarget.open; } },
    el("summary", {}, el("strong", { text: s.ai_card || s.ai }), " — AI opponent card",
      info.origin === "designed" ? el("span", { class: "designed-tag", text: "designed", title: "The rulebook says its instructions are on an oversized AI card it does not print: this card is tabletome's." }) : null),
    steps.length ? el("ol", { class: "ai-steps" }, steps.map((step) => el("li", { text: step })))
      : el("p", { class: "muted", text: "this AI card's text is not available" }));
  return node;
}

// --- the rest of the table ---------------------------------------------------------------------------
function inPlay(ctx, v) {
  const out = [];
  if (v.life_cards_drawn && v.life_cards_drawn.length) {
    out.push(box("Life card drawn", "lal-limbo", el("div", { class: "cards" },
      v.life_cards_drawn.map((n) => lalCard(ctx, n, { pred: oneOf(`keep ${n}`, `discard ${n}`), text: true })))));
  }
  if (v.effects_pending && v.effects_pending.length) {
    // the chain of Effects being used: a seat may Interfere (Disrupt, Hex) or pass at each step
    const answer = (t) => t.startsWith("interfere with ") || t === "pass";
    out.push(box("Effects being resolved", "lal-chain", el("ol", { class: "chain-steps" }, v.effects_pending.map((p, k) => {
      const node = el("li", { class: `chain-step${p.disrupted ? " disrupted" : ""}`, "data-step": k + 1 },
        el("span", { class: "step-no", text: `${k + 1}.` }), el("span", { text: `${p.seat} uses ` }), lalCard(ctx, p.card, { mini: true }), p.disrupted ? el("span", { class: "tag", text: "Disrupted" }) : null);
      if (k === v.effects_pending.length - 1) ctx.bind(node, answer, null);
      return node;
    }))));
  }
  if (v.contest) {
    const c = v.contest;
    const node = box("Farwandering: a contested card", "lal-contest",
      el("p", { text: `${c.owner || "?"}'s Completed Wander is contested.` }),
      el("div", { class: "cards" }, c.card ? covered(ctx, c.card, { label: "contested", pred: null, about: "The contested Completed Wander, covered." }) : null,
        c.life_card ? (c.life_card === "covered" ? el("div", { class: "card back lal-back lal-mini" }, el("div", { class: "card-name", text: "Life card" }))
          : lalCard(ctx, c.life_card, { pred: oneOf(`keep ${c.life_card}`, `discard ${c.life_card}`) })) : null));
    ctx.bind(node, oneOf("contest", "no contest", "give it to the Farwanderer"), null);
    out.push(node);
  }
  if (v.lore) {
    const got = new Set(v.acquired || []);
    out.push(box("Lore: the Backgrounds to acquire", "lal-lore", el("div", { class: "cards" },
      v.lore.map((n) => lalCard(ctx, n, { pred: oneOf(`activate ${n}`), lines: [got.has(n) ? "✓ held" : "not held"], cls: got.has(n) ? "acquired" : "" })))));
  }
  return out;
}

function status(v) {
  const [mode] = MODES[v.mode] || [v.mode];
  let text = v.turn ? `${mode} · turn ${v.turn} · ${v.active}'s ${v.phase} Phase`
    : `${mode} · before the first turn: Relics may be brought into play`;
  if (v.age) text += ` · Age ${v.age}`;
  return text;
}

function facts(v) {
  const t = v.this_turn || {};
  const done = [];
  done.push(t.world_action_taken ? "World Action taken" : "no World Action yet");
  if (t.background_activated) done.push("Background activated");
  if (t.spark_used) done.push("Spark used");
  if (t.effects_used && t.effects_used.length) done.push(`used: ${t.effects_used.join(", ")}`);
  if (v.words_bought && v.words_bought.length) done.push(`Life Words bought: ${v.words_bought.join(", ")}`);
  return done.join(" · ");
}

export function render(root, ctx) {
  const v = ctx.view;
  const [, goal] = MODES[v.mode] || [null, ""];
  const asks = v.asks && v.to_move ? el("p", { class: "lal-asks", text: `${v.to_move} decides: ${v.asks}` }) : null;
  // the question being asked answers with the words that name no card or place
  if (asks) ctx.bind(asks, oneOf(...ANSWERS), null);
  root.append(el("div", { class: "lal-top" },
    el("p", { class: "board-status", text: status(v) }),
    phaseTrack(ctx, v),
    asks,
    el("p", { class: "muted lal-goal", text: goal }),
    el("p", { class: "muted lal-facts", text: facts(v) })));
  const n = v.seats.length;
  const me = ctx.seat !== null && ctx.seat !== undefined && ctx.seat < n ? ctx.seat : null;
  const order = [];
  for (let k = 1; k <= n; k++) order.push(((me === null ? -1 : me) + k + n) % n);
  const others = me === null ? order : order.filter((i) => i !== me);
  const board = el("div", { class: `lal-board n${n}` });
  if (others.length) board.append(el("div", { class: `lal-others n${others.length}` }, others.map((i) => seatPanel(ctx, v, v.seats[i], i))));
  board.append(el("div", { class: "lal-middle" },
    box("The World", "lal-world-box", el("div", { class: "lal-world" }, v.world.map((s) => worldSpace(ctx, v, s)))),
    box("Decks", "lal-decks-box", decks(ctx, v))));
  for (const node of inPlay(ctx, v)) board.append(node);
  let hand = null;
  if (me !== null) {
    const panel = seatPanel(ctx, v, v.seats[me], me);
    // your hand in front of you: the board's last box, kept in sight at the bottom of a wide
    // screen (style.css: .lal-mine is sticky) however tall the World and the seats grow
    hand = panel.querySelector(".lal-area.hand.mine");
    board.append(panel);
  }
  root.append(board);
  if (hand) root.append(box(null, "lal-mine", hand));
  legend(ctx, root);
}
