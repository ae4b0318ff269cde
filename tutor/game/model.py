"""A game against the computer for a learner: settings, a guided hand, the score sheet.

`GameModel` holds no widgets (tested headless); `tutor.game.widget.GameView` draws it. The
learner chooses where to sit, the language and the table's rules by buttons (`SETTINGS`:
data, so that a setting such as the number of players is one more entry), then plays
hands against three computer players (`tutor.players.SensiblePlayer`) on a
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

from ..engine.formats import FOUR
from ..engine.ruleset import FLAGS, Ruleset
from ..i18n import LANGUAGE_NAMES, LANGUAGES, N_, translator

STAGES = ("setup", "play", "hand-over", "game-over")
TARGET = 5000


@dataclass(frozen=True)
class Setting:
    """One choice of the settings: `name`, its question (`title`, a message), and its options
    as (value, words) — the words a message, or None for a value said by the glossary or
    the language's own name. A setting with one option is not shown (`GameModel.settings`)."""
    name: str
    title: str
    options: tuple
    kind: str = "rule"          # "seat", "lang", "rule" (a variant flag), "players", "guide"

    @property
    def default(self):
        return self.options[0][0]


#: The player counts this page offers: four for now (its seat choice is the four-player
#: table's). The engine plays 2, 3 and 6 too (the sandbox offers them); the setting below is
#: shown once this tuple holds more than one count.
PLAYER_COUNTS = ("4",)

#: The settings, in the order they are shown. A variant flag's values are RULES.md's; the
#: words say what each means at the table. "players" lists `PLAYER_COUNTS`.
SETTINGS = (
    Setting("seat", N_("Where do you sit?"), tuple((s, None) for s in ("S", "W", "N", "E")), "seat"),
    Setting("lang", N_("Language"), tuple((code, None) for code in LANGUAGES), "lang"),
    Setting("players", N_("Players"), tuple((n, N_("{n} players")) for n in PLAYER_COUNTS),
            "players"),
    Setting("guide", N_("Guide me"), (("first", N_("Through my first hand")),
                                      ("always", N_("At every hand")),
                                      ("off", N_("Let me play on my own"))), "guide"),
    Setting("black-threes", N_("Black threes"),
            (("going-out", N_("May be melded when you go out")),
             ("never", N_("Are never melded"))), "rule"),
    Setting("wilds", N_("Wild cards in a meld"),
            (("max-three", N_("At most three")),
             ("not-outnumber", N_("Never more than the natural cards"))), "rule"),
    Setting("initial-minimum", N_("A team's first meld"),
            (("on", N_("Must count enough points")),
             ("off", N_("Any meld will do"))), "rule"),
    Setting("stock-out", N_("When the stock runs out"),
            (("must-take", N_("Play on while the pile can be taken")),
             ("ends", N_("The hand ends"))), "rule"),
)
assert all(s.name in FLAGS for s in SETTINGS if s.kind == "rule")
assert all(v in FLAGS[s.name] for s in SETTINGS if s.kind == "rule" for v, _ in s.options)


