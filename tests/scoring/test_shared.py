"""``scoring.shared``: the rating as shown, the rollup's sort key of a hanchan and a member's reading."""

from __future__ import annotations

from datetime import date

from scoring.shared import display_rating, kana_guess, key_clubday, key_hanchan, last_key, name_in_kana, to_hiragana


def test_the_rating_shown_starts_at_1500():
    assert display_rating(25.0, 25 / 3) == 1500
    assert display_rating(None, 8.0) is None


def test_the_key_of_a_hanchan_sorts_as_the_boards_and_names_its_club_day_and_hanchan():
    key = last_key(date(2024, 5, 6), 3, 2, 1, 40)
    assert key == "2024-05-06|0000000003|0002|0001|0000000040"
    assert (key_clubday(key), key_hanchan(key)) == (3, 40)


def test_a_reading_is_in_hiragana_whichever_kana_or_kanji_was_typed():
    assert to_hiragana("ヤマダ タロウ") == "やまだ たろう"
    assert (name_in_kana("ﾀﾅｶ ハナコ"), name_in_kana("田中")) == ("たなか はなこ", None)
    assert (kana_guess("長谷川 久美子"), kana_guess("タナカ　ハナコ"), kana_guess("佐々木明美"), kana_guess("Tanaka")) == (
        "はせがわ くみこ", "たなか はなこ", "ささきあけみ", None)
