"""The table's panel as HTML: pure functions of a `TableSession` (tutor/table/model.py) and
a language, without widgets — the `Table` widget puts their result in its explanation box,
and they are tested on a session alone (tests/test_table_panel.py).

- `panel_html(session, lang, learner)`: everything the panel says after a move;
- `ruling_html(session, ruling, lang, learner)`: one ruling (verdict, move, explanation, rule);
- `verdict_html(ruling, lang)`, `why_html(ruling, lang)`, `ruling_line_html(ruling, lang)`:
  a ruling's verdict, its explanation, and both in one line with the rule id — what the
  lesson pages' questions, the class's screens and the teacher's view show of a ruling;
- `sheet_html(position, lang, learner)`: the score sheet of a finished hand;
- `move_words_for(session, lang, move, position)`: a move in a learner's words, said to the
  bottom seat when it is theirs;
- `code_html(text)`: rulebook text with its `rule.ids` shown as code;
- `by_pointer_html(mouse, touch)`: words for a mouse and keys, and words for a touch screen,
  of which the page shows one (`tutor/table/keys.py`'s style: a phone has no keys to use).

Every word comes from the catalog of `lang` (tutor/i18n); every value is escaped.
"""
from __future__ import annotations

import html

from ..engine.moves import Move
from ..engine.plainwords import actor, move_words, plain_rule_text, without_rule_ids
from ..engine.rulebook import rule_text
from ..engine.scoring import score_hand, signed_points
from ..i18n import translator


def code_html(text: str) -> str:
    """Rulebook text with its `rule.ids` shown as code."""
    parts = html.escape(text).split("`")
    return "".join(f"<code>{p}</code>" if i % 2 else p for i, p in enumerate(parts))


def by_pointer_html(mouse: str, touch: str) -> str:
    """`mouse` and `touch` (plain text, escaped here), of which the page shows one: `touch` on
    a screen with no hover and a coarse pointer (a phone, a tablet), `mouse` elsewhere."""
    return (f"<span class='tutor-by-mouse'>{html.escape(mouse)}</span>"
            f"<span class='tutor-by-touch'>{html.escape(touch)}</span>")


def move_words_for(session, lang: str, move, position=None) -> str:
    """A move in the learner's words, said to the bottom seat of `session` when it is theirs
    (`position`: where it was played; the session's position by default)."""
    move = Move.parse(move)
    position = position if position is not None else session.position
    seat = actor(move, position)
    return move_words(move, seat, lang, you=seat == session.bottom, position=position)



