#!/usr/bin/env python3
"""Blind redaction corpus #46: European government digital services.

Writes redaction46_negatives.jsonl (600) and redaction46_positives.jsonl (150)
next to this file. Standard library only; random.Random(46 * 101) is the only
source of randomness and is consumed in a fixed order.
"""
import base64
import hashlib
import json
import os
import re
import struct
import zlib
import random

N = 46
R = random.Random(N * 101)
HERE = os.path.dirname(os.path.abspath(__file__))

# Keys generated once with openssl / ssh-keygen in a scratch dir under /tmp
# (deleted afterwards). Used only by the positive set. "cert" is a public
# self-signed certificate, used by the negative set.
PEMS = {
    'rsa_pkcs8_a': (
        '-----BEGIN PRIVATE KEY-----\n'
        'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC3QqArPpJJj+Lq\n'
        'vQKXVMhW8/1VarddVl0IAd66uAknDZM2ff9o5xDZrvRf/muuw9dnEdxDZOwsGWii\n'
        'm9/njgSl0AS6DYv0JzMu6/vUl8H8kVcXdnOtxFslgP1xT4ft0u4ZCxHc55lE/g57\n'
        '4x+UCg5uHyLUbjSnRcQVMMDv9z9pijLLo6ZITR8qb6qxx/TehRfTr6dsWl0/S3CF\n'
        '5KQ8tKgiJM5KzXpx8mvfyvKM+LGVzdvf6xZQyphFd0NWTTyf48KUJXpPn1TsevYp\n'
        'pZe6dEgreXidoKroBfHF2yDDe8K/uljCW7c8OWrbiROqTg48SSaRKc5PkZ+X7lTu\n'
        'yLpEa5bjAgMBAAECggEAFUkLyXoPC7RGqvUhI+qZCmB0gENQ4OpzC8cL06wkhACz\n'
        'pJSl4c1Uy7PidnPalgXxMuuEJd/G/qhE2v4313FLYOb0ZZfFNaqH619FdL/brDZF\n'
        'Y1hCv2AbJhQBW/Pc2eax+P6sKHhN+RF5JTKQLGWun2PGa94RB4y25a8v+a9CEkPk\n'
        'Y04x3ogmfR0V1wqBca4mHb+xr75mum6XJQRzqIwdzw41q9MCVk2LqJo/FlRHxiDi\n'
        '9Q5dhCmKdzbg4xhAtFiZbbXJ7mFngFLBj+Xnh/0HL6DYDMSKMr3Y/QG4akd/BN97\n'
        'eRPEkC6IYYTxG2V2zY+XibikzW2LKrTqkKYRjttFYQKBgQDwc/csrdVExXWhN3JY\n'
        'jXZUhwA+fW3FNrEGKEhTIPoFddWZeGGCQzEOXTQLMLrF7eRgKuLOneRYipWLPJOO\n'
        'L6kUub0MxQdhU+LxV1R046FvTMrOTtELCaeuV6SMwKzhtIZtnQ4ULLNpRrygOIXV\n'
        'pPZkTjSvFKvl2F/p39E+DiTqrwKBgQDDG/4XgrlVCciRNXI/fQ+Trmxviz0XRATF\n'
        'c6+qZiDt5mxfqrbTrrEoCBuwlupx1I1MJ5pJf0YTlKGung8cdZD77yaoUqdby14+\n'
        'k+pg7QBYG57vzYNiR9V2DNxmI12zSwSN5sZifZhIVt93ELQaWxw9TqevgU8sOFtB\n'
        'koKkzqoUDQKBgQCozjDTrAISMrG/CYb8BevxsYkJVdMPZbLniLYlrfv4g13+TRXf\n'
        'dj5lQCd+R6qHs9flb5YkyZH6WuhbhJ5ubqU8CJ1g7p2cxWCIX+/J09iMo5OpPInj\n'
        'Ptb6PUsnCUkVdz/8igrNPQiDOwbHUIcckp/rkT/JPjDjvoCvVtK1xwZBvwKBgCGx\n'
        'EsaSj1hs8RKKLSljei4hX54/aBQ9bal/GaWOLz+Fm89FVn7lWrgz9jwfQ2rWrnOp\n'
        'Hw50CPDWqLjTmH5smtW2bXGBnF7Qlnyt5DpKktWkJ2T3kymEiArzm5eTodmVKbsr\n'
        'T7SwRXywa7RO0RsAArdffrti0/4p2TBQkXjOKzZ9AoGANAiWuLwPz/Vnl9EMSkFm\n'
        '2ctGcUDaNz1s3AOmP23Dtq/fWPEBc4mdhtDdfRqVJ73va9YFeIDyPwHYOQIasxqq\n'
        '5lM275DhsLYzQ1ecgDSlha1ocBp745AJ4kBkgo4DE2hU9Qp1N27SQ6Z47tego2f7\n'
        'wbXiah6aVF+SJ+q1Tdd3bpk=\n'
        '-----END PRIVATE KEY-----'
    ),
    'rsa_pkcs8_b': (
        '-----BEGIN PRIVATE KEY-----\n'
        'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQCwu0Rf4aMr/lis\n'
        'xCMNnUFtuWvTeEHK5OQBBEgklVX/I24EVlZDpQKKLA8Lpiuv+cn5+cdpPA9KuPZg\n'
        'MfGlwjoDYINq6pfxK1gxxcHsseoQSBxIkOQdtCCXN2/UPCGkhH6LcsCvGTt0oHtn\n'
        'LdlKonR7M1LxGL4M+CrgAk/49G/W5Q8/VKNd3K//R6rtrkIYbIo+NdMINdSnJZhb\n'
        'PFfUHpduTn04DnvyKws5/skjH2XJHmmNSASmU6ELakXA0BiZKGKS6JBg0xZEMw6l\n'
        '6tx8yCEqh8h1pgVzEILQyCyMb0mgIMmfvwsg/0mAE1S4Ct5xek4XMknXxOcLWJw5\n'
        'PrWh57sJAgMBAAECggEABJfkFQyLmHnJ2uOreDpywuP41iGKruKivRaxZqdYTtig\n'
        'OWNNEVZZPzdvRKw9onCUO/euo8uN0jFbJfDmXkUytiJssqYE6528Hb8NZUDSho3O\n'
        'k7brAY1MSOHbTuF+i69t4o30TW4TH4WJmjWU2jMSt/OuNNn3G+XZ/MHSoPPUHE+u\n'
        'AQlUr4OVKEy6LtOIVh3SE1eJkn7sTBsPUl1bHRESIQypEK0J1tgxnjUJOXeDHf+F\n'
        '/KfdYOJtAtPxPEp+JyyN5N+iZ4Yh3pYtKTqW8UieO8x1Izhh9eqRB9kJDxLYFmVZ\n'
        'G9SZIhDFq0/qydg3mxdsI/6vi5hR9+HbFdW+5w3taQKBgQDoMD34Iib2cCULSwML\n'
        '3vyq0McXtE13K+mVbx9egpM1+1u5sY9Yk/o52nyJ20zZx98sOOPGMNjjQE2wOz3L\n'
        'ywOfQ8EsfpX0hNQ1PkQrPbhqcRE/OFmOQfLXMkuGdeZUuWWrjZIqiAwEngXhTuEB\n'
        'AHP0T1bd9i/sJfc91BSaKbocpwKBgQDC2xY1rUqda/vgINuhyX6sQM2uGNFmvsNC\n'
        '7wRneGSGgNtmpL17jsfX7Pyr6tSQL73joKmsqWkFvvHkI+vojzbwLsLm90ynM0o/\n'
        'MWHur3Jg/pgpTOawjx7UoxYDJ0hBkKXAArBjwQr0g24GO7lT4GNY920TKnHG3TDU\n'
        'K+2UFcLwzwKBgEXHudgI64zEx11NfezjZywu8qa9GUrnd5vheZv9wiBHGpoEMwB7\n'
        '+IfKkgMcVUxeNUQlFM9LfuNNQAvmwfutV7lVs4ibwpVqFhyqSfJ06ieTM4u8c629\n'
        'RC5If0o5xK9RyKx2L6d4m6QHmdzMx/J1IGQcNA8hHeXqwxNh2Y87WyOhAoGAWY8t\n'
        'FBrEErrRF+DCUgg0qqNWZdCOXnULdjY5hf015wRO00ygsqubesk4ESRr8qGe24K6\n'
        'udtbpAJxV3STN16r15UGi/XaS3cthwIBix0kqyQZd9Iarcf6Wa1jrqtdcJU1OZ2C\n'
        'yTau/Fd0OHU25zBZOUjv30FA7jA4Ayz1k3y1Ds0CgYEAk2X2BE80xIt+hYlg2Rd0\n'
        'lG3Ahs/6A2aritsS4H9fVhieq1+lnK1R9K2avVMHD2R+cfakABkAw5GZu9Mp7Ccq\n'
        'VK1ZKeDx0zOWsvolNnJ23zh522cCni0KTkvDQMeSoZMEHMNduwtke/G5E7uTGqi6\n'
        'CsRbl+sz97Y6NoY75N7M6P4=\n'
        '-----END PRIVATE KEY-----'
    ),
    'rsa_pkcs1': (
        '-----BEGIN RSA PRIVATE KEY-----\n'
        'MIIEpAIBAAKCAQEAvg5MAfyk32cQpmMprGj/s6k5EYX4EpTkwcap6spzBo52Rm/R\n'
        'x5rfL7qZZC4szABs2aMibV6BwYXrDTaLrme8lvlx2Gr5aBJraaSGvc5SEgMBCefT\n'
        'Z3eMOLP7ow44Xi32+EEmgU7md0UOn2BVeD6Q/qnTiKmmgcTyDK95EAMMO0uWe5W6\n'
        'xyPU51aFO4OlL4FpFsxH8A267ivJfrPTeIwX9IUE4PlV5fKmDKbGrnFwK4kG7yr+\n'
        'i7K8maLSvO84c6Y87FEO75te21z7qJjwiH6Cwh9BSYGksgA1ldt4l261pykzs6O6\n'
        'vo2cHg+z1dCn1kMNbTabz2jCvH2fxW1Bvy+cuQIDAQABAoIBACv5quSazJtUgam+\n'
        'MBpQgTnU4fuIAApsoTGlAhPtnAfcVsmdffCtiQ7GIk/nzz20q3sAICsmPufEUMrR\n'
        '4CgOoLheJ1VoCyVlfa0IAJVSc/Lu9wKPvX6nTq6gFo138Nr5z7dJe9tXokPemq+N\n'
        '3rjf4TTLnsJ0Xq6QH2GICH8H9YCSapiuyNyIQpT3aQRlQKONdA90O37bL4zDdI6W\n'
        'AN6FsLzzIIoC5OMQkOFvBr3Kz98Xjygp/LjdstpMyigiXmHoRuZLE9zSfK+VImzs\n'
        'OFx0v50arrrXPZLdkDa8t6mQBL9YkrvwYWNHIbdq2lEgaHOZAP8tpoV5ikyv8Xay\n'
        'wWwJisECgYEA6Px28EB6LG3cKJXqLBZ01RfO0ljVTCOLdOWVIBmrmS/NExuv5tNg\n'
        'dRxnDeHYUVr2yGO9ubTpdaiY9+6EWw5DugqHcUMITowhk8SsulKyoKGfKkn1aBCn\n'
        'EL8d4XlIB/2JMlPkoWxkqeiP1rXDfI7DSD37aSPgC3eG1gUP/i7Fk+0CgYEA0NRA\n'
        'DniZD6Mb/cXW+VITRRuMtGhPfKK73BfT0ieYdHWlJXpoUByKbSPXlxa30VPbIxC1\n'
        'X81b4swJ+2grru6OuoyrH82OYPiP/CXabhy5g7DnnRV2FJ4wX1A1WFhu9lV2X26v\n'
        'aPFQxWUHok7wCaZrXdzv4Ae1jvwhbgDZpi0Hqn0CgYEA3HY5HbIFaZEzKHxjMAC3\n'
        '4QQ8QrKocvmXdq/f4pYn2DZxOUmTszoFJgwQQASbKrCGoKww1U8pMpqs1L6wI3Fm\n'
        'CN75tuUVMS5Mf4U1ZMHoITOOZvfA7g4D6EbQQZD/5f+1GRhlWZI11skngqZQKsb0\n'
        'ZqGwCpdV48PgpRf5QC6F6ykCgYAUWGl5P3SiGmESw2CjX8Sy2fFGblc4LF6jHcss\n'
        'UWFAD2oskZVyIKW35mMNvE/iXAogi3MwR0CpgvmB/e8rluBe+m99pLg3aGAWz9VN\n'
        'Hw1P8D9QhZPAhHzv/E+GMO92nnLu70i1r7UP1jz9KjWmqwkQ1wKjz/x3VscnAXwy\n'
        '/XYevQKBgQDMX55S3N2KWLIoFgqZY37wR6tT69B1R68XWf1Mlzn5Q6qpDr5Wz9Er\n'
        'ogtBLLCIen+thlKMyhItd2pb/2yWpuZqjIq+4lrLAxVVzzm4abqWD9kT2zEZgm9G\n'
        'VnDy5g53abD0s4ge9K2rtD+jOUQPiMIGSmbXRECyyCiqNXNURPlgeQ==\n'
        '-----END RSA PRIVATE KEY-----'
    ),
    'ec_sec1_a': (
        '-----BEGIN EC PRIVATE KEY-----\n'
        'MHcCAQEEIG9syzleu2Zjp0j93EaGFEu3lIzoV/7GdP2337Dky1gMoAoGCCqGSM49\n'
        'AwEHoUQDQgAEqfDNMIfJhdWOTQR/XkRiIiAbRS9BqhbhrD4Gx4CDCU8S8a/GGrIo\n'
        'v50n1YniM+6abbY0fdVwACJoB6gEQeu1UA==\n'
        '-----END EC PRIVATE KEY-----'
    ),
    'ec_sec1_b': (
        '-----BEGIN EC PRIVATE KEY-----\n'
        'MHcCAQEEIADwXH4Xf+tT46NEGAapXsZ69Nqu+p7yuPDUgdaeCFZRoAoGCCqGSM49\n'
        'AwEHoUQDQgAEOSDY/L5I/3+cSCoO+z4GibNhmeX1joqYLdk/xYFRhr8C9i8PZzcJ\n'
        'g+WRnTYLab/EtJNnCg/Euu4Aek4uB/fenQ==\n'
        '-----END EC PRIVATE KEY-----'
    ),
    'ec_p384_pkcs8': (
        '-----BEGIN PRIVATE KEY-----\n'
        'MIG2AgEAMBAGByqGSM49AgEGBSuBBAAiBIGeMIGbAgEBBDCamBU59qbSA7kRqWKp\n'
        '/FTp0infSn7/wFrVbgp4UbyH8uvL2Yni/gxKkBVgvDEbqgShZANiAAQFLD4xGLtH\n'
        'jUKyGOtZV/JT9GRmNb4RUnUkNhSPwFB/WgkRhAQCYbIu83tiZlUpk4d2dEWKrMnh\n'
        'dy5+g6qSp4uT80oMOu9Hef0k9oRuMTmvjJBf2deEnfBd3OK6VPqQ8hQ=\n'
        '-----END PRIVATE KEY-----'
    ),
    'ed25519_pkcs8': (
        '-----BEGIN PRIVATE KEY-----\n'
        'MC4CAQAwBQYDK2VwBCIEIL8k3L9QfL+Yh1NfZNv/Tk/Agwli2WLdEdDlcp1P5gIu\n'
        '-----END PRIVATE KEY-----'
    ),
    'openssh_a': (
        '-----BEGIN OPENSSH PRIVATE KEY-----\n'
        'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n'
        'QyNTUxOQAAACCJrGB00zNH33TVYYYfrC6ekaJDHWY5dnk7rzK26DJLBQAAAIhuQ6hebkOo\n'
        'XgAAAAtzc2gtZWQyNTUxOQAAACCJrGB00zNH33TVYYYfrC6ekaJDHWY5dnk7rzK26DJLBQ\n'
        'AAAED6SxeouIDcaHAh5MgDGfv7BpZat1yCbdjGUgEyQucUeomsYHTTM0ffdNVhhh+sLp6R\n'
        'okMdZjl2eTuvMrboMksFAAAAAAECAwQF\n'
        '-----END OPENSSH PRIVATE KEY-----'
    ),
    'openssh_b': (
        '-----BEGIN OPENSSH PRIVATE KEY-----\n'
        'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n'
        'QyNTUxOQAAACD9+uhgdhTf2IxgfB38Vq4fqIazbmlz62D3MVVVzIzbFwAAAIh7YkV0e2JF\n'
        'dAAAAAtzc2gtZWQyNTUxOQAAACD9+uhgdhTf2IxgfB38Vq4fqIazbmlz62D3MVVVzIzbFw\n'
        'AAAECPj9NDUWPjizeEHzlFENU7dwILL0UNN6DpDrQC5lSsmv366GB2FN/YjGB8HfxWrh+o\n'
        'hrNuaXPrYPcxVVXMjNsXAAAAAAECAwQF\n'
        '-----END OPENSSH PRIVATE KEY-----'
    ),
    'cert': (
        '-----BEGIN CERTIFICATE-----\n'
        'MIIB7jCCAZWgAwIBAgIUNFpBfZwRZpR0wmxso1u23qX1iR4wCgYIKoZIzj0EAwIw\n'
        'TTELMAkGA1UEBhMCTkwxGzAZBgNVBAoMEkdlbWVlbnRlIFZvb3JiZWVsZDEhMB8G\n'
        'A1UEAwwYbWlqbmxva2V0LWFjYy5leGFtcGxlLm5sMB4XDTI2MTEyOTA4MTA0NVoX\n'
        'DTI3MTEyOTA4MTA0NVowTTELMAkGA1UEBhMCTkwxGzAZBgNVBAoMEkdlbWVlbnRl\n'
        'IFZvb3JiZWVsZDEhMB8GA1UEAwwYbWlqbmxva2V0LWFjYy5leGFtcGxlLm5sMFkw\n'
        'EwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEqfDNMIfJhdWOTQR/XkRiIiAbRS9Bqhbh\n'
        'rD4Gx4CDCU8S8a/GGrIov50n1YniM+6abbY0fdVwACJoB6gEQeu1UKNTMFEwHQYD\n'
        'VR0OBBYEFIuPc+VPhNt96VomoxJx+DGSBJBoMB8GA1UdIwQYMBaAFIuPc+VPhNt9\n'
        '6VomoxJx+DGSBJBoMA8GA1UdEwEB/wQFMAMBAf8wCgYIKoZIzj0EAwIDRwAwRAIg\n'
        'ALDr661XVcjfvj1ckJjHXjPl2L+PPBuFREVOR8fLYaQCIHNUXUzeaZSOkH1zLmml\n'
        'mqvCYd6/kfTcowCurUaU4jgA\n'
        '-----END CERTIFICATE-----'
    ),
}

