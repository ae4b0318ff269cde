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
        # lesson texts: these are ALSO written into tutor/lessons/sv/*.toml (where the lessons'
        # translations live; no .po entry exists for them) -- listed here for the merge's record
        ("13-player-counts:exercises.six-red3-four.prompt", "Six players. Your team has mel"):
            "(unchanged: already says tre femmor)",
        ("13-player-counts:sections.two.tasks.ask.do", "**Try asking whether you may g"):
            "**Försök fråga om du får gå ut**, som en spelare med partner skulle göra: tryck på **Får jag gå ut?**",
        ("13-player-counts:sections.three.tasks.ask.do", "**Try asking whether you may g"):
            "**Försök fråga om du får gå ut.** Finns det någon som kan svara?",
        ("11-scoring:sections.game.text", "After every hand the scores ar"):
            "(last paragraph) I frågorna nedan står **NS** för Nord–Syd och **ÖV** för Öst–Väst i totalsumman under\nvarje bord.",
    },
    "fi": {
        ("rule-name", "“cutthroat” for three players"): "”cutthroat” kolmelle pelaajalle",
        ("rule-name", "three players each alone"): "kolme pelaajaa kukin yksin",
        ("rule-name", "six players in three teams of "): "kuusi pelaajaa kolmessa kahden hengen joukkueessa",
        ("rule-name", "six players in two teams of th"): "kuusi pelaajaa kahdessa kolmen hengen joukkueessa",
        ("rule-name", "the club's rule for an empty s"): "kerhon sääntö tyhjästä piilopakasta",
        ("13-player-counts:exercises.six-red3-four.prompt", "Six players. Your team has mel"):
            "(unchanged: already says kolme viitosta)",
        ("13-player-counts:sections.two.tasks.ask.do", "**Try asking whether you may g"):
            "**Yritä kysyä, saatko lopettaa**, kuten joukkuetoverin kanssa pelaava tekisi: paina ”**Saanko lopettaa?**”.",
        ("13-player-counts:sections.three.tasks.ask.do", "**Try asking whether you may g"):
            "**Yritä kysyä, saatko lopettaa.** Onko ketään, joka voisi vastata?",
        ("11-scoring:sections.game.text", "After every hand the scores ar"):
            "(last paragraph) Alla olevissa kysymyksissä jokaisen pöydän alla olevissa kokonaispisteissä **P–E**\ntarkoittaa Pohjoista–Etelää ja **I–L** Itää–Länttä.",
    },
}
