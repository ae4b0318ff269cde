"""A game against the computer for a learner: settings, a guided hand, the score sheet.

`GameModel` holds no widgets (tested headless); `tutor.game.widget.GameView` draws it. The
learner chooses where to sit, the language and the table's rules by buttons (`SETTINGS`:
data, so that a setting such as the number of players is one more entry), then plays
hands against the computer players (`tutor.players.SensiblePlayer`; 2, 3, 4 or 6 at the table) on a
`tutor.table.TableSession` in learner mode. The engine decides every rule: the handlers
only press the table's moves.

    game = GameModel(lang="en")
    game.choose("seat", "S"); game.choose("black-threes", "never")
    game.start(seed=7)                 # dealt; the computer plays until it is your turn
    game.prompt()                      # "Your turn: draw, or take the pile? …"
    game.buttons()                     # ("draw", "hint") — only what means something now
    game.draw(); game.select(0); game.discard()
    game.happened                      # what just happened, in plain words
    game.sheet()                       # at the end of a hand: both teams' lines and totals
    game.next_hand()

After each move of the learner the computer players move until it is the learner's turn
again (or the hand is over), and every move is told in words (`move_words`). The first hand
is guided (``guide``: the first hand, every hand, or none): each prompt says what the decision is and how to make it, in the
manner of the ACBL's "Learn to play" ("Your turn: draw, or take the pile?"). No notation
and no rule ids: the words come from the catalog (`tutor.i18n`) in the game's language.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..engine.formats import ALL_SEATS, FORMATS, FOUR
from ..engine.ruleset import FLAGS, Ruleset
from ..i18n import LANGUAGE_NAMES, LANGUAGES, N_, translator
from ..lessons import game_result_words
from ..lessons.counts import COUNTS

STAGES = ("setup", "play", "hand-over", "game-over")
#: four players' game target (every count has its own: `Format.game_target`)
TARGET = FOUR.game_target


@dataclass(frozen=True)
class Setting:
    """One choice of the settings: `name`, its question (`title`, a message), and its options
    as (value, words) — the words a message, or None for a value said by the glossary or
    the language's own name. A setting with one option is not shown (`GameModel.settings`)."""
    name: str
    title: str
    options: tuple
    kind: str = "rule"          # "seat", "lang", "rule" (a variant flag), "players", "guide"
    initial: str | None = None  # the option chosen at first (None: the first)
    #: where the setting changes something: "" everywhere, "partners" at a table of partners
    #: (concealed, opening), "red3-four" where a team's red threes lie per player
    #: (partners, not six players: `Ruleset.red3_per_seat`)
    where: str = ""

    @property
    def default(self):
        return self.options[0][0] if self.initial is None else self.initial


#: The player counts this page offers, by their keys in `tutor.lessons.counts.COUNTS` (the
#: sandbox's words: "Two players, each alone", "Six players, three teams of two" …): every
#: count the engine plays, four chosen at first.
PLAYER_COUNTS = ("2", "3", "3:cutthroat", "4", "6", "6:three-teams")