# ---------------------------------------------------------------- helpers
HEX = "0123456789abcdef"
B62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
B64C = B62 + "+/"
URLC = B62 + "-_"


def pick(seq):
    return seq[R.randrange(len(seq))]


def rs(alpha, n):
    return "".join(alpha[R.randrange(len(alpha))] for _ in range(n))


def hx(n):
    return rs(HEX, n)


def dg(n):
    return "".join(str(R.randrange(10)) for _ in range(n))


def rbytes(n):
    return bytes(R.randrange(256) for _ in range(n))


def b64(b):
    return base64.b64encode(b).decode()


def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def uuid4():
    h = hx(32)
    h = h[:12] + "4" + h[13:16] + pick("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def ulid():
    return "01J" + rs("0123456789ABCDEFGHJKMNPQRSTVWXYZ", 23)


def ts_iso():
    return "2026-%02d-%02dT%02d:%02d:%02d.%03dZ" % (
        R.randint(1, 11), R.randint(1, 28), R.randint(0, 23), R.randint(0, 59), R.randint(0, 59), R.randint(0, 999))


def date_eu(sep="-"):
    return "%02d%s%02d%s2026" % (R.randint(1, 28), sep, R.randint(1, 12), sep)


def priv_ip():
    k = R.randrange(4)
    if k == 0:
        return "10.%d.%d.%d" % (R.randint(0, 255), R.randint(0, 255), R.randint(1, 254))
    if k == 1:
        return "172.%d.%d.%d" % (R.randint(16, 31), R.randint(0, 255), R.randint(1, 254))
    if k == 2:
        return "192.168.%d.%d" % (R.randint(0, 255), R.randint(1, 254))
    return "%s.%d" % (pick(["192.0.2", "198.51.100", "203.0.113"]), R.randint(1, 254))


def luhn_ok(s):
    tot = 0
    for i, ch in enumerate(reversed(s)):
        d = int(ch)
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        tot += d
    return tot % 10 == 0


def luhn_complete(prefix, length):
    body = prefix + dg(length - len(prefix) - 1)
    for c in "0123456789":
        if luhn_ok(body + c):
            return body + c


def iban_digits(s):
    return "".join(str(int(c, 36)) for c in s)


def iban_make(cc, bban):
    chk = 98 - int(iban_digits(bban + cc + "00")) % 97
    return "%s%02d%s" % (cc, chk, bban)


def iban_valid(s):
    s = s.replace(" ", "")
    if not re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]{11,30}", s):
        return False
    return int(iban_digits(s[4:] + s[:4])) % 97 == 1


def group4(s):
    return " ".join(s[i:i + 4] for i in range(0, len(s), 4))


def mod97_ref10():
    """Belgian structured communication: 10 digits + 2 check digits (mod 97)."""
    base = dg(10)
    c = int(base) % 97 or 97
    s = base + "%02d" % c
    return "+++%s/%s/%s+++" % (s[:3], s[3:7], s[7:])


def ee_viitenumber():
    base = dg(R.randint(5, 9))
    w = [7, 3, 1]
    tot = sum(int(d) * w[i % 3] for i, d in enumerate(reversed(base)))
    return base + str((10 - tot % 10) % 10)


def pl_nip():
    w = [6, 5, 7, 2, 3, 4, 5, 6, 7]
    while True:
        b = str(R.randint(1, 9)) + dg(8)
        c = sum(int(d) * w[i] for i, d in enumerate(b)) % 11
        if c < 10:
            s = b + str(c)
            return "%s-%s-%s-%s" % (s[:3], s[3:6], s[6:8], s[8:])


def it_piva():
    b = dg(7) + pick(["058", "015", "063", "001", "037", "048"])
    tot = 0
    for i, ch in enumerate(b):
        d = int(ch)
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        tot += d
    return b + str((10 - tot % 10) % 10)


# ---------------------------------------------------------------- real bytes
def png_chunk(t, d):
    return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)


def png_rgb(w, h, rgb):
    raw = b"".join(b"\x00" + bytes(rgb) * w for _ in range(h))
    return (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + png_chunk(b"IDAT", zlib.compress(raw, 9)) + png_chunk(b"IEND", b""))


def png_qr(n):
    rows = []
    for _ in range(n):
        rows.append(b"\x00" + bytes(pick([0, 255]) for _ in range(n)))
    raw = b"".join(rows)
    return (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", struct.pack(">IIBBBBB", n, n, 8, 0, 0, 0, 0))
            + png_chunk(b"IDAT", zlib.compress(raw, 9)) + png_chunk(b"IEND", b""))


def gif1(rgb):
    return (b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + bytes(rgb) + b"\x00\x00\x00"
            + b"!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")


def ico(png):
    return (struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 16, 16, 0, 0, 1, 32, len(png), 22) + png)


def pdf(title):
    objs = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
        None,
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    stream = ("BT /F1 14 Tf 72 770 Td (%s) Tj ET" % title).encode("latin-1")
    objs[3] = b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream"
    out = b"%PDF-1.4\n"
    offs = []
    for i, o in enumerate(objs):
        offs.append(len(out))
        out += b"%d 0 obj\n" % (i + 1) + o + b"\nendobj\n"
    x = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
    for o in offs:
        out += b"%010d 00000 n \n" % o
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, x)
    return out


def wav(n):
    data = bytes(128 + int(60 * ((i % 16) / 8 - 1)) for i in range(n))
    return (b"RIFF" + struct.pack("<I", 36 + len(data)) + b"WAVEfmt " + struct.pack("<IHHIIHH", 16, 1, 1, 8000, 8000, 1, 8)
            + b"data" + struct.pack("<I", len(data)) + data)


def woff2_head():
    return b"wOF2" + struct.pack(">IIHH", 0x00010000, R.randint(9000, 40000), R.randint(9, 16), 0) + rbytes(60)


COLORS = ["#01689b", "#154273", "#0066cc", "#0b0c0c", "#1d70b8", "#0072ce", "#d4351c", "#00703c", "#ffdd00",
          "#39870c", "#007bc7", "#e17000", "#5c2483", "#17324d", "#06c", "#dc143c"]
SVG_PATHS = ["M4 6l4 4 4-4", "M1 8l5 5L15 3", "M8 1v14M1 8h14", "M3 3l10 10M13 3L3 13", "M2 12h12L8 3z",
             "M8 2a6 6 0 1 0 0 12A6 6 0 0 0 8 2z", "M6 3l5 5-5 5", "M10 3L5 8l5 5", "M2 4h12v8H2z"]


def svg(size=16):
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 16 16"><path d="%s" '
            'fill="none" stroke="%s" stroke-width="2"/></svg>' % (size, size, pick(SVG_PATHS), pick(COLORS)))


def trunc(s, n):
    if len(s) <= n:
        return s
    return s[:n] + pick(["…", "...", "[%d more chars]" % (len(s) - n)])


# ---------------------------------------------------------------- domain vocab
NL_MUNI = [("Amsterdam", "GM0363"), ("Rotterdam", "GM0599"), ("'s-Gravenhage", "GM0518"), ("Utrecht", "GM0344"),
           ("Eindhoven", "GM0772"), ("Groningen", "GM0014"), ("Tilburg", "GM0855"), ("Almere", "GM0034"),
           ("Breda", "GM0758"), ("Nijmegen", "GM0268"), ("Zwolle", "GM0193"), ("Leiden", "GM0546"),
           ("Haarlem", "GM0392"), ("Maastricht", "GM0935"), ("Delft", "GM0503"), ("Apeldoorn", "GM0200")]
IT_MUNI = [("Roma", "058091", "H501"), ("Milano", "015146", "F205"), ("Napoli", "063049", "F839"),
           ("Torino", "001272", "L219"), ("Bologna", "037006", "A944"), ("Firenze", "048017", "D612"),
           ("Bari", "072006", "A662"), ("Palermo", "082053", "G273"), ("Genova", "010025", "D969")]
BE_MUNI = [("Antwerpen", "11002"), ("Gent", "44021"), ("Brussel/Bruxelles", "21004"), ("Leuven", "24062"),
           ("Liège", "62063"), ("Namur", "92094"), ("Charleroi", "52011"), ("Brugge", "31005"), ("Mons", "53053")]
PL_MUNI = [("Warszawa", "1465011"), ("Kraków", "1261011"), ("Łódź", "1061011"), ("Wrocław", "0264011"),
           ("Poznań", "3064011"), ("Gdańsk", "2261011"), ("Lublin", "0663011"), ("Katowice", "2469011")]
EE_MUNI = [("Tallinn", "0784"), ("Tartu linn", "0793"), ("Narva linn", "0511"), ("Pärnu linn", "0624"),
           ("Viljandi linn", "0899"), ("Rakvere linn", "0663"), ("Saaremaa vald", "0714")]

LEADS = ["fyi: ", "FYI — ", "Ter info: ", "ter info, ", "Pour info : ", "Per info: ", "Dla info: ", "Teadmiseks: ",
         "kleine check: ", "vraagje: ", "domanda veloce: ", "pytanie: ", "küsimus: ", "heads-up: ", "zie hieronder:\n",
         "ecco il log:\n", "voilà ce que j'ai :\n", "wklejam:\n", "siin on väljund:\n", "context:\n"]
TRAILS = ["\nthx", "\nbedankt!", "\nmerci", "\ngrazie 🙏", "\ndzięki", "\naitäh", "\n(acc-omgeving)", "\n— zie ook het ticket",
          "\nnon urgente", "\nto na jutro", "\nhomme vaatame edasi", " 👀"]

ORG_HOSTS = ["mijnloket.gemeente-voorbeeld.nl", "portale.comune-esempio.it", "eloket.stad-voorbeeld.be",
             "e-urzad.gmina-przyklad.pl", "iseteenindus.linn-naidis.ee", "zaken.gemeente-voorbeeld.nl"]


# ---------------------------------------------------------------- scanner
RE_EMAIL = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
RE_GH = re.compile(r"gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{20,}")
RE_SLACK = re.compile(r"xox[abposre]-\d+-")
RE_SK = re.compile(r"(?<![A-Za-z0-9])sk-[A-Za-z0-9_-]{32,}")
RE_JWT = re.compile(r"eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{10,}")
RE_SSN = re.compile(r"(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])")
RE_DIGRUN = re.compile(r"\d+(?:[ -]\d+)*")
RE_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{1,4}){3,8}")
RE_PEM = re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----(.*?)-----END", re.S)
RE_AKIA = re.compile(r"(?:AKIA|ASIA)[A-Z0-9]{12,}")
RE_IP = re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?![\d.]*\d)")
RE_PHONE = re.compile(r"\+(?:31|32|39|48|372|1|44|49|33)[ -]?\(?\d[\d ()-]{6,}\d|(?<![\d.,/])06[- ]?\d{8}(?!\d)"
                      r"|(?<![\d.,/])\d{3}[- ]\d{3}[- ]\d{3}(?![\d-])|(?<![\d.,/])0\d{2,3}[- ]\d{2,3}[ ]\d{2}[ ]\d{2}(?!\d)")
NAMES = ["Sanne", "Daan", "Pieter", "Marco", "Giulia", "Anna", "Piotr", "Katarzyna", "Kristjan", "Luca", "Sophie",
         "Lucas", "Emma", "Noah", "Tomasz", "Jeroen", "Francesca", "Mart", "Kadri", "Lieve", "Thomas", "Marie"]
RE_NAME = re.compile(r"\b(?:%s)\b" % "|".join(NAMES))


def ip_allowed(parts):
    a, b = parts[0], parts[1]
    if any(p > 255 for p in parts):
        return True  # not an address
    if a in (10, 127, 0):
        return True
    if a == 172 and 16 <= b <= 31:
        return True
    if a == 192 and b == 168:
        return True
    if parts[:3] in ([192, 0, 2], [198, 51, 100], [203, 0, 113]):
        return True
    if a == 255:
        return True
    return False


def scan(text):
    hits = []
    for name, rx in (("email", RE_EMAIL), ("github", RE_GH), ("slack", RE_SLACK), ("sk_key", RE_SK),
                     ("jwt", RE_JWT), ("ssn", RE_SSN), ("phone", RE_PHONE), ("name", RE_NAME)):
        for m in rx.finditer(text):
            hits.append((name, m.group(0)))
    for m in RE_DIGRUN.finditer(text):
        d = re.sub(r"[ -]", "", m.group(0))
        if 13 <= len(d) <= 19 and luhn_ok(d):
            hits.append(("luhn", m.group(0)))
    for m in re.finditer(r"\d{13,19}", text):
        if luhn_ok(m.group(0)):
            hits.append(("luhn", m.group(0)))
    for m in RE_IBAN.finditer(text):
        s = m.group(0).replace(" ", "")
        for L in range(15, len(s) + 1):
            if iban_valid(s[:L]):
                hits.append(("iban", s[:L]))
                break
    for m in RE_PEM.finditer(text):
        if re.search(r"[A-Za-z0-9+/]{40,}", m.group(1)):
            hits.append(("pem", m.group(0)[:40]))
    for m in RE_AKIA.finditer(text):
        if "EXAMPLE" not in m.group(0):
            hits.append(("aws_key_id", m.group(0)))
    for m in RE_IP.finditer(text):
        parts = [int(x) for x in m.groups()]
        if not ip_allowed(parts):
            hits.append(("public_ipv4", m.group(0)))
    return hits


# ================================================================ NEGATIVES
NEG = {}


