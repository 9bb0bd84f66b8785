// The table page: one WebSocket, the board as this seat sees it, its choices, the log, hints,
// seats and invite links, rematch, and a replay slider once the game is over.
import { api, forgetTicket, hostToken, saveTicket, seatLink, ticketsFor, watchLink } from "./api.js";
import { boardFor } from "./boards/index.js";
import { clear, el } from "./dom.js";
import { fillTerm, glossaryFor, markTerms } from "./terms.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");

const page = {
  ws: null, seat: null, token: null, info: null, cards: {}, state: null, log: [], request: 0,
  waiting: false, retry: 0, revoked: false, replay: null, hint: null, closedOnPurpose: false,
};

// --- who am I at this table --------------------------------------------------------------------
function identity() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.has("token") && params.has("seat")) {
    const seat = Number(params.get("seat"));
    const token = params.get("token");
    saveTicket({ table: tableId, seat, token, mine: true });
    return { seat, token };
  }
  if (params.has("watch")) return { seat: null, token: null };
  const mine = ticketsFor(tableId).filter((t) => t.mine !== false);
  if (mine.length) return { seat: mine[0].seat, token: mine[0].token };
  return { seat: null, token: null };
}

// --- the connection ------------------------------------------------------------------------------
function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/ws`);
  page.ws = ws;
  ws.addEventListener("open", () => {
    page.retry = 0;
    page.resyncing = false;
    send({ type: "hello", table: tableId, seat: page.seat, token: page.token });
  });
  ws.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  ws.addEventListener("close", (event) => {
    if (page.missing) return;          // no such table: nothing to reconnect to
    if (event.code === 4401 || page.revoked) {
      page.revoked = true;
      setStatus("This seat's link no longer works (the seat was vacated or re-invited).", "bad");
      return;
    }
    const wait = Math.min(5000, 300 * 2 ** page.retry++);
    setStatus("Connection lost; reconnecting…", "bad");
    setTimeout(connect, wait);
  });
}

function send(message) {
  if (page.ws && page.ws.readyState === WebSocket.OPEN) {
    page.ws.send(JSON.stringify(message));
    return true;
  }
  return false;
}

function receive(msg) {
  if (msg.type === "welcome") {
    page.info = msg.table;
    page.cards = msg.cards || {};
    page.optionHelp = msg.option_help || {};
    document.title = `${msg.table.game_name} — tabletome`;
    $("title").textContent = `${msg.table.game_name}` + (msg.seat_name ? ` · you are ${msg.seat_name}` : " · watching");
  } else if (msg.type === "state") {
    onState(msg);
  } else if (msg.type === "error") {
    page.waiting = false;
    if (msg.code === "unknown-table" || msg.code === "broken-table") {
      // the table does not exist (or can no longer be shown): say so instead of "Connecting…"
      page.missing = true;
      setStatus(msg.message, "bad");
      page.ws.close();
      return;
    }
    if (msg.code === "revoked") page.revoked = true;
    if (msg.code === "bad-token" || msg.code === "bad-seat") {
      forgetTicket(tableId, page.seat);
      showBanner(`${msg.message} You are watching instead.`);
      page.seat = null; page.token = null;
      send({ type: "hello", table: tableId, seat: null });
      return;
    }
    showBanner(msg.message);
    if (page.state) drawChoices();
  } else if (msg.type === "why") {
    drawWhy(msg);
  } else if (msg.type === "hint") {
    page.hint = msg;
    drawHint();
  } else if (msg.type === "rematch") {
    goToRematch(msg.table);
  }
}

// A state carries the whole view after a hello, else a diff against the previous state this page
// received: {base: its step, set: {key: new value}, keys?: the view's keys in order when they changed}.
function viewOf(msg) {
  if (msg.view) return msg.view;
  const d = msg.diff;
  const old = page.state && page.state.view;
  if (!d || !old || page.state.step !== d.base) return null;
  const keys = d.keys || Object.keys(old);
  const view = {};
  for (const k of keys) view[k] = Object.prototype.hasOwnProperty.call(d.set, k) ? d.set[k] : old[k];
  return view;
}

function onState(msg) {
  const view = viewOf(msg);
  if (view === null) {
    // out of step with the server (should not happen): say hello again for the whole state
    if (!page.resyncing) { page.resyncing = true; send({ type: "hello", table: tableId, seat: page.seat, token: page.token }); }
    return;
  }
  page.resyncing = false;
  msg.view = view;
  delete msg.diff;
  const log = msg.log;
  page.log = log.from === 0 ? log.lines.slice() : page.log.slice(0, log.from).concat(log.lines);
  if (page.state && page.state.step !== msg.step) page.hint = null;
  page.state = msg;
  page.waiting = false;
  document.body.dataset.step = String(msg.step);
  document.body.dataset.over = String(msg.over);
  document.body.dataset.toMove = msg.to_move === null ? "" : String(msg.to_move);
  document.body.dataset.mine = String(page.seat !== null && msg.to_move === page.seat && !msg.over);
  if (page.info) { page.info.seats = msg.seats; page.info.rematch = msg.rematch; }
  if (!page.replay) draw();
  drawHeader();
  drawSeats();
}

// --- drawing -------------------------------------------------------------------------------------
function seatLabel(s) {
  if (!s) return "";
  const who = s.agent === "card" ? `played by ${s.player || "its card"}` : s.agent ? `computer: ${s.agent}` : s.player || (s.open ? "open seat" : "person");
  return `${s.name} (${who})`;
}

function drawHeader() {
  const st = page.state;
  if (!st) return;
  const seats = st.seats;
  if (st.over) setStatus(`Game over: ${st.result || ""}`, "over");
  else if (st.thinking !== null && st.thinking !== undefined) setStatus(`${seatLabel(seats[st.thinking])} is thinking…`, "thinking");
  else if (st.to_move === page.seat && page.seat !== null) setStatus("Your turn", "yours");
  else setStatus(`Waiting for ${seatLabel(seats[st.to_move])}`, "wait");
  if (st.ai_error) showBanner(st.ai_error);
  $("hint-btn").hidden = !(page.seat !== null && st.to_move === page.seat && !st.over);
  const done = st.over || (page.info && page.info.kind === "replay");
  const link = $("record-link");
  link.hidden = !done;
  link.href = `/api/tables/${encodeURIComponent(tableId)}/record`;
  $("rematch-btn").hidden = !(st.over && page.seat !== null && page.info && page.info.kind === "live");
  $("rematch-btn").textContent = st.rematch ? "Go to the rematch" : "Rematch";
  $("replay").hidden = !done;
  if (done) setupReplay();
}

function setStatus(text, kind) {
  const node = $("status");
  node.textContent = text;
  node.className = `status status-${kind}`;
}

let bannerTimer = null;
function showBanner(text) {
  const node = $("banner");
  node.textContent = text;
  node.hidden = false;
  clearTimeout(bannerTimer);
  bannerTimer = setTimeout(() => { node.hidden = true; }, 8000);
}

function context(view, legal, seat) {
  const catalogue = view.catalogue || {};
  const info = (name) => page.cards[name] || (catalogue.cards && catalogue.cards[name])
    || (catalogue.aspects && catalogue.aspects[name]) || (catalogue.familiars && catalogue.familiars[name]) || null;
  return {
    view, legal, seat,
    seats: page.state ? page.state.seats : [],
    live: !page.replay,
    info,
    matching: (pred) => legal.filter((a) => pred(a.text)),
    // Make ``node`` show what it is on tap, and offer the legal actions ``pred`` picks.
    bind(node, pred, about) {
      const actions = pred ? legal.filter((a) => pred(a.text)) : [];
      if (actions.length) node.classList.add("playable");
      if (about && about.text) node.title = `${about.name ? about.name + ": " : ""}${about.text}`;
      if (!actions.length && !(about && about.text)) return node;
      node.tabIndex = 0;
      const open = (event) => { event.stopPropagation(); showPopover(node, about, actions); };
      node.addEventListener("click", open);
      node.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); open(e); } });
      return node;
    },
  };
}

function draw() {
  const st = page.state;
  const view = st.view;
  const legal = st.legal || [];
  const board = clear($("board"));
  const render = boardFor(page.info ? page.info.game : view.game);
  try {
    render(board, context(view, legal, page.seat));
  } catch (err) {
    console.error(err);
    board.append(el("p", { class: "error", text: `This board could not be drawn (${err.message}); the choices still work.` }));
  }
  drawChoices();
  drawLog(page.log);
  // game terms in the board's plain text explain themselves on a tap (terms.js)
  glossaryFor(page.info ? page.info.game : view.game).then((g) => markTerms(board, g, showTerm));
}

// "Why not?": the engine's refusal of a move, the moment's section and the rule (tables.py why).
function drawWhy(msg) {
  const box = clear($("why-box"));
  box.hidden = false;
  box.className = `verdict verdict-${msg.available ? "right" : "illegal"}`;
  if (msg.available) { box.append(el("p", { text: `'${msg.action}' is available now.` })); return; }
  box.append(el("p", { class: "verdict-message", text: `Not now: ${msg.reason}` }));
  if (msg.moment) box.append(el("p", { text: `Now: ${msg.moment.moment} (rulebook: ${msg.moment.section})` }));
  for (const t of msg.terms) {
    box.append(el("p", { class: "verdict-rule", text: `The rule, ${t.name}: “${t.text}” (rulebook: ${t.section})` }));
    if (t.ours) box.append(el("p", { class: "term-ours", text: `Ours: ${t.ours}` }));
  }
  for (const r of msg.rulings || []) box.append(rulingLine(r));
  box.scrollIntoView({ block: "nearest" });
}

// A ruling of ours (RULES.md, core/rulings.py): always marked as ours, never as the rulebook's.
function rulingLine(r) {
  return el("p", { class: "ruling-ours", "data-ruling": r.id,
    text: `Ours: ${r.title} (our ruling ${r.id}, RULES.md — not printed): ${r.text}` });
}

function showTerm(node, term) {
  const pop = $("popover");
  fillTerm(pop, term, page.info ? page.info.game_name : "");
  pop.append(el("button", { type: "button", class: "close", text: "Close", onclick: hidePopover }));
  pop.hidden = false;
  const r = node.getBoundingClientRect();
  const width = Math.min(320, window.innerWidth - 16);
  pop.style.width = `${width}px`;
  pop.style.left = `${Math.max(8, Math.min(window.innerWidth - width - 8, r.left + window.scrollX))}px`;
  pop.style.top = `${r.bottom + window.scrollY + 6}px`;
}

function drawChoices() {
  const st = page.state;
  $("why-form").hidden = !(page.seat !== null && st.to_move === page.seat && !st.over && !page.replay);
  const legal = page.replay ? [] : st.legal || [];
  const box = clear($("legal"));
  const prompt = $("prompt");
  if (page.replay) { prompt.textContent = "Replaying"; return; }
  if (!legal.length) {
    prompt.textContent = st.over ? "The game is over" : "Choices";
    box.append(el("p", { class: "muted", text: st.over ? st.result || "" : page.seat === null ? "You are watching." : "Not your turn." }));
    return;
  }
  prompt.textContent = decisionText(st.view) || "Your choices";
  const d = st.decision;
  if (d && d.moment) prompt.prepend(el("span", { class: "moment", text: `${d.moment} (rulebook: ${d.section}) · ` }));
  if (d && d.rulings.length) {
    const ours = el("details", { class: "rulings-ours" });
    ours.append(el("summary", { text: `Ours (RULES.md, not printed): ${d.rulings.map((r) => r.id).join(", ")}` }));
    for (const r of d.rulings) ours.append(rulingLine(r));
    box.append(ours);
  }
  let filter = null;
  if (legal.length > 12) {
    filter = el("input", { type: "search", class: "filter", placeholder: `filter ${legal.length} choices`, "aria-label": "filter choices" });
    box.append(filter);
  }
  const list = el("div", { class: "legal-list" });
  for (const a of legal) {
    const hinted = page.hint && page.hint.step === st.step && page.hint.rows.find((r) => r.id === a.id);
    list.append(el("button", {
      type: "button", class: `action${hinted ? " hinted" : ""}`, "data-action-id": a.id, "data-action": a.text,
      text: a.text, disabled: page.waiting, onclick: () => choose(a),
    }));
  }
  box.append(list);
  if (filter) filter.addEventListener("input", () => {
    const q = filter.value.toLowerCase();
    for (const b of list.children) b.hidden = q && !b.textContent.toLowerCase().includes(q);
  });
}

function decisionText(view) {
  const d = view.decision || view.pending;
  if (!d) return "";
  if (typeof d.choice === "string") return d.choice[0].toUpperCase() + d.choice.slice(1);
  return "";
}

function drawLog(lines) {
  const box = clear($("log"));
  lines.forEach((line, i) => box.append(el("li", { text: line, "data-i": i })));
  requestAnimationFrame(() => { box.parentElement.scrollTop = box.parentElement.scrollHeight; });
}

function choose(action) {
  hidePopover();
  if (page.waiting || !page.state) return;
  page.waiting = true;
  page.request += 1;
  if (!send({ type: "move", action: action.id, step: page.state.step, id: page.request })) {
    page.waiting = false;
    showBanner("Not connected; your move was not sent. Reconnecting…");
  }
  drawChoices();
}

function showPopover(anchor, about, actions) {
  const pop = clear($("popover"));
  if (about && about.name) {
    pop.append(el("h3", { text: about.name },
      about.designed ? el("span", { class: "designed-tag", text: "designed", title: "designed by tabletome inside the rulebook's mechanics, not printed" }) : null));
  }
  if (about && about.text) pop.append(el("p", { class: "card-text", text: about.text }));
  if (about && about.extra) pop.append(el("p", { class: "muted", text: about.extra }));
  for (const a of actions) pop.append(el("button", { type: "button", class: "action", "data-action-id": a.id, text: a.text, onclick: () => choose(a) }));
  if (!actions.length && !(about && about.text)) return;
  const st = page.state;
  if (!actions.length && about && about.name && page.seat !== null && st && st.to_move === page.seat && !st.over && !page.replay) {
    // a greyed card at your turn: why can it not be played now? (the server's "why", drawWhy)
    pop.append(el("button", { type: "button", class: "why", text: "Why not?",
      onclick: () => { hidePopover(); send({ type: "why", id: ++page.request, text: about.name }); } }));
  }
  pop.append(el("button", { type: "button", class: "close", text: "Close", onclick: hidePopover }));
  pop.hidden = false;
  const r = anchor.getBoundingClientRect();
  const width = Math.min(320, window.innerWidth - 16);
  pop.style.width = `${width}px`;
  pop.style.left = `${Math.max(8, Math.min(window.innerWidth - width - 8, r.left + window.scrollX))}px`;
  pop.style.top = `${r.bottom + window.scrollY + 6}px`;
}

function hidePopover() { $("popover").hidden = true; }

function drawHint() {
  const box = clear($("hint-box"));
  const h = page.hint;
  if (!h) { box.hidden = true; return; }
  box.hidden = false;
  if (h.pending) { box.append(el("p", { class: "muted", text: "Thinking about your best choices…" })); return; }
  const measure = page.info && page.info.players === 1 ? "expected score" : "win chance";
  box.append(el("p", { class: "muted", text: `The computer's best choices (${measure}; it sees only what you see):` }));
  for (const r of h.rows) box.append(el("div", { class: "hint-row" },
    el("span", { text: r.text }), el("span", { class: "chance", text: `${Math.round(r.chance * 100)}%` })));
  drawChoices();
}

