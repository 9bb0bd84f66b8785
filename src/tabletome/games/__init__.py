"""The games. Each folder is one game and imports only from ``tabletome.core``."""

from ..core.registry import declare

declare("life-siphon", "tabletome.games.life_siphon")
declare("spirit-link", "tabletome.games.spirit_link")
declare("bad-baby-lich-lords", "tabletome.games.bad_baby_lich_lords")
declare("life-and-legend", "tabletome.games.life_and_legend")
