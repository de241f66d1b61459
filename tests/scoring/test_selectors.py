import pytest

from scoring import selectors, services

pytestmark = pytest.mark.django_db


def test_hanchan_state_after_a_dealer_draw_keeps_the_dealer_and_adds_honba(hanchan, scorekeeper):
    services.hanchan_record_hand(hanchan=hanchan, event={"type": "draw", "tenpai": [0], "riichi": [0]},
                                 by=scorekeeper)
    st = selectors.hanchan_state(hanchan=hanchan)
    assert (st["label"]["ja"], st["honba"], st["sticks"]) == ("東1局 1本場", 1, 1)
    assert [p.score for p in st["players"]] == [27000, 24000, 24000, 24000]
    assert [p.wind for p in st["players"]] == ["東", "南", "西", "北"]
    assert [p.dealer for p in st["players"]] == [True, False, False, False]
    assert [(name, d) for name, _wind, d in st["players"][0].others] == [("佐藤", 3000), ("鈴木", 3000), ("田中", 3000)]


def test_members_by_kana_can_leave_out_retired_members(members):
    services.member_update(member=members[1], active=False)
    names = [m.name for m in selectors.members_by_kana().filter(active=True)]
    assert names == ["伊藤", "鈴木", "田中", "山田"]


def test_clubday_tables_groups_hanchan_by_table(clubday, members):
    services.hanchan_create(clubday=clubday, table=2, players=members[:4])
    services.hanchan_create(clubday=clubday, table=1, players=members[1:5])
    services.hanchan_create(clubday=clubday, table=2, players=members[1:5])
    assert [(t["table"], [h.number for h in t["hanchans"]]) for t in selectors.clubday_tables(clubday=clubday)] == [
        (1, [1]), (2, [1, 2])]


def test_two_members_with_the_same_name_get_distinct_player_names(clubday, members):
    twin = services.member_create(name="山田", kana="やまだ", number=50)
    h = services.hanchan_create(clubday=clubday, table=1, players=[members[0], twin, members[1], members[2]])
    assert h.player_names() == ["山田(1)", "山田(50)", "佐藤", "鈴木"]
