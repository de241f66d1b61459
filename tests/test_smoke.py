import rules


def test_the_presets_named_in_rules_md_exist():
    assert {"ariari", "shimamachi", "sakizuke_a", "kanzen_sakizuke", "shingendai", "tenhou"} <= set(rules.PRESETS)
