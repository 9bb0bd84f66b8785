// Bad Baby Lich Lords: the realms side by side, each with its realm card (noise, needs, bans), its
// bone pile, and every side's row of minions (face up) and skeletons (face down); noise tracks,
// score piles, hands of spells, the burn pile and the Cursed Artifact. Positions are those the
// action texts name ("realm 2 south 3": the 3rd card of the south row of realm 2).
import { el, plural } from "../dom.js";
import { box, card, control, legend, who } from "./common.js";

const TARGET = /realm \d+ [a-z]+ \d+$/;

function minion(ctx, c, pred, extraCls = "") {
  const skeleton = c.up !== "minion";
  const lines = [c.skills.join(" · ")];
  if (c.fight) lines.push(`fight ${c.fight}`);
  if (c.acted) lines.push("acted");
  const text = `${skeleton ? "Skeleton (face down)" : "Minion"} · ${c.faction} · skills: ${c.skills.join(", ")}` + (c.fight ? ` · ${c.fight} Fight` : "");
  return card(ctx, c.name, { pred, lines, cls: `bb-card faction-${c.faction.toLowerCase()} ${skeleton ? "skeleton" : "minion"} ${extraCls}`,
    info: { text, designed: c.designed, origin: c.designed ? "designed" : "rulebook" } });
}

function realmCard(ctx, realm, v) {
  const r = realm.realm;
  const number = realm.number;
  const pred = (t) => t.endsWith(` realm ${number}`) && !TARGET.test(t);
  if (!r) {
    const empty = el("div", { class: "realm-card empty", text: `Realm ${number}: no realm card left` });
    ctx.bind(empty, pred, null);
    return empty;
  }
  const text = [`${r.noise} noise`, `needs: ${r.requires.join("; ")}`, r.bans.length ? `bans: ${r.bans.join("; ")}` : null, r.text ? `“${r.text}”` : null]
    .filter(Boolean).join("\n");
  const node = el("div", { class: `realm-card faction-${realm.faction.toLowerCase()}${r.designed ? " designed" : ""}`, "data-realm": number },
    el("div", { class: "realm-no", text: `Realm ${number} · ${realm.faction}` }),
    el("div", { class: "card-name", text: r.name }),
    el("div", { class: "noise", text: `${r.noise} noise` }),
    el("div", { class: "needs", text: `needs: ${r.requires.join("; ")}` }),
    r.bans.length ? el("div", { class: "bans", text: `bans: ${r.bans.join("; ")}` }) : null,
    el("div", { class: "muted", text: `realm pile ${realm.realm_pile} · next to ${realm.adjacent.join(", ")}` }),
    v.artifact === number ? el("div", { class: "artifact", text: "☠ the Cursed Artifact is here" }) : null,
    r.designed ? el("span", { class: "designed-mark", text: "✎", title: "designed by tabletome, not printed in the rulebook" }) : null);
  ctx.bind(node, pred, { name: r.name, text, designed: r.designed });
  return node;
}

function bonePile(ctx, realm) {
  const pile = realm.bone_pile;
  const node = el("div", { class: "bone-pile", "data-bone-pile": realm.number },
    el("div", { class: "zone-label", text: `bone pile ${realm.number}: ${plural(pile.size, "card")}` }),
    // the top card offers what the pile offers (a skeleton possessed there performs its skills)
    pile.known.map((c, i) => el("div", { class: "pile-known" }, el("span", { class: "muted", text: i ? "then" : "top" }),
      minion(ctx, c, i ? null : performs(ctx, `bone pile ${realm.number}`), "mini"))));
  ctx.bind(node, performs(ctx, `bone pile ${realm.number}`), null);
  return node;
}

// The choices a card at ``place`` offers: those that name the place, and the skill it performs when
// its icons read "/" ("The player who is performing the skills chooses which of the two skills to perform").
function performs(ctx, place) {
  const d = ctx.view.decision;
  const choosing = d && d.decision === "or" && d.card === place;
  return (t) => t.endsWith(place) || (choosing && t.startsWith("choose "));
}

function row(ctx, realm, side, label) {
  const cards = realm.cards[side];
  if (cards === undefined) return el("div", { class: "row none", text: "—" });
  return el("div", { class: `row side-${side}`, "data-row": `${realm.number} ${side}` },
    el("div", { class: "row-label", text: label }),
    cards.length ? cards.map((c, j) => minion(ctx, c, performs(ctx, `realm ${realm.number} ${side} ${j + 1}`)))
      : el("span", { class: "muted", text: "(empty)" }));
}

