# New and changed English strings of branch fixa, with their Swedish and Finnish, for the
# catalog merge: T[lang][(msgctxt or None, first 30 characters of the English msgid)].
T = {
    "sv": {
        # tutor/table/widget.py: the tooltips that follow the table's count
        (None, "a new game to {target}: runnin"): "ett nytt spel till {target}: totalsumma, en vinnare och en marginal",
        (None, "what-if: click a card, then th"): "tänk om: klicka på ett kort och sedan dit det ska (alla {cards} kort är kvar)",
        (None, "you play alone here: there is "): "du spelar ensam här: det finns ingen partner att fråga",
        (None, "a partner's yes: you play alon"): "en partners ja: du spelar ensam här, ingen frågar dig",
        (None, "a partner's no: you play alone"): "en partners nej: du spelar ensam här, ingen frågar dig",
        # tutor/engine/scoring.py: a player alone's red threes counted minus
        ("sheet:all-red-threes-minus-alone", "all four red threes, minus: {s"): "alla fyra röda treorna, som minus: {seat:name} har inte lagt ut en enda giv",
        ("sheet:red-threes-minus-alone", "{count} red three × {bonus}, m"): [
            "{count} röd trea × {bonus}, som minus: {seat:name} har inte lagt ut en enda giv",
            "{count} röda treor × {bonus}, som minus: {seat:name} har inte lagt ut en enda giv"],
        # tutor/classroom/__init__.py: --six/--three of another count
        (None, 'error: --{flag} {value} is pla'): "fel: --{flag} {value} spelas bara med --players {players}: lägg till --players {players} eller utelämna --{flag}.",
        # tutor/engine/errors.py: Game.add_hand refuses a hand of another game or not over
        ("error:game.hand-rules", 'this hand was played under oth'): "den här given spelades med andra regler ({hand}; spelets är {game})",
        ("error:game.hand-not-over", 'this hand is not over (it is {'): "den här given är inte slut (det är {seat}s tur): ett spel räknar in given först när den är slut (game.end)",
    },
    "fi": {
        (None, "a new game to {target}: runnin"): "uusi peli {target} pisteeseen: kokonaispisteet, voittaja ja voittoero",
        (None, "what-if: click a card, then th"): "entä jos: napsauta korttia ja sitten paikkaa, johon se siirtyy (kaikki {cards} korttia pysyvät pelissä)",
        (None, "you play alone here: there is "): "pelaat tässä yksin: sinulla ei ole joukkuetoveria, jolta kysyä",
        (None, "a partner's yes: you play alon"): "joukkuetoverin ”kyllä”: pelaat tässä yksin, kukaan ei kysy sinulta",
        (None, "a partner's no: you play alone"): "joukkuetoverin ”ei”: pelaat tässä yksin, kukaan ei kysy sinulta",
        ("sheet:all-red-threes-minus-alone", "all four red threes, minus: {s"): "kaikki neljä punaista kolmosta, miinuksena: {seat:name} ei ole pöydännyt mitään",
        ("sheet:red-threes-minus-alone", "{count} red three × {bonus}, m"): [
            "{count} punainen kolmonen × {bonus}, miinuksena: {seat:name} ei ole pöydännyt mitään",
            "{count} punaista kolmosta × {bonus}, miinuksena: {seat:name} ei ole pöydännyt mitään"],
        (None, 'error: --{flag} {value} is pla'): "virhe: --{flag} {value} pelataan vain asetuksella --players {players}: lisää --players {players} tai jätä --{flag} pois.",
        ("error:game.hand-rules", 'this hand was played under oth'): "tämä jako pelattiin eri säännöillä ({hand}; pelin säännöt ovat {game})",
        ("error:game.hand-not-over", 'this hand is not over (it is {'): "tämä jako ei ole päättynyt (vuorossa on {seat}): peli lisää jaon vasta, kun se on päättynyt (game.end)",
    },
}