// --- seats, invite links, rematch --------------------------------------------------------------
function drawSeats() {
  const box = clear($("seats-panel"));
  if (!page.info || !page.state) return;
  const host = hostToken(tableId);
  const known = ticketsFor(tableId);
  box.append(el("h2", { text: "Seats" }));
  for (const s of page.state.seats) {
    const row = el("div", { class: "seat-line", "data-seat": s.seat },
      el("span", { class: `dot ${s.agent || s.online ? "on" : "off"}`, title: s.online ? "connected" : "not connected" }),
      el("strong", { text: s.name }), " ", el("span", { text: s.agent === "card" ? `played by ${s.player || "its card"}` : s.agent ? `computer: ${s.agent}` : s.player || (s.open ? "open seat" : "person") }),
      s.seat === page.seat ? el("span", { class: "tag", text: "you" }) : null);
    const ticket = known.find((t) => t.seat === s.seat);
    if (!s.agent && ticket && s.seat !== page.seat) {
      row.append(el("a", { class: "button small", href: seatLink(tableId, s.seat, ticket.token), text: "play this seat" }));
    }
    if (!s.agent && host && page.info.kind === "live") {
      if (ticket && !s.open) {
        const input = el("input", { class: "invite", readonly: true, value: seatLink(tableId, s.seat, ticket.token), "aria-label": `invite link for ${s.name}` });
        row.append(el("div", { class: "invite-row" }, input,
          el("button", { type: "button", class: "small", text: "copy", onclick: () => { input.select(); navigator.clipboard?.writeText(input.value); } })));
      }
      row.append(el("button", { type: "button", class: "small", text: s.open ? "invite" : "new link", "data-reinvite": s.seat,
        title: "a new invite link; the old one stops working", onclick: () => reinvite(s.seat, host) }));
      if (!s.open) row.append(el("button", { type: "button", class: "small", text: "vacate", "data-vacate": s.seat,
        title: "nobody holds this seat until you invite someone", onclick: () => vacate(s.seat, host) }));
    }
    box.append(row);
  }
  const watch = el("input", { class: "invite", readonly: true, value: watchLink(tableId), "aria-label": "spectator link" });
  box.append(el("div", { class: "invite-row" }, el("span", { text: "Spectators: " }), watch));
  const opts = Object.entries(page.info.options || {}).map(([k, v]) => `${k.replaceAll("_", " ")}: ${v}`).join(" · ");
  box.append(el("p", { class: "muted", text: opts }));
}