function chainStep(step) {
  if (Array.isArray(step)) return step.filter((x) => typeof x === "string").join(" ");
  if (step && typeof step === "object") return Object.values(step).filter((x) => typeof x === "string").join(" ");
  return String(step);
}

export function render(root, ctx) {
  const v = ctx.view;
  const seat = ctx.seat;
  const sides = v.sides.map((s) => s.side);
  const labels = Object.fromEntries(v.sides.map((s) => [s.side, s.label]));
  const mine = seat !== null && seat !== undefined ? v.seat_sides[seat] : null;
  const top = sides.filter((s) => s !== mine);
  if (v.artifact !== null && v.artifact !== undefined && !sides.includes("artifact")) top.push("artifact");
  let status = `${v.mode} · turn ${v.turn} · `;
  status += v.over ? (v.winners.length ? `won by ${v.winners.map((w) => v.seat_names[w]).join(" and ")}` : "over, nobody won")
    : `${v.seat_names[v.active]} to move (${v.phase})`;
  const end = control(ctx, "End turn", (t) => t === "end turn",
    { name: "End turn", text: "“After you've taken your action, performed any minion skills, and finished playing any spells, it is time to end your turn.”" });
  root.append(el("p", { class: "board-status" }, status, end ? " " : null, end));

  const tracks = el("div", { class: "noise-tracks" }, v.sides.map((s) => {
    const node = el("div", { class: `track side-${s.side}${s.side === mine ? " mine" : ""}` },
      el("strong", { text: `${s.label}${s.side === mine ? " (you)" : ""}` }), s.seats.map((k) => [" ", who(ctx, k)]),
      el("span", { class: "noise-pips", text: "●".repeat(Math.min(s.noise, v.noise_to_win)) + "○".repeat(Math.max(0, v.noise_to_win - s.noise)) }),
      el("span", { text: ` ${s.noise}/${v.noise_to_win} noise` }),
      s.score_pile.length ? el("span", { class: "muted", text: ` · scored: ${s.score_pile.map((r) => `${r.name} (${r.noise})`).join(", ")}` }) : null);
    ctx.bind(node, (t) => t === `dig to ${s.side}`, null);
    return node;
  }));
  root.append(tracks);

  const realms = el("div", { class: "realms", style: { "--realms": String(v.realms.length) } }, v.realms.map((realm) => {
    const mineHere = seat !== null && seat !== undefined && v.seat_realms[seat].includes(realm.number);
    return el("section", { class: `realm${mineHere ? "" : " not-mine"}`, "data-realm": realm.number },
      top.map((s) => row(ctx, realm, s, labels[s] || s)),
      realmCard(ctx, realm, v),
      bonePile(ctx, realm),
      mine ? row(ctx, realm, mine, `${labels[mine]} (you)`) : null);
  }));
  root.append(realms);

  const info = [];
  if (v.held) info.push(el("div", { class: "held" }, el("span", { class: "zone-label", text: "drawn, to place: " }), minion(ctx, v.held, null)));
  for (const h of v.hands) {
    if (Array.isArray(h.spells)) {
      info.push(el("div", { class: "hand mine" }, el("span", { class: "zone-label", text: `${h.name}'s spells (you)` }),
        h.spells.length ? h.spells.map((s) => card(ctx, s, { pred: (t) => t === `cast ${s}` || (t.startsWith("combo ") && t.slice(6).split("+").includes(s)),
          cls: "spell-card", info: { text: `Spell: cast it to use the ${s} skill`, origin: "rulebook" } }))
          : el("span", { class: "muted", text: "no spells" })));
    } else {
      info.push(el("div", { class: "hand" }, el("span", { class: "zone-label", text: `${h.name}'s hand: ` }), el("span", { text: plural(h.size, "spell") })));
    }
  }
  const burned = Object.entries(v.burn.spells || {}).map(([k, n]) => `${k} ×${n}`).join(", ");
  info.push(el("p", { class: "muted", text: `spell deck ${v.spell_deck} · burn pile ${plural(v.burn.cards.length, "minion card")}${burned ? " · spells " + burned : ""}` }));
  if (v.chain && v.chain.length) info.push(el("p", { class: "chain", text: `chain: ${v.chain.map(chainStep).join(" → ")}` }));
  root.append(box(null, "bb-info", info));
  legend(ctx, root);
}
