// The table page: one WebSocket, the board as this seat sees it, its choices, the log, hints,
// seats and invite links, chat, a "your turn" signal in a background tab, resign, the host's tools
// (lobby, spectators, delete), rematch, and a replay slider once the game is over.
import { api, forgetTicket, hostToken, saveTicket, seatLink, ticketsFor, watchLink } from "./api.js";
import { boardFor } from "./boards/index.js";
import { binder, clear, closePopover, el, openPopover } from "./dom.js";
import { fillTerm, glossaryFor, markTerms } from "./terms.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");

const page = {
  ws: null, seat: null, token: null, info: null, cards: {}, state: null, log: [], request: 0, chatSent: new Map(),
  waiting: false, retry: 0, revoked: false, replay: null, hint: null, closedOnPurpose: false,
};

// --- who am I at this table --------------------------------------------------------------------
function identity() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.has("me") && params.has("seat")) {
    // a seat opened from the person's my-tables link: the link's secret is the credential
    return { seat: Number(params.get("seat")), token: null, me: params.get("me") };
  }
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
    send(hello());
  });
  ws.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  ws.addEventListener("close", (event) => {
    if (page.missing) return;          // no such table: nothing to reconnect to
    if (page.gone) { setStatus(page.gone, "bad"); return; }
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

function hello() {
  const message = { type: "hello", table: tableId, seat: page.seat, token: page.token };
  if (page.me) message.me = page.me;
  return message;
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
    page.title = document.title;
    page.chat = msg.chat || [];
    const canChat = page.seat !== null || msg.table.spectator_chat;
    $("chat-form").hidden = !canChat;
    $("chat-note").hidden = canChat;
    drawChat();
  } else if (msg.type === "state") {
    onState(msg);
  } else if (msg.type === "error") {
    page.waiting = false;
    if (msg.code === "unknown-table" || msg.code === "broken-table" || msg.code === "no-spectators") {
      // the table does not exist, can no longer be shown, or may not be watched: say so instead of
      // "Connecting…" (the banner goes after a while; the status stays)
      page.missing = true;
      setStatus(msg.message, "bad");
      page.ws.close();
      return;
    }
    if (msg.code === "revoked") page.revoked = true;
    if (msg.code === "removed" || msg.code === "deleted") page.gone = msg.message;
    if (msg.code === "bad-token" || msg.code === "bad-seat") {
      forgetTicket(tableId, page.seat);
      showBanner(`${msg.message} You are watching instead.`);
      page.seat = null; page.token = null;
      send({ type: "hello", table: tableId, seat: null });
      return;
    }
    const unsent = page.chatSent.get(msg.id);
    if (unsent !== undefined) {                      // a chat message refused (too many at once): back in the box
      page.chatSent.delete(msg.id);
      const input = $("chat-text");
      input.value = input.value ? `${input.value} ${unsent}` : unsent;     // (refused in the order sent)
    }
    showBanner(unsent === undefined ? msg.message : `${msg.message}; your message is back in the box`);
    if (page.state) drawChoices();
  } else if (msg.type === "why") {
    drawWhy(msg);
  } else if (msg.type === "chat") {
    page.chat = page.chat.concat(msg.messages).slice(-200);
    drawChat();
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
    if (!page.resyncing) { page.resyncing = true; send(hello()); }
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
  const mine = page.seat !== null && msg.to_move === page.seat && !msg.over;
  if (mine && document.body.dataset.mine !== "true" && page.state) signalTurn();
  document.body.dataset.mine = String(mine);
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
  else if (page.info && page.info.kind === "replay") setStatus(`An unfinished game's record: ${seats[st.to_move].name} was to move`, "wait");
  else if (st.to_move === page.seat && page.seat !== null) {
    if (outOfTime(st, page.seat)) setStatus("Your time ran out: the computer plays your moves", "wait");
    else setStatus("Your turn", "yours");
  } else setStatus(`Waiting for ${seatLabel(seats[st.to_move])}`
                   + (outOfTime(st, st.to_move) ? " (out of time: the computer plays)" : ""), "wait");
  if (st.ai_error) showBanner(st.ai_error);
  $("hint-btn").hidden = !(page.seat !== null && st.to_move === page.seat && !st.over);
  const done = st.over || (page.info && page.info.kind === "replay");
  const link = $("record-link");
  link.hidden = !done;
  link.href = `/api/tables/${encodeURIComponent(tableId)}/record`;
  $("rematch-btn").hidden = !(st.over && page.seat !== null && page.info && page.info.kind === "live");
  $("rematch-btn").textContent = st.rematch ? "Go to the rematch" : "Rematch";
  $("resign-btn").hidden = !(!st.over && page.seat !== null && page.info && page.info.kind === "live");
  $("undo-btn").hidden = $("resign-btn").hidden || !!st.undo || !st.decided;
  page.clockOffset = st.clock ? st.clock.now - Date.now() / 1000 : 0;
  drawClock();
  drawUndo(st);
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
    bind: binder(legal, showPopover, page.offered),     // what a tap on a node shows and offers
  };
}

function draw() {
  const st = page.state;
  const view = st.view;
  const legal = st.legal || [];
  const board = clear($("board"));
  page.offered = new Set();            // the choices the board offers somewhere (dom.js binder)
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
  openSheet(true);
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
  pop.append(el("button", { type: "button", class: "close", text: "Close", onclick: () => hidePopover(true) }));
  openPopover(pop, node);
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
      "data-on-board": page.offered && page.offered.has(a.id), text: a.text, disabled: page.waiting, onclick: () => choose(a),
    }));
  }
  box.append(list);
  // a choice made from this list or its popover (often by keyboard) takes the focus with it when
  // the list is drawn again: it comes back to the first choice at this seat's next turn, unless
  // the person went on somewhere else meanwhile (the chat)
  if (page.keepFocus && (document.activeElement === document.body || box.contains(document.activeElement))) {
    const first = list.querySelector(".action:not([disabled])");
    if (first) { first.focus({ preventScroll: true }); page.keepFocus = false; }
  } else {
    page.keepFocus = false;
  }
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