async function reinvite(seat, host) {
  try {
    const answer = await api(`/api/tables/${encodeURIComponent(tableId)}/seats/${seat}/invite`, { body: { host } });
    saveTicket({ table: tableId, seat, token: answer.token, mine: seat === page.seat });
    if (seat === page.seat) { page.token = answer.token; location.hash = `seat=${seat}&token=${answer.token}`; location.reload(); }
    drawSeats();
  } catch (err) { showBanner(err.message); }
}

async function vacate(seat, host) {
  try {
    await api(`/api/tables/${encodeURIComponent(tableId)}/seats/${seat}/vacate`, { body: { host } });
    forgetTicket(tableId, seat);
    drawSeats();
  } catch (err) { showBanner(err.message); }
}

function goToRematch(newTable) {
  if (page.seat === null) { location.href = `/table/${newTable}#watch`; return; }
  // the rematch keeps every seat's token
  for (const t of ticketsFor(tableId)) saveTicket({ ...t, table: newTable });
  const host = hostToken(tableId);
  if (host) localStorage.setItem("tabletome.hosts", JSON.stringify({ ...JSON.parse(localStorage.getItem("tabletome.hosts") || "{}"), [newTable]: host }));
  location.href = seatLink(newTable, page.seat, page.token);
}

// --- replay ----------------------------------------------------------------------------------------
let replaySetUp = false;
function setupReplay() {
  const steps = page.state.step;
  const slider = $("replay-step");
  slider.max = String(steps);
  if (!replaySetUp) {
    replaySetUp = true;
    slider.value = String(steps);
    const seatSel = $("replay-seat");
    seatSel.append(el("option", { value: "none", text: "a spectator" }));
    for (const s of page.state.seats) seatSel.append(el("option", { value: String(s.seat), text: s.name }));
    if (page.seat !== null) seatSel.value = String(page.seat);
    slider.addEventListener("input", () => showReplay(Number(slider.value)));
    seatSel.addEventListener("change", () => showReplay(Number(slider.value)));
    $("replay-prev").addEventListener("click", () => { slider.value = String(Math.max(0, Number(slider.value) - 1)); showReplay(Number(slider.value)); });
    $("replay-next").addEventListener("click", () => { slider.value = String(Math.min(steps, Number(slider.value) + 1)); showReplay(Number(slider.value)); });
    $("replay-live").addEventListener("click", () => { page.replay = null; $("replay-live").hidden = true; slider.value = slider.max; draw(); });
    $("replay-info").textContent = `${steps} moves: drag to step through the game.`;
  }
}