def panel_html(session, lang: str, learner: bool = True) -> str:
    """The table's panel: the last ruling, the computer's moves, the session's message, the
    score sheet of a finished hand, the game's standing, the legal moves asked for and the
    hint asked for — or, with none of these, what to do. A learner (``learner=True``) reads
    moves in words and keeps the rule ids in the data; a teacher reads move texts and ids."""
    s = session
    t = translator(lang)
    out = []
    r = s.ruling
    if r is not None:
        out.append(ruling_html(s, r, lang, learner))
    if s.last_steps:
        rows = []
        for st in s.last_steps[-12:]:
            # the explanation says "you": it is addressed to the seat that moved
            to_seat = html.escape(t.format(t.gettext("To {seat:name}: “{explanation}”"),
                                           seat=st.seat, explanation=st.ruling.explain(lang)))
            if learner:
                rows.append(f"<li data-rule='{st.ruling.rule}'>"
                            + html.escape(move_words_for(s, lang, st.move, st.ruling.position))
                            + f" {to_seat}</li>")
            else:
                rows.append(f"<li><b>{html.escape(t.word('seat', st.seat))}</b>: "
                            f"<code>{html.escape(str(st.move))}</code> — "
                            f"<code>{st.ruling.rule}</code>. {to_seat}</li>")
        skipped = len(s.last_steps) - 12
        out.append("<div class='tutor-steps'><b>" + html.escape(t.gettext("The computer played:")) + "</b>"
                   + (" <small>(" + html.escape(t.ngettext(
                       "{n} earlier move: Undo to see it", "{n} earlier moves: Undo to see them",
                       skipped).format(n=skipped)) + ")</small>" if skipped > 0 else "")
                   + f"<ol style='margin:2px 0 2px 18px;padding:0'>{''.join(rows)}</ol></div>")
    if s.message:
        out.append(f"<div class='tutor-message'>{html.escape(s.message)}</div>")
    if s.position.phase == "over":
        out.append(sheet_html(s.position, lang, learner))
    if s.game is not None:
        out.append("<div class='tutor-game'><b>" + html.escape(t.gettext("Game:")) + "</b> "
                   + html.escape(s.game_status()) + "</div>")
    if s.legal_list is not None:
        if s.legal_list:
            shown = 12 if learner else 40
            if learner:                  # each move in words, one a line
                items = "".join(f"<li>{html.escape(move_words_for(s, lang, m))}</li>"
                                for m in s.legal_list[:shown])
                chips = f"<ul style='margin:2px 0 2px 18px;padding:0'>{items}</ul>"
            else:
                chips = " ".join(f"<code>{html.escape(m)}</code>" for m in s.legal_list[:shown])
            rest = len(s.legal_list) - shown
            more = (" " + html.escape(t.ngettext("… and {n} more", "… and {n} more", rest).format(n=rest))
                    if len(s.legal_list) > shown else "")
            out.append("<div class='tutor-legal'><b>" + html.escape(t.gettext("You can:"))
                       + f"</b> {chips}{more}</div>")
        else:
            out.append("<div class='tutor-legal'>" + html.escape(t.gettext("No legal move here.")) + "</div>")
    h = s.last_hint
    if h is not None:
        if learner:                      # the move in words; the rule ids stay in the data
            out.append(f"<div class='tutor-hint' data-rule='{' '.join(h.rules)}'><b>"
                       + html.escape(t.gettext("Hint:")) + "</b> <b class='tutor-move-words'>"
                       + html.escape(move_words_for(s, lang, h.move)) + "</b> "
                       + html.escape(without_rule_ids(h.text)) + "</div>")
        else:
            rules = ", ".join(f"<code>{x}</code>" for x in h.rules)
            out.append("<div class='tutor-hint'><b>" + html.escape(t.gettext("Hint:"))
                       + f"</b> <code>{html.escape(str(h.move))}</code> — {html.escape(h.text)} {rules}</div>")
    if not out:
        pos = s.position
        if s.sees_options():
            note = by_pointer_html(
                t.format(t.gettext("{seat:name} to play. Click cards in your hand (or use the keys), "
                                   "then press a move. Every try is judged here."), seat=pos.turn),
                t.format(t.gettext("{seat:name} to play. Tap cards in your hand, then press a move. "
                                   "Every try is judged here."), seat=pos.turn))
        else:
            note = html.escape(t.format(t.gettext("{seat:name} to play. Press Play on to let the "
                                                  "computer play."), seat=pos.turn))
        out.append(f"<div class='tutor-note'>{note}</div>")
    return f"<div>{''.join(out)}</div>"

def verdict_html(ruling, lang: str, end: str = "", colour: str | None = None) -> str:
    """The verdict of `ruling` in bold, "Legal" or "Illegal" in `lang` (then `end`), with the
    class tutor-good or tutor-bad (`colour`: a colour of its own besides)."""
    t = translator(lang)
    good = "good" if ruling.legal else "bad"
    word = t.gettext("Legal") if ruling.legal else t.gettext("Illegal")
    style = f" style='color:{colour}'" if colour else ""
    return f"<b class='tutor-{good}'{style}>{html.escape(word + end)}</b>"


def why_html(ruling, lang: str) -> str:
    """The explanation of `ruling` in `lang`."""
    return f"<span class='tutor-why'>{html.escape(ruling.explain(lang))}</span>"


def ruling_line_html(ruling, lang: str, rule: bool = True, colour: str | None = None,
                     rule_class: str = "tutor-rule-id") -> str:
    """A ruling in one line, as a page shows it beside a question: "Legal." or "Illegal.",
    the explanation, and (`rule`) the rule id in brackets after the word "rule"."""
    out = verdict_html(ruling, lang, ".", colour) + " " + why_html(ruling, lang)
    if rule:
        word = html.escape(translator(lang).gettext("rule"))
        out += (f" <span class='{rule_class}'>({word} "
                f"<code>{html.escape(ruling.rule)}</code>)</span>")
    return out