// The log: only the entries that changed are drawn again (a long game has hundreds).
function drawLog(lines) {
  const box = $("log");
  const shown = box.children;
  let same = 0;
  while (same < shown.length && same < lines.length && shown[same].textContent === lines[same]) same += 1;
  while (shown.length > same) box.lastChild.remove();
  for (let i = same; i < lines.length; i++) box.append(el("li", { text: lines[i], "data-i": i }));
  requestAnimationFrame(() => { box.scrollTop = box.scrollHeight; });     // the entries scroll, the heading stays
}

// On a phone the choices are a sheet at the bottom of the screen: one row of choices (scrolling
// sideways) under a one-line prompt, so the board stays in sight; "More" opens the whole panel
// (rulings, filter, "why not?", hints). The page leaves room below the board for the sheet's height.
function openSheet(open) {
  $("choices").classList.toggle("open", open);
  $("sheet-toggle").setAttribute("aria-expanded", String(open));
  $("sheet-toggle").textContent = open ? "Less" : "More";
}

function keepRoomForSheet() {
  const sheet = $("choices");
  const room = () => document.body.style.setProperty("--sheet", `${sheet.offsetHeight}px`);
  if ("ResizeObserver" in window) new ResizeObserver(room).observe(sheet);
  room();
}

function choose(action) {
  page.keepFocus = $("legal").contains(document.activeElement) || $("popover").contains(document.activeElement);
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
  pop.append(el("button", { type: "button", class: "close", text: "Close", onclick: () => hidePopover(true) }));
  openPopover(pop, anchor);
}

// ``back``: the focus returns to what opened it (Close, Escape), not after a choice or a tap elsewhere
function hidePopover(back = false) { closePopover($("popover"), back); }

function drawHint() {
  const box = clear($("hint-box"));
  const h = page.hint;
  if (!h) { box.hidden = true; return; }
  box.hidden = false;
  openSheet(true);
  if (h.pending) { box.append(el("p", { class: "muted", text: "Thinking about your best choices…" })); return; }
  // the terminal's words (cli/play.py hint): a solo mode's number is its normalised score
  const measure = page.info && page.info.players === 1 ? "expected score (0-100%)" : "win chance";
  box.append(el("p", { class: "muted", text: `The computer's best choices (${measure}; it sees only what you see):` }));
  for (const r of h.rows) box.append(el("div", { class: "hint-row" },
    el("span", { text: r.text }), el("span", { class: "chance", text: `${Math.round(r.chance * 100)}%` })));
  drawChoices();
}

