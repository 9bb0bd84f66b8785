// The HTTP API and the tickets (table, seat, token) a browser keeps in localStorage: no accounts,
// a seat's token is its credential.

const TICKETS = "tabletome.tickets";
const HOSTS = "tabletome.hosts";
const ME = "tabletome.me";          // the secret of this person's my-tables link, if they made one

export async function api(path, options = {}) {
  const init = { method: options.method || "GET", headers: {} };
  if (options.body !== undefined) {
    init.method = options.method || "POST";
    init.headers["content-type"] = "application/json";
    init.body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
  }
  const response = await fetch(path, init);
  let data = null;
  try { data = await response.json(); } catch (e) { data = null; }
  if (!response.ok) {
    const message = (data && data.error) || `${response.status} ${response.statusText}`;
    throw new Error(message);
  }
  return data;
}

function load(key, fallback) {
  try { return JSON.parse(localStorage.getItem(key)) ?? fallback; } catch (e) { return fallback; }
}

export function tickets() {
  const list = load(TICKETS, []);
  return Array.isArray(list) ? list.filter((t) => t && typeof t.table === "string") : [];
}

export function saveTicket(ticket) {
  const list = tickets().filter((t) => !(t.table === ticket.table && t.seat === ticket.seat));
  list.unshift({ ...ticket, saved: Date.now() });
  localStorage.setItem(TICKETS, JSON.stringify(list.slice(0, 200)));
  const key = myKey();
  if (key && ticket.mine !== false && ticket.token) {
    // the my-tables link holds this seat too (a failure changes nothing here)
    api("/api/me/seats", { body: { key, tickets: [{ table: ticket.table, seat: ticket.seat, token: ticket.token }] } })
      .catch(() => {});
  }
}

export function myKey() {
  const key = localStorage.getItem(ME);
  return typeof key === "string" && key ? key : null;
}

export function saveMyKey(key) {
  if (key) localStorage.setItem(ME, key); else localStorage.removeItem(ME);
}

export function myLink(key) {
  return `${location.origin}/#me=${encodeURIComponent(key)}`;
}

export function forgetTicket(table, seat) {
  localStorage.setItem(TICKETS, JSON.stringify(tickets().filter((t) => !(t.table === table && t.seat === seat))));
}

export function ticketsFor(table) {
  return tickets().filter((t) => t.table === table);
}

export function hostToken(table) {
  return load(HOSTS, {})[table] || null;
}

export function saveHost(table, token) {
  const hosts = load(HOSTS, {});
  hosts[table] = token;
  localStorage.setItem(HOSTS, JSON.stringify(hosts));
}

export function seatLink(table, seat, token) {
  return `${location.origin}/table/${encodeURIComponent(table)}#seat=${seat}&token=${encodeURIComponent(token)}`;
}

export function watchLink(table) {
  return `${location.origin}/table/${encodeURIComponent(table)}#watch`;
}