#: The settings, in the order they are shown. A variant flag's values are RULES.md's; the
#: words say what each means at the table. "players" lists `PLAYER_COUNTS`.
SETTINGS = (
    Setting("players", N_("Players"), tuple((n, COUNTS[n][1]) for n in PLAYER_COUNTS),
            "players", initial="4"),
    # every seat of every count, clockwise from South; `GameModel.options` keeps those of
    # the chosen count (S W N E for four)
    Setting("seat", N_("Where do you sit?"),
            tuple((s, None) for s in ("S", "SW", "W", "NW", "N", "NE", "E", "SE")), "seat"),
    Setting("lang", N_("Language"), tuple((code, None) for code in LANGUAGES), "lang"),
    Setting("guide", N_("Guide me"), (("first", N_("Through my first hand")),
                                      ("always", N_("At every hand")),
                                      ("off", N_("Let me play on my own"))), "guide"),
    Setting("black-threes", N_("Black threes"),
            (("going-out", N_("May be melded when you go out")),
             ("never", N_("Are never melded"))), "rule"),
    Setting("wilds", N_("Wild cards in a meld"),
            (("max-three", N_("At most three")),
             ("not-outnumber", N_("Never more than the natural cards"))), "rule"),
    Setting("initial-minimum", N_("The first meld of a hand"),
            (("on", N_("Must count enough points")),
             ("off", N_("Any meld will do"))), "rule"),
    Setting("stock-out", N_("When the stock runs out"),
            (("must-take", N_("Play on while the pile can be taken")),
             ("ends", N_("The hand ends"))), "rule"),
    # the club rules of lesson 12 (RULES.md, "Variant flags")
    Setting("go-out-without-discard", N_("Going out without a last discard"),
            (("always", N_("Whenever all your cards are melded")),
             ("concealed-only", N_("Only when going out concealed")),
             ("whole-canasta", N_("Only with a new canasta from your hand"))), "rule"),
    Setting("concealed", N_("Going out concealed"),
            (("player", N_("You have melded nothing before (a partner may have)")),
             ("team", N_("Your team has melded nothing before"))), "rule", where="partners"),
    Setting("opening", N_("Frozen pile and first meld's minimum"),
            (("team", N_("For the whole team")),
             ("player", N_("For each player"))), "rule", where="partners"),
    Setting("red3-dealt", N_("A red three dealt to you"),
            (("at-once", N_("Is laid out at once")),
             ("on-turn", N_("Is laid out on your turn"))), "rule"),
    Setting("red3-four", N_("All four red threes score 800"),
            (("team", N_("When one team holds them")),
             ("player", N_("Only when one player laid them"))), "rule", where="red3-four"),
)
#: Who plays with and against the learner, by count (four's words are `GameModel.intro`'s).
INTROS = {
    "2": N_("You play against one computer player, each alone. The computer tells you "
            "each of its moves in words, and a hint is one click away."),
    "3": N_("You play against two computer players, each alone. The computer tells you "
            "each of its moves in words, and a hint is one click away."),
    "3:cutthroat": N_("You play against two computer players: whoever first takes the "
                      "discard pile plays alone, and the other two become partners. The "
                      "computer tells you each of its moves in words, and a hint is one "
                      "click away."),
    "6": N_("You and two computer partners play against a team of three computer "
            "players. The computer tells you each of its moves in words, and a hint "
            "is one click away."),
    "6:three-teams": N_("You and a computer partner play against two teams of two "
                        "computer players. The computer tells you each of its moves in "
                        "words, and a hint is one click away."),
}
assert all(s.name in FLAGS for s in SETTINGS if s.kind == "rule")
assert {v for v, _ in SETTINGS[1].options} == set(ALL_SEATS)
assert all(v in FLAGS[s.name] for s in SETTINGS if s.kind == "rule" for v, _ in s.options)