def ruling_html(session, r, lang: str, learner: bool = True) -> str:
    """The ruling `r` on the table of `session`: the verdict, the move, the explanation and
    the rule. A learner reads the move in words and the explanation; the rulebook's words
    and the rule ids are in a small collapsed "The rule" detail. A teacher reads the move
    text and the ids. A legal ruling the table has just played says that Undo takes it back."""
    s = session
    t = translator(lang)
    good = "good" if r.legal else "bad"
    others = [x for x in r.reasons if x != r.rule]
    rule_id = f"<code class='tutor-rule-id'>{r.rule}</code>"
    also = html.escape(t.gettext("also: {rules}")).format(
        rules=", ".join(f"<code>{x}</code>" for x in others))
    undo = ("<small class='tutor-undo-note tutor-note'>"
            + html.escape(t.gettext("The table has moved on: Undo takes the move back, to try another."))
            + "</small>" if r.legal and s.past and s.past[-1].ruling is r else "")
    head = (f"<div class='tutor-ruling tutor-verdict-{good}' data-rule='{r.rule}' "
            f"data-legal='{str(r.legal).lower()}'>")
    verdict, why = verdict_html(r, lang), why_html(r, lang)
    if learner:
        # the rulebook's words, without the ids it cites: the id is given beside them
        book = html.escape(t.gettext("Rule {rule}: {text}")).format(
            rule=rule_id, text="<i>" + html.escape(plain_rule_text(r.rule, lang)) + "</i>")
        summary = html.escape(t.gettext("The rule"))
        detail = (f"<details class='tutor-rule'><summary><small>{summary}</small></summary>"
                  f"<small>{book}</small>" + (f"<br><small>{also}</small>" if others else "")
                  + "</details>")
        words = html.escape(move_words_for(s, lang, r.move, r.position))
        return (head + f"{verdict}: "
                f"<span class='tutor-move-words'>{words}</span><br>{why}{detail}"
                + undo + "</div>")
    # the rulebook's words for the deciding rule, in the table's language
    book = html.escape(t.gettext("Rule {rule}: {text}")).format(
        rule=rule_id, text=f"<i>{code_html(rule_text(r.rule, lang))}</i>")
    return (head + f"{verdict}: <code>{html.escape(str(r.move))}</code><br>"
            f"{why}<br><small>{book}</small>"
            + (f"<br><small>{also}</small>" if others else "")
            + (f"<br>{undo}" if undo else "") + "</div>")

def sheet_html(pos, lang: str, learner: bool = True) -> str:
    """The score sheet of the finished hand `pos`, line by line (score_hand, its words in
    `lang`); teachers see each line's rule id, a learner's sheet keeps it in the data."""
    t = translator(lang)
    if pos.out:
        how = t.format(t.gettext("{seat:name} went out concealed") if pos.out_concealed
                       else t.gettext("{seat:name} went out"), seat=pos.out)
    else:
        how = t.gettext("the stock ran out")
    parts = []
    for team, sheet in score_hand(pos, lang).items():
        # one team under the other: side by side the rule ids wrapped in the narrow panel
        total = t.format(t.gettext("{team:name}: {points}"), team=team, points=sheet.total)
        parts.append(side_sheet_html(total, sheet.items, show_rules=not learner))
    return ("<div class='tutor-sheet'><b>" + html.escape(t.gettext("The hand is over ({how}). Score sheet:").format(
        how=how)) + f"</b>{''.join(parts)}</div>")


def side_sheet_html(head: str, lines, show_rules: bool = False) -> str:
    """One side's part of a score sheet, as the table's panel and the game page show it:
    its head (the side and its total) and its lines, ``(rule id or None, points, words)``
    each; the rule ids are kept in the rows' data and shown (`show_rules`) to teachers."""
    rows = "".join((f"<tr data-rule='{html.escape(rule)}'>" if rule else "<tr>")
                   + (f"<td style='white-space:nowrap;padding-right:8px'><code>{html.escape(rule)}</code></td>"
                      if show_rules and rule else "")
                   + f"<td style='padding-right:8px'>{html.escape(words)}</td>"
                   f"<td style='text-align:right;white-space:nowrap'>{signed_points(points)}</td></tr>"
                   for rule, points, words in lines)
    return (f"<div style='margin-top:4px'><b>{html.escape(head)}</b>"
            f"<table style='line-height:1.3;width:100%'>{rows}</table></div>")
