"""Differential test: whole Tenhou hanchan replayed through ``rules.play`` under ``tenhou``
(``shared/oracles/tenhou-games.jsonl``, read in place beside the repository, never copied).

Each line is a real four-player 東南戦 with Tenhou's scores after every hand, its final scores
(leftover sticks included) and its final points. Checked per game: the scores after every event,
that the game ends with the last event, the final scores and the final points (``net`` / 1000).
The games exercise Tenhou's game rules: 途中流局 (``abortive``), ダブロン, アガリ止め/テンパイ止め,
西入 (sudden death), トビ with honba and sticks counted, and points = 30000 返し with uma 20/10,
each score rounded to 1000, the top taking the remainder (docs/rules.md §7).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules import play

ORACLE = Path(__file__).resolve().parents[2].parent / "shared" / "oracles" / "tenhou-games.jsonl"


def _games() -> list[dict]:
    if not ORACLE.exists():
        return []
    return [json.loads(line) for line in ORACLE.read_text(encoding="utf-8").splitlines() if line.strip()]


GAMES = _games()
needs_oracle = pytest.mark.skipif(
    not GAMES, reason=f"Tenhou game oracle not found at {ORACLE} (it lives in shared/, beside the repo)")


@needs_oracle
def test_the_oracle_has_its_133_games():
    assert len(GAMES) >= 133
    assert all(g["doc"]["ruleset"] == "tenhou" for g in GAMES)


@needs_oracle
@pytest.mark.parametrize("game", GAMES, ids=[g["source"].rsplit("/", 1)[-1] for g in GAMES])
def test_a_tenhou_game_replays_exactly(game):
    out = play(game["doc"])
    scores = [ev["scores"] for ev in out["events"]]
    for n, (ours, tenhou) in enumerate(zip(scores, game["scores_after"])):
        assert ours == tenhou, f"after event {n} ({game['doc']['hands'][n]})"
    assert len(scores) == len(game["scores_after"])
    assert out["ended"], f"the game should end with its last event, state: {out['state']}"
    assert out["result"]["scores"] == game["final_scores"]
    assert [n / 1000 for n in out["result"]["net"]] == game["final_points"]
    assert sum(out["result"]["net"]) == 0
