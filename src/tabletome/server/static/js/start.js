// The start page: your tables, the lobby (public tables with open seats), a new table (game,
// players, options, who sits where, public or not), watch a record.
import { api, hostToken, myKey, myLink, saveHost, saveMyKey, saveTicket, seatLink, tickets } from "./api.js";
import { clear, el } from "./dom.js";

let catalogue = { games: [], agents: [], levels: [] };
const $ = (id) => document.getElementById(id);

async function main() {
  // what does not need the games' catalogue works at once: a button shown is a button that answers
  // (the my-tables link did nothing when clicked before the catalogue had come)
  takeMyLink();
  $("my-link-make").addEventListener("click", makeMyLink);
  $("my-link-reissue").addEventListener("click", reissueMyLink);
  $("record-file").addEventListener("change", upload);
  // what happens when a clock runs out is asked only when there is a clock
  const clockChanged = () => { $("on-timeout").closest("label").hidden = !$("clock").value; };
  $("clock").addEventListener("change", clockChanged);
  clockChanged();
  drawMyLink();
  showMine();
  showLessons();
  showLobby();
  setInterval(showLobby, 10000);
  catalogue = await api("/api/games");
  const select = $("game");
  for (const g of catalogue.games) select.append(el("option", { value: g.id, text: g.name }));
  const wanted = new URLSearchParams(location.search).get("game");
  if (wanted && catalogue.games.some((g) => g.id === wanted)) select.value = wanted;
  select.addEventListener("change", gameChanged);
  $("players").addEventListener("change", () => { offerOptions(); drawSeats(); });
  $("options").addEventListener("change", () => { offerOptions(); drawSeats(); });
  $("new-form").addEventListener("submit", create);
  gameChanged();
  $("create").disabled = false;        // disabled in the page until the form can make a table
}

async function showLessons() {
  const list = clear($("learn-list"));
  const answer = await api("/api/learn");
  for (const g of answer.games) {
    list.append(el("li", {}, el("a", { href: `/learn#game=${encodeURIComponent(g.id)}`, "data-learn": g.id, text: `Learn ${g.name}` }),
      el("span", { class: "muted", text: ` · ${g.lessons.length} lessons` })));
  }
}

function currentGame() {
  return catalogue.games.find((g) => g.id === $("game").value);
}

function gameChanged() {
  const game = currentGame();
  $("game-summary").textContent = game.summary || "";
  const players = clear($("players"));
  const counts = game.combinations ? game.player_counts.filter((n) => game.combinations.some((c) => c[0] === n))
                                   : game.player_counts;
  for (const n of counts) players.append(el("option", { value: n, text: n === 1 ? "1 (solo)" : String(n) }));
  players.value = String(counts.includes(2) ? 2 : counts[0]);
  const options = clear($("options"));
  for (const [name] of Object.entries(game.options)) {
    const select = el("select", { name: `option-${name}`, "data-option": name });
    options.append(el("label", { class: "field option" },
      el("span", { class: "option-name", text: name.replaceAll("_", " ") }), select,
      el("span", { class: "help", text: game.option_help[name] || "" })));
  }
  offerOptions();
  drawSeats();
}

// Each option offers only the values the game accepts with the player count and the options
// above it (game.combinations, from the server); a value no longer allowed gives way to the
// first one that is (the game's default when it can), so the form is always a table the game plays.
function offerOptions() {
  const game = currentGame();
  const players = Number($("players").value);
  let rows = game.combinations ? game.combinations.filter((c) => c[0] === players) : null;
  Object.entries(game.options).forEach(([name, values], i) => {
    const select = $("options").querySelector(`select[data-option="${name}"]`);
    const before = select.value;
    const allowed = rows ? values.filter((v) => rows.some((c) => c[i + 1] === v)) : values;
    clear(select);
    for (const v of allowed) {
      select.append(el("option", { value: String(v), text: v === values[0] ? `${v} (default)` : String(v) }));
    }
    const keep = allowed.find((v) => String(v) === before);
    select.value = String(keep !== undefined ? keep : allowed[0]);
    if (rows) rows = rows.filter((c) => String(c[i + 1]) === select.value);
  });
}

function seatNames(n) {
  return { 1: ["North"], 2: ["North", "South"], 3: ["North", "East", "South"], 4: ["North", "East", "South", "West"] }[n]
    || Array.from({ length: n }, (_, i) => `Seat ${i + 1}`);
}

