// Small DOM helpers. Every piece of text goes in with textContent (never innerHTML), so nothing a
// user typed, and nothing the server echoes, can become markup or script.

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = String(value);
    else if (key === "title") node.title = String(value);
    else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key === "style" && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) {
        if (k.startsWith("--")) node.style.setProperty(k, v);
        else node.style[k] = v;
      }
    }
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  append(node, children);
  return node;
}

export function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

export function bar(value, maximum, kind, label) {
  const pct = Math.max(0, Math.min(100, (100 * value) / maximum));
  return el("div", { class: `bar bar-${kind}`, role: "meter", "aria-valuenow": value, "aria-valuemax": maximum,
                     "aria-label": label },
    el("div", { class: "bar-fill", style: { width: `${pct}%` } }),
    // one inline run inside the flex box: a glossary term marked in it (terms.js) keeps its space
    el("span", { class: "bar-text" }, el("span", { text: `${label} ${value}/${maximum}` })));
}

export function plural(n, word, many = word + "s") {
  return `${n} ${n === 1 ? word : many}`;
}

// A board's ``ctx.bind`` for one position: make ``node`` show what it is on tap (``about``: a card's
// name and text) and offer the legal actions ``pred`` picks, through ``openPopover(node, about, actions)``.
// Every action offered goes into ``offered`` (its id), and the node names them in ``data-offers``, so
// the page knows which choices have a place on the board.
export function binder(legal, openPopover, offered = new Set()) {
  return (node, pred, about) => {
    const actions = pred ? legal.filter((a) => pred(a.text)) : [];
    if (actions.length) {
      node.classList.add("playable");
      for (const a of actions) offered.add(a.id);
      node.dataset.offers = actions.map((a) => a.id).join(" ");
    }
    if (about && about.text) node.title = `${about.name ? about.name + ": " : ""}${about.text}`;
    if (!actions.length && !(about && about.text)) return node;
    node.tabIndex = 0;
    node.setAttribute("role", "button");          // announced as something to press, that opens a popover
    node.setAttribute("aria-haspopup", "dialog");
    const open = (event) => { event.stopPropagation(); openPopover(node, about, actions); };
    node.addEventListener("click", open);
    node.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); open(e); } });
    return node;
  };
}

// The page's one popover (a card's text and actions, a game term's words), shown under ``anchor``
// within the window. Its first button takes the focus, so a keyboard reaches what it offers (Tab
// went on to the next card instead); ``closePopover(pop, true)`` (Close, Escape) gives the focus
// back to ``anchor`` when it was inside.
let popAnchor = null;
export function openPopover(pop, anchor) {
  pop.hidden = false;
  const r = anchor.getBoundingClientRect();
  const width = Math.min(320, window.innerWidth - 16);
  pop.style.width = `${width}px`;
  pop.style.left = `${Math.max(8, Math.min(window.innerWidth - width - 8, r.left + window.scrollX))}px`;
  pop.style.top = `${r.bottom + window.scrollY + 6}px`;
  popAnchor = anchor;
  const first = pop.querySelector("button");
  if (first) first.focus({ preventScroll: true });
}

export function closePopover(pop, back = false) {
  const inside = pop.contains(document.activeElement);
  pop.hidden = true;
  if (back && inside && popAnchor && popAnchor.isConnected) popAnchor.focus({ preventScroll: true });
}
