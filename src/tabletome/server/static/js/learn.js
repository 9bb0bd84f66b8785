// The Learn page: a game's lessons (server/learn.py), each a real position drawn by the game's own
// board, its goal and the rulebook passage it teaches. A move is judged by the server: the right
// one advances, a legal but wrong one is explained and may be retried, an illegal one gets its rule.
import { api } from "./api.js";
import { boardFor } from "./boards/index.js";
import { binder, clear, closePopover, el, openPopover } from "./dom.js";
import { fillTerm, glossaryFor, markTerms } from "./terms.js";

const $ = (id) => document.getElementById(id);
const page = { catalogue: [], game: null, number: 1, moves: [], lesson: null, busy: false };

async function main() {
  // the move box is the page's from the start: a move typed before the lessons have come stays in it
  // (the form was sent as a page request, which reloaded the page at the first game's first lesson)
  $("typed").addEventListener("submit", (e) => { e.preventDefault(); const t = $("typed-move").value.trim(); if (t) tryMove(t); });
  $("show-btn").addEventListener("click", showMove);
  page.catalogue = (await api("/api/learn")).games;
  const select = $("learn-game");
  for (const g of page.catalogue) select.append(el("option", { value: g.id, text: g.name }));
  const params = new URLSearchParams(location.hash.slice(1));
  const wanted = params.get("game");
  page.game = page.catalogue.some((g) => g.id === wanted) ? wanted : page.catalogue[0].id;
  page.number = Math.max(1, Number(params.get("lesson")) || 1);
  select.value = page.game;
  select.addEventListener("change", () => open(select.value, 1));
  $("learn-lesson").addEventListener("change", () => open(page.game, Number($("learn-lesson").value)));
  $("next-btn").addEventListener("click", () => open(page.game, page.number + 1));
  document.addEventListener("click", (e) => { if (!$("popover").contains(e.target)) closePopover($("popover")); });
  document.addEventListener("keydown", (e) => { if (e.key === "Escape") closePopover($("popover"), true); });
  await open(page.game, page.number);
}

function lessonsOf(gameId) {
  return page.catalogue.find((g) => g.id === gameId).lessons;
}

async function open(gameId, number) {
  const every = lessonsOf(gameId);
  number = Math.min(Math.max(1, number), every.length);
  page.game = gameId; page.number = number; page.moves = [];
  history.replaceState(null, "", `#game=${encodeURIComponent(gameId)}&lesson=${number}`);
  const pick = clear($("learn-lesson"));
  for (const l of every) pick.append(el("option", { value: l.number, text: `${l.number}. ${l.title}` }));
  pick.value = String(number);
  $("learn-game").value = gameId;
  const answer = await api(`/api/learn/${encodeURIComponent(gameId)}/${number}`, { body: { moves: [], move: null } });
  show(answer);
}

async function tryMove(text) {
  if (page.busy || !page.lesson) return;
  page.busy = true;
  try {
    const answer = await api(`/api/learn/${encodeURIComponent(page.game)}/${page.number}`,
                             { body: { moves: page.moves, move: text } });
    show(answer);
    $("typed-move").value = "";
  } catch (err) {
    verdict("illegal", err.message, "");
  } finally {
    page.busy = false;
  }
}

function showMove() {
  const l = page.lesson;
  if (!l || l.done) return;
  verdict("hint", "This lesson's move is highlighted.", "");
  for (const b of $("legal").querySelectorAll("button.action")) b.classList.remove("hinted");
  // the server never sends the move list ahead; ask it which choice is right by name
  api(`/api/learn/${encodeURIComponent(page.game)}/${page.number}/show`, { body: { moves: page.moves } })
    .then((r) => {
      for (const b of $("legal").querySelectorAll("button.action")) if (b.dataset.action === r.move) b.classList.add("hinted");
      verdict("hint", `This lesson's move: ${r.move}`, "");
    })
    .catch((err) => verdict("illegal", err.message, ""));
}

