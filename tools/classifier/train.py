"""Train the credential model (policies/classifier.py) from the labelled corpora in tests/corpus.

    python tools/classifier/train.py            # write policies/model/credential.tsv
    python tools/classifier/train.py --cv       # leave-one-corpus-out table, and the threshold it picks
    python tools/classifier/train.py --threshold 0.99 --agree 0.82   # the shipped model (session 25: the
                                                # rule picks agreement 0.91 for one corpus; README.md says why not)

Needs the ``train`` extra (scikit-learn, numpy); the proxy never does. Deterministic: one thread,
no random state, sorted inputs, rounded weights; the same corpora give a byte-identical file.

Labels are per form, the model scores fields (multiple-instance learning): every free-text or
numeric field of a benign form is a negative; in a credential form, the fields the rules flag are
positives and its other fields negatives (OTHERS: measured better than leaving them out, leave-one-
corpus-out recall 0.44 -> 0.53 at the same precision, as the prompt then cannot stand for the label),
and in a form the rules miss, the field a model trained without it scores highest (twice over) is a
positive and the rest are left out. The held-out sets (heldout7*, heldout10*-heldout17*) are never read;
heldout8 and heldout9 were held out until their last measurements (tests/corpus/README.md) and are
training data since.
"""

from __future__ import annotations

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_var] = "1"  # a sum in another order is another last bit

import argparse  # noqa: E402
import hashlib  # noqa: E402
import json  # noqa: E402
import math  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
from collections import Counter  # noqa: E402
from dataclasses import dataclass, field  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402
from scipy.sparse import csr_matrix  # noqa: E402
from sklearn.linear_model import LogisticRegression  # noqa: E402

from elicitguard.policies import classifier  # noqa: E402
from elicitguard.policies.form_schema import check_schema  # noqa: E402
from elicitguard.policies.forms import _prompt_texts, judge_form  # noqa: E402

CORPUS = ROOT / "tests" / "corpus"
OUT = ROOT / "policies" / "model" / "credential.tsv"
# Held out: measured by the lead only, never trained or tuned on.
EXCLUDED = frozenset({"heldout7a.jsonl", "heldout7b.jsonl", "heldout10a.jsonl", "heldout10b.jsonl", "heldout11a.jsonl",
                      "heldout11b.jsonl", "heldout12a.jsonl", "heldout12b.jsonl", "heldout13a.jsonl", "heldout13b.jsonl",
                      "heldout14a.jsonl", "heldout14b.jsonl", "heldout15a.jsonl", "heldout15b.jsonl",
                      "heldout16a.jsonl", "heldout16b.jsonl",
                      "heldout17a.jsonl", "heldout17b.jsonl"})
LOW, HIGH = 3, 5
# Session 23, leave-one-corpus-out over the 46 corpora, pooled recall at precision 0.981 (shipped
# 0.902): C and FORM_C 4 gave 0.898; whole words and adjacent word pairs beside the n-grams (field,
# prompt and form) 0.903, their strongest weights on what the rules already name ("card number").
C = 16.0
MIL_ROUNDS = 2
PROMPT = 1  # the prompt's n-grams as a namespace of their own
CONCEPTS = 0  # the lexicon's concepts in the field and the prompt, as tokens
WHOLE = 0  # 1: a word longer than the n-grams counts whole too
PROSE_WORDS = 1  # the model scores a field described in at least this many words (and naming no credential)
ELIGIBLE = 0  # 1: train only on the fields the model will score (their text names no credential)
OTHERS = 1  # 1: the unflagged fields of a credential form the rules catch are negatives too
# 1: each titled or described field of a benign form is a negative a second time under a bland name
# ("value", "answer", "field1"): the hard corpora give credential fields bland names far more often than
# benign ones, and the model learnt the name ("field" over "收货地址" was denied, red team 25).
BLAND = 0
BLAND_NAMES = ("value", "answer", "input", "field", "field1", "entry", "text", "data", "details", "reference",
               "response", "item", "my_field", "form_field", "f1", "v")
