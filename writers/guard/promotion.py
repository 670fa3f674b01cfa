"""The stricter check a lesson must pass to become canonical by recurrence alone (no owner).

Recurrence is weak evidence against a determined person: two accounts and three sessions satisfy
it. So a lesson that is about to reach everyone without a decision must also be *low-risk by
shape*, whatever its wording:

- `destination`: no links, hosts, e-mail addresses, handles, channels or user ids, unless the link
  is on the allowlist — a lesson that points somewhere is how data leaves or people are misled;
- `policy_claim`: no claims about policy, permissions, exemptions, waivers, approvals, or who is
  an admin or owner — those are the owner's to state, not the crowd's;
- `answer_form`: no mandates on the form of every answer (sign-offs, appended text, a language
  or case for everyone);
- `concealment`: no instruction to conceal, not log, not tell or not escalate;
- `weakening`: no advice that switches off a safeguard (TLS verification, 2FA, review, hooks,
  permissions wide open) or moves secrets, unless the advice is to *not* do it;
- `money`: no instructions to move money or change payment details;
- `trigger`: no dormant triggers (code words, dates after which something changes).

A lesson that fails stays provisional and goes to the owner's card with the reason; the owner can
still approve it. False positives only cost an owner's click; false negatives reach everyone.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from writers.guard.destinations import REDACTED_DESTINATION, emails, links
from writers.guard.safety import SafetyVerdict
from writers.guard.unicode import readable, variants

PROMOTION_REASONS = (
    "language",
    "structure",
    "self_reference",
    "destination",
    "policy_claim",
    "answer_form",
    "concealment",
    "weakening",
    "money",
    "trigger",
)

# A negation shortly before a match turns "never disable TLS" into advice against it. "Don't
# forget to …" and "never hesitate to …" are not negations.
_NEGATED = re.compile(
    r"(?:\b(?:never|not|no|avoid|without|stop|instead of|rather than|refuse to|do not)\b"
    r"|n't)(?! (?:forget|hesitate|fail|worry|wait))[^.;:!?]{0,40}$"
)

# Bare host names. Two-label names under the TLDs libraries like to use (socket.io, next.app)
# are usually prose; three labels, a hyphen, or a TLD people do not name libraries after is a host.
_NEGATION_WORD = re.compile(r"\b(?:never|not|no|instead of|rather than)\b|n't\b")

_TLD = (
    r"com|net|org|info|biz|us|uk|de|fr|ru|cn|nl|eu|jp|br|au|xyz|top|site|online|tech|cloud"
    r"|internal|local|corp|lan|intra|intranet|io|co|app|dev|ai|me"
)
_HOST = re.compile(rf"(?<![\w@/.-])(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+(?:{_TLD})\b(?![\w-])")
_SOFT_TLD = re.compile(r"^[a-z0-9]+\.(?:io|co|app|dev|ai|me)$")
_IP = re.compile(
    r"(?<![\w.])\d{1,3}(?:\.\d{1,3}){3}(?![\w.])|\b[0-9a-f]{1,4}(?::[0-9a-f]{0,4}){3,7}\b"
)
# Where money or data can be sent: an account, wallet or routing number is a destination too.
_ACCOUNT = re.compile(
    r"(?i)\b(?:account|acct|iban|wallet|routing|sort code|swift|bic|beneficiary)\b[^.;\n]{0,25}?"
    r"[A-Z0-9][\dA-Z -]{5,}\d"
)
# A lesson is one condition and one action in prose; a block that looks like markup, config or a
# transcript (fences, front matter, bracketed delimiters, role keys, tags) is for the owner to read.
_STRUCTURE = re.compile(
    r"```|^\s*-{3,}\s*$|\[/?[A-Z][A-Z _-]{3,}\]|^\s*(?i:role|priority|system|developer"
    r"|assistant|user)\s*:|</[a-z_][\w:-]*>|<[a-z_][\w:-]*\s+[\w:-]+\s*=|<(?i:system|instructions?"
    r"|admin|developer|assistant|user|prompt|context|memory|policy|important|override|rules?"
    r"|tool|function|config|settings|note)\b[^>]*>|\n[^\n]*\n",
    re.MULTILINE,
)
_ENGLISH = frozenset(
    "the a an and or to of in on for with when if is are be it this that then before after not"
    " do does use run check ask from by as at into than instead first".split()
)
# Function words of the other languages people write at work in (they are not English words).
_FOREIGN = (
    frozenset(
        "der die das und nicht ohne mit für auf ist ein eine den dem zu vor nach oder wenn"
        " le la les des et pour avec sans est une dans du sur pas aux ce qui que"
        " el los las y para con sin es una por lo del al se como pero"
        " o os e um uma não com sem são"
        " il gli di che non per con una sono"
        " het een en van niet met zonder voor op bij"
        " och att inte med för på".split()
    )
    - _ENGLISH
)


def _reads_as_english(text: str) -> bool:
    """The English rules can be trusted on it: mostly Latin script, English function words
    outnumbering those of other languages."""
    letters = [c for c in text if c.isalpha()]
    if letters and sum(not c.isascii() for c in letters) / len(letters) > 0.2:
        return False
    words = re.findall(r"[^\W\d_]+", text.lower())
    foreign = sum(w in _FOREIGN for w in words)
    return foreign < 2 or foreign <= sum(w in _ENGLISH for w in words) / 2


# Matched on the text as written: Slack channel names are lower-case (so "#REF!" is a spreadsheet
# error, not a channel) and Slack ids upper-case with a digit.
_MENTION = re.compile(
    r"<[@#!][^<>\s]{2,80}>|(?<![\w&#])#(?=[a-z0-9_-]*[a-z])[a-z0-9][a-z0-9_-]{1,79}(?![\w!])"
    r"|(?<![\w.])@[A-Za-z0-9][A-Za-z0-9_.-]{1,79}\b|\b[UWC](?=[A-Z]*\d)[A-Z0-9]{8,}\b"
)

_RULES: dict[str, list[str]] = {
    "policy_claim": [
        r"\bexempt(?:ion|ions|ed)?\b",
        r"\bwaiv(?:e|ed|er|ers|es|ing)\b",
        r"COND\bpre-?(?:approv|authori[sz]|clear|vett)\w*",
        r"\bgrandfather(?:ed)?\b",
        r"\b(?:white|allow)-?list(?:ed|ing)?\b",
        r"\bcarve-?outs?\b",
        r"\b(?:standing|blanket|automatic|implicit|verbal) (?:approval|sign-?off|permission|ok)\b",
        r"\b(?:no longer|not|never|n't|no) (?:be )?(?:needs?|needed|requires?|required|necessary"
        r"|mandatory|apply|applies|applicable|subject to)\b[^.;]{0,40}?\b(?:reviews?|approvals?"
        r"|sign-?offs?|checks?|verification|tickets?|mfa|2fa|permissions?|authori[sz]ation"
        r"|polic(?:y|ies)|rules?|audits?|compliance|change requests?|cab|kyc|screening)\b",
        r"\b(?:reviews?|approvals?|sign-?offs?|checks?|verification|tickets?|mfa|2fa|polic(?:y|ies)"
        r"|rules?|audits?|compliance|kyc|screening)\b[^.;]{0,30}?\b(?:(?:is|are) (?:not|no longer)"
        r" (?:needed|required|necessary|mandatory)|(?:does|do)(?: not|n't) apply|(?:is|are) "
        r"(?:optional|waived|suspended|lifted|relaxed|removed|skipped|unnecessary))\b",
        r"COND\b(?:is|are|was|were|been|now|already) (?:fully |now |already |permanently |always )?"
        r"(?:approved|authori[sz]ed|cleared|permitted|entitled|exempt|trusted|whitelisted|vetted)\b",
        r"COND\b(?:approved|authori[sz]ed|signed off|sanctioned|cleared|okayed|ok'd|mandated"
        r"|greenlit|green-lit|vetted) by\b",
        r"NEG\b(?:skip|skipping|bypass|bypassing|circumvent|override|overriding|ignore|ignoring"
        r"|forgo|omit|waive)\b[^.;]{0,25}?\b(?:reviews?|approvals?|sign-?offs?|checks?"
        r"|verification|mfa|2fa|polic(?:y|ies)|rules?|gates?|guards?|filters?|scans?|audits?"
        r"|tickets?|cab|change requests?|redaction|quarantine|kyc|screening|controls?)\b",
        r"\b(?:policy|rule|procedure|process|requirement|control)s? (?:has|have|was|were|is|are)"
        r" (?:been )?(?:changed|updated|lifted|relaxed|suspended|removed|dropped|revised|waived"
        r"|paused|retired)\b",
        r"\b(?:on behalf of|acting for|speaks? for|delegated?|delegation|deputy|proxy for)\b",
        r"\b(?:has|have|got|given|gets?|holds?|granted) (?:\w+ )?(?:permissions?|privileges?"
        r"|clearance|entitlements?|elevated access|admin rights|root access|owner rights"
        r"|authority)\b|\bpermission (?:to|from)\b",
        r"COND\b(?:allowed|permitted|authori[sz]ed|entitled|cleared) to\b",
        r"\b(?:is|are|as|becomes?|became|now) (?:an? |the |our |your )?(?:new |acting |real "
        r"|true |interim )?(?:admins?|administrators?|owners?|approvers?|superusers?|root"
        r"|reviewers?|authority)\b",
        r"\b(?:admins?|administrators?|owners?|approvers?|superusers?) (?:is|are|now|has|have)\b",
        r"NEG\bgrant(?:s|ed|ing)?\b[^.;]{0,30}?\b(?:access|rights|role|permission)",
        r"\b(?:don't|do not|never|no need to|without|not)\b (?:\w+ )?(?:ask(?:ing)? for"
        r"|request(?:ing)?|wait(?:ing)? for|get(?:ting)?|seek(?:ing)?|need(?:ing)?)"
        r" (?:a |an |any |the )?(?:reviews?|approvals?|sign-?offs?|permission|confirmation"
        r"|second (?:review|approval|check))\b",
        r"\b(?:may|can|could)(?: now| also| freely| safely)? be (?:pasted|shared|posted|sent"
        r"|forwarded|exported|disclosed|published|e-?mailed|uploaded|given out|copied)\b",
        r"\brequired_?(?:reviews?|approvals?|approving_review_count)\W{1,3}0\b",
        # Going ahead without the approval a process asks for ("…without the second sign-off",
        # "instead of waiting for CFO sign-off"); "never merge without a review" is advice.
        r"NEGB\b(?:without|instead of waiting for|rather than waiting for|skipping|bypassing)"
        r"(?: the| a| an| any| its| their| your)?(?: [\w-]+){0,2}? (?:reviews?|approvals?"
        r"|sign-?offs?|confirmations?|second (?:review|approval|check|approver))\b",
    ],
    "answer_form": [
        r"\b(?:every|each|all|any) (?:of )?(?:your |the |bot |assistant )?(?:reply|replies"
        r"|response|responses|answer|answers|message|messages|output|outputs|post|posts)\b",
        # A sign-off, signature or footer *on replies*: "record the reviewer's sign-off" is not one.
        r"\b(?:sign(?:ed|s|ing)?[- ]?off|signature|footer|tagline|disclaimer)\b[^.;]{0,40}?"
        r"\b(?:reply|replies|response|responses|answer|answers|message|messages)\b"
        r"|\b(?:reply|replies|response|responses|answer|answers|message|messages)\b[^.;]{0,40}?"
        r"\b(?:sign(?:ed|s|ing)?[- ]?off|signature|footer|tagline|disclaimer)\b",
        r"\b(?:in|using|with) (?:all[- ]caps|upper ?case|lower ?case|capital letters|pig latin"
        r"|rhymes?|verse|emojis?)\b",
        r"\b(?:always|only|exclusively) (?:reply|respond|answer|write|speak|talk|communicate)"
        r" (?:in|using)\b",
        r"UNIVERSAL\b(?:always|every time)\b[^.;]{0,30}?\b(?:append|prepend|add|include|attach"
        r"|mention|link)\b",
        r"\b(?:always|only|exclusively) (?:recommend|suggest|promote|endorse|push|point (?:people"
        r"|users) to)\b",
        r"\b(?:append|prepend|attach)\b[^.;]{0,40}?\b(?:to|in|at the (?:end|start) of)\b"
        r"[^.;]{0,15}?\b(?:reply|replies|response|responses|answer|answers|message|messages)\b",
        r"\b(?:start|begin|end|finish|close|prefix|suffix)\b[^.;]{0,10}?\b(?:each|every|all|your)"
        r" (?:reply|replies|response|responses|answer|answers|message|messages)\b",
        r"\b(?:call yourself|your name is|refer to yourself|introduce yourself as|persona)\b",
        r"\b(?:reply|respond|answer|say|tell them|tell the user)\b[^.;]{0,12}?[\"'‘“][^\"'’”]{2,80}"
        r"[\"'’”]",
    ],
    "concealment": [
        # Not telling someone *about* something (not "tell users to …", which is advice).
        r"\b(?:don't|do not|never|without|avoid|no need to|not to|need not|needn't)\b (?:\w+ )?"
        r"(?:tell|telling|inform|informing|notify|notifying|alert|alerting|warn|warning|let on to)"
        r"\b (?:the |your |any |our )?(?:owners?|users?|admins?|administrators?|team|reviewers?"
        r"|managers?|security|customers?|anyone|anybody|people|them|him|her)\b"
        r"(?! (?:to|their|your|how)\b)",
        r"\b(?:don't|do not|never|without|avoid|no need to|not to|need not|needn't)\b (?:\w+ )?"
        r"(?:mention|mentioning|disclose|disclosing|report|reporting|escalate|escalating|flag"
        r"|flagging|cc|cc'ing|loop(?:ing)? in|surface|surfacing|raise|raising|bring up)\b"
        r"(?! (?:secrets?|passwords?|tokens?|credentials|pii|keys?)\b)",
        r"\b(?:don't|do not|never|without|avoid|no need to|not to|stop)\b (?:\w+ )?(?:log|logging"
        r"|record|recording|audit|auditing|track|tracking|trace|tracing|document|documenting"
        r"|ticket|ticketing)\b(?! (?:secrets?|passwords?|tokens?|pii|keys?|credentials|api keys?"
        r"|personal data|card numbers?|ssns?)\b)",
        r"\b(?:hide|hiding|conceal|concealing|omit|omitting|suppress|suppressing|withhold"
        r"|withholding|keep)\b[^.;]{0,30}?\bfrom (?:the )?(?:owners?|users?|admins?|team|reviewers?"
        r"|logs?|audit|review|managers?|security|customers?|auditors?|compliance|leadership)\b",
        r"\bkeep (?:this|it|that|these|them|the (?:change|lesson|rule|instruction|note|link"
        r"|request|message|exception|workaround|transfer|payment))\b[^.;]{0,15}?\b(?:secret|quiet"
        r"|hidden|under wraps|to yourself|off the record|between us|confidential)\b",
        r"\b(?:secretly|covertly|surreptitiously|off the books|under the radar)\b",
        # Withholding something from the people who oversee it, in either order.
        r"\b(?:leave out|omit|exclude|hide|suppress|do not include|don't include|keep out)\b"
        r"[^;]{0,100}?\b(?:leadership|management|auditors?|the owner|compliance|the board"
        r"|executives|investors|regulators|finance team|security team)\b",
        r"\b(?:leadership|management|auditors?|the owner|compliance|the board|executives"
        r"|investors|regulators|finance team|security team)\b[^;]{0,100}?\b(?:leave out|omit"
        r"|exclude|hide|suppress|do not include|don't include|keep out)\b",
        r"\b(?:doesn't|does not|don't|do not|never) want (?:\w+ )?(?:alerts?|to be told|to hear"
        r"|notifications?|escalations?|to know|updates?|pings?)\b",
        r"\b(?:quietly|silently|discreetly|invisibly)\b (?:\w+ )?(?:send|forward|add|append"
        r"|include|delete|remove|run|execute|copy|upload|post|change|modify|approve|accept|ignore"
        r"|drop|cc|bcc|insert|install|share|log|store|save|attach|embed|redirect|disable|skip"
        r"|update|merge|push|deploy|transfer|wire|pay|grant|close|resolve|edit|rewrite|apply)\b",
        r"\b(?:say|report|claim|tell\b[^.;]{0,20}?|mark|state)\b[^.;]{0,20}?\b(?:succeeded|passed"
        r"|worked|is fine|was fine|went fine|is ok|completed|resolved|green)\b[^.;]{0,20}?"
        r"\b(?:even|regardless|whether|anyway|if not)\b",
    ],
    "weakening": [
        r"\bverify\s*=\s*false\b|--insecure\b|\bcurl\b[^\n|;]{0,40}\s-k\b|--no-check-certificate"
        r"|\bnode_tls_reject_unauthorized\s*=\s*['\"]?0|\bpythonhttpsverify\s*=\s*0"
        r"|\bsslmode\s*=\s*disable|stricthostkeychecking[ =]+no|userknownhostsfile[ =]+/dev/null"
        r"|\binsecure[_-]skip[_-]tls[_-]verify\b|\brejectunauthorized\s*:\s*false",
        r"\b(?:disable|disabling|turn(?:ing)? off|switch(?:ing)? off|skip|skipping|bypass"
        r"|bypassing|remove|removing|deactivate|deactivating|comment out|drop|dropping|relax"
        r"|relaxing|loosen|loosening)\b[^.;]{0,30}?\b(?:tls|ssl|https|certificates?|cert(?:ificate)?"
        r" (?:checks?|validation|verification)|2fa|mfa|two-factor|multi-factor|firewalls?|selinux"
        r"|apparmor|antivirus|anti-virus|edr|defender|signature (?:checks?|verification)|gpg"
        r"|csrf|cors|rate limit(?:s|ing)?|audit logs?|logging|monitoring|alerts?|alerting"
        r"|branch protection|code review|pre-commit|hooks?|sandbox|sandboxing|encryption"
        r"|authentication|auth checks?|access controls?|dlp|scanning|secret scanning)\b",
        r"\bchmod\s+(?:-r\s+)?(?:0?777|0?666|a\+rwx|o\+w|ugo\+rwx)\b|--no-verify\b"
        r"|\bgit push\b[^\n]{0,30}(?:--force|-f)\b|\bset-executionpolicy\s+(?:bypass|unrestricted)"
        r"|--privileged\b|0\.0\.0\.0/0|\bpublic-read(?:-write)?\b|\"principal\"\s*:\s*\"\*\""
        r"|\brm\s+-rf\s+/(?:\s|$)|\biptables\s+-f\b|\bsetenforce\s+0\b|\bufw\s+disable\b"
        r"|\bsudo\b[^\n]{0,30}\b(?:curl|wget)\b|\b(?:curl|wget)\b[^\n]{0,80}\|\s*(?:sudo\s+)?"
        r"(?:ba|z|da)?sh\b|\beval\b[^\n]{0,20}\$\(|\bnpm\b[^\n]{0,20}--unsafe-perm",
        r"\b(?:commit|check in|push|paste|post|share|send|email|e-mail|dm|upload|forward|print"
        r"|echo|include|hard-?code|hardcode|store|save|put|write)\b[^.;]{0,30}?"
        r"(?:\.env\b|\b(?:passwords?|secrets?|tokens?|api keys?|keys|credentials|creds"
        r"|private keys?|ssh keys?|session cookies?|recovery codes?|otp|one-time codes?"
        r"|2fa codes?|seed phrases?)\b)",
        r"\bforce[-_ ]?push(?:es|ed|ing)?\b",
    ],
    "money": [
        r"\b(?:wire|transfer|send|remit|pay|deposit|route|redirect|forward)\b[^.;]{0,30}?"
        r"\b(?:funds|money|payments?|invoices?|payroll|salar(?:y|ies)|amounts?|\$\s?\d|usd|eur"
        r"|gbp|bitcoin|btc|eth|crypto|usdt|refunds?|reimbursements?)\b[^.;]{0,30}?\bto\b",
        r"\b(?:new|updated|changed|different|correct|latest|current) (?:bank|banking|account"
        r"|payment|wallet|remit(?:tance)?|beneficiary|vendor|payee|wire|routing)"
        r" (?:details|info|information|number|numbers|account|instructions|address)\b",
        r"\bgift ?cards?\b|\bwallet address\b|\bseed phrase\b|\b(?:iban|swift|bic|routing number"
        r"|sort code|account number)\b[^.;]{0,20}?\b(?:is|are|now|:)",
    ],
    "self_reference": [
        # A lesson from failure has no business with the assistant's own memory or prompt.
        r"\b(?:memory\.md|user\.md|identity\.md|system prompt|(?:your|its|the bot's|the"
        r" assistant's) (?:own )?(?:instructions|prompt|memory|memories|context|rules|identity"
        r"|persona|configuration)|stored (?:channel )?(?:facts|notes|memories)|learned context"
        r"|lesson library|other (?:users'?|people's) (?:messages|data|facts|notes|dms))\b",
    ],
    "trigger": [
        r"\b(?:code ?word|magic word|secret word|pass ?phrase|trigger (?:word|phrase)|activation"
        r" (?:word|phrase)|safe ?word)\b",
        r"\b(?:ends?|starts?|begins?) with (?:the )?(?:suffix|prefix|word|phrase|string|token"
        r"|tag|emoji)\b|\b(?:suffix|prefix) [\"'‘“`]",
        r"\b(?:after|from|starting|beginning|on or after|once it is|until|before)\b (?:\w+ )?"
        r"(?:\d{4}-\d{2}-\d{2}|\d{1,2}/\d{1,2}/\d{2,4}|(?:jan|feb|mar|apr|may|jun|jul|aug|sep"
        r"|oct|nov|dec)[a-z]* \d{1,2}(?:st|nd|rd|th)?,? \d{4}|q[1-4] \d{4}|20[2-9]\d\b)",
    ],
}
# These read the advice only (action and rationale), not the condition it applies to.
_ADVICE_ONLY = frozenset({"weakening", "money", "answer_form"})
# Only these rules yield to a negation: advice *against* weakening or moving secrets is the
# commonest benign lesson there is. Policy claims and concealment are risky either way.
_NEGATABLE = frozenset({"weakening", "money"})
_SAFE_PLACE = re.compile(
    r"\b(?:password manager|secrets? manager|vault|keychain|1password|bitwarden|keepass"
    r"|lastpass|key ?vault|kms|secret store|environment variables?|env vars?)\b"
)
# A pattern starting with COND yields to a condition just before it ("once the PR is approved",
# "only on-call engineers are allowed to …" state a requirement, not a claim). One starting with
# UNIVERSAL applies only when the lesson's condition is universal ("for any request").
_CONDITIONAL = re.compile(
    r"\b(?:if|once|after|until|unless|before|only|when|whether|must|should|needs? to)\b"
    r"[^.;:!?]{0,40}$"
)
_UNIVERSAL = re.compile(
    r"^\s*(?:always|in (?:general|every|all|any)|(?:for|in|on) (?:any|every|all|each)"
    r" (?:request|question|message|reply|response|answer|conversation|session|chat|user|task|case)"
    r"|(?:any|every|all|each) (?:request|question|message|conversation|session|time|user|case)"
    r"|whenever (?:you|the (?:bot|assistant)) (?:reply|replies|respond|responds|answer|answers)"
    r"|(?:when )?(?:replying|responding|answering|writing) to (?:anyone|anybody|everyone|users?))"
)


# A pattern starting with NEG yields to a negation, whatever its reason ("the bot cannot grant
# access", "instead of skipping verification"); one starting with NEGB only to a negation before
# it (its own words — "without", "instead of" — are what it looks for).
def _prefix(p: str) -> str:
    for prefix in ("COND", "UNIVERSAL", "NEGB", "NEG"):
        if p.startswith(prefix):
            return prefix
    return ""


_COMPILED = {
    code: [
        (
            re.compile(p.removeprefix(_prefix(p))),
            _prefix(p) == "COND",
            _prefix(p) == "UNIVERSAL",
            _prefix(p) == "NEG" or (code in _NEGATABLE and _prefix(p) != "NEGB"),
            _prefix(p) == "NEGB",
        )
        for p in pats
    ]
    for code, pats in _RULES.items()
}


def _first(code: str, text: str, *, universal: bool) -> str | None:
    for pat, conditional, needs_universal, negatable, negated_before in _COMPILED[code]:
        if needs_universal and not universal:
            continue
        for m in pat.finditer(text):
            before = text[max(0, m.start() - 60) : m.start()]
            if negatable and (_NEGATED.search(before) or _NEGATION_WORD.search(m.group(0))):
                continue
            if negated_before and _NEGATED.search(before):
                continue
            if code == "weakening" and _SAFE_PLACE.search(text[m.start() : m.end() + 40]):
                continue
            if conditional and _CONDITIONAL.search(before):
                continue
            return m.group(0)
    return None


def promotion_check(
    condition: str,
    action: str,
    rationale: str = "",
    *,
    allow_domains: Sequence[str] = (),
    allow_emails: Sequence[str] = (),
) -> SafetyVerdict:
    """Reasons (codes of `PROMOTION_REASONS`) a lesson may not be promoted without the owner."""
    text = f"{condition}. {action}. {rationale}"
    model_view = readable(text)
    universal = bool(_UNIVERSAL.search(readable(condition).lower()))
    found: dict[str, str] = {}
    for code, snippet in (*links(model_view, allow_domains), *emails(model_view, allow_emails)):
        found.setdefault("destination", f"{code}: {snippet}")
    if m := REDACTED_DESTINATION.search(text):
        found.setdefault("destination", m.group(0))
    if m := _MENTION.search(model_view) or _ACCOUNT.search(model_view):
        found.setdefault("destination", m.group(0))
    if m := _STRUCTURE.search(f"{condition}\n{action}"):
        found["structure"] = m.group(0).strip() or "multi-line block"
    if not _reads_as_english(model_view):
        found["language"] = "the promotion check reads English only"
    # What the bot is told to *do* is in the action (and its rationale); the condition only
    # describes the situation ("someone asks to disable branch protection").
    advice = readable(f"{action}. {rationale}")
    for code in _ADVICE_ONLY:
        for form in variants(advice):
            hit_text = _first(code, form, universal=universal)
            if hit_text is not None:
                found.setdefault(code, hit_text)
    for form in variants(model_view):
        if "destination" not in found:
            for rx in (_IP, _HOST):
                for hit in rx.finditer(form):
                    if rx is _HOST and _SOFT_TLD.match(hit.group(0)):
                        continue
                    if not any(_allowed(hit.group(0), a) for a in allow_domains):
                        found["destination"] = hit.group(0)
                        break
                if "destination" in found:
                    break
        for code in _RULES:
            if code not in found and code not in _ADVICE_ONLY:
                hit_text = _first(code, form, universal=universal)
                if hit_text is not None:
                    found[code] = hit_text
    reasons = [c for c in PROMOTION_REASONS if c in found]
    return SafetyVerdict(reasons=reasons, evidence=[(c, found[c][:80]) for c in reasons])


def _allowed(host: str, entry: str) -> bool:
    domain = entry.lower().strip().removeprefix("https://").removeprefix("http://").split("/")[0]
    return host == domain or host.endswith("." + domain)
