"""A server process keeps at most ``--max-loaded-tables`` tables in memory beyond those in use:
a client creating tables as fast as it can cannot grow it without bound. The storage holds every
table; one let go is reloaded, whole, when a page (or an agent's job, or a restart) asks for it."""

import asyncio

from tabletome.server.storage import open_storage
from tabletome.server.tables import Hub

from .helpers import Client, seat


def test_a_process_keeps_at_most_its_limit_of_idle_tables_and_reloads_one_let_go(tmp_path):
    async def run():
        storage = open_storage(str(tmp_path / "tables.sqlite3"))
        hub = Hub(storage, ai_delay=0, max_loaded=3)
        await hub.start()
        try:
            people = [{"agent": None}, {"agent": None}]
            first = hub.create("spirit-link", 2, {}, people, seed=0)[0]
            async with first.lock:
                await hub._commit(first, first.state.to_move, first.state.legal_actions()[0])
            made = [hub.create("spirit-link", 2, {}, people, seed=i)[0] for i in range(1, 10)]
            assert len(hub.tables) == 3 and first.id not in hub.tables
            assert list(hub.tables) == [t.id for t in made[-3:]]      # the least recently used went first
            again = hub.get(first.id)
            assert again is not first and again.step == 1 and again.state.snapshot() == first.state.snapshot()
            assert len(hub.tables) == 3 and list(hub.tables)[-1] == first.id
        finally:
            await hub.stop()
            storage.close()

    asyncio.run(run())


def test_a_table_with_a_page_open_is_kept_and_one_let_go_plays_on(fresh_server):
    """Two people at one table on a server that keeps 2 tables, while 30 other tables are made at
    a time: one page open keeps the table, so a person who reloads the page joins the same table
    as the other and each sees the other's moves. Both leave and 30 more are made: the table,
    reloaded from the database, plays on where it was."""
    server = fresh_server("--rate", "2000", "--max-loaded-tables", "2")
    people = [{"agent": None}, {"agent": None}]
    t = server.create("spirit-link", seats=people, seed=4)
    pages = [Client(server), Client(server)]
    for i, page in enumerate(pages):
        page.hello(*seat(t, i))

    def others():
        for _ in range(30):
            server.create("life-siphon", seats=people)

    def reload(i):
        pages[i].close()
        pages[i] = Client(server)
        return pages[i].hello(*seat(t, i))

    def play(step):
        mover = pages[pages[0].state["to_move"]]
        mover.send({"type": "move", "action": mover.state["legal"][0]["id"], "step": step, "id": step})
        for page in pages:
            page.at_step(step + 1)

    others()
    reload(0)
    play(0)
    others()
    reload(1)
    play(1)
    seen = pages[0].state["view"]
    for page in pages:
        page.close()
    others()
    assert reload(0)["step"] == 2 and pages[0].state["view"]["players"] == seen["players"]
    reload(1)
    play(2)
    assert pages[0].state["step"] == pages[1].state["step"] == 3


def test_tables_with_a_card_file_of_their_own_are_let_go_past_the_card_files_a_game_keeps(tmp_path):
    """Each holds what its game made of its card file (megabytes for Bad Baby Lich Lords): uploaded
    records with ever new card files keep at most CARD_FILES_KEPT of them loaded, however high
    ``max_loaded``; one let go is read again, with its card file."""
    from pathlib import Path

    import tabletome
    from tabletome.core.cards import CARD_FILES_KEPT

    own = (Path(tabletome.__file__).parent / "games" / "spirit_link" / "cards.toml").read_text()

    async def run():
        storage = open_storage(str(tmp_path / "tables.sqlite3"))
        hub = Hub(storage, ai_delay=0)
        await hub.start()
        try:
            seats = [{"agent": None, "name": ""}] * 2
            made = [hub.create("spirit-link", 2, {}, seats, seed=i, kind="replay", actions=[],
                               cards=own + f"\n# copy {i}\n")[0] for i in range(CARD_FILES_KEPT + 5)]
            plain = hub.create("spirit-link", 2, {}, seats, seed=99, kind="replay", actions=[])[0]
            loaded = list(hub.tables.values())
            assert sum(t.row.cards is not None for t in loaded) == CARD_FILES_KEPT and plain in loaded
            assert made[0].id not in hub.tables
            again = hub.get(made[0].id)
            assert again.row.cards == made[0].row.cards and again.state.card_text == made[0].row.cards
        finally:
            await hub.stop()
            storage.close()

    asyncio.run(run())