function show(l) {
  page.lesson = l;
  page.moves = l.moves;
  document.body.dataset.lesson = `${l.game}-${l.number}`;
  document.body.dataset.done = String(l.done);
  $("lesson-title").textContent = `Lesson ${l.number} of ${l.count} · ${l.title}`;
  $("lesson-goal").textContent = `Goal: ${l.goal}`;
  clear($("lesson-quote")).append(el("p", { text: `“${l.quote}”` }),
    el("footer", { text: `${l.game_name} rulebook: ${l.section}` }));
  $("lesson-ours").hidden = !l.ours;
  $("lesson-ours").textContent = l.ours ? `Our ruling: ${l.ours}` : "";
  if (l.verdict) {
    const v = l.verdict;
    const lines = l.lines.length ? `\n${l.lines.slice(-6).join("\n")}` : "";
    if (v.kind === "done") verdict("done", `Done. ${l.done_text}`, "", lines);
    else if (v.kind === "right") verdict("right", "Right. Next step:", "", lines);
    else if (v.kind === "illegal") verdict("illegal", `Not allowed: ${v.message}`, v.rule);
    else verdict("wrong", `${v.message} Try again.`, "");
  } else {
    $("verdict").hidden = true;
  }
  $("lesson-next").hidden = !(l.done && l.number < l.count);
  const board = clear($("board"));
  try {
    boardFor(l.game)(board, context(l));
  } catch (err) {
    board.append(el("p", { class: "error", text: `This board could not be drawn (${err.message}); the choices still work.` }));
  }
  drawChoices(l);
  glossaryFor(l.game).then((g) => {
    const tap = (node, term) => { fillTerm($("popover"), term, l.game_name); place(node); };
    for (const id of ["board", "lesson-goal", "lesson-quote"]) markTerms($(id), g, tap);
  });
}

function verdict(kind, message, rule, lines = "") {
  const box = clear($("verdict"));
  box.hidden = false;
  box.className = `verdict verdict-${kind}`;
  box.append(el("p", { class: "verdict-message", text: message }));
  if (rule) box.append(el("p", { class: "verdict-rule", text: `The rule: ${rule}` }));
  if (lines) box.append(el("pre", { class: "verdict-lines", text: lines.trim() }));
}

function drawChoices(l) {
  const box = clear($("legal"));
  $("prompt").textContent = l.done ? "Lesson done" : decisionText(l.view) || "Your move";
  $("typed").hidden = l.done;
  const list = el("div", { class: "legal-list" });
  for (const a of l.legal) {
    list.append(el("button", { type: "button", class: "action", "data-action": a.text, text: a.text,
                               onclick: () => tryMove(a.text) }));
  }
  box.append(list);
}

function decisionText(view) {
  const d = view.decision || view.pending;
  if (d && typeof d.choice === "string") return d.choice[0].toUpperCase() + d.choice.slice(1);
  if (typeof view.asks === "string" && view.asks) return view.asks[0].toUpperCase() + view.asks.slice(1);
  return "";
}

// What a board needs (table.js builds the same for a live table): the view, the legal actions,
// card texts on tap, and tapping a playable card offers its actions.
function context(l) {
  const legal = l.done ? [] : l.legal;
  const catalogue = l.view.catalogue || {};
  const info = (name) => l.cards[name] || (catalogue.cards && catalogue.cards[name])
    || (catalogue.aspects && catalogue.aspects[name]) || (catalogue.familiars && catalogue.familiars[name]) || null;
  return {
    view: l.view, legal, seat: l.seat, live: true, info,
    seats: l.seat_names.map((name) => ({ name })),
    matching: (pred) => legal.filter((a) => pred(a.text)),
    bind: binder(legal, popover),     // what a tap on a node shows and offers
  };
}

function popover(anchor, about, actions) {
  const pop = clear($("popover"));
  if (about && about.name) pop.append(el("h3", { text: about.name }));
  if (about && about.text) pop.append(el("p", { class: "card-text", text: about.text }));
  for (const a of actions) pop.append(el("button", { type: "button", class: "action", text: a.text,
    onclick: () => { closePopover(pop); tryMove(a.text); } }));
  place(anchor);
}

function place(anchor) {
  const pop = $("popover");
  pop.append(el("button", { type: "button", class: "close", text: "Close", onclick: () => closePopover(pop, true) }));
  openPopover(pop, anchor);
}

main().catch((err) => verdict("illegal", `Cannot reach the server: ${err.message}`, ""));