KEEP = 120000  # the largest weights kept (the rest are dropped: the file and the memory it takes stay small)
FORM_C = 16.0  # the form model's regularisation (its own: it sees every form once, labelled as the form is)
FORM_KEEP = 120000
VIEWS = 1  # 1: the form model also reads the prompt with the best field alone, and the higher score counts
DIGITS = 4  # significant digits of a stored weight
PRECISION_FLOOR = 0.98
SLACK = 0.01  # how far below the rules' own precision the model may take a corpus the rules hold below the floor
GRID = [round(0.30 + 0.01 * i, 2) for i in range(70)]


@dataclass
class Form:
    corpus: str
    id: str
    credential: bool
    blocked: bool  # by the rules alone (credential.* or payment.* reasons only)
    judged: bool  # no schema problem and no rule fired: the model would be asked
    flagged: set[str]
    fields: list[tuple[str, str, dict[str, Any]]]
    prompt: list[str]
    feats: list[dict[str, float]] = field(default_factory=list)
    form_feats: dict[str, float] = field(default_factory=dict)
    view_feats: list[dict[str, float]] = field(default_factory=list)  # the prompt with each field alone


def form_corpora() -> list[Path]:
    """Every labelled form corpus in tests/corpus but the held-out sets."""
    out = []
    for path in sorted(CORPUS.glob("*.jsonl")):
        if path.name in EXCLUDED:
            continue
        first = path.read_text(encoding="utf-8").split("\n", 1)[0]
        if "params" in json.loads(first):
            out.append(path)
    return out


def features(name: str, kind: str, prop: dict[str, Any], prompt: list[str]) -> dict[str, float]:
    """A field's feature vector, exactly as classifier.Model scores it."""
    vec: dict[str, float] = {}
    spaces = [("f", classifier.field_words(name, prop))] + ([("m", classifier.prompt_words(prompt))] if PROMPT else [])
    for space, words in spaces:
        vec.update(_ngrams(space, words))
    tokens = classifier.shape_tokens(kind, prop) + (classifier.field_concepts(name, prop) if CONCEPTS else ())
    tokens += classifier.prompt_concepts(prompt) if CONCEPTS and PROMPT else ()
    if CONCEPTS == 2:  # look-alike concepts only ("c:~meta"): the n-grams must learn what asks
        tokens = tuple(t for t in tokens if not t.startswith(("c:", "mc:")) or ":~" in t)
    for token in tokens:
        vec[f"s\t{token}"] = vec.get(f"s\t{token}", 0.0) + 1.0
    return vec


def _ngrams(space: str, words: tuple[str, ...]) -> dict[str, float]:
    """A namespace's distinct n-grams, each 1/sqrt(their number), as classifier.Model.text_logit reads them."""
    distinct = set(classifier.grams(words, LOW, HIGH, bool(WHOLE)))
    return {f"{space}\t{gram}": 1.0 / math.sqrt(len(distinct)) for gram in distinct}


def form_features(prompt: list[str], fields: list[tuple[str, dict[str, Any]]]) -> dict[str, float]:
    """The whole form's feature vector, exactly as classifier.Model.form_probability scores it."""
    return _ngrams("F", classifier.form_words(prompt, fields))


def _lr(rows: list[dict[str, float]], labels: list[int], c: float, keep: int) -> tuple[dict[str, float], float]:
    """A logistic regression's largest weights (rounded) and its bias."""
    vocab = sorted({k for row in rows for k in row})
    index = {k: i for i, k in enumerate(vocab)}
    data, cols, ptr = [], [], [0]
    for row in rows:
        for k in sorted(row):
            cols.append(index[k])
            data.append(row[k])
        ptr.append(len(cols))
    matrix = csr_matrix((np.array(data), np.array(cols), np.array(ptr)), shape=(len(rows), len(vocab)))
    lr = LogisticRegression(C=c, solver="lbfgs", max_iter=5000, class_weight="balanced")
    lr.fit(matrix, np.array(labels))
    weights = lr.coef_[0]
    order = sorted(range(len(vocab)), key=lambda i: (-abs(weights[i]), vocab[i]))[:keep]
    kept = {vocab[i]: float(f"{weights[i]:.{DIGITS}g}") for i in sorted(order, key=lambda i: vocab[i])
            if abs(weights[i]) > 0}
    return kept, float(f"{lr.intercept_[0]:.{DIGITS + 2}g}")