class GameModel:
    """A game of hands against the computer, seen from the learner's seat."""

    def __init__(self, lang: str = "en", seed: int | None = None, target: int = TARGET):
        self.choices = {s.name: s.default for s in SETTINGS}
        self.choices["lang"] = translator(lang).lang
        self.seed = seed
        self.target = target
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

    def option_words(self, setting: Setting, value: str) -> str:
        """An option in the game's language."""
        t = self.t
        words = dict(setting.options)[value]
        if setting.kind == "seat":
            return t.format(t.gettext("{seat:name} (your partner: {partner:name})"),
                            seat=value, partner=FOUR.answerer(value))
        if setting.kind == "lang":
            return LANGUAGE_NAMES[value]
        if setting.kind == "players":
            return t.gettext(words).format(n=value)
        return t.gettext(words)

    def choose(self, name: str, value: str) -> None:
        """Choose an option of a setting (before the game starts, or for the next game)."""
        setting = next((s for s in SETTINGS if s.name == name), None)
        if setting is None:
            raise ValueError(f"no setting {name!r}; the settings are: "
                             + ", ".join(s.name for s in SETTINGS))
        if value not in dict(setting.options):
            raise ValueError(f"{name} takes {', '.join(v for v, _ in setting.options)}, not {value!r}")
        self.choices[name] = value
        if name == "lang" and self.session is not None:
            self.session.lang = value
        self._notify()

    def rules(self) -> str:
        """The variant text of the chosen rules (``"default"`` when none differs)."""
        flags = [f"{s.name}={self.choices[s.name]}" for s in SETTINGS
                 if s.kind in ("rule", "players") and self.choices[s.name] != s.default]
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
            self.note = self.t.gettext("Wait: it is not your turn.")
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
        return t.gettext("You drew {cards}.").format(cards=t.write(cards))

    def _said(self, move, seat, position) -> str:
        from ..engine.plainwords import move_words
        return move_words(move, seat, self.lang, you=seat == self.seat, position=position)

    def _computers(self) -> None:
        """The computer players move until the learner must act or the hand is over."""
        s = self.session
        if s.position.phase != "over" and not self.my_turn():
            steps = s.play_on()
            self.happened += [self._said(st.move, st.seat, st.before) for st in steps]
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
            return self.session.game.result_text(self.lang)
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
            if not self.guided:
                return (t.gettext("Your turn: draw, or take the pile?") if "take" in kinds
                        else t.gettext("Your turn: draw a card."))
            top = pos.pile[-1] if pos.pile else None
            if "take" in kinds and top is not None:
                return t.gettext(
                    "Your turn: draw, or take the pile? Draw gives you the top card of the "
                    "stock. You may also take the whole pile, because you can meld its top "
                    "card, {card}, with cards from your hand: click those cards, then press "
                    "Take the pile.").format(card=t.write([top]))
            return t.gettext("Your turn: every turn starts with a card. Press Draw to take "
                             "the top card of the stock (you cannot take the pile now).")
        answer = ""
        if pos.asked == "yes":
            answer = t.gettext("Your partner said yes: you must go out this turn.") + " "
        elif pos.asked == "no":
            answer = t.gettext("Your partner said no: you may not go out this turn.") + " "
        if not self.guided:
            return answer + t.gettext("Meld if you like, then discard a card to end your turn.")
        words = [answer.strip()] if answer else []
        alone = not pos.format.partners(self.seat)      # two or three players: no team
        words += [t.gettext("Now you may meld: click three or more cards of one rank (wild "
                            "cards may join them) and press Meld. To add cards to one of your "
                            "melds, click them and the meld, then press Add to meld. End your "
                            "turn by discarding: click one card and press Discard.") if alone else
                  t.gettext("Now you may meld: click three or more cards of one rank (wild "
                           "cards may join them) and press Meld. To add cards to a meld of "
                           "your team, click them and the meld, then press Add to meld. End "
                           "your turn by discarding: click one card and press Discard.")]
        team = pos.format.side_of(self.seat)
        if not pos.team_melds(team):
            need = pos.rules.initial_minimum_for(pos.team_score(team))
            if need:
                words.append((t.gettext("You have not melded yet: your first meld must count "
                                        "at least {points} points.") if alone else
                              t.gettext("Your team has not melded yet: its first meld must "
                                        "count at least {points} points.")).format(points=need))
        if "ask" in kinds:
            words.append(t.gettext("If you can go out this turn, you may first ask your "
                                   "partner with May I go out?"))
        return " ".join(words)

    def sheet(self):
        """At the end of a hand: ``{"how": words, "teams": [(team words, total, [(line
        words, points)])], "totals": (NS, EW), "totals_words": …, "result": words or ""}``;
        None while the hand goes on. The running totals count this hand."""
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
        ns, ew = game.totals
        totals = t.ngettext("Running totals after {n} hand: North–South {ns}, East–West {ew}.",
                            "Running totals after {n} hands: North–South {ns}, East–West {ew}.",
                            len(game.hands)).format(n=len(game.hands), ns=ns, ew=ew)
        result = game.result_text(self.lang) if game.is_over else ""
        nxt = "" if game.is_over else t.format(t.gettext("Next dealer: {seat:name}."),
                                               seat=game.dealer)
        return {"how": how, "teams": teams, "totals": (ns, ew), "totals_words": totals,
                "result": result, "next_dealer": nxt}

    def status(self) -> str:
        """One line: the hand, the dealer and the running totals."""
        if self.session is None or self.session.game is None:
            return ""
        return self.session.game_status()

    def describe(self) -> str:
        """A line for the text/plain repr (nbval compares it): the stage and the prompt."""
        return self.prompt()
