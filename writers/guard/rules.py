"""The poisoning check's phrase rules, by reason code (matched on lower-cased canonical text).

Lessons are imperative by nature: directive rules target the assistant's own future behaviour,
its instructions or persona — not ordinary how-to advice. Weak directives address the assistant's
outputs and are normal inside skills and persona observations, so those kinds skip them.
"""

from __future__ import annotations

import re

_NEG = r"(?<!never )(?<!not )(?<!n't )(?<!avoid )(?<!no )"
_AUDIENCE = (
    r"(?:the )?(?:owner|owners|users?|admins?|administrators?|anyone|anybody|reviewers?|humans?"
    r"|operators?|security(?: team)?|team|boss|manager|them|him|her)"
)
_SENSITIVE = (
    r"(?:api[ _-]?keys?|keys|tokens?|secrets?|passwords?|passphrases?|credentials|creds|cookies"
    r"|session (?:ids?|cookies|tokens?)|env(?:ironment)? (?:vars|variables)|\.env(?: files?)?"
    r"|ssh keys?|private keys?|access keys?|bearer tokens?|oauth tokens?|(?:the |this |whole "
    r"|full |entire |all )*(?:conversations?|transcripts?|chat (?:history|logs?)|message history"
    r"|dms|direct messages|system prompt|instructions|memory|memories|user data|personal data"
    r"|customer data|pii|database dump|db dump|workspace exports?|channel exports?"
    r"|(?:last|recent|all|every|private|their|users') (?:\d+ )?messages))"
)
_DEST = (
    r"(?:https?://|www\.|[\w.-]+@[\w-]+\.\w|@\w|\b\d{1,3}(?:\.\d{1,3}){3}\b|webhook|pastebin|gist"
    r"|discord|telegram|external|outside|third[- ]party|this (?:address|url|endpoint|server"
    r"|number|link)|the following (?:address|url|endpoint|server)|my (?:server|email|address"
    r"|endpoint|bucket|account|inbox|phone|site|website)|\bme\b|personal|\b[\w-]+\.(?:com|net|org"
    r"|io|xyz|ru|cn|app|dev|site|top|me|sh)\b)"
)

# Building blocks for the obedience rules below, spelled as upper-case tokens inside the patterns
# (the text is lower-cased before matching, so upper case can never be a literal there).
# WHO: a Slack mention, handle, channel or user id (`u123abc` must hold a digit to be an id);
# ANYONE: WHO, or a person named generically ("this user", "they").
_TOKENS = {
    "WHO": r"(?:<[@#!][^<>\n]{1,60}>|(?<![\w.])@[a-z0-9_.-]{2,}|(?<![\w&])#[a-z0-9_-]{2,}"
    r"|\bu(?=[a-z]*\d)[a-z0-9]{3,12}\b)",
    "ANYONE": r"(?:WHO|\b(?:this|that|the|a|one) (?:user|person|member|account|guy|colleague"
    r"|sender|channel)\b|\b(?:he|she|they|him|her|them)\b)",
    # Roles with power over the assistant itself (not `developer`, `maintainer`: those are jobs).
    "ROLE": r"(?:co-?)?(?:owners?|admins?|administrators?|superusers?|root|masters?|boss"
    r"|operators?|reviewers?|authority|authorities)",
    "SELF": r"(?:you|yourself|seshat|the (?:bot|assistant|ai|model)|this (?:bot|assistant|ai))",
    "MY": r"(?:your|seshat's|the (?:bot|assistant|ai|model)'s|this (?:bot|assistant)'s)",
    "ORDERS": r"(?:messages?|instructions?|requests?|commands?|orders?|directions?|dms|posts?"
    r"|words?)",
    "KEEN": r"(?:new |real |true |actual |only |sole |acting |trusted |rightful )?",
}
_TOKEN = re.compile(r"\b(?:" + "|".join(_TOKENS) + r")\b")


def _fill(pattern: str) -> str:
    """Expand the upper-case tokens of `_TOKENS` inside `pattern` (tokens may nest)."""
    while _TOKEN.search(pattern):
        pattern = _TOKEN.sub(lambda m: _TOKENS[m.group(0)], pattern)
    return pattern