def neg(cat):
    def deco(f):
        NEG.setdefault(cat, []).append(f)
        return f
    return deco


# ---------------------------------------------------------------- data_uri_base64
@neg("data_uri_base64")
def d_css_svg():
    cls = pick(["utrecht-icon--chevron-down", "rvo-icon-pijl-rechts", "govuk-accordion-nav__chevron", "it-icon-expand",
                "nl-select__arrow", "denhaag-icon-check", "ee-veera-icon-close", "gov-pl-icon-arrow"])
    u = b64(svg().encode())
    return "```css\n.%s {\n  background-image: url(\"data:image/svg+xml;base64,%s\");\n  background-repeat: no-repeat;\n  inline-size: %spx;\n}\n```" % (
        cls, u, pick(["16", "20", "24"]))


@neg("data_uri_base64")
def d_axe_img():
    p = b64(png_rgb(R.randint(1, 4), R.randint(1, 4), (R.randrange(256), R.randrange(256), R.randrange(256))))
    sc = pick(["1.1.1", "1.4.11", "1.4.5"])
    lang = R.randrange(3)
    if lang == 0:
        head = "Toegankelijkheidsaudit %s, bevinding %d (WCAG %s, niveau A): afbeelding zonder tekstalternatief op de pagina /aanvragen/parkeervergunning" % (
            date_eu(), R.randint(3, 60), sc)
    elif lang == 1:
        head = "Audit accessibilità (AgID, dichiarazione %s) — criterio %s non soddisfatto: immagine senza alt nella pagina /servizi/tari" % (
            date_eu("/"), sc)
    else:
        head = "Accessibility audit finding #%d (WCAG %s): decorative image is announced by NVDA, element:" % (R.randint(3, 90), sc)
    return head + "\n```html\n<img class=\"%s\" src=\"data:image/png;base64,%s\">\n```" % (
        pick(["hero__spacer", "tile__icon", "it-thumb", "rvo-logo__spacer"]), p)


@neg("data_uri_base64")
def d_jupyter():
    ds = pick(["CBS 83765NED kerncijfers wijken en buurten", "ISTAT popolazione residente al 1 gennaio",
               "dane.gov.pl — liczba wniosków 800+", "Statistikaamet RV021", "Statbel bevolking per gemeente"])
    p = b64(png_rgb(R.randint(2, 6), R.randint(2, 6), (R.randrange(256), R.randrange(256), R.randrange(256))))
    return "notebook output for the %s chart (nbformat 4):\n```json\n{\n  \"output_type\": \"display_data\",\n  \"data\": {\n    \"image/png\": \"%s\",\n    \"text/plain\": [\"<Figure size 640x480 with 1 Axes>\"]\n  },\n  \"metadata\": {}\n}\n```" % (ds, p)


@neg("data_uri_base64")
def d_qr_fixture():
    n = pick([21, 25])
    p = b64(png_qr(n))
    comp = pick(["DigidAppQrCode", "ItsmeQrPlaceholder", "SmartIdQrPreview", "CieIdQrCode", "MObywatelQrCode"])
    return "snapshot of the %s test fixture (dummy pattern, not a real session):\n```tsx\nexport const FIXTURE_QR = \"data:image/png;base64,%s\";\n\nit(\"renders %s\", () => {\n  render(<%s src={FIXTURE_QR} size={%d} />);\n  expect(screen.getByRole(\"img\")).toHaveAccessibleName(\"QR-code\");\n});\n```" % (
        comp, trunc(p, R.choice([120, 200, 400, 2000])), comp, comp, n * 8)


@neg("data_uri_base64")
def d_bootstrap_italia_utf8():
    s = svg().replace('"', "'").replace("#", "%23").replace("<", "%3C").replace(">", "%3E")
    return "In Bootstrap Italia il chevron della select è inline:\n```scss\n$form-select-indicator: url(\"data:image/svg+xml;charset=utf8,%s\");\n```\nva sovrascritto nel tema del comune, non nel pacchetto" % s


@neg("data_uri_base64")
def d_font():
    fam = pick(["RijksoverheidSansWebText", "Titillium Web", "Roboto Mono", "Fira Sans", "Source Sans Pro", "Lato"])
    body = b64(woff2_head())
    return "```css\n@font-face {\n  font-family: \"%s\";\n  font-weight: %d;\n  font-display: swap;\n  src: url(data:font/woff2;base64,%s) format(\"woff2\");\n}\n```" % (
        fam, pick([400, 600, 700]), trunc(body, R.randint(40, 80)))


@neg("data_uri_base64")
def d_xroad_attachment():
    title = pick(["Voorbeeldbeschikking testcase %d" % R.randint(1, 99), "Esempio ricevuta protocollo %d" % R.randint(1, 99),
                  "Przykladowe UPO test %d" % R.randint(1, 99), "Naidis otsus test %d" % R.randint(1, 99)])
    p = b64(pdf(title))
    return "X-Road SOAP response from the ACC environment, the attachment is the generated sample PDF:\n```xml\n<SOAP-ENV:Body>\n  <prod:getDocumentResponse>\n    <prod:document mimeType=\"application/pdf\" fileName=\"sample-%d.pdf\">%s</prod:document>\n  </prod:getDocumentResponse>\n</SOAP-ENV:Body>\n```" % (
        R.randint(100, 999), trunc(p, R.choice([100, 160, 5000])))


@neg("data_uri_base64")
def d_sourcemap():
    src = pick(["src/components/DigidButton.tsx", "src/spid/SpidAccessButton.vue", "src/lib/validators/pesel.ts",
                "src/lib/isikukood.ts", "src/pages/aanvraag/[zaakId].tsx", "src/lib/elfproef.ts"])
    sm = json.dumps({"version": 3, "file": "main.%s.js" % hx(8), "sources": [src], "names": [],
                     "mappings": ";".join(rs("ACEGIKMOQSUWYacegikmoqsuwy", R.randint(4, 8)) for _ in range(R.randint(3, 6)))},
                    separators=(",", ":"))
    return "the prod bundle still ships an inline source map, last line of `main.js`:\n```\n//# sourceMappingURL=data:application/json;charset=utf-8;base64,%s\n```" % b64(sm.encode())


@neg("data_uri_base64")
def d_csp():
    host = pick(ORG_HOSTS)
    g = b64(gif1((R.randrange(256), R.randrange(256), R.randrange(256))))
    return "```json\n{\"csp-report\": {\"document-uri\": \"https://%s/aanvraag\", \"violated-directive\": \"img-src\", \"effective-directive\": \"img-src\", \"blocked-uri\": \"data\", \"script-sample\": \"data:image/gif;base64,%s\", \"disposition\": \"enforce\", \"status-code\": 200}}\n```" % (
        host, g)


@neg("data_uri_base64")
def d_favicon():
    i = b64(ico(png_rgb(16, 16, (R.randrange(256), R.randrange(256), R.randrange(256)))))
    return pick(["favicon van de acceptatieomgeving (oranje zodat je hem niet verwart met productie):",
                 "favicon de l'environnement de test :", "favicon środowiska testowego:", "testkeskkonna favicon:"]) + \
        "\n```html\n<link rel=\"icon\" type=\"image/x-icon\" href=\"data:image/x-icon;base64,%s\">\n```" % trunc(i, R.choice([60, 120, 3000]))


@neg("data_uri_base64")
def d_md_image():
    g = b64(gif1((R.randrange(256), R.randrange(256), R.randrange(256))))
    lang = pick(["nl", "en", "it", "pl", "et"])
    t = {"nl": "Screenshot contrastmeting knop 'Inloggen met DigiD'",
         "en": "contrast check of the 'Log in with eIDAS' button",
         "it": "controllo contrasto pulsante 'Entra con SPID'",
         "pl": "kontrast przycisku 'Zaloguj przez login.gov.pl'",
         "et": "nupu 'Sisene ID-kaardiga' kontrastsus"}[lang]
    return "![%s](data:image/gif;base64,%s)\nratio %d.%d:1 (AA vereist 4.5:1)" % (t, g, R.randint(2, 4), R.randint(0, 9))


@neg("data_uri_base64")
def d_py_fixture():
    p = b64(png_rgb(R.randint(1, 8), R.randint(1, 3), (R.randrange(256), R.randrange(256), R.randrange(256))))
    return "```python\n# tests/fixtures/brief.py — placeholder logo for the generated %s letter\nimport base64\n\nLOGO_PNG = base64.b64decode(\n    \"%s\"\n)\n\ndef test_logo_is_png():\n    assert LOGO_PNG[:8] == b\"\\x89PNG\\r\\n\\x1a\\n\"\n```" % (
        pick(["WOZ-beschikking", "avviso TARI", "decyzja podatkowa", "maksuotsus", "avertissement-extrait de rôle"]), p)


@neg("data_uri_base64")
def d_shell_decode():
    s = svg(R.choice([16, 24, 32]))
    return "```console\n$ echo '%s' | base64 -d > %s.svg\n$ file %s.svg\n%s.svg: SVG Scalable Vector Graphics image\n```" % (
        b64(s.encode()), *([pick(["chevron", "vinkje", "freccia", "strzalka", "nool", "kruis"])] * 3))


@neg("data_uri_base64")
def d_zgw_inhoud():
    p = b64(pdf("Testdocument zaaktype %d" % R.randint(100, 999)))
    return "POST naar de Documenten API, `inhoud` is base64 van een testpdf:\n```json\n{\n  \"bronorganisatie\": \"%s\",\n  \"creatiedatum\": \"2026-%02d-%02d\",\n  \"titel\": \"testdocument\",\n  \"auteur\": \"functioneel beheer\",\n  \"taal\": \"nld\",\n  \"formaat\": \"application/pdf\",\n  \"inhoud\": \"%s\",\n  \"vertrouwelijkheidaanduiding\": \"openbaar\"\n}\n```" % (
        dg(9), R.randint(1, 11), R.randint(1, 28), trunc(p, R.choice([80, 140, 9000])))


@neg("data_uri_base64")
def d_wav():
    w = b64(wav(R.randint(16, 40)))
    return "the timeout-warning beep (WCAG 2.2.1) is an inline clip:\n```js\nconst BEEP = new Audio(\"data:audio/wav;base64,%s\");\n```" % w


@neg("data_uri_base64")
def d_epuap_xml():
    p = b64(pdf("Wniosek testowy nr %d" % R.randint(1, 500)))
    return "```xml\n<str:Zalaczniki>\n  <str:Zalacznik format=\"application/pdf\" nazwaPliku=\"wniosek-testowy.pdf\" kodowanie=\"base64\">\n    <str:DaneZalacznika>%s</str:DaneZalacznika>\n  </str:Zalacznik>\n</str:Zalaczniki>\n```\nto jest dokument testowy z dokumentacji, nie dane z produkcji" % trunc(p, R.choice([90, 200, 6000]))


@neg("data_uri_base64")
def d_vue_svg():
    s = b64(svg(24).encode())
    return "```vue\n<template>\n  <img :src=\"icon\" alt=\"\" aria-hidden=\"true\" class=\"%s\" />\n</template>\n<script setup>\nconst icon = \"data:image/svg+xml;base64,%s\";\n</script>\n```" % (
        pick(["eesti-header__icon", "riigiportaal-nupp__ikoon", "tara-login__icon"]), s)


@neg("data_uri_base64")
def d_lighthouse():
    lines = ["Lighthouse %s, audit `image-size-responsive` / `uses-optimized-images` op %s:" % (
        pick(["12.2.1", "11.7.1", "12.0.0"]), pick(ORG_HOSTS))]
    for _ in range(R.randint(2, 6)):
        p = b64(png_rgb(R.randint(1, 3), R.randint(1, 3), (R.randrange(256), R.randrange(256), R.randrange(256))))
        lines.append("| `data:image/png;base64,%s` | %d B | %d B potential savings |" % (trunc(p, 48), R.randint(70, 99), R.randint(0, 20)))
    return "\n".join(lines)


@neg("data_uri_base64")
def d_nunjucks_email():
    p = b64(png_rgb(1, 1, (R.randrange(256), R.randrange(256), R.randrange(256))))
    return "```njk\n{# e-mailsjabloon bevestiging aanvraag; spacer-pixel voor Outlook #}\n<td style=\"background:url('data:image/png;base64,%s')\">\n  {{ govukPanel({ titleText: \"Aanvraag ontvangen\", html: \"Uw zaaknummer is <strong>\" + zaak.identificatie + \"</strong>\" }) }}\n</td>\n```" % p


# ---------------------------------------------------------------- placeholder_example
@neg("placeholder_example")
def p_env_digid():
    ph = pick(["<vul-in-via-vault>", "<invullen>", "CHANGE_ME", "${DIGID_KEY_PASSPHRASE}", "xxx", "<zie-kluis>"])
    return "```dotenv\n# .env.example — nooit echte waarden committen\nDIGID_ENTITY_ID=https://%s/saml/metadata\nDIGID_KEY_PATH=/run/secrets/pkio-signing.key\nDIGID_KEY_PASSPHRASE=%s\nEHERKENNING_CLIENT_SECRET=%s\nSESSION_SECRET=\nZGW_API_CLIENT_ID=mijnloket\nZGW_API_SECRET=%s\n```" % (
        pick(ORG_HOSTS), ph, pick(["<client-secret>", "your-client-secret", "********"]), pick(["<jwt-secret>", "changeme", "${ZGW_SECRET}"]))


@neg("placeholder_example")
def p_helm_spid():
    return "```yaml\nspid:\n  entityId: \"https://%s/spid\"\n  keyPassword: {{ .Values.spid.keyPassword | quote }}\n  privateKey:\n    valueFrom:\n      secretKeyRef:\n        name: %s\n        key: tls.key\nenv:\n  - name: SPID_KEYSTORE_PASSWORD\n    valueFrom:\n      secretKeyRef: { name: spid-keystore, key: password }\n```" % (
        pick(ORG_HOSTS), pick(["spid-sp-key", "spid-signing", "cie-oidc-key"]))


@neg("placeholder_example")
def p_gha():
    return "```yaml\n- name: Deploy naar %s\n  env:\n    KUBECONFIG_DATA: ${{ secrets.KUBECONFIG_%s }}\n    XROAD_CLIENT_CERT_PASSWORD: ${{ secrets.XROAD_CLIENT_CERT_PASSWORD }}\n    NPM_TOKEN: ${{ secrets.NPM_TOKEN }}\n  run: ./deploy.sh --env %s\n```" % (
        *([pick(["acc", "test", "preprod", "demo"])] * 1), pick(["ACC", "TEST", "PREPROD"]), pick(["acc", "test"]))


@neg("placeholder_example")
def p_localstack():
    return "```hcl\n# localstack voor de open-data export, dit zijn de voorbeeldsleutels uit de AWS-docs\nprovider \"aws\" {\n  region                      = \"eu-central-1\"\n  access_key                  = \"AKIAIOSFODNN7EXAMPLE\"\n  secret_key                  = \"wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\"\n  skip_credentials_validation = true\n  endpoints { s3 = \"http://localhost:%d\" }\n}\n```" % pick([4566, 4510])


@neg("placeholder_example")
def p_curl_bearer():
    ph = pick(["<jouw-token>", "<il-tuo-token>", "<twój-token>", "<sinu-token>", "<votre-jeton>", "$TOKEN", "${ACCESS_TOKEN}"])
    return "```bash\ncurl -s -H \"Authorization: Bearer %s\" \\\n     -H \"Accept-Crs: EPSG:4326\" \\\n     \"https://%s/api/v1/zaken?zaaktype=%s&page=%d\"\n```" % (
        ph, pick(ORG_HOSTS), uuid4(), R.randint(1, 9))


@neg("placeholder_example")
def p_paste_here():
    return pick([
        "plak je eigen token hier: `<token>` en niet die van de serviceaccount",
        "incolla qui il tuo token: `<incolla-token-qui>`",
        "wklej tutaj swój token: `<wklej-token>` — nie wrzucajcie prawdziwych na kanał",
        "sisesta oma võti siia: `<SINU_VÕTI>`, päris võtmed ainult Vaulti",
        "collez votre jeton ici : `<votre-jeton>`",
    ]) + " (zie README §%d)" % R.randint(2, 9)


