// Which board draws which game; a game without its own board gets the generic one.
import * as generic from "./generic.js";
import * as spiritLink from "./spirit-link.js";
import * as lifeSiphon from "./life-siphon.js";
import * as lichLords from "./bad-baby-lich-lords.js";
import * as lifeAndLegend from "./life-and-legend.js";

const BOARDS = {
  "spirit-link": spiritLink.render,
  "life-siphon": lifeSiphon.render,
  "bad-baby-lich-lords": lichLords.render,
  "life-and-legend": lifeAndLegend.render,
};

export function boardFor(gameId) {
  return BOARDS[gameId] || generic.render;
}
