// Game terms on a page: words of the game's glossary (GET /api/glossary/GAME) in a board's plain
// text become tappable, showing the rulebook's words and section. Cards and anything already
// tappable keep their own tap (they explain themselves).
import { api } from "./api.js";
import { clear, el } from "./dom.js";

const cache = {};
const SKIP = "button, input, select, textarea, a, footer, .card, .playable, [tabindex], .term, .popover, pre";

export async function glossaryFor(gameId) {
  if (!cache[gameId]) {
    cache[gameId] = api(`/api/glossary/${encodeURIComponent(gameId)}`).then((g) => prepare(g.terms)).catch(() => null);
  }
  return cache[gameId];
}

const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function prepare(terms) {
  const byWord = new Map();
  const words = [];
  for (const t of terms) {
    for (const n of [t.name, ...t.also]) {
      if (n.length < 2 || !/^[A-Za-z]/.test(n) || !/[A-Za-z]$/.test(n)) continue;
      const key = n.length <= 3 ? n : n.toLowerCase();
      if (!byWord.has(key)) { byWord.set(key, t); words.push(n); }
    }
  }
  words.sort((a, b) => b.length - a.length);
  const long = words.filter((w) => w.length > 3).map(escapeRe);
  const short = words.filter((w) => w.length <= 3).map(escapeRe);
  const parts = [];
  if (long.length) parts.push(`(?<![A-Za-z])(?:${long.join("|")})(?![A-Za-z])`);
  const longRe = long.length ? new RegExp(parts[0], "gi") : null;
  const shortRe = short.length ? new RegExp(`(?<![A-Za-z])(?:${short.join("|")})(?![A-Za-z])`, "g") : null;
  return { byWord, longRe, shortRe };
}

function termOf(g, text) {
  return g.byWord.get(text.length <= 3 ? text : text.toLowerCase()) || null;
}

// Wrap the glossary's words in ``root``'s plain text; ``onTap(node, term)`` shows one.
export function markTerms(root, g, onTap) {
  if (!g || !root) return;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (n) => (n.nodeValue.trim() && !(n.parentElement && n.parentElement.closest(SKIP)))
      ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT,
  });
  const nodes = [];
  while (walker.nextNode()) nodes.push(walker.currentNode);
  for (const node of nodes) {
    const text = node.nodeValue;
    const hits = [];
    for (const re of [g.longRe, g.shortRe]) {
      if (!re) continue;
      re.lastIndex = 0;
      let m;
      while ((m = re.exec(text))) {
        if (!hits.some((h) => m.index < h.end && m.index + m[0].length > h.start)) {
          hits.push({ start: m.index, end: m.index + m[0].length, word: m[0] });
        }
      }
    }
    if (!hits.length) continue;
    hits.sort((a, b) => a.start - b.start);
    const frag = document.createDocumentFragment();
    let at = 0;
    for (const h of hits) {
      const term = termOf(g, h.word);
      if (!term) continue;
      frag.append(text.slice(at, h.start));
      const span = el("span", { class: "term", tabindex: 0, role: "button", "aria-haspopup": "dialog", "data-term": term.name,
                                title: `${term.name}: tap for the rule` }, h.word);
      const open = (e) => { e.stopPropagation(); onTap(span, term); };
      span.addEventListener("click", open);
      span.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); open(e); } });
      frag.append(span);
      at = h.end;
    }
    frag.append(text.slice(at));
    node.replaceWith(frag);
  }
}

// The popover content for a term: its name, the rulebook's words, the section, and what is ours.
export function fillTerm(pop, term, gameName) {
  clear(pop);
  pop.append(el("h3", { text: term.name }));
  pop.append(el("p", { class: "card-text term-text", text: `“${term.text}”` }));
  pop.append(el("p", { class: "muted term-section", text: `${gameName || ""} rulebook: ${term.section}` }));
  if (term.ours) pop.append(el("p", { class: "term-ours", text: `Ours: ${term.ours}` }));
}