_STRONG_DIRECTIVES = [
    r"\bfrom now on\b",
    r"\bfrom (?:this|here) (?:point|moment) (?:on|forward)\b",
    r"\bhenceforth\b",
    r"\b(?:in|for|during) (?:all|every|any|each) (?:future|subsequent|later|upcoming|next) "
    r"(?:sessions?|conversations?|chats?|threads?|replies|responses|interactions?)\b",
    r"\b(?:in|for) (?:all|every) (?:sessions?|conversations?|chats?) (?:from|after|going)\b",
    r"\bnote to (?:my )?(?:future (?:self|selves|sessions?|assistants?)|the (?:assistant|ai|bot"
    r"|model)|seshat)\b",
    r"\b(?:ignore|disregard|forget|override|overrule|bypass|abandon|drop)\b[\w ,']{0,30}?\b"
    r"(?:previous|prior|above|earlier|preceding|original|existing|system|safety|your|all|any"
    r"|other|old)\b[\w ,']{0,20}?\b(?:instructions?|rules?|prompts?|guidelines?|directions?"
    r"|directives?|policies|policy|guardrails?|constraints?|restrictions?|programming|training"
    r"|context)\b",
    r"\bdisregard (?:everything|anything|all|the above|that)\b",
    r"\bforget (?:everything|all) (?:you|that|above|before)\b",
    r"\b(?:new|updated|revised|additional|important|secret|hidden) (?:rules?|instructions?"
    r"|directives?|system prompt|policy|orders?) ?(?::|for (?:you|the assistant|the ai|the bot"
    r"|seshat))",
    r"\b(?:update|change|modify|edit|rewrite|replace|overwrite|override|append to|add (?:this "
    r"|it )?to|prepend to|reveal|print|leak|dump|output|show|repeat|recite) (?:the |your )?"
    r"(?:system prompt|core instructions|base instructions|hidden instructions|identity prompt)\b",
    r"\b(?:your|new|the real|actual) system prompt\b",
    r"\byou are (?:now|no longer|actually|henceforth)\b",
    r"\bgoing forward,? (?:you|the assistant|seshat|always|never)\b",
    r"(?:^|[.;:!?]\s+)override\s*:",
    r"\b(?:the )?(?:safety|identity|review|approval|redaction)(?: section| rules?| step| gate)?"
    r" (?:no longer applies|is (?:now )?(?:disabled|optional|suspended|void)"
    r"|(?:does not|doesn't) apply)\b",
    r"\b(?:your|the assistant's|seshat's) (?:new|true|real) (?:name|persona|role|identity|purpose"
    r"|instructions|goal|mission) (?:is|are)\b",
    r"\b(?:pretend|act as if|behave as if) (?:you are|you're|to be) (?:an? )?(?:unrestricted"
    r"|unfiltered|jailbroken|different|evil|developer|admin|root|dan)\b",
    r"\b(?:developer|god|debug|admin|unrestricted|jailbreak|dan) mode\b",
    r"\bjailbr[eo]a?k",
    r"\bdo anything now\b",
    r"\b(?:this|these) (?:rule|instruction|lesson|note|directive)s? (?:overrides?|supersedes?"
    r"|takes? precedence over|replaces?)\b",
    r"\b(?:highest|top|maximum|absolute) priority (?:rule|instruction|directive|over)\b",
    r"\b(?:save|store|add|write|persist|remember|commit|insert|inject) (?:this|the following"
    r"|these|it)\b[\w ]{0,20}? (?:to|in|into) (?:your |the )?(?:long[- ]term )?(?:memory|memories"
    r"|lessons?|lesson library|persona|user\.md|memory\.md|skills?|context"
    r"|system prompt)\b[\w ]{0,20}?(?:forever|permanently|for (?:all|every) future|so (?:that )?"
    r"(?:you|it|future))",
    r"\b(?:bypass|skip|disable|turn off|circumvent|avoid|evade) (?:the )?(?:safety|review gate"
    r"|owner approval|approval step|approval process|guard|guardrails|filters?|redaction"
    r"|moderation|content polic(?:y|ies)|quarantine)\b",
    r"\b(?:obey|follow|comply with|execute|carry out) (?:all |any |every )?(?:instructions"
    r"|commands|requests|orders)\b[\w ]{0,15}? (?:from|in|given by|sent by|posted by|found in)\b",
    r"\byou (?:will|must|shall) (?:now )?(?:obey|comply|submit)\b",
    r"\b(?:only|just) (?:obey|listen to|follow|trust) <?@",
]
# Phrases that address the assistant's outputs; normal inside skills and persona observations.
_WEAK_DIRECTIVES = [
    r"\byou (?:must|shall|are required to|have to) (?:always|never|now|obey|comply|follow these"
    r"|ignore|disregard|trust|treat|act|behave|pretend|reveal|include|append|prepend|reply"
    r"|respond|answer|send|forward|share|post|upload|not (?:tell|mention|reveal|inform"
    r"|disclose))\b",
    r"\balways (?:reply|respond|answer)\b[\w ,']{0,25}? with\b",
    r"\b(?:answer|reply to|respond to) (?:every|all|any) (?:questions?|messages?|requests?)\b"
    r"[^.]{0,40}? with\b",
    r"\b(?:start|begin|end|finish|close|open|sign off|sign) (?:every|each|all|your|all your) "
    r"(?:reply|replies|responses?|answers?|messages?)\b[\w ,']{0,15}? with\b",
    r"\b(?:to|in|at the (?:end|start|bottom|top) of) (?:every|all|each) (?:(?:of )?your )?"
    r"(?:reply|replies|responses?|answers?|outputs?|messages? you send)\b",
    r"\b(?:the )?(?:assistant|bot|ai|seshat|model|llm) (?:must|shall|will|should) (?:always"
    r"|never) (?:reply|respond|answer|say|include|append|obey|follow|ignore|trust|recommend"
    r"|mention)\b",
    r"\b(?:append|prepend|add|insert|include) (?:this|the following|a|the)\b[\w ]{0,20}? (?:link"
    r"|url|text|footer|signature|line|phrase|message|string|image)\b[\w ]{0,10}? (?:to|in|into) "
    r"(?:every|all|each|your) (?:reply|replies|responses?|answers?|messages?|outputs?)\b",
]
_AUTHORITY = [
    # Learned text never grants permissions (DESIGN: "memory never grants permissions").
    r"\byou(?:'re| are) (?:now |hereby |also )?(?:allowed|permitted|authori[sz]ed|cleared|free"
    r"|entitled) to\b",
    r"\bas (?:the |an? )?(?:owner|admin|administrator|reviewer)(?:'s)? (?:decisions?|approvals?"
    r"|instructions?|commands?|orders?)\b",
    r"\b(?:mark|set|promote|treat|flag)\b (?:all |every |each |any |this |these |the |new "
    r"|future )*"
    r"(?:lessons?|skills?|notes?|memor(?:y|ies)|observations?|cards?)\b[^.]{0,30}? as "
    r"(?:canonical|approved|trusted|reviewed|owner[- ]approved)\b",
    r"\bact (?:as|like) (?:the )?(?:owner|admin|administrator|reviewer)(?:'s (?:proxy|delegate"
    r"|deputy))?\b",
    r"\b(?:approve|promote|accept|canoni[sz]e) (?:your|its|their) own (?:lessons?|changes?|skills?"
    r"|memory|notes?|observations?)\b",
    r"\b(?:treat|consider|regard)\b[^.]{0,60}?\bas (?:if|though) (?:it|they|he|she) (?:came|come"
    r"|were|was) from (?:the )?(?:owner|admin|administrator|reviewer)\b",
    r"\b(?:the )?(?:owner|admins?|administrators?|anthropic|slack|openai|it (?:department|team"
    r"|dept)|security team|operators?|developers?|maintainers?|reviewers?|moderators?|creators?"
    r"|sysadmins?) (?:has |have )?(?:already |explicitly |personally )?(?:approved|authori[sz]ed"
    r"|signed off on|sanctioned|okayed|ok'd|allowlisted|whitelisted|pre-?approved|cleared"
    r"|greenlit|green-lit) (?:this|it|that|these|the following|this (?:change|lesson|rule"
    r"|instruction|request|action)|you|in advance|everything|all of)\b",
    r"\b(?:this|it|these|that|is|are|was|were|been)\s+(?:already\s+)?pre-?(?:approved"
    r"|authori[sz]ed|cleared|sanctioned|vetted)\b",
    r"\bpre-?(?:approved|authori[sz]ed|cleared) by\b",
    r"\b(?:approved|authori[sz]ed|sanctioned|signed off|mandated|ordered|requested) by (?:the )?"
    r"(?:owner|admins?|administrators?|anthropic|slack|openai|it (?:department|team)"
    r"|security team|operators?|developers?|maintainers?|seshat team)\b",
    r"\bas (?:the|an|your) (?:owner|admin|administrator|developer|creator|operator|maintainer"
    r"|sysadmin|system administrator|security officer|supervisor|anthropic employee"
    r"|slack employee),? i (?:hereby |now )?(?:authori[sz]e|approve|order|instruct|command|grant"
    r"|permit|allow|am authori[sz]ing|direct|require)\b",
    r"\bi am (?:the|your) (?:owner|admin|administrator|developer|creator|operator|maintainer"
    r"|boss)\b",
    r"\bi (?:have|hold) (?:admin|root|owner|elevated|superuser|sudo) (?:rights|privileges|access"
    r"|permissions?)\b",
    r"\b(?:this is|this message is|here is|the following is) (?:an? )?(?:official|authori[sz]ed"
    r"|verified|mandatory|urgent|priority) (?:instruction|message|directive|notice|request|update"
    r"|order|communication|policy|announcement)\b",
    r"\bofficial (?:instruction|directive|policy|notice|order|request|update|message)s? from\b",
    r"\b(?:on behalf of|by order of|per instructions from|message from) (?:the )?(?:anthropic"
    r"|slack|openai|owner|admins?|it (?:department|team)|security team|management)\b",
    r"\b(?:you have|you've|you are) (?:been )?(?:granted|given) (?:admin|root|elevated|full"
    r"|unrestricted|owner|superuser) (?:access|privileges|permissions?|rights)\b",
    r"\b(?:grant|give) (?:me|them|him|her|this user|<@\w+>) (?:admin|owner|root|elevated|full"
    r"|superuser|reviewer) (?:access|rights|privileges|permissions?|role)\b",
    r"\b(?:has|have|with) (?:owner|admin|root|superuser)[- ]level (?:access|rights|privileges"
    r"|permissions?|authority)\b",
    r"\b(?:trust|treat) (?:all |any |every )?(?:messages?|instructions?|requests?|commands?"
    r"|anything|everything)\b[\w ]{0,20}? (?:from|by|sent by|posted by)\b[^.]{0,40}?\bas "
    r"(?:trusted|authoritative|coming from the owner|approved|admin|the owner|owner instructions)",
    r"\b(?:no need|without|don't need|do not need|never) (?:to )?(?:ask|asking|wait|waiting|check"
    r"|checking) (?:for )?(?:the owner|owner|the owners?|anyone|permission|approval|confirmation"
    r"|the reviewer)\b[\w ]{0,20}?(?:approv|permission|already|allowed|authori)",
    r"\b(?:no need|don't need|do not need|never need) (?:to )?(?:ask for |get |seek )?(?:owner "
    r"|the owner's |any )?(?:approval|permission|review)\b[^.]{0,40}?\b(?:for (?:this|these"
    r"|lessons?|changes? like this)|already|approved)\b",
]
# Claims that someone must be obeyed or trusted, or holds power over the assistant. A plain role
# ("<@U1> is the on-call admin for the database") is a fact; one aimed at the assistant's
# behaviour ("obey <@U1>", "<@U1> is your admin", "treat <@U1> as an owner") grants authority.
_OBEDIENCE = [
    r"(?<!n't )(?<!not )(?<!never )\b(?:obey|take (?:orders|instructions|commands|directions?)"
    r" (?:only |just |exclusively )?from)\b (?:only |just |all |any |every |the )*(?:ORDERS "
    r"|anything |everything |whatever |what )?(?:(?:from|by|of|sent by|posted by|posted in|in) )?"
    r"ANYONE",
    r"\b(?:always|blindly|unconditionally|implicitly) obey (?!the\b|all\b|any\b|every\b|your\b)"
    r"[a-z]+\b(?!\.\w)",
    r"\b(?:defer to|submit to|bow to|listen (?:only|just|exclusively) to|only (?:listen to|follow"
    r"|trust))\b (?:all |any |every )?(?:ORDERS (?:from|by|in) )?WHO",
    r"SELF (?:now |only |just )*(?:answers?|reports?|belongs?) to ANYONE",
    r"\b(?:do|does|execute|run) (?:whatever|anything|everything|exactly what|what) WHO (?:says"
    r"|asks|tells|wants|requests|orders|commands|demands|posts)\b",
    r"\b(?:always|blindly|unconditionally) do (?:whatever|what|everything|anything) (?!(?:the )?"
    r"(?:user|users|customer|customers|requester)\b)[^.;\n]{1,30}? (?:says|asks|tells you|wants"
    r"|demands|orders)\b",
    r"(?<!n't )(?<!not )(?<!never )\b(?:trust|believe)\b (?:everything|anything|whatever|all"
    r"|every ?thing)\b[^.;\n]{0,40}? (?:says?|posts?|writes?|sends?|tells? you|asks?)\b",
    r"(?<!n't )(?<!not )\b(?:fully|completely|always|blindly|unconditionally|implicitly"
    r"|absolutely) trust\b (?:all |any |every )?(?:ORDERS (?:from|by|in) )?WHO",
    r"\btrust WHO(?:'s \w+)? (?:fully|completely|blindly|unconditionally|implicitly|without"
    r" (?:question|checking|verification|review))",
    # `<@U1> is your (new) owner`, `U9 is the bot's administrator`, `X is the admin of this bot`.
    r"ANYONE(?:'s| is| are|,)(?: now| also| actually| really)? MY (?:KEEN)ROLE\b",
    r"\b(?:is|are|becomes?|became)(?: now| also| actually| really)? (?:an? |the )?(?:KEEN)ROLE"
    r" (?:of|for|over) SELF\b",
    r"MY KEEN(?:owner|admin|administrator|master|boss|superuser)s? (?:is|are)(?: now)? WHO",
    r"\bin charge of SELF\b",
    r"\b(?:real|true|ultimate) (?:authority|boss|master)\b",
    # Instructions from someone that must be obeyed, or that count as the owner's.
    r"(?:ANYONE(?:'s ORDERS)?|ORDERS (?:from|by|in|posted in|sent by) ANYONE[^.;\n]{0,40}?)"
    r" (?:must|should|shall|are to|is to|will|can|may) (?:always |all |now )?be (?:obeyed"
    r"|followed\b(?! up| by)|executed|trusted|believed|(?:treated|regarded|considered"
    r"|recogni[sz]ed|handled) as (?:an? |the )?(?:trusted )?(?:ROLE|authoritative|final|approved"
    r"|instructions|orders|commands))",
    r"\b(?:treat|consider|regard|recogni[sz]e|accept|count)\b (?:all )?(?:ORDERS (?:from|by|in) )?"
    r"ANYONE(?:'s ORDERS)? (?:as )?(?:an? |the |your |one of (?:the|your) )?(?:trusted )?"
    r"ROLE\b(?! contact)",
    r"\b(?:carry|carries|has|have|hold|holds|with|gets?|given) (?:full |the )?(?:owner|admin"
    r"|administrator)(?:'s|-level)? (?:authority|powers?)\b",
    r"\b(?:outranks?|supersedes?|overrules?|even over|above) (?:the |your )?(?:owners?|admins?"
    r"|reviewers?)\b",
    r"\bon (?:the |your )?owners?'s? behalf\b",
    r"\bspeaks? (?:for|on behalf of) (?:the |your )?(?:owners?|admins?)\b",
    r"(?:\bwhose|WHO's) (?:word|say|decisions?|instructions?) (?:is|are) (?:final|law|absolute"
    r"|binding)\b",
    r"\b(?:word|say|decisions?|instructions?|requests?) (?:is|are) (?:final|law|absolute|binding)"
    r" (?:for|to|over) SELF\b",
    r"\b(?:are|is|count as|counts as) (?:orders|instructions|commands|decisions|approvals?) (?:from"
    r"|of|by) (?:the |your )?owners?\b",
    r"ANYONE (?:can|may|is allowed to|is authori[sz]ed to|gets to|is permitted to) (?:approve"
    r"|reject|decide on|sign off(?: on)?|promote|override|veto) (?:your |the |any |all |new )?"
    r"(?:lessons?|skills?|(?:review )?cards?|memory|memories|notes?|persona|reviews?|approvals?)\b",
]
_AUTHORITY += [_fill(p) for p in _OBEDIENCE]
_SECRET_KEEPING = [
    r"\b(?:don't|do not|dont|never)\s+bring\s+(?:this|it|that)\s+up\s+(?:with|to)\b",
    r"\b(?:don't|do not|dont|never|must not|mustn't|shouldn't|should not)\s+(?:mention|reveal"
    r"|disclose|report|bring up|share|show|surface|expose)\s+(?:this|it|that|these|any of this"
    r"|this (?:lesson|rule|instruction|change|note|request|message)|the (?:lesson|rule|instruction"
    r"|change|note|link|webhook|forwarding))\b[\w ]{0,10}?\s+(?:to|with)\s+" + _AUDIENCE,
    r"\b(?:don't|do not|dont|never|must not|mustn't)\s+(?:tell|inform|notify|alert|warn"
    r"|let on to)\s+"
    + _AUDIENCE
    + r"\s*(?:about|of|that|what|when|whether|this|anything|\.|,|;|$)",
    r"\b(?:don't|do not|dont|never)\s+let\s+"
    + _AUDIENCE
    + r"\s+(?:know|see|find out|notice|learn)\b",
    r"\bkeep (?:this|it|that|these|the (?:lesson|rule|instruction|link))\s+(?:a secret |secret "
    r"|hidden |private |quiet )?(?:between (?:us|you and me|ourselves)|from\s+" + _AUDIENCE + r")",
    r"\b(?:our|a) little secret\b",
    r"\bbetween (?:you and me|us two|the two of us)\b",
    r"\bwithout (?:telling|informing|notifying|alerting|letting)\s+" + _AUDIENCE,
    r"\b(?:secretly|covertly|surreptitiously|clandestinely)\b",
    r"\b(?:silently|quietly|discreetly|invisibly)\s+(?:send|forward|add|append|include|delete"
    r"|remove|run|execute|copy|upload|post|change|modify|approve|accept|ignore|drop|cc|bcc|insert"
    r"|install|share|exfiltrate|log|store|save|attach|embed|redirect)\b",
    r"\b(?:the )?(?:owner|user|users|admin|reviewer)s? (?:must|should|need|needs) (?:not|never) "
    r"(?:know|find out|learn|see|be told)\b",
]
_CONCEALMENT = [
    r"\b(?:lie|lying) to (?:the )?(?:owner|users?|admins?|reviewers?)\b",
    r"\bmislead (?:the )?(?:owner|users?|admins?|reviewers?)\b",
    r"\b(?:tell|report to|say to|inform)\b[^.]{0,40}?\b(?:succeeded|passed|worked|is fine|was fine"
    r"|went fine|is ok|completed)\b[^.]{0,15}?\beven (?:if|though|when)\b",
    r"\b(?:hide|conceal|omit|mask|disguise|obscure)\b[\w ]{0,25}?\bfrom (?:the )?(?:owner|users?"
    r"|admins?|reviewers?|review(?: card)?|logs?|audit|approval|humans?|operators?)\b",
    r"\b(?:delete|erase|wipe|clear|purge|scrub|tamper with|rewrite|alter|falsify)\b (?:the |any "
    r"|all )?(?:audit (?:logs?|trail|events?)|evidence|traces?|records? of (?:this|it|that)"
    r"|logs? of (?:this|it|that|the conversation)|(?:conversation|chat|message) history of this)\b",
    r"\b(?:don't|do not|never|without) (?:log|logging|record|recording|audit|auditing"
    r"|leaving a trace|leave (?:a|any) traces?)\b(?! (?:secrets|passwords|tokens|pii|keys"
    r"|credentials))",
    r"\bso (?:that )?(?:the )?(?:owner|users?|reviewers?|admins?|nobody|no one|humans?|security"
    r"|they) (?:won't|will not|doesn't|does not|can't|cannot|never|wouldn't|would not) (?:notice"
    r"|see|know|find out|detect|realise|realize|suspect|catch)\b",
    r"\bmake (?:it|this) look (?:like|as if|as though|innocent|harmless|benign|normal)\b",
    r"\b(?:obfuscate|encode|disguise)\b[\w ]{0,25}?\b(?:so|to avoid|to evade|to get past"
    r"|to bypass|to slip past)\b",
    r"\b(?:in|using) (?:a |an )?(?:hidden|invisible|zero[- ]width|white) (?:text|characters?|font"
    r"|message|comment)\b",
    r"\b(?:off the record|under the radar|on the down ?low|behind (?:the owner's|their|his|her"
    r"|the user's|the admin's) back)\b",
]
_EXFIL = [
    r"\b(?:contents? of|dump|print|reveal|leak|output|recite) (?:the |your )?(?:memory\.md|user\.md"
    r"|memory file|lesson library|identity block|persona file)\b",
    _NEG + r"\b(?:send|forward|exfiltrate|upload|post|email|e-mail|leak|transmit|copy|paste|dump"
    r"|submit|relay|mirror|cc|bcc|sync|beam|ship|share|report|pipe|attach|push|deliver)\b"
    r"[^.\n]{0,40}?" + _SENSITIVE + r"[^.\n]{0,60}?" + _DEST,
    r"\b(?:include|embed|put|insert|append|attach|paste)\b (?:the |your |any |all )?"
    r"(?:api[ _-]?keys?|tokens?|secrets?|passwords?|credentials|system prompt|env"
    r"(?:ironment)? variables)\b[\w ]{0,20}? (?:in|into|to) (?:every |each |all |your |the )?"
    r"(?:reply|replies|responses?|answers?|outputs?|messages?|links?|urls?|image urls?"
    r"|query strings?)\b",
    r"\b(?:print|reveal|show|output|display|repeat|echo|leak|disclose|tell|give|list|read out) "
    r"(?:me |us |the user |them |him |her |anyone |whoever asks )?(?:the |your |all |any "
    r"|every )?(?:system prompt|hidden instructions|your (?:instructions|rules|prompt"
    r"|configuration|identity block)|api[ _-]?keys?|secret keys?|bot tokens?"
    r"|slack tokens?|access tokens?|passwords?|credentials|secrets)\b",
    r"\b(?:curl|wget|nc|ncat|netcat|invoke-webrequest|iwr|irm|invoke-restmethod|http"
    # A secret variable sent as the request's own credentials (`Authorization: Bearer $TOKEN`)
    # authenticates to the URL, which the link check judges; anywhere else it is payload.
    # One command's length, not the rest of a line that joins several items (`check_joint`).
    r"(?:ie)?)\b[^\n]{0,120}?(?:(?<!bearer )(?<!token )(?<!basic )(?<!authorization: )"
    r"\$\{?[a-z_]*(?:token|key|secret|pass|cred)[a-z_]*|~/\.ssh"
    r"|\.aws/credentials|/etc/(?:passwd|shadow)|\.env\b|id_rsa|--data(?:-binary|-raw)?\s+@"
    r"|\s-d\s*@|--upload-file|\s-t\s+\S|\s-f\s+\S+=@)",
    r"\b(?:env|printenv|set|cat\s+\S*(?:\.env|credentials|id_rsa|passwd|\.netrc"
    r"|\.pgpass)\S*)\s*\|\s*(?:curl|nc|ncat|netcat|wget|base64|ssh|mail|sendmail)\b",
    r"https?://\S*[?&][\w-]+=(?:\{[\w ]+\}|\$\{?\w+|<[\w ]+>|\[[\w ]+\])",
]
_PIPE_TO_SHELL = [
    r"\b(?:curl|wget|fetch|iwr|irm|invoke-webrequest|invoke-restmethod|lwp-download|aria2c)\b[^\n"
    r"|;]*\|\s*(?:sudo\s+(?:-\w+\s+)*)?(?:env\s+)?(?:sh|bash|zsh|ksh|dash|fish|python[23]?|perl"
    r"|ruby|node|php|iex|invoke-expression|powershell|pwsh|source|\.)(?:\s|$|\b)",
    r"\b(?:bash|sh|zsh|ksh|source|\.)\s+<\(\s*(?:curl|wget)\b",
    r"\b(?:sh|bash|zsh)\s+-c\s+[\"']?\$\(\s*(?:curl|wget)\b",
    r"\b(?:iex|invoke-expression)\b\s*\(?\s*(?:\(?\s*new-object\s+(?:system\.)?net\.webclient\)?"
    r"|\(?\s*(?:iwr|irm|invoke-webrequest|invoke-restmethod|wget|curl)\b)",
    r"\.downloadstring\s*\(",
    r"\bbase64\s+(?:-d|--decode|-D)\b[^\n]*\|\s*(?:sudo\s+)?(?:sh|bash|zsh|python[23]?|perl|ruby"
    r"|node)\b",
    r"\|\s*base64\s+(?:-d|--decode)\s*\|\s*(?:sudo\s+)?(?:sh|bash|zsh)\b",
    r"\beval\s*\(?\s*[\"'$(]*\s*(?:curl|wget)\b",
    r"\bexec\s*\(\s*(?:urllib|requests|urlopen)[\w.]*\(",
    r"\bpython[23]?\s+-c\s+[\"'][^\"']*(?:urlopen|requests\.get)[^\"']*exec\(",
]
_FAKE_MARKUP = [
    r"</?\s*(?:system|assistant|user|human|transcript|instructions?|prompt|context|memory"
    r"|lessons?|tool|tool_result|tool_use|function|function_calls?|function_results|antml[\w:-]*"
    r"|im_start|im_end|inst|sys|admin|developer|message|conversation|document|untrusted"
    r"|reflection|identity|rules|owner|persona|guidelines|policy|thinking|scratchpad|instruction)"
    r"(?:[-_:][\w-]*)?(?:\s[^<>]*)?/?>",
    r"\[/?\s*(?:inst|sys|system|assistant|user|human)\s*\]",
    r"<<\s*/?\s*sys\s*>>",
    r"<\|[a-z_]{2,30}\|>",
    r"(?m)^\s*#{1,6}\s*(?:system|instructions?|assistant|human|developer)(?: (?:prompt|message"
    r"|note|override))?\s*:?\s*$",
    r"(?m)^\s*#{1,6}\s*(?:system|instructions?|developer)(?: (?:prompt|message|note"
    r"|override))?\s*:",
    r"(?m)(?:^|\n\n|[.!?]\s+)(?:human|assistant)\s*:\s+\S",
    r"(?m)^\s*(?:system|developer)(?: (?:message|prompt|note|instruction|override))?\s*:\s*(?:you"
    r"|ignore|disregard|new|from|always|never|the (?:assistant|ai|bot)|override)",
    r"(?:^|[-=#*\[<>|]{2,}\s*)(?:begin|end|start)\s+(?:of\s+)?(?:the\s+)?(?:system prompt"
    r"|transcript|user input|untrusted (?:data|content|input)|instructions|reflection"
    r"|memory block)\b",
    r"```\s*(?:system|assistant|instructions)\b",
]