class FormModel:
    """The second opinion: a logistic regression over each whole form, labelled as the form is."""

    def __init__(self, forms: list["Form"]) -> None:
        self.weights, self.bias = _lr([f.form_feats for f in forms], [int(f.credential) for f in forms], FORM_C, FORM_KEEP)
        self.table = {k.split("\t", 1)[1]: w for k, w in self.weights.items()}

    def probability(self, feats: dict[str, float]) -> float:
        """As classifier.Model.form_probability scores the same n-grams (the same arithmetic)."""
        return classifier.probability(self.bias + classifier.distinct_logit(self.table, {k.split("\t", 1)[1] for k in feats}))

    def score(self, form: "Form", field_scores: list[float] | None = None) -> float:
        """The form's score; with VIEWS and the field model's scores, the higher of the whole form's and
        the prompt's with the best field alone (as whole_form.detect_by_model: padding cannot dilute it)."""
        whole = self.probability(form.form_feats)
        if not VIEWS or not field_scores or not form.view_feats:
            return whole
        best = max(range(len(field_scores)), key=lambda i: (field_scores[i], form.fields[i][0]))
        return max(whole, self.probability(form.view_feats[best]))


def load(path: Path) -> list[Form]:
    forms = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        case = json.loads(line)
        params = case["params"]
        _names, problems, found = judge_form(params, True, frozenset())
        blocked = bool(found) and not problems and all(r.rule.startswith(("credential.", "payment.")) for r in found)
        fields, _ = check_schema(params.get("requestedSchema"))
        scored = [(n, str(kind), prop) for n, (kind, prop) in fields.items() if kind is not None]
        schema = params.get("requestedSchema")
        prompt = _prompt_texts(params.get("message", ""), schema if isinstance(schema, dict) else {})
        form = Form(path.name, case["id"], case["label"] == "credential", blocked, not problems and not found,
                    {r.field for r in found if r.field}, scored, prompt)
        form.feats = [features(n, k, p, prompt) for n, k, p in scored]
        form.form_feats = form_features(prompt, [(n, p) for n, _k, p in scored])
        form.view_feats = [form_features(prompt, [(n, p)]) for n, _k, p in scored] if VIEWS else []
        forms.append(form)
    return forms


class Fitted:
    """A model fitted on a list of (features, label): sklearn's weights and the runtime Model."""

    def __init__(self, rows: list[dict[str, float]], labels: list[int]) -> None:
        self.weights, self.bias = _lr(rows, labels, C, KEEP)
        self.model = self.runtime(0.5)

    def runtime(self, threshold: float, header: tuple[str, ...] = ()) -> classifier.Model:
        return classifier.parse(self.text(threshold, header))

    def text(self, threshold: float, header: tuple[str, ...] = (), form: "FormModel | None" = None,
             agree: float | None = None) -> str:
        lines = [f"# {h}" for h in header]
        lines += [f"ngram\t{LOW}\t{HIGH}", f"whole\t-\t{WHOLE}", f"prose_words\t-\t{PROSE_WORDS}", f"bias\t-\t{self.bias!r}", f"threshold\t-\t{threshold!r}"]
        weights = dict(self.weights)
        if form is not None and agree is not None:
            lines += [f"form_bias\t-\t{form.bias!r}", f"agree\t-\t{agree!r}"]
            weights.update(form.weights)
        lines += [f"{k}\t{w!r}" for k, w in sorted(weights.items())]
        lines.append(f"end\t-\t{len(weights)}")  # classifier.parse refuses a file cut short
        return "\n".join(lines) + "\n"

    def score(self, form: Form, gate: bool = False) -> list[float]:
        """Each field's probability; with ``gate``, 0 for a field the model never scores (as judged)."""
        prompt = self.model.prompt_logit(form.prompt)
        return [classifier.probability(self.model.field_logit(n, k, p) + prompt)
                if not gate or classifier.eligible(n, p, PROSE_WORDS) else 0.0 for n, k, p in form.fields]


