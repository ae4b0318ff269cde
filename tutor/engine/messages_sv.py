"""Svenska förklaringar (Swedish explanations) for the rules tutor.

Loaded by `tutor.explain._load_language("sv")`. Every key of explain.TEMPLATES and
explain.PARTS has a Swedish text here, with the same named fields as the English one.
The words follow the Swedish rule text the project comes from: *giv* for a meld (and for a
deal), *kasthögen* for the discard pile, *dragen hög* for the stock, *wild card*, *joker*,
*röd trea* / *svart trea*, *naturlig* / *blandad canasta*, *gå ut*, *fryst hög*, *melda*,
*partnern* and the question ”får jag gå ut?”.

Where the English says "the {rank:name} meld", Swedish writes "given av {rank:plural}"
(a compound like "kunggiven" reads badly for every rank, and "en ess" is wrong), so a few
templates use the plural spec of the same field instead of the name spec.

The field {answer} is the move word itself ("yes" / "no"), not a translatable word; it is
quoted as the command the player typed.
"""

TEMPLATES = {
    # given och platserna
    "hand.end.out/over": "Given är slut: {seat:name} har gått ut. Räkna poängen och dela sedan ut nästa giv.",
    "hand.end.stock/over": "Given är slut: dragen hög har tagit slut. Räkna poängen och dela sedan ut nästa giv.",
    "turn.order/not-yours": "Det är {turn:name}s tur, inte {seat:name}s: bara den som har turen får spela.",
    "turn.order/answer": "Bara {expected:name}, partnern till den som frågade, svarar på ”får jag gå ut?” — inte {seat:name}.",
    "turn.draw/already": "Du har redan dragit den här turen. En tur börjar med ett enda drag: ett kort från dragen hög eller hela kasthögen. Melda eller kasta nu.",
    "turn.draw/first": "Dra först: en tur börjar med att du drar från dragen hög eller tar kasthögen. Inget annat får hända innan dess.",
    "turn.draw/ok": "Du drar det översta kortet från dragen hög (där ligger {stock_cards}). En tur börjar alltid med att dra.",
    "red3.dealt/on-turn!": "Enligt bordets regler (red3-dealt=on-turn) lägger du nu, på din tur, upp {cards} för ert lag och får ett ersättningskort från dragen hög för varje så länge den räcker.",
    "turn.own-cards/missing": "Du har inte {cards} på handen: du kan bara spela kort från din egen hand, varje kort en gång.",
    "turn.meld/ok": "Efter att du dragit får du melda: {laid}.",
    "turn.discard/one-card": "En tur slutar med att du kastar exakt ett kort; du erbjuder {count} ({cards}).",
    "turn.discard/ok": "Du kastar {card} och din tur är slut. Nu är det {next:name}s tur.{note}",
    # tom dragen hög
    "hand.end.stock/ends": "Dragen hög är tom och du tar inte kasthögen, så given slutar här. Ingen får poäng för att gå ut.",
    "hand.end.stock/must-take": "Dragen hög är tom, kasthögen är inte fryst och toppkortet {top} passar ert lags giv av {top:rank_plural}: du måste ta högen.",
    "hand.end.stock/ends-variant": "Med stock-out=ends slutar given så fort den som ska dra finner dragen hög tom: kasthögen kan inte tas.",
    # kasthögen
    "pile.empty/empty": "Kasthögen är tom, så det finns inget att ta. Dra från dragen hög.",
    "pile.black-three/blocked": "En svart trea ({top}) ligger överst i kasthögen: den spärrar nästa spelare, och ingen får ta högen förrän ett annat kort täcker den.",
    "pile.take.top-natural/wild": "Toppkortet i kasthögen är {top}, en {top:kind}: högen kan bara tas när toppkortet är ett naturligt kort som inte är en trea.",
    "pile.one-card/one": "Du har bara ett kort ({card}) och kasthögen har bara ett kort ({top}): en spelare med ett enda kort på handen får inte ta en hög med ett enda kort.",
    "pile.frozen.wild/frozen!": "Kasthögen innehåller {frozen_by}, som ligger snett, så den är fryst för alla tills någon tar den.",
    "pile.frozen.team/frozen!": "Ert lag har inte meldat något än i den här given, så kasthögen är fryst för er.",
    "pile.take.frozen/short": "{why}Du erbjuder {offered}, men en fryst hög kräver två riktiga {rank:plural} ur handen att melda med toppkortet {top}. Wild cards duger inte till det.",
    "pile.take.frozen/ok": "{why}Du meldar toppkortet {top} med två riktiga {rank:plural} ur handen ({pair}){wild_note}, precis vad en fryst hög kräver. Du tar hela högen.",
    "pile.take.unfrozen/pair": "Toppkortet {top} blir tillsammans med {offered} en giv av {rank:plural}. Högen är inte fryst, så {pair}. Du tar hela högen.",
    "pile.take.unfrozen/to-meld": "Kasthögen är inte fryst och ert lag har redan en giv av {rank:plural}: toppkortet {top} läggs till den och du tar hela högen.",
    "pile.take.unfrozen/short": "För att ta kasthögen måste du melda toppkortet {top} direkt: med två {rank:plural} ur handen, med ett naturligt kort av samma rang och en wild card, eller på ert lags giv av {rank:plural}. Du erbjuder {offered}.",
    "pile.take.whole/keep-top": "Att ta kasthögen betyder att du meldar toppkortet {top} direkt — du kan inte ta det och spara det till senare. Ert lag har ingen giv av {rank:plural}, och du erbjuder inga kort att melda det med.",
    "pile.black-three/covered": "Den svarta trean {three} spärrar inte längre: {top} täcker den, och spärren gäller bara så länge den svarta trean ligger överst.",
    "meld.one-per-rank/theirs-too": "Motståndarna har en giv av {rank:plural}, men det hindrar inte er: varje lag har sin egen giv av en rang.",
    "meld.naturals/take-wilds": "Toppkortet {top} med {offered} skulle bli en giv med bara ett naturligt kort. En giv kräver minst två naturliga kort, så wild cards ensamma kan aldrig ta kasthögen.",
    # givar
    "meld.size/take-rank": "Toppkortet är {top}; {cards} kan inte meldas med det: en giv består av kort av samma rang.",
    "meld.size/mixed-ranks": "En giv består av kort av en enda rang; här blandas {ranks}. Skilj givarna åt med ';'.",
    "meld.size/short": "En ny giv kräver minst tre kort, och {cards} {cards:is_are} bara {size}. Ert lag har inte heller någon giv av {rank:plural} att lägga dem till.",
    "meld.naturals/one": "En giv av {rank:plural} kräver minst två naturliga kort; {cards} har bara {naturals}.",
    "meld.naturals/outnumber": "Med wilds=not-outnumber får wild cards inte vara fler än de naturliga korten: given av {rank:plural} skulle ha {wilds} wild cards och {naturals} naturliga kort.",
    "meld.max-wilds/too-many": "Given av {rank:plural} skulle ha {wilds} wild cards. En giv får totalt ha högst tre wild cards{canasta_note}.",
    "meld.wild-alone/alone": "Det du försöker melda, {cards}, är {alone}, och wild cards meldas aldrig ensamma. Lägg ett wild card till en giv med 'meld K: 2C'.",
    "meld.wild-alone/no-meld": "Ert lag har ingen giv av {rank:plural}, så {cards} kan inte läggas till någon. En wild card som läggs ut senare måste gå till en giv som ert lag redan har.{theirs_note}",
    "meld.wild-fixed/melded": "Det du vill lägga, {cards}, ligger redan i en giv. En meldad wild card ligger kvar där för gott och kan aldrig flyttas eller användas igen.",
    "meld.wild-fixed/exchange": "En meldad wild card kan aldrig tas tillbaka eller bytas mot ett naturligt kort, vad du än erbjuder för den ({cards}).",
    "meld.one-per-rank/joined!": "Ert lag har redan en giv av {ranks}: korten smälter ihop med den, eftersom ett lag bara har en giv per rang.",
    "meld.own-team/theirs": "Given av {rank:plural} tillhör {team}: du får bara lägga till kort på ditt eget lags givar.",
    "meld.threes/never": "Med black-threes=never meldas svarta treor aldrig: {cards} kan inte läggas ut.",
    "meld.threes/wild": "En giv av svarta treor får inte ha några wild cards ({wilds}).",
    "meld.threes/not-out": "Svarta treor får bara meldas i den tur du går ut, och med de {left} kort du har kvar efter det här kan du inte gå ut den här turen.",
    "meld.threes/must-go-out!": "Nu måste du gå ut den här turen: svarta treor får bara meldas i den tur du går ut.",
    "meld.threes/must-go-out": "Du har meldat svarta treor den här turen, och det får man bara i den tur man går ut. Efter det här skulle du inte gå ut.",
    "meld.threes/short": "Svarta treor meldas bara tre eller fyra åt gången, i den tur du går ut; {cards} {cards:is_are} för få.",
    "red3.no-meld/played": "{cards} {red_what}: en röd trea läggs genast upp — den meldas, behålls eller kastas aldrig.",
    "meld.threes/ok!": "Svarta treor får meldas eftersom du går ut den här turen.",
    "meld.initial/short": "Första gången ert lag meldar i en giv måste korten vara värda minst {minimum} poäng (ert lag har {score} poäng); de här korten är värda {points}.{taking_note}",
    "meld.initial/ok!": "Det är ert lags första giv: {points} poäng räcker till minimikravet på {minimum}, som gäller när laget har {score} poäng.",
    "meld.initial/concealed!": "Bara {points} poäng, under minimikravet på {minimum} för lagets första giv, men att gå ut dolt efter att ha dragit från dragen hög kräver inget minimum.",
    "red3.from-pile/laid!": "Kasthögen innehöll {cards}: en röd trea som ligger i kasthögen läggs upp för ert lag, utan ersättningskort.",
    # canastor
    "canasta.mixed/now": "Du lägger en wild card till er naturliga canasta av {rank:plural}. Det är tillåtet, och canastan blir blandad (300 i stället för 500).",
    # gå ut
    "goout.canasta/none": "Ert lag har ingen canasta än, så du får inte gå ut: behåll ett kort att kasta.",
    "goout.canasta/ok!": "Ert lag har en canasta, så du får gå ut.",
    "goout.last-card/ok": "Du kastar ditt sista kort, {card}, och går ut: given är slut.",
    "goout.no-discard/ok": "Du meldar alla dina kort och går ut utan att kasta: given är slut.",
    "goout.no-discard/concealed-only": "Med go-out-without-discard=concealed-only får du melda hela handen utan att kasta bara när du går ut dolt; behåll ett kort att kasta.",
    "goout.concealed/ok": "Du meldar hela handen i en enda tur, med en canasta, utan att ha meldat något tidigare: du går ut dolt (100 + 100).",
    "goout.concealed/ok!": "Du går ut dolt: hela handen i en enda tur, med en canasta (100 + 100).",
    "red3.drawn/again": "Översta kortet i dragen hög är en röd trea ({card}): den läggs genast upp för ert lag och du drar igen.",
    "hand.end.stock/red3-last": "Sista kortet i dragen hög är en röd trea ({card}): den läggs upp och räknas som vanligt, och given är slut — dragen hög är tom.",
    "goout.binding/no-keep-one": "Partnern svarade nej, så du får inte gå ut den här turen: du får inte melda ner till ett enda kort ({card}), för efter ditt kast måste ett kort finnas kvar på handen.",
    "meld.max-wilds/at-limit": "Given av {rank:plural} har nu tre wild cards och {naturals} riktiga kort: det är tillåtet, och det är gränsen — en giv tar aldrig ett fjärde wild card.",
    "meld.naturals/two": "Två riktiga {rank:plural} med {wild_cards} blir en giv: en giv behöver minst två riktiga kort, och den här har dem.",
    "goout.keep-one/one-left": "Ert lag har ingen canasta än, så du får inte gå ut och inte melda ner till ett enda kort: efter ditt kast måste minst ett kort finnas kvar på handen.",
    "goout.binding/no": "Din partner svarade nej: du får inte gå ut den här turen.",
    "goout.binding/yes": "Din partner svarade ja, så du måste gå ut den här turen. Efter det här skulle du inte längre kunna det.",
    "goout.binding/impossible!": "Din partner sa ja, men det har blivit omöjligt att gå ut, så spelet fortsätter (i klubbspel kostar det 100 poäng).",
    "goout.binding/answer": "{partner:name} svarar ”{answer:answer}”; svaret är bindande för {seat:name} den här turen.",
    "goout.ask/ok": "Du får fråga {partner:name} ”får jag gå ut?” nu, direkt efter att du dragit och innan du meldar. Svaret är bindande.",
    "goout.ask/before-draw": "Fråga efter att du dragit eller tagit kasthögen, inte före.",
    "goout.ask/too-late": "För sent att fråga: frågan får bara ställas direkt efter att du dragit, innan du meldar något annat den här turen.",
    "goout.ask/one-card": "Du har bara ett kort ({card}) efter att ha tagit kasthögen. Det enda du kan göra är att kasta det och gå ut, så det finns inget att fråga om — ett bindande ”nej” skulle lämna dig utan något att spela.",
    "goout.ask/twice": "Du har redan frågat den här turen (svaret var ”{answer:answer}”): man får fråga högst en gång per tur.",
    "goout.ask/answer": "Frågan ”får jag gå ut?” väntar på svar, så partnern får svara ”{answer:answer}”.",
    "goout.ask/pending": "Du har frågat ”får jag gå ut?”: {partner:name} måste först svara ja eller nej.",
    "turn.order/nobody-asked": "Ingen har frågat ”får jag gå ut?”, så det finns inget att svara ”{answer:answer}” på. Det är {turn:name}s tur, och bara en partner som svarar på frågan får tala utanför tur.",
}