class GameModel:
    """A game of hands against the computer, seen from the learner's seat."""

    def __init__(self, lang: str = "en", seed: int | None = None, target: int | None = None):
        self.choices = {s.name: s.default for s in SETTINGS}
        self.choices["lang"] = translator(lang).lang
        self.seed = seed
        self.target = target                # None: the count's own (5000; 10000 or 7500 for six)
        self.stage = "setup"
        self.session = None                 # a TableSession once the game starts
        self.happened: list[str] = []       # what happened since the learner's last move
        self.note = ""                      # a word about the learner's last try (not a move)
        self.hands_done = 0
        self._observers: list = []

    # ---- observers ------------------------------------------------------------------------
    def on_change(self, callback) -> None:
        """`callback(model)` after every handler."""
        self._observers.append(callback)

    def _notify(self) -> None:
        for cb in list(self._observers):
            cb(self)

    # ---- settings ---------------------------------------------------------------------------
    @property
    def lang(self) -> str:
        return self.choices["lang"]

    @property
    def seat(self) -> str:
        return self.choices["seat"]

    @property
    def t(self):
        return translator(self.lang)

    @property
    def guided(self) -> bool:
        """Whether the prompts say how to make each decision: through the first hand (the
        default), at every hand, or never."""
        guide = self.choices["guide"]
        return guide == "always" or (guide == "first" and self.hands_done == 0)

    def settings(self) -> list:
        """The settings the learner chooses from: those with more than one option."""
        return [s for s in SETTINGS if len(s.options) > 1]

    def applies(self, setting: Setting) -> bool:
        """Whether `setting` changes anything at the chosen count (a rule for partners is not
        offered to players who each play alone)."""
        if setting.where == "partners":
            return self.format.has_partners
        if setting.where == "red3-four":
            return self.format.has_partners and not self.format.red3_scale
        return True

    @property
    def format(self):
        """The chosen count's table (`tutor.engine.formats.Format`)."""
        return FORMATS[self.choices["players"]]

    def options(self, setting: Setting) -> list:
        """The values of `setting` the learner may choose now: the seats of the chosen
        count (South first, then round the table); every option of the other settings."""
        if setting.kind == "seat":
            seats = self.format.seats
            return [v for v, _ in setting.options if v in seats]
        return [v for v, _ in setting.options]

    def option_words(self, setting: Setting, value: str) -> str:
        """An option in the game's language."""
        t = self.t
        words = dict(setting.options)[value]
        if setting.kind == "seat":
            fmt = self.format if value in self.format.seats else next(
                f for f in FORMATS.values() if value in f.seats)       # a seat not offered now
            partners = fmt.partners(value)
            if len(partners) == 1:
                return t.format(t.gettext("{seat:name} (your partner: {partner:name})"),
                                seat=value, partner=partners[0])
            if partners:
                # TRANSLATORS: a seat offered in a game of six, two teams of three
                return t.format(t.gettext("{seat:name} (your partners: {first:name} and "
                                          "{second:name})"),
                                seat=value, first=partners[0], second=partners[1])
            return t.format("{seat:name}", seat=value)          # a player alone
        if setting.kind == "lang":
            return LANGUAGE_NAMES[value]
        return t.gettext(words)

    def intro(self) -> str:
        """Who plays with and against the learner at the chosen count, in words."""
        t, fmt = self.t, self.format
        if fmt.key == "4":
            return t.gettext("You and a computer partner play against two computer players. The "
                             "computer tells you each of its moves in words, and a hint is one "
                             "click away.")
        return t.gettext(INTROS[fmt.key])

    def choose(self, name: str, value: str) -> None:
        """Choose an option of a setting (before the game starts, or for the next game)."""
        setting = next((s for s in SETTINGS if s.name == name), None)
        if setting is None:
            raise ValueError(f"no setting {name!r}; the settings are: "
                             + ", ".join(s.name for s in SETTINGS))
        if value not in self.options(setting):
            raise ValueError(f"{name} takes {', '.join(self.options(setting))}, not {value!r}")
        self.choices[name] = value
        if name == "players" and self.seat not in self.format.seats:
            self.choices["seat"] = "S"              # every count has a South
        if name == "lang" and self.session is not None:
            self.session.lang = value
        self._notify()

    def rules(self) -> str:
        """The variant text of the chosen rules and count (``"default"`` when none differs)."""
        count = COUNTS[self.choices["players"]][0]
        flags = [] if count == "default" else [count]
        flags += [f"{s.name}={self.choices[s.name]}" for s in SETTINGS
                  if s.kind == "rule" and self.choices[s.name] != s.default and self.applies(s)]
        return ", ".join(flags) or "default"

    # ---- the game ---------------------------------------------------------------------------
    def start(self, seed: int | None = None):
        """Deal the first hand of a new game; the computer plays until it is the learner's turn."""
        from ..players import SensiblePlayer
        from ..table.model import TableSession
        if seed is not None:
            self.seed = seed
        if self.seed is None:
            import random
            self.seed = random.randrange(1_000_000)
        from ..engine.deal import deal
        seats = Ruleset.parse(self.rules()).format.seats
        players = {s: SensiblePlayer(seed=self.seed + i) for i, s in enumerate(seats) if s != self.seat}
        self.session = TableSession(deal(self.seed, self.rules()), viewer=self.seat,
                                    players=players, mode="learner", lang=self.lang)
        self.session.start_game(seed=self.seed, rules=self.rules(), target=self.target)
        self.session.on_ruling(self._on_ruling)
        self.hands_done = 0
        self.stage = "play"
        self.happened = []
        self.note = ""
        self._computers()
        self._notify()
        return self.session.position

    def new_game(self) -> None:
        """Back to the settings (the game on the table is left)."""
        self.stage = "setup"
        self.happened, self.note = [], ""
        self._notify()

    def next_hand(self):
        """Deal the next hand (the finished one is counted into the running totals)."""
        s = self.session
        if self.stage != "hand-over":
            return None
        pos = s.next_hand()
        self.hands_done += 1
        self.happened, self.note = [], ""
        if pos is None:                       # the game is over
            self.stage = "game-over"
        else:
            self.stage = "play"
            self._computers()
        self._notify()
        return pos

    @property
    def position(self):
        return self.session.position if self.session is not None else None

    def my_turn(self) -> bool:
        """Whether the learner acts now (their turn, or their partner asked them)."""
        pos = self.position
        return pos is not None and self.stage == "play" and pos.phase != "over" \
            and pos.actor == self.seat

    # ---- the learner's moves ----------------------------------------------------------------
    def select(self, index: int):
        self.note = ""
        out = self.session.select(index)
        self._notify()
        return out

    def clear(self) -> None:
        self.session.clear_selection()
        self._notify()

    def aim(self, team: str | None, rank: str | None = None) -> None:
        """Aim Add to meld at a meld (as a click on it does); None clears."""
        self.session.set_target(team, rank)
        self._notify()

    def draw(self):
        return self._move(self.session.draw)

    def take(self):
        return self._move(self.session.take)

    def meld(self):
        return self._move(self.session.meld)

    def next_group(self):
        self.session.next_group()
        self._notify()

    def add_to(self, rank: str | None = None):
        return self._move(lambda: self.session.add_to(rank))

    def discard(self):
        return self._move(self.session.discard)

    def ask(self):
        return self._move(self.session.ask)

    def answer(self, yes: bool):
        return self._move(lambda: self.session.answer(yes))

    def play(self, move):
        """Play a move given as text or a `Move` (tests, a teacher at the keyboard): judged
        like a button's move, the computer answering as after any other."""
        return self._move(lambda: self.session.try_move(move))

    def press(self, name: str):
        """What a move button does, by the table's button names (``draw``, ``take`` …)."""
        actions = {"draw": self.draw, "take": self.take, "meld": self.meld,
                   "group": self.next_group, "add": self.add_to, "discard": self.discard,
                   "ask": self.ask, "yes": lambda: self.answer(True),
                   "no": lambda: self.answer(False), "hint": self.hint, "clear": self.clear}
        return actions[name]()

    def hint(self):
        """What a good player would do now (the table shows it, in words)."""
        self.note = ""
        h = self.session.hint()
        self._notify()
        return h

    def _move(self, action):
        """Press a move on the table; what follows a legal one is `_on_ruling`'s."""
        if not self.my_turn():
            # after the hand nobody waits for a turn: the table's own words for it
            self.note = (self.session.over_words() if self.stage in ("hand-over", "game-over")
                         else self.t.gettext("Wait: it is not your turn."))
            self._notify()
            return None
        self.note = ""
        ruling = action()
        if ruling is None or not ruling.legal:
            self._notify()              # the table says what was wrong, in words
        return ruling

    def _on_ruling(self, ruling) -> None:
        """Every ruling of the learner's own action on the table (its buttons, its keys, or
        these handlers): after a legal move, say it, then let the computer play on."""
        if not ruling.legal:
            return
        s = self.session
        before = ruling.position
        self.happened = [self._said(ruling.move, self.seat, before)]
        drawn = self._drawn(before, ruling)
        if drawn:
            self.happened.append(drawn)
        for step in s.last_steps:         # a computer partner's answer to "may I go out?"
            self.happened.append(self._said(step.move, step.seat, step.before))
        s.last_steps = []
        self._computers()
        self._notify()

    def _drawn(self, before, ruling) -> str:
        """"You drew 9♣." — the cards a draw brought to the learner's hand."""
        if ruling.move.kind != "draw":
            return ""
        new = Counter(ruling.after.hand(self.seat))
        new.subtract(Counter(before.hand(self.seat)))
        cards = [c for c, n in new.items() for _ in range(n) if n > 0]
        if not cards:
            return ""
        t = self.t
        return t.ngettext("You drew {cards}.", "You drew {cards}.", len(cards)).format(cards=t.write(cards))

    def _said(self, move, seat, position) -> str:
        from ..engine.plainwords import move_words
        return move_words(move, seat, self.lang, you=seat == self.seat, position=position)

    def _sides_formed(self, before, move) -> list:
        """Cutthroat: the words of a first take that makes the lone hand and the partners
        (`players.cutthroat`), said as the take happens; [] for any other move."""
        if before.lone is not None or move.kind != "take" or not before.rules.format.has_lone_hand:
            return []
        from ..engine.explain import render
        from ..engine.judge import judge
        return [render(c.key, c.fields, self.lang) for c in judge(before, move).checks
                if c.key == "players.cutthroat/lone!"]

    def _computers(self) -> None:
        """The computer players move until the learner must act or the hand is over."""
        s = self.session
        if s.position.phase != "over" and not self.my_turn():
            steps = s.play_on()
            for st in steps:
                self.happened.append(self._said(st.move, st.seat, st.before))
                self.happened += self._sides_formed(st.before, st.move)
            s.last_steps = []
            s.message = ""
        if s.position.phase == "over":
            self.stage = "hand-over"

    # ---- what the page says -------------------------------------------------------------------
    def buttons(self) -> tuple:
        """The table's buttons that mean something now: the kinds of move the engine allows
        the learner here (Draw and Take the pile before drawing; Meld, Add to meld, Discard
        after), Yes and No when the partner asks, Hint on the learner's turn, Clear
        selection while cards are selected. Nothing while the computer plays or the hand is over."""
        if not self.my_turn():
            return ()
        from ..engine.generate import legal_moves
        pos = self.position
        kinds = {m.kind for m in legal_moves(pos)}
        if pos.asked == "pending":
            return tuple(k for k in ("yes", "no") if k in kinds)
        out = [k for k in ("draw", "take") if k in kinds]
        s = self.session
        if "meld" in kinds:
            out.append("meld")
            if s.selection:
                out.append("group")
            if pos.team_melds(pos.format.side_of(self.seat)):
                out.append("add")
        out += [k for k in ("discard", "ask") if k in kinds]
        out.append("hint")
        if s.selection or s.groups:
            out.append("clear")
        return tuple(out)

    def prompt(self) -> str:
        """What the learner is asked to do now, in words (more of them while guided)."""
        t, pos = self.t, self.position
        if self.stage == "setup":
            return t.gettext("Choose where you sit, the language and the rules, then press "
                             "Start the game.")
        if self.stage == "game-over":
            return self.session.game_over_words()
        if self.stage == "hand-over":
            return t.gettext("The hand is over. Here is the score sheet; press Next hand to "
                             "play on.")
        if not self.my_turn():                 # pragma: no cover - the computer plays at once
            return t.format(t.gettext("{seat:name} to play."), seat=pos.turn)
        if pos.asked == "pending":
            return t.format(t.gettext("Your partner {seat:name} asks: may I go out? Answer Yes "
                                      "or No: your answer binds your partner."), seat=pos.turn)
        from ..engine.generate import legal_moves
        kinds = {m.kind for m in legal_moves(pos)}
        if pos.phase == "draw":
            two = min(pos.format.draw_count, len(pos.stock)) >= 2     # players.draw-two
            if not self.guided:
                return (t.gettext("Your turn: draw, or take the pile?") if "take" in kinds
                        else t.gettext("Your turn: draw two cards.") if two
                        else t.gettext("Your turn: draw a card."))
            top = pos.pile[-1] if pos.pile else None
            if "take" in kinds and top is not None:
                if two:
                    return t.gettext(
                        "Your turn: draw, or take the pile? Draw gives you the top two cards of "
                        "the stock. You may also take the whole pile, because you can meld its "
                        "top card, {card}, with cards from your hand: click those cards, then "
                        "press Take the pile.").format(card=t.write([top]))
                return t.gettext(
                    "Your turn: draw, or take the pile? Draw gives you the top card of the "
                    "stock. You may also take the whole pile, because you can meld its top "
                    "card, {card}, with cards from your hand: click those cards, then press "
                    "Take the pile.").format(card=t.write([top]))
            if two:
                return t.gettext("Your turn: every turn starts with a draw. Press Draw to take "
                                 "the top two cards of the stock (you cannot take the pile now).")
            return t.gettext("Your turn: every turn starts with a card. Press Draw to take "
                             "the top card of the stock (you cannot take the pile now).")
        answer = ""
        if pos.asked == "yes":
            from ..engine.goout import can_go_out
            if can_go_out(pos):             # goout.binding: the way out, not "discard to end"
                return " ".join((t.gettext("Your partner said yes: you must go out this turn."),
                                 t.gettext("Meld and go out: the meld or the discard that "
                                           "empties your hand ends the hand.")))
            answer = t.gettext("Your partner said yes, but you cannot go out this turn, so "
                               "play goes on.") + " "
        elif pos.asked == "no":
            answer = t.gettext("Your partner said no: you may not go out this turn.") + " "
        if not self.guided:
            return answer + t.gettext("Meld if you like, then discard a card to end your turn.")
        words = [answer.strip()] if answer else []
        alone = not pos.format.partners(self.seat)          # two or three players: no team
        if alone:
            words += [t.gettext("Now you may meld: click three or more cards of one rank (wild "
                               "cards may join them) and press Meld. To add cards to one of "
                               "your melds, click them and the meld, then press Add to meld. "
                               "End your turn by discarding: click one card and press Discard.")]
        else:
            words += [t.gettext("Now you may meld: click three or more cards of one rank (wild "
                               "cards may join them) and press Meld. To add cards to a meld of "
                               "your team, click them and the meld, then press Add to meld. End "
                               "your turn by discarding: click one card and press Discard.")]
        team = pos.format.side_of(self.seat)
        if not pos.team_melds(team):
            need = pos.rules.initial_minimum_for(pos.opening_score(self.seat))
            if need and alone:
                words.append(t.gettext("You have not melded yet: your first meld must count "
                                       "at least {points} points.").format(points=need))
            elif need:
                words.append(t.gettext("Your team has not melded yet: its first meld must "
                                       "count at least {points} points.").format(points=need))
        if "ask" in kinds:
            words.append(t.gettext("If you can go out this turn, you may first ask your "
                                   "partner with May I go out?"))
        return " ".join(words)

    def sheet(self):
        """At the end of a hand: ``{"how": words, "teams": [(side words, total, [(line
        words, points)])], "totals": (one per side: NS, EW for four), "totals_words": …,
        "result": words or "", "next_dealer": words, "game": the game with this hand
        counted}``; None while the hand goes on. The running totals count this hand."""
        if self.stage not in ("hand-over", "game-over"):
            return None
        from ..engine.scoring import score_hand
        t = self.t
        s = self.session
        pos = s.position if self.stage == "hand-over" else s.game.hands[-1][0]
        game = s.scored_game() if self.stage == "hand-over" else s.game
        if pos.out:
            how = t.format(t.gettext("{seat:name} went out concealed") if pos.out_concealed
                           else t.gettext("{seat:name} went out"), seat=pos.out)
        else:
            how = t.gettext("the stock ran out")
        teams = []
        for team, sheet in score_hand(pos, self.lang).items():
            teams.append((t.format(t.gettext("{team:name}: {points}"), team=team, points=sheet.total),
                          sheet.total, [(words, points) for _rule, points, words in sheet.items]))
        if game.format.sides == ("NS", "EW"):
            ns, ew = game.totals
            totals = t.ngettext("Running totals after {n} hand: North–South {ns}, East–West {ew}.",
                                "Running totals after {n} hands: North–South {ns}, East–West {ew}.",
                                len(game.hands))
            totals = t.format(totals, n=len(game.hands), ns=ns, ew=ew)
        else:
            # TRANSLATORS: {totals} is every side's name and total: "North 120, South 890"
            totals = t.ngettext("Running totals after {n} hand: {totals}.",
                                "Running totals after {n} hands: {totals}.",
                                len(game.hands))
            totals = t.format(totals, n=len(game.hands), totals=s._totals_words(game))
        result = game_result_words(game, t) if game.is_over else ""
        nxt = "" if game.is_over else t.format(t.gettext("Next dealer: {seat:name}."),
                                               seat=game.dealer)
        return {"how": how, "teams": teams, "totals": tuple(game.totals), "totals_words": totals,
                "result": result, "next_dealer": nxt, "game": game}

    def chart(self):
        """At the end of a hand, every side's running total after each hand against the
        game's target (`tutor.lessons.charts.game_chart`, inline SVG); None while the hand
        goes on."""
        sheet = self.sheet()
        if sheet is None:
            return None
        from ..lessons.charts import game_chart
        return game_chart(sheet["game"], lang=self.lang, narrow=True)

    def status(self) -> str:
        """One line: the hand, the dealer and the running totals."""
        if self.session is None or self.session.game is None:
            return ""
        return self.session.game_status()

    def describe(self) -> str:
        """A line for the text/plain repr (nbval compares it): the stage and the prompt."""
        return self.prompt()
