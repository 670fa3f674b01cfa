#!/usr/bin/env python3
"""Held-out redaction corpus #30 -- theme: the Slack of a web3 / blockchain engineering team.

Standard library only, seeded with random.Random(3030).  Writes redaction30_negatives.jsonl and
redaction30_positives.jsonl next to this file; two runs give byte-identical output.

    python3 gen.py

The built-in scanner (scan()) redraws any negative that contains a secret / PII shape, and any positive that
contains an unlabelled one.  Documented exceptions are listed in NEG_ALLOW.
"""
import base64
import hashlib
import ipaddress
import json
import os
import random
import re
import string
import struct
import sys
import zlib

SEED = 3030
N = 30
R = random.Random(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))

# ----------------------------------------------------------------------------------------------------------------
# small helpers
# ----------------------------------------------------------------------------------------------------------------
HEXD = "0123456789abcdef"
B62 = string.digits + string.ascii_uppercase + string.ascii_lowercase
ALNUM = string.ascii_letters + string.digits


def pick(seq):
    return seq[R.randrange(len(seq))]


def chance(p):
    return R.random() < p


def hx(n):
    return "".join(R.choice(HEXD) for _ in range(n))


def rb(n):
    return bytes(R.randrange(256) for _ in range(n))


def rs(n, alphabet=ALNUM):
    return "".join(R.choice(alphabet) for _ in range(n))


def b64(b):
    return base64.b64encode(b).decode()


def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


# ----------------------------------------------------------------------------------------------------------------
# keccak-256 (pre-NIST padding, as used by Ethereum), checked against hashlib.sha3_256 with SHA-3 padding
# ----------------------------------------------------------------------------------------------------------------
_RC = [0x0000000000000001, 0x0000000000008082, 0x800000000000808A, 0x8000000080008000, 0x000000000000808B,
       0x0000000080000001, 0x8000000080008081, 0x8000000000008009, 0x000000000000008A, 0x0000000000000088,
       0x0000000080008009, 0x000000008000000A, 0x000000008000808B, 0x800000000000008B, 0x8000000000008089,
       0x8000000000008003, 0x8000000000008002, 0x8000000000000080, 0x000000000000800A, 0x800000008000000A,
       0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008]
_ROT = [[0, 36, 3, 41, 18], [1, 44, 10, 45, 2], [62, 6, 43, 15, 61], [28, 55, 25, 21, 56], [27, 20, 39, 8, 14]]
_M64 = (1 << 64) - 1


def _rol(v, n):
    return ((v << n) | (v >> (64 - n))) & _M64 if n else v


