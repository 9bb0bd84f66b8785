"""Life & Legend's fixed numbers, each quoting the rulebook line it comes from (rulings: RULES.md)."""

LIMIT = 4              # "All Player card limits start out at 4."
WORLD_SPACES = 4       # "Draw four Legend cards keeping them covered. Organize them into two rows of two cards."
HAND_DEAL = 4          # "Deal four covered Legend cards to each Player."
WANDER_ROLL = 4        # "Roll a 4, 5, or 6 on a Regular Die."
DIE_FACES = 6          # "1 Custom six-sided die" (faces 1-6: RULES.md, "The die")
EXCEPTIONAL_LIMIT = 1  # "A Player may only have 1 Exceptional Trait card in play"
CW_LEGENDS = 1         # "Completed Wanders are worth 1 Legend each."

LEGEND_DECK = 73       # "Legend Deck (73 cards)"
LIFE_DECK = 35         # "Life Deck (35 cards)"
BACKGROUND_DECK = 36   # "Background Deck (36 cards)"
TRAUMAS = 8            # "all 8 Traumas" (The Arbiter)
STORIES = PATHS = 12   # "There are 144 possible combinations." (12 Life Stories x 12 Life Paths)

# Farwander Mode
FW_WORD_PRICE = 2      # "Discard 2 Completed Wanders to have Hide, Seek, Lost, or Found available during Phase 3."
FW_GREAT_WORD_PRICE = 3  # "Discard 3 Completed Wanders to have Truth, Power, or Justice available during Phase 3."
FW_TRAUMA_PRICE = 2    # "Discard 2 Completed Wanders to remove a Trauma."
FW_STORY_PRICE = 4     # "Discard 4 Completed Wanders to purchase any one Life Story from the Background Deck."

# Eternal Mode
ETERNAL_ADVENTURES = {2: 6, 3: 5, 4: 4}   # "2 Player Game: 6 Adventures / 3 Player Game: 5 / 4 Player Game: 4"
ETERNAL_LEGENDS = {2: 20, 3: 16, 4: 12}   # "2 Player Game: 20 Legends. 3 Player Game: 16 Legends. 4 Player Game: 12 Legends."
ETERNAL_AGES = 10      # ruling: the Ages (Legend Decks) an Eternal game may last (RULES.md, "Eternal's end")

# Solitaire
TREASURY_GOAL = 10     # "Have 10 Legends total"
CAMPAIGN_GOAL = 35     # "Have 35+ Legends total"
LEGACY_GOAL = 40       # "Have 40+ Legends total"

MAX_TURNS = 5000       # ruling: a safety net against endless games (RULES.md, "Endless games")

SMALL_WORDS = ("Hide", "Seek", "Lost", "Found")   # "Hide, Seek, Lost, Found: ... found on Relics"
GREAT_WORDS = ("Truth", "Power", "Justice")        # "Truth, Power, Justice: The most powerful Life Words."

MODES = ("standard", "farwander", "eternal", "war", "lore", "arbiter", "treasury", "campaign", "legacy", "coop")
SOLO_MODES = ("war", "lore", "arbiter", "treasury", "campaign", "legacy")
AI_NAMES = ("matathias", "golden-horse", "geoffrey", "emptiness")
