"""Team rules (``policy.form.rules``): a security team's own terms, regexes and field names.

Each entry becomes one detector with the entry's ``id`` as its rule: its terms go through the same
normalisation and the same one-pass matcher as the built-in lexicon, its regexes are searched in the
normalised text (words case-folded, separated by single spaces, leet and look-alike letters folded
in a second copy), and its field names are compared in that normalised form too (``API-Key`` is
``api key``). An entry may name a built-in ``concept``: it then takes that concept's field types and
look-alike words. Config validation (``config.py``) rejects a regex that does not compile, matches
the empty string or matches everything.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from elicitguard.policies import classifier
from elicitguard.policies.credentials import DETECTORS, NUMBER, STRING, Detector
from elicitguard.policies.matcher import Matcher, default_mode
from elicitguard.policies.normalise import normalise
from elicitguard.policies.response_scan import RESPONSE_RULES
from elicitguard.policies.verdict import Reason

if TYPE_CHECKING:
    from elicitguard.policies.config import Policy

CONCEPTS: Final = {d.concept: d for d in DETECTORS if d.team_concept}
RULE_ID: Final = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.:-]{0,99}$")
# Texts no real rule should match; a regex matching all of them matches everything.
_PROBES: Final = ("a", "name", "email address", "favourite colour", "zip code", "x y z", "notes", "q")


def pattern_problem(pattern: Any) -> str | None:
    """Why a team regex is unusable, or None."""
    if not isinstance(pattern, str):
        return f"expected a regular expression string, got {type(pattern).__name__}"
    try:
        regex = re.compile(pattern)
    except re.error as exc:
        return f"regex {pattern!r} does not compile: {exc}"
    if regex.search("") is not None:
        return f"regex {pattern!r} matches the empty string (so it would match every field)"
    if all(regex.search(f" {p} ") for p in _PROBES):
        return f"regex {pattern!r} matches everything"
    return None


def term_problem(term: Any) -> str | None:
    if not isinstance(term, str) or not normalise(term)[0].words:
        return f"term {term!r} has no letters or digits to match"
    return None


def _key(text: str) -> str:
    return " ".join(normalise(text)[0].words)


@dataclass(frozen=True, slots=True)
class TeamRule:
    """One compiled ``policy.form.rules`` entry."""

    id: str
    concept: str | None = None
    terms: tuple[str, ...] = ()
    patterns: tuple[re.Pattern[str], ...] = ()
    fields: frozenset[str] = frozenset()  # normalised field names always blocked

    @property
    def detector(self) -> type[Detector] | None:
        return CONCEPTS.get(self.concept) if self.concept else None

    def carries(self, kind: str) -> bool:
        detector = self.detector
        return kind in (detector.types if detector is not None else (STRING, NUMBER))

    def label(self) -> str:
        detector = self.detector
        return detector.label if detector is not None else "what team rule '" + self.id + "' protects"

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id}
        if self.concept:
            out["concept"] = self.concept
        out.update(terms=list(self.terms), patterns=[p.pattern for p in self.patterns], fields=sorted(self.fields))
        return out


@dataclass(frozen=True, slots=True)
class TeamRules:
    """All team rules of one policy, their terms in one matcher."""

    rules: tuple[TeamRule, ...] = ()
    matcher: Matcher | None = field(default=None, compare=False)

    @classmethod
    def build(cls, rules: tuple[TeamRule, ...]) -> TeamRules:
        entries = [(r.id, t, default_mode("", normalise(t)[0].spaced.strip())) for r in rules for t in r.terms]
        return cls(rules, Matcher(entries) if entries else None)

    def __bool__(self) -> bool:
        return bool(self.rules)

    def ids(self) -> list[str]:
        return [r.id for r in self.rules]

    def _fired(self, rule: TeamRule, texts: list[str], hits: set[str]) -> bool:
        if rule.id in hits:
            return True
        for text in texts:
            for form in normalise(text):
                if any(p.search(form.spaced) for p in rule.patterns):
                    return True
        return False

    def _hits(self, texts: list[str]) -> set[str]:
        hits: set[str] = set()
        if self.matcher is not None:
            for text in texts:
                plain, leet = normalise(text)
                hits |= self.matcher.scan(plain.spaced, plain.squashed)
                if leet is not plain:
                    hits |= self.matcher.scan(leet.spaced, leet.squashed)
        return hits

    def judge_field(self, name: str, kind: str, texts: list[str], context: frozenset[str]) -> Reason | None:
        """The first team rule a field falls under: by its name, or its name, title or description."""
        key = _key(name)
        hits = self._hits(texts)
        for rule in self.rules:
            if not rule.carries(kind):
                continue
            if key in rule.fields:
                return Reason(rule.id, f"field '{name}' is on team rule '{rule.id}''s list of fields", name)
            detector = rule.detector
            if self._fired(rule, texts, hits) and not (detector is not None and detector.excused(context)):
                return Reason(rule.id, f"field '{name}' asks for {rule.label()} (team rule '{rule.id}')", name)
        return None

    def judge_prompt(self, clauses: list[str], carriers: dict[str, str]) -> Reason | None:
        """A prompt clause that falls under a team rule, with a field (name -> kind) to carry it."""
        hits = self._hits(clauses)
        for rule in self.rules:
            matching = [n for n, kind in carriers.items() if rule.carries(kind)]
            if matching and (rule.terms or rule.patterns) and self._fired(rule, clauses, hits):
                return Reason(rule.id, f"the prompt asks for {rule.label()} (team rule '{rule.id}') and field "
                                       f"'{matching[0]}' would carry it", matching[0])
        return None


def compile_rule(raw: dict[str, Any]) -> TeamRule:
    """A validated ``policy.form.rules`` entry, compiled."""
    return TeamRule(
        id=raw["id"],
        concept=raw.get("concept"),
        terms=tuple(raw.get("terms", ())),
        patterns=tuple(re.compile(p) for p in raw.get("patterns", ())),
        fields=frozenset(_key(f) for f in raw.get("fields", ())),
    )


# Form rules that are not detectors: schema marks of a secret.
SCHEMA_RULES: Final = ("credential.write_only",)


def rule_ids(policy: Policy) -> dict[str, list[str]]:
    """The rule ids a policy can report, by kind (what ``elicitguard check`` lists)."""
    form = sorted({d.rule for d in DETECTORS} | set(SCHEMA_RULES)
                  | ({classifier.RULE} if policy.form.classifier else set())) if policy.form.block_credentials else []
    scanning = policy.response.scan
    return {
        "form": form,
        "team": policy.form.rules.ids(),
        "response": [r for r in RESPONSE_RULES if scanning and r not in policy.response.disabled],
        "response_off": [r for r in RESPONSE_RULES if not scanning or r in policy.response.disabled],
    }
