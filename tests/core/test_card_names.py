"""``core.cards.Names``: a name found whatever its case, an unknown one refused with the list."""

import pytest

from tabletome.core import IllegalAction
from tabletome.core.cards import Names


def test_a_name_is_found_whatever_its_case():
    familiars = Names(["Imp", "Dread Knight", "Lich"], "a Familiar", "Familiars")
    assert familiars.find("dread KNIGHT", "here") == 1
    assert familiars.find("Lich", "here") == 2


@pytest.mark.parametrize("name", ["Imq", None, 3, ""])
def test_a_name_that_is_none_is_refused_with_the_list(name):
    familiars = Names(["Imp", "Lich"], "a Familiar", "Familiars")
    with pytest.raises(IllegalAction) as refused:
        familiars.find(name, "snapshot pool")
    assert str(refused.value) == f"snapshot pool: {name!r} is not a Familiar; Familiars are: Imp, Lich"