def fit(forms: list[Form], log: bool = False) -> Fitted:
    """Multiple-instance training: rule-flagged fields first, then the best field of each missed form."""
    rows: list[dict[str, float]] = []
    labels: list[int] = []
    for form in forms:
        for (name, kind, prop), vec in zip(form.fields, form.feats):
            if ELIGIBLE and not classifier.eligible(name, prop, PROSE_WORDS):
                continue
            if not form.credential:
                rows.append(vec)
                labels.append(0)
                if BLAND and (prop.get("title") or prop.get("description")):
                    pick = int(hashlib.sha256(f"{form.id}/{name}".encode()).hexdigest(), 16)
                    bland = BLAND_NAMES[pick % len(BLAND_NAMES)]
                    if bland != name:
                        rows.append(features(bland, kind, prop, form.prompt))
                        labels.append(0)
            elif name in form.flagged:
                rows.append(vec)
                labels.append(1)
            elif OTHERS and form.flagged:
                rows.append(vec)
                labels.append(0)
    model = Fitted(rows, labels)
    missed = [f for f in forms if f.credential and not f.flagged and f.fields]
    for _round in range(MIL_ROUNDS):
        extra_rows, extra_labels = [], []
        for form in missed:
            scores = model.score(form, gate=bool(ELIGIBLE))
            best = max(range(len(scores)), key=lambda i: (scores[i], form.fields[i][0]))
            if ELIGIBLE and not classifier.eligible(form.fields[best][0], form.fields[best][2], PROSE_WORDS):
                continue
            extra_rows.append(form.feats[best])
            extra_labels.append(1)
        model = Fitted(rows + extra_rows, labels + extra_labels)
    if log:
        print(f"trained on {len(rows)} fields ({sum(labels)} positive) and the best field of {len(missed)} credential "
              f"forms the rules miss; {len(model.weights)} weights kept", file=sys.stderr)
    return model


def counts(forms: list[Form], scores: dict[str, float] | None, threshold: float,
           form_scores: dict[str, float] | None = None, agree: float | None = None) -> Counter[tuple[bool, bool]]:
    """(credential, blocked) counts: by the rules, the field model at ``threshold``, or (with ``agree``)
    the mean of the best field's score and the form model's at ``agree`` (as whole_form.detect_by_model)."""
    out: Counter[tuple[bool, bool]] = Counter()
    for form in forms:
        best = scores.get(form.id, 0.0) if scores is not None else 0.0
        blocked = form.blocked or (scores is not None and form.judged and best >= threshold)
        if not blocked and agree is not None and form_scores is not None and form.judged:
            blocked = (best + form_scores.get(form.id, 0.0)) / 2 >= agree
        out[(form.credential, blocked)] += 1
    return out


def pr(c: Counter[tuple[bool, bool]]) -> tuple[float, float]:
    tp, fp, fn = c[(True, True)], c[(False, True)], c[(True, False)]
    return (tp / (tp + fp) if tp + fp else 1.0), (tp / (tp + fn) if tp + fn else 1.0)


def model_alone(forms: list[Form], scores: dict[str, float], threshold: float) -> Counter[tuple[bool, bool]]:
    """The model's own verdicts, rules aside (every form without a schema problem is scored)."""
    return Counter((f.credential, scores.get(f.id, 0.0) >= threshold) for f in forms)