function drawSeats() {
  const n = Number($("players").value);
  const box = $("seats");
  for (const row of [...box.querySelectorAll(".seat-row")]) row.remove();
  seatNames(n).forEach((name, i) => {
    const who = el("select", { name: `seat-${i}`, "data-seat": i, "aria-label": `who sits at ${name}` });
    who.append(el("option", { value: "you", text: "You" }));
    who.append(el("option", { value: "person", text: "A person (invite link)" }));
    const levels = el("optgroup", { label: "Computer, by difficulty" });
    for (const l of catalogue.levels || []) {
      levels.append(el("option", { value: `level:${l.name}`, text: `Computer: ${l.name} (${l.strength})`, title: l.strength }));
    }
    who.append(levels);
    for (const a of catalogue.agents) who.append(el("option", { value: `agent:${a}`, text: `Computer: ${a}` }));
    who.value = i === 0 ? "you" : (catalogue.levels || []).length ? "level:normal" : "agent:heuristic";
    const nick = el("input", { type: "text", maxlength: 24, placeholder: "name (optional)", "data-name": i,
                               "aria-label": `${name}'s name` });
    box.append(el("div", { class: "seat-row" }, el("span", { class: "seat-label", text: name }), who, nick));
  });
  markRuleSeats(n);
}

// Seats the game plays itself by its rules (Life & Legend's AI opponent cards) are shown as taken.
let seatsAsked = 0;
async function markRuleSeats(n) {
  const asked = ++seatsAsked;
  const options = {};
  for (const select of $("options").querySelectorAll("select")) options[select.dataset.option] = select.value;
  let answer;
  try {
    answer = await api("/api/seats", { body: { game: currentGame().id, players: n, options } });
  } catch (err) {
    return;                      // a combination the game refuses: creating the table says why
  }
  if (asked !== seatsAsked) return;   // the form changed meanwhile
  for (const [seat, what] of Object.entries(answer.seats)) {
    const who = document.querySelector(`select[data-seat="${seat}"]`);
    if (!who) continue;
    clear(who).append(el("option", { value: "card", text: `Played by ${what}` }));
    who.value = "card";
    who.disabled = true;
    who.title = `Played by ${what}`;
    const nick = document.querySelector(`[data-name="${seat}"]`);
    if (nick) { nick.value = ""; nick.placeholder = what.replace(/^the /, ""); nick.disabled = true; }
  }
}

async function create(event) {
  event.preventDefault();
  $("create-error").textContent = "";
  const game = currentGame();
  const n = Number($("players").value);
  const options = {};
  for (const select of $("options").querySelectorAll("select")) options[select.dataset.option] = select.value;
  const seats = [];
  const mine = [];
  const isPublic = $("public").checked;
  for (let i = 0; i < n; i++) {
    const choice = document.querySelector(`[data-seat="${i}"]`).value;
    const name = document.querySelector(`[data-name="${i}"]`).value;
    if (choice.startsWith("level:")) seats.push({ agent: catalogue.levels.find((l) => l.name === choice.slice(6)).spec, name });
    else if (choice.startsWith("agent:")) seats.push({ agent: choice.slice(6), name });
    else seats.push({ agent: null, name, open: isPublic && choice === "person" });
    if (choice === "you") mine.push(i);
  }
  $("create").disabled = true;
  try {
    const body = { game: game.id, players: n, options, seats, public: isPublic };
    const clock = $("clock").value.split(":");
    if (clock[0] === "rt") Object.assign(body, { clock: { minutes: Number(clock[1]), increment: Number(clock[2]) } });
    if (clock[0] === "turn") Object.assign(body, { clock: { per_move: Number(clock[1]) } });
    if (body.clock) body.on_timeout = $("on-timeout").value;
    const table = await api("/api/tables", { body });
    saveHost(table.id, table.host);
    // This browser keeps every person's seat token, so the host can hand out invite links later.
    for (const s of table.seats) {
      if (s.token) saveTicket({ table: table.id, seat: s.seat, token: s.token, game: game.name, mine: mine.includes(s.seat) });
    }
    const first = mine.length ? table.seats[mine[0]] : null;
    location.href = first ? seatLink(table.id, first.seat, first.token) : `/table/${table.id}#watch`;
  } catch (err) {
    $("create-error").textContent = err.message;
  } finally {
    $("create").disabled = false;
  }
}

// --- my tables: this browser's tickets, and the seats the person's my-tables link holds ------------
function takeMyLink() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (!params.get("me")) return;
  saveMyKey(params.get("me"));
  history.replaceState(null, "", location.pathname);     // the secret leaves the address bar
}

function drawMyLink() {
  const key = myKey();
  $("my-link-make").hidden = !!key;
  $("my-link-show").hidden = !key;
  if (key) $("my-link").value = myLink(key);
}

async function makeMyLink() {
  $("my-link-error").textContent = "";
  try {
    const { key } = await api("/api/me", { body: {} });
    const mine = tickets().filter((t) => t.mine !== false && t.token);
    await api("/api/me/seats", { body: { key, tickets: mine.map(({ table, seat, token }) => ({ table, seat, token })) } });
    saveMyKey(key);
    drawMyLink();
  } catch (err) { $("my-link-error").textContent = err.message; }
}