PARTS = {
    "pair.naturals": "det räcker med två naturliga kort",
    "pair.mixed": "det räcker med ett naturligt kort och en wild card",
    "canasta-of": " — en canasta av {ranks}",
    "discard.black-three": " En svart trea överst spärrar nästa spelare från att ta kasthögen.",
    "discard.wild": " En wild card i kasthögen gör den fryst för alla.",
    "max-wilds.canasta": ", även efter att den blivit en canasta",
    "wild-alone.theirs": " Given av den rangen på bordet är motståndarnas.",
    "initial.taking": " Bara toppkortet {top} räknas, inte de {pile_rest} korten under det.",
    "initial.taking.one": " Bara toppkortet {top} räknas, inte kortet under det.",
    "initial.taking.alone": " Toppkortet {top} är det enda kortet i kasthögen.",
    "frozen.wilds": " och {cards}",
    "cards.one": "1 kort",
    "wild-cards.one": "ett wild card",
    "wild-cards.many": "{count} wild cards",
    "alone.one": "ett ensamt wild card",
    "alone.many": "bara wild cards",
    "cards.many": "{count} kort",
    "red3.one": "är bonuskort",
    "red3.many": "är bonuskort",
}

WORDS = {
    "rank_names": {"A": "ess", "K": "kung", "Q": "dam", "J": "knekt", "10": "tia", "9": "nia",
                   "8": "åtta", "7": "sjua", "6": "sexa", "5": "femma", "4": "fyra", "3": "trea",
                   "2": "tvåa", "JK": "joker"},
    "rank_plurals": {"A": "ess", "K": "kungar", "Q": "damer", "J": "knektar", "10": "tior",
                     "9": "nior", "8": "åttor", "7": "sjuor", "6": "sexor", "5": "femmor",
                     "4": "fyror", "3": "treor", "2": "tvåor", "JK": "jokrar"},
    "seat_names": {"N": "Nord", "E": "Öst", "S": "Syd", "W": "Väst"},
    "joker": "en joker",
    "nothing": "inget",
    "and": "och",
    "is": "är",
    "are": "är",
    "wild card": "wild card",
    "red three": "röd trea", "answers": {"yes": "ja", "no": "nej"},
}