// --- the clock: the server's, counted down here between states ----------------------------------------
function timeText(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  if (s >= 86400) return `${Math.floor(s / 86400)}d ${Math.floor((s % 86400) / 3600)}h`;
  if (s >= 3600) return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}m`;
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

// A seat whose real-time clock ran out at a table where the computer then plays its moves
// (on_timeout "agent"): its moves come at once, made by the computer.
function outOfTime(st, seat) {
  const c = st.clock;
  return !!(c && c.on_timeout === "agent" && c.left && seat !== null && c.left[seat] <= 0 && !st.over);
}

function drawClock() {
  const st = page.state;
  const node = $("clock");
  const c = st && st.clock;
  node.hidden = !c;
  if (!c) return;
  const now = Date.now() / 1000 + (page.clockOffset || 0);
  const running = c.deadline !== null && !st.over ? st.to_move : null;
  const parts = [];
  st.seats.forEach((s, i) => {
    if (!c.left) return;                   // turn-based: only the time the seat to move has left
    let left = c.left[i];
    if (i === running) left = c.deadline - now;
    parts.push(el("span", { class: i === running ? "clock-seat running" : "clock-seat", "data-clock": i,
                            text: outOfTime(st, i) ? `${s.name}: out of time, the computer plays` : `${s.name} ${timeText(left)}` }));
  });
  clear(node).append(...parts);
  if (!c.left && running !== null) {
    node.append(el("span", { class: "clock-seat running", "data-clock": running,
                             text: `${st.seats[running].name}: ${timeText(c.deadline - now)} to move` }));
  }
}

// --- undo: a request the other people at the table accept or decline --------------------------------
function drawUndo(st) {
  const ask = st.undo;
  const box = $("undo-ask");
  if (!ask || page.seat === null) {
    if (page.undoAsked && !ask && st.step === page.undoAsked) showBanner("Your undo was declined.");
    page.undoAsked = null;
    box.hidden = true;
    return;
  }
  if (ask.seat === page.seat) {
    page.undoAsked = st.step;
    box.hidden = true;
    setStatus("Waiting for the others to accept your undo…", "wait");
    return;
  }
  const name = st.seats[ask.seat] ? st.seats[ask.seat].name : "Another player";
  $("undo-text").textContent = `${name} asks to take back their last decision.`;
  box.hidden = ask.accepted.includes(page.seat);
}

function answerUndo(accept) {
  $("undo-ask").hidden = true;
  send({ type: "undo-reply", accept, step: page.state.step, id: ++page.request });
}

// --- chat and the "your turn" signal ----------------------------------------------------------------
function drawChat() {
  const list = clear($("chat-log"));
  for (const m of page.chat) {
    list.append(el("li", { class: m.seat === page.seat && m.seat !== null ? "chat-mine" : "" },
      el("strong", { text: `${m.who}: ` }), el("span", { text: m.text })));
  }
  list.scrollTop = list.scrollHeight;
}

function sendChat(event) {
  event.preventDefault();
  const input = $("chat-text");
  const text = input.value.trim();
  if (!text) return;
  const id = ++page.request;
  if (send({ type: "chat", text, id })) {
    input.value = "";
    page.chatSent.set(id, text);                    // until the server refuses it or 20 later ones
    if (page.chatSent.size > 20) page.chatSent.delete(page.chatSent.keys().next().value);
  }
  else showBanner("Not connected; your message was not sent (it is still in the box). Reconnecting…");
}

const ALERTS = "tabletome.alerts";
function alertsOn() { return localStorage.getItem(ALERTS) === "on"; }

function drawAlertButton() {
  $("alert-btn").textContent = alertsOn() ? "Alerts on" : "Alert me";
  $("alert-btn").setAttribute("aria-pressed", String(alertsOn()));
}

async function toggleAlerts() {
  if (alertsOn()) { localStorage.setItem(ALERTS, "off"); drawAlertButton(); return; }
  localStorage.setItem(ALERTS, "on");
  if ("Notification" in window && Notification.permission === "default") {
    try { await Notification.requestPermission(); } catch (e) { /* the sound and the title still work */ }
  }
  drawAlertButton();
}

// It became this seat's turn: when the tab is in the background, its title says so; with alerts
// on, a short sound and (if the person allowed it) a notification.
function signalTurn() {
  if (!document.hidden) return;
  document.title = `▶ Your turn — ${page.title || "tabletome"}`;
  document.body.dataset.signalled = String(Number(document.body.dataset.signalled || 0) + 1);
  if (!alertsOn()) return;
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.value = 0.08;
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.18);
  } catch (e) { /* no sound here */ }
  if ("Notification" in window && Notification.permission === "granted") {
    try { new Notification("Your turn", { body: page.title || "tabletome", tag: `tabletome-${tableId}` }); } catch (e) { /* none */ }
  }
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
  if (host && page.info.kind === "live") box.append(hostTools(host));
  const opts = Object.entries(page.info.options || {}).map(([k, v]) => `${k.replaceAll("_", " ")}: ${v}`).join(" · ");
  box.append(el("p", { class: "muted", text: opts }));
}

// The host's tools: list the table in the lobby or not, let spectators watch or not, remove one
// spectator, delete the table. A click that cannot be undone asks for a second click.
function hostTools(host) {
  const info = page.info;
  const box = el("div", { class: "host-tools" }, el("h3", { text: "Host" }));
  const toggle = (label, id, checked, key) => {
    const input = el("input", { type: "checkbox", id, checked });
    input.addEventListener("change", () => settle(host, { [key]: input.checked }));
    return el("label", { class: "field check" }, input, label);
  };
  box.append(toggle("Listed in the lobby (public)", "host-public", info.public, "public"));
  box.append(toggle("Spectators may watch", "host-spectators", info.allow_spectators !== false, "spectators"));
  const watching = info.spectators || [];
  box.append(el("p", { class: "muted small", text: `${watching.length} watching` }));
  for (const w of watching) {
    box.append(el("div", { class: "spectator-line" }, el("span", { text: `spectator ${w}` }),
      el("button", { type: "button", class: "small", text: "remove", "data-spectator": w,
                     onclick: () => removeSpectator(host, w) })));
  }
  box.append(confirmButton("Delete the table", "Really delete it?", "delete-btn", () => deleteTable(host)));
  return box;
}

// The armed state lives outside the button, so that a redraw of the panel (a spectator arrives,
// the clock runs out) between the two clicks keeps the first one.
const armedUntil = {};
function confirmButton(text, again, id, action) {
  const button = el("button", { type: "button", class: "small danger", id, text });
  const armed = () => (armedUntil[id] || 0) > Date.now();
  if (armed()) button.textContent = again;
  button.addEventListener("click", () => {
    if (armed()) { delete armedUntil[id]; button.textContent = text; action(); return; }
    armedUntil[id] = Date.now() + 4000;
    button.textContent = again;
    setTimeout(() => { if (!armed() && button.isConnected) button.textContent = text; }, 4100);
  });
  return button;
}

async function refreshInfo() {
  try {
    const info = await api(`/api/tables/${encodeURIComponent(tableId)}`);
    page.info = { ...page.info, ...info };
    drawSeats();
  } catch (err) { showBanner(err.message); }
}

async function settle(host, change) {
  try {
    await api(`/api/tables/${encodeURIComponent(tableId)}/settings`, { body: { host, ...change } });
  } catch (err) { showBanner(err.message); }
  refreshInfo();
}

async function removeSpectator(host, watcher) {
  try {
    await api(`/api/tables/${encodeURIComponent(tableId)}/spectators/${encodeURIComponent(watcher)}/remove`, { body: { host } });
  } catch (err) { showBanner(err.message); }
  refreshInfo();
}

async function deleteTable(host) {
  try {
    await api(`/api/tables/${encodeURIComponent(tableId)}/delete`, { body: { host } });
    page.gone = "This table was deleted.";
    location.href = "/";
  } catch (err) { showBanner(err.message); }
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
  page.me = me.me || null;
  $("hint-btn").addEventListener("click", () => {
    page.request += 1;
    if (send({ type: "hint", id: page.request })) { page.hint = { pending: true }; drawHint(); }
  });
  $("why-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const text = $("why-text").value.trim();
    if (text) send({ type: "why", id: ++page.request, text });
  });
  $("seats-btn").addEventListener("click", () => {
    $("seats-panel").hidden = !$("seats-panel").hidden;
    if (!$("seats-panel").hidden && hostToken(tableId)) refreshInfo();
  });
  $("chat-form").addEventListener("submit", sendChat);
  $("skip-choices").addEventListener("click", () => {
    const first = $("legal").querySelector(".action:not([disabled]), input, button");
    openSheet(true);
    (first || $("choices")).focus();
  });
  $("sheet-toggle").addEventListener("click", () => openSheet(!$("choices").classList.contains("open")));
  keepRoomForSheet();
  setInterval(drawClock, 1000);
  $("undo-btn").addEventListener("click", () => send({ type: "undo", step: page.state.step, id: ++page.request }));
  $("undo-yes").addEventListener("click", () => answerUndo(true));
  $("undo-no").addEventListener("click", () => answerUndo(false));
  $("alert-btn").addEventListener("click", toggleAlerts);
  drawAlertButton();
  document.addEventListener("visibilitychange", () => { if (!document.hidden && page.title) document.title = page.title; });
  let resignArmed = null;
  $("resign-btn").addEventListener("click", () => {
    const button = $("resign-btn");
    if (resignArmed) {
      clearTimeout(resignArmed); resignArmed = null; button.textContent = "Resign";
      send({ type: "resign", id: ++page.request });
      return;
    }
    button.textContent = "Really resign?";
    resignArmed = setTimeout(() => { resignArmed = null; button.textContent = "Resign"; }, 4000);
  });
  $("rematch-btn").addEventListener("click", () => {
    if (page.state && page.state.rematch) goToRematch(page.state.rematch);
    else send({ type: "rematch", id: ++page.request });
  });
  document.addEventListener("click", (e) => { if (!$("popover").contains(e.target)) hidePopover(); });
  document.addEventListener("keydown", (e) => { if (e.key === "Escape") hidePopover(true); });
  if (!tableId) { setStatus("No table in this link.", "bad"); return; }
  setStatus("Connecting…", "wait");
  connect();
}

start();