async function reissueMyLink() {
  $("my-link-error").textContent = "";
  try {
    const { key } = await api("/api/me/reissue", { body: { key: myKey() } });
    saveMyKey(key);
    drawMyLink();
  } catch (err) { $("my-link-error").textContent = err.message; }
}

async function showMine() {
  const list = clear($("mine-list"));
  const mine = tickets().filter((t) => t.mine !== false);
  const rows = [];
  try {
    if (mine.length) {
      const answer = await api("/api/lookup", { body: { tickets: mine.map(({ table, seat, token }) => ({ table, seat, token })) } });
      for (const t of answer.tables.filter((x) => x.valid)) {
        const ticket = mine.find((m) => m.table === t.table && m.seat === t.seat);
        rows.push({ ...t, href: seatLink(t.table, t.seat, ticket.token) });
      }
    }
    const key = myKey();
    if (key) {
      const answer = await api("/api/me/tables", { body: { key } });
      for (const t of answer.tables) {
        if (rows.some((r) => r.table === t.table && r.seat === t.seat)) continue;
        rows.push({ ...t, href: `/table/${encodeURIComponent(t.table)}#seat=${t.seat}&me=${encodeURIComponent(key)}` });
      }
    }
  } catch (err) {
    list.append(el("li", { class: "error", text: err.message }));
  }
  $("mine-empty").hidden = rows.length > 0;
  for (const t of rows) {
    const state = t.over ? (t.result || "finished") : t.your_turn ? "your turn" : `step ${t.step}`;
    list.append(el("li", { class: t.your_turn ? "your-turn" : "" },
      el("a", { href: t.href, text: `${t.game_name} — ${t.seat_name}` }),
      el("span", { class: "muted", text: ` · ${state}` }),
      hostToken(t.table) ? el("span", { class: "tag", text: "host" }) : null));
  }
}

function since(seconds) {
  const s = Math.max(0, Math.round(Date.now() / 1000 - seconds));
  if (s < 60) return "just now";
  if (s < 3600) return `${Math.round(s / 60)} min`;
  if (s < 86400) return `${Math.round(s / 3600)} h`;
  return `${Math.round(s / 86400)} days`;
}

// The lobby's error line: a refused seat stays said until the person tries again; a lobby that
// could not be fetched, until it is fetched again.
let lobbyFailed = false;
async function showLobby() {
  let answer;
  try {
    answer = await api("/api/lobby");
  } catch (err) {
    $("lobby-error").textContent = `The lobby cannot be shown: ${err.message}`;
    lobbyFailed = true;
    return;
  }
  if (lobbyFailed) $("lobby-error").textContent = "";
  lobbyFailed = false;
  const list = clear($("lobby-list"));
  $("lobby-empty").hidden = answer.tables.length > 0;
  $("lobby-name-field").hidden = answer.tables.length === 0;
  for (const t of answer.tables) {
    const options = Object.entries(t.options).map(([k, v]) => `${k.replaceAll("_", " ")} ${v}`).join(", ");
    const who = t.seats.map((s) => s.open ? null
      : `${s.name}: ${s.agent ? `computer (${s.agent})` : s.player || "a person"}`).filter(Boolean).join(" · ");
    const joins = t.seats.filter((s) => s.open).map((s) =>
      el("button", { type: "button", class: "join", "data-table": t.id, "data-seat": s.seat,
                     text: `Sit at ${s.name}`, onclick: () => join(t, s) }));
    list.append(el("li", { class: "lobby-table" },
      el("strong", { text: t.game_name }),
      el("span", { class: "muted", text: ` · waiting ${since(t.created)}` }),
      el("div", { class: "muted small", text: who }),
      options ? el("details", { class: "small" }, el("summary", { text: "options" }), el("span", { text: options })) : null,
      el("div", { class: "joins" }, joins)));
  }
  list.dataset.shown = String(Number(list.dataset.shown || 0) + 1);   // how many times it was filled
}

async function join(table, seat) {
  $("lobby-error").textContent = "";
  try {
    const got = await api(`/api/tables/${encodeURIComponent(table.id)}/seats/${seat.seat}/join`,
                          { body: { name: $("lobby-name").value } });
    saveTicket({ table: table.id, seat: seat.seat, token: got.token, game: table.game_name, mine: true });
    location.href = seatLink(table.id, seat.seat, got.token);
  } catch (err) {
    $("lobby-error").textContent = `You could not sit there: ${err.message}`;
    lobbyFailed = false;
    showLobby();
  }
}

async function upload() {
  $("upload-error").textContent = "";
  const file = $("record-file").files[0];
  if (!file) return;
  try {
    const text = await file.text();
    const table = await api("/api/records", { body: text });
    location.href = `/table/${table.id}#watch`;
  } catch (err) {
    $("upload-error").textContent = `That record cannot be shown: ${err.message}`;
  }
}

main().catch((err) => { $("create-error").textContent = `Cannot reach the server: ${err.message}`; });
