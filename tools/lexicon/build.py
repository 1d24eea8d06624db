"""Regenerate the credential lexicon (policies/lexicon/terms.tsv) and the look-alike letter table
(policies/lexicon/confusables.tsv) from data that already holds these words translated.

    python tools/lexicon/build.py [--root DIR] [--work DIR]

Sources (see packages.txt): the gettext catalogs of Debian packages that prompt for passwords,
passphrases and PINs (GnuPG, Linux-PAM, sudo, shadow, GNOME Keyring, Seahorse, NetworkManager,
KDE Wallet, Kleopatra...), Electrum's catalogs for wallet seeds, and the Firefox ESR language packs
(password manager, card autofill, address autofill for postal codes). For each concept this script
takes the translations of a few exact English strings (SEEDS), cleans them (accelerators, colons,
placeholders), drops what a person reviewed as wrong or too broad (review.tsv) and writes one line per
(concept, language, term) with where it came from. Words the catalogs lack (loanwords, languages
without a catalog, CVV and security answers) are added by hand in extra.tsv, each with its source.

Without --root, the packages are fetched with ``apt-get download`` into --work and unpacked with
``dpkg-deb -x``; nothing is installed. The runtime never needs any of this: the output is committed.
The look-alike table comes from Unicode's confusables.txt as shipped by the confusable-homoglyphs
package (pip install -e '.[lexicon]').
"""

from __future__ import annotations

import argparse
import ast
import gettext
import json
import re
import subprocess
import sys
import unicodedata
import zipfile
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE.parent.parent / "policies" / "lexicon"
sys.path.insert(0, str(HERE.parent.parent))
sys.path.insert(0, str(HERE))

from elicitguard.policies.matcher import MODES, default_mode  # noqa: E402
from extra_source import EXTRA  # noqa: E402

# The exact English strings whose translations name each concept. Only strings that are the bare
# concept: a sentence ("Enter the password for %s") would bring its other words along.
SEEDS: dict[str, dict[str, tuple[str, ...]]] = {
    "password": {
        "gettext": ("Password", "Passwords", "Passphrase", "Password:", "Passphrase:", "New password", "Current password"),
        "firefox": ("login-item-password-label", "contextual-manager-passwords-password-label",
                    "contextual-manager-passwords-title", "restore-from-backup-password-label"),
    },
    "pin": {"gettext": ("PIN", "PIN:", "PIN code", "Pin code"), "firefox": ()},
    "otp": {"gettext": ("One-Time Password", "one-time password", "OTP"), "firefox": ()},
    "token": {"gettext": ("Token",), "firefox": ()},
    "private_key": {"gettext": ("Private key", "Private Key", "Private keys", "Secret Key", "Secret key"),
                    "firefox": ()},
    "seed_phrase": {"gettext": ("Seed", "BIP39 seed", "Wallet seed", "Enter Seed"), "firefox": ()},
    "card_number": {"gettext": (), "firefox": ("autofill-card-number",)},
    "card_expiry": {"gettext": (), "firefox": ("autofill-card-expires-month", "autofill-card-expires-year")},
    "session_cookie": {"gettext": ("Cookies", "Cookie"),
                       "firefox": ("storage-tree-labels-cookies", "netmonitor.tab.cookies", "migration-cookies-option-label")},
    # Look-alikes, not credentials ("~" + the concept they excuse): a PIN that is a postal code.
    "~pin": {"gettext": (), "firefox": ("autofill-address-postal-code", "autofill-address-zip", "autofill-address-pin")},
}

def lang_tag(locale: str) -> str | None:
    """A BCP 47-ish tag for a catalog's locale directory; None for English and pseudo-locales."""
    loc = locale.replace("-", "_")
    base = re.split(r"[_@.]", loc)[0].lower()
    if base in ("en", "c", "posix", "") or "@quot" in loc or "@boldquot" in loc or len(base) > 3:
        return None
    if "latin" in loc.lower() or loc.endswith("@Latn"):
        return f"{base}-Latn"
    if "cyrillic" in loc.lower():
        return f"{base}-Cyrl"
    if base == "zh":
        return "zh-Hant" if re.search(r"_(TW|HK|MO)", loc) else "zh-Hans"
    if base == "no":
        return "nb"
    return base


_ACCEL = re.compile(r"\((?:&|_)\w\)|\(\w\)$|[&_](?=\w)")


def clean(text: str) -> list[str]:
    """The term(s) one translation holds: accelerators, colons and ellipses removed; alternatives split."""
    if "%" in text or "{" in text or "<" in text or "\n" in text:
        return []
    text = unicodedata.normalize("NFC", _ACCEL.sub("", text)).replace("\u00a0", " ")
    parts = re.split(r"\s*[/|;]\s*|\s+(?:or|ou|oder|o)\s+", text)
    out = []
    for part in parts:
        part = part.strip().strip(":：.…。 ").strip()
        if 1 < len(part) <= 40 and not re.search(r"[0-9()\"“”«»]", part):
            out.append(part.casefold())
    return out


def _strip_seed(msgid: str) -> str:
    return _ACCEL.sub("", msgid).strip()


