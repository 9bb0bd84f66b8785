// The start page: your tables, a new table (game, players, options, who sits where), watch a record.
import { api, hostToken, saveHost, saveTicket, seatLink, tickets } from "./api.js";
import { clear, el } from "./dom.js";

let catalogue = { games: [], agents: [], levels: [] };
const $ = (id) => document.getElementById(id);

async function main() {
  catalogue = await api("/api/games");
  const select = $("game");
  for (const g of catalogue.games) select.append(el("option", { value: g.id, text: g.name }));
  const wanted = new URLSearchParams(location.search).get("game");
  if (wanted && catalogue.games.some((g) => g.id === wanted)) select.value = wanted;
  select.addEventListener("change", gameChanged);
  $("players").addEventListener("change", () => { offerOptions(); drawSeats(); });
  $("options").addEventListener("change", () => { offerOptions(); drawSeats(); });
  $("new-form").addEventListener("submit", create);
  $("record-file").addEventListener("change", upload);
  gameChanged();
  showMine();
  showLessons();
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
  for (let i = 0; i < n; i++) {
    const choice = document.querySelector(`[data-seat="${i}"]`).value;
    const name = document.querySelector(`[data-name="${i}"]`).value;
    if (choice.startsWith("level:")) seats.push({ agent: catalogue.levels.find((l) => l.name === choice.slice(6)).spec, name });
    else if (choice.startsWith("agent:")) seats.push({ agent: choice.slice(6), name });
    else seats.push({ agent: null, name });
    if (choice === "you") mine.push(i);
  }
  $("create").disabled = true;
  try {
    const table = await api("/api/tables", { body: { game: game.id, players: n, options, seats } });
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

async function showMine() {
  const list = clear($("mine-list"));
  const mine = tickets().filter((t) => t.mine !== false);
  if (!mine.length) return;
  let answer;
  try {
    answer = await api("/api/lookup", { body: { tickets: mine.map(({ table, seat, token }) => ({ table, seat, token })) } });
  } catch (err) {
    list.append(el("li", { class: "error", text: err.message }));
    return;
  }
  const valid = answer.tables.filter((t) => t.valid);
  $("mine-empty").hidden = valid.length > 0;
  for (const t of valid) {
    const ticket = mine.find((m) => m.table === t.table && m.seat === t.seat);
    const state = t.over ? (t.result || "finished") : t.your_turn ? "your turn" : `step ${t.step}`;
    list.append(el("li", { class: t.your_turn ? "your-turn" : "" },
      el("a", { href: seatLink(t.table, t.seat, ticket.token), text: `${t.game_name} — ${t.seat_name}` }),
      el("span", { class: "muted", text: ` · ${state}` }),
      hostToken(t.table) ? el("span", { class: "tag", text: "host" }) : null));
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