def cross_validate(by_corpus: dict[str, list[Form]], show: bool = False,
                   scores: Path | None = None) -> tuple[float, float, list[str]]:
    """Leave one corpus out: the lowest threshold keeping rules and model together, over every corpus
    and on each held-out corpus, at precision >= 0.98 or within SLACK of the rules' own precision
    where that is lower. With ``scores``, each fold's scores are written there (JSON, keyed by the
    corpora's and the rules' inputs), and read back instead of refitting when they match: the rule
    can be studied without half an hour of fitting."""
    held: dict[str, dict[str, float]] = {}
    held_form: dict[str, dict[str, float]] = {}
    key = hashlib.sha256(json.dumps(sorted((n, [(f.id, f.credential, f.blocked, f.judged) for f in forms])
                                           for n, forms in by_corpus.items())).encode()).hexdigest()
    if scores is not None and scores.exists():
        cached = json.loads(scores.read_text(encoding="utf-8"))
        if cached.get("key") == key:
            held, held_form = cached["held"], cached["held_form"]
    for name in by_corpus if not held else ():
        train = [f for other, forms in by_corpus.items() if other != name for f in forms]
        model = fit(train)
        field_scores = {f.id: model.score(f, gate=True) for f in by_corpus[name]}
        held[name] = {f.id: max(field_scores[f.id], default=0.0) for f in by_corpus[name]}
        form_model = FormModel(train)
        held_form[name] = {f.id: form_model.score(f, field_scores[f.id]) for f in by_corpus[name]}
        print(f"  fold {name} done", file=sys.stderr)
        if show:
            for f in by_corpus[name]:
                if not f.credential and f.judged and held[name][f.id] >= 0.5:
                    print(f"    false alarm {f.id} {held[name][f.id]:.3f}", file=sys.stderr)
    if scores is not None:
        scores.write_text(json.dumps({"key": key, "held": held, "held_form": held_form}), encoding="utf-8")
    # Where the rules alone are below the floor (a blind corpus), the model may lower them by at most
    # SLACK (one corpus with a few false alarms of its own would otherwise set the threshold for every
    # language); and over every corpus together, rules and model stay at the floor.
    floor = {n: min(PRECISION_FLOOR, pr(counts(by_corpus[n], None, 0.0))[0] - SLACK) for n in by_corpus}

    def pooled(t: float | None, agree: float | None = None) -> float:
        total: Counter[tuple[bool, bool]] = Counter()
        for n in by_corpus:
            total += counts(by_corpus[n], None if t is None else held[n], t or 0.0, held_form[n], agree)
        return pr(total)[0]

    # The same over every corpus together: once blind corpora whose own false alarms hold the rules
    # below the floor are most of the data, no threshold could keep the pool at the floor itself.
    pooled_floor = min(PRECISION_FLOOR, pooled(None) - SLACK)
    chosen = next((t for t in GRID if pooled(t) >= pooled_floor
                   and all(pr(counts(by_corpus[n], held[n], t))[0] >= floor[n] for n in by_corpus)), GRID[-1])
    # Then the agreement threshold, by the same rule, with the field threshold fixed: the lowest at
    # which a field and its whole form agreeing keeps every corpus and the pool at their floors.
    agree = next((a for a in GRID if a < chosen and pooled(chosen, a) >= pooled_floor
                  and all(pr(counts(by_corpus[n], held[n], chosen, held_form[n], a))[0] >= floor[n] for n in by_corpus)),
                 chosen)
    table = [f"| corpus | forms | rules P | rules R | rules+model P | rules+model R | model alone P | model alone R |"
             f" (threshold {chosen}, agreement {agree})", "|---|---|---|---|---|---|---|---|"]
    total_rules: Counter[tuple[bool, bool]] = Counter()
    total_both: Counter[tuple[bool, bool]] = Counter()
    total_model: Counter[tuple[bool, bool]] = Counter()
    for name, forms in by_corpus.items():
        a, b = counts(forms, None, chosen), counts(forms, held[name], chosen, held_form[name], agree)
        total_rules += a
        total_both += b
        (pa, ra), (pb, rb), (pc, rc) = pr(a), pr(b), pr(model_alone(forms, held[name], chosen))
        total_model += model_alone(forms, held[name], chosen)
        table.append(f"| {name} | {len(forms)} | {pa:.3f} | {ra:.3f} | {pb:.3f} | {rb:.3f} | {pc:.3f} | {rc:.3f} |")
    (pa, ra), (pb, rb), (pc, rc) = pr(total_rules), pr(total_both), pr(total_model)
    table.append(f"| all | {sum(total_rules.values())} | {pa:.3f} | {ra:.3f} | {pb:.3f} | {rb:.3f} | {pc:.3f} | {rc:.3f} |")
    return chosen, agree, table


