"""Swedish and Finnish for the English strings branch fixb adds or changes (to merge into
tutor/i18n/locale/{sv,fi}/LC_MESSAGES/tutor.po). Key: (msgctxt or None, first 30 characters
of the English msgid)."""
T = {
    "sv": {
        # tutor/engine/plainwords.py: variant settings and flags in a rule text, in words
        ("rule-name", "“cutthroat” for three players"): "”cutthroat” för tre spelare",
        ("rule-name", "three players each alone"): "tre spelare var för sig",
        ("rule-name", "six players in three teams of "): "sex spelare i tre lag om två",
        ("rule-name", "six players in two teams of th"): "sex spelare i två lag om tre",
        ("rule-name", "the club's rule for an empty s"): "klubbens regel för tom dragen hög",
    },
    "fi": {
        ("rule-name", "“cutthroat” for three players"): "”cutthroat” kolmelle pelaajalle",
        ("rule-name", "three players each alone"): "kolme pelaajaa kukin yksin",
        ("rule-name", "six players in three teams of "): "kuusi pelaajaa kolmessa kahden hengen joukkueessa",
        ("rule-name", "six players in two teams of th"): "kuusi pelaajaa kahdessa kolmen hengen joukkueessa",
        ("rule-name", "the club's rule for an empty s"): "kerhon sääntö tyhjästä piilopakasta",
    },
}