def _keccak_f(A):
    for rc in _RC:
        C = [A[x] ^ A[x + 5] ^ A[x + 10] ^ A[x + 15] ^ A[x + 20] for x in range(5)]
        D = [C[(x - 1) % 5] ^ _rol(C[(x + 1) % 5], 1) for x in range(5)]
        A = [A[i] ^ D[i % 5] for i in range(25)]
        B = [0] * 25
        for x in range(5):
            for y in range(5):
                B[y + 5 * ((2 * x + 3 * y) % 5)] = _rol(A[x + 5 * y], _ROT[x][y])
        A = [B[i] ^ ((~B[(i % 5 + 1) % 5 + 5 * (i // 5)]) & B[(i % 5 + 2) % 5 + 5 * (i // 5)]) for i in range(25)]
        A[0] ^= rc
    return A


def _sponge(data, pad):
    rate = 136
    msg = bytearray(data)
    msg.append(pad)
    while len(msg) % rate:
        msg.append(0)
    msg[-1] |= 0x80
    A = [0] * 25
    for off in range(0, len(msg), rate):
        blk = msg[off:off + rate]
        for i in range(rate // 8):
            A[i] ^= int.from_bytes(blk[8 * i:8 * i + 8], "little")
        A = _keccak_f(A)
    return b"".join(A[i].to_bytes(8, "little") for i in range(4))


def keccak256(data):
    return _sponge(data, 0x01)


assert _sponge(b"abc", 0x06) == hashlib.sha3_256(b"abc").digest()
assert keccak256(b"").hex() == "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470"
assert keccak256(b"transfer(address,uint256)").hex()[:8] == "a9059cbb"


def sel(sig):
    return keccak256(sig.encode()).hex()[:8]


def topic(sig):
    return "0x" + keccak256(sig.encode()).hex()


def checksum(h40):
    h40 = h40.lower()
    d = keccak256(h40.encode()).hex()
    return "0x" + "".join(c.upper() if c in "abcdef" and int(d[i], 16) >= 8 else c for i, c in enumerate(h40))


assert checksum("5aaeb6053f3e94c9b9a09f33669435e7ef1beaed") == "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"


def addr():
    return checksum(hx(40))


def addr_l():
    return "0x" + hx(40)


def h32():
    return "0x" + hx(64)


def short(a, n=4):
    return a[:2 + n] + "…" + a[-n:]


def namehash(name):
    node = bytes(32)
    if name:
        for label in reversed(name.split(".")):
            node = keccak256(node + keccak256(label.encode()))
    return "0x" + node.hex()


assert namehash("eth") == "0x93cdeb708b7545dc668eb9280176169d1c33cfd8ed6f04690a0bcc88a93fc4ae"

# ---- ABI encoding (enough for realistic calldata) ----


def _is_dyn(t):
    return t in ("bytes", "string") or t.endswith("[]")


def _enc_static(t, v):
    if t == "address":
        return bytes(12) + bytes.fromhex(v[2:])
    if t.startswith("uint"):
        return int(v).to_bytes(32, "big")
    if t.startswith("int"):
        return (int(v) % (1 << 256)).to_bytes(32, "big")
    if t == "bool":
        return int(bool(v)).to_bytes(32, "big")
    if t == "bytes32":
        return bytes.fromhex(v[2:])
    raise ValueError(t)


def _enc_dyn(t, v):
    if t in ("bytes", "string"):
        b = v.encode() if t == "string" else v
        return len(b).to_bytes(32, "big") + b + bytes((-len(b)) % 32)
    base = t[:-2]
    return len(v).to_bytes(32, "big") + abi_encode([base] * len(v), v)


def abi_encode(types, vals):
    head = []
    tail = b""
    hsize = 32 * len(types)
    for t, v in zip(types, vals):
        if _is_dyn(t):
            head.append((hsize + len(tail)).to_bytes(32, "big"))
            tail += _enc_dyn(t, v)
        else:
            head.append(_enc_static(t, v))
    return b"".join(head) + tail


def calldata(sig, vals):
    types = re.match(r"\w+\((.*)\)$", sig).group(1)
    types = [t for t in _split_types(types)] if types else []
    return "0x" + sel(sig) + abi_encode(types, vals).hex()


def _split_types(s):
    out, depth, cur = [], 0, ""
    for ch in s:
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
            continue
        depth += ch == "("
        depth -= ch == ")"
        cur += ch
    out.append(cur)
    return out


# ---- base58 / multiformats ----
B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"


def b58(b):
    n = int.from_bytes(b, "big")
    out = ""
    while n:
        n, r = divmod(n, 58)
        out = B58[r] + out
    pad = len(b) - len(b.lstrip(b"\0"))
    return "1" * pad + out


def cid_v0(data=None):
    d = hashlib.sha256(data if data is not None else rb(64)).digest()
    return b58(b"\x12\x20" + d)


def cid_v1(raw=False, data=None):
    d = hashlib.sha256(data if data is not None else rb(64)).digest()
    codec = b"\x55" if raw else b"\x70"
    return "b" + base64.b32encode(b"\x01" + codec + b"\x12\x20" + d).decode().lower().rstrip("=")


def peer_id():
    pk = bytes([R.choice((2, 3))]) + rb(32)
    return b58(b"\x00\x25\x08\x02\x12\x21" + pk)


def sol_sig():
    return b58(rb(64))


def sol_addr():
    return b58(rb(32))


# ----------------------------------------------------------------------------------------------------------------
# theme vocabulary (no person names anywhere)
# ----------------------------------------------------------------------------------------------------------------
ORGS = ["nimbus", "kestrel", "halcyon", "orchard", "lumen", "basalt", "tidewater", "quarry", "meridian", "ferrous",
        "cobalt", "saltmarsh", "driftwood", "larkspur", "ironbark", "mooncrest"]
ORG_SUFFIX = ["dao", "labs", "fi", "protocol", "vault", "swap", "finance"]
SUBS = ["treasury", "ops", "deployer", "multisig", "grants", "keeper", "oracle", "relayer", "payroll", "emergency",
        "fees", "vesting", "bridge", "dev"]
ORG = R.choice(ORGS)
ORGNAME = ORG + "dao"


def ens():
    org = pick(ORGS) + pick(ORG_SUFFIX)
    return (pick(SUBS) + "." + org + ".eth") if chance(0.6) else (org + ".eth")


CONTRACTS = ["NimbusVault", "StakingRouter", "FeeDistributor", "VestingEscrow", "MerkleDistributor",
             "PriceOracleAdapter", "BridgeGateway", "LiquidityGauge", "TimelockController", "GovernorDelegate",
             "RewardsController", "LendingPool", "PermitRouter", "BondingCurve", "StreamingPayroll",
             "VotingEscrow", "KeeperRegistry", "AuctionHouse", "SwapRouterV2", "CollateralManager"]
TOKENS = ["NMB", "KST", "HLC", "wstETH", "USDC", "DAI", "WETH", "USDT", "crvUSD", "LUSD", "GHO", "rETH", "ARB", "OP"]
CHAINS = [("mainnet", 1, "etherscan.io"), ("optimism", 10, "optimistic.etherscan.io"), ("base", 8453, "basescan.org"),
          ("arbitrum", 42161, "arbiscan.io"), ("polygon", 137, "polygonscan.com"),
          ("sepolia", 11155111, "sepolia.etherscan.io"), ("holesky", 17000, "holesky.etherscan.io"),
          ("gnosis", 100, "gnosisscan.io"), ("linea", 59144, "lineascan.build"), ("scroll", 534352, "scrollscan.com")]
CHANNEL_ROLES = ["@oncall", "@sec-team", "@infra", "@protocol-eng", "@devrel", "@validators", "@frontend"]
FN_SIGS = ["transfer(address,uint256)", "approve(address,uint256)", "transferFrom(address,address,uint256)",
           "deposit(uint256,address)", "withdraw(uint256,address,address)", "redeem(uint256,address,address)",
           "claim(uint256,address,uint256,bytes32[])", "grantRole(bytes32,address)", "revokeRole(bytes32,address)",
           "setFeeRecipient(address)", "stake(uint256)", "unstake(uint256)", "upgradeToAndCall(address,bytes)",
           "setOracle(address)", "rebalance(uint256,uint256)", "commit(bytes32)", "reveal(bytes32,bytes32)",
           "harvest()", "pause()", "unpause()", "mint(address,uint256)", "burn(uint256)",
           "setRewardRate(uint256)", "queue(bytes32)", "execute(bytes32)", "sweep(address,address)",
           "setKeeper(address,bool)", "notifyRewardAmount(uint256)", "multicall(bytes[])",
           "swapExactTokensForTokens(uint256,uint256,address[],address,uint256)"]
EVENT_SIGS = ["Transfer(address,address,uint256)", "Approval(address,address,uint256)",
              "Deposit(address,address,uint256,uint256)", "Withdraw(address,address,address,uint256,uint256)",
              "Upgraded(address)", "RoleGranted(bytes32,address,address)", "OwnershipTransferred(address,address)",
              "Claimed(uint256,address,uint256)", "ExecutionSuccess(bytes32,uint256)", "Paused(address)",
              "RewardAdded(uint256)", "Staked(address,uint256)"]
ERROR_SIGS = ["InsufficientBalance(uint256,uint256)", "Unauthorized()", "InvalidSignature()",
              "ExpiredDeadline(uint256)", "SlippageExceeded(uint256,uint256)", "AlreadyClaimed()", "InvalidProof()",
              "ZeroAddress()", "NotKeeper(address)", "StalePrice(uint256,uint256)", "CommitmentMismatch(bytes32)",
              "NonceAlreadyUsed(uint256)", "Paused()", "CapExceeded(uint256)"]
LANGS = ["en", "de", "fr", "es", "pt", "it", "ja", "zh", "ko", "ru"]


def blk():
    return R.randint(19_200_000, 22_600_000)


def epoch_ts():
    return R.randint(1_704_067_200, 1_767_225_599)


def iso(t, ms=True):
    import time
    s = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t))
    return s + (".%03dZ" % R.randrange(1000) if ms else "Z")


def day(t):
    import time
    return time.strftime("%Y-%m-%d", time.gmtime(t))


def priv_ip():
    k = R.randrange(4)
    if k == 0:
        return "10.%d.%d.%d" % (R.randrange(256), R.randrange(256), R.randint(2, 254))
    if k == 1:
        return "172.%d.%d.%d" % (R.randint(16, 31), R.randrange(256), R.randint(2, 254))
    if k == 2:
        return "192.168.%d.%d" % (R.randrange(256), R.randint(2, 254))
    return "%s.%d" % (pick(["192.0.2", "198.51.100", "203.0.113"]), R.randint(1, 254))


def chain():
    return pick(CHAINS)


def gwei_str():
    return "%.9f" % (R.uniform(0.8, 60))


def eth_amt():
    return "%.6f" % R.uniform(0.001, 250)


def wei(eth_units=None):
    v = eth_units if eth_units is not None else R.choice([1, 2, 5, 10, 25, 50, 100, 250, 1000])
    return str(v * 10 ** 18 + (0 if chance(0.5) else R.randrange(10 ** 15) * 10 ** 3))


def bytecode_tail():
    ver = pick(["081a", "0818", "0814", "0813", "0817", "0819"])
    return "a2646970667358221220" + hx(64) + "64736f6c6343" + "00" + ver + "0033"


def bls_pub():
    return "0x" + pick("89ab") + hx(95)


def bls_sig():
    return "0x" + pick("89ab") + hx(191)


# ----------------------------------------------------------------------------------------------------------------
# scanner: finds secret / PII shapes.  Negatives with a hit are redrawn; positives may only hit on their labels.
# ----------------------------------------------------------------------------------------------------------------
IBAN_LEN = {"AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22, "BR": 29,
            "BY": 28, "CH": 21, "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DK": 18, "DO": 28, "EE": 20, "EG": 29,
            "ES": 24, "FI": 18, "FO": 18, "FR": 27, "GB": 22, "GE": 22, "GI": 23, "GL": 18, "GR": 27, "GT": 28,
            "HR": 21, "HU": 28, "IE": 22, "IL": 23, "IQ": 23, "IS": 26, "IT": 27, "JO": 30, "KW": 30, "KZ": 20,
            "LB": 28, "LC": 32, "LI": 21, "LT": 20, "LU": 20, "LV": 21, "MC": 27, "MD": 24, "ME": 22, "MK": 19,
            "MR": 27, "MT": 31, "MU": 30, "NL": 18, "NO": 15, "PK": 24, "PL": 28, "PS": 29, "PT": 25, "QA": 29,
            "RO": 24, "RS": 22, "SA": 24, "SC": 31, "SE": 24, "SI": 19, "SK": 24, "SM": 27, "ST": 25, "SV": 28,
            "TL": 23, "TN": 24, "TR": 26, "UA": 29, "VG": 24, "XK": 20}


def luhn_ok(s):
    tot = 0
    for i, ch in enumerate(reversed(s)):
        d = int(ch)
        if i % 2:
            d *= 2
            if d > 9:
                d -= 9
        tot += d
    return tot % 10 == 0


def iban_ok(s):
    s = s.replace(" ", "").upper()
    if len(s) < 15 or not re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]+", s):
        return False
    r = s[4:] + s[:4]
    return int("".join(str(int(c, 36)) for c in r)) % 97 == 1


RE_EMAIL = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}(?![A-Za-z0-9-])")
RE_IPV4 = re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?!\.?\d)")
RE_SSN = re.compile(r"(?<!\d)\d{3}[- ]\d{2}[- ]\d{4}(?!\d)")
RE_INTL_PHONE = re.compile(r"\+\(?\d[\d .()/-]{6,}\d")
RE_US_PHONE = re.compile(r"(?:\(\d{3}\) ?\d{3}-\d{4}|(?<![\d-])\d{3}-\d{3}-\d{4}(?![\d-]))")
RE_DIGIT_SEQ = re.compile(r"\d+(?:[ -]+\d+)*")
RE_TOKENS = [
    ("github_token", re.compile(r"gh[pousr]_[A-Za-z0-9]{30,}")),
    ("github_fine_grained", re.compile(r"github_pat_[A-Za-z0-9_]{22,}")),
    ("slack_token", re.compile(r"xox[a-z]-\d+-[A-Za-z0-9-]+")),
    ("openai_key", re.compile(r"(?<![A-Za-z0-9])sk-(?!ant-)(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{32,}")),
    ("anthropic_key", re.compile(r"sk-ant-[a-z0-9]+-[A-Za-z0-9_-]{20,}")),
    ("aws_key_id", re.compile(r"(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Z0-9])")),
    ("jwt", re.compile(r"eyJ[A-Za-z0-9_-]{4,}\.eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*")),
    ("pem_private", re.compile(r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\\n]*[A-Za-z0-9+/=]{40,}")),
]


def scan(text):
    """Return a list of (kind, match) for every secret/PII shape in text."""
    hits = []
    for m in RE_EMAIL.finditer(text):
        hits.append(("email", m.group()))
    for m in RE_IPV4.finditer(text):
        octs = [int(x) for x in m.groups()]
        if max(octs) > 255:
            continue
        ip = ipaddress.ip_address(".".join(map(str, octs)))
        if ip.is_global and not ip.is_multicast:
            hits.append(("public_ipv4", m.group()))
    for m in RE_SSN.finditer(text):
        hits.append(("ssn_shape", m.group()))
    for m in RE_INTL_PHONE.finditer(text):
        if sum(c.isdigit() for c in m.group()) >= 8:
            hits.append(("intl_phone", m.group()))
    for m in RE_US_PHONE.finditer(text):
        hits.append(("us_phone", m.group()))
    for m in RE_DIGIT_SEQ.finditer(text):
        groups = re.findall(r"\d+", m.group())
        for i in range(len(groups)):
            tot = 0
            for j in range(i, len(groups)):
                tot += len(groups[j])
                if tot > 19:
                    break
                if tot >= 13:
                    s = "".join(groups[i:j + 1])
                    if luhn_ok(s):
                        hits.append(("luhn", s))
    for m in re.finditer(r"(?=([A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,34}))", text):
        cand = m.group(1).replace(" ", "")
        L = IBAN_LEN.get(cand[:2])
        if L and len(cand) >= L and iban_ok(cand[:L]):
            hits.append(("iban", cand[:L]))
    for kind, rx in RE_TOKENS:
        for m in rx.finditer(text):
            hits.append((kind, m.group()))
    return hits


# Documented public examples that a negative may contain (everything else must scan clean).
NEG_ALLOW = {
    ("aws_key_id", "AKIAIOSFODNN7EXAMPLE"),          # AWS documentation example key id
    ("luhn", "4242424242424242"),                    # Stripe's documented test Visa
    ("iban", "DE89370400440532013000"),              # textbook IBAN (Wikipedia / ECBS examples)
    ("iban", "GB82WEST12345698765432"),              # textbook IBAN
}


def neg_hits(text):
    return [h for h in scan(text) if h not in NEG_ALLOW]

# ----------------------------------------------------------------------------------------------------------------
# lead-ins / trailing remarks (10 languages)
# ----------------------------------------------------------------------------------------------------------------
LEADINS = ["fyi", "FYI:", "heads up —", "quick one:", "context for the thread:", "from the war room:",
           "re: yesterday's deploy —", "Zur Info:", "Kurz zur Info:", "pour info :", "petit point :",
           "para que conste:", "ojo:", "só pra registrar:", "para referência:", "per info:", "nota veloce:",
           "メモ:", "参考までに:", "共有です:", "供参考：", "备注：", "同步一下：", "참고:", "공유드려요:",
           "к сведению:", "на всякий случай:", "cc @oncall", "cc @sec-team", "(cross-post from #infra)"]
TRAILERS = ["thoughts?", "lmk", "🙏", "will dig more after lunch", "Danke!", "merci 🙏", "gracias", "obrigado!",
            "grazie", "よろしくお願いします", "谢谢", "감사합니다", "спасибо", "(no action needed)", "ptal", "👀",
            "nvm, found it", "ignore the noise in the middle", "same on staging btw", "ship it?",
            "→ tracking in #protocol-eng", "c'est bon pour moi", "passt so", "vale, lo miro", "確認お願いします",
            "这个先不急", "내일 다시 볼게요", "посмотрю вечером"]


def wrap(text, p_lead=0.13, p_trail=0.06):
    if chance(p_lead):
        text = pick(LEADINS) + (" " if chance(0.6) else "\n") + text
    if chance(p_trail):
        text = text + ("\n" if chance(0.5) else " ") + pick(TRAILERS)
    return text


def code(body, lang=""):
    return "```" + lang + "\n" + body + "\n```"


def maybe_code(body, lang=""):
    return code(body, lang) if chance(0.7) else body


# ================================================================================================================
# NEGATIVES: non_credential_blob
# ================================================================================================================

def nb_cast_tx():
    name, cid, _ = chain()
    h = h32()
    fn = pick(FN_SIGS[:6])
    if fn.startswith("transfer("):
        data = calldata(fn, [addr_l(), int(wei(R.randint(1, 900)))])
    elif fn.startswith("approve"):
        data = calldata(fn, [addr_l(), (1 << 256) - 1])
    elif fn.startswith("transferFrom"):
        data = calldata(fn, [addr_l(), addr_l(), R.randint(10 ** 6, 10 ** 12)])
    else:
        data = calldata(fn, [R.randint(10 ** 6, 10 ** 12), addr_l()] + ([addr_l()] if fn.count(",") == 2 else []))
    rows = [("blockHash", h32()), ("blockNumber", str(blk())), ("from", addr()), ("transactionIndex", str(R.randint(0, 240))),
            ("effectiveGasPrice", str(R.randint(3 * 10 ** 9, 90 * 10 ** 9))), ("hash", h), ("input", data),
            ("nonce", str(R.randint(0, 9000))), ("r", h32()), ("s", h32()), ("to", addr()), ("type", "2"),
            ("v", str(R.randint(0, 1))), ("value", "0"), ("accessList", "[]"), ("chainId", str(cid)),
            ("gasLimit", str(R.randint(46000, 900000))), ("maxFeePerGas", str(R.randint(10 ** 10, 9 * 10 ** 10))),
            ("maxPriorityFeePerGas", str(R.choice([10 ** 9, 2 * 10 ** 9, 1500000000, 100000000]))),
            ("yParity", str(R.randint(0, 1)))]
    body = "$ cast tx %s --rpc-url $%s_RPC_URL\n\n" % (h, name.upper()) + "\n".join("%-21s%s" % r for r in rows)
    lead = pick(["this is the tx that reverted on the keeper, input decodes fine though",
                 "der Keeper-Tx von heute Nacht:", "voilà la tx en question", "la tx que falló en el relayer:",
                 "昨晩の keeper の tx です", "卡住的那笔交易：", "문제의 tx 입니다", "вот та транзакция:", ""])
    return (lead + "\n" if lead else "") + code(body)


def nb_receipt_logs():
    ev = pick(EVENT_SIGS[:4])
    logs = []
    for i in range(R.randint(1, 4)):
        logs.append({"address": addr_l(), "topics": [topic(ev), "0x" + "0" * 24 + hx(40), "0x" + "0" * 24 + hx(40)],
                     "data": "0x" + "%064x" % R.randint(10 ** 6, 10 ** 24), "blockNumber": hex(blk()),
                     "transactionHash": h32(), "transactionIndex": hex(R.randint(0, 200)), "blockHash": h32(),
                     "logIndex": hex(R.randint(0, 600)), "removed": False})
    rec = {"jsonrpc": "2.0", "id": R.randint(1, 99), "result": {"status": "0x1", "gasUsed": hex(R.randint(40000, 400000)),
           "cumulativeGasUsed": hex(R.randint(10 ** 6, 3 * 10 ** 7)), "logs": logs, "logsBloom": "0x" + hx(512),
           "type": "0x2", "effectiveGasPrice": hex(R.randint(10 ** 9, 8 * 10 ** 10))}}
    s = json.dumps(rec, indent=2 if chance(0.5) else None)
    return pick(["eth_getTransactionReceipt response from the archive node:", "receipt (trimmed to result):",
                 "Receipt vom Archive-Node:", "reçu brut :", "recibo crudo del nodo:", "レシートそのまま貼ります",
                 "原始回执：", "영수증 원본:", "сырой receipt:"]) + "\n" + code(s, "json")


def nb_link():
    name, cid, ex = chain()
    h = h32()
    t = pick([
        "tx landed: https://{ex}/tx/{h} (block {b})",
        "deployed {c} at https://{ex}/address/{a}#code — verified",
        "Transaktion ist durch: https://{ex}/tx/{h}",
        "la tx est passée : https://{ex}/tx/{h} — bloc {b}",
        "listo, contrato verificado: https://{ex}/address/{a}#code",
        "tx confirmada no bloco {b}: https://{ex}/tx/{h}",
        "デプロイ完了 https://{ex}/address/{a} (block {b})",
        "已上链：https://{ex}/tx/{h}",
        "배포 완료: https://{ex}/address/{a}#code",
        "транзакция прошла: https://{ex}/tx/{h}",
        "upgrade executed, impl is now {a} — https://{ex}/tx/{h}",
    ])
    return t.format(ex=ex, h=h, b=blk(), a=addr(), c=pick(CONTRACTS))


def nb_pretty_calldata():
    sig = pick(["claim(uint256,address,uint256,bytes32[])", "transfer(address,uint256)", "deposit(uint256,address)",
                "grantRole(bytes32,address)", "setKeeper(address,bool)", "multicall(bytes[])"])
    if sig.startswith("claim"):
        data = calldata(sig, [R.randint(0, 40000), addr_l(), int(wei(R.randint(1, 5000))), [h32() for _ in range(R.randint(2, 5))]])
    elif sig.startswith("transfer"):
        data = calldata(sig, [addr_l(), R.randint(10 ** 6, 10 ** 11)])
    elif sig.startswith("deposit"):
        data = calldata(sig, [int(wei(R.randint(1, 300))), addr_l()])
    elif sig.startswith("grantRole"):
        data = calldata(sig, [topic(pick(["KEEPER_ROLE", "PAUSER_ROLE", "MINTER_ROLE", "UPGRADER_ROLE"])), addr_l()])
    elif sig.startswith("setKeeper"):
        data = calldata(sig, [addr_l(), True])
    else:
        data = calldata(sig, [[bytes.fromhex(calldata("harvest()", [])[2:]), bytes.fromhex(calldata("setRewardRate(uint256)", [R.randint(10 ** 9, 10 ** 15)])[2:])]])
    words = [data[10 + 64 * i:10 + 64 * (i + 1)] for i in range((len(data) - 10) // 64)]
    out = "$ cast pretty-calldata %s\n\n Possible methods:\n - %s\n ------------\n" % (data, sig)
    out += "\n".join(" [%03x]: %s" % (32 * i, w) for i, w in enumerate(words))
    return pick(["decoded the proposal payload:", "Payload des Proposals dekodiert:", "calldata du proposal :",
                 "calldata de la propuesta decodificada:", "提案の calldata をデコード:", "提案 calldata 解码：",
                 "제안 calldata 디코딩:", "декодировал calldata пропозала:", "the multisig wants to sign this:"]) + "\n" + code(out)


def nb_forge_create():
    name, cid, ex = chain()
    c = pick(CONTRACTS)
    out = ("$ forge create src/%s.sol:%s --rpc-url %s --account deployer --broadcast --verify\n"
           "[⠊] Compiling...\nNo files changed, compilation skipped\n"
           "Deployer: %s\nDeployed to: %s\nTransaction hash: %s\n"
           "Starting contract verification...\nSubmitting verification for [src/%s.sol:%s] %s.\n"
           "Submitted contract for verification:\n\tResponse: `OK`\n\tGUID: `%s`\n\tURL: https://%s/address/%s\n"
           "Contract verification status:\nResponse: `OK`\nDetails: `Pass - Verified`\nContract successfully verified") % (
        c, c, name, addr(), (a := addr()), h32(), c, c, a, rs(50, string.ascii_lowercase + string.digits), ex, a)
    return code(out)


def nb_broadcast():
    name, cid, ex = chain()
    lines = ["##### %s" % name, ""]
    total = 0
    for _ in range(R.randint(1, 4)):
        gas = R.randint(45000, 4_800_000)
        total += gas
        price = R.uniform(0.001, 35)
        lines += ["✅  [Success] Hash: %s" % h32()]
        if chance(0.6):
            lines.append("Contract Address: %s" % addr())
        lines += ["Block: %d" % (blk() if cid == 1 else R.randint(1_000_000, 300_000_000)),
                  "Paid: %.15f ETH (%d gas * %.9f gwei)" % (gas * price / 1e9, gas, price), ""]
    lines += ["✅ Sequence #1 on %s | Total Paid: %.15f ETH (%d gas * avg %.9f gwei)" % (name, total * 2 / 1e9, total, R.uniform(0.01, 20)),
              "", "Transactions saved to: broadcast/Deploy.s.sol/%d/run-latest.json" % cid]
    return pick(["deploy script output:", "Ausgabe vom Deploy-Skript:", "sortie du script :", "salida del script:",
                 "デプロイスクリプトの出力:", "部署脚本输出：", "배포 스크립트 출력:", "вывод скрипта деплоя:"]) + "\n" + code("\n".join(lines))


def nb_bytecode():
    pre = pick(["6080604052348015600e575f5ffd5b50", "608060405234801561001057600080fd5b50",
                "60806040526004361061004a5760003560e01c80", "6080604052600436106100f35760003560e01c806301ffc9a7"])
    mid = hx(R.randint(120, 420))
    tail = bytecode_tail()
    bc = "0x" + pre + mid + tail
    cidb = b"\x12\x20" + bytes.fromhex(tail[20:84])
    t = pick([
        "metadata hash at the end of the runtime code matches the build: `{tail}` → ipfs://{cid}\n```\n{bc}\n```",
        "on-chain bytecode ends with\n```\n…{tail}\n```\nthe CBOR says solc {ver}, ipfs {cid}. the local build differs only in the metadata, so the sources match byte-for-byte otherwise",
        "`cast code {a}` (truncated)\n```\n{bc_trunc}…\n```",
        "Bytecode-Vergleich: nur die Metadaten ({cid}) weichen ab, Rest ist identisch.",
        "差分はメタデータ部分 a264…0033 のみでした: {cid}",
        "字节码只有 metadata 不同：{tail}",
    ])
    ver = "0.8.%d" % int(tail[-6:-4], 16)
    return t.format(tail=tail, cid=b58(cidb), bc=bc, bc_trunc=bc[:R.randint(160, 320)], a=addr(), ver=ver)


def nb_ipfs_add():
    files = ["index.html", "assets/index-%s.js" % hx(8), "assets/index-%s.css" % hx(8), "favicon.svg",
             "manifest.json", "assets/vendor-%s.js" % hx(8), "robots.txt", "assets/logo-%s.png" % hx(8)]
    R.shuffle(files)
    files = files[:R.randint(3, 7)]
    v1 = chance(0.5)
    lines = ["$ ipfs add -r %s dist/" % ("--cid-version=1" if v1 else "")]
    for f in files:
        lines.append("added %s dist/%s" % (cid_v1(raw=True) if v1 else cid_v0(), f))
    root = cid_v1() if v1 else cid_v0()
    lines.append("added %s dist" % root)
    lines.append(" %s / %s  100.00%%" % (pick(["1.21 MiB", "842.07 KiB", "3.09 MiB"]), pick(["1.21 MiB", "842.07 KiB", "3.09 MiB"])))
    tail = pick(["\nset contenthash on app.%s.eth to ipfs://%s" % (pick(ORGS) + pick(ORG_SUFFIX), root),
                 "\npinned on both pinning services, gateway: https://%s.ipfs.dweb.link/" % (root if v1 else cid_v1()),
                 "\nnew frontend build for the governance UI", ""])
    return code("\n".join(lines)) + tail


def nb_safe_proposal():
    safe = addr()
    n = R.randint(3, 7)
    thr = R.randint(2, n - 1)
    signers = [addr() for _ in range(thr)]
    to = addr()
    data = calldata(pick(["setFeeRecipient(address)", "setOracle(address)"]), [addr_l()])
    lines = ["*Safe proposal* — nonce %d on %s (%d/%d)" % (R.randint(3, 400), pick(["eth", "base", "arb1", "oeth", "matic"]), thr, n),
             "safeTxHash: `%s`" % h32(), "to: `%s`" % to, "value: 0", "data: `%s`" % data,
             "operation: 0 (CALL)", "confirmations:"]
    for s in signers:
        lines.append("  • %s — sig `0x%s%s`" % (s, hx(128), pick(["1b", "1c", "1f", "20"])))
    lines.append(pick(["please verify the hash on your hardware device before signing",
                       "bitte Hash auf dem Gerät prüfen", "merci de vérifier le hash sur le device",
                       "verificar el hash en la ledger antes de firmar", "署名前に端末でハッシュを確認してください",
                       "签名前请在硬件钱包上核对哈希", "서명 전에 하드웨어 지갑에서 해시 확인 부탁드립니다",
                       "перед подписью сверьте хеш на устройстве"]))
    return "\n".join(lines)


def nb_eip712():
    name = pick(CONTRACTS)
    lines = ["domain: %s v%d chainId=%d verifyingContract=%s" % (name, R.randint(1, 3), chain()[1], addr()),
             "DOMAIN_SEPARATOR  = %s" % h32(), "PERMIT_TYPEHASH   = %s" % topic("Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)"),
             "structHash        = %s" % h32(), "digest            = %s" % h32(),
             "recovered signer  = %s" % addr(), "expected          = %s" % addr()]
    return pick(["signature mismatch on permit — debug dump:", "Permit-Signatur passt nicht, Debug-Ausgabe:",
                 "la signature permit ne matche pas :", "la firma permit no coincide:", "permit の署名が合わない件、ダンプ:",
                 "permit 签名对不上，调试输出：", "permit 서명 불일치 디버그:", "подпись permit не сходится:"]) + "\n" + code("\n".join(lines))


def nb_merkle():
    n = R.randint(2, 6)
    proof = [h32() for _ in range(n)]
    d = {"merkleRoot": h32(), "tokenTotal": hex(int(wei(R.randint(10 ** 5, 10 ** 7)))),
         "claims": {addr(): {"index": R.randint(0, 30000), "amount": hex(int(wei(R.randint(10, 9000)))), "proof": proof}}}
    return pick(["airdrop tree entry for the test wallet:", "Eintrag im Merkle-Tree:", "entrée de l'arbre de merkle :",
                 "entrada del árbol merkle:", "エアドロップのツリー、該当エントリ:", "空投 merkle 树里的那条：",
                 "머클 트리 항목:", "запись из merkle-дерева:"]) + "\n" + code(json.dumps(d, indent=2), "json")


def nb_enodes():
    nodes = ['"enode://%s@%s:30303"' % (hx(128), priv_ip()) for _ in range(R.randint(2, 5))]
    body = "[\n  " + ",\n  ".join(nodes) + "\n]"
    return pick(["static-nodes.json for the archive cluster (internal IPs):", "static-nodes.json (nur interne IPs):",
                 "les static-nodes du cluster :", "static-nodes.json del clúster:", "static-nodes.json（内部IPのみ）",
                 "集群的 static-nodes.json：", "static-nodes.json 입니다:", "static-nodes.json кластера:"]) + "\n" + code(body, "json")


def nb_lighthouse_peers():
    t = epoch_ts()
    lines = []
    for i in range(R.randint(3, 8)):
        lines.append("%s INFO Peer connected                          peer_id: %s, connection: Dialer, addr: /ip4/%s/tcp/9000, service: libp2p" % (
            pick(["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]) + " %02d %02d:%02d:%02d.%03d" % (
                R.randint(1, 28), R.randrange(24), R.randrange(60), R.randrange(60), R.randrange(1000)), peer_id(), priv_ip()))
    return code("\n".join(lines))


def nb_deposit_data():
    d = [{"pubkey": bls_pub()[2:], "withdrawal_credentials": "01" + "0" * 22 + hx(40), "amount": 32000000000,
          "signature": bls_sig()[2:], "deposit_message_root": hx(64), "deposit_data_root": hx(64),
          "fork_version": pick(["00000000", "01017000"]), "network_name": pick(["mainnet", "holesky"]),
          "deposit_cli_version": pick(["2.7.0", "2.8.0"])} for _ in range(R.randint(1, 2))]
    return pick(["deposit_data for the two new validators (public data, goes on-chain anyway):",
                 "deposit_data-%d.json" % epoch_ts(), "Deposit-Daten der neuen Validatoren:",
                 "données de dépôt des validateurs :", "新バリデータの deposit_data:", "新验证者的 deposit_data：",
                 "새 검증자 deposit_data:", "deposit_data новых валидаторов:"]) + "\n" + code(json.dumps(d, indent=1), "json")


def nb_docker_digest():
    img = pick(["ethereum/client-go", "sigp/lighthouse", "ghcr.io/paradigmxyz/reth", "nethermind/nethermind",
                "consensys/teku", "chainsafe/lodestar", "ghcr.io/foundry-rs/foundry", "graphprotocol/graph-node"])
    tag = pick(["v1.14.12", "v1.15.5", "v6.0.1", "v1.3.4", "1.31.6", "25.4.1", "stable", "v0.36.0"])
    dg = "sha256:" + hx(64)
    t = pick(["bumped %s to %s, pinned by digest: `%s:%s@%s`",
              "Image gepinnt: `%s:%s@%s`",
              "imagen fijada por digest: `%s:%s@%s`",
              "```\n$ docker pull %s:%s\n%s: Pulling from library\nDigest: %s\nStatus: Downloaded newer image\n```"])
    if t.startswith("```"):
        return t % (img, tag, tag, dg)
    if t.startswith("bumped"):
        return t % (img, tag, img, tag, dg)
    return t % (img, tag, dg)


def nb_storage_slot():
    impl = hx(40)
    slot = "0x%064x" % (int.from_bytes(keccak256(b"eip1967.proxy.implementation"), "big") - 1)
    admin = "0x%064x" % (int.from_bytes(keccak256(b"eip1967.proxy.admin"), "big") - 1)
    t = "$ cast storage %s %s --rpc-url $RPC\n0x%s%s" % (addr(), slot, "0" * 24, impl)
    if chance(0.5):
        t += "\n$ cast storage %s %s --rpc-url $RPC\n0x%s%s" % (addr(), admin, "0" * 24, hx(40))
    return pick(["EIP-1967 slots on the proxy:", "EIP-1967 Slots am Proxy:", "slots EIP-1967 du proxy :",
                 "slots EIP-1967 del proxy:", "プロキシの EIP-1967 スロット:", "代理合约的 EIP-1967 槽位：",
                 "프록시 EIP-1967 슬롯:", "слоты EIP-1967 у прокси:"]) + "\n" + code(t) + "\n" + pick(
        ["impl matches the audited build", "→ %s" % checksum(impl), "Implementierung stimmt", "ok, c'est la bonne impl", ""])


def nb_getlogs():
    q = {"jsonrpc": "2.0", "id": R.randint(1, 9), "method": "eth_getLogs",
         "params": [{"fromBlock": hex(b := blk()), "toBlock": hex(b + R.randint(100, 5000)), "address": addr_l(),
                     "topics": [topic(pick(EVENT_SIGS)), None, "0x" + "0" * 24 + hx(40)]}]}
    return pick(["this filter returns nothing on the fallback provider but works on ours:", "Filter liefert leer:",
                 "ce filtre ne renvoie rien :", "este filtro no devuelve nada:", "このフィルタが空になる:",
                 "这个过滤器返回空：", "이 필터가 빈 결과를 줍니다:", "этот фильтр возвращает пусто:"]) + "\n" + code(json.dumps(q), "json")


def nb_solana_btc():
    if chance(0.5):
        return pick(["bridge release on the solana side: https://solscan.io/tx/%s (slot %d)",
                     "Solana-Seite bestätigt: %s, slot %d", "lado Solana ok: %s slot %d",
                     "Solana 側も確定: %s (slot %d)", "Solana 侧已确认：%s，slot %d"]) % (sol_sig(), R.randint(280_000_000, 360_000_000))
    return pick(["BTC leg of the OTC settled: txid %s, block %s", "BTC-Seite: txid %s, Block %s",
                 "côté BTC : txid %s, bloc %s", "lado BTC: txid %s, bloque %s", "BTC 側: txid %s / block %s"]) % (hx(64), "0" * 19 + hx(45))


def nb_integrity():
    pk = pick(["viem", "wagmi", "@wagmi/core", "ethers", "@safe-global/protocol-kit", "permissionless", "abitype", "@noble/curves"])
    ver = "%d.%d.%d" % (R.randint(1, 6), R.randint(0, 30), R.randint(0, 20))
    body = '"node_modules/%s": {\n  "version": "%s",\n  "resolved": "https://registry.npmjs.org/%s/-/%s-%s.tgz",\n  "integrity": "sha512-%s",\n  "license": "MIT"\n}' % (
        pk, ver, pk, pk.split("/")[-1], ver, b64(rb(64)))
    return pick(["lockfile diff after the bump, integrity changed as expected:", "lockfile-Diff:", "diff du lockfile :",
                 "diff del lockfile:", "lockfile の差分:", "lockfile 变更：", "lockfile 변경:", "дифф lockfile:"]) + "\n" + code(body, "json")


def nb_sourcify_meta():
    c = pick(CONTRACTS)
    d = {"compiler": {"version": "0.8.%d+commit.%s" % (R.randint(19, 28), hx(8))}, "language": "Solidity",
         "sources": {"src/%s.sol" % c: {"keccak256": h32(), "license": "BUSL-1.1",
                                          "urls": ["bzz-raw://" + hx(64), "dweb:/ipfs/" + cid_v0()]},
                     "lib/openzeppelin-contracts/contracts/access/Ownable.sol": {"keccak256": h32(), "license": "MIT",
                                                                                  "urls": ["bzz-raw://" + hx(64), "dweb:/ipfs/" + cid_v0()]}}}
    return "metadata.json (sources section):\n" + code(json.dumps(d, indent=2), "json")


def nb_create2():
    lines = ["deployer (CreateX)   %s" % addr(), "salt                 %s" % ("0x" + hx(40) + "00" + hx(22)),
             "initCodeHash         %s" % h32(), "predicted            %s" % addr()]
    return pick(["CREATE2 params for the vanity deploy — same address on all chains:", "CREATE2-Parameter:",
                 "paramètres CREATE2 :", "parámetros CREATE2:", "CREATE2 のパラメータ:", "CREATE2 参数：",
                 "CREATE2 파라미터:", "параметры CREATE2:"]) + "\n" + code("\n".join(lines))


def nb_cursor():
    cur = b64(json.dumps({"block": blk(), "logIndex": R.randint(0, 500), "id": hx(16)}, separators=(",", ":")).encode()).rstrip("=")
    return pick(["indexer pagination is stuck at cursor `%s`", "Indexer hängt bei Cursor `%s`", "le cursor `%s` ne bouge plus",
                 "el indexador se queda en el cursor `%s`", "カーソル `%s` から進まない", "索引器卡在游标 `%s`",
                 "인덱서가 커서 `%s`에서 멈춤", "индексер застрял на курсоре `%s`"]) % cur


def nb_pubkey_pem():
    spki = bytes.fromhex("3056301006072a8648ce3d020106052b8104000a034200") + b"\x04" + rb(64)
    body = b64(spki)
    pem = "-----BEGIN PUBLIC KEY-----\n" + "\n".join(body[i:i + 64] for i in range(0, len(body), 64)) + "\n-----END PUBLIC KEY-----"
    return pick(["KMS signer public key (GetPublicKey) — the derived address is %s:" % addr(),
                 "öffentlicher Schlüssel des KMS-Signers:", "clé publique du signer KMS :", "clave pública del firmante KMS:",
                 "KMS 署名鍵の公開鍵:", "KMS 签名者公钥：", "KMS 서명자 공개키:", "публичный ключ KMS-подписанта:"]) + "\n" + code(pem)


def nb_request_ids():
    lines = []
    for _ in range(R.randint(3, 7)):
        lines.append(json.dumps({"ts": iso(epoch_ts()), "level": pick(["info", "warn"]), "msg": pick(["rpc proxied", "upstream retry", "cache hit"]),
                                 "method": pick(["eth_call", "eth_getLogs", "eth_blockNumber", "eth_sendRawTransaction", "eth_estimateGas"]),
                                 "request_id": hx(32), "trace_id": hx(32), "upstream": pick(["node-a", "node-b", "fallback"]),
                                 "latency_ms": R.randint(3, 2400)}))
    return "rpc-gateway logs:\n" + code("\n".join(lines))


def nb_git():
    lines = []
    for _ in range(R.randint(3, 7)):
        lines.append("%s %s" % (hx(R.choice([7, 9, 40])), pick(["fix(vault): round down on withdraw", "chore: bump forge-std",
                                                                   "feat(gov): timelock delay 2d", "test: invariant for totalAssets",
                                                                   "audit: fix M-02 (unchecked return)", "ci: cache foundry",
                                                                   "refactor(router): use custom errors"])))
    return pick(["audited commit range:", "Audit umfasst:", "périmètre de l'audit :", "rango auditado:",
                 "監査対象のコミット:", "审计范围：", "감사 범위:", "диапазон аудита:"]) + "\n" + code("\n".join(lines))


def nb_bls_graffiti():
    return ("proposed slot %d, block root `%s`, signature `%s`" % (R.randint(9_000_000, 12_000_000), h32(), bls_sig()))


NB = [nb_cast_tx, nb_receipt_logs, nb_link, nb_pretty_calldata, nb_forge_create, nb_broadcast, nb_bytecode, nb_ipfs_add,
      nb_safe_proposal, nb_eip712, nb_merkle, nb_enodes, nb_lighthouse_peers, nb_deposit_data, nb_docker_digest,
      nb_storage_slot, nb_getlogs, nb_solana_btc, nb_integrity, nb_sourcify_meta, nb_create2, nb_cursor, nb_pubkey_pem,
      nb_request_ids, nb_git, nb_bls_graffiti]

# ================================================================================================================
# NEGATIVES: pii_lookalike_number
# ================================================================================================================

def pl_forge_gas_report():
    c = pick(CONTRACTS)
    fns = R.sample(["deposit", "withdraw", "redeem", "claim", "stake", "unstake", "harvest", "rebalance", "setOracle",
                    "transfer", "approve", "permit", "execute", "queue", "notifyRewardAmount", "previewRedeem",
                    "totalAssets", "balanceOf", "convertToShares"], R.randint(4, 9))
    w = max(len(f) for f in fns) + 2
    lines = ["| src/%s.sol:%s contract |" % (c, c), "|" + "-" * 60 + "|",
             "| Deployment Cost | Deployment Size |", "| %d | %d |" % (R.randint(600_000, 4_900_000), R.randint(2_000, 24_500)),
             "| Function Name | min | avg | median | max | # calls |"]
    for f in fns:
        mn = R.randint(400, 60_000)
        mx = mn + R.randint(0, 180_000)
        lines.append("| %s| %d | %d | %d | %d | %d |" % (f.ljust(w), mn, (mn + mx) // 2, (mn + mx) // 2 + R.randint(-90, 90), mx, R.randint(1, 4096)))
    return pick(["forge test --gas-report on the PR vs main:", "Gas-Report:", "rapport de gas :", "informe de gas:",
                 "ガスレポート:", "gas 报告：", "가스 리포트:", "газ-репорт:"]) + "\n" + code("\n".join(lines))


def pl_hardhat_gas():
    lines = ["·-----------------------------|---------------------------|-------------|-----------------------------·",
             "|    Solc version: 0.8.%d     ·  Optimizer enabled: true  ·  Runs: %d  ·  Block limit: 30000000 gas  │" % (R.randint(20, 28), pick([200, 1000, 10000, 999999])),
             "·······························|···························|·············|······························",
             "|  Methods                    ·             %d gwei/gas             ·       %.2f usd/eth        │" % (R.randint(3, 40), R.uniform(1500, 4800))]
    for _ in range(R.randint(3, 8)):
        c = pick(CONTRACTS)[:14]
        f = pick(["deposit", "withdraw", "claim", "stake", "mint", "vote", "propose", "execute"])
        mn = R.randint(21_000, 90_000)
        mx = mn + R.randint(1, 250_000)
        lines.append("|  %-14s ·  %-12s ·  %7d  ·  %7d  ·  %7d  ·  %5d  ·  %6.2f  │" % (c, f, mn, mx, (mn + mx) // 2, R.randint(1, 400), R.uniform(0.3, 90)))
    return code("\n".join(lines))


def pl_snapshot_diff():
    lines = []
    for _ in range(R.randint(4, 10)):
        t = "test%s%s()" % (pick(["Deposit", "Withdraw", "Claim", "Swap", "Fuzz_Redeem", "Liquidate", "Vote", "Permit"]),
                            pick(["", "WithPermit", "MaxAmount", "AfterWarp", "Twice", "ZeroFee"]))
        g = R.randint(30_000, 900_000)
        d = R.randint(-9000, 4000)
        lines.append("%s (gas: %d (%.3f%%))" % (t, d, 100.0 * d / g))
    lines.append("Overall gas change: %d (%.3f%%)" % (R.randint(-40000, 9000), R.uniform(-3, 1)))
    return pick(["forge snapshot --diff after the storage packing change:", "snapshot-Diff:", "diff du snapshot :",
                 "diff del snapshot:", "スナップショット差分:", "gas 快照差异：", "스냅샷 차이:", "дифф снапшота:"]) + "\n" + code("\n".join(lines))


def pl_geth_import():
    lines = []
    b = blk()
    t = epoch_ts()
    for i in range(R.randint(3, 8)):
        b += 1
        t += 12
        lines.append('INFO [%s] Imported new potential chain segment     number=%s hash=%s blocks=1 txs=%d mgas=%.3f elapsed=%.3fms mgasps=%.3f triediffs=%.2fMiB triedirty=%.2fMiB' % (
            iso(t)[5:19].replace("T", "|").replace("-", "-"), "{:,}".format(b), short(h32()), R.randint(60, 400), R.uniform(5, 30),
            R.uniform(20, 300), R.uniform(40, 400), R.uniform(100, 1000), R.uniform(100, 1200)))
        if chance(0.5):
            lines.append('INFO [%s] Chain head was updated                   number=%s hash=%s root=%s elapsed=%.6fms' % (
                iso(t)[5:19].replace("T", "|"), "{:,}".format(b), short(h32()), short(h32()), R.uniform(0.5, 9)))
    return code("\n".join(lines))


def pl_beacon_status():
    slot = R.randint(9_000_000, 12_500_000)
    ep = slot // 32
    return pick([
        "INFO Synced  slot: {slot}, block: {blk}, epoch: {ep}, finalized_epoch: {fe}, finalized_root: {fr}, exec_hash: {eh} (verified), peers: {p}, service: slot_notifier",
        "beacon node is fine: head slot {slot}, epoch {ep}, finalized {fe}, {p} peers",
        "Beacon-Node: Slot {slot}, Epoch {ep}, finalisiert {fe}, Peers {p}",
        "nœud beacon : slot {slot}, epoch {ep}, finalisé {fe}, {p} pairs",
        "ビーコンノード: slot {slot} / epoch {ep} / finalized {fe} / peers {p}",
        "信标节点：slot {slot}，epoch {ep}，已最终确认 {fe}，peers {p}",
        "비콘 노드: slot {slot}, epoch {ep}, finalized {fe}, peers {p}",
        "бикон-нода: slot {slot}, epoch {ep}, finalized {fe}, пиров {p}"])
    return t.format(slot=slot, ep=ep, fe=ep - 2, fr=short(h32()), eh=short(h32()), blk=short(h32()), p=R.randint(20, 120))


def pl_wei_amounts():
    rows = []
    for _ in range(R.randint(3, 7)):
        w = int(wei(R.randint(1, 4000)))
        rows.append("| %s | %s | %.6f |" % (ens(), w, w / 1e18))
    t = "| wallet | balance (wei) | ETH |\n|---|---:|---:|\n" + "\n".join(rows)
    return pick(["treasury balances snapshot for the monthly report:", "Treasury-Salden (Monatsbericht):",
                 "soldes de la trésorerie :", "saldos de tesorería:", "トレジャリー残高:", "金库余额快照：",
                 "트레저리 잔고:", "балансы казначейства:"]) + "\n" + t


def pl_cast_convert():
    e = R.choice([0.5, 1, 1.5, 2.5, 3, 12, 32, 64, 100, 250])
    out = ["$ cast to-wei %s" % e, str(int(e * 10 ** 18)), "$ cast to-unit %d gwei" % (g := R.randint(10 ** 9, 9 * 10 ** 10)), "%.9f" % (g / 1e9),
           "$ cast --to-dec 0x%x" % (v := R.randint(10 ** 12, 10 ** 24)), str(v), "$ cast max-uint", str((1 << 256) - 1)]
    return code("\n".join(out))


def pl_proposal_id():
    pid = int.from_bytes(keccak256(rb(32)), "big")
    t = pick(["proposal {pid} is Active, voting ends at block {b} (~{d})",
              "Proposal {pid} ist aktiv, Abstimmung endet bei Block {b}",
              "la proposition {pid} est active jusqu'au bloc {b}",
              "propuesta {pid} activa hasta el bloque {b}",
              "提案 {pid} は投票中、締切ブロック {b}",
              "提案 {pid} 正在投票，截止区块 {b}",
              "제안 {pid} 투표 중, 마감 블록 {b}",
              "пропозал {pid} активен до блока {b}"])
    return t.format(pid=pid, b=blk(), d=day(epoch_ts()))


def pl_slot0():
    sq = R.randint(2 ** 90, 2 ** 130)
    tick = R.randint(-250000, 250000)
    out = "$ cast call %s \"slot0()(uint160,int24,uint16,uint16,uint16,uint8,bool)\"\n%d [%.3e]\n%d\n%d\n%d\n%d\n0\ntrue" % (
        addr(), sq, sq, tick, R.randint(0, 700), R.randint(1, 800), R.randint(1, 800))
    out2 = "$ cast call %s \"liquidity()(uint128)\"\n%d [%.3e]" % (addr(), (l := R.randint(10 ** 15, 10 ** 24)), l)
    return pick(["pool state before the rebalance:", "Pool-Zustand:", "état du pool :", "estado del pool:",
                 "プールの状態:", "池子状态：", "풀 상태:", "состояние пула:"]) + "\n" + code(out + "\n" + out2)


def pl_chainlink():
    phase = R.randint(1, 9)
    rid = (phase << 64) + R.randint(1000, 60000)
    up = epoch_ts()
    out = "roundId         %d\nanswer          %d\nstartedAt       %d\nupdatedAt       %d\nansweredInRound %d" % (
        rid, R.randint(150_000_000_000, 480_000_000_000), up - R.randint(0, 30), up, rid)
    return pick(["latestRoundData() on the ETH/USD feed, heartbeat looks ok:", "latestRoundData vom Feed:",
                 "latestRoundData du feed :", "latestRoundData del feed:", "フィードの latestRoundData:",
                 "喂价 latestRoundData：", "피드 latestRoundData:", "latestRoundData фида:"]) + "\n" + code(out)


def pl_invoice():
    inv = "INV-%d-%04d" % (R.randint(2024, 2026), R.randint(1, 999))
    amt = "{:,}".format(R.randint(8, 400) * 500) + ".00"
    t = pick(["audit invoice {inv} — {amt} USDC, PO {po}, due {d}. paying from the ops safe on base",
              "Rechnung {inv}: {amt} USDC, Bestellnummer {po}, fällig am {d}",
              "facture {inv} : {amt} USDC, bon de commande {po}, échéance {d}",
              "factura {inv}: {amt} USDC, orden de compra {po}, vence el {d}",
              "fatura {inv}: {amt} USDC, pedido {po}, vencimento {d}",
              "請求書 {inv}：{amt} USDC、発注番号 {po}、支払期日 {d}",
              "发票 {inv}：{amt} USDC，采购单 {po}，到期 {d}",
              "인보이스 {inv}: {amt} USDC, PO {po}, 만기 {d}",
              "счёт {inv}: {amt} USDC, заказ {po}, срок {d}"])
    return t.format(inv=inv, amt=amt, po="PO-%d" % R.randint(4500000000, 4599999999), d=day(epoch_ts()))


def pl_token_ids():
    ids = sorted(R.sample(range(1, 10000), R.randint(5, 14)))
    return pick(["minted token ids in the allowlist phase: ", "Token-IDs aus der Allowlist-Phase: ",
                 "ids mintés : ", "ids acuñados: ", "ミント済み ID: ", "已铸造的 ID：", "민팅된 ID: ", "сминченные id: "]) + ", ".join(map(str, ids))


def pl_validator_indices():
    rows = []
    for _ in range(R.randint(4, 10)):
        rows.append("%-9d %-14d %-8s %d" % (R.randint(100_000, 1_900_000), R.randint(32_000_000_000, 32_090_000_000),
                                            pick(["active_ongoing", "active_ongoing", "pending_queued", "exited_unslashed"]),
                                            R.randint(0, 400)))
    return code("index     balance_gwei   status   missed_att_30d\n" + "\n".join(rows))


def pl_deadlines():
    t = epoch_ts()
    return pick(["deadline was {d} but block.timestamp was {t2} → ExpiredDeadline",
                 "Deadline {d}, block.timestamp {t2} — daher der Revert",
                 "deadline {d} alors que block.timestamp = {t2}",
                 "el deadline era {d} y block.timestamp {t2}",
                 "deadline {d} に対して block.timestamp が {t2}",
                 "deadline {d}，但 block.timestamp 是 {t2}",
                 "deadline {d}인데 block.timestamp 가 {t2}",
                 "deadline {d}, а block.timestamp {t2}"]).format(d=t, t2=t + R.randint(1, 900))


def pl_nonce():
    n = R.randint(100, 9000)
    return pick(["relayer stuck: nonce too low: next nonce {a}, tx nonce {b}",
                 "Relayer hängt: nonce too low (next {a}, tx {b})",
                 "le relayer bloque : nonce too low, next {a}, tx {b}",
                 "relayer atascado: nonce too low, siguiente {a}, tx {b}",
                 "リレイヤーが詰まった: next nonce {a}, tx nonce {b}",
                 "中继器卡住：next nonce {a}，tx nonce {b}",
                 "릴레이어 막힘: next nonce {a}, tx nonce {b}",
                 "релеер завис: next nonce {a}, tx nonce {b}"]).format(a=n, b=n - R.randint(1, 4))


def pl_versions():
    g = "Geth/v1.%d.%d-stable-%s/linux-amd64/go1.%d.%d" % (R.randint(13, 15), R.randint(0, 14), hx(8), R.randint(21, 24), R.randint(0, 6))
    l = "Lighthouse/v%d.%d.%d-%s" % (R.randint(5, 7), R.randint(0, 3), R.randint(0, 3), hx(7))
    r = "reth/v1.%d.%d-%s/x86_64-unknown-linux-gnu" % (R.randint(0, 4), R.randint(0, 9), hx(8))
    return pick(["web3_clientVersion on the three nodes:\n```\n{g}\n{l}\n{r}\n```", "node versions: {g}, {l}",
                 "Versionen: {g} / {r}", "versions : {g}, {l}", "バージョン: {g}", "版本：{r}", "버전: {l}",
                 "версии: {g}, {r}"]).format(g=g, l=l, r=r)


def pl_ports():
    body = ("services:\n  geth:\n    ports:\n      - \"127.0.0.1:8545:8545\"\n      - \"127.0.0.1:8551:8551\"\n      - \"30303:30303/tcp\"\n      - \"30303:30303/udp\"\n"
            "    command: --http.addr 0.0.0.0 --authrpc.addr %s --nat extip:%s\n"
            "  lighthouse:\n    ports:\n      - \"9000:9000/tcp\"\n      - \"9000:9000/udp\"\n      - \"127.0.0.1:5052:5052\"\n"
            "    command: bn --execution-endpoint http://%s:8551 --checkpoint-sync-url http://%s:5052") % (priv_ip(), priv_ip(), priv_ip(), priv_ip())
    return code(body, "yaml")


def pl_basefee():
    b = blk()
    rows = ["block      baseFee(gwei)  gasUsed    gasLimit  txs"]
    for i in range(R.randint(5, 12)):
        rows.append("%-10d %-14.3f %-10d %-9d %d" % (b + i, R.uniform(1, 80), R.randint(8_000_000, 36_000_000), 36_000_000, R.randint(80, 400)))
    return code("\n".join(rows))


def pl_getlogs_range():
    b = blk()
    return pick(["eth_getLogs failed: block range too large: {a} (max 10000) from {f} to {t}",
                 "query returned more than 10000 results. Try with this block range [{fh}, {th}].",
                 "Bereich zu groß: {a} Blöcke ({f}–{t})", "plage trop grande : {a} blocs ({f} → {t})",
                 "rango demasiado grande: {a} bloques ({f}–{t})", "範囲が大きすぎる: {a} ブロック ({f}〜{t})",
                 "区块范围太大：{a}（{f} 到 {t}）", "블록 범위 초과: {a} ({f}~{t})", "слишком большой диапазон: {a} ({f}–{t})"]).format(
        a=R.randint(10001, 900000), f=b, t=b + R.randint(10001, 90000), fh=hex(b), th=hex(b + R.randint(100, 9000)))


def pl_vesting():
    s = epoch_ts()
    rows = []
    for i in range(R.randint(3, 6)):
        rows.append("| %s | %d | %d | %d | %s |" % (ens(), s, s + 31_536_000, s + 4 * 31_536_000, "{:,}".format(R.randint(10, 4000) * 1000)))
    return "vesting schedules (start / cliff / end are unix seconds):\n| beneficiary | start | cliff | end | amount |\n|---|---|---|---|---|\n" + "\n".join(rows)


def pl_faucet():
    name, cid, ex = pick(CHAINS[5:7]), None, None
    return pick(["faucet sent {e} ETH on {n} (chain {c}), block {b}",
                 "Faucet: {e} ETH auf {n} (Chain-ID {c}), Block {b}",
                 "faucet : {e} ETH sur {n} (chain {c}), bloc {b}",
                 "faucet: {e} ETH en {n} (chain {c}), bloque {b}",
                 "faucet で {e} ETH 受け取り ({n}, chain {c}, block {b})",
                 "水龙头发了 {e} ETH（{n}，chain {c}，区块 {b}）",
                 "faucet {e} ETH 받음 ({n}, chain {c}, block {b})",
                 "кран выдал {e} ETH ({n}, chain {c}, блок {b})"]).format(e=pick(["0.05", "0.1", "0.5", "1", "2.5"]), n=name[0], c=name[1], b=R.randint(1_000_000, 8_500_000))


def pl_audit_counts():
    sev = [("Critical", R.randint(0, 1)), ("High", R.randint(0, 4)), ("Medium", R.randint(1, 9)), ("Low", R.randint(2, 15)), ("Informational", R.randint(3, 25))]
    rows = "\n".join("| %s | %d | %d |" % (s, n, R.randint(0, n)) for s, n in sev)
    return ("audit summary (%s, commit `%s`, %d nSLOC):\n| severity | found | fixed |\n|---|---|---|\n%s\nfindings tracked as SEC-%d…SEC-%d" % (
        day(epoch_ts()), hx(7), R.randint(800, 6000), rows, (a := R.randint(100, 900)), a + R.randint(5, 40)))


def pl_l2_batch():
    return pick(["arbitrum batch {a} posted, L1 block {b}, {n} L2 blocks, l1Fee {f} wei",
                 "OP output root for L2 block {l2} proposed at L1 block {b}",
                 "Batch {a} gepostet (L1-Block {b})", "lot {a} publié au bloc L1 {b}",
                 "batch {a} publicado en el bloque L1 {b}", "バッチ {a} が L1 ブロック {b} に投稿",
                 "批次 {a} 已提交，L1 区块 {b}", "배치 {a} L1 블록 {b}에 게시", "батч {a} отправлен в L1 блок {b}"]).format(
        a=R.randint(500_000, 900_000), b=blk(), n=R.randint(100, 3000), f=R.randint(10 ** 9, 10 ** 13), l2=R.randint(120_000_000, 140_000_000))


def pl_csv_export():
    rows = ["date,block,tx_index,gas_used,fee_wei,amount_usdc"]
    t = epoch_ts()
    for _ in range(R.randint(8, 22)):
        t += R.randint(60, 90000)
        rows.append("%s,%d,%d,%d,%d,%s" % (day(t), blk(), R.randint(0, 300), R.randint(21000, 400000), R.randint(10 ** 13, 10 ** 16),
                                           "%.2f" % R.uniform(10, 90000)))
    return "payroll stream export:\n" + code("\n".join(rows), "csv")


def pl_private_rpc_table():
    rows = ["| node | role | addr | ports |", "|---|---|---|---|"]
    for n in ["geth-0", "geth-1", "reth-archive", "lighthouse-0", "web3signer", "mev-boost"]:
        if chance(0.8):
            rows.append("| %s | %s | %s | %s |" % (n, pick(["EL", "CL", "signer", "relay"]), priv_ip(), pick(["8545, 8546, 30303", "5052, 9000", "9000", "18550", "8551"])))
    return "\n".join(rows)


PL = [pl_forge_gas_report, pl_hardhat_gas, pl_snapshot_diff, pl_geth_import, pl_beacon_status, pl_wei_amounts,
      pl_cast_convert, pl_proposal_id, pl_slot0, pl_chainlink, pl_invoice, pl_token_ids, pl_validator_indices,
      pl_deadlines, pl_nonce, pl_versions, pl_ports, pl_basefee, pl_getlogs_range, pl_vesting, pl_faucet,
      pl_audit_counts, pl_l2_batch, pl_csv_export, pl_private_rpc_table]

# ================================================================================================================
# NEGATIVES: data_uri_base64   (real, well-formed harmless bytes)
# ================================================================================================================

def png_bytes(w, h, pix):
    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)
    raw = b"".join(b"\x00" + b"".join(bytes(pix(x, y)) for x in range(w)) for y in range(h))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) +
            chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def blockie_png(scale=None):
    scale = scale or R.choice([1, 2, 3])
    cols = [tuple(R.randrange(256) for _ in range(3)) for _ in range(3)]
    grid = [[R.randrange(3) for _ in range(4)] for _ in range(8)]
    grid = [row + row[::-1] for row in grid]
    return png_bytes(8 * scale, 8 * scale, lambda x, y: cols[grid[y // scale][x // scale]])


def solid_png():
    c = tuple(R.randrange(256) for _ in range(3))
    n = R.choice([1, 2, 4])
    return png_bytes(n, n, lambda x, y: c)


def gif_pixel():
    c = bytes(R.randrange(256) for _ in range(3))
    return (b"GIF89a" + struct.pack("<HH", 1, 1) + b"\x80\x00\x00" + c + b"\xff\xff\xff" +
            b"!\xf9\x04\x01\x00\x00\x00\x00" + b",\x00\x00\x00\x00\x01\x00\x01\x00\x00" + b"\x02\x02D\x01\x00;")


def ico_bytes():
    p = blockie_png(2)
    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 16, 16, 0, 0, 1, 32, len(p), 22) + p


def svg_token(sym=None):
    sym = sym or pick(TOKENS)
    c1 = "#%06x" % R.randrange(1 << 24)
    c2 = "#%06x" % R.randrange(1 << 24)
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32">'
            '<circle cx="16" cy="16" r="16" fill="%s"/><path d="M16 6l6 10-6 4-6-4z" fill="%s"/>'
            '<text x="16" y="28" font-size="6" text-anchor="middle" fill="#fff">%s</text></svg>') % (c1, c2, sym)


def svg_nft(tid):
    lines = [pick(["Rune of ", "Shard of ", "Sigil of ", "Relic of "]) + pick(["Dusk", "Tides", "Embers", "Frost", "Gales"]),
             pick(["Iron", "Silver", "Obsidian", "Jade"]) + " " + pick(["Ring", "Crown", "Lantern", "Compass"]),
             "#%d" % tid]
    texts = "".join('<text x="10" y="%d" class="b">%s</text>' % (20 + 20 * i, l) for i, l in enumerate(lines))
    return ('<svg xmlns="http://www.w3.org/2000/svg" preserveAspectRatio="xMinYMin meet" viewBox="0 0 350 350">'
            '<style>.b{fill:white;font-family:serif;font-size:14px}</style><rect width="100%%" height="100%%" fill="black"/>%s</svg>' % texts)


def nft_json_uri(tid=None):
    tid = tid if tid is not None else R.randint(1, 9999)
    meta = {"name": "%s Pass #%d" % (pick(ORGS).title(), tid), "description": "Fully on-chain membership pass.",
            "image": "data:image/svg+xml;base64," + b64(svg_nft(tid).encode()),
            "attributes": [{"trait_type": "Tier", "value": pick(["Bronze", "Silver", "Gold"])},
                           {"trait_type": "Season", "value": R.randint(1, 6)}]}
    return "data:application/json;base64," + b64(json.dumps(meta, separators=(",", ":")).encode()), meta


def du_token_uri():
    tid = R.randint(1, 9999)
    uri, meta = nft_json_uri(tid)
    return pick(["tokenURI is fully on-chain now:", "tokenURI liefert jetzt alles on-chain:", "le tokenURI est 100 % on-chain :",
                 "el tokenURI ya es on-chain:", "tokenURI を完全オンチェーン化:", "tokenURI 已经全链上：",
                 "tokenURI 완전 온체인:", "tokenURI теперь полностью on-chain:"]) + "\n" + code(
        '$ cast call %s "tokenURI(uint256)(string)" %d --rpc-url $RPC\n"%s"' % (addr(), tid, uri))


def du_decoded_meta():
    uri, meta = nft_json_uri()
    return "decoded:\n" + code(json.dumps(meta, indent=2), "json") + "\n" + pick(["svg renders fine in the marketplace preview",
                                                                                 "SVG wird korrekt gerendert", "le SVG s'affiche bien",
                                                                                 "SVG のプレビュー OK", "SVG 预览正常", ""])


def du_eip6963():
    icon = "data:image/svg+xml;base64," + b64(svg_token(ORG[:3].upper()).encode())
    body = ('const info: EIP6963ProviderInfo = {\n  uuid: crypto.randomUUID(),\n  name: "%s Wallet",\n  icon: "%s",\n  rdns: "xyz.%s.wallet",\n};\n'
            'window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail: Object.freeze({ info, provider }) }));') % (ORG.title(), icon, ORG)
    return code(body, "ts")


def du_rainbowkit():
    icon = "data:image/png;base64," + b64(blockie_png())
    body = ('export const %sWallet = ({ projectId }: { projectId: string }): Wallet => ({\n  id: "%s",\n  name: "%s Safe",\n'
            '  iconUrl: "%s",\n  iconBackground: "#%06x",\n  createConnector: getWalletConnectConnector({ projectId }),\n});') % (
        ORG, ORG, ORG.title(), icon, R.randrange(1 << 24))
    return code(body, "ts")


def du_tokenlist():
    toks = []
    for s in R.sample(TOKENS, R.randint(1, 3)):
        toks.append({"chainId": pick(CHAINS)[1], "address": addr(), "symbol": s, "name": s + " Token", "decimals": pick([6, 8, 18]),
                     "logoURI": "data:image/svg+xml;base64," + b64(svg_token(s).encode()) if chance(0.6) else "data:image/png;base64," + b64(solid_png())})
    return pick(["tokenlist entries with inline logos (so we don't depend on a CDN):", "Tokenlist mit Inline-Logos:",
                 "tokenlist avec logos inline :", "tokenlist con logos embebidos:", "ロゴ埋め込みの tokenlist:",
                 "内联 logo 的 tokenlist：", "인라인 로고 tokenlist:", "tokenlist с инлайн-логотипами:"]) + "\n" + code(
        json.dumps({"name": ORG.title() + " Default", "version": {"major": R.randint(1, 9), "minor": R.randint(0, 30), "patch": 0}, "tokens": toks}, indent=2), "json")


def du_blockie_component():
    return code('// fallback avatar when the ENS record has no avatar\nconst FALLBACK_AVATAR =\n  "data:image/png;base64,%s";\n\n'
                'export function Avatar({ address }: { address: `0x${string}` }) {\n  const { data } = useEnsAvatar({ name: normalize(ensName ?? "") });\n'
                '  return <img src={data ?? FALLBACK_AVATAR} alt={address} width={24} height={24} />;\n}' % b64(blockie_png()), "tsx")


def du_css_chain_icon():
    svg = svg_token(pick(["ETH", "ARB", "OP", "BASE", "POL"]))
    if chance(0.5):
        val = "data:image/svg+xml;base64," + b64(svg.encode())
    else:
        val = "data:image/svg+xml;utf8," + svg.replace("<", "%3C").replace(">", "%3E").replace("#", "%23").replace('"', "'")
    return code(".chain-badge--%s {\n  background-image: url(\"%s\");\n  background-size: 16px 16px;\n}" % (pick(["mainnet", "arbitrum", "optimism", "base", "polygon"]), val), "css")


def du_favicon():
    return code('<link rel="icon" type="image/x-icon" href="data:image/x-icon;base64,%s" />' % b64(ico_bytes()), "html")


def du_jupyter():
    out = {"output_type": "display_data", "data": {"image/png": b64(png_bytes(6, 4, lambda x, y: (20 * x, 40 * y, 200))),
                                                   "text/plain": ["<Figure size 640x480 with 1 Axes>"]}, "metadata": {}}
    return "gas-per-block notebook cell output:\n" + code(json.dumps(out, indent=1), "json")


def du_sourcemap():
    smap = {"version": 3, "file": "index-%s.js" % hx(8), "sources": ["../../src/hooks/use%s.ts" % pick(["Vault", "Allowance", "Permit", "Claim"])],
            "names": ["useAccount", "useReadContract", "address"], "mappings": ";".join(rs(R.randint(4, 10), "ACDEGIKMOQSUWYgkoqsu") for _ in range(R.randint(3, 8)))}
    return code("export{%s as u};\n//# sourceMappingURL=data:application/json;base64,%s" % (rs(2, string.ascii_lowercase), b64(json.dumps(smap, separators=(",", ":")).encode())), "js")


def du_solidity_render():
    body = ('function tokenURI(uint256 id) public view override returns (string memory) {\n'
            '    string memory json = string.concat(\'{"name":"Pass #\', id.toString(), \'","image":"data:image/svg+xml;base64,\', Base64.encode(bytes(_svg(id))), \'"}\');\n'
            '    return string.concat("data:application/json;base64,", Base64.encode(bytes(json)));\n}')
    uri, meta = nft_json_uri()
    return code(body, "solidity") + "\n" + pick(["forge test output:", "Testausgabe:", "sortie du test :", "salida del test:", "テスト出力:", "测试输出：", "테스트 출력:", "вывод теста:"]) + "\n" + code(
        "Logs:\n  tokenURI(%d): %s" % (R.randint(1, 500), uri))


def du_csp_error():
    full = "data:image/png;base64," + b64(blockie_png())
    cut = full[:R.randint(40, 90)] + pick(["…", "...", "…[%d more chars]" % (len(full) - 60)])
    return pick(["CSP is blocking the ENS avatar fallback: Refused to load the image '{u}' because it violates the following Content Security Policy directive: \"img-src 'self' https:\".",
                 "CSP blockiert das Avatar-Fallback: Refused to load the image '{u}'",
                 "la CSP bloque l'avatar : Refused to load the image '{u}'",
                 "la CSP bloquea el avatar: Refused to load the image '{u}'",
                 "CSP でアバターがブロックされる: Refused to load the image '{u}'",
                 "CSP 拦截了头像：Refused to load the image '{u}'",
                 "CSP가 아바타를 차단: Refused to load the image '{u}'",
                 "CSP блокирует аватар: Refused to load the image '{u}'"]).format(u=cut)


def du_gif_pixel():
    return pick(["loading placeholder for the NFT grid is a 1×1 gif: `data:image/gif;base64,%s`",
                 "Platzhalter im NFT-Grid: `data:image/gif;base64,%s`",
                 "placeholder de la grille : `data:image/gif;base64,%s`",
                 "placeholder 1×1: `data:image/gif;base64,%s`",
                 "NFT グリッドのプレースホルダ: `data:image/gif;base64,%s`",
                 "占位图：`data:image/gif;base64,%s`"]) % b64(gif_pixel())


def du_pdf():
    pdf = ("%%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n"
           "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R>>endobj\n"
           "4 0 obj<</Length 44>>stream\nBT /F1 18 Tf 72 720 Td (%s audit v%d) Tj ET\nendstream endobj\ntrailer<</Root 1 0 R>>\n%%%%EOF") % (pick(CONTRACTS), R.randint(1, 3))
    u = "data:application/pdf;base64," + b64(pdf.encode())
    return "the audit portal embeds the report as `%s` — download link is in the pinned message instead" % (u[:R.randint(60, 140)] + "…")


def du_echo_decode():
    svg = svg_token()
    return code("$ echo '%s' | base64 -d\n%s" % (b64(svg.encode()), svg))


def du_wagmi_connector_meta():
    icons = ["data:image/svg+xml;base64," + b64(svg_token(ORG[:3].upper()).encode())]
    body = "metadata: {\n  name: \"%s\",\n  description: \"%s governance\",\n  url: \"https://app.%s.xyz\",\n  icons: %s,\n}," % (
        ORG.title(), ORG.title(), ORG, json.dumps(icons))
    return code(body, "ts")


def du_text_plain():
    txt = pick(["gm", "hello from the indexer", "ok", "pong", "ready"]) + "\n"
    return pick(["the healthcheck returns `data:text/plain;base64,%s`, which is why the probe thinks it's html",
                 "Healthcheck liefert `data:text/plain;base64,%s`", "le healthcheck renvoie `data:text/plain;base64,%s`",
                 "ヘルスチェックの応答は `data:text/plain;base64,%s`"]) % b64(txt.encode())


DU = [du_token_uri, du_decoded_meta, du_eip6963, du_rainbowkit, du_tokenlist, du_blockie_component, du_css_chain_icon,
      du_favicon, du_jupyter, du_sourcemap, du_solidity_render, du_csp_error, du_gif_pixel, du_pdf, du_echo_decode,
      du_wagmi_connector_meta, du_text_plain]

# ================================================================================================================
# NEGATIVES: placeholder_example
# ================================================================================================================
PH_KEYS = ["<YOUR_PRIVATE_KEY>", "0xYOUR_PRIVATE_KEY", "your-private-key-here", "${DEPLOYER_PRIVATE_KEY}", "", "0x...",
           "<redacted>", "[REDACTED]", "********", "CHANGE_ME", "0x<64 hex chars, never commit>"]
PH_MNEM = ["<your twelve word mnemonic>", "\"\"", "${MNEMONIC}", "[REDACTED]", "word1 word2 … word12 (placeholder)",
           "<set in 1Password, never here>"]
PH_API = ["YourApiKeyToken", "<ETHERSCAN_API_KEY>", "${ETHERSCAN_API_KEY}", "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "",
          "REPLACE_ME", "<redacted>"]


def ph_env_example():
    lines = ["# copy to .env and fill in — .env is gitignored",
             "PRIVATE_KEY=%s" % pick(PH_KEYS),
             "MNEMONIC=%s" % pick(PH_MNEM),
             "MAINNET_RPC_URL=https://eth-mainnet.g.alchemy.com/v2/%s" % pick(["${ALCHEMY_API_KEY}", "<ALCHEMY_KEY>", "your-api-key", "demo"]),
             "SEPOLIA_RPC_URL=https://sepolia.infura.io/v3/%s" % pick(["${INFURA_PROJECT_ID}", "<PROJECT_ID>", "YOUR_INFURA_ID"]),
             "ETHERSCAN_API_KEY=%s" % pick(PH_API),
             "BASESCAN_API_KEY=%s" % pick(PH_API)]
    if chance(0.5):
        lines.append("KEYSTORE_PASSWORD=%s" % pick(["", "changeme", "<from the vault>", "***"]))
    if chance(0.4):
        lines.append("SLACK_BOT_TOKEN=%s" % pick(["xoxb-your-bot-token", "xoxb-…", "xoxb-XXXXXXXXXXXX-XXXXXXXXXXXX-XXXXXXXXXXXXXXXXXXXXXXXX"]))
    if chance(0.4):
        lines.append("OPENAI_API_KEY=%s" % pick(["sk-...", "sk-proj-…", "sk-your-key-here"]))
    return pick([".env.example after cleanup:", ".env.example nach dem Aufräumen:", ".env.example nettoyé :", ".env.example limpio:",
                 "整理後の .env.example:", "清理后的 .env.example：", "정리된 .env.example:", "почищенный .env.example:"]) + "\n" + code("\n".join(lines), "bash")


def ph_hardhat_config():
    body = ('import { HardhatUserConfig, vars } from "hardhat/config";\nimport "@nomicfoundation/hardhat-toolbox-viem";\n\n'
            'const DEPLOYER_KEY = vars.get("DEPLOYER_KEY", "%s");\n\n'
            'const config: HardhatUserConfig = {\n  solidity: { version: "0.8.%d", settings: { optimizer: { enabled: true, runs: %d } } },\n'
            '  networks: {\n    sepolia: {\n      url: process.env.SEPOLIA_RPC_URL ?? "",\n      accounts: process.env.PRIVATE_KEY ? [process.env.PRIVATE_KEY] : [],\n    },\n'
            '    holesky: { url: "https://ethereum-holesky-rpc.publicnode.com", accounts: { mnemonic: process.env.MNEMONIC ?? "%s" } },\n  },\n'
            '  etherscan: { apiKey: { sepolia: process.env.ETHERSCAN_API_KEY ?? "%s" } },\n};\nexport default config;') % (
        pick(["", "0x", "<unset>"]), R.randint(20, 28), pick([200, 1000, 10000]),
        pick(["", "<mnemonic>"]), pick(["YourApiKeyToken", "", "<key>"]))
    return code(body, "ts")


def ph_foundry_toml():
    body = ('[profile.default]\nsrc = "src"\nout = "out"\nlibs = ["lib"]\nsolc = "0.8.%d"\noptimizer_runs = %d\n\n'
            '[rpc_endpoints]\nmainnet = "${MAINNET_RPC_URL}"\nsepolia = "${SEPOLIA_RPC_URL}"\nbase = "https://base-mainnet.g.alchemy.com/v2/${ALCHEMY_API_KEY}"\n\n'
            '[etherscan]\nmainnet = { key = "${ETHERSCAN_API_KEY}" }\nbase = { key = "${BASESCAN_API_KEY}", url = "https://api.basescan.org/api" }') % (
        R.randint(20, 28), pick([200, 1000, 20000]))
    return code(body, "toml")


def ph_cast_send_docs():
    t = pick([
        "don't pass keys on the command line, use the encrypted keystore:\n```\ncast wallet import deployer --interactive\ncast send {a} \"setKeeper(address,bool)\" {b} true --account deployer --rpc-url $RPC\n```\n(not `--private-key <KEY>` like the old README said)",
        "old README step, now removed: `forge script script/Deploy.s.sol --private-key $PRIVATE_KEY --broadcast` → we use `--ledger --sender {a}` now",
        "README: `export PRIVATE_KEY=<your key>` を使わず、`--account deployer`（暗号化キーストア）を使ってください",
        "README 更新：不要再用 `--private-key 0x...`，改用 `--ledger`",
        "Doku: statt `--private-key <KEY>` bitte `--account deployer` verwenden",
        "la doc disait `--private-key 0xVOTRE_CLE` — remplacé par `--ledger --mnemonic-indexes 0`",
        "README: `--private-key <TU_CLAVE>` ya no, usar `--account deployer`",
        "README: `--private-key <키>` 대신 `--account deployer` 사용",
        "в README было `--private-key <КЛЮЧ>`, теперь `--account deployer`"])
    return t.format(a=addr(), b=addr())


def ph_aws_docs():
    body = ("[profile snapshots]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nregion = %s" % pick(["eu-central-1", "us-east-1", "ap-northeast-1"]))
    return pick(["the chain-snapshot download doc uses the AWS example creds, replace with your SSO profile:",
                 "Snapshot-Doku (AWS-Beispielwerte):", "doc des snapshots (valeurs d'exemple AWS) :", "doc de snapshots (valores de ejemplo de AWS):",
                 "スナップショット取得手順（AWS のサンプル値）:", "快照下载文档（AWS 示例值）：", "스냅샷 문서 (AWS 예시 값):",
                 "дока по снапшотам (примерные значения AWS):"]) + "\n" + code(body, "ini")


def ph_vendor_prefixes():
    t = pick([
        "the audit-bot needs `ANTHROPIC_API_KEY=sk-ant-api03-...` and `OPENAI_API_KEY=sk-proj-…` in its env, both come from the secret manager",
        "Slack bot for governance alerts: `SLACK_BOT_TOKEN=xoxb-…` (bot) and never a user token `xoxp-…`",
        "CI uses a fine-grained PAT (`github_pat_…`), not a classic `ghp_xxxxxxxxxxxx`",
        "Bot-Konfig: `SLACK_BOT_TOKEN=xoxb-<token>`, `OPENAI_API_KEY=sk-…` — Werte aus dem Vault",
        "config du bot : `ANTHROPIC_API_KEY=sk-ant-...`, `GITHUB_TOKEN=ghp_...`",
        "configuración: `OPENAI_API_KEY=sk-xxxxxxxx`, `SLACK_BOT_TOKEN=xoxb-xxxx`",
        "ボット設定: `SLACK_BOT_TOKEN=xoxb-…` / `ANTHROPIC_API_KEY=sk-ant-…`（値は Vault）",
        "机器人配置：`OPENAI_API_KEY=sk-...`，`GITHUB_TOKEN=github_pat_...`",
        "봇 설정: `SLACK_BOT_TOKEN=xoxb-...`, `OPENAI_API_KEY=sk-...`",
        "настройки бота: `ANTHROPIC_API_KEY=sk-ant-…`, `SLACK_BOT_TOKEN=xoxb-…`"])
    return t


def ph_masked_kyc():
    t = pick([
        "fiat off-ramp dashboard shows the payout account as `DE** **** **** **** **%02d %02d` and the card as `•••• %04d` — that's all support needs",
        "KYC export is masked: SSN `***-**-%04d`, phone `+1 ***-***-%04d`, card `**** **** **** %04d`",
        "Auszahlungskonto: `IBAN DE•• •••• •••• •••• ••%02d %02d` (maskiert)",
        "compte de paiement masqué : `FR76 **** **** **** **** ***%02d %03d`",
        "cuenta enmascarada: `ES** **** **** **%02d %04d`",
        "マスク済み: カード `•••• %04d`、口座 `****%04d`",
        "已脱敏：卡号 `**** %04d`，账户 `****%04d`",
        "마스킹됨: 카드 `•••• %04d`, SSN `XXX-XX-%04d`",
        "замаскировано: карта `•••• %04d`, счёт `****%04d`"])
    n = t.count("%")
    vals = [R.randint(10, 99) if "%02d" in t and i == 0 else R.randint(1000, 9999) for i in range(n)]
    out = t
    for v in vals:
        m = re.search(r"%0(\d)d", out)
        out = out[:m.start()] + str(v % 10 ** int(m.group(1))).zfill(int(m.group(1))) + out[m.end():]
    return out


def ph_stripe_sandbox():
    return pick([
        "onramp sandbox: card `4242 4242 4242 4242`, any future expiry, any CVC — it's Stripe's test card, not a real one",
        "Sandbox-Testkarte: 4242424242424242 (Stripe-Testnummer), Ablauf beliebig",
        "carte de test Stripe pour la sandbox on-ramp : 4242 4242 4242 4242",
        "tarjeta de prueba de Stripe: 4242 4242 4242 4242, cualquier CVC",
        "オンランプのサンドボックスは Stripe のテストカード 4242 4242 4242 4242",
        "沙箱测试卡：4242 4242 4242 4242（Stripe 官方测试号）",
        "샌드박스 테스트 카드: 4242 4242 4242 4242",
        "тестовая карта Stripe: 4242 4242 4242 4242"])


def ph_textbook_iban():
    return pick([
        "SEPA off-ramp sandbox only accepts the textbook IBAN DE89370400440532013000 for test payouts",
        "für die Sandbox die Beispiel-IBAN DE89 3704 0044 0532 0130 00 verwenden",
        "en sandbox, utilisez l'IBAN d'exemple GB82 WEST 1234 5698 7654 32",
        "IBAN de ejemplo para sandbox: GB82WEST12345698765432",
        "サンドボックスでは教科書用 IBAN DE89370400440532013000 を使う",
        "沙箱用示例 IBAN：GB82 WEST 1234 5698 7654 32"])


def ph_default_dsn():
    t = pick([
        "graph-node's docker-compose default: `postgresql://graph-node:let-me-in@postgres:5432/graph-node` — fine for local only",
        "ponder dev db: `DATABASE_URL=postgres://postgres:postgres@localhost:5432/ponder`",
        "queue for the indexer: `amqp://guest:guest@localhost:5672/` (rabbitmq default)",
        "local anvil + redis: `REDIS_URL=redis://localhost:6379/0`, `RPC_URL=http://127.0.0.1:8545`",
        "Template: `postgres://<user>:<password>@<host>:5432/<db>`",
        "Blockscout lokal: `DATABASE_URL=postgresql://postgres:postgres@db:5432/blockscout`",
        "la chaîne de connexion type : `postgresql://USER:PASSWORD@HOST:5432/subgraphs`",
        "plantilla: `mongodb+srv://<usuario>:<contraseña>@<cluster>/indexer`",
        "ローカル用: `postgres://postgres:postgres@localhost:5432/indexer`",
        "本地默认：`postgresql://graph-node:let-me-in@localhost:5432/graph-node`",
        "로컬 기본값: `amqp://guest:guest@localhost:5672/`",
        "шаблон: `postgres://<user>:<password>@<host>/<db>`"])
    return t


def ph_redacted_logs():
    lines = []
    t = epoch_ts()
    for _ in range(R.randint(3, 6)):
        t += R.randint(1, 40)
        lines.append("%s %s signer: %s" % (iso(t), pick(["INFO", "DEBUG", "WARN"]), pick([
            "loaded key for %s from keystore (privateKey=[REDACTED])" % addr(),
            "mnemonic=<redacted> derivation_path=m/44'/60'/0'/0/%d" % R.randint(0, 9),
            "Authorization: Bearer ***",
            "rpc_url=https://eth-mainnet.g.alchemy.com/v2/**** chain_id=1",
            "KEYSTORE_PASSWORD=[FILTERED]",
            "web3signer tls keystore password: (sensitive value)",
            "api_key=%s…%s (masked)" % (hx(4), hx(4))])))
    return code("\n".join(lines))


def ph_gha():
    body = ("- name: Deploy\n  env:\n    PRIVATE_KEY: ${{ secrets.DEPLOYER_PRIVATE_KEY }}\n    ETHERSCAN_API_KEY: ${{ secrets.ETHERSCAN_API_KEY }}\n"
            "    RPC_URL: ${{ vars.SEPOLIA_RPC_URL }}\n  run: forge script script/Deploy.s.sol --rpc-url \"$RPC_URL\" --broadcast --verify")
    return code(body, "yaml")


def ph_k8s_secret():
    body = ("apiVersion: v1\nkind: Secret\nmetadata:\n  name: %s\ntype: Opaque\nstringData:\n  RPC_API_KEY: \"REPLACE_ME\"\n"
            "  SIGNER_KEYSTORE_PASSWORD: \"\"  # injected by external-secrets\n  SLACK_WEBHOOK_URL: \"<set-by-eso>\"") % pick(["keeper-secrets", "indexer-env", "relayer-config"])
    return code(body, "yaml")


def ph_addresses():
    return pick([
        "fee recipient is still `0x0000000000000000000000000000000000000000` on base — set it before the launch",
        "burn address is `0x000000000000000000000000000000000000dEaD`, not the zero address",
        "placeholder in the deploy config: `owner: 0xYourSafeAddressHere`",
        "Platzhalter: `treasury = address(0)` — muss vor dem Deploy gesetzt werden",
        "placeholder : `SAFE_ADDRESS=0x…` dans le .env",
        "marcador: `RECIPIENT=0x0000000000000000000000000000000000000001`",
        "プレースホルダ `0x0000000000000000000000000000000000000000` のまま",
        "地址占位：`0xYourAddress`",
        "자리표시자: `FEE_TO=0x0000000000000000000000000000000000000000`",
        "заглушка: `OWNER=0x0000000000000000000000000000000000000000`"])


def ph_jwt_placeholder():
    return pick([
        "the indexer API wants `Authorization: Bearer <JWT>` — get one from the dashboard, don't paste it here",
        "example from their docs: `curl -H \"Authorization: Bearer eyJhbGciOi...\" https://api.example.com/v1/blocks`",
        "Engine API: `--authrpc.jwtsecret /secrets/jwt.hex` on both clients (the file, not its contents)",
        "Beispiel: `Authorization: Bearer <token>`", "exemple : `Authorization: Bearer eyJ…(tronqué)`",
        "ejemplo: `Authorization: Bearer <tu-jwt>`", "例: `Authorization: Bearer <JWT>`", "示例：`Authorization: Bearer <JWT>`",
        "예시: `Authorization: Bearer <JWT>`", "пример: `Authorization: Bearer <JWT>`"])


def ph_keystore_redacted():
    d = {"address": hx(40), "crypto": {"cipher": "aes-128-ctr", "ciphertext": "<redacted>", "cipherparams": {"iv": "<redacted>"},
                                       "kdf": "scrypt", "kdfparams": {"dklen": 32, "n": 262144, "p": 1, "r": 8, "salt": "<redacted>"},
                                       "mac": "<redacted>"}, "id": "<uuid>", "version": 3}
    return pick(["shape of a v3 keystore (values stripped) for the docs:", "Struktur eines v3-Keystores (Werte entfernt):",
                 "structure d'un keystore v3 (valeurs retirées) :", "estructura de un keystore v3 (sin valores):",
                 "v3 キーストアの構造（値は削除済み）:", "v3 keystore 结构（已去掉值）：", "v3 키스토어 구조 (값 제거):",
                 "структура keystore v3 (значения убраны):"]) + "\n" + code(json.dumps(d, indent=2), "json")


def ph_web3signer():
    body = ("type: \"file-keystore\"\nkeyType: \"BLS\"\nkeystoreFile: \"/keys/validator_%s.json\"\nkeystorePasswordFile: \"/secrets/%s.txt\"  # mounted from the secret store" % (hx(8), hx(8)))
    return code(body, "yaml")


def ph_empty_values():
    return code("\n".join(pick([["PRIVATE_KEY=", "MNEMONIC=", "ETHERSCAN_API_KEY="], ["password: \"\"", "api_key: null", "token: ~"],
                                ["DB_PASS=", "GF_SECURITY_ADMIN_PASSWORD=", "REDIS_PASSWORD="]])))


def ph_aws_fake_prefix():
    return pick(["the snapshot bucket policy example in the runbook uses `AKIA...` / `<secret>` as stand-ins",
                 "Runbook nutzt `AKIA<16 Zeichen>` als Platzhalter", "le runbook utilise `AKIA****************`",
                 "el runbook usa `AKIA…` como marcador", "手順書では `AKIA...` をダミーとして使用"])


PH = [ph_env_example, ph_hardhat_config, ph_foundry_toml, ph_cast_send_docs, ph_aws_docs, ph_vendor_prefixes,
      ph_masked_kyc, ph_stripe_sandbox, ph_textbook_iban, ph_default_dsn, ph_redacted_logs, ph_gha, ph_k8s_secret,
      ph_addresses, ph_jwt_placeholder, ph_keystore_redacted, ph_web3signer, ph_empty_values, ph_aws_fake_prefix]

# ================================================================================================================
# NEGATIVES: code_identifier
# ================================================================================================================
ID_WORDS = ["Secret", "Signer", "Key", "Private", "Mnemonic", "Seed", "Password", "Token", "Nonce", "Permit", "Signature",
            "Digest", "Hash", "Salt", "Commit", "Reveal", "Vault", "Keystore", "Session", "Auth", "Api", "Credential"]


def camel(n=3, lower_first=True):
    ws = [pick(ID_WORDS) for _ in range(n)]
    s = "".join(ws)
    return s[0].lower() + s[1:] if lower_first else s


def ci_solidity_commit_reveal():
    c = pick(CONTRACTS)
    body = ("// SPDX-License-Identifier: BUSL-1.1\npragma solidity 0.8.%d;\n\n"
            "contract %s {\n    mapping(address => bytes32) private _secretHashOf;\n    mapping(address => uint256) public revealDeadline;\n"
            "    bytes32 private constant REVEAL_TYPEHASH = keccak256(\"Reveal(bytes32 secret,bytes32 salt,uint256 nonce)\");\n\n"
            "    error CommitmentMismatch(bytes32 expected);\n    error RevealWindowClosed(uint256 deadline);\n\n"
            "    function commit(bytes32 secretHash) external {\n        _secretHashOf[msg.sender] = secretHash;\n        revealDeadline[msg.sender] = block.timestamp + REVEAL_WINDOW;\n    }\n\n"
            "    function reveal(bytes32 secret, bytes32 salt) external {\n        bytes32 expected = _secretHashOf[msg.sender];\n"
            "        if (keccak256(abi.encodePacked(secret, salt, msg.sender)) != expected) revert CommitmentMismatch(expected);\n"
            "        if (block.timestamp > revealDeadline[msg.sender]) revert RevealWindowClosed(revealDeadline[msg.sender]);\n"
            "        delete _secretHashOf[msg.sender];\n        _settle(msg.sender, secret);\n    }\n}") % (R.randint(20, 28), c)
    return pick(["commit-reveal for the sealed-bid auction, naming ok?", "Commit-Reveal-Entwurf:", "brouillon commit-reveal :",
                 "borrador commit-reveal:", "コミット・リビールの下書き:", "commit-reveal 草稿：", "커밋-리빌 초안:",
                 "черновик commit-reveal:"]) + "\n" + code(body, "solidity")


def ci_solidity_sigcheck():
    body = ("function _verifySigner(bytes32 digest, bytes calldata signature) internal view returns (address signer) {\n"
            "    signer = ECDSA.recover(MessageHashUtils.toEthSignedMessageHash(digest), signature);\n"
            "    if (!isAuthorizedSigner[signer]) revert InvalidSignature();\n"
            "    if (usedSignatureDigest[digest]) revert SignatureReplayed(digest);\n}\n\n"
            "function rotateSignerKey(address oldSignerKey, address newSignerKey) external onlyRole(SIGNER_ADMIN_ROLE) {\n"
            "    isAuthorizedSigner[oldSignerKey] = false;\n    isAuthorizedSigner[newSignerKey] = true;\n    emit SignerKeyRotated(oldSignerKey, newSignerKey);\n}")
    return code(body, "solidity")


def ci_forge_trace():
    c = pick(CONTRACTS)
    err = pick(ERROR_SIGS)
    lines = ["[FAIL: %s] test_%s() (gas: %d)" % (err.split("(")[0] + ("()" if err.endswith("()") else "(...)"), (tn := pick(["revert", "fuzz", "fork"]) + "_" + camel(2)), R.randint(30000, 900000)),
             "Traces:", "  [%d] %sTest::test_%s()" % (R.randint(30000, 900000), c, tn),
             "    ├─ [0] VM::prank(%s)" % pick(["signer", "attacker", "keeper", "user1"]) + ": [%s]" % addr(),
             "    │   └─ ← [Return]",
             "    ├─ [%d] %s::%s(%s)" % (R.randint(2000, 90000), c, pick(["claimWithSignature", "executeWithPermit", "revealSecret", "withdrawWithSig"]), short(h32(), 6)),
             "    │   ├─ [3000] PRECOMPILES::ecrecover(%s, 28, %s, %s) [staticcall]" % (short(h32(), 6), short(h32(), 6), short(h32(), 6)),
             "    │   │   └─ ← [Return] %s" % addr(),
             "    │   └─ ← [Revert] %s" % err.split("(")[0] + "()",
             "    └─ ← [Revert] %s" % err.split("(")[0] + "()", "",
             "Suite result: FAILED. %d passed; 1 failed; 0 skipped; finished in %.2fms" % (R.randint(3, 80), R.uniform(5, 900))]
    return code("\n".join(lines))


def ci_viem_ts():
    body = ('import { createWalletClient, http } from "viem";\nimport { privateKeyToAccount } from "viem/accounts";\n\n'
            "const signerPrivateKey = process.env.%s as `0x${string}` | undefined;\n"
            'if (!signerPrivateKey) throw new Error("%s is not set");\n'
            "const account = privateKeyToAccount(signerPrivateKey);\n"
            "export const relayerWalletClient = createWalletClient({ account, chain: %s, transport: http(process.env.RPC_URL) });") % (
        (v := pick(["RELAYER_PRIVATE_KEY", "KEEPER_SIGNER_KEY", "DEPLOYER_PK"])), v, pick(["mainnet", "base", "arbitrum", "sepolia"]))
    return code(body, "ts")


def ci_web3py():
    body = ("import os\nfrom web3 import Web3\nfrom eth_account import Account\n\n"
            "w3 = Web3(Web3.HTTPProvider(os.environ[\"RPC_URL\"]))\n"
            "keeper_account = Account.from_key(os.environ[\"%s\"])\n"
            "def sign_and_send(tx: dict) -> str:\n    signed = keeper_account.sign_transaction(tx)\n"
            "    return w3.eth.send_raw_transaction(signed.raw_transaction).hex()") % pick(["KEEPER_PRIVATE_KEY", "HARVESTER_KEY", "BOT_SIGNER_KEY"])
    return code(body, "python")


def ci_rust_alloy():
    body = ("let signer_key_env = std::env::var(\"%s\").context(\"missing signer key env\")?;\n"
            "let signer: PrivateKeySigner = signer_key_env.parse()?;\n"
            "let wallet = EthereumWallet::from(signer);\n"
            "let provider = ProviderBuilder::new().with_recommended_fillers().wallet(wallet).on_http(rpc_url.parse()?);") % pick(["BUNDLER_SIGNER_KEY", "SEQUENCER_KEY", "ORACLE_SIGNER_PRIVATE_KEY"])
    return code(body, "rust")


def ci_go_geth():
    body = ("keyHex := os.Getenv(\"%s\")\nprivateKey, err := crypto.HexToECDSA(strings.TrimPrefix(keyHex, \"0x\"))\n"
            "if err != nil {\n\treturn fmt.Errorf(\"parse signer key: %%w\", err)\n}\n"
            "auth, err := bind.NewKeyedTransactorWithChainID(privateKey, big.NewInt(%d))") % (pick(["ORACLE_KEY", "FEEDER_PRIVATE_KEY"]), pick(CHAINS)[1])
    return code(body, "go")


def ci_method_ids():
    d = {}
    for s in R.sample(FN_SIGS, R.randint(5, 10)):
        d[s] = sel(s)
    return "$ forge inspect %s methodIdentifiers\n" % pick(CONTRACTS) + code(json.dumps(d, indent=2), "json")


def ci_error_selectors():
    rows = ["| error | selector |", "|---|---|"] + ["| `%s` | `0x%s` |" % (e, sel(e)) for e in R.sample(ERROR_SIGS, R.randint(4, 8))]
    return pick(["custom errors → selectors, for the frontend error map:", "Fehler-Selektoren:", "sélecteurs d'erreurs :",
                 "selectores de errores:", "カスタムエラーのセレクタ:", "自定义错误选择器：", "커스텀 에러 셀렉터:", "селекторы ошибок:"]) + "\n" + "\n".join(rows)


def ci_hardhat_error():
    e = pick(ERROR_SIGS)
    return code("Error: VM Exception while processing transaction: reverted with custom error '%s'\n"
                "    at %s.%s (contracts/%s.sol:%d)\n    at %s.%s (contracts/libraries/%s.sol:%d)\n"
                "    at HardhatNode._mineBlockWithPendingTxs (node_modules/hardhat/src/internal/hardhat-network/provider/node.ts:%d:%d)" % (
                    e.split("(")[0] + "(" + ", ".join(str(R.randint(1, 10 ** 9)) for _ in range(e.count(",") + (0 if e.endswith("()") else 1))) + ")",
                    (c := pick(CONTRACTS)), camel(2), c, R.randint(40, 900), pick(["SignatureChecker", "SecretLib", "KeyDerivation"]), camel(3),
                    pick(["SignatureChecker", "SecretLib", "KeyDerivation"]), R.randint(10, 300), R.randint(1000, 2600), R.randint(5, 60)))


def ci_compile_error():
    return code("Error (7576): Undeclared identifier. Did you mean \"%s\" or \"%s\"?\n  --> src/%s.sol:%d:%d:\n   |\n%d |         bytes32 digest = _hashTypedDataV4(keccak256(abi.encode(%s, signer, nonce)));\n   |                                                                ^^^^^^^^^^^^^^^" % (
        camel(2, False).upper(), camel(3), pick(CONTRACTS), (ln := R.randint(40, 400)), R.randint(10, 60), ln, pick(["PERMIT_SECRET_TYPEHASH", "SESSION_KEY_TYPEHASH", "SIGNER_NONCE_TYPEHASH"])))


def ci_storage_layout():
    rows = ["| Name | Type | Slot | Offset | Bytes |", "|---|---|---|---|---|"]
    for n, t in [("_owner", "address"), ("_secretHashOf", "mapping(address => bytes32)"), ("signerKeyVersion", "uint64"),
                 ("_usedNonces", "mapping(address => mapping(uint256 => bool))"), ("sessionKeyExpiry", "mapping(address => uint48)"),
                 ("apiKeyRegistry", "address"), ("_passwordlessLoginEnabled", "bool")]:
        if chance(0.8):
            rows.append("| %s | %s | %d | 0 | %d |" % (n, t, len(rows) - 2, 32 if "mapping" in t else 20))
    return "$ forge inspect %s storageLayout --pretty\n" % pick(CONTRACTS) + "\n".join(rows)


def ci_typechain():
    files = ["typechain-types/factories/contracts/%s__factory.ts" % c for c in R.sample(CONTRACTS, 4)]
    files += ["typechain-types/contracts/interfaces/ISignerKeyRegistry.ts", "typechain-types/contracts/libraries/SecretHashLib.ts"]
    return code("\n".join(files))


def ci_subgraph():
    body = ("type SecretCommitment @entity(immutable: true) {\n  id: Bytes!\n  committer: Bytes!\n  secretHash: Bytes!\n  revealed: Boolean!\n  blockNumber: BigInt!\n}\n\n"
            "type SignerKeyRotation @entity(immutable: true) {\n  id: Bytes!\n  oldSignerKey: Bytes!\n  newSignerKey: Bytes!\n  timestamp: BigInt!\n}")
    return code(body, "graphql") + "\n" + pick(["handlers: `handleSecretCommitted`, `handleSignerKeyRotated`", "Handler: `handleSecretRevealed`", ""])


def ci_oz_manifest():
    d = {"manifestVersion": "3.2", "proxies": [{"address": addr(), "txHash": h32(), "kind": "uups"}],
         "impls": {hx(64): {"address": addr(), "txHash": h32(),
                             "layout": {"solcVersion": "0.8.%d" % R.randint(20, 28), "storage": [
                                 {"label": "_signerKeyHash", "offset": 0, "slot": "0", "type": "t_bytes32", "contract": pick(CONTRACTS)},
                                 {"label": "_sessionSecrets", "offset": 0, "slot": "1", "type": "t_mapping(t_address,t_bytes32)"}]}}}}
    return ".openzeppelin/%s.json (excerpt):\n" % pick(["mainnet", "base", "unknown-%d" % pick(CHAINS)[1]]) + code(json.dumps(d, indent=2), "json")


def ci_k8s_pods():
    rows = ["NAME                                   READY   STATUS    RESTARTS   AGE"]
    for n in ["geth-0", "geth-1", "lighthouse-bn-0", "web3signer-%s-%s" % (hx(10), rs(5, string.ascii_lowercase + string.digits)),
              "keeper-bot-%s-%s" % (hx(10), rs(5, string.ascii_lowercase + string.digits)), "secret-rotator-%d-%s" % (R.randint(28000000, 29999999), rs(5, string.ascii_lowercase)),
              "graph-node-%s-%s" % (hx(9), rs(5, string.ascii_lowercase + string.digits))]:
        rows.append("%-38s %-7s %-9s %-10d %dd" % (n, "1/1", pick(["Running", "Running", "Completed"]), R.randint(0, 4), R.randint(1, 90)))
    return "$ kubectl -n %s get pods\n" % pick(["eth-mainnet", "validators", "indexers"]) + code("\n".join(rows))


def ci_slither():
    lines = []
    for _ in range(R.randint(2, 5)):
        lines.append("%s.%s(bytes32,bytes) (src/%s.sol#%d-%d) %s" % (
            pick(CONTRACTS), camel(3), pick(CONTRACTS), (a := R.randint(20, 400)), a + R.randint(5, 40),
            pick(["uses a weak PRNG", "ignores return value by IERC20(token).transfer(to,amount)",
                  "sends eth to arbitrary user", "uses timestamp for comparisons", "has external calls inside a loop"])))
        lines.append("Reference: https://github.com/crytic/slither/wiki/Detector-Documentation#%s" % pick(["weak-PRNG", "unchecked-transfer", "arbitrary-send-eth", "timestamp", "calls-loop"]))
    return code("\n".join(lines))


def ci_terraform():
    rows = ["aws_kms_key.%s" % pick(["oracle_signer", "relayer_signer", "keeper_signer"]),
            "aws_kms_alias.%s" % pick(["oracle_signer", "relayer_signer"]),
            "aws_secretsmanager_secret.%s" % pick(["rpc_api_key", "etherscan_api_key", "validator_keystore_password"]),
            "aws_secretsmanager_secret_version.%s" % pick(["rpc_api_key", "grafana_admin_password"]),
            "module.validators.aws_instance.web3signer[%d]" % R.randint(0, 3),
            "module.rpc.aws_lb_listener.https"]
    return "$ terraform state list | grep -E 'kms|secret|signer'\n" + code("\n".join(rows))


def ci_rust_backtrace():
    lines = ["thread 'tokio-runtime-worker' panicked at crates/signer/src/keystore.rs:%d:%d:" % (R.randint(40, 400), R.randint(5, 60)),
             "called `Result::unwrap()` on an `Err` value: DecryptKeystore(MacMismatch)", "stack backtrace:"]
    for i, f in enumerate(["reth_signer::keystore::LocalKeystore::decrypt_secret_key", "reth_signer::SignerRegistry::load_signer_keys",
                           "op_batcher::driver::BatchSubmitter::start", "tokio::runtime::task::core::Core<T,S>::poll"]):
        lines.append("  %2d: 0x%012x - %s::h%s" % (i + 3, R.randrange(1 << 44), f, hx(16)))
    return code("\n".join(lines))


def ci_cheatcodes():
    body = ("function setUp() public {\n    (signer, signerPk) = makeAddrAndKey(\"signer\");\n    deployer = vm.rememberKey(vm.envUint(\"DEPLOYER_PRIVATE_KEY\"));\n"
            "    vault = new %s(signer);\n}\n\nfunction test_claimWithSignature() public {\n"
            "    bytes32 digest = vault.hashClaim(user1, 1e18, vault.nonces(user1));\n    (uint8 v, bytes32 r, bytes32 s) = vm.sign(signerPk, digest);\n"
            "    vault.claimWithSignature(user1, 1e18, abi.encodePacked(r, s, v));\n}") % pick(CONTRACTS)
    return code(body, "solidity")


def ci_vyper():
    body = ("@external\ndef rotate_signer_key(new_signer_key: address):\n    assert msg.sender == self.admin, \"admin only\"\n"
            "    log SignerKeyRotated(self.signer_key, new_signer_key)\n    self.signer_key = new_signer_key\n    self.signer_key_version += 1")
    return code(body, "python")


def ci_identifiers_line():
    ids = [camel(R.randint(2, 4)) for _ in range(R.randint(3, 6))]
    return pick(["renamed in the PR: ", "umbenannt: ", "renommés : ", "renombrados: ", "PR でリネーム: ", "本 PR 重命名：", "PR에서 이름 변경: ", "переименовано: "]) + ", ".join("`%s`" % i for i in ids)


CI = [ci_solidity_commit_reveal, ci_solidity_sigcheck, ci_forge_trace, ci_viem_ts, ci_web3py, ci_rust_alloy, ci_go_geth,
      ci_method_ids, ci_error_selectors, ci_hardhat_error, ci_compile_error, ci_storage_layout, ci_typechain, ci_subgraph,
      ci_oz_manifest, ci_k8s_pods, ci_slither, ci_terraform, ci_rust_backtrace, ci_cheatcodes, ci_vyper, ci_identifiers_line]

# ================================================================================================================
# NEGATIVES: talk_about_secrets
# ================================================================================================================
TALK = {
    "en": ["never paste a seed phrase in Slack, not even a testnet one — the bot can't tell the difference",
           "the deployer key is now on a Ledger; the old hot key was retired and its balance swept to the treasury safe",
           "we're rotating the Alchemy key tonight because it was baked into the frontend bundle",
           "the Etherscan API key lives in the CI secret store, ask #infra if your job can't see it",
           "postmortem: a private key was committed to a fork of the repo for ~40 minutes; the wallet was drained by a sweeper bot within 90 seconds",
           "reminder: the multisig signers must never share a device or a password manager vault",
           "the validator keystore passwords are in the HSM-backed vault, not in the helm values",
           "who has access to the jwt secret between geth and lighthouse? it should only be the two pods",
           "the audit flagged that the relayer logs full RPC URLs including the provider key — fix is in review",
           "if you think you leaked a key, say so in #sec-incident right away, no blame",
           "payroll: don't post SSNs or bank details for contractors here, use the HR portal",
           "the KYC vendor stores passports and phone numbers; we only keep the verification status",
           "the session key for the game contract expires after 24h and can only call two selectors",
           "please stop DMing API tokens to each other, share a vault item instead",
           "rotated the Slack bot token after the app reinstall, nothing else changed",
           "the OpenAI key for the proposal summarizer has a monthly cap and is scoped to one project"],
    "de": ["Bitte niemals eine Seed-Phrase in Slack posten, auch nicht fürs Testnet.",
           "Der Deployer-Schlüssel liegt jetzt auf einem Hardware-Wallet, der alte Hot-Key ist stillgelegt.",
           "Wir rotieren heute Abend den RPC-API-Key, er war im Frontend-Bundle sichtbar.",
           "Die Keystore-Passwörter der Validatoren liegen im Vault, nicht in den Helm-Values.",
           "Wenn ihr glaubt, einen Schlüssel geleakt zu haben: sofort in #sec-incident melden.",
           "Keine IBANs oder Steuer-IDs von Auftragnehmern hier posten, bitte das HR-Portal nutzen."],
    "fr": ["Ne collez jamais de phrase mnémonique dans Slack, même pour le testnet.",
           "La clé du déployeur est maintenant sur un Ledger ; l'ancienne clé chaude est retirée.",
           "On fait tourner la clé API du RPC ce soir, elle était exposée dans le bundle.",
           "Les mots de passe des keystores sont dans le coffre, pas dans le dépôt.",
           "Si vous pensez avoir fuité une clé, signalez-le tout de suite dans #sec-incident.",
           "Pas de numéros de carte ni d'IBAN ici, merci d'utiliser le portail finance."],
    "es": ["Nunca peguéis una frase semilla en Slack, ni siquiera de testnet.",
           "La clave del deployer ya está en una hardware wallet; la clave caliente antigua se retiró.",
           "Rotamos la API key del RPC esta noche porque estaba en el bundle del frontend.",
           "Las contraseñas de los keystores de validadores están en el vault.",
           "Si creéis que se filtró una clave, avisad en #sec-incident enseguida.",
           "No publiquéis números de seguridad social ni teléfonos de contratistas aquí."],
    "pt": ["Nunca colem uma seed phrase no Slack, nem de testnet.",
           "A chave do deployer agora está numa hardware wallet; a chave quente antiga foi aposentada.",
           "Vamos rotacionar a chave da API do RPC hoje, ela vazou no bundle do frontend.",
           "As senhas dos keystores ficam no cofre, não no repositório.",
           "Se acharem que vazou uma chave, avisem no #sec-incident na hora."],
    "it": ["Non incollate mai una seed phrase su Slack, nemmeno di testnet.",
           "La chiave del deployer ora è su un hardware wallet; quella calda è stata dismessa.",
           "Stasera ruotiamo la API key dell'RPC, era finita nel bundle.",
           "Le password dei keystore stanno nel vault, non nel repo."],
    "ja": ["シードフレーズは Slack に絶対に貼らないでください。テストネット用でも同じです。",
           "デプロイ用の鍵はハードウェアウォレットに移しました。旧ホットキーは廃止済みです。",
           "RPC の API キーがフロントエンドのバンドルに含まれていたので、今夜ローテーションします。",
           "バリデータのキーストアのパスワードは Vault にあります。Helm の values には入れないでください。",
           "鍵を漏らしたかもと思ったら、すぐに #sec-incident で共有してください。責めません。"],
    "zh": ["请不要在 Slack 里粘贴助记词，测试网的也不行。",
           "部署密钥已经迁移到硬件钱包，旧的热钱包私钥已停用并把余额转回金库多签。",
           "RPC 的 API key 被打包进了前端，今晚轮换。",
           "验证者 keystore 的密码放在 Vault 里，不要写进 helm values。",
           "如果怀疑泄露了密钥，立刻在 #sec-incident 说明，不追责。"],
    "ko": ["시드 문구는 테스트넷용이라도 절대 Slack에 붙여넣지 마세요.",
           "배포 키는 이제 하드웨어 지갑에 있고, 예전 핫 키는 폐기했습니다.",
           "RPC API 키가 프론트엔드 번들에 포함돼서 오늘 밤 교체합니다.",
           "검증자 키스토어 비밀번호는 Vault에 있습니다. helm values에 넣지 마세요."],
    "ru": ["Никогда не вставляйте сид-фразу в Slack, даже от тестнета.",
           "Ключ деплоера теперь на аппаратном кошельке, старый горячий ключ выведен из использования.",
           "Сегодня ночью ротируем API-ключ RPC — он попал в бандл фронтенда.",
           "Пароли от keystore валидаторов лежат в Vault, а не в helm values.",
           "Если кажется, что ключ утёк, сразу пишите в #sec-incident."],
}


def ts_sentence():
    lang = pick(LANGS)
    return pick(TALK[lang])


def ts_postmortem():
    t0 = epoch_ts()
    lines = ["*Postmortem — %s: hot wallet drained (%s ETH)*" % (day(t0), eth_amt()),
             "• %s UTC — a `.env` with the keeper's private key was pushed to a public fork" % iso(t0, False)[11:16],
             "• +%ds — sweeper bot moved the balance to %s" % (R.randint(8, 120), addr()),
             "• +%dm — keeper role revoked via the emergency safe (tx %s)" % (R.randint(5, 40), short(h32(), 6)),
             "• root cause: pre-commit secret scanning was disabled on forks",
             "• actions: keys only in KMS, gitleaks in CI, no raw keys in env files, rotate every keeper key"]
    return "\n".join(lines)


def ts_runbook():
    return "\n".join([pick(["*Runbook: leaked key or token*", "*Runbook: geleakter Schlüssel*", "*Runbook : fuite de clé*",
                            "*ランブック: 鍵漏洩時*", "*应急手册：密钥泄露*", "*런북: 키 유출*", "*Ранбук: утечка ключа*"]),
                      "1. don't delete the message first — screenshot the scope (channel, time), then ask an admin to delete it",
                      "2. revoke/rotate at the source (provider dashboard, KMS, Safe owner swap)",
                      "3. for wallet keys: move funds and roles, assume the key is burned forever",
                      "4. check the audit log for use between leak and revoke",
                      "5. write it up in #sec-incident"])


def ts_faq():
    q = pick([
        ("Q: can I share my testnet private key with the QA team?", "A: no — create a fresh funded account for them via the faucet script"),
        ("Q: where is the Grafana admin password?", "A: in the vault under infra/grafana, you need the oncall group"),
        ("Q: is a seed phrase on a metal plate in the office safe enough for the cold wallet?", "A: it's one of three shares; the other two are off-site"),
        ("Q: our frontend needs the RPC key, isn't that exposed anyway?", "A: yes, so it's a separate key with origin allowlisting and a low rate limit"),
        ("F: Darf ich den Testnet-Schlüssel teilen?", "A: Nein, bitte ein neues Konto über das Faucet-Skript anlegen."),
        ("Q : où est le mot de passe admin de Grafana ?", "R : dans le coffre, groupe oncall requis."),
        ("P: ¿puedo compartir la clave de testnet con QA?", "R: no, crea una cuenta nueva con el script del faucet."),
        ("Q: テストネット用の秘密鍵を QA に共有していい？", "A: ダメです。faucet スクリプトで新しいアカウントを作ってください。"),
        ("问：测试网私钥可以发给 QA 吗？", "答：不行，用 faucet 脚本给他们建新账户。"),
        ("Q: 테스트넷 개인키를 QA와 공유해도 되나요?", "A: 안 됩니다. faucet 스크립트로 새 계정을 만드세요."),
        ("В: можно ли дать QA приватный ключ от тестнета?", "О: нет, создайте им новый аккаунт через скрипт faucet.")])
    return q[0] + "\n" + q[1]


def ts_audit_excerpt():
    fid = "%s-%02d" % (pick(["H", "M", "L", "I"]), R.randint(1, 12))
    return pick([
        "> **{f}: Signature replay across chains.** `{c}.claimWithSignature` does not include `block.chainid` in the signed digest, so a signature issued for a testnet deployment can be replayed on mainnet. Recommendation: use EIP-712 with a domain separator that includes chainId and the verifying contract.",
        "> **{f}: Keeper key stored in plaintext environment.** The off-chain keeper loads its signing key from an environment variable. Anyone with read access to the pod spec can extract it. Recommendation: use a KMS-backed signer.",
        "> **{f}: Missing nonce invalidation.** Users cannot cancel an outstanding permit; a leaked signature stays valid until the deadline.",
        "> **{f}: Admin password for the monitoring stack is the vendor default.** Not exploitable on-chain but grants read access to node metrics and RPC logs.",
        "> **{f} : Réutilisation de signature.** La signature n'inclut pas le chainId ; recommandation : EIP-712 avec séparateur de domaine.",
        "> **{f}: 署名のリプレイ.** 署名対象に chainId が含まれていないため、テストネット用の署名をメインネットで再利用できる。",
        "> **{f}：签名可跨链重放。** 摘要未包含 chainId，建议使用带 domain separator 的 EIP-712。"]).format(f=fid, c=pick(CONTRACTS))


def ts_policy_table():
    rows = ["| secret | where it lives | rotation |", "|---|---|---|",
            "| deployer key | hardware wallet (cold) | never exported |",
            "| keeper/relayer keys | KMS (secp256k1) | on incident |",
            "| RPC provider keys | secret manager | 90 days |",
            "| Etherscan/Basescan keys | CI secrets | 180 days |",
            "| validator keystore passwords | vault + web3signer | on operator change |",
            "| Slack bot token | secret manager | on reinstall |"]
    R.shuffle(rows[2:])
    return pick(["where our secrets live (no values here, obviously):", "Wo unsere Secrets liegen (ohne Werte):",
                 "où vivent nos secrets (sans valeurs) :", "dónde viven los secretos (sin valores):", "シークレットの保管場所（値なし）:",
                 "密钥存放位置（不含值）：", "시크릿 보관 위치 (값 없음):", "где хранятся секреты (без значений):"]) + "\n" + "\n".join(rows[:2] + sorted(rows[2:], key=lambda _: R.random()))


def ts_scanner_talk():
    return pick([
        "the new pre-commit hook looks for 64-hex strings next to words like `key` or `pk`, which is noisy because every tx hash is 64 hex",
        "gitleaks flagged `keccak256(\"SIGNER_ROLE\")` as a generic secret again, adding an allowlist entry",
        "should the redaction bot treat wallet addresses as PII? they're public, but they do link to a person",
        "Der Scanner meldet jede Tx-Hash als möglichen privaten Schlüssel — zu viele False Positives.",
        "le scanner confond les hash de transaction avec des clés privées, trop de faux positifs",
        "el escáner marca cada hash de transacción como posible clave privada",
        "スキャナがトランザクションハッシュを秘密鍵と誤検知しまくってる",
        "扫描器把交易哈希都当成私钥了，误报太多",
        "스캐너가 트랜잭션 해시를 개인키로 오탐합니다",
        "сканер считает каждый хеш транзакции приватным ключом — слишком много ложных срабатываний"])


def ts_qa_thread():
    a = pick(["is it ok to keep the testnet deployer mnemonic in the repo since it only holds faucet ETH?",
              "can someone send me the keystore password for the staging signer?",
              "do we need the contractor's tax number to pay the audit invoice in USDC?",
              "where do I get an API key for the archive node?"])
    b = pick(["no — same rule as mainnet, it goes in the secret manager", "not over Slack. request access in the vault and it's yours in a minute",
              "finance handles that through the portal, we never see it", "ask in #infra, they'll create a scoped one for you"])
    return "> %s\n%s" % (a, b)


def ts_multi_lang_block():
    langs = R.sample(LANGS, R.randint(2, 3))
    return "\n".join("• " + pick(TALK[l]) for l in langs)


def ts_signing_policy():
    return pick([
        "signing policy for the treasury safe: {t}-of-{n}, each signer on their own hardware wallet, seed backups in separate locations, nobody holds two shares",
        "Safe-Policy: {t}/{n}, jede Signer-Person mit eigenem Hardware-Wallet, Seed-Backups getrennt gelagert",
        "politique de signature : {t}/{n}, chaque signataire avec son propre portefeuille matériel",
        "política de firma: {t}/{n}, cada firmante con su propia hardware wallet",
        "署名ポリシー: {t}/{n}、各署名者は専用のハードウェアウォレットを使用",
        "签名策略：{t}/{n}，每位签名人使用各自的硬件钱包，助记词备份分开存放",
        "서명 정책: {t}/{n}, 각 서명자는 자신의 하드웨어 지갑 사용",
        "политика подписи: {t}/{n}, у каждого подписанта свой аппаратный кошелёк"]).format(t=(t := R.randint(2, 4)), n=t + R.randint(1, 3))


TS = [ts_sentence, ts_sentence, ts_postmortem, ts_runbook, ts_faq, ts_audit_excerpt, ts_policy_table, ts_scanner_talk,
      ts_qa_thread, ts_multi_lang_block, ts_signing_policy]

NEG_CATS = [("non_credential_blob", NB), ("pii_lookalike_number", PL), ("data_uri_base64", DU),
            ("placeholder_example", PH), ("code_identifier", CI), ("talk_about_secrets", TS)]

# ================================================================================================================
# POSITIVES: value generators (all fake, random, structurally valid)
# ================================================================================================================
KINDS = ["anthropic_api_key", "aws_access_key_id", "aws_secret_access_key", "credit_card", "email_address",
         "github_classic_pat", "github_fine_grained_pat", "iban", "ipv4_address", "jwt", "openai_api_key", "password",
         "phone_number", "private_key_pem", "slack_bot_token", "slack_user_token", "url_credentials", "us_ssn"]


def digits(n):
    return str(R.randint(1, 9)) + "".join(R.choice(string.digits) for _ in range(n - 1))


def v_anthropic():
    return "sk-ant-api03-" + rs(93, ALNUM + "-_") + "AA"


def v_aws_id():
    while True:
        v = pick(["AKIA", "AKIA", "AKIA", "ASIA"]) + rs(16, string.ascii_uppercase + "234567")
        if "EXAMPLE" not in v:
            return v


def v_aws_secret():
    return rs(40, ALNUM + "/+")


def luhn_complete(prefix, length):
    body = prefix + "".join(R.choice(string.digits) for _ in range(length - len(prefix) - 1))
    for c in string.digits:
        if luhn_ok(body + c):
            return body + c


def v_card():
    brand = pick(["visa", "mc", "mc2", "amex", "discover"])
    if brand == "visa":
        n = luhn_complete("4" + digits(5), 16)
    elif brand == "mc":
        n = luhn_complete(str(R.randint(51, 55)) + digits(4), 16)
    elif brand == "mc2":
        n = luhn_complete(str(R.randint(2221, 2720)) + digits(2), 16)
    elif brand == "amex":
        n = luhn_complete(pick(["34", "37"]) + digits(4), 15)
    else:
        n = luhn_complete("6011" + digits(2), 16)
    if n == "4242424242424242":
        return v_card()
    style = R.randrange(3)
    if len(n) == 15:
        parts = [n[:4], n[4:10], n[10:]]
    else:
        parts = [n[i:i + 4] for i in range(0, 16, 4)]
    return n if style == 0 else (" " if style == 1 else "-").join(parts)


EMAIL_LOCAL = ["ops.payouts", "k.ito", "finance+audit", "validator-alerts", "m.okafor", "treasury-ops", "d.novak",
               "security", "j.park.dev", "s.haddad", "billing", "r.lindqvist", "ap", "t.nakamura", "l.moreau",
               "oncall-eth", "a.rahman", "grants", "p.kowalski", "infra-alerts"]
EMAIL_DOMAIN = ["gmail.com", "proton.me", "outlook.com", "fastmail.com"]


def v_email():
    dom = pick(EMAIL_DOMAIN) if chance(0.4) else "%s%s.%s" % (pick(ORGS), pick(ORG_SUFFIX), pick(["io", "xyz", "com", "org", "dev"]))
    return pick(EMAIL_LOCAL) + "@" + dom


def base62(n, width):
    s = ""
    while n:
        n, r = divmod(n, 62)
        s = B62[r] + s
    return s.rjust(width, "0")


def v_ghp():
    body = rs(30, B62)
    return "ghp_" + body + base62(zlib.crc32(body.encode()) & 0xFFFFFFFF, 6)


def v_github_fg():
    return "github_pat_11" + rs(20, string.ascii_uppercase + string.digits) + "_" + rs(59, ALNUM)


def _iban(cc, bban):
    num = "".join(str(int(c, 36)) for c in bban + cc + "00")
    cd = 98 - int(num) % 97
    return cc + "%02d" % cd + bban


def v_iban():
    cc = pick(["DE", "GB", "FR", "NL", "BE", "AT", "CH", "PL", "IE", "LU"])
    if cc == "DE":
        bban = "".join(R.choice(string.digits) for _ in range(18))
    elif cc == "GB":
        bban = pick(["NWBK", "BARC", "LOYD", "MIDL", "HBUK"]) + "".join(R.choice(string.digits) for _ in range(14))
    elif cc == "IE":
        bban = pick(["AIBK", "BOFI"]) + "".join(R.choice(string.digits) for _ in range(14))
    elif cc == "FR":
        bank, branch, acct = digits(5), "".join(R.choice(string.digits) for _ in range(5)), "".join(R.choice(string.digits) for _ in range(11))
        key = 97 - ((89 * int(bank) + 15 * int(branch) + 3 * int(acct)) % 97)
        bban = bank + branch + acct + "%02d" % key
    elif cc == "NL":
        bban = pick(["ABNA", "INGB", "RABO", "TRIO"]) + "".join(R.choice(string.digits) for _ in range(10))
    elif cc == "BE":
        first = "".join(R.choice(string.digits) for _ in range(10))
        chk = int(first) % 97 or 97
        bban = first + "%02d" % chk
    elif cc == "AT":
        bban = "".join(R.choice(string.digits) for _ in range(16))
    elif cc == "CH":
        bban = "".join(R.choice(string.digits) for _ in range(17))
    elif cc == "LU":
        bban = "".join(R.choice(string.digits) for _ in range(16))
    else:
        bban = "".join(R.choice(string.digits) for _ in range(24))
    v = _iban(cc, bban)
    assert iban_ok(v) and len(v) == IBAN_LEN[cc]
    if v in ("DE89370400440532013000", "GB82WEST12345698765432"):
        return v_iban()
    return v if chance(0.5) else " ".join(v[i:i + 4] for i in range(0, len(v), 4))


def v_ipv4():
    while True:
        s = "%d.%d.%d.%d" % (R.randint(1, 223), R.randrange(256), R.randrange(256), R.randint(1, 254))
        ip = ipaddress.ip_address(s)
        if ip.is_global and not ip.is_multicast and not ip.is_reserved:
            return s


def v_jwt(kind=None):
    kind = kind or pick(["engine", "indexer", "gateway", "dashboard"])
    now = epoch_ts()
    if kind == "engine":
        hdr, pl = {"alg": "HS256", "typ": "JWT"}, {"iat": now}
        sig = rb(32)
    elif kind == "indexer":
        hdr = {"alg": "RS256", "typ": "JWT", "kid": hx(16)}
        pl = {"sub": "team_" + hx(12), "scope": "read:logs read:traces", "iat": now, "exp": now + 86400 * 30, "iss": "https://auth.%s-indexer.io/" % pick(ORGS)}
        sig = rb(256)
    elif kind == "gateway":
        hdr = {"alg": "ES256", "typ": "JWT", "kid": "k" + hx(6)}
        pl = {"sub": "0x" + hx(40), "chain_id": pick(CHAINS)[1], "tier": pick(["growth", "scale"]), "iat": now, "exp": now + 3600}
        sig = rb(64)
    else:
        hdr = {"alg": "HS256", "typ": "JWT"}
        pl = {"sub": "svc-" + pick(["keeper", "relayer", "indexer"]), "role": pick(["admin", "operator"]), "iat": now, "exp": now + 7200}
        sig = rb(32)
    return b64u(json.dumps(hdr, separators=(",", ":")).encode()) + "." + b64u(json.dumps(pl, separators=(",", ":")).encode()) + "." + b64u(sig)


def v_openai():
    k = R.randrange(3)
    if k == 0:
        return "sk-proj-" + rs(74, ALNUM + "-_") + "T3BlbkFJ" + rs(74, ALNUM + "-_")
    if k == 1:
        return "sk-" + rs(20) + "T3BlbkFJ" + rs(20)
    return "sk-svcacct-" + rs(74, ALNUM + "-_") + "T3BlbkFJ" + rs(74, ALNUM + "-_")


PW_WORDS = ["quartz", "harbor", "lantern", "copper", "meadow", "glacier", "falcon", "orbit", "ember", "willow", "cobalt", "saffron"]


def v_password():
    k = R.randrange(4)
    if k == 0:
        return rs(R.randint(14, 22), ALNUM + "!#%^*_-")
    if k == 1:
        return "-".join(pick(PW_WORDS) for _ in range(3)) + "-" + str(R.randint(10, 99))
    if k == 2:
        return pick(PW_WORDS).title() + "!" + str(R.randint(1000, 9999)) + pick(PW_WORDS) + pick("#%*")
    return rs(R.randint(18, 32), ALNUM)


def v_phone():
    f = pick([
        lambda: "+1 %d %03d %04d" % (R.randint(201, 989), R.randint(200, 999), R.randint(0, 9999)),
        lambda: "+1 (%d) %03d-%04d" % (R.randint(201, 989), R.randint(200, 999), R.randint(0, 9999)),
        lambda: "(%d) %03d-%04d" % (R.randint(201, 989), R.randint(200, 999), R.randint(0, 9999)),
        lambda: "+44 7%03d %06d" % (R.randint(400, 999), R.randint(0, 999999)),
        lambda: "+49 1%d %s" % (R.choice([51, 52, 57, 60, 62, 70, 71, 76]), "".join(R.choice(string.digits) for _ in range(8))),
        lambda: "+33 6 %02d %02d %02d %02d" % tuple(R.randrange(100) for _ in range(4)),
        lambda: "+81 90-%04d-%04d" % (R.randrange(10000), R.randrange(10000)),
        lambda: "+65 %d%03d %04d" % (R.choice([8, 9]), R.randrange(1000), R.randrange(10000)),
        lambda: "+41 79 %03d %02d %02d" % (R.randrange(1000), R.randrange(100), R.randrange(100)),
        lambda: "+34 6%02d %03d %03d" % (R.randrange(100), R.randrange(1000), R.randrange(1000)),
        lambda: "+82 10-%04d-%04d" % (R.randrange(10000), R.randrange(10000)),
        lambda: "+55 11 9%04d-%04d" % (R.randrange(10000), R.randrange(10000)),
        lambda: "+971 50 %03d %04d" % (R.randrange(1000), R.randrange(10000)),
        lambda: "+7 9%02d %03d-%02d-%02d" % (R.randrange(100), R.randrange(1000), R.randrange(100), R.randrange(100)),
    ])
    return f()


def v_slack_bot():
    return "xoxb-%s-%s-%s" % (digits(R.choice([11, 12, 13])), digits(13), rs(24))


def v_slack_user():
    return "xoxp-%s-%s-%s-%s" % (digits(R.choice([11, 12])), digits(12), digits(13), hx(32))


def v_url_pw():
    k = R.randrange(3)
    if k == 0:
        return rs(R.randint(16, 28), ALNUM)
    if k == 1:
        return rs(R.randint(10, 16), ALNUM + "-_.~")
    return "-".join(pick(PW_WORDS) for _ in range(2)) + str(R.randint(100, 999))


def v_ssn():
    while True:
        a = R.randint(1, 899)
        if a != 666:
            break
    return "%03d-%02d-%04d" % (a, R.randint(1, 99), R.randint(1, 9999))


# ---- private keys: real DER / openssh structures with random material ----

def der_len(n):
    if n < 128:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def der(tag, content):
    return bytes([tag]) + der_len(len(content)) + content


def der_int(v):
    b = v.to_bytes(max(1, (v.bit_length() + 8) // 8), "big")
    return der(0x02, b)


def der_seq(*items):
    return der(0x30, b"".join(items))


OID_EC_PUB = bytes.fromhex("06072a8648ce3d0201")
OID_P256 = bytes.fromhex("06082a8648ce3d030107")
OID_K1 = bytes.fromhex("06052b8104000a")


def pk_ec_sec1(curve_oid):
    d = b"\x01" + rb(31)
    pub = b"\x04" + rb(64)
    return "EC PRIVATE KEY", der_seq(der_int(1), der(0x04, d), der(0xA0, curve_oid), der(0xA1, der(0x03, b"\x00" + pub)))


def pk_ec_pkcs8(curve_oid):
    d = b"\x01" + rb(31)
    inner = der_seq(der_int(1), der(0x04, d), der(0xA1, der(0x03, b"\x00" + b"\x04" + rb(64))))
    return "PRIVATE KEY", der_seq(der_int(0), der_seq(OID_EC_PUB, curve_oid), der(0x04, inner))


def pk_ed25519():
    return "PRIVATE KEY", bytes.fromhex("302e020100300506032b657004220420") + rb(32)


def pk_rsa(bits=2048):
    def rnd(nbits):
        return R.getrandbits(nbits) | (1 << (nbits - 1)) | 1
    n, p, q = rnd(bits), rnd(bits // 2), rnd(bits // 2)
    parts = [0, n, 65537, rnd(bits - 8), p, q, rnd(bits // 2 - 4), rnd(bits // 2 - 4), rnd(bits // 2 - 4)]
    return "RSA PRIVATE KEY", der_seq(*[der_int(x) for x in parts])


def pk_openssh(comment):
    def sstr(b):
        return struct.pack(">I", len(b)) + b
    seed, pub = rb(32), rb(32)
    pubblob = sstr(b"ssh-ed25519") + sstr(pub)
    chk = rb(4)
    priv = chk + chk + sstr(b"ssh-ed25519") + sstr(pub) + sstr(seed + pub) + sstr(comment.encode())
    i = 1
    while len(priv) % 8:
        priv += bytes([i])
        i += 1
    blob = b"openssh-key-v1\x00" + sstr(b"none") + sstr(b"none") + sstr(b"") + struct.pack(">I", 1) + sstr(pubblob) + sstr(priv)
    return "OPENSSH PRIVATE KEY", blob


def v_pem(ktype=None):
    ktype = ktype or pick(["secp256k1-sec1", "p256-sec1", "secp256k1-pkcs8", "ed25519-pkcs8", "rsa2048-pkcs1", "openssh-ed25519"])
    if ktype == "secp256k1-sec1":
        label, blob = pk_ec_sec1(OID_K1)
    elif ktype == "p256-sec1":
        label, blob = pk_ec_sec1(OID_P256)
    elif ktype == "secp256k1-pkcs8":
        label, blob = pk_ec_pkcs8(OID_K1)
    elif ktype == "ed25519-pkcs8":
        label, blob = pk_ed25519()
    elif ktype == "rsa2048-pkcs1":
        label, blob = pk_rsa()
    else:
        label, blob = pk_openssh(pick(["validator-bastion", "rpc-ops", "deploy@ci-runner", "archive-node-2"]))
    body = b64(blob)
    width = 70 if label == "OPENSSH PRIVATE KEY" else 64
    lines = [body[i:i + width] for i in range(0, len(body), width)]
    return ktype, label, lines


def pem_render(label, lines, layout):
    """layout 0: plain lines; 1: JSON string with literal \\n; 2: YAML block scalar indented."""
    if layout == 0:
        value = "\n".join(lines)
        block = "-----BEGIN %s-----\n%s\n-----END %s-----" % (label, value, label)
    elif layout == 1:
        value = "\\n".join(lines)
        block = "-----BEGIN %s-----\\n%s\\n-----END %s-----\\n" % (label, value, label)
    else:
        ind = "    "
        value = ("\n" + ind).join(lines)
        block = "-----BEGIN %s-----\n%s%s\n%s-----END %s-----" % (label, ind, value, ind, label)
    return block, value


VALUE_GEN = {"anthropic_api_key": v_anthropic, "aws_access_key_id": v_aws_id, "aws_secret_access_key": v_aws_secret,
             "credit_card": v_card, "email_address": v_email, "github_classic_pat": v_ghp,
             "github_fine_grained_pat": v_github_fg, "iban": v_iban, "ipv4_address": v_ipv4, "jwt": v_jwt,
             "openai_api_key": v_openai, "password": v_password, "phone_number": v_phone,
             "slack_bot_token": v_slack_bot, "slack_user_token": v_slack_user, "url_credentials": v_url_pw,
             "us_ssn": v_ssn}

# ================================================================================================================
# POSITIVES: single-secret templates (each takes the value, returns the text)
# ================================================================================================================

def _host():
    return pick(["rpc.%s.internal", "archive-1.%s.net", "indexer-db.%s.io", "erigon.%s.cloud", "mq.%s.internal",
                 "cache.%s.internal", "graph-db.%s.io"]) % (pick(ORGS) + pick(ORG_SUFFIX))


T = {}
T["anthropic_api_key"] = [
    lambda v: "audit-summarizer bot env, copy this into the runner until the secret manager sync is fixed:\n" + code("ANTHROPIC_API_KEY=%s\nMODEL=claude-sonnet-4\nREPO=%s/contracts" % (v, ORG), "bash"),
    lambda v: code('const anthropic = new Anthropic({ apiKey: "%s" }); // TODO move to env before merging' % v, "ts"),
    lambda v: "the key for the governance digest bot is %s — it's the team one, please don't use it for personal stuff" % v,
    lambda v: "Der Key für den Proposal-Zusammenfasser: `%s`" % v,
    lambda v: code("[llm]\nprovider = \"anthropic\"\napi_key = \"%s\"\nmax_tokens = 4096" % v, "toml"),
    lambda v: "プロポーザル要約ボット用のキーです: %s" % v,
]
T["aws_access_key_id"] = [
    lambda v: "snapshot uploader is using key id `%s` — the secret is in the vault entry `infra/aws/snapshots`" % v,
    lambda v: code("$ aws iam list-access-keys --user-name chaindata-backup\n{\n    \"AccessKeyMetadata\": [\n        {\n            \"UserName\": \"chaindata-backup\",\n            \"AccessKeyId\": \"%s\",\n            \"Status\": \"Active\",\n            \"CreateDate\": \"%s\"\n        }\n    ]\n}" % (v, iso(epoch_ts(), False).replace("Z", "+00:00"))),
    lambda v: "CloudTrail shows `%s` listing the `%s-chaindata` bucket from an unknown network, whose key is this?" % (v, ORG),
    lambda v: code("env:\n  - name: AWS_ACCESS_KEY_ID\n    value: %s\n  - name: AWS_REGION\n    value: eu-central-1" % v, "yaml"),
    lambda v: "la access key du job de backup des snapshots : %s" % v,
]
T["aws_secret_access_key"] = [
    lambda v: "secret half for the snapshot bucket user (id already in the vault): `%s`" % v,
    lambda v: code("AWS_SECRET_ACCESS_KEY=%s\nAWS_DEFAULT_REGION=us-east-1\nSNAPSHOT_BUCKET=%s-geth-snapshots" % (v, ORG), "bash"),
    lambda v: code("resource \"aws_iam_access_key\" \"backup\" {\n  user = aws_iam_user.backup.name\n}\n# output from the last apply, remove!\n# secret = \"%s\"" % v, "hcl"),
    lambda v: "el secret de AWS del job de archivado: %s" % v,
]
T["credit_card"] = [
    lambda v: "paying the Alchemy growth plan with the team card %s, exp %02d/%02d — finance knows" % (v, R.randint(1, 12), R.randint(26, 31)),
    lambda v: "conference tickets for the hackathon: card number %s, CVC in DM" % v,
    lambda v: "Firmenkarte für den RPC-Anbieter: %s, gültig bis %02d/%02d" % (v, R.randint(1, 12), R.randint(26, 31)),
    lambda v: "carte pour l'abonnement Tenderly : %s" % v,
    lambda v: "on-ramp test in prod with a real card went through: %s, %s USDC landed at %s" % (v, R.randint(20, 200), short(addr())),
    lambda v: "カード番号 %s で RPC プランを更新しました" % v,
]
T["email_address"] = [
    lambda v: "the auditor wants the final report sent to %s, not the shared inbox" % v,
    lambda v: "ENS text record `email` for %s is set to %s — do we want that public?" % (ens(), v),
    lambda v: "Immunefi triage contact for the bounty: %s" % v,
    lambda v: "für den Validator-Alarm bitte %s als Empfänger eintragen" % v,
    lambda v: code("[alerts]\nsmtp_to = \"%s\"\nmissed_attestations_threshold = 3" % v, "toml"),
    lambda v: "连接 Safe 的通知邮箱改成 %s 了" % v,
]
T["github_classic_pat"] = [
    lambda v: "CI can't pull the private `%s/contracts-audit` submodule, I put my PAT in the workflow for now: %s" % (ORG, v),
    lambda v: code("[url \"https://%s@github.com/\"]\n\tinsteadOf = https://github.com/" % v, "ini"),
    lambda v: code("$ forge install %s/private-libs --no-commit\n# with GITHUB_TOKEN=%s" % (ORG, v)),
    lambda v: "token pour le bot de release : %s" % v,
    lambda v: "release-bot 用のトークン: %s" % v,
]
T["github_fine_grained_pat"] = [
    lambda v: "fine-grained token for the deploy-artifacts repo (contents: read/write, 30 days): %s" % v,
    lambda v: code("- uses: actions/checkout@v4\n  with:\n    repository: %s/deployments\n    token: %s" % (ORG, v), "yaml"),
    lambda v: "Token für das Subgraph-Repo: `%s`" % v,
    lambda v: "토큰 공유합니다: %s" % v,
    lambda v: code("GH_TOKEN=%s gh release create v%d.%d.0 out/*.json" % (v, R.randint(1, 4), R.randint(0, 20)), "bash"),
]
T["iban"] = [
    lambda v: "the audit firm wants fiat for the retainer: IBAN %s, reference %s-AUDIT-%d" % (v, ORG.upper(), R.randint(1, 40)),
    lambda v: "off-ramp payout account for the grants program: %s" % v,
    lambda v: "Bitte das Honorar auf %s überweisen, Verwendungszweck: Audit Q%d" % (v, R.randint(1, 4)),
    lambda v: "IBAN du prestataire pour la facture de l'audit : %s" % v,
    lambda v: "cuenta del auditor para el pago en euros: %s" % v,
    lambda v: "contractor wants USDC converted to EUR and sent to %s" % v,
]
T["ipv4_address"] = [
    lambda v: "someone is hammering our public RPC with eth_getLogs from %s, ~%d req/s, blocking at the LB" % (v, R.randint(200, 3000)),
    lambda v: "our bootnode is at enode://%s@%s:30303 — add it to your static peers" % (hx(128), v),
    lambda v: code("$ curl -s http://%s:8545 -H 'content-type: application/json' -d '{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"eth_syncing\",\"params\":[]}'\n{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":false}" % v),
    lambda v: "the validator box's public IP is %s, whitelist it on the relay" % v,
    lambda v: "Angreifer-IP laut WAF-Log: %s" % v,
    lambda v: "mev-boost relay latency from %s is 180ms, we should move the box" % v,
]
T["jwt"] = [
    lambda v: "indexer API auth works with this token, it expires tomorrow:\n" + code("curl -H 'Authorization: Bearer %s' https://api.%s-indexer.io/v1/logs" % (v, pick(ORGS))),
    lambda v: "rpc-gateway debug log still prints the auth header: `Authorization: Bearer %s`" % v,
    lambda v: "here's the session JWT from the dashboard if you want to replay the request: %s" % v,
    lambda v: code("{\"ts\":\"%s\",\"level\":\"debug\",\"msg\":\"upstream request\",\"headers\":{\"authorization\":\"Bearer %s\"}}" % (iso(epoch_ts()), v), "json"),
    lambda v: "JWT für das Gateway: %s" % v,
]
T["openai_api_key"] = [
    lambda v: "proposal summarizer is back up, key is `%s` (same project as before)" % v,
    lambda v: code("OPENAI_API_KEY=%s\nSUMMARY_CHANNEL=#governance" % v, "bash"),
    lambda v: code("client = OpenAI(api_key=\"%s\")\nresp = client.chat.completions.create(model=\"gpt-4o-mini\", messages=msgs)" % v, "python"),
    lambda v: "clé OpenAI du bot de gouvernance : %s" % v,
    lambda v: "治理机器人的 OpenAI key：%s" % v,
]
T["password"] = [
    lambda v: code("KEYSTORE_PASSWORD=%s\nKEYSTORE_PATH=/keys/deployer.json" % v, "bash"),
    lambda v: "staging Grafana admin password is %s, I'll rotate it after the demo" % v,
    lambda v: code("[store]\n[store.primary]\nconnection = \"postgresql://graph@indexer-db:5432/graph\"\npool_size = 10\n# postgres_pass\npassword = \"%s\"" % v, "toml"),
    lambda v: code("environment:\n  POSTGRES_USER: ponder\n  POSTGRES_PASSWORD: %s\n  POSTGRES_DB: ponder" % v, "yaml"),
    lambda v: "Passwort für die Validator-Keystores (alle gleich, ja ich weiß): %s" % v,
    lambda v: "mot de passe du keystore du relayer : %s" % v,
    lambda v: "contraseña del clef: %s" % v,
]
T["phone_number"] = [
    lambda v: "validator ops on-call this week, call %s if the missed-attestation alert fires at night" % v,
    lambda v: "OTC desk for the treasury diversification: %s, ask for the stablecoin desk" % v,
    lambda v: "Notfallnummer für den Hosting-Anbieter der Nodes: %s" % v,
    lambda v: "numéro de l'astreinte infra : %s" % v,
    lambda v: "número del proveedor de custodia: %s" % v,
    lambda v: "ノード運用の緊急連絡先: %s" % v,
]
T["slack_bot_token"] = [
    lambda v: "the governance-alerts bot token: %s — needs chat:write on #governance" % v,
    lambda v: code("SLACK_BOT_TOKEN=%s\nSLACK_CHANNEL=C%s" % (v, rs(10, string.ascii_uppercase + string.digits)), "bash"),
    lambda v: code("app = App(token=\"%s\")\n@app.event(\"app_mention\")\ndef on_mention(event, say):\n    say(f\"block {w3.eth.block_number}\")" % v, "python"),
    lambda v: "Bot-Token für den Liquidation-Alarm: %s" % v,
    lambda v: "봇 토큰: %s" % v,
]
T["slack_user_token"] = [
    lambda v: "used my user token for the export script, sorry: %s" % v,
    lambda v: code("curl -H 'Authorization: Bearer %s' 'https://slack.com/api/conversations.history?channel=C%s'" % (v, rs(10, string.ascii_uppercase + string.digits))),
    lambda v: "token utilisateur pour l'archivage du canal : %s" % v,
    lambda v: "ユーザートークン（エクスポート用）: %s" % v,
]
T["url_credentials"] = [
    lambda v: "archive node behind basic auth: `https://reader:%s@%s`" % (v, _host()),
    lambda v: code("DATABASE_URL=postgresql://graph:%s@%s:5432/graph-node" % (v, _host()), "bash"),
    lambda v: code("[rpc]\nurl = \"wss://bot:%s@%s/ws\"" % (v, _host()), "toml"),
    lambda v: "Redis für den Keeper-Cache: redis://:%s@%s:6379/0" % (v, _host()),
    lambda v: code("BTC_RPC=http://bitcoinrpc:%s@%s:8332" % (v, _host()), "bash"),
    lambda v: "rabbit du relayer : amqps://relayer:%s@%s:5671/prod" % (v, _host()),
]
T["us_ssn"] = [
    lambda v: "the US contractor for the frontend audit sent their W-9, SSN %s — attaching to the finance ticket" % v,
    lambda v: "1099 for the bug bounty payout needs the SSN: %s" % v,
    lambda v: "for the token-grant paperwork, taxpayer id (SSN) %s" % v,
    lambda v: "SSN del contratista para el formulario W-9: %s" % v,
    lambda v: "W-9 の SSN: %s" % v,
]

PEM_T = [
    lambda block: "KMS import test key (secp256k1), do NOT use anywhere else:\n" + code(block),
    lambda block: "bastion key for the validator hosts until SSO works:\n" + code(block),
    lambda block: "TLS key for the public RPC endpoint (nginx):\n" + code(block),
    lambda block: "Schlüssel für web3signer-TLS:\n" + code(block),
]
PEM_JSON_T = [
    lambda block: code(json.dumps({"signer": "kms-import", "format": "pem"})[:-1] + ', "pem": "' + block + '"}', "json"),
    lambda block: "secret manager payload:\n" + code('{"name": "relayer-signer", "private_key_pem": "' + block + '"}', "json"),
]
PEM_YAML_T = [
    lambda block: code("apiVersion: v1\nkind: Secret\nmetadata:\n  name: rpc-tls\nstringData:\n  tls.key: |\n    " + block, "yaml"),
    lambda block: code("signer:\n  type: pem\n  key: |\n    " + block, "yaml"),
]

PEM_T_BY_TYPE = {
    "secp256k1-sec1": [lambda b: "KMS import test key (secp256k1) for the relayer, do NOT reuse:\n" + code(b),
                       lambda b: "Testschlüssel für den KMS-Import (secp256k1):\n" + code(b)],
    "secp256k1-pkcs8": [lambda b: "the oracle signer key we're importing into the HSM:\n" + code(b),
                        lambda b: "oracle 签名密钥（导入 HSM 前）：\n" + code(b)],
    "p256-sec1": [lambda b: "TLS key for the public RPC endpoint (nginx), cert is in the other file:\n" + code(b),
                  lambda b: "clé TLS du endpoint RPC :\n" + code(b)],
    "ed25519-pkcs8": [lambda b: "web3signer mTLS client key:\n" + code(b),
                      lambda b: "クライアント証明書の鍵 (web3signer):\n" + code(b)],
    "rsa2048-pkcs1": [lambda b: "TLS key for the grafana behind the validator VPN:\n" + code(b),
                      lambda b: "clave TLS del grafana de los validadores:\n" + code(b)],
    "openssh-ed25519": [lambda b: "bastion key for the validator hosts until SSO works, save as ~/.ssh/validators:\n" + code(b),
                        lambda b: "SSH-Key für den Archive-Node:\n" + code(b)],
}


PEM_TYPES = ["secp256k1-sec1", "p256-sec1", "ed25519-pkcs8", "rsa2048-pkcs1", "secp256k1-pkcs8", "openssh-ed25519"]
PEM_LAYOUTS = [0, 1, 0, 2, 0, 0, 2, 0, 1]
PEM_CYCLE = [0]


def make_single(kind):
    """Return (text, secrets, context)."""
    if kind == "private_key_pem":
        # cycle deterministically so every key type and every layout occurs
        k = PEM_CYCLE[0]
        PEM_CYCLE[0] += 1
        ktype, label, lines = v_pem(PEM_TYPES[k % len(PEM_TYPES)])
        layout = PEM_LAYOUTS[k % len(PEM_LAYOUTS)]
        block, value = pem_render(label, lines, layout)
        if layout == 0:
            i = R.randrange(len(PEM_T_BY_TYPE[ktype]))
            text = PEM_T_BY_TYPE[ktype][i](block)
        elif layout == 1:
            text = pick(PEM_JSON_T)(block)
        else:
            text = pick(PEM_YAML_T)(block)
        return text, [(kind, value)], "private_key_pem:%s:layout%d" % (ktype, layout)
    v = VALUE_GEN[kind]()
    i = R.randrange(len(T[kind]))
    return T[kind][i](v), [(kind, v)], "%s:t%d" % (kind, i)


# ---- two-secret messages ----

def m_aws_env():
    a, s = v_aws_id(), v_aws_secret()
    return code("[chaindata-backup]\naws_access_key_id = %s\naws_secret_access_key = %s\nregion = eu-west-1" % (a, s), "ini"), [("aws_access_key_id", a), ("aws_secret_access_key", s)]


def m_aws_chat():
    a, s = v_aws_id(), v_aws_secret()
    return "for the snapshot restore job: key id %s / secret %s — I'll rotate both on Monday" % (a, s), [("aws_access_key_id", a), ("aws_secret_access_key", s)]


def m_aws_k8s():
    a, s = v_aws_id(), v_aws_secret()
    return code("env:\n  - name: AWS_ACCESS_KEY_ID\n    value: \"%s\"\n  - name: AWS_SECRET_ACCESS_KEY\n    value: \"%s\"\n  - name: SNAPSHOT_BUCKET\n    value: %s-reth-snapshots" % (a, s, ORG), "yaml"), [("aws_access_key_id", a), ("aws_secret_access_key", s)]


def m_contact_card():
    e, p = v_email(), v_phone()
    return "custody provider account manager: %s / %s (for the cold-storage withdrawal approvals)" % (e, p), [("email_address", e), ("phone_number", p)]


def m_contact_oncall():
    e, p = v_email(), v_phone()
    return "Notfallkontakt Hosting (Validator-Racks): Mail %s, Telefon %s" % (e, p), [("email_address", e), ("phone_number", p)]


def m_rpc_ip_url():
    pw, ip = v_url_pw(), v_ipv4()
    return code("ETH_RPC_URL=http://rpcuser:%s@%s:8545" % (pw, ip), "bash") + "\nthat's the new archive box, basic auth in front of erigon", [("url_credentials", pw), ("ipv4_address", ip)]


def m_grafana_pw_email():
    pw, e = v_password(), v_email()
    return "grafana login for the node dashboards: user %s, password %s" % (e, pw), [("email_address", e), ("password", pw)]


def m_slack_tokens():
    b, u = v_slack_bot(), v_slack_user()
    return code("SLACK_BOT_TOKEN=%s\nSLACK_USER_TOKEN=%s  # only for the channel export" % (b, u), "bash"), [("slack_bot_token", b), ("slack_user_token", u)]


def m_llm_keys():
    o, a = v_openai(), v_anthropic()
    return code("# audit-assistant .env\nOPENAI_API_KEY=%s\nANTHROPIC_API_KEY=%s\nREPORTS_DIR=./audits" % (o, a), "bash"), [("openai_api_key", o), ("anthropic_api_key", a)]


def m_gh_tokens():
    c, f = v_ghp(), v_github_fg()
    return "old classic PAT %s is still in the release workflow, the new fine-grained one is %s" % (c, f), [("github_classic_pat", c), ("github_fine_grained_pat", f)]


def m_iban_email():
    i, e = v_iban(), v_email()
    return "audit retainer invoice: pay to %s, send the remittance advice to %s" % (i, e), [("iban", i), ("email_address", e)]


def m_card_phone():
    c, p = v_card(), v_phone()
    return "the RPC vendor's billing team called from %s, card on file is %s — is that the new one?" % (p, c), [("phone_number", p), ("credit_card", c)]


def m_engine_jwt_ip():
    j, ip = v_jwt("engine"), v_ipv4()
    return code("$ curl -s http://%s:8551 -H \"Authorization: Bearer %s\" -H 'content-type: application/json' \\\n    -d '{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"engine_exchangeCapabilities\",\"params\":[[]]}'" % (ip, j)) + "\nwhy is the auth port reachable from outside at all?", [("ipv4_address", ip), ("jwt", j)]


def m_ssh_key_ip():
    ktype, label, lines = v_pem("openssh-ed25519")
    block, value = pem_render(label, lines, 0)
    ip = v_ipv4()
    return "new validator host is up at %s, key below, user `ops`:\n" % ip + code(block), [("ipv4_address", ip), ("private_key_pem", value)]


def m_ssn_email():
    s, e = v_ssn(), v_email()
    return "contractor onboarding for the audit fix review: SSN %s, invoices go to %s" % (s, e), [("us_ssn", s), ("email_address", e)]


def m_ssn_phone():
    s, p = v_ssn(), v_phone()
    return "W-9 info for the bounty payout — SSN %s, reachable at %s" % (s, p), [("us_ssn", s), ("phone_number", p)]


def m_anthropic_slack():
    a, b = v_anthropic(), v_slack_bot()
    return code("[bot]\nslack_token = \"%s\"\n\n[llm]\nanthropic_key = \"%s\"\nsummarize_channels = [\"#audits\", \"#incidents\"]" % (b, a), "toml"), [("slack_bot_token", b), ("anthropic_api_key", a)]


def m_pw_url():
    pw1, pw2 = v_password(), v_url_pw()
    return code("GF_SECURITY_ADMIN_PASSWORD=%s\nGF_DATABASE_URL=postgres://grafana:%s@%s:5432/grafana" % (pw1, pw2, _host()), "bash"), [("password", pw1), ("url_credentials", pw2)]


def m_iban_card():
    i, c = v_iban(), v_card()
    return "Für die Konferenz: Sponsoring per Überweisung an %s oder per Karte %s" % (i, c), [("iban", i), ("credit_card", c)]


def m_openai_ghp():
    o, g = v_openai(), v_ghp()
    return code("- name: summarize audit diff\n  env:\n    OPENAI_API_KEY: %s\n    GITHUB_TOKEN: %s\n  run: python scripts/summarize_diff.py" % (o, g), "yaml"), [("openai_api_key", o), ("github_classic_pat", g)]


MULTI = [("aws_env", m_aws_env), ("aws_chat", m_aws_chat), ("aws_k8s", m_aws_k8s), ("contact_card", m_contact_card),
         ("contact_oncall", m_contact_oncall), ("rpc_ip_url", m_rpc_ip_url), ("grafana_pw_email", m_grafana_pw_email),
         ("slack_tokens", m_slack_tokens), ("llm_keys", m_llm_keys), ("gh_tokens", m_gh_tokens),
         ("iban_email", m_iban_email), ("card_phone", m_card_phone), ("engine_jwt_ip", m_engine_jwt_ip),
         ("ssh_key_ip", m_ssh_key_ip), ("ssn_email", m_ssn_email), ("ssn_phone", m_ssn_phone),
         ("anthropic_slack", m_anthropic_slack), ("pw_url", m_pw_url), ("iban_card", m_iban_card),
         ("openai_ghp", m_openai_ghp)]


# ---- validation of labelled values ----

def validate(kind, v):
    if kind == "credit_card":
        d = re.sub(r"[ -]", "", v)
        return d.isdigit() and 13 <= len(d) <= 19 and luhn_ok(d)
    if kind == "iban":
        return iban_ok(v)
    if kind == "us_ssn":
        m = re.fullmatch(r"(\d{3})-(\d{2})-(\d{4})", v)
        return bool(m) and m.group(1) not in ("000", "666") and m.group(1)[0] != "9" and m.group(2) != "00" and m.group(3) != "0000"
    if kind == "ipv4_address":
        ip = ipaddress.ip_address(v)
        return ip.is_global and not ip.is_multicast and not ip.is_reserved
    if kind == "jwt":
        h, p, s = v.split(".")
        for seg in (h, p):
            json.loads(base64.urlsafe_b64decode(seg + "=" * (-len(seg) % 4)))
        return True
    if kind == "private_key_pem":
        raw = base64.b64decode(re.sub(r"\\n|\s", "", v), validate=True)
        return raw[:1] == b"\x30" or raw.startswith(b"openssh-key-v1\x00")
    if kind == "github_classic_pat":
        return v.startswith("ghp_") and len(v) == 40 and base62(zlib.crc32(v[4:34].encode()) & 0xFFFFFFFF, 6) == v[34:]
    if kind == "email_address":
        return bool(RE_EMAIL.fullmatch(v))
    if kind == "aws_access_key_id":
        return bool(re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v))
    if kind == "aws_secret_access_key":
        return len(v) == 40
    if kind == "anthropic_api_key":
        return v.startswith("sk-ant-api03-") and v.endswith("AA") and len(v) == 108
    if kind == "openai_api_key":
        return v.startswith("sk-") and "T3BlbkFJ" in v
    if kind == "slack_bot_token":
        return v.startswith("xoxb-")
    if kind == "slack_user_token":
        return v.startswith("xoxp-")
    if kind == "github_fine_grained_pat":
        return bool(re.fullmatch(r"github_pat_[A-Za-z0-9]{22}_[A-Za-z0-9]{59}", v))
    if kind == "phone_number":
        return sum(c.isdigit() for c in v) >= 10
    return True


def pos_ok(text, secrets):
    for k, v in secrets:
        if v not in text or not validate(k, v):
            return False, "label:" + k
    resid = text
    for k, v in sorted(secrets, key=lambda kv: -len(kv[1])):
        resid = resid.replace(v, "\u2400")
    hits = scan(resid)
    if hits:
        return False, "unlabelled:" + hits[0][0]
    return True, ""


# ================================================================================================================
# main
# ================================================================================================================

def build_negatives():
    seen = set()
    out = []
    rejects = {}
    for cat, funcs in NEG_CATS:
        n = 0
        tries = 0
        attempt = 0
        while n < 100:
            tries += 1
            attempt += 1
            if tries > 20000:
                raise SystemExit("cannot fill %s (rejects %r)" % (cat, rejects))
            # templates round-robin (so every template is used), random fallback if one keeps failing
            f = funcs[n % len(funcs)] if attempt <= 30 else pick(funcs)
            text = wrap(f())
            hits = neg_hits(text)
            if hits:
                key = "%s/%s:%s" % (cat, f.__name__, hits[0][0])
                rejects[key] = rejects.get(key, 0) + 1
                continue
            if text in seen:
                rejects["dup"] = rejects.get("dup", 0) + 1
                continue
            seen.add(text)
            out.append({"text": text, "category": cat, "_tpl": f.__name__})
            n += 1
            attempt = 0
    R.shuffle(out)
    return out, rejects


def build_positives():
    print("rng fingerprint at positives start:", hashlib.sha256(repr(R.getstate()).encode()).hexdigest()[:12]) if "--stats" in sys.argv else None
    counts = {k: (10 if i < 8 else 9) for i, k in enumerate(KINDS)}
    for name, f in MULTI:
        pass
    used = {k: 0 for k in KINDS}
    PAIR_KINDS = {"aws_env": ("aws_access_key_id", "aws_secret_access_key"), "aws_chat": ("aws_access_key_id", "aws_secret_access_key"),
                  "aws_k8s": ("aws_access_key_id", "aws_secret_access_key"), "contact_card": ("email_address", "phone_number"),
                  "contact_oncall": ("email_address", "phone_number"), "rpc_ip_url": ("url_credentials", "ipv4_address"),
                  "grafana_pw_email": ("email_address", "password"), "slack_tokens": ("slack_bot_token", "slack_user_token"),
                  "llm_keys": ("openai_api_key", "anthropic_api_key"), "gh_tokens": ("github_classic_pat", "github_fine_grained_pat"),
                  "iban_email": ("iban", "email_address"), "card_phone": ("phone_number", "credit_card"),
                  "engine_jwt_ip": ("ipv4_address", "jwt"), "ssh_key_ip": ("ipv4_address", "private_key_pem"),
                  "ssn_email": ("us_ssn", "email_address"), "ssn_phone": ("us_ssn", "phone_number"),
                  "anthropic_slack": ("slack_bot_token", "anthropic_api_key"), "pw_url": ("password", "url_credentials"),
                  "iban_card": ("iban", "credit_card"), "openai_ghp": ("openai_api_key", "github_classic_pat")}
    for name, ks in PAIR_KINDS.items():
        for k in ks:
            used[k] += 1
    singles = []
    for k in KINDS:
        singles += [k] * (counts[k] - used[k])
    assert len(singles) == 130 and sum(counts.values()) == 170
    R.shuffle(singles)
    recs = []
    seen = set()
    rejects = {}
    for name, f in MULTI:
        for _ in range(500):
            text, secrets = f()
            text = wrap(text, 0.08, 0.04)
            ok, why = pos_ok(text, secrets)
            if ok and text not in seen:
                break
            rejects[why or "dup"] = rejects.get(why or "dup", 0) + 1
        else:
            raise SystemExit("cannot build multi " + name)
        assert [k for k, _ in secrets] == list(PAIR_KINDS[name]) or sorted(k for k, _ in secrets) == sorted(PAIR_KINDS[name])
        seen.add(text)
        recs.append({"text": text, "secrets": [{"kind": k, "value": v} for k, v in secrets], "context": "multi:" + name})
    for kind in singles:
        for _ in range(500):
            text, secrets, ctx = make_single(kind)
            text = wrap(text, 0.08, 0.04)
            ok, why = pos_ok(text, secrets)
            if ok and text not in seen:
                break
            rejects[why or "dup"] = rejects.get(why or "dup", 0) + 1
        else:
            raise SystemExit("cannot build single " + kind)
        seen.add(text)
        recs.append({"text": text, "secrets": [{"kind": k, "value": v} for k, v in secrets], "context": ctx})
    R.shuffle(recs)
    return recs, rejects


def main():
    negs, nrej = build_negatives()
    poss, prej = build_positives()
    with open(os.path.join(HERE, "redaction%d_negatives.jsonl" % N), "w", encoding="utf-8", newline="\n") as fh:
        for i, r in enumerate(negs, 1):
            fh.write(json.dumps({"id": "h%dn-%04d" % (N, i), "text": r["text"], "category": r["category"]}, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "redaction%d_positives.jsonl" % N), "w", encoding="utf-8", newline="\n") as fh:
        for i, r in enumerate(poss, 1):
            fh.write(json.dumps({"id": "h%dp-%04d" % (N, i), "text": r["text"], "secrets": r["secrets"], "context": r["context"]}, ensure_ascii=False) + "\n")
    if "--stats" in sys.argv:
        report(negs, poss, nrej, prej)


def report(negs, poss, nrej, prej):
    print("negatives:", len(negs), "positives:", len(poss), "secrets:", sum(len(p["secrets"]) for p in poss))
    cats = {}
    for i, r in enumerate(negs, 1):
        c = cats.setdefault(r["category"], {"n": 0, "tpl": {}, "min": 999, "max": 0, "single": 0, "ge10": 0})
        c["n"] += 1
        c["tpl"][r["_tpl"]] = c["tpl"].get(r["_tpl"], 0) + 1
        nl = r["text"].count("\n") + 1
        c["min"] = min(c["min"], nl)
        c["max"] = max(c["max"], nl)
        c["single"] += nl == 1
        c["ge10"] += nl >= 10
    for k, c in cats.items():
        print(k, c["n"], "templates used:", len(c["tpl"]), "lines %d/%d" % (c["min"], c["max"]), "single:", c["single"], ">=10:", c["ge10"])
        print("   ", sorted(c["tpl"].items()))
    allowed = {}
    for i, r in enumerate(negs, 1):
        for h in scan(r["text"]):
            allowed.setdefault(h, []).append("h%dn-%04d" % (N, i))
    print("allowed exceptions in final negatives:", {"%s:%s" % k: v for k, v in allowed.items()})
    print("neg rejects:", sorted(nrej.items(), key=lambda kv: -kv[1])[:40])
    print("pos rejects:", prej)
    kc = {}
    for p in poss:
        for s in p["secrets"]:
            kc[s["kind"]] = kc.get(s["kind"], 0) + 1
    print("kind counts:", kc)
    print("two-secret texts:", sum(len(p["secrets"]) == 2 for p in poss))
    ctx = {}
    for p in poss:
        ctx[p["context"]] = ctx.get(p["context"], 0) + 1
    print("contexts:", sorted(ctx.items()))
    def norm(x):
        return re.sub(r"\\n|[\s-]", "", x.split("-----")[-1] if x.startswith("-----BEGIN") else x)
    miss = {}
    for p in poss:
        hs = [norm(h[1]) for h in scan(p["text"])]
        for s in p["secrets"]:
            v = norm(s["value"])
            if not any(v in h or (h and h in v) for h in hs):
                miss[s["kind"]] = miss.get(s["kind"], 0) + 1
    print("pos scanner misses by kind (scanner has no rule for password/url/aws secret):", miss)
    lines = [r["text"].count("\n") + 1 for r in negs]
    print("neg lines: single", sum(l == 1 for l in lines), ">=10", sum(l >= 10 for l in lines), ">=20", sum(l >= 20 for l in lines), "max", max(lines))
    lead = sum(1 for r in negs if any(r["text"].startswith(l) for l in LEADINS))
    print("neg with lead-in:", lead)


if __name__ == "__main__":
    main()
