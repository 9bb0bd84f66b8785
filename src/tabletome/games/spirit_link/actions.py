"""Every action a Spirit Link seat can take, each with its canonical text and the card it names."""

from ...core import ActionTable


def build_actions(cards) -> ActionTable:
    table = ActionTable()
    names = cards.names
    for k in cards.forms:
        table.add(f"transform {names[k]}", "transform", k, cards=(names[k],))
    table.add("no transformation", "no-form")
    for k in cards.abilities:
        table.add(f"play {names[k]}", "ability", k, cards=(names[k],))
    for k in cards.spells:
        table.add(f"cast {names[k]}", "spell", k, cards=(names[k],))
    table.add("trade 3 for 2", "trade")   # player ability 1: discard 3 cards, then draw 2
    table.add("buy 1 life", "buy")        # player ability 2: pay 2 mana, gain 1 life
    for k in range(cards.n):
        table.add(f"discard {names[k]}", "discard", k, cards=(names[k],))
    table.add("stop discarding", "stop")  # ends a Life-Spring's discards
    table.add("pass", "pass")
    return table


class ActionIndex:
    """The actions by what they do, as lists indexed by card kind (None where none exists)."""

    def __init__(self, table, cards):
        n = cards.n
        self.transform = [table.get("transform", k) if cards.is_form[k] else None for k in range(n)]
        self.ability = [table.get("ability", k) if k in cards.abilities else None for k in range(n)]
        self.spell = [table.get("spell", k) if k in cards.spells else None for k in range(n)]
        self.discard = [table.get("discard", k) for k in range(n)]
        self.no_form = table.get("no-form")
        self.trade = table.get("trade")
        self.buy = table.get("buy")
        self.stop = table.get("stop")
        self.pass_ = table.get("pass")