@neg("placeholder_example")
def p_masks():
    L = [("BSN", "*****%s" % dg(0) + "****"), ("IBAN", "NL** **** **** **** %s" % pick(["**", "xx"])),
         ("codice fiscale", "XXXXXX00X00X000X"), ("PESEL", "***********"), ("isikukood", "3**********"),
         ("rijksregisternummer", "**.**.**-***.**"), ("IBAN", "IT** X*** **** **** **** **** ***"),
         ("telefoon", "06-********"), ("e-mail", "j***@*****.nl"), ("kaart", "•••• •••• •••• ••••")]
    R.shuffle(L)
    k = R.randint(3, 6)
    rows = "\n".join("| %s | `%s` |" % (a, b) for a, b in L[:k])
    return pick(["Zo tonen we gemaskeerde velden in het KCC-scherm:", "Masking in the back-office view after the fix:",
                 "Così appaiono i campi mascherati nel back-office:", "Tak wyglądają zamaskowane pola:"]) + "\n| veld | weergave |\n|---|---|\n" + rows


@neg("placeholder_example")
def p_compose_defaults():
    return "```yaml\n# docker-compose.dev.yml (lokale eIDAS-node + Keycloak)\nservices:\n  keycloak:\n    image: quay.io/keycloak/keycloak:%s\n    environment:\n      KEYCLOAK_ADMIN: admin\n      KEYCLOAK_ADMIN_PASSWORD: admin\n  db:\n    image: postgres:%d\n    environment:\n      POSTGRES_USER: %s\n      POSTGRES_PASSWORD: changeme\n  mq:\n    image: rabbitmq:3-management\n    # guest/guest, alleen op localhost\n```" % (
        pick(["25.0", "24.0.5", "26.0"]), pick([15, 16, 17]), pick(["zaken", "portale", "wnioski", "taotlused"]))


@neg("placeholder_example")
def p_conn_template():
    return pick([
        "formaat is `postgres://gebruiker:wachtwoord@localhost:5432/zaken`, vul zelf in",
        "la stringa è `postgresql://utente:password@localhost:5432/protocollo` — sostituisci utente e password",
        "format: `mysql://<użytkownik>:<hasło>@<host>:3306/ewidencja`",
        "vorming: `postgres://<kasutaja>:<parool>@<host>/taotlused`",
        "template: `amqp://guest:guest@localhost:5672/` for local dev only",
        "`DATABASE_URL=postgres://user:password@localhost/dev_%s`" % pick(["zaken", "tributi", "podatki"]),
    ]) + pick(["", " ", " 🙂", "\n(staat ook in de wiki)"])


@neg("placeholder_example")
def p_vendor_prefix():
    items = [("OPENAI_API_KEY", pick(["sk-...", "sk-proj-…", "sk-xxxxxxxx"])), ("ANTHROPIC_API_KEY", pick(["sk-ant-api03-...", "sk-ant-…"])),
             ("SLACK_BOT_TOKEN", pick(["xoxb-your-bot-token", "xoxb-…", "xoxb-XXXX"])), ("GITHUB_TOKEN", pick(["ghp_xxxxxxxxxxxx", "github_pat_...", "ghp_…"])),
             ("AWS_ACCESS_KEY_ID", pick(["AKIA...", "AKIAxxxxxxxx", "AKIA…"])), ("GITLAB_TOKEN", pick(["glpat-xxxx", "glpat-…"]))]
    R.shuffle(items)
    k = R.randint(2, 5)
    return pick(["Chatbot-pilot voor de gemeentesite, `.env.example`:", "Config del bot per le notifiche di SPID down:",
                 "Przykładowy plik konfiguracyjny asystenta:", "Assistendi näidiskonfiguratsioon:"]) + "\n```\n" + "\n".join("%s=%s" % kv for kv in items[:k]) + "\n```"


@neg("placeholder_example")
def p_spring_changeit():
    return "```properties\n# application-acc.properties\nspid.keystore.path=classpath:keystore/sp.p12\nspid.keystore.password=${SPID_KEYSTORE_PASSWORD:changeit}\nspid.key.alias=%s\nxroad.client.truststore.password=${XROAD_TRUSTSTORE_PASSWORD}\nspring.datasource.password=${DB_PASSWORD}\n```" % pick(["sp-signing", "spid", "cie"])


@neg("placeholder_example")
def p_govuk_input():
    return "```njk\n{{ govukInput({\n  label: { text: \"%s\" },\n  id: \"password\",\n  name: \"password\",\n  type: \"password\",\n  value: \"\",\n  autocomplete: \"current-password\",\n  hint: { text: \"%s\" }\n}) }}\n```" % pick([
        ("Wachtwoord", "Minimaal 12 tekens"), ("Password", "At least 12 characters"), ("Hasło", "Co najmniej 12 znaków"),
        ("Parool", "Vähemalt 12 märki"), ("Mot de passe", "Au moins 12 caractères")])


@neg("placeholder_example")
def p_vault_refs():
    return pick(["gebruik", "use", "usa", "użyj", "kasuta"]) + " `op://%s/%s/%s` %s `vault kv get -field=%s secret/%s/%s`" % (
        pick(["Digitale Dienstverlening", "Team Portale", "Zespol eUrzad", "Riigiportaal"]), pick(["DigiD acc", "SPID test", "ePUAP test", "TARA test"]),
        pick(["wachtwoord", "password", "hasło", "parool"]), pick(["of", "or", "oppure", "albo", "või"]), pick(["pin", "password", "passphrase"]),
        pick(["xroad", "spid", "digid", "tara"]), pick(["ss1", "acc", "test", "demo"]))


@neg("placeholder_example")
def p_pem_dots():
    kind = pick(["PRIVATE KEY", "RSA PRIVATE KEY", "EC PRIVATE KEY"])
    return pick(["Nel file `sp.key` deve esserci il blocco completo, tipo:", "Het bestand `pkio.key` moet er zo uitzien:",
                 "Plik `klucz.pem` powinien wyglądać tak:", "`tara.key` fail peab välja nägema nii:"]) + \
        "\n```\n-----BEGIN %s-----\n%s\n-----END %s-----\n```" % (kind, pick(["...", "…", "<base64>", "MIIE...", "(inhoud van de sleutel)"]), kind)


@neg("placeholder_example")
def p_redacted_log():
    return "```\n%s INFO  xroad-proxy  request service=%s client=%s/GOV/%s/%s\n%s DEBUG http  Authorization: %s\n%s DEBUG http  X-Road-Client-Cert-Password: %s\n%s WARN  auth  login mislukt voor gebruiker=%s\n```" % (
        ts_iso(), pick(["EE/GOV/70000310/rr/RR442", "EE/COM/10000000/demo/getRandom", "NL/GOV/00000001/zaken/list"]), pick(["EE", "FI", "NL"]),
        dg(8), pick(["ss1", "portaal", "client"]), ts_iso(), pick(["[REDACTED]", "<redacted>", "Bearer ***", "[FILTERED]"]), ts_iso(),
        pick(["***", "[MASKED]", "(sensitive value)"]), ts_iso(), pick(["<masked>", "[REDACTED]", "***"]))


@neg("placeholder_example")
def p_empty_yaml():
    return "```yaml\ntara:\n  client-id: %s\n  client-secret: \"\"\n  redirect-uri: https://%s/oauth/callback\nsmartid:\n  relying-party-uuid: 00000000-0000-0000-0000-000000000000\n  relying-party-name: DEMO\n```\nclient-secret jääb tühjaks, see tuleb Vaultist" % (
        pick(["iseteenindus-test", "portaal-dev", "demo-rp"]), pick(ORG_HOSTS))


@neg("placeholder_example")
def p_iban_example_mask():
    return pick(["Voorbeeld in de helptekst: `NL00 BANK 0000 0000 00`", "Esempio nel form: `IT00 X000 0000 0000 0000 0000 000`",
                 "Przykład w formularzu: `PL00 0000 0000 0000 0000 0000 0000`", "Näidis: `EE00 0000 0000 0000 0000`",
                 "Exemple dans le formulaire : `BE00 0000 0000 0000`"]) + pick(["", " — placeholder, niet valideren", " (alleen nullen)"])


@neg("placeholder_example")
def p_secretsmanager():
    return "```yaml\nParameters:\n  DbPassword:\n    Type: String\n    Default: '{{resolve:secretsmanager:%s/%s:SecretString:password}}'\n  WinCertPass:\n    Default: '%%EPUAP_CERT_PASSWORD%%'\n```" % (
        pick(["acc", "prod", "test"]), pick(["opendata-export", "zaken-db", "wnioski-db"]))


@neg("placeholder_example")
def p_slack_webhook_example():
    return "Voor de alert gebruik je het voorbeeld uit de docs: `https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX`, de echte URL zit in %s" % pick(
        ["Vault", "de sealed secret", "1Password", "het Key Vault"])


@neg("placeholder_example")
def p_phone_placeholder():
    return pick(["Placeholder in het formulier: `+31 6 ########` of `06-XXXXXXXX`",
                 "Placeholder nel campo telefono: `+39 3xx xxx xxxx`", "Placeholder: `+48 ___ ___ ___`",
                 "Kohatäide: `+372 5xxx xxxx`", "Placeholder : `+32 4xx xx xx xx`"]) + pick([
        "", " (aria-describedby verwijst naar de hint)", "; screenreader leest de x'en voor, graag aanpassen"])


# ---------------------------------------------------------------- code_identifier
def camel(words):
    return words[0].lower() + "".join(w.capitalize() for w in words[1:])


IDW = ["Digid", "Spid", "Saml", "Artifact", "Password", "Token", "Secret", "Bsn", "Iban", "Pesel", "Isikukood",
       "CodiceFiscale", "Credential", "Resolver", "Validator", "Assertion", "Eidas", "Loa", "Session", "Keystore",
       "Signing", "Xroad", "Tara", "Epuap", "Pin", "Cert", "Handler", "Factory", "Mapper", "Phone", "Email"]


@neg("code_identifier")
def c_java_trace():
    pkg = pick(["nl.gemeentevoorbeeld.mijnloket.auth", "it.comuneesempio.portale.spid", "be.stadvoorbeeld.eloket.fas",
                "pl.gminaprzyklad.eurzad.epuap", "ee.linnnaidis.iseteenindus.tara"])
    lines = ["```", "%s ERROR [http-nio-8080-exec-%d] %s.%s - authentication failed" % (ts_iso(), R.randint(1, 20), pkg, "".join(R.sample(IDW, 3)))]
    lines.append("%s.%sException: %s" % (pkg, "".join(R.sample(IDW, 2)), pick(["invalid signature on Assertion", "artifact resolve timeout", "LoA too low: substantial required", "InResponseTo mismatch"])))
    for _ in range(R.randint(4, 22)):
        cls = "".join(R.sample(IDW, 2))
        lines.append("\tat %s.%s.%s.%s(%s.java:%d)" % (pkg, pick(["saml", "web", "config", "crypto", "service"]), cls, camel(R.sample(IDW, 3)), cls, R.randint(20, 900)))
    lines += ["\tat org.opensaml.saml.saml2.binding.decoding.impl.HTTPArtifactDecoder.doDecode(HTTPArtifactDecoder.java:%d)" % R.randint(100, 400),
              "\tat org.springframework.security.saml2.provider.service.web.authentication.Saml2WebSsoAuthenticationFilter.attemptAuthentication(Saml2WebSsoAuthenticationFilter.java:%d)" % R.randint(80, 200), "```"]
    return "\n".join(lines)


@neg("code_identifier")
def c_py_trace():
    fn = pick(["valideer_bsn_elfproef", "bereken_iban_controlegetal", "verifica_codice_fiscale", "sprawdz_sume_kontrolna_pesel",
               "kontrolli_isikukoodi", "valider_numero_registre_national"])
    return "```\nTraceback (most recent call last):\n  File \"/app/%s/validators.py\", line %d, in %s\n    checksum = _%s_checksum(value)\n  File \"/app/%s/validators.py\", line %d, in _%s_checksum\n    return sum(int(c) * w for c, w in zip(value, WEIGHTS)) %% %d\nValueError: invalid literal for int() with base 10: '%s'\n```" % (
        *([pick(["zaken", "tributi", "wnioski", "taotlused"])] * 1), R.randint(10, 300), fn, fn.split("_")[-1],
        pick(["core", "forms"]), R.randint(10, 300), fn.split("_")[-1], pick([11, 10, 97]), pick(["X", "", " ", "-"]))


@neg("code_identifier")
def c_css_classes():
    cls = R.sample(["govuk-input--error", "govuk-error-summary__list", "utrecht-textbox--invalid", "utrecht-form-field__description",
                    "nl-password-input__toggle", "rvo-form-field--error", "denhaag-password-input__reveal", "it-input-group--password",
                    "form-control-password", "gov-pl-password-strength__meter", "ee-veera-input--secret", "tara-login-form__pin2"], R.randint(3, 6))
    return "axe flagt `color-contrast` op " + ", ".join("`.%s`" % c for c in cls) + pick(["", " — allemaal dezelfde token `--utrecht-color-red-40`", " (EN 301 549 §9)"])


@neg("code_identifier")
def c_kubectl():
    names = ["digid-saml-proxy", "spid-gateway", "xroad-security-server", "zaken-api", "opendata-export", "eidas-connector", "tara-client", "epuap-sync"]
    lines = ["```", "$ kubectl -n %s get pods" % pick(["mijnloket-acc", "portale-test", "eurzad-dev", "riigiportaal-test"]), "NAME                                   READY   STATUS    RESTARTS   AGE"]
    for n in R.sample(names, R.randint(3, 7)):
        if n == "xroad-security-server":
            nm = "%s-%d" % (n, R.randint(0, 2))
        else:
            nm = "%s-%s-%s" % (n, rs("bcdfghjklmnpqrstvwxz2456789", 10), rs("bcdfghjklmnpqrstvwxz2456789", 5))
        lines.append("%-38s 1/1     %-9s %-10d %dd" % (nm, pick(["Running", "Running", "Pending", "CrashLoopBackOff"]), R.randint(0, 9), R.randint(1, 60)))
    lines.append("```")
    return "\n".join(lines)


@neg("code_identifier")
def c_tf_addresses():
    L = ["module.eidas_node.azurerm_key_vault_secret.signing_key_password", "module.digid.aws_secretsmanager_secret.saml_private_key",
         "module.spid_sp.google_secret_manager_secret_version.keystore_password", "aws_iam_access_key.opendata_exporter",
         "module.xroad_ss.kubernetes_secret.token_pin", "azurerm_key_vault_certificate.pkio_services_server",
         "module.epuap.vault_generic_secret.cert_password", "github_actions_secret.npm_token", "random_password.zaken_db"]
    L = R.sample(L, R.randint(2, 6))
    return "terraform plan:\n```\n" + "\n".join("  # %s will be %s" % (a, pick(["updated in-place", "created", "replaced", "read during apply"])) for a in L) + \
        "\nPlan: %d to add, %d to change, 0 to destroy.\n```" % (R.randint(0, 3), R.randint(1, 4))


@neg("code_identifier")
def c_go_panic():
    mod = pick(["gitlab.gemeente-voorbeeld.nl/platform/zaakbrug", "github.com/comune-esempio/pagopa-bridge", "git.linn-naidis.ee/xroad/adapter"])
    return "```\npanic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x18 pc=0x%s]\n\ngoroutine %d [running]:\n%s/internal/%s.(*%s).%s(0xc000%s, {0x%s, 0xc000%s})\n\t/src/internal/%s/%s.go:%d +0x%s\n%s/cmd/server.main()\n\t/src/cmd/server/main.go:%d +0x%s\n```" % (
        hx(6), R.randint(1, 300), mod, pick(["auth", "xroad", "tokens"]), "".join(R.sample(IDW, 2)), "".join(R.sample(IDW, 2)), hx(6), hx(6), hx(6),
        pick(["auth", "xroad"]), pick(["artifact", "resolver", "pin"]), R.randint(20, 400), hx(3), mod, R.randint(20, 200), hx(3))


