"""``<id:pk>``: a primary key up to the largest value of the id columns (signed 64-bit). A bigger
number is a 404 like any other missing object, not a query the database cannot take."""

from __future__ import annotations

MAX_ID = 2**63 - 1


class IdConverter:
    regex = "[0-9]{1,19}"  # 2**63 - 1 has 19 digits; the bound itself is checked in to_python

    def to_python(self, value: str) -> int:
        number = int(value)
        if number > MAX_ID:
            raise ValueError("id out of range")  # the pattern does not match: 404
        return number

    def to_url(self, value: int | str) -> str:
        return str(value)