def read_mo(path: Path) -> dict[str, str]:
    try:
        with path.open("rb") as handle:
            catalog = gettext.GNUTranslations(handle)._catalog  # type: ignore[attr-defined]
    except Exception:  # noqa: BLE001 - a broken catalog is skipped, not fatal
        return {}
    out = {}
    for key, value in catalog.items():
        if isinstance(key, tuple):  # plural forms: (msgid, n)
            if key[1] != 0:
                continue
            key = key[0]
        if key and isinstance(value, str) and value:
            out[_strip_seed(key)] = value
    return out


def read_po(path: Path) -> dict[str, str]:
    """A minimal .po reader (msgid/msgstr, continued lines); enough for Electrum's catalogs."""
    out: dict[str, str] = {}
    msgid = msgstr = None
    field = None
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines() + [""]:
        line = line.strip()
        if line.startswith("msgid "):
            if msgid and msgstr:
                out[_strip_seed(msgid)] = msgstr
            msgid, msgstr, field = ast.literal_eval(line[6:]), None, "id"
        elif line.startswith("msgstr "):
            msgstr, field = ast.literal_eval(line[7:]), "str"
        elif line.startswith('"') and field:
            piece = ast.literal_eval(line)
            if field == "id":
                msgid = (msgid or "") + piece
            else:
                msgstr = (msgstr or "") + piece
        elif not line:
            if msgid and msgstr:
                out[_strip_seed(msgid)] = msgstr
            msgid = msgstr = field = None
    return out


def read_langpack(path: Path) -> dict[str, str]:
    """Fluent (.ftl) and .properties strings of one Firefox language pack, by message id."""
    out = {}
    with zipfile.ZipFile(path) as archive:
        for name in archive.namelist():
            if name.endswith((".ftl", ".properties")):
                for line in archive.read(name).decode("utf-8", "replace").splitlines():
                    match = re.match(r"^([A-Za-z0-9_.-]+)\s*=\s*(.+)$", line)
                    if match:
                        out.setdefault(match.group(1), match.group(2).strip())
    return out


def download(work: Path) -> Path:
    """apt-get download every package in packages.txt into work/debs and unpack them into work/root."""
    debs, root = work / "debs", work / "root"
    debs.mkdir(parents=True, exist_ok=True)
    root.mkdir(parents=True, exist_ok=True)
    names = []
    for line in (HERE / "packages.txt").read_text().splitlines():
        line = line.split("#")[0].strip()
        if line.endswith("*"):
            found = subprocess.run(["apt-cache", "search", "--names-only", "^" + re.escape(line[:-1])],
                                   capture_output=True, text=True, check=True).stdout
            names += [row.split()[0] for row in found.splitlines() if not row.split()[0].endswith("-all")]
        elif line:
            names.append(line)
    subprocess.run(["apt-get", "download", "-q", *names], cwd=debs, check=True)
    for deb in sorted(debs.glob("*.deb")):
        subprocess.run(["dpkg-deb", "-x", str(deb), str(root)], check=True)
    return root


def catalogs(root: Path) -> list[tuple[str, str, dict[str, str]]]:
    """(language, source name, strings) for every catalog under an unpacked root."""
    out = []
    for path in sorted(root.glob("usr/share/locale/*/LC_MESSAGES/*.mo")):
        lang = lang_tag(path.parent.parent.name)
        if lang:
            out.append((lang, "gettext:" + path.stem, read_mo(path)))
    for path in sorted(root.glob("usr/lib/python3/dist-packages/electrum/locale/*/electrum.po")):
        lang = lang_tag(path.parent.name)
        if lang:
            out.append((lang, "gettext:electrum", read_po(path)))
    for path in sorted(root.glob("usr/lib/firefox-esr/browser/extensions/langpack-*.xpi")):
        lang = lang_tag(path.name.removeprefix("langpack-").split("@")[0])
        if lang:
            out.append((lang, "firefox", read_langpack(path)))
    return out


def read_review() -> dict[tuple[str, str, str], str]:
    """review.tsv: concept, language (or *), term, action (drop | word | prefix | infix), why."""
    review = {}
    for line in (OUT / "review.tsv").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            concept, lang, term, action = line.split("\t")[:4]
            review[(concept, lang, term.casefold())] = action
    return review


def build_terms(root: Path) -> list[tuple[str, str, str, str, str]]:
    english = {seed.casefold() for kinds in SEEDS.values() for seeds in kinds.values() for seed in seeds}
    found: dict[tuple[str, str, str], set[str]] = defaultdict(set)
    for lang, source, strings in catalogs(root):
        kind = "firefox" if source == "firefox" else "gettext"
        for concept, kinds in SEEDS.items():
            for seed in kinds[kind]:
                value = strings.get(seed)
                if not value:
                    continue
                for term in clean(value):
                    if term not in english:  # untranslated: the English term is already known
                        found[(concept, lang, term)].add(f"{source} {seed!r}")
    review = read_review()
    rows = []
    for (concept, lang, term), sources in sorted(found.items()):
        action = review.get((concept, lang, term)) or review.get((concept, "*", term)) or default_mode(lang, term)
        if action == "drop":
            continue
        shown = sorted(sources)
        where = "; ".join(shown[:2]) + (f" (+{len(shown) - 2} more)" if len(shown) > 2 else "")
        rows.append((concept, lang, term, action, where))
    return rows