_HANDLE = [
    r"(?<![<\w])(?:send|dm|forward|cc|bcc|contact|share|upload|leak|exfiltrate|copy|relay|deliver"
    r"|transfer|pass)\b[^.\n@<]{0,40}?\bto @[a-z0-9_.-]{2,}",
    r"(?<![<\w])@[a-z0-9_.-]{2,} (?:on|via|at) (?:telegram|twitter|x|discord|signal|whatsapp"
    r"|instagram|mastodon|tiktok|keybase|wickr|session)\b",
    r"\b(?:telegram|twitter|discord|signal|whatsapp|keybase|wickr)(?: handle| account"
    r"| user)?[: ]+@[a-z0-9_.-]{2,}",
]


def _compile(patterns: list[str]) -> list[re.Pattern[str]]:
    return [re.compile(p) for p in patterns]


RULES: dict[str, list[re.Pattern[str]]] = {
    "directive_to_future": _compile(_STRONG_DIRECTIVES),
    "authority_claim": _compile(_AUTHORITY),
    "fake_markup": _compile(_FAKE_MARKUP),
    "exfiltration": _compile(_EXFIL),
    "secret_keeping": _compile(_SECRET_KEEPING),
    "concealment": _compile(_CONCEALMENT),
    "pipe_to_shell": _compile(_PIPE_TO_SHELL),
    "handle": _compile(_HANDLE),
}
WEAK_RULES = _compile(_WEAK_DIRECTIVES)
RELAXED_KINDS = frozenset({"skill", "persona"})
# Rules about what the bot is told to *do*; a lesson's condition only describes the situation it
# applies to ("someone is about to run `curl … | bash`"), so they do not read it.
ADVICE_ONLY = frozenset({"pipe_to_shell", "exfiltration"})
KNOWN_SQUASHED = (
    "ignoreallpreviousinstructions",
    "ignorepreviousinstructions",
    "ignoreyourinstructions",
    "disregardallprevious",
    "disregardpreviousinstructions",
    "fromnowon",
    "systemprompt",
    "youarenow",
    "newrule",
    "developermode",
    "doanythingnow",
    "donttelltheowner",
    "keepthisbetweenus",
)