let replayToken = 0;
async function showReplay(step) {
  const mine = ++replayToken;
  const seat = $("replay-seat").value;
  try {
    const data = await api(`/api/tables/${encodeURIComponent(tableId)}/replay?step=${step}&seat=${seat}`);
    if (mine !== replayToken) return;
    page.replay = data;
    $("replay-live").hidden = false;
    $("replay-info").textContent = `Step ${data.step} of ${data.steps}` + (data.action ? `: ${data.action}` : ": the start");
    const board = clear($("board"));
    const view = data.view;
    const log = view.log || [];
    boardFor(page.info.game)(board, context(view, [], data.seat));
    drawChoices();
    drawLog(log);
  } catch (err) { showBanner(err.message); }
}

// --- start -----------------------------------------------------------------------------------------
function start() {
  const me = identity();
  page.seat = me.seat;
  page.token = me.token;
  $("hint-btn").addEventListener("click", () => {
    page.request += 1;
    if (send({ type: "hint", id: page.request })) { page.hint = { pending: true }; drawHint(); }
  });
  $("seats-btn").addEventListener("click", () => { $("seats-panel").hidden = !$("seats-panel").hidden; });
  $("why-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const text = $("why-text").value.trim();
    if (text) send({ type: "why", id: ++page.request, text });
  });
  $("rematch-btn").addEventListener("click", () => {
    if (page.state && page.state.rematch) goToRematch(page.state.rematch);
    else send({ type: "rematch", id: ++page.request });
  });
  document.addEventListener("click", (e) => { if (!$("popover").contains(e.target)) hidePopover(); });
  document.addEventListener("keydown", (e) => { if (e.key === "Escape") hidePopover(); });
  if (!tableId) { setStatus("No table in this link.", "bad"); return; }
  setStatus("Connecting…", "wait");
  connect();
}

start();