def corpus_date() -> str:
    """The date of the last commit that touched the corpora (so the same input gives the same file)."""
    try:
        out = subprocess.run(["git", "log", "-1", "--format=%cs", "--", "tests/corpus"], cwd=ROOT, capture_output=True,
                             text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        out = ""
    return out or "unknown"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cv", action="store_true", help="print the leave-one-corpus-out table and pick the threshold")
    parser.add_argument("--threshold", type=float, help="the threshold to ship (default: the one --cv picks)")
    parser.add_argument("--agree", type=float, help="the agreement threshold to ship with --threshold (default: none)")
    parser.add_argument("--show", action="store_true", help="with --cv: list the held-out benign forms scored >= 0.5")
    parser.add_argument("--scores", type=Path, help="with --cv: keep each fold's scores in this file, and reuse them "
                                                    "while the corpora and the rules' verdicts are unchanged")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--date", default=None, help="the date in the header (default: the corpora's last commit)")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="override a setting for an experiment (C, LOW, HIGH, KEEP, MIL_ROUNDS, PROMPT, CONCEPTS, WHOLE, "
                             "PROSE_WORDS, ELIGIBLE, OTHERS, BLAND)")
    parser.add_argument("--exclude", action="append", default=[], metavar="FILE",
                        help="leave a corpus out (to measure what it adds; the shipped model uses every corpus)")
    args = parser.parse_args()
    global EXCLUDED
    EXCLUDED = EXCLUDED | frozenset(args.exclude)
    for item in args.set:
        key, value = item.split("=", 1)
        globals()[key] = type(globals()[key])(float(value)) if key == "C" else int(value)
    paths = form_corpora()
    by_corpus = {p.name: load(p) for p in paths}
    threshold, agree = args.threshold, args.agree
    if args.cv or threshold is None:
        threshold, agree, table = cross_validate(by_corpus, args.show, args.scores)
        print("\n".join(table))
    every = [f for forms in by_corpus.values() for f in forms]
    model = fit(every, log=True)
    form_model = FormModel(every) if agree is not None and agree < threshold else None
    header = ("elicitguard credential model: written by tools/classifier/train.py, do not edit",
              f"date: {args.date or corpus_date()}",
              *(f"corpus: {p.name} sha256={hashlib.sha256(p.read_bytes()).hexdigest()}" for p in paths),
              f"features: char n-grams {LOW}-{HIGH} of a field's normalised words (name, title, description, prose "
              "default) as f, of the prompt (message, schema title and description) as m, each distinct n-gram "
              "present as 1/sqrt(number of distinct n-grams); shape tokens as s (type, min/maxLength, maximum's digits, pattern, format, writeOnly, "
              "default)",
              f"settings: logistic regression (lbfgs, L2, C={C}, balanced classes), multiple-instance rounds "
              f"{MIL_ROUNDS}, unflagged fields of caught credential forms as negatives {bool(OTHERS)}, lexicon concepts as "
              f"features {bool(CONCEPTS)}, scored: fields with at least {PROSE_WORDS} word(s) of prose naming no credential "
              f"(nor a card's look-alike in their name or title), the {KEEP} largest weights kept at {DIGITS} significant digits, threshold {threshold} "
              f"(leave-one-corpus-out precision of rules and model, over every corpus and on each, >= {PRECISION_FLOOR} "
              f"or within {SLACK} of the rules' own where those are below it)",
              f"form model: char n-grams {LOW}-{HIGH} of the whole form's words (prompt and every field's) as F, "
              f"logistic regression (lbfgs, L2, C={FORM_C}, balanced classes) over every form labelled as it is, the "
              f"{FORM_KEEP} largest weights kept; read whole{' and as the prompt with the best field alone, the higher' if VIEWS else ''}; agreement threshold {agree if form_model else 'none'} on the mean of "
              "the best field's score and the form's (the lowest that keeps the same precision, the field threshold "
              "fixed)")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(model.text(threshold, header, form_model, agree if form_model else None), encoding="utf-8")
    print(f"wrote {args.out} ({args.out.stat().st_size} bytes), threshold {threshold}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
