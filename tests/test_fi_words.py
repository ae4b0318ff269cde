"""The Finnish [avoid] entries added by the native read of issue 20 (glossary/fi.toml): each
fires on the slip it was added for and stays quiet on the glossary's wording of the same
sentence. (test_messages / test_true_words run the list over every fi message and lesson.)"""
import pytest

from i18n_helpers import avoided

CASES = [
    # (the slip as it was found, the same sentence as the catalog or lesson now says it)
    ("Pöydää, jos haluat, ja laita sitten kortti avopakkaan.",
     "Pöytää, jos haluat, ja laita sitten kortti avopakkaan."),
    ("Piilolopetuksessa molemmat canastat pöydätään silloin samalla vuorolla.",
     "Suorassa lopetuksessa molemmat canastat pöydätään silloin samalla vuorolla."),
    ("Jaetut punaiset kolmoset pannaan pöytään ja korvataan.",
     "Jaetut punaiset kolmoset asetetaan pöydälle ja korvataan."),
    ("se pannaan heti eteesi pöytään, ja nostat uuden kortin.",
     "se asetetaan heti eteesi pöydälle, ja nostat uuden kortin."),
    ("Joukkueesi on laittanut pöytään neljä punaista kolmosta.",
     "Joukkueesi on asettanut pöydälle neljä punaista kolmosta."),
    ("et ole vielä avannut tässä jaossa, joten avopakka on sinulle lukittu.",
     "et ole vielä avannut tässä jaossa, joten avopakka on sinulta lukittu."),
    ("Joukkueesi ei ole vielä avannut, joten avopakka on teille lukittu.",
     "Joukkueesi ei ole vielä avannut, joten avopakka on teiltä lukittu."),
    ("avopakka on lukittu joukkueelle, joka ei ole vielä avannut",
     "avopakka on lukittu joukkueelta, joka ei ole vielä avannut"),
    ("Joukkuetoverisi vastasi ei: et saa lopettaa tällä vuorolla.",
     "Joukkuetoverisi vastasi ”ei”: et saa lopettaa tällä vuorolla."),
    ("Luode vastasi kyllä: nyt sinun on lopetettava.",
     "Luode vastasi ”kyllä”: nyt sinun on lopetettava."),
    ("Sinä istut Etelässä; tietokone pelaa toista paikkaa.",
     "Pelaat Etelänä; tietokone pelaa toisella paikalla."),
    ("NS 0, EW 0: peli päättyi tasan (game.end)", "NS 0, EW 0: tasapeli (game.end)"),
    ("tasapisteillä peli päättyy tasan.", "tasapisteillä peli päättyy tasapeliin."),
    ("kukaan ei saa lopettamisen pisteitä.", "kukaan ei saa lopetuspisteitä."),
    ("Avaa näyttö projektorille", "Avaa näyttö videotykille"),
    ("voit jatkaa klikkaamista.", "voit jatkaa napsauttamista."),
]


@pytest.mark.parametrize("slip, fixed", CASES)
def test_a_finnish_slip_is_caught_and_its_fix_is_not(slip, fixed):
    assert avoided(slip, "fi"), f"the fi [avoid] list lets through: {slip}"
    assert avoided(fixed, "fi") == [], f"the fi [avoid] list fires on correct text: {fixed}"
