"""Print every lesson's problems against the engine, and the coverage of rules and disputes."""
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import tutor.lessons

lessons = tutor.lessons.load_lessons()
confirmed, taught, staged = set(), set(), {}
n = 0
for l in lessons:
    taught |= set(l.teaches)
    for ex in l.exercises:
        n += 1
        for p in ex.problems():
            print("PROBLEM", p)
        confirmed |= ex.confirmed_rules()
        for d in ex.disputes:
            staged.setdefault(d, []).append((l.key, ex.id, ex.rule))
ids = tutor.lessons.rule_ids()
print(f"{len(lessons)} lessons, {n} exercises")
print("not taught:", [r for r in ids if r not in taught])
print("not confirmed:", [r for r in ids if r not in confirmed])
rows = tutor.lessons.dispute_rows("docs/DISPUTES.md")
print("disputes missing:", [d for d in rows if d not in staged])
print("dispute rule mismatch:", [(d, staged[d]) for d in rows if d in staged and not any(x[2] in rows[d][2] for x in staged[d])])