@neg("code_identifier")
def c_sql_ddl():
    t = pick([("burger_verzoek", ["bsn_hash CHAR(64) NOT NULL", "iban_laatste_vier CHAR(4)", "telefoon_geverifieerd BOOLEAN", "wachtwoord_reset_token_hash TEXT"]),
              ("richiesta_servizio", ["codice_fiscale_hash CHAR(64)", "iban_ultime_quattro CHAR(4)", "spid_level SMALLINT", "password_hash TEXT"]),
              ("wniosek", ["pesel_skrot CHAR(64)", "iban_ostatnie_cztery CHAR(4)", "haslo_hash TEXT", "profil_zaufany_id UUID"]),
              ("taotlus", ["isikukood_rasi CHAR(64)", "iban_viimased_neli CHAR(4)", "parool_rasi TEXT", "mobiil_id_kinnitatud BOOLEAN"])])
    cols = t[1][:]
    R.shuffle(cols)
    return "```sql\nCREATE TABLE %s (\n  id UUID PRIMARY KEY,\n  %s,\n  created_at TIMESTAMPTZ DEFAULT now()\n);\nCREATE INDEX ix_%s_%s ON %s (%s);\n```" % (
        t[0], ",\n  ".join(cols), t[0], cols[0].split()[0], t[0], cols[0].split()[0])


@neg("code_identifier")
def c_angular_selectors():
    sel = ["#mat-input-%d" % R.randint(0, 30), "[_ngcontent-ng-c%d]" % R.randint(10 ** 9, 4 * 10 ** 9), "[data-v-%s]" % hx(8),
           ".svelte-%s" % rs("abcdefghijklmnopqrstuvwxyz0123456789", 6), ".css-%s" % rs("abcdefghijklmnopqrstuvwxyz0123456789", 7),
           ".PasswordField_reveal__%s" % rs(B62, 5)]
    sel = R.sample(sel, R.randint(2, 5))
    return pick(["Auditrapport, bevinding 4.1.2 (naam, rol, waarde) — selectors:", "Rapporto di audit, criterio 4.1.2 — selettori:",
                 "Audit report, SC 4.1.2 name/role/value — selectors:", "Raport z audytu, kryterium 4.1.2 — selektory:"]) + "\n" + "\n".join("- `%s`" % s for s in sel)


@neg("code_identifier")
def c_flags():
    fl = R.sample(["eidas.loa.substantial.required", "mijnloket.wachtwoord-reset.v2", "digid.machtigen.enabled", "spid.level2.otp.fallback",
                   "cie.oidc.federation.enabled", "epuap.profil-zaufany.legacy-login", "tara.smartid.enabled", "xroad.ss.token-pin.autologin",
                   "opendata.csv.export.bsn-filter", "portal.secret-scanner.block-paste"], R.randint(2, 5))
    return "```json\n{\n" + ",\n".join("  \"%s\": %s" % (f, pick(["true", "false"])) for f in fl) + "\n}\n```"


@neg("code_identifier")
def c_xroad_service_ids():
    L = ["EE/GOV/70000310/rr/RR442_isikuandmed/v1", "EE/GOV/70008440/emta/taxDebt/v2", "EE/COM/12213008/smartid/authStatus/v1",
         "FI/GOV/0245437-2/vtj/HenkilonTunnusKysely/v1", "EE/GOV/70006317/ehis/eeIsikukaart/v1", "EE/GOV/70000562/ariregister/detailandmed_v2/v1",
         "EE/GOV/70003098/etk/pinPuk/v1"]
    L = R.sample(L, R.randint(2, 5))
    return pick(["X-Road teenused, mida adapter kasutab:", "Services our X-Road adapter calls:", "X-Road-diensten die de adapter aanroept:"]) + "\n" + \
        "\n".join("- `%s`" % s for s in L) + pick(["", "\nkõik test-keskkonnas (ee-test)", "\nnaming: INSTANCE/CLASS/CODE/SUBSYSTEM/SERVICE/VERSION"])


@neg("code_identifier")
def c_kotlin():
    c = pick(["DigidPasswordlessLoginViewModel", "ProfilZaufanyTokenRefresher", "SmartIdPin2ConfirmationScreen", "SpidOtpSecretValidator",
              "ItsmeAuthorizationCodeExchanger", "MobiilIdSessionStatusPoller"])
    return "```kotlin\nclass %s(\n    private val %s: %s,\n    private val %s: %s,\n) : ViewModel() {\n    fun %s(): Flow<%s> = flow { emit(%s.%s()) }\n}\n```" % (
        c, camel(R.sample(IDW, 2)), "".join(R.sample(IDW, 2)), camel(R.sample(IDW, 2)), "".join(R.sample(IDW, 2)),
        camel(R.sample(IDW, 3)), "".join(R.sample(IDW, 2)), camel(R.sample(IDW, 2)), camel(R.sample(IDW, 2)))


@neg("code_identifier")
def c_chunks():
    L = ["static/chunks/pages/inloggen/digid-%s.js", "static/chunks/spid-access-button.%s.js", "assets/PasswordStrengthMeter-%s.js",
         "assets/tara-login.%s.css", "static/js/IbanInput.%s.chunk.js", "_next/static/chunks/app/aanvraag/[zaakId]/page-%s.js"]
    rows = ["| %s | %.1f kB |" % (p % hx(pick([8, 16])), R.uniform(1, 90)) for p in R.sample(L, R.randint(2, 6))]
    return "bundle-analyse na de upgrade naar govuk-frontend %s:\n| chunk | gzip |\n|---|---|\n%s" % (pick(["5.7.1", "5.8.0", "5.6.0"]), "\n".join(rows))


@neg("code_identifier")
def c_graphql():
    t = pick(["Burgerzaak", "PraticaCittadino", "SprawaObywatela", "KodanikuTaotlus"])
    return "```graphql\ntype %s {\n  id: ID!\n  %s: String @deprecated(reason: \"gebruik %s\")\n  %s: Boolean!\n  %s: [%s!]!\n}\n```" % (
        t, camel(R.sample(IDW, 2)), camel(R.sample(IDW, 2)), camel(R.sample(IDW, 2)), camel(R.sample(IDW, 2)), "".join(R.sample(IDW, 2)))


@neg("code_identifier")
def c_enum_loa():
    return "```java\npublic enum %s {\n    %s\n}\n```" % (pick(["AuthLevel", "LivelloSpid", "PoziomUwierzytelnienia", "TagatiseTase"]),
                                                  ",\n    ".join(R.sample(["SPID_L1", "SPID_L2", "SPID_L3", "DIGID_MIDDEN", "DIGID_SUBSTANTIEEL", "DIGID_HOOG",
                                                                           "EIDAS_LOW", "EIDAS_SUBSTANTIAL", "EIDAS_HIGH", "CIE_L3", "TARA_HIGH"], R.randint(3, 6))) + ";")


@neg("code_identifier")
def c_gradle():
    return "```\n$ ./gradlew :%s:test --tests \"*%s*\"\n> Task :%s:test FAILED\n%s > %s() FAILED\n    org.opentest4j.AssertionFailedError at %s.kt:%d\n```" % (
        *([pick(["digid-auth", "spid-sp", "xroad-adapter", "epuap-client"])] * 1), "".join(R.sample(IDW, 2)) + "Test",
        pick(["digid-auth", "spid-sp", "xroad-adapter"]), "".join(R.sample(IDW, 3)) + "Test", camel(R.sample(IDW, 4)),
        "".join(R.sample(IDW, 2)) + "Test", R.randint(10, 300))


@neg("code_identifier")
def c_openapi_ops():
    ops = R.sample(["zaak_list", "zaak_retrieve", "enkelvoudiginformatieobject_download", "getBelastingaanslagByReference",
                    "postDichiarazioneTari", "pobierzUpoPoNumerze", "taotluseStaatus", "verifyPinCodeHash", "rotateClientSecret", "resetWachtwoordToken"], R.randint(3, 6))
    return "operationIds die de linter afkeurt (niet camelCase / te lang):\n" + "\n".join("- `%s`" % o for o in ops)


# ---------------------------------------------------------------- non_credential_blob
def saml_artifact():
    src = hashlib.sha1(("https://%s/saml/idp" % pick(["digid-acc.example", "idp.example", "was-preprod.example"])).encode()).digest()
    return b64(b"\x00\x04\x00\x00" + src + rbytes(20))


@neg("non_credential_blob")
def b_saml_artifact():
    return "```\n%s INFO  saml  ArtifactResolve sent, artifact=%s\n%s INFO  saml  ArtifactResponse InResponseTo=_%s status=urn:oasis:names:tc:SAML:2.0:status:Success\n```\nartifact is single-use, dus debuggen kan alleen met een nieuwe login" % (
        ts_iso(), saml_artifact(), ts_iso(), hx(40))


@neg("non_credential_blob")
def b_digest_value():
    return "```xml\n<ds:Reference URI=\"#_%s\">\n  <ds:Transforms><ds:Transform Algorithm=\"http://www.w3.org/2000/09/xmldsig#enveloped-signature\"/></ds:Transforms>\n  <ds:DigestMethod Algorithm=\"http://www.w3.org/2001/04/xmlenc#sha256\"/>\n  <ds:DigestValue>%s</ds:DigestValue>\n</ds:Reference>\n```\n%s" % (
        hx(40), b64(rbytes(32)), pick(["DigestValue klopt niet na de canonicalisatie", "il digest non torna dopo la c14n", "digest mismatch after c14n"]))


@neg("non_credential_blob")
def b_xroad_headers():
    return "```http\nHTTP/1.1 200 OK\nX-Road-Id: %s\nX-Road-Client: EE/GOV/%s/portaal\nX-Road-Service: EE/GOV/%s/rr/RR442/v1\nX-Road-Request-Hash: %s\nX-Road-Request-Id: %s\n```" % (
        uuid4(), dg(8), dg(8), b64(rbytes(64)), uuid4())


@neg("non_credential_blob")
def b_git_log():
    msgs = ["fix(a11y): focus-ring op de DigiD-knop", "feat: SPID button met CIE fallback", "chore(deps): bump govuk-frontend",
            "poprawka: walidacja NIP w formularzu", "parandus: TARA callback URL", "docs: uitleg wachtwoordbeleid", "fix: contrasto link footer",
            "refactor: ZGW client", "test: isikukoodi kontrollsumma"]
    return "```\n$ git log --oneline -n %d\n" % (k := R.randint(3, 8)) + "\n".join("%s %s" % (hx(pick([7, 8, 10])), pick(msgs)) for _ in range(k)) + "\n```"


@neg("non_credential_blob")
def b_docker_digest():
    img = pick(["ghcr.io/gemeente-voorbeeld/mijnloket-frontend", "registry.comune-esempio.it/portale/spid-proxy",
                "harbor.linn-naidis.ee/xroad/securityserver", "registry.gmina-przyklad.pl/eurzad/api"])
    return "```\n$ docker pull %s:%s\nDigest: sha256:%s\nStatus: Downloaded newer image for %s@sha256:%s\n```" % (
        img, pick(["1.14.2", "2026.11.3", "acc", "7.5.1"]), hx(64), img, hx(64))


@neg("non_credential_blob")
def b_npm_integrity():
    pk = pick([("govuk-frontend", "5.7.1"), ("@utrecht/component-library-css", "7.1.0"), ("bootstrap-italia", "2.13.0"),
               ("@nl-design-system-unstable/voorbeeld-design-tokens", "2.3.0"), ("@rijkshuisstijl-community/components-css", "4.0.0")])
    return "```json\n\"node_modules/%s\": {\n  \"version\": \"%s\",\n  \"resolved\": \"https://registry.npmjs.org/%s/-/%s-%s.tgz\",\n  \"integrity\": \"sha512-%s\"\n}\n```" % (
        pk[0], pk[1], pk[0], pk[0].split("/")[-1], pk[1], b64(rbytes(64)))


@neg("non_credential_blob")
def b_cert_fp():
    fp = ":".join(hx(2).upper() for _ in range(32))
    head, tail = pick([("Fingerprint van het PKIoverheid-servercertificaat in de metadata:", "\nvergelijk met wat in de aansluitdocumentatie staat"),
                       ("Impronta del certificato nei metadata SPID:", "\ndeve corrispondere a quella registrata su AgID"),
                       ("Odcisk certyfikatu ePUAP:", ""), ("TARA sertifikaadi sõrmejälg:", "\nvõrdle RIA dokumentatsiooniga"),
                       ("Fingerprint of the eIDAS connector metadata signing cert:", "")])
    return head + "\n`SHA256 Fingerprint=%s`" % fp + tail


@neg("non_credential_blob")
def b_public_cert():
    c = PEMS["cert"]
    body = c.split("\n")[1:-1]
    if R.random() < 0.5:
        inner = "".join(body)
        return "SP-metadata, publiek certificaat (mag gedeeld worden):\n```xml\n<md:KeyDescriptor use=\"signing\">\n  <ds:KeyInfo><ds:X509Data>\n    <ds:X509Certificate>%s</ds:X509Certificate>\n  </ds:X509Data></ds:KeyInfo>\n</md:KeyDescriptor>\n```\n(validUntil %s)" % (
            trunc(inner, R.randint(80, 600)), date_eu())
    return "public cert of the acc SP (self-signed, test only), serial %s:\n```\n%s\n```" % (":".join(hx(2) for _ in range(R.randint(8, 16))), c)


@neg("non_credential_blob")
def b_zgw_urls():
    host = pick(["zaken.gemeente-voorbeeld.nl", "openzaak.acc.example.nl", "documenten.gemeente-voorbeeld.nl"])
    return "\n".join("https://%s/%s/api/v1/%s/%s" % (host, a, a, uuid4()) for a in
                     [pick(["zaken", "documenten", "catalogi", "besluiten"]) for _ in range(R.randint(1, 5))]) + pick(["", "\nallemaal 404 sinds de migratie"])


@neg("non_credential_blob")
def b_trace_json():
    return "```json\n{\"ts\":\"%s\",\"level\":\"error\",\"svc\":\"%s\",\"traceparent\":\"00-%s-%s-01\",\"request_id\":\"%s\",\"msg\":\"%s\"}\n```" % (
        ts_iso(), pick(["zaken-api", "spid-gateway", "tara-client", "epuap-sync"]), hx(32), hx(16), hx(32),
        pick(["upstream timeout", "token endpoint 503", "x-road fault: Server.ServerProxy.SslAuthenticationFailed", "ePUAP zwrócił błąd 500"]))


@neg("non_credential_blob")
def b_ksef():
    nip = pl_nip().replace("-", "")
    return "Numer KSeF faktury testowej: `%s-2026%02d%02d-%s-%s`, numer referencyjny sesji `2026%02d%02d-SE-%s-%s-%s`" % (
        nip, R.randint(1, 11), R.randint(1, 28), hx(12).upper(), hx(2).upper(), R.randint(1, 11), R.randint(1, 28), hx(10).upper(), hx(10).upper(), hx(2).upper())


@neg("non_credential_blob")
def b_asice():
    lines = ["```xml", "<manifest:manifest xmlns:manifest=\"urn:oasis:names:tc:opendocument:xmlns:manifest:1.0\">"]
    for _ in range(R.randint(1, 4)):
        lines.append("  <!-- %s: sha256 %s -->" % (pick(["taotlus.pdf", "lisa.docx", "otsus.pdf", "volikiri.pdf"]), b64(rbytes(32))))
    lines += ["</manifest:manifest>", "```", pick(["DigiDoc4 ütleb, et räsi ei klapi", "asice container, hashes from the signature XML"])]
    return "\n".join(lines)


@neg("non_credential_blob")
def b_sha256sum():
    files = R.sample(["kerncijfers_wijken_2026.csv", "popolazione_comuni_2026.csv", "liczba_wnioskow_2026.csv", "rv021_2026.csv",
                      "statbel_bevolking_2026.csv", "gemeentecodes.csv", "codici_istat.csv", "teryt_simc.csv"], R.randint(2, 5))
    return "SHA256SUMS van de open-data release:\n```\n" + "\n".join("%s  %s" % (hx(64), f) for f in files) + "\n```"


@neg("non_credential_blob")
def b_cursor():
    cur = b64(json.dumps({"offset": R.randint(100, 90000), "sort": pick(["gemeentecode", "codice_istat", "teryt"]), "v": 2}).encode()).rstrip("=")
    return "de CKAN/opendata API geeft `next` terug als `%s` — dat is gewoon base64 JSON (offset), geen token" % cur if R.random() < 0.5 else \
        "```json\n{\"results\": [], \"next_cursor\": \"%s\", \"count\": %d}\n```" % (cur, R.randint(100, 400000))


