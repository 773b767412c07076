"""Names an older version published to the school server stop no sync: the desk and every
desktop read each in its allowed form, the same everywhere, and practise in it as in any."""

from __future__ import annotations

import uuid

import psycopg

from tests.school.school import answer
from trainer.progress.storage.ledger import stored_attempts

#: Names an older desk let in and published, and the forms every desktop reads them in (no
#: NUL: the server's text cannot hold one).
OLD_NAMES = {
    "\u202eieL anA": "ieL anA",
    "\ufeffBruno Chan": "Bruno Chan",
    "Daniel Wong\U000e0067\U000e007f": "Daniel Wong",
    "Eva\u200bSousa": "EvaSousa",
    "Filipa\u200d\u200e": "Filipa",
}


def test_names_an_older_desk_published_stop_no_sync(school_setup):
    desk = school_setup.desk
    ids = {name: str(uuid.uuid4()) for name in OLD_NAMES}
    with psycopg.connect(school_setup.server.admin) as admin:  # as an older desk published
        for name, person_id in ids.items():
            admin.execute("INSERT INTO shared_people (id, name, role, language, created_at) "
                          "VALUES (%s, %s, 'trainee', NULL, '2025-01-01T00:00:00.000Z')",
                          [person_id, name])
    desktops = [school_setup.desktop() for _desktop in range(4)]
    for place in (desk, *desktops):
        place.sync()
        assert {p.id: p.name for p in place.store.people() if p.role == "trainee"} == {
            ids[old]: allowed for old, allowed in OLD_NAMES.items()}
    eva = ids["Eva\u200bSousa"]
    school_setup.trainee(desktops[0], "EvaSousa")  # she signs in by the name shown
    answer(desktops[0].store, eva, 3)
    assert desktops[0].sync().pushed >= 3
    done = desk.sync()
    assert (done.merged, done.refused) == (1, 0)
    assert len(stored_attempts(desk.store, eva)) == 3