def build_extra() -> list[tuple[str, str, str, str, str]]:
    """extra.tsv from extra_source.EXTRA: one line per hand-added term, with its source."""
    rows = []
    for concept, by_source in EXTRA.items():
        for source, by_lang in by_source.items():
            for lang, terms in by_lang.items():
                for item in terms.split("|"):
                    term, _, mode = item.strip().partition("=")
                    term = unicodedata.normalize("NFC", term.strip()).casefold()
                    mode = mode or default_mode(lang, term)
                    if mode not in MODES:
                        raise SystemExit(f"extra_source: {concept}/{lang}/{term}: unknown mode {mode!r}")
                    rows.append((concept, lang, term, mode, "hand: " + source))
                    dotted = _dotted_capital_i(lang, term)
                    if dotted is not None:
                        rows.append((concept, lang, dotted, mode, "hand: " + source + " (as case-folded from a capital İ)"))
    return sorted(set(rows))


def _dotted_capital_i(lang: str, term: str) -> str | None:
    """Turkish and Azerbaijani write a capital dotted "İ", which case-folds to "i" plus a combining
    dot: "İlk" (first) is "i̇lk" to the matcher. A term whose first word starts with "i" gets that form too."""
    if lang not in ("tr", "az") or not term.startswith("i"):
        return None
    return "i\u0307" + term[1:]


def build_confusables() -> list[tuple[str, str, str]]:
    """Letters that Unicode's confusables data says look like one ASCII letter, folded to it."""
    import confusable_homoglyphs  # the data ships with the package; only this script needs it

    data = json.loads((Path(confusable_homoglyphs.__file__).parent / "confusables.json").read_text(encoding="utf-8"))
    rows = {}
    # Capitals first, so a small letter's own look-alike wins over its capital's ("і" is "i", "І" is "l").
    for char, entries in sorted(data.items(), key=lambda item: item[0] == item[0].casefold()):
        if len(char) != 1 or char.isascii() or not unicodedata.category(char).startswith("L"):
            continue
        folded = unicodedata.normalize("NFKC", char).casefold()
        if folded.isascii():
            continue  # NFKC already folds it (fullwidth, mathematical letters)
        targets = {e["c"].casefold() for e in entries if len(e["c"]) == 1 and e["c"].isascii() and e["c"].isalpha()}
        if len(targets) == 1 and len(folded) == 1:
            rows[folded] = (folded, targets.pop(), unicodedata.name(char, "?"))
    # Small capitals ("ᴘᴀssᴡᴏʀᴅ") are not in confusables.txt; their Unicode names say which letter they are.
    for code in range(0x80, 0x10000):
        match = re.fullmatch(r"LATIN LETTER SMALL CAPITAL ([A-Z])", unicodedata.name(chr(code), ""))
        if match and chr(code) not in rows:
            rows[chr(code)] = (chr(code), match.group(1).lower(), unicodedata.name(chr(code)))
    return sorted(rows.values())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--root", type=Path, help="an unpacked tree holding the catalogs (default: download)")
    parser.add_argument("--work", type=Path, default=Path("/tmp/elicitguard-lexicon"), help="download directory")
    parser.add_argument("--extra-only", action="store_true", help="only rewrite extra.tsv (no catalogs needed)")
    args = parser.parse_args()
    root = args.root or (args.work if args.extra_only else download(args.work))
    extra = build_extra()
    header = ("# Generated by tools/lexicon/build.py from tools/lexicon/extra_source.py: words added by hand, each with its\n"
              "# source. Columns: concept, language, term (case-folded), match mode, source.\n")
    (OUT / "extra.tsv").write_text(header + "".join("\t".join(r) + "\n" for r in extra), encoding="utf-8")
    if args.extra_only:
        return 0
    rows = build_terms(root)
    header = ("# Generated by tools/lexicon/build.py from translation catalogs; do not edit by hand (see review.tsv\n"
              "# and extra.tsv). Columns: concept, language, term (case-folded), match mode, source catalog and string.\n")
    (OUT / "terms.tsv").write_text(header + "".join("\t".join(r) + "\n" for r in rows), encoding="utf-8")
    confusables = build_confusables()
    header = ("# Generated by tools/lexicon/build.py from Unicode's confusables.txt (as shipped by confusable-homoglyphs):\n"
              "# letters that look like one ASCII letter, and the Latin small capitals by their Unicode names. Columns: letter (case-folded), ASCII letter, Unicode name.\n")
    (OUT / "confusables.tsv").write_text(header + "".join("\t".join(r) + "\n" for r in confusables), encoding="utf-8")
    langs = {r[1] for r in rows}
    print(f"{len(rows)} terms in {len(langs)} languages; {len(confusables)} look-alike letters", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