@neg("non_credential_blob")
def b_sops():
    return "```yaml\nspid:\n  keyPassword: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\nsops:\n  age:\n    - recipient: age1%s\n  lastmodified: \"%s\"\n  mac: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\n```" % (
        b64(rbytes(R.randint(9, 24))), b64(rbytes(32)), b64(rbytes(16)), rs("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58), ts_iso()[:19] + "Z",
        b64(rbytes(48)), b64(rbytes(32)), b64(rbytes(16)))


@neg("non_credential_blob")
def b_etag():
    return "```http\nHTTP/2 200\ncontent-type: text/csv; charset=utf-8\netag: %s\nlast-modified: %s\nx-amz-request-id: %s\nx-amz-id-2: %s\n```" % (
        pick(['"%s"' % hx(32), 'W/"%s"' % hx(16), '"%s-%d"' % (hx(32), R.randint(2, 40))]), pick(["Tue, 03 Nov 2026 10:12:00 GMT", "Mon, 16 Nov 2026 06:00:00 GMT"]),
        hx(16).upper(), b64(rbytes(48)))


@neg("non_credential_blob")
def b_ulid_events():
    return "```\n" + "\n".join("%s  %s  %s" % (ulid(), pick(["ZaakAangemaakt", "StatusGewijzigd", "DocumentToegevoegd", "BesluitGenomen"]), ts_iso())
                                for _ in range(R.randint(2, 7))) + "\n```"


@neg("non_credential_blob")
def b_csp_hashes():
    return "```nginx\nadd_header Content-Security-Policy \"default-src 'self'; script-src 'self' 'sha256-%s' 'sha256-%s'; frame-ancestors 'none'\" always;\n```" % (
        b64(rbytes(32)), b64(rbytes(32)))


@neg("non_credential_blob")
def b_sentry():
    return pick(["Sentry event", "Evento Sentry", "Zdarzenie Sentry", "Sentry sündmus"]) + " `%s` (release `mijnloket@%s`, commit `%s`)" % (hx(32), pick(["1.42.0", "2026.11.2"]), hx(40))


@neg("non_credential_blob")
def b_ski():
    return "X509v3 Subject Key Identifier:\n    %s\nX509v3 Authority Key Identifier:\n    %s" % (
        ":".join(hx(2).upper() for _ in range(20)), ":".join(hx(2).upper() for _ in range(20)))


@neg("non_credential_blob")
def b_gosum():
    mods = R.sample(["github.com/crewjam/saml v0.4.14", "github.com/russellhaering/goxmldsig v1.4.0", "github.com/beevik/etree v1.4.1",
                     "golang.org/x/crypto v0.31.0", "github.com/lestrrat-go/jwx/v2 v2.1.3"], R.randint(2, 4))
    return "```\n" + "\n".join("%s h1:%s" % (m, b64(rbytes(32))) for m in mods) + "\n```"


# ---------------------------------------------------------------- pii_lookalike_number
@neg("pii_lookalike_number")
def n_cbs_csv():
    rows = ["gemeentecode;gemeentenaam;inwoners;huishoudens;aanvragen_digid_2026"]
    for nm, code in R.sample(NL_MUNI, R.randint(4, 14)):
        rows.append("%s;%s;%d;%d;%d" % (code, nm, R.randint(20000, 900000), R.randint(9000, 480000), R.randint(1000, 90000)))
    return "```csv\n" + "\n".join(rows) + "\n```"


@neg("pii_lookalike_number")
def n_istat_csv():
    rows = ["codice_istat,comune,codice_catastale,residenti,pratiche_spid"]
    for nm, ist, cat in R.sample(IT_MUNI, R.randint(3, 9)):
        rows.append("%s,%s,%s,%d,%d" % (ist, nm, cat, R.randint(100000, 2800000), R.randint(1000, 200000)))
    return "Estratto da dati.gov.it:\n```csv\n" + "\n".join(rows) + "\n```"


@neg("pii_lookalike_number")
def n_zaaknummers():
    pre = pick(["ZAAK-2026-", "Z26-", "PRT/2026/", "OR.0012.", "TS-"])
    k = R.randint(1, 6)
    ids = [pre + dg(pick([6, 7, 8])) for _ in range(k)]
    return pick(["Deze zaken blijven hangen in status 'ontvangen':", "Pratiche bloccate:", "Sprawy do weryfikacji:", "Menetlused ootel:"]) + " " + ", ".join(ids)


@neg("pii_lookalike_number")
def n_structured_comm():
    return pick(["De gemeentebelasting betaal je met gestructureerde mededeling", "Communication structurée de la facture de la commune :",
                 "Structured communication on the test invoice:"]) + " %s (bedrag € %d,%02d, KBO %s.%s.%s)" % (
        mod97_ref10(), R.randint(20, 900), R.randint(0, 99), "0" + dg(3), dg(3), dg(3))


@neg("pii_lookalike_number")
def n_org_ids():
    return "| organisatie | OIN | KvK |\n|---|---|---|\n" + "\n".join("| %s | %s | %s |" % (
        pick(["Gemeente Voorbeeld", "Waterschap Test", "Omgevingsdienst Demo", "GGD Proef", "Belastingsamenwerking Voorbeeld"]),
        "00000001" + dg(9) + "000", dg(8)) for _ in range(R.randint(2, 6)))


@neg("pii_lookalike_number")
def n_piva_nip():
    r = R.randrange(3)
    if r == 0:
        return "P.IVA del comune: %s, codice IPA `c_%s`, codice univoco ufficio `%s`" % (it_piva(), pick(IT_MUNI)[2].lower(), rs("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 6))
    if r == 1:
        return "NIP urzędu: %s, REGON: %s, kod TERYT gminy: %s" % (pl_nip(), dg(9), pick(PL_MUNI)[1])
    return "Asutuse registrikood %s, EHAK %s, viitenumber riigilõivu jaoks %s" % (pick(["70000", "75000", "77000"]) + dg(3), pick(EE_MUNI)[1], ee_viitenumber())


@neg("pii_lookalike_number")
def n_pagopa():
    return "Avviso pagoPA di test: codice avviso `3%s`, IUV `%s`, ente creditore %s, importo %d,%02d €" % (
        dg(17), dg(15), it_piva(), R.randint(10, 600), R.randint(0, 99))


@neg("pii_lookalike_number")
def n_protocollo():
    return pick(["Prot. n. %s del %s" % (dg(7), date_eu("/")), "Kenmerk: %s/%s" % (dg(4), dg(6)), "Znak sprawy: %s.%d.%d.2026" % (pick(["OR", "FN", "GK", "SO"]), R.randint(1000, 9999), R.randint(1, 300)),
                 "Dokumendi nr %d-%d/26/%d" % (R.randint(1, 9), R.randint(1, 20), R.randint(100, 9999)), "Réf. %s/%s/2026" % (dg(3), dg(5))]) + \
        pick(["", " — graag vermelden in de reactie", " (vedi allegato)", " dot. wniosku"])


@neg("pii_lookalike_number")
def n_versions():
    rows = [("govuk-frontend", "5.%d.%d" % (R.randint(0, 9), R.randint(0, 3))), ("X-Road security server", "7.%d.%d" % (R.randint(3, 6), R.randint(0, 4))),
            ("Node", "20.%d.%d" % (R.randint(10, 19), R.randint(0, 9))), ("bootstrap-italia", "2.%d.%d" % (R.randint(8, 14), R.randint(0, 5))),
            ("Keycloak", "26.%d.%d" % (R.randint(0, 2), R.randint(0, 7))), ("Open Zaak", "1.%d.%d" % (R.randint(12, 17), R.randint(0, 4))),
            ("DigiDoc4", "4.%d.%d" % (R.randint(4, 7), R.randint(0, 9)))]
    return "| component | acc | prod |\n|---|---|---|\n" + "\n".join("| %s | %s | %s |" % (a, b, b) for a, b in R.sample(rows, R.randint(3, 7)))


@neg("pii_lookalike_number")
def n_timestamps():
    t = R.randint(1767000000, 1795000000)
    k = R.randrange(3)
    if k == 0:
        return "`exp` in het testtoken is %d, `iat` %d — verschil is 900 s" % (t, t - 900)
    if k == 1:
        return "Slack ts %d.%06d" % (t, R.randint(0, 999999))
    return "epoch ms: %d%03d (%s)" % (t, R.randint(0, 999), pick(["created_at", "data_protocollo", "data_wplywu", "loodud"]))


@neg("pii_lookalike_number")
def n_private_ips():
    lines = ["```ini", "[xroad-proxy]", "server-listen-address = %s" % priv_ip(), "client-http-port = %d" % pick([8080, 80, 8443]),
             "ocsp-responder-listen-address = %s" % priv_ip(), "; management net %s/%d" % (priv_ip().rsplit(".", 1)[0] + ".0", pick([24, 16, 22])),
             "[allowlist]", "hosts = %s" % ", ".join(priv_ip() for _ in range(R.randint(1, 4))), "```"]
    return "\n".join(lines)


@neg("pii_lookalike_number")
def n_amounts():
    return pick(["Begroting digitale dienstverlening %d: € %d.%03d.%03d,%02d", "Stanziamento PNRR misura 1.4.4: € %d — %d.%03d.%03d,%02d",
                 "Budżet projektu %d: %d %03d %03d,%02d zł"]) % (2026, R.randint(1, 90), R.randint(0, 999), R.randint(0, 999), R.randint(0, 99))


@neg("pii_lookalike_number")
def n_betalingskenmerk():
    while True:
        s = dg(16)
        if not luhn_ok(s):
            break
    return "betalingskenmerk voor de testaanslag afvalstoffenheffing: %s %s %s %s (16 cijfers, geen persoonsgegeven)" % (s[:4], s[4:8], s[8:12], s[12:])


@neg("pii_lookalike_number")
def n_teryt_csv():
    rows = ["teryt;gmina;liczba_mieszkancow;wnioski_epuap"]
    for nm, t in R.sample(PL_MUNI, R.randint(3, 8)):
        rows.append("%s;%s;%d;%d" % (t, nm, R.randint(100000, 1900000), R.randint(1000, 90000)))
    return "dane.gov.pl, eksport:\n```\n" + "\n".join(rows) + "\n```"


@neg("pii_lookalike_number")
def n_ehak_be():
    if R.random() < 0.5:
        return "EHAK koodid: " + ", ".join("%s %s" % (a, b) for a, b in R.sample(EE_MUNI, R.randint(2, 5)))
    return "NIS-codes / codes INS : " + ", ".join("%s %s" % (a, b) for a, b in R.sample(BE_MUNI, R.randint(2, 6)))


@neg("pii_lookalike_number")
def n_latency():
    rows = ["| endpoint | p50 | p95 | p99 | req/dag |", "|---|---|---|---|---|"]
    for e in R.sample(["/saml/acs", "/spid/acs", "/api/v1/zaken", "/oauth/token", "/xroad/rr442", "/epuap/upo"], R.randint(2, 5)):
        rows.append("| %s | %d ms | %d ms | %d ms | %s |" % (e, R.randint(20, 90), R.randint(100, 400), R.randint(400, 2000), "{:,}".format(R.randint(1000, 900000)).replace(",", ".")))
    return "\n".join(rows)


@neg("pii_lookalike_number")
def n_wcag():
    sc = R.sample(["1.1.1", "1.3.1", "1.4.3", "1.4.10", "1.4.11", "2.1.1", "2.4.7", "2.5.8", "3.3.1", "3.3.8", "4.1.2"], R.randint(3, 6))
    return pick(["Openstaande punten toegankelijkheidsverklaring:", "Criteri non conformi:", "Niespełnione kryteria:", "Mittevastavad kriteeriumid:"]) + \
        "\n" + "\n".join("- WCAG %s — %d %s" % (s, R.randint(1, 40), pick(["bevindingen", "occorrenze", "wystąpień", "leidu"])) for s in sc)


@neg("pii_lookalike_number")
def n_jira_cve():
    return "%s-%d %s CVE-%d-%d (%s), zie ook %s-%d" % (
        pick(["DIGID", "SPID", "MLK", "EURZ", "TARA"]), R.randint(100, 9999), pick(["fixt", "risolve", "naprawia", "parandab"]), R.randint(2023, 2026),
        R.randint(10000, 59999), pick(["xmlsec", "keycloak", "opensaml", "libxml2"]), pick(["OPS", "SEC", "A11Y"]), R.randint(10, 999))


@neg("pii_lookalike_number")
def n_order_export():
    rows = ["aanvraag_id,gemeentecode,ingediend_op,status,leges_eur"]
    for _ in range(R.randint(12, 28)):
        rows.append("%s,%s,%s,%s,%d.%02d" % (dg(10), pick(NL_MUNI)[1], ts_iso()[:19], pick(["ontvangen", "in_behandeling", "afgehandeld"]), R.randint(10, 150), R.randint(0, 99)))
    return "```csv\n" + "\n".join(rows) + "\n```"


@neg("pii_lookalike_number")
def n_ratelimit():
    return "```http\nHTTP/1.1 429 Too Many Requests\nRateLimit-Limit: %d\nRateLimit-Remaining: 0\nRateLimit-Reset: %d\nRetry-After: %d\nX-Request-Start: t=%d\n```" % (
        pick([60, 120, 600]), R.randint(1, 60), R.randint(1, 60), R.randint(1767000000000000, 1795000000000000))


# ---------------------------------------------------------------- talk_about_secrets
TALK = {
    "en": ["We rotated the SPID signing key after the test metadata was published with the wrong certificate.",
           "Please never paste a DigiD session token in this channel, even from ACC.",
           "The X-Road token PIN lives in the vault, ask ops for a break-glass if the security server restarts.",
           "Incident summary: citizen service numbers ended up in the debug log for two hours; logs purged, DPA notified.",
           "Reminder: card numbers from the payment provider must never reach our logs, only the last four digits.",
           "The secret scanner flagged an IBAN in a test fixture, it turned out to be a zeroed example.",
           "Client secrets for eHerkenning are rotated every 90 days, the calendar invite is in the team agenda.",
           "Who has access to the PKIoverheid private key? It should be only the HSM, not a file on the jump host.",
           "Phone numbers in the contact form are now stored encrypted and masked in the back office."],
    "nl": ["Wachtwoorden van testaccounts delen we via de kluis, niet via Slack.",
           "Na de melding hebben we alle API-sleutels van de ZGW-koppeling vervangen.",
           "Het BSN mag niet in de URL staan, ook niet in acceptatie; graag via de POST-body.",
           "De privésleutel van het PKIoverheid-certificaat is opnieuw gegenereerd in de HSM.",
           "Er stond een token in een screenshot in het ticket, die is ingetrokken.",
           "Meldplicht datalekken: de FG heeft bevestigd dat we binnen 72 uur bij de AP melden.",
           "Kunnen we de secret-scanner in de pipeline ook op IBAN's en telefoonnummers laten letten?",
           "Het wachtwoordbeleid gaat naar minimaal 12 tekens, zonder verplichte wisseling."],
    "fr": ["Ne collez jamais un jeton itsme dans le canal, même de test.",
           "Le mot de passe du compte de service CSAM a été changé après le départ du prestataire.",
           "La clé privée du certificat FAS est stockée dans le HSM, personne ne l'a en fichier.",
           "Incident : des numéros de registre national apparaissaient dans les logs, purge faite et APD informée.",
           "On masque désormais l'IBAN dans l'écran du guichet, sauf les quatre derniers caractères."],
    "it": ["La chiave privata del Service Provider SPID è stata ruotata, nuovi metadata inviati ad AgID.",
           "Non incollate mai il token di sessione CIE nei ticket.",
           "I codici fiscali nei log di debug sono stati rimossi, segnalazione al Garante valutata con il DPO.",
           "Le password delle utenze di test si condividono solo tramite il vault.",
           "Lo scanner ha segnalato un IBAN nei fixture, ma era l'esempio con gli zeri."],
    "pl": ["Nie wklejajcie tokenów Profilu Zaufanego na kanał, nawet z testów.",
           "Klucz prywatny do podpisu ePUAP został wymieniony po audycie.",
           "Hasła do kont testowych trzymamy w sejfie, nie w arkuszu.",
           "Incydent: numery PESEL trafiły do logów aplikacji, zgłoszenie do UODO przygotowuje IOD.",
           "Skaner sekretów powinien też łapać numery kart i IBAN-y w załącznikach."],
    "et": ["Ärge kleepige Smart-ID ega Mobiil-ID seansi tokeneid kanalisse.",
           "Turvaserveri tokeni PIN on Vaultis, taaskäivitusel küsige valvest.",
           "TARA kliendi saladus vahetati pärast testkeskkonna lekkeohtu välja.",
           "Isikukoodid ei tohi logidesse jõuda, AKI-le teavitus tehti 72 tunni jooksul.",
           "Paroolid jagame ainult paroolihalduri kaudu."],
}


@neg("talk_about_secrets")
def t_mix():
    lang = pick(list(TALK))
    k = R.randint(1, 3)
    s = R.sample(TALK[lang], k)
    style = R.randrange(3)
    if style == 0:
        return " ".join(s)
    if style == 1:
        return "\n".join("- " + x for x in s)
    return "> " + s[0] + ("\n" + " ".join(s[1:]) if k > 1 else "")


@neg("talk_about_secrets")
def t_runbook():
    steps = {"nl": ["1. Token intrekken bij de leverancier", "2. Nieuwe sleutel genereren in de HSM", "3. Metadata publiceren",
                    "4. Logs doorzoeken op misbruik", "5. FG informeren"],
             "en": ["1. Revoke the token at the provider", "2. Generate a new key pair in the HSM", "3. Publish new SP metadata",
                    "4. Search the access logs", "5. Inform the DPO"],
             "it": ["1. Revocare il token", "2. Generare una nuova chiave", "3. Aggiornare i metadata SPID", "4. Controllare i log", "5. Avvisare il DPO"]}
    lang = pick(list(steps))
    head = {"nl": "Runbook gelekte sleutel (%s):", "en": "Leaked key runbook (%s):", "it": "Procedura chiave compromessa (%s):"}[lang] % pick(["DigiD", "SPID", "X-Road", "eHerkenning", "TARA"])
    st = steps[lang][:R.randint(3, 5)]
    return head + "\n" + "\n".join(st)


@neg("talk_about_secrets")
def t_qa():
    return pick([
        "Q: mag ik het wachtwoord van de testgebruiker in de README zetten?\nA: nee, kluis. Ook niet 'tijdelijk'.",
        "D: dove teniamo la password del keystore SPID?\nR: nel vault, path del team portale; nessuno la deve avere in locale.",
        "P: gdzie jest PIN do tokenu HSM?\nO: w sejfie, dostęp ma tylko dyżurny.",
        "K: kas TARA client secret võib olla .env failis?\nV: ainult lokaalselt ja mitte giti.",
        "Q : où est le mot de passe du keystore FAS ?\nR : dans le coffre, demandez au SOC.",
        "Q: can the chatbot log the citizen's phone number?\nA: no, we hash it before it reaches the log pipeline.",
    ]) + pick(["", "\n👍", "\n+1"])


@neg("talk_about_secrets")
def t_scanner_regex():
    return pick(["The BSN check in the scanner is the 11-proof, not just `\\d{9}`, otherwise every order number trips it.",
                 "Voor IBAN's kijkt de scanner naar de mod-97 controle, anders zijn alle kenmerken een hit.",
                 "Per il codice fiscale lo scanner verifica il carattere di controllo, non basta la regex.",
                 "Dla PESEL skaner liczy cyfrę kontrolną z wagami 1-3-7-9, inaczej każda liczba 11-cyfrowa to alarm.",
                 "Isikukoodi puhul kontrollib skanner kontrollnumbrit, mitte ainult 11 numbrit."]) + pick(["", " Thoughts?", " Graag review."])


@neg("talk_about_secrets")
def t_vault_error():
    return "```\n%s\n```\n%s" % (pick([
        "Error: failed to get secret \"spid-keystore\": secrets \"spid-keystore\" not found",
        "ExternalSecret digid-saml: could not get secret data from provider: permission denied",
        "vault: Error reading secret/data/xroad/ss1: Code: 403. Errors: * permission denied",
        "sealedsecrets: no key could decrypt secret (tara-client-secret)"]), pick(["policy aangepast, werkt weer", "manca il ruolo nel namespace", "brak roli w Vault", "uus võti pole veel klastris"]))


# ================================================================ generation
CATS = ["data_uri_base64", "placeholder_example", "code_identifier", "non_credential_blob", "pii_lookalike_number", "talk_about_secrets"]


DECO = {}


def decorate(text, p_lead, p_trail):
    a = R.random()
    b = R.random()
    flags = ""
    if a < p_lead:
        text = pick(LEADS) + text
        flags += "L"
    if b < p_trail:
        text = text + pick(TRAILS)
        flags += "T"
    DECO[text] = flags
    return text


def gen_negatives():
    out = []
    seen = set()
    stats = {}
    for cat in CATS:
        fs = NEG[cat]
        got = 0
        tries = 0
        while got < 100:
            tries += 1
            if tries > 20000:
                raise SystemExit("cannot fill %s" % cat)
            f = fs[tries % len(fs)]
            t = decorate(f(), 0.13, 0.05)
            if t in seen or scan(t):
                continue
            seen.add(t)
            out.append({"text": t, "category": cat})
            got += 1
        stats[cat] = tries
    R.shuffle(out)
    recs = []
    for i, r in enumerate(out):
        recs.append({"id": "h%dn-%04d" % (N, i + 1), "text": r["text"], "category": r["category"]})
    return recs


# ================================================================ POSITIVES
PUBLIC_SKIP = [(0, 8), (10, 8), (100, 10), (127, 8), (169, 16), (172, 12), (192, 16), (198, 15), (224, 3)]


def public_ip():
    while True:
        a, b, c, d = R.randint(1, 223), R.randint(0, 255), R.randint(0, 255), R.randint(1, 254)
        if a in (0, 10, 127) or (a == 100 and 64 <= b <= 127) or (a == 169 and b == 254) or (a == 172 and 16 <= b <= 31) \
                or (a == 192 and b == 168) or (a == 192 and b == 0) or (a == 198 and b in (18, 19)) or (a == 198 and b == 51 and c == 100) \
                or (a == 203 and b == 0 and c == 113) or a >= 224:
            continue
        return "%d.%d.%d.%d" % (a, b, c, d)


def is_public(ip):
    p = [int(x) for x in ip.split(".")]
    a, b, c = p[0], p[1], p[2]
    return not (a in (0, 10, 127) or (a == 100 and 64 <= b <= 127) or (a == 169 and b == 254) or (a == 172 and 16 <= b <= 31)
                or (a == 192 and b == 168) or (a == 192 and b == 0) or (a == 198 and b in (18, 19)) or (a == 198 and b == 51 and c == 100)
                or (a == 203 and b == 0 and c == 113) or a >= 224)


def b62enc(n, width):
    s = ""
    while n:
        n, r = divmod(n, 62)
        s = B62[r] + s
    return s.rjust(width, "0")


def g_aws_id():
    return pick(["AKIA", "AKIA", "ASIA"]) + rs("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16)


def g_aws_secret():
    return rs(B64C, 40)


def g_ghp():
    body = rs(B62, 30)
    return "ghp_" + body + b62enc(zlib.crc32(body.encode()) & 0xFFFFFFFF, 6)


def g_ghf():
    return "github_pat_11" + rs("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 20) + "_" + rs(B62, 59)


def g_xoxb():
    return "xoxb-%s-%s-%s" % (dg(R.choice([11, 12, 13])), dg(13), rs(B62, 24))


def g_xoxp():
    return "xoxp-%s-%s-%s-%s" % (dg(12), dg(12), dg(13), hx(32))


def g_openai():
    k = R.randrange(3)
    if k == 0:
        return "sk-proj-" + rs(URLC, 74) + "T3BlbkFJ" + rs(URLC, 74)
    if k == 1:
        return "sk-" + rs(B62, 20) + "T3BlbkFJ" + rs(B62, 20)
    return "sk-svcacct-" + rs(URLC, 74) + "T3BlbkFJ" + rs(URLC, 74)


def g_anthropic():
    return "sk-ant-api03-" + rs(URLC, 93) + "AA"


def g_jwt():
    iss = pick(["https://tara-test.ria.ee/oidc", "https://login.gemeente-voorbeeld.nl/realms/mijnloket", "https://id.comune-esempio.it/oidc/op",
                "https://auth.gmina-przyklad.pl/realms/eurzad", "https://idp.stad-voorbeeld.be/fas"])
    if R.random() < 0.5:
        hdr = {"alg": "RS256", "typ": "JWT", "kid": hx(8) + "-" + hx(4)}
        sig = b64u(rbytes(256))
    else:
        hdr = {"alg": "HS256", "typ": "JWT"}
        sig = b64u(rbytes(32))
    iat = R.randint(1767000000, 1795000000)
    pl = {"iss": iss, "sub": uuid4(), "aud": pick(["mijnloket", "portale-cittadino", "eurzad-web", "iseteenindus"]), "iat": iat, "exp": iat + 900,
          "acr": pick(["high", "substantial", "https://www.spid.gov.it/SpidL2", "urn:etoegang:core:assurance-class:loa3"]), "jti": uuid4()}
    return b64u(json.dumps(hdr, separators=(",", ":")).encode()) + "." + b64u(json.dumps(pl, separators=(",", ":")).encode()) + "." + sig


PW_WORDS = ["Tulp", "Gracht", "Molen", "Fietsbel", "Dijkgraaf", "Stroopwafel", "Polder", "Caffe", "Gelato", "Duomo", "Vespa", "Limone",
            "Girasole", "Wiosna", "Pierogi", "Bursztyn", "Sokol", "Wisla", "Kajakk", "Rukkilill", "Meri", "Kuusk", "Saun", "Gaufre",
            "Atomium", "Moules", "Brugge", "Zaakbrug", "Kluis", "Spritz", "Zubr", "Kiluvõileib"]


def g_password():
    k = R.randrange(6)
    w1, w2 = pick(PW_WORDS), pick(PW_WORDS)
    sym = pick("!#$%&*?.-_@+")
    if k == 0:
        return w1 + sym + w2 + dg(R.choice([2, 4]))
    if k == 1:
        return w1.lower() + dg(R.choice([2, 3, 4])) + sym
    if k == 2:
        return w1 + dg(4) + sym
    if k == 3:
        return rs(B62, R.randint(10, 16)) + sym + rs(B62, 2)
    if k == 4:
        return "%s-%s-%s%s" % (w1.lower(), w2.lower(), pick(PW_WORDS).lower(), dg(1))
    return w1[0].lower() + w1[1:].upper() + sym + dg(2) + w2


def g_urlpw():
    k = R.randrange(3)
    if k == 0:
        return rs(B62, R.randint(16, 28))
    if k == 1:
        return pick(PW_WORDS) + dg(4) + pick(["", "_", "-", "."]) + pick(PW_WORDS)
    return rs(B62 + "-_.~", R.randint(20, 32))


FIRST = ["sanne", "daan", "j", "m", "pieter", "giulia", "marco", "luca", "f", "piotr", "k", "anna", "kristjan", "kadri", "l", "sophie", "t"]
LAST = ["devries", "vandijk", "jansen", "bakker", "peeters", "janssens", "bianchi", "russo", "esposito", "kowalski", "nowak", "wisniewska",
        "tamm", "saar", "sepp", "dubois", "lambert"]
EDOM = ["gemeente-voorbeeld.nl", "utrechtsewaard.nl", "stad-voorbeeld.be", "comune-esempio.it", "gmina-przyklad.pl", "linn-naidis.ee",
        "gmail.com", "outlook.com", "hotmail.it", "wp.pl", "o2.pl", "telenet.be", "ziggo.nl", "libero.it", "mail.ee"]


def g_email():
    sep = pick([".", "_", ""])
    return "%s%s%s%s@%s" % (pick(FIRST), sep, pick(LAST), pick(["", "", str(R.randint(1, 99))]), pick(EDOM))


def g_phone():
    k = R.randrange(12)
    if k == 0:
        return "06-%s" % dg(8)
    if k == 1:
        return "+31 6 %s %s" % (dg(4), dg(4))
    if k == 2:
        return "0%d-%s %s" % (pick([20, 10, 30, 70]), dg(3), dg(4))
    if k == 3:
        return "+32 4%d %s %s %s" % (pick([70, 71, 72, 75, 76, 77, 78, 79, 84, 85, 86, 94, 95, 96, 97, 98]) % 100, dg(2), dg(2), dg(2))
    if k == 4:
        return "04%d %s %s %s" % (pick([70, 75, 77, 79, 86, 94]) % 100, dg(2), dg(2), dg(2))
    if k == 5:
        return "+39 3%d %s %s" % (R.randint(20, 93), dg(3), dg(4))
    if k == 6:
        return "3%d %s%s" % (R.randint(20, 93), dg(3), dg(4))
    if k == 7:
        return "06 %s %s" % (dg(4), dg(4))
    if k == 8:
        return "+48 %d%s %s %s" % (pick([5, 6, 7, 8]), dg(2), dg(3), dg(3))
    if k == 9:
        return "%d%s-%s-%s" % (pick([5, 6, 7, 8]), dg(2), dg(3), dg(3))
    if k == 10:
        return "+372 5%s %s" % (dg(3), dg(4))
    return "+372 %d%s %s" % (pick([5, 8]), dg(2), dg(4))


def g_card():
    k = R.randrange(4)
    if k == 0:
        n = luhn_complete("4" + dg(5), 16)
    elif k == 1:
        n = luhn_complete(str(R.randint(51, 55)) + dg(4), 16)
    elif k == 2:
        n = luhn_complete(pick(["34", "37"]) + dg(4), 15)
    else:
        n = luhn_complete("2" + str(R.randint(221, 720)) + dg(2), 16)
    f = R.randrange(3)
    if f == 0 or len(n) == 15 and f == 2:
        return n if len(n) == 16 or f == 0 else "%s %s %s" % (n[:4], n[4:10], n[10:])
    sep = " " if f == 1 else "-"
    if len(n) == 15:
        return sep.join([n[:4], n[4:10], n[10:]])
    return sep.join(n[i:i + 4] for i in range(0, 16, 4))


CIN_ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23]


def it_cin(s):
    tot = 0
    for i, ch in enumerate(s):
        v = int(ch) if ch.isdigit() else ord(ch) - 65
        tot += CIN_ODD[v] if i % 2 == 0 else v
    return chr(65 + tot % 26)


def g_iban():
    k = R.randrange(5)
    if k == 0:
        while True:
            acct = dg(10)
            if sum(int(d) * (10 - i) for i, d in enumerate(acct)) % 11 == 0 and acct[0] != "0":
                break
        cc, bban = "NL", pick(["ABNA", "RABO", "INGB", "SNSB", "TRIO", "ASNB", "KNAB", "BUNQ"]) + acct
    elif k == 1:
        b = pick(["001", "063", "068", "096", "310", "363", "734", "737", "750"]) + dg(7)
        c = int(b) % 97 or 97
        cc, bban = "BE", b + "%02d" % c
    elif k == 2:
        abi_cab_acct = pick(["03069", "02008", "05034", "03062", "01030", "05428"]) + dg(5) + dg(12)
        cc, bban = "IT", it_cin(abi_cab_acct) + abi_cab_acct
    elif k == 3:
        bank = pick(["1020", "1140", "1050", "1090", "1240", "1160"]) + dg(3)
        w = [3, 9, 7, 1, 3, 9, 7]
        chk = (10 - sum(int(d) * w[i] for i, d in enumerate(bank)) % 10) % 10
        cc, bban = "PL", bank + str(chk) + dg(16)
    else:
        bank = pick(["22", "10", "17", "77", "42"])
        acct = dg(13)
        w = [7, 3, 1]
        tot = sum(int(d) * w[i % 3] for i, d in enumerate(reversed(acct)))
        cc, bban = "EE", bank + acct + str((10 - tot % 10) % 10)
    s = iban_make(cc, bban)
    return group4(s) if R.random() < 0.5 else s


def g_ssn():
    while True:
        a = R.randint(1, 899)
        if a != 666:
            break
    return "%03d-%02d-%04d" % (a, R.randint(1, 99), R.randint(1, 9999))


GEN = {"aws_access_key_id": g_aws_id, "aws_secret_access_key": g_aws_secret, "github_classic_pat": g_ghp, "github_fine_grained_pat": g_ghf,
       "slack_bot_token": g_xoxb, "slack_user_token": g_xoxp, "openai_api_key": g_openai, "anthropic_api_key": g_anthropic, "jwt": g_jwt,
       "password": g_password, "url_credentials": g_urlpw, "email_address": g_email, "phone_number": g_phone, "credit_card": g_card,
       "iban": g_iban, "us_ssn": g_ssn, "ipv4_address": public_ip}

# single templates: kind -> list of format strings with {v}
T1 = {
    "aws_access_key_id": ["open-data export draait nu onder een eigen IAM-user, key id `{v}`, de secret staat in de kluis",
                          "```ini\n[opendata-acc]\naws_access_key_id = {v}\nregion = eu-central-1\n```",
                          "CloudTrail: AccessDenied for {v} on s3:PutObject arn:aws:s3:::comune-esempio-opendata/istat/"],
    "aws_secret_access_key": ["export AWS_SECRET_ACCESS_KEY={v}", "secret van de exporter-user (id stuur ik apart): {v}",
                              "```yaml\nopendata:\n  s3:\n    secretKey: \"{v}\"\n```"],
    "github_classic_pat": ["PAT voor de fork van het design system, scopes repo+read:packages: {v}", "git clone https://{v}@github.com/gemeente-voorbeeld/mijnloket-frontend.git",
                           "il token per la CI di bootstrap-italia-theme è `{v}`, scade a fine mese", "GITHUB_TOKEN={v}"],
    "github_fine_grained_pat": ["fine-grained token (alleen contents:read op de open-data repo): {v}", "```\nnpm config set //npm.pkg.github.com/:_authToken {v}\n```",
                                "token do repo z formularzami: {v}", "GH_TOKEN={v} gh release download v2.3.0 -R linn-naidis/iseteenindus"],
    "slack_bot_token": ["bot voor de storingsmeldingen DigiD: SLACK_BOT_TOKEN={v}", "```python\nclient = WebClient(token=\"{v}\")\nclient.chat_postMessage(channel=\"#spid-alert\", text=\"SPID IdP down\")\n```",
                        "token bota od alertów ePUAP: `{v}`", "xroad-monitori bot: {v}"],
    "slack_user_token": ["mijn user token voor het export-script: {v}", "curl -H 'Authorization: Bearer {v}' https://slack.com/api/conversations.history?channel=C0123",
                         "user token (scope search:read) per lo script di archivio: {v}", "SLACK_USER_TOKEN=\"{v}\""],
    "openai_api_key": ["sleutel voor de chatbot-pilot op de gemeentesite: {v}", "OPENAI_API_KEY={v}", "klucz do asystenta wniosków: `{v}`",
                       "```python\nclient = OpenAI(api_key=\"{v}\")\n```"],
    "anthropic_api_key": ["ANTHROPIC_API_KEY={v}", "kodanikuportaali assistendi võti: {v}", "chiave per il riassunto delle pratiche: {v}",
                          "```ts\nconst anthropic = new Anthropic({{ apiKey: \"{v}\" }});\n```"],
    "jwt": ["Authorization: Bearer {v}", "id_token uit de TARA-testomgeving, kun je hem decoderen? {v}", "```json\n{{\"access_token\": \"{v}\", \"token_type\": \"Bearer\", \"expires_in\": 900}}\n```",
            "il cookie di sessione dopo il login SPID: session={v}", "token z logów keycloaka: {v}"],
    "password": ["wachtwoord van de testaccount voor DigiD-acceptatie is {v}, niet verder delen aub", "spring.datasource.password={v}",
                 "la password dell'utenza tecnica del protocollo è {v}", "hasło do konta serwisowego ePUAP (test): {v}",
                 "turvaserveri tokeni PIN: {v}", "mot de passe du compte de service CSAM : {v}",
                 "Server=sql-bza01;Database=Belastingen;User Id=svc_belasting;Password={v};", "PGPASSWORD='{v}' psql -h 10.20.4.17 -U zaken zaken_acc",
                 "```yaml\nspid:\n  keystore:\n    password: {v}\n```", "ww is {v} (hoofdletter gevoelig)"],
    "url_credentials": ["DATABASE_URL=postgres://zaken_app:{v}@pg-acc.gemeente-voorbeeld.internal:5432/zaken", "amqps://xroad_events:{v}@mq.linn-naidis.ee:5671/",
                        "redis://:{v}@10.12.3.40:6379/2", "mongodb+srv://portale:{v}@cluster0.ab1cd.mongodb.net/spid",
                        "npm registry: https://deploy:{v}@nexus.comune-esempio.it/repository/npm-private/", "mysql://epuap_sync:{v}@mysql-01.gmina-przyklad.pl:3306/wnioski",
                        "sftp://belcotax:{v}@sftp.stad-voorbeeld.be/upload", "SQLALCHEMY_DATABASE_URI = \"postgresql+psycopg://taotlused:{v}@db.linn-naidis.ee/taotlused\""],
    "email_address": ["mail de testresultaten naar {v}", "referente tecnico del comune: {v}", "osoba kontaktowa: {v}"],
    "phone_number": ["bel me even op {v}", "reperibile al {v}", "numer do dyżurnego: {v}", "valve telefon {v}", "joignable au {v}"],
    "credit_card": ["betaling mislukt met kaart {v}, graag navragen bij de PSP", "la carta {v} è stata addebitata due volte per la TARI",
                    "płatność kartą {v} nie przeszła", "kaart {v} exp 09/28 (test van burger, niet van ons)", "card {v} shows up in the raw webhook payload"],
    "iban": ["terugbetaling leges naar {v}", "IBAN per il rimborso: {v}", "numer rachunku do zwrotu: {v}", "tagastus arveldusarvele {v}", "remboursement sur le compte {v}",
             "```json\n{{\"rekeningnummer\": \"{v}\", \"bedrag\": \"41.20\"}}\n```"],
    "us_ssn": ["FATCA-formulier W-9 van een Amerikaanse burger kwam binnen met SSN {v} in het vrije tekstveld", "SSN: {v}",
               "il cittadino USA ha inserito il suo SSN {v} nel campo note", "w formularzu był SSN {v}"],
    "ipv4_address": ["fail2ban heeft {v} geblokt na 40 mislukte logins op /saml/acs", "X-Road turvaserveri avalik aadress partneri poolel: {v}",
                     "{v} - - [12/Nov/2026:10:02:11 +0100] \"POST /spid/acs HTTP/1.1\" 403 512", "allowlist: {v}/32 (ketenpartner)", "ruch z {v} blokujemy na WAF"],
}

MULTI = [
    ("aws_pair", "aws_access_key_id", "aws_secret_access_key",
     ["```ini\n[opendata-prod]\naws_access_key_id = {a}\naws_secret_access_key = {b}\n```", "AWS_ACCESS_KEY_ID={a}\nAWS_SECRET_ACCESS_KEY={b}",
      "credenziali bucket open data: {a} / {b}"]),
    ("contact", "email_address", "phone_number",
     ["contactpersoon bij de leverancier: {a}, tel. {b}", "Per urgenze: {a} oppure {b}", "Kontakt: {a}, tel. {b}", "Kontakt: {a}, tel {b}"]),
    ("refund", "iban", "email_address", ["Terugbetalen op {a}, bevestiging naar {b}", "Rimborso su {a}, ricevuta a {b}"]),
    ("db_host", "url_credentials", "ipv4_address", ["postgres://zaken:{a}@{b}:5432/zaken", "redis://:{a}@{b}:6379/0"]),
    ("pw_host", "password", "ipv4_address", ["ssh naar {b} als beheer, wachtwoord {a}"]),
    ("login", "password", "email_address", ["testaccount: {b} / {a}"]),
    ("slack_pair", "slack_bot_token", "slack_user_token", ["SLACK_BOT_TOKEN={a}\nSLACK_USER_TOKEN={b}"]),
    ("gh_pair", "github_classic_pat", "github_fine_grained_pat", ["oude PAT {a} vervangen door {b}"]),
    ("llm_pair", "openai_api_key", "anthropic_api_key", ["```\nOPENAI_API_KEY={a}\nANTHROPIC_API_KEY={b}\n```"]),
    ("card_phone", "credit_card", "phone_number", ["burger belde vanaf {b} over een dubbele afschrijving op kaart {a}"]),
]
MULTI_COUNTS = {"aws_pair": 6, "contact": 4, "refund": 2, "db_host": 2, "pw_host": 1, "login": 1, "slack_pair": 1, "gh_pair": 1, "llm_pair": 1, "card_phone": 1}
TEN = {"password", "url_credentials", "email_address", "phone_number", "iban", "ipv4_address", "jwt", "credit_card"}
KINDS = ["aws_access_key_id", "aws_secret_access_key", "github_classic_pat", "github_fine_grained_pat", "slack_bot_token", "slack_user_token",
         "openai_api_key", "anthropic_api_key", "jwt", "private_key_pem", "password", "url_credentials", "email_address", "phone_number",
         "credit_card", "iban", "us_ssn", "ipv4_address"]

PEM_KEYS = [("rsa_pkcs8_a", "rsa_pkcs8"), ("rsa_pkcs8_b", "rsa_pkcs8"), ("rsa_pkcs1", "rsa_pkcs1"), ("ec_sec1_a", "ec_sec1"), ("ec_sec1_b", "ec_sec1"),
            ("ec_p384_pkcs8", "ec_p384_pkcs8"), ("ed25519_pkcs8", "ed25519_pkcs8"), ("openssh_a", "openssh_ed25519"), ("openssh_b", "openssh_ed25519")]


def pem_message(name, typ, layout):
    pem = PEMS[name].split("\n")
    head, body, tail = pem[0], pem[1:-1], pem[-1]
    if layout == 0:
        intro = pick(["sleutel van het SPID-acc SP, voor de test:", "ecco la chiave del SP di collaudo:", "klucz do podpisu (test):",
                      "TARA testkliendi võti:", "clé du certificat FAS de test :"])
        text = intro + "\n```\n" + "\n".join(pem) + "\n```"
        value = "\n".join(body)
    elif layout == 1:
        esc = "\\n".join(pem) + "\\n"
        text = "```json\n{\n  \"entityId\": \"https://%s/spid\",\n  \"privateKey\": \"%s\"\n}\n```" % (pick(ORG_HOSTS), esc)
        value = "\\n".join(body)
    else:
        ind = "    "
        text = "```yaml\ndigid:\n  saml:\n    signingKey: |\n" + "\n".join(ind + l for l in pem) + "\n```"
        value = ("\n" + ind).join(body)
    assert value in text
    return text, value


def gen_positives():
    singles_needed = {}
    used = {k: 0 for k in KINDS}
    for name, ka, kb, _ in MULTI:
        used[ka] += MULTI_COUNTS[name]
        used[kb] += MULTI_COUNTS[name]
    for k in KINDS:
        singles_needed[k] = (10 if k in TEN else 9) - used[k]
    recs = []
    seen_vals = set()

    def fresh(kind):
        while True:
            v = GEN[kind]()
            if v not in seen_vals and (kind != "ipv4_address" or True):
                seen_vals.add(v)
                return v

    for kind in KINDS:
        for i in range(singles_needed[kind]):
            if kind == "private_key_pem":
                name, typ = PEM_KEYS[i]
                layout = i % 3
                text, v = pem_message(name, typ, layout)
                ctx = "private_key_pem:%s:layout%d" % (typ, layout)
            else:
                ts = T1[kind]
                ti = i % len(ts)
                v = fresh(kind)
                text = ts[ti].format(v=v)
                ctx = "%s:t%d" % (kind, ti)
            text = decorate(text, 0.05, 0.03)
            recs.append({"text": text, "secrets": [{"kind": kind, "value": v}], "context": ctx})
    for name, ka, kb, ts in MULTI:
        for i in range(MULTI_COUNTS[name]):
            a, b = fresh(ka), fresh(kb)
            text = ts[i % len(ts)].format(a=a, b=b)
            text = decorate(text, 0.05, 0.03)
            recs.append({"text": text, "secrets": [{"kind": ka, "value": a}, {"kind": kb, "value": b}], "context": "multi:%s:%d" % (name, i)})
    R.shuffle(recs)
    out = []
    for i, r in enumerate(recs):
        out.append({"id": "h%dp-%04d" % (N, i + 1), "text": r["text"], "secrets": r["secrets"], "context": r["context"]})
    return out


def check_positives(recs):
    from collections import Counter
    kinds = Counter()
    nsec = Counter()
    texts = set()
    for r in recs:
        assert r["text"] not in texts, r["id"]
        texts.add(r["text"])
        nsec[len(r["secrets"])] += 1
        for s in r["secrets"]:
            kinds[s["kind"]] += 1
            v = s["value"]
            assert v in r["text"], (r["id"], v)
            k = s["kind"]
            if k == "credit_card":
                assert luhn_ok(re.sub(r"[ -]", "", v)), v
            elif k == "iban":
                assert iban_valid(v), v
            elif k == "us_ssn":
                a, g, sn = v.split("-")
                assert a not in ("000", "666") and not a.startswith("9") and g != "00" and sn != "0000", v
            elif k == "ipv4_address":
                assert is_public(v), v
            elif k == "jwt":
                h, p, _ = v.split(".")
                json.loads(base64.urlsafe_b64decode(h + "=" * (-len(h) % 4)))
                json.loads(base64.urlsafe_b64decode(p + "=" * (-len(p) % 4)))
            elif k == "private_key_pem":
                raw = re.sub(r"\\n|\s", "", v)
                base64.b64decode(raw, validate=True)
            elif k == "github_classic_pat":
                body = v[4:34]
                assert v[34:] == b62enc(zlib.crc32(body.encode()) & 0xFFFFFFFF, 6)
    assert len(recs) == 150 and nsec[1] == 130 and nsec[2] == 20, nsec
    assert sum(kinds.values()) == 170, kinds
    assert all(kinds[k] in (9, 10) for k in KINDS), kinds
    return kinds


def main():
    negs = gen_negatives()
    pos = gen_positives()
    from collections import Counter
    cats = Counter(r["category"] for r in negs)
    assert all(cats[c] == 100 for c in CATS) and len(negs) == 600
    assert len(set(r["text"] for r in negs)) == 600
    for r in negs:
        assert not scan(r["text"]), r["id"]
    kinds = check_positives(pos)
    with open(os.path.join(HERE, "redaction%d_negatives.jsonl" % N), "w", encoding="utf-8") as f:
        for r in negs:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "redaction%d_positives.jsonl" % N), "w", encoding="utf-8") as f:
        for r in pos:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    # report
    print("negatives:", dict(cats))
    for c in CATS:
        ls = [r["text"].count("\n") + 1 for r in negs if r["category"] == c]
        print("  %-22s lines %d..%d  single-line %d" % (c, min(ls), max(ls), sum(1 for x in ls if x == 1)))
    ls = [r["text"].count("\n") + 1 for r in negs]
    print("  all: single-line %d, >=10 lines %d, >=20 lines %d, max %d" % (sum(x == 1 for x in ls), sum(x >= 10 for x in ls), sum(x >= 20 for x in ls), max(ls)))
    print("  lead-ins %d, trailers %d" % (sum(1 for r in negs if "L" in DECO.get(r["text"], "")),
                                         sum(1 for r in negs if "T" in DECO.get(r["text"], ""))))
    print("  templates per category:", {c: len(NEG[c]) for c in CATS})
    print("positives: %d texts, kinds %s" % (len(pos), dict(kinds)))
    miss = 0
    for r in pos:
        h = scan(r["text"])
        if not h:
            miss += 1
            print("    scanner miss:", r["id"], r["context"])
    print("  scanner finds nothing in %d positives (its blind spots, not label errors)" % miss)


if __name__ == "__main__":
    main()
