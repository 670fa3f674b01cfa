#!/usr/bin/env python3
"""Blind redaction corpus #44 -- LatAm ed-tech / school-systems integration team.

Writes redaction44_negatives.jsonl (600 hard negatives, 6 x 100) and
redaction44_positives.jsonl (150 texts, 170 labelled fake secrets) next to this file.
Standard library only; random.Random(44 * 101) is the only randomness, used in a fixed order.
"""
import base64
import io
import json
import os
import re
import string
import struct
import zipfile
import zlib
import random

N = 44
R = random.Random(N * 101)
HERE = os.path.dirname(os.path.abspath(__file__))

# private keys made with openssl / ssh-keygen in a scratch dir (throwaway, never used anywhere)
KEYS = {
 "rsa1.pem": "-----BEGIN PRIVATE KEY-----\nMIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQDEiTyR0wIQXue1\nlBUMZrxj8OQelWSuqX8LtmgUWVFnh974VhgoxQE8YPQiQ6s9kyI9+upzWL9dLJFD\nF7/kws1dp7eWtaHelxgTlY3jYURHMZt6NrKFPHO7pFne/DQkxUUFUOfgyxIFWtCs\nOx6xI5JOUB61tr5uTO/y0xTCrSRmmQOxTEcKnad7CCrKohk8GwMkR7r2A+3NDCU3\nDThkW3Xfymubt0nUDQ85EFQhDIC+1asR3jYUWtGJxeRqZShmNWegN4EO1mxRVCDf\nWoI4WKiy6k8pVriP+3DnbeyiyHjtOj9y83UHz1Go6v4WUFIuG4EDnmZpIAc7BbTI\n6GdlLK/dAgMBAAECggEAClVT3a/sORugT6v6QlVpfNC20cPVkBhh0WYVCVLb5Jdg\negqeyQ/4nWnUlDOeHoXspDkb2BY3s4irF425XWf/n7e4f6BLozYrAiaYF/cufZbG\nX7HeB4LS6+/7eK2meTN1Ck9Dbc6Hg0gP1ipilfoykFMGllPGJer+J7SA8C5lzk4Q\nLJtB/hAL070savAK4znG5EnR8jNlq/N+go6EOnDgK/EzF3BBdbjuJ7dP+xiKTEZq\n/Rntbyovzr3D0t4y/AGg2RbfwglOYWoHzcXWGaUwwINx91c3grMiuHLOl05MRD8c\n9twoYtfvhAKlDJUThPeuVmQCV/0jbUsSnADfKgFpEQKBgQDjJiPHDmchwWRTlg7W\nOgdHXnkKKh7VRKqaJAsyV57GABb5pgFtEW6a+CAT8Ml3tWwAa17pMRnEQcYKRQDj\nCuJDR9yYQuK9HnNOyoF53q0qZOILduRNXfo827XxAPyYNHHcZa3UYseS6T21KJw+\nTdo1mNk6JZM0fb+G8D0k3ZzG0QKBgQDdf7QN/mbb7DKC7b0L+SGGYyWwxr47EoTp\nCMpbHronEv4EAytGDj2CTZIpKgBApCuquSbB4EE4mamEZoJQvuO2DrZ9E5EjlUmr\nx1kprDU+LG/CEbdIOjjRj/EvzAD+Md9+0kXsy9zB90r9KyK2ilZVm9DgHLuKxY7Y\npMHVO6VzTQKBgE2SX9OB0qyPa+CztTtps8SmubVD7yWr/osHVh+KFrnNnAsDqycB\nNgGMTQAiUdskxM5b3JzMXN1ODQDC0eu3cs/BQc9pwB8PwBcfRxpEdmSs8RkzMAJP\n3r5b1gWI7bpY5q16t+N5HGjKaH1ucfVBBw0Yts6JuHzLmNXPQ0JMwFaRAoGBAKBp\nxxXHY+jsQ5ys3pfYQp5YGcjP9p9DhzxZ4Gtjcn+v8oUnYmSnFYbT9QGY6HvoKbPH\nybjpV3LNXoaD0ub1iGameyVUUW3KxYMBqaJTlG/FsN6FBA7sE5A5xfvOq/1sUyc+\n0+NttSBIn2eAoPBAecwgP4K/bFdRQmXF1JdATk+VAoGBAKWCsrcr0uAyCjfJeyI6\nB/2J3IVaUXh1JXTASwZ/K5k9pTW9Rb/tnoSjxToj7a+dLDpC7HqGlquHjOpZCV49\ntO647H3kzMHm8wZnDEYCklebSzLGINqiK9fVIJs34GbGJ1mo/tCl7WaAueFUpiFB\nemNMK/XHu/Giz2Y2IqV1vbwK\n-----END PRIVATE KEY-----\n",
 "ec1.pem": "-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEICvgZzneg0jK0BPvGy1Af0j4ZBjoK2D6XpyKhtcohl7NoAoGCCqGSM49\nAwEHoUQDQgAEr485FqcuUa+/99AhoD+9c07BoLzVbHU6Atj4Mx24tvwo1YF67lK2\nIY4ElbtqiYiTtg/FpV+MGPOVh05kQgX2dQ==\n-----END EC PRIVATE KEY-----\n",
 "ed1.pem": "-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIOruPIwTxrTS8SkwyM+7YNz1Ch+hmHkQeRdZ953rPmvf\n-----END PRIVATE KEY-----\n",
 "rsa3.pem": "-----BEGIN RSA PRIVATE KEY-----\nMIICXQIBAAKBgQCiF1rskJqhFdl0hz5TRUC5mq1iO2HjTXQxQu5b2f7gc1klyhjP\nMWHyz2ir1iSDASvNQe+YsRM6EAdhb5C6jq0YSI8HrtiI6/XlfjvwCmculwmQfktq\nysNKDIp5cEIErpygN80NJlqk3JZBqNVQSO7ZEHnyV7wQfB0klefMCJdDnwIDAQAB\nAoGACpVJy35ZikD59MDL0fYIltXBklNcPdIVzw2WsIqYOKFvZac/XW/U/FyMcgPG\nWINgD8PJWAffwH/Ba5w0L+oW5Q9iRgJ/xCP6NU+5kMONZYXTGbfNLMVw4oR/YgA+\nLZvuTMKVxLgPvCOAfSIjddOh3SjmWIhHp34z1raZfrldzKkCQQDSikJhIZ7FOuFX\nodEqYDljar6dFLRr++Ce4PNj9VqYdvUQ1Cp+fe1DiMbdmhNUU6kxV/FaMlrkzytq\n0LHi9NZrAkEAxRcN4y0I6vFDF8W0jiyVpQPlJmFVtnI4d4ok+JsL9QImV9G9g2Z8\np271s3HNbqwCxrFxfNa4aVZp+dcRXFhMnQJBAKE7GBJiOMA5kxAU76VQAyLLQCXz\nESgQv7dr9Xf7EOHpV0sH73Lm5KfvOrvBnkPZvZv4CPBV152ZuVoXb+KqNPkCQQCv\nqPOUta/MDoo45todGXmqoIUdJwWI3dacHIEFHtOSZH8eKG7bbX3OkSPl8pkheafj\nxYUbuhiUshM0PU5Y2s41AkBW5oM0VBbh9EGH0I6qpCrrsLMCj4avZ8ye81kgqmFD\nBpTkcJ1R0EmlNHKRcJ0MA7BNXPQldaQ7EW83sb4KM769\n-----END RSA PRIVATE KEY-----\n",
 "ec2.pem": "-----BEGIN EC PRIVATE KEY-----\nMIGkAgEBBDCsltCqWsH1zUAaXG8eLBTvTivbgSMfjtvo95+pU4h08LvIp2Zr8ALY\nA05wvCuzXzKgBwYFK4EEACKhZANiAAT5qBDQU9OcnWW8T6Jn7fhyyQ8Wqx53vVZ0\nwy9LwKGZrZfLtyaziNd2phG/5r9cS5zPLJm6+NBwjKA7rBi6KWBbvNoQIbsNovNl\nAGLxl226GsPoUcYvedow9hgkcKWwrAc=\n-----END EC PRIVATE KEY-----\n",
 "ssh1": "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nQyNTUxOQAAACBJ+i0NC/wrHTWQOiYue2QKeTvmEQwDKgkEfuJfz9eYTgAAAJhdiP9jXYj/\nYwAAAAtzc2gtZWQyNTUxOQAAACBJ+i0NC/wrHTWQOiYue2QKeTvmEQwDKgkEfuJfz9eYTg\nAAAEB4+/qrW8B+sn9M0xCnNXR7ElznsJMmeo7jF2DWgGxyOEn6LQ0L/CsdNZA6Ji57ZAp5\nO+YRDAMqCQR+4l/P15hOAAAAD2RlcGxveUBzaXMtc3luYwECAwQFBg==\n-----END OPENSSH PRIVATE KEY-----\n",
 "rsa2.pem": "-----BEGIN PRIVATE KEY-----\nMIICeAIBADANBgkqhkiG9w0BAQEFAASCAmIwggJeAgEAAoGBALta1W1n8rMkPTyp\nHPENEFf4Hu8z4HmoqH9X4Ci2fWZuO3iBc0xoQ9n4RbfsXQCuF8tjLAXFs8SXVI54\nR5Kaze0o/WqG4bEoRWMtRrs/k1FYg9LgV74rLZHAgCfUfDKLkghlZ28YXVU/bYcV\nNgy8tw7sTywoxEX6My+GAvg+2VwZAgMBAAECgYEAqTFubE7jLkQbyRwvtsBFcivw\nQ7Rlk3hsMhP5qsqilE4YBstghC/kloNO8rnRgzu04Ue+Cbhwj6jaA487k3mZXHcW\nDHzx0jdqab1KyH6dVGk9+oa9iiVhHFCtUSfDuit2dG/LiWOgfvGz9OzRU/WSHbEs\nM7YWlH6V9RFi/K6gNwECQQDluvU3x9PAWldt/MnQG84C2qojkBqIuIK43tS4o3bs\nuFiywR1RkKOFk298ORCr45BtHfoOLxOKGF1IYan9dSV9AkEA0MdkIepkUkVJuWL4\nqV5gog5TJDXz5zOC8f7iwyuQ/fB0xl/BwjBpZOvZlYAzDmCqA663vAAT0191rZLZ\nfqdjzQJAThedoBaXjr2nFsZlvA6XmzTFvU0RGATQuxNUcGdw18taq3kmBEIMtC2I\nKkwjtKqov87+3691Du51V1OLu5ME6QJBALSn5GBolviNlhbBqlO8I7f210CdIvkr\nnKJUINorJ6Jk4FcLYvjqtTgr0TJJJWTKhjL7i2c1VfJwRr60NFkg9P0CQQDPX2Uz\ndtEDyudK5iYkbcTXto7i11voFUojC0m7UTxILIA9Ue4s+zIrP2HD5hQiX8EpHce2\nopPAIiPIHkeEHMtI\n-----END PRIVATE KEY-----\n",
 "ed2.pem": "-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIGQTQK0ZZnSlxW1y4HfPt7CFVgNKbytlQP9ub88SfMx4\n-----END PRIVATE KEY-----\n",
 "ec3.pem": "-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgLxMd4590XXX3fCGw\nXB6V8pCo5J6RqtsN9/tRtid149qhRANCAARr3P2/2p74VAIhWkomeNgYybb0xq/W\nBANJn6U/AQkyJkCEP0s3NquQhj0Obq9Ru79WdSeY1EFs6XWmVhqV+S0E\n-----END PRIVATE KEY-----\n",
 "rsa4.pem": "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAsq3VFZ0ZJfZk6gguB3QhAymXelo1v2JLoug43bOdngx9L8Ak\nEY8GNLlubLGWjJxbPsGt6e2D2EAokp7gd+5BzRix4l6kTo+d/edVHPpJxKShKkIo\nvr7TbJXL1wsKoJtzwnB3kYeWEMcoqkpfEVqMcvvEyVMWrrq25XW32C9e66/nOovx\nQp2nlrazoV/p5NC+KeNm4JOEL1HGW1szrTmPjiH+Bg6jiq6PG7+2Qg/n0lRfHjJr\n9IP5aUQN6XvbCVU2khvh8hTT75Kv4sjdDKEX1UOGZNem8hFysPe2wEHmnE/HNl20\n0nRNM5ACeIRwavrOuqYmytB2IPkI3NjBmAaSXwIDAQABAoIBAAYnDN1PqYawc00e\nYadet6b05Fhm3s7rmDslz+oiaIesBRYt1uVxN/98xcahtCi8rDpUT6QXH6EZ+cut\nWNazB4+uYqxZd0LqmGrJGm8trHiZn/W6jXieot0W/gvg6h7EUOTIcUrmO6Pxl6mK\nzLc7l6El9jgQel7N4xpc8VWqW+m1otLywqC0FUlW0MeCXBIzf8hXt07KLhAuxNQA\n72nIZ0x4a7wN775Mcsete50aU+QAaz5u/DV1yZJ8LjCZLawKkQhPCsQl2EY5abLs\nGlNZhQwxMUNCNKzVSCBsq7hEsVBrhO/DG/e3F2O4XdvgKsfuVKsb5cTbnX3O3WFp\nq2e0zgECgYEA3a1BVnWEsegTCT2OjDrzG5Vx0cqWep0VbT2u+fzmgS/OjAubMv2H\nmool03/snWUWYwqYjYAoknTMeDsvc9JQkh5Pl8nVprn4s9eWzwcLCr/lcsPTYnoZ\nllliaWjMIKNGylAaoHgdAnUqZeBG/N61H2ZQnJ8h1X7QLQTL/SGDuYECgYEAzlg/\ndbqQTSxlj87HDW86NI805JbD13bqVBzKxP1COD4j7YAMAPlHM6DFwTBVi86w8ueP\nSKk4pcVNr5vEBAERh0/dyfwCxxqjS6RJ4yCaURsDKIbViXl8U8qsgOONMI6u/Psh\nTfaee89KIYVUhNsGnnPOhStMWO2YgHRA25mne98CgYEAiE9gLPUIioklI3p5rBsX\noG+N1K4ZR/5NzaWvccMkTm4COTVt0rX5a3rldZ9k9QfS80XxtpkG2b/+dzQVosfB\niYgf8ztGKEaU+qln75fqH0sOoTpvQk/Iah4+mIi7dJpSDlehd+lEFV3Mm2aE4Dtl\n7o/wo85qdKiNBBG+CcJRCIECgYAp7pkGzaDhbfI9pSGiQ0YqxCdVhKXLtWitKySx\nn13DnC0k6G6IDCBCB5voRHA99wTSd+gQNgNC/LNqylatEaKEQuCpWUMfPvSMPJif\nRVLWxIyBwdTHGR8A0CD6GEPq6DP7SPVdqI5QTrGb2kJwtSnFLXd8bG4ZbD8fa4B6\nn+D/NQKBgCl1kn0lHfR3aXi5ODEsCW45x0xvWsBJW3Bwlkgd3Wj9SHwXFW3weHWl\nShUTThUE6D94GQQikGyzm276PFMDJWoF1HeHaWUkA7LlpL9qg9ITJLpPxXbtxbvy\nvVfum7g9QFSwLP9dbzJCi8Bj9ucc96ygGDdNiCiieE9HWZwuRRDU\n-----END RSA PRIVATE KEY-----\n"
}

DIG = string.digits
HEX = '0123456789abcdef'
UP = string.ascii_uppercase
LOW = string.ascii_lowercase
ALNUM = UP + LOW + DIG
B64 = ALNUM + '+/'
B64U = ALNUM + '-_'
B32 = UP + '234567'


def ch(seq):
    return R.choice(seq)


def ri(a, b):
    return R.randint(a, b)


def rs(alpha, n):
    return ''.join(R.choice(alpha) for _ in range(n))


def hx(n):
    return rs(HEX, n)


def uuid4():
    h = list(hx(32))
    h[12] = '4'
    h[16] = ch('89ab')
    h = ''.join(h)
    return f'{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}'


def ulid():
    return '01J' + rs('0123456789ABCDEFGHJKMNPQRSTVWXYZ', 23)


def b64(b):
    return base64.b64encode(b).decode()


def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip('=')


def rbytes(n):
    return bytes(R.randrange(256) for _ in range(n))


def date(y0=2024, y1=2026):
    return f'{ri(y0, y1)}-{ri(1, 12):02d}-{ri(1, 28):02d}'


def ts_iso():
    return f'{date()}T{ri(0, 23):02d}:{ri(0, 59):02d}:{ri(0, 59):02d}.{ri(0, 999):03d}Z'


def hhmm():
    return f'{ri(6, 22):02d}:{ri(0, 59):02d}'


# ---------------------------------------------------------------- checksums
def luhn_ok(d):
    s = 0
    for i, c in enumerate(reversed(d)):
        x = int(c)
        if i % 2:
            x *= 2
            if x > 9:
                x -= 9
        s += x
    return s % 10 == 0


def luhn_complete(prefix, length):
    body = prefix + rs(DIG, length - len(prefix) - 1)
    for c in DIG:
        if luhn_ok(body + c):
            return body + c
    raise AssertionError


def iban_make(cc, bban):
    s = bban + cc + '00'
    num = int(''.join(str(int(c, 36)) for c in s))
    return f'{cc}{98 - num % 97:02d}{bban}'


def iban_valid(s):
    s = s.replace(' ', '')
    if len(s) < 15 or len(s) > 34:
        return False
    r = s[4:] + s[:4]
    try:
        return int(''.join(str(int(c, 36)) for c in r)) % 97 == 1
    except ValueError:
        return False


def cpf_dv(b9):
    d = [int(c) for c in b9]
    d1 = sum(v * w for v, w in zip(d, range(10, 1, -1))) * 10 % 11 % 10
    d.append(d1)
    d2 = sum(v * w for v, w in zip(d, range(11, 1, -1))) * 10 % 11 % 10
    return f'{d1}{d2}'


def cnpj_dv(b12):
    w1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]
    d = [int(c) for c in b12]
    r = sum(a * b for a, b in zip(d, w1)) % 11
    d1 = 0 if r < 2 else 11 - r
    d.append(d1)
    r = sum(a * b for a, b in zip(d, [6] + w1)) % 11
    d2 = 0 if r < 2 else 11 - r
    return f'{d1}{d2}'


def cnpj():
    base = rs(DIG, 8) + '0001'
    d = base + cnpj_dv(base)
    return f'{d[:2]}.{d[2:5]}.{d[5:8]}/{d[8:12]}-{d[12:]}'


def rut_dv(n):
    s, m = 0, 2
    for c in reversed(str(n)):
        s += int(c) * m
        m = 2 if m == 7 else m + 1
    r = 11 - s % 11
    return '0' if r == 11 else 'K' if r == 10 else str(r)


def rut_empresa():
    n = ri(76000000, 77999999)
    s = f'{n:,}'.replace(',', '.')
    return f'{s}-{rut_dv(n)}'


def nit_dv(n):
    w = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71]
    s = sum(int(c) * x for c, x in zip(reversed(n), w))
    r = s % 11
    return str(r if r < 2 else 11 - r)


def nit_empresa():
    n = ch(['800', '830', '860', '890', '900', '901']) + rs(DIG, 6)
    return f'{n[:3]}.{n[3:6]}.{n[6:]}-{nit_dv(n)}'


def cuit_empresa():
    while True:
        b = ch(['30', '33', '30']) + rs(DIG, 8)
        w = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]
        r = 11 - sum(int(c) * x for c, x in zip(b, w)) % 11
        if r == 10:
            continue
        r = 0 if r == 11 else r
        return f'{b[:2]}-{b[2:]}-{r}'


def rfc_moral():
    return rs(UP, 3) + f'{ri(0, 24):02d}{ri(1, 12):02d}{ri(1, 28):02d}' + rs(UP + DIG, 3)


def cct():
    return f'{ri(1, 32):02d}' + ch(['DPR', 'DES', 'DJN', 'EPR', 'DST', 'PPR', 'ETV', 'DML']) + f'{ri(0, 9999):04d}' + ch(UP)


def inep():
    return ch(['11', '23', '29', '31', '33', '35', '41', '43', '52', '53']) + rs(DIG, 6)


def mod10_boleto(s):
    t, w = 0, 2
    for c in reversed(s):
        p = int(c) * w
        t += p // 10 + p % 10
        w = 1 if w == 2 else 2
    return str((10 - t % 10) % 10)


def boleto_linha():
    bank = ch(['001', '033', '104', '237', '341', '756'])
    fator = str(ri(9800, 9999))
    valor = f'{ri(15000, 189000):010d}'
    livre = rs(DIG, 25)
    head = bank + '9'
    w, t = 2, 0
    body43 = head + fator + valor + livre
    for c in reversed(body43):
        t += int(c) * w
        w = 2 if w == 9 else w + 1
    dv = 11 - t % 11
    dv = '1' if dv in (0, 10, 11) else str(dv)
    c1 = head + livre[:5]
    c1 += mod10_boleto(c1)
    c2 = livre[5:15] + mod10_boleto(livre[5:15])
    c3 = livre[15:25] + mod10_boleto(livre[15:25])
    return f'{c1[:5]}.{c1[5:]} {c2[:5]}.{c2[5:]} {c3[:5]}.{c3[5:]} {dv} {fator}{valor}'


def crc32_b62(s):
    n = zlib.crc32(s.encode()) & 0xffffffff
    out = ''
    while n:
        n, r = divmod(n, 62)
        out = (DIG + UP + LOW)[r] + out
    return out.rjust(6, '0')


# ---------------------------------------------------------------- real file bytes
def png(w, h, palette=None):
    def chunk(t, d):
        return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
    cols = palette or [(ri(0, 255), ri(0, 255), ri(0, 255)) for _ in range(3)]
    raw = b''
    for y in range(h):
        raw += b'\x00' + b''.join(bytes(ch(cols)) for _ in range(w))
    return (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0))
            + chunk(b'IDAT', zlib.compress(raw, 9)) + chunk(b'IEND', b''))


def gif1():
    return (b'GIF89a\x01\x00\x01\x00\x80\x00\x00' + bytes([ri(0, 255) for _ in range(3)]) + b'\x00\x00\x00'
            b'!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;')


def svg():
    c = '#%06x' % ri(0, 0xffffff)
    shape = ch([f'<circle cx="{ri(6, 10)}" cy="{ri(6, 10)}" r="{ri(3, 7)}" fill="{c}"/>',
                f'<path d="M{ri(1, 4)} {ri(2, 6)}h{ri(6, 12)}v{ri(4, 10)}H{ri(1, 4)}z" fill="{c}"/>',
                f'<rect x="{ri(0, 3)}" y="{ri(0, 3)}" width="{ri(8, 14)}" height="{ri(8, 14)}" rx="2" fill="{c}"/>'])
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16">{shape}</svg>'


def pdf():
    title = ch(['Boletim Escolar', 'Constancia de Estudios', 'Certificado de Conclusao', 'Horario 2025', 'Acta de Notas'])
    stream = f'BT /F1 {ri(9, 16)} Tf {ri(40, 90)} {ri(600, 760)} Td ({title} {ri(2024, 2026)}/{ri(1, 4)}) Tj ET'
    objs = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
            '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
            f'<< /Length {len(stream)} >>\nstream\n{stream}\nendstream']
    out = '%PDF-1.4\n'
    for i, o in enumerate(objs, 1):
        out += f'{i} 0 obj\n{o}\nendobj\n'
    out += 'trailer\n<< /Root 1 0 R >>\n%%EOF\n'
    return out.encode()


def wav():
    n = ri(24, 48)
    data = bytes(128 + int(100 * ((i * ri(3, 9)) % 17 - 8) / 8) for i in range(n))
    return b'RIFF' + struct.pack('<I', 36 + n) + b'WAVEfmt ' + struct.pack('<IHHIIHH', 16, 1, 1, 8000, 8000, 1, 8) + b'data' + struct.pack('<I', n) + data


def ico():
    p = png(2, 2)
    return struct.pack('<HHH', 0, 1, 1) + struct.pack('<BBBBHHII', 2, 2, 0, 0, 1, 32, len(p), 22) + p


def woff2():
    return b'wOF2' + struct.pack('>IIHHIHHIHHIII', 0x00010000, ri(9000, 40000), ri(10, 18), 0, ri(20000, 90000), 1, 0, 0, 0, 0, 0, 0, 0) + rbytes(90)


def xlsx():
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, 'w', zipfile.ZIP_DEFLATED) as z:
        zi = zipfile.ZipInfo('[Content_Types].xml', date_time=(2025, 3, 1, 0, 0, 0))
        z.writestr(zi, '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>')
        zi = zipfile.ZipInfo('xl/worksheets/sheet1.xml', date_time=(2025, 3, 1, 0, 0, 0))
        z.writestr(zi, '<worksheet><sheetData><row r="1"><c t="inlineStr"><is><t>turma</t></is></c></row></sheetData></worksheet>')
    return buf.getvalue()


def srcmap():
    f = ch(['boletim', 'horario', 'matricula', 'pix-checkout', 'lti-launch'])
    m = {"version": 3, "file": f"{f}.min.js", "sources": [f"../src/{f}/index.ts", "../src/shared/fmt.ts"],
         "names": ["render", "formatNota", "t"], "mappings": ";;AAAA,SAASA," + rs('ABCDEFGIKMOQSUacegikmoq', ri(10, 30))}
    return json.dumps(m, separators=(',', ':')).encode()


def trunc(s, keep=None):
    keep = keep or ri(60, 120)
    if len(s) <= keep + 10:
        return s
    return s[:keep] + ch(['…', '...', f'...[{len(s) - keep} more chars]', '…(truncado)', ' [...]'])


def duri(mime, data):
    return f'data:{mime};base64,{b64(data)}'


# ---------------------------------------------------------------- scanner
RX = {
    'email': re.compile(r'[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}'),
    'github': re.compile(r'(?:gh[pousr]_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_]{22,})'),
    'slack': re.compile(r'xox[abposre]-\d+-[A-Za-z0-9-]+'),
    'sk_key': re.compile(r'(?<![A-Za-z0-9])sk-[A-Za-z0-9_\-]{32,}'),
    'jwt': re.compile(r'eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]{5,}'),
    'ssn': re.compile(r'(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])'),
    'aws_key_id': re.compile(r'(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Z0-9])'),
    'pem': re.compile(r'-----BEGIN [A-Z ]*PRIVATE KEY-----(.*?)-----END', re.S),
    'ipv4': re.compile(r'(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?!\.?\d)'),
    'iban': re.compile(r'\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b'),
    'digits': re.compile(r'(?<![\d])\d+(?:[ -]\d+)*(?![\d])'),
    'phone': re.compile(r'(?:\+\s?(?:55|52|54|56|57|1|34|351)[\s().-]*\d[\d\s().-]{7,}\d'
                        r'|\(\d{2,3}\)\s?9?\d{4}[-\s]\d{4}|(?<![\d.-])9\d{4}-\d{4}(?![\d-])'
                        r'|(?<![\d.-])3\d{2} \d{3} \d{4}(?![\d-]))'),
}


def public_ip(parts):
    a, b, c, d = parts
    if any(x > 255 for x in parts):
        return False
    if a in (0, 10, 127) or a >= 224:
        return False
    if a == 172 and 16 <= b <= 31:
        return False
    if a == 192 and b == 168:
        return False
    if a == 169 and b == 254:
        return False
    if a == 100 and 64 <= b <= 127:
        return False
    if (a, b, c) in ((192, 0, 2), (198, 51, 100), (203, 0, 113), (192, 0, 0)):
        return False
    if a == 198 and b in (18, 19):
        return False
    return True


def scan(text):
    hits = []
    for k in ('email', 'github', 'slack', 'sk_key', 'jwt', 'ssn', 'phone'):
        for m in RX[k].finditer(text):
            hits.append((k, m.group(0)))
    for m in RX['aws_key_id'].finditer(text):
        if 'EXAMPLE' not in m.group(0):
            hits.append(('aws_key_id', m.group(0)))
    for m in RX['pem'].finditer(text):
        body = re.sub(r'\\n|\s', '', m.group(1))
        if re.search(r'[A-Za-z0-9+/]{40,}', body):
            hits.append(('pem', m.group(0)[:40]))
    for m in RX['ipv4'].finditer(text):
        if public_ip([int(x) for x in m.groups()]):
            hits.append(('public_ipv4', m.group(0)))
    for m in RX['iban'].finditer(text):
        if iban_valid(m.group(0)):
            hits.append(('iban', m.group(0)))
    for m in RX['digits'].finditer(text):
        groups = re.split(r'[ -]', m.group(0))
        for i in range(len(groups)):
            tot = ''
            for j in range(i, len(groups)):
                tot += groups[j]
                if len(tot) > 19:
                    break
                if len(tot) >= 13 and luhn_ok(tot):
                    hits.append(('luhn', tot))
    return hits


# ---------------------------------------------------------------- shared vocab
ESCOLAS = ['EE Jardim Aurora', 'EMEF Vila Nova', 'Colegio Bicentenario', 'Escuela Primaria Benito Juarez', 'Liceo Bicentenario Talca',
           'IE Tecnico Industrial', 'Escuela N.º 23 DE 4', 'EMEI Parque das Flores', 'CEU Butanta', 'Colegio Andino', 'Escola Estadual Centro',
           'Telesecundaria 114', 'Liceo A-45', 'Instituto Comercial', 'Escola Tecnica Estadual Zona Leste']
PAISES = ['BR', 'MX', 'AR', 'CL', 'CO']
TURMAS = ['6A', '6B', '7A', '8C', '9A', '1EM-A', '2EM-B', '3EM-C', '1°A', '2°B', '3°C', '5to B', '6to A', '10-1', '11-2']
DISC = ['MAT', 'LPO', 'CIE', 'HIS', 'GEO', 'ING', 'EFI', 'ART', 'FIS', 'QUI', 'BIO', 'ESP', 'FIL']
SVCS = ['sis-bridge', 'moodle-sync', 'canvas-lti', 'classroom-sync', 'boletos-worker', 'pix-webhook', 'inep-censo-export',
        'sep-siged-export', 'mineduc-sige-sync', 'simat-export', 'horarios-api', 'notas-ingest']


def lead(text, p_pre=0.13, p_post=0.06):
    if R.random() < p_pre:
        text = ch(['fyi ', 'ojo: ', 'obs: ', 'gente, ', 'pessoal, ', 'heads up: ', 'ver abajo:\n', 'só pra registrar:\n',
                   'para el ticket:\n', 'from the on-call channel:\n', 'dale, acá va:\n', 'segue:\n']) + text
    if R.random() < p_post:
        text += ch(['\n+1', '\nvaleu', '\ngracias!', '\n(resolved)', '\nlisto ✅', '\nqualquer coisa me chama', '\nlgtm'])
    return text


def code(lang, body):
    return f'```{lang}\n{body}\n```'


# ================================================================ negatives: data_uri_base64
def d_css():
    p = png(ri(2, 4), ri(2, 4))
    return code('scss', f'// theme_aulaponte/scss/post.scss\n.block_timetable .periodo-{ch(["manha", "tarde", "noite"])} {{\n'
                f'  background: url("{duri("image/png", p)}") no-repeat right {ri(4, 12)}px center;\n  padding-right: {ri(16, 32)}px;\n}}')


def d_moodle_svg():
    s = svg()
    return (f'o ícone do plugin local_{ch(["siscon", "boletim", "inepsync"])} ficou assim no `styles.css`:\n'
            + code('css', f'.icon-{ch(["nota", "frequencia", "horario"])}::before {{ content: url("data:image/svg+xml;base64,{b64(s.encode())}"); }}'))


def d_img():
    p = png(ri(3, 5), ri(3, 5))
    return code('html', f'<!-- templates/boletim/{ch(["cabecalho", "encabezado"])}.html -->\n<div class="brasao">\n'
                f'  <img alt="{ch(["brasão da rede", "escudo institucional"])}" width="{ri(40, 96)}" src="{duri("image/png", p)}">\n</div>')


def d_classroom():
    p = png(2, 2)
    return code('json', json.dumps({"addOnAttachment": {"title": ch(["Lista 3 - Frações", "Guía 2 - Ecosistemas", "Quiz Unit 4"]),
                                                       "iconUrl": duri('image/png', p), "maxPoints": ri(5, 100)}}, indent=2)
                ) + '\n' + ch(['Classroom rejeita iconUrl data:, precisa ser https', 'el add-on no acepta data URI en iconUrl', 'needs to be an https URL, not data:'])


def d_lti():
    s = svg()
    return code('json', json.dumps({"title": "Aulaponte Avaliações", "target_link_uri": "https://lti.aulaponte.example/launch",
                                    "extensions": [{"platform": "canvas.instructure.com", "settings": {
                                        "icon_url": 'data:image/svg+xml;base64,' + b64(s.encode()), "placements": [{"placement": "course_navigation"}]}}]}, indent=1))


def d_jsx():
    p = png(ri(4, 8), ri(3, 5))
    return code('tsx', f'<Image\n  src="/escolas/{inep()}/fachada.webp"\n  placeholder="blur"\n  blurDataURL="{duri("image/png", p)}"\n  alt=""\n/>')


def d_pdf_fixture():
    p = pdf()
    return code('python', f'# tests/fixtures/boletim.py\nBOLETIM_PDF_B64 = (\n' +
                '\n'.join(f'    "{b64(p)[i:i + 76]}"' for i in range(0, len(b64(p)), 76)) +
                f'\n)\nBOLETIM_DATA_URI = "data:application/pdf;base64," + BOLETIM_PDF_B64')


def d_csv_log():
    hdr = ch(['turma;disciplina;bimestre;nota;faltas\n', 'grupo,materia,periodo,calificacion,inasistencias\n', 'curso,asignatura,semestre,nota\n'])
    return f'{ts_iso()} INFO  {ch(SVCS)} export ready href=data:text/csv;charset=utf-8;base64,{b64(hdr.encode())} rows=0 (dry-run)'


def d_xlsx():
    x = xlsx()
    return (f'o botão "Baixar planilha" gera isso aqui (por isso o Chrome trava com turma grande):\n`data:application/vnd.openxmlformats-officedocument.spreadsheetml.sheet;base64,{trunc(b64(x), ri(90, 160))}`')


def d_wav():
    w = wav()
    return code('js', f'// horarios-web: sinal do intervalo\nconst SINAL = new Audio("{duri("audio/wav", w)}");\nSINAL.volume = 0.{ri(2, 8)};')


def d_ico():
    return code('html', f'<link rel="icon" type="image/x-icon" href="{duri("image/x-icon", ico())}">')


def d_font():
    return code('css', f'@font-face {{\n  font-family: "Aulaponte Sans";\n  src: url("data:font/woff2;base64,{trunc(b64(woff2()), ri(70, 110))}") format("woff2");\n  font-display: swap;\n}}')


def d_srcmap():
    return f'fim do `{ch(["boletim", "horario", "pix-checkout"])}.min.js` no build de homologação:\n`//# sourceMappingURL=data:application/json;charset=utf-8;base64,{b64(srcmap())}`'


def d_csp():
    p = png(2, 2)
    return (f'[Report Only] Refused to load the image \'{trunc(duri("image/png", p), ri(50, 80))}\' because it violates the following '
            f'Content Security Policy directive: "img-src \'self\' https://*.aulaponte.example".\n{ch(["vem do editor Atto do Moodle", "es el editor TinyMCE de Moodle 4.3", "mesmo erro no portal do responsável"])}')


def d_md():
    p = png(ri(2, 3), 2)
    return f'### Como fica o selo no boletim\n![selo]({duri("image/png", p)})\n{ch(["tamanho final ok", "falta centralizar", "queda bien en A4"])}'


def d_gif():
    return code('html', f'<!-- plantilla aviso_inscripcion.html -->\n<img src="{duri("image/gif", gif1())}" width="1" height="1" alt="" style="display:none">')


def d_shell():
    p = gif1() if R.random() < .5 else png(1, 1)
    kind = 'GIF image data, version 89a, 1 x 1' if p[:3] == b'GIF' else 'PNG image data, 1 x 1, 8-bit/color RGB, non-interlaced'
    return code('console', f"$ echo '{b64(p)}' | base64 -d | file -\n/dev/stdin: {kind}")


def d_go():
    p = png(2, 2)
    return code('go', f'// internal/pix/qrcode_test.go\nvar fakeQR = mustDecode("{b64(p)}")\n\nfunc TestQRCodeEndpoint(t *testing.T) {{\n\tif !bytes.HasPrefix(fakeQR, pngMagic) {{ t.Fatal("fixture") }}\n}}')


def d_jupyter():
    p = png(ri(3, 6), ri(3, 6))
    return code('json', json.dumps({"output_type": "display_data", "data": {"image/png": b64(p), "text/plain": ["<Figure size 640x480 with 1 Axes>"]},
                                    "metadata": {}}, indent=1)) + '\n' + ch(['histograma de notas ENEM por escola', 'distribución de calificaciones SIMCE', 'faltas por turma'])


def d_svg_utf8():
    s = svg().replace('"', "'")
    return code('css', f'.badge-aprovado {{ background-image: url("data:image/svg+xml;utf8,{s.replace("#", "%23").replace("<", "%3C").replace(">", "%3E")}"); }}')


def d_har():
    p = png(2, 2)
    return code('json', json.dumps({"request": {"method": "GET", "url": duri('image/png', p)}, "response": {"status": 200, "content": {
        "size": len(p), "mimeType": "image/png"}}, "time": round(R.random(), 3)}))


def d_sql():
    p = png(2, 2)
    return code('sql', f"SELECT id, shortname FROM mdl_course WHERE summary LIKE '%data:image/%';\n-- id {ri(100, 9999)}: turma_{ch(TURMAS)}\n"
                f"-- summary: <p><img src=\"{trunc(duri('image/png', p), 70)}\"></p>")


def d_cert():
    return code('html', f'<embed type="application/pdf" width="100%" height="600"\n  src="data:application/pdf;base64,{trunc(b64(pdf()), ri(80, 140))}">')


def d_appsscript():
    n = ri(48, 96)
    return code('js', f'// Apps Script: {ch(["capa das atividades do Classroom", "portada de la tarea", "coursework thumbnail"])}\nconst {ch(["CAPA", "PORTADA", "THUMB"])} = "data:image/png;base64," + Utilities.base64Encode(blob.getBytes());\n'
                f'Logger.log(x.slice(0, {n})); // {duri("image/png", png(ri(1, 3), ri(1, 3)))[:n]}')


def d_pixqr():
    p = png(ri(4, 6), ri(4, 6), [(0, 0, 0), (255, 255, 255)])
    return code('json', json.dumps({"txid": rs(ALNUM, 32), "status": "ATIVA", "valor": {"original": f"{ri(80, 900)}.{ri(0, 99):02d}"},
                                    "imagemQrcode": duri('image/png', p)}, indent=2)) + '\n' + ch(['resposta do PSP em homologação', 'sandbox do PSP, QR fake'])


def d_json_cfg():
    cfg = {"tool": ch(["aulaponte", "aulaponte-avaliacoes", "aulaponte-horarios"]), "deep_linking": R.random() < .5, "claims": R.sample(["sub", "iss", "name", "roles", "context", "lis"], ri(2, 5)), "ttl": ri(60, 3600)}
    return f'{ch(["config default do tool, vem embedado no bundle:", "el config por defecto va embebido:"])}\n`data:application/json;base64,{b64(json.dumps(cfg).encode())}`'


NEG_DATA = [d_css, d_moodle_svg, d_img, d_classroom, d_lti, d_jsx, d_pdf_fixture, d_csv_log, d_xlsx, d_wav, d_ico, d_font, d_srcmap,
            d_csp, d_md, d_gif, d_shell, d_go, d_jupyter, d_svg_utf8, d_har, d_sql, d_cert, d_appsscript, d_pixqr, d_json_cfg]


# ================================================================ negatives: placeholder_example
def p_env():
    return code('bash', f'# .env.example ({ch(SVCS)})\nMOODLE_URL=https://moodle.{ch(["escola", "colegio", "liceo"])}.example\n'
                f'MOODLE_WSTOKEN={ch(["your_moodle_token_here", "<token-do-webservice>", "", "CHANGEME"])}\n'
                f'SIGED_API_KEY={ch(["<tu-api-key>", "xxxxxxxx", "replace-me"])}\nPIX_CLIENT_SECRET=\nSLACK_BOT_TOKEN=xoxb-{ch(["your-bot-token", "seu-token-aqui", "xxxx"])}')


def p_wsurl():
    return (f'exemplo de chamada (trocar o token):\n`curl "https://moodle.{ch(["rede", "municipio", "sede"])}.example/webservice/rest/server.php?wstoken=${{MOODLE_TOKEN}}'
            f'&wsfunction={ch(["core_user_get_users_by_field", "core_enrol_get_enrolled_users", "gradereport_user_get_grade_items"])}&moodlewsrestformat=json"`')


def p_lti_pem():
    return code('json', '{\n  "issuer": "https://canvas.instructure.com",\n  "client_id": "' + ch(['<DEVELOPER_KEY_ID>', '10000000000' + str(ri(100, 999)), 'CLIENT_ID']) +
                '",\n  "private_key": "-----BEGIN PRIVATE KEY-----\\n' + ch(['...', 'MIIE...', '<cole aqui>', 'xxxx']) +
                '\\n-----END PRIVATE KEY-----\\n",\n  "kid": "' + ch(['<kid>', 'tool-key-1', 'TODO']) + '"\n}')


def p_compose():
    return code('yaml', f'# docker-compose.dev.yml (Moodle local)\nservices:\n  db:\n    image: postgres:{ri(13, 16)}\n    environment:\n'
                f'      POSTGRES_USER: moodle\n      POSTGRES_PASSWORD: {ch(["changeme", "moodle", "postgres", "password"])}\n  moodle:\n'
                f'    image: bitnami/moodle:{ch(["4.1", "4.3", "4.4"])}\n    environment:\n      MOODLE_USERNAME: admin\n      MOODLE_PASSWORD: {ch(["admin", "changeme", "Admin123"])}')


def p_helm():
    return code('yaml', f'env:\n  - name: CANVAS_CLIENT_SECRET\n    valueFrom:\n      secretKeyRef:\n        name: {ch(SVCS)}-secrets\n        key: canvas-client-secret\n'
                f'  - name: SIGE_API_KEY\n    value: "{{{{ .Values.sige.apiKey }}}}"')


def p_gha():
    return code('yaml', f'- name: Deploy {ch(SVCS)}\n  env:\n    GCP_SA_KEY: ${{{{ secrets.GCP_SA_KEY }}}}\n    SLACK_BOT_TOKEN: ${{{{ secrets.SLACK_BOT_TOKEN }}}}\n'
                f'    MOODLE_WSTOKEN: ${{{{ secrets.MOODLE_WSTOKEN_{ch(PAISES)} }}}}')


def p_readme_pt():
    return ch(['Substitua `xoxb-seu-token-aqui` pelo token do bot do workspace da secretaria.',
               'No README: `export OPENAI_API_KEY=sk-...` (a chave de verdade fica no Vault).',
               'Reemplazar `sk-ant-api03-...` con la clave del proyecto "tutor-ia" en 1Password.',
               'Use `ghp_xxxxxxxxxxxx…` só como exemplo no wiki, nunca um PAT real.',
               'Para o CI: `github_pat_...` com escopo só no repo sis-bridge.',
               'El token del bot tiene la forma `xoxb-…`, no lo peguen acá.']) + ch(['', ' 🙏', ' (ver runbook)'])


def p_mask_cpf():
    return (f'{ts_iso()} INFO lgpd.mask responsavel_cpf=***.{ri(100, 999)}.{ri(100, 999)}-** aluno_id={ri(100000, 999999)} '
            f'cartao=•••• {ri(1000, 9999)} telefone=(**) *****-{ri(1000, 9999)}')


def p_cpf_placeholder():
    return code('html', f'<input name="cpf" placeholder="{ch(["000.000.000-00", "XXX.XXX.XXX-XX", "___.___.___-__"])}" '
                f'pattern="\\d{{3}}\\.\\d{{3}}\\.\\d{{3}}-\\d{{2}}">\n<input name="telefone" placeholder="{ch(["(00) 00000-0000", "(XX) 9XXXX-XXXX"])}">')


def p_curp_placeholder():
    return code('python', f'# {ch(["forms/inscripcion.py", "sep/validadores.py", "tests/test_curp.py"])} l.{ri(10, 300)}\nCURP_EJEMPLO = "{ch(["XXXX000000XXXXXX00", "AAAA000000HDFXXX00"])}"  # sólo para el formulario\nRFC_GENERICO = "XAXX010101000"  # público en general (SAT)\n'
                f'TELEFONO_EJEMPLO = "+52 55 XXXX XXXX"')


def p_aws_doc():
    return code('python', f'# {ch(["exporta los CSV de matrícula al bucket", "sobe o zip do censo pro S3", "uploads timetable exports"])} (ejemplo de la doc de AWS)\ns3 = boto3.client(\n    "s3",\n'
                f'    aws_access_key_id="AKIAIOSFODNN7EXAMPLE",\n    aws_secret_access_key="wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",\n    region_name="{ch(["sa-east-1", "us-east-1"])}",\n)')


def p_openai():
    return code('yaml', f'tutor_ia:\n  provider: {ch(["openai", "anthropic"])}\n  api_key: {ch(["sk-...", "sk-proj-XXXXXXXX", "sk-ant-api03-xxxx...", "${TUTOR_IA_KEY}", "<API_KEY>"])}\n  model: {ch(["gpt-4o-mini", "claude-3-5-haiku"])}\n  max_tokens: {ri(256, 2048)}')


def p_jdbc():
    return code('properties', f'# {ch(SVCS)} application-local.properties\nserver.port={ri(8000, 8099)}\nspring.datasource.url=jdbc:postgresql://localhost:5432/{ch(["sis", "matriculas", "notas"])}?user=<usuario>&password=<senha>\n'
                f'spring.datasource.password=${{SIS_DB_PASSWORD:}}\nspring.mail.password=')


def p_vault():
    return (f'as chaves ficam assim no manifest:\n`apiKey: vault:secret/data/{ch(["ministerio-mx", "sed-sp", "mineduc-cl", "men-co"])}#api_key`\n'
            f'`pixCert: op://Integraciones/PIX-{ch(["homolog", "prod"])}/certificado.p12`\n`siged: {{{{resolve:secretsmanager:sis/siged:SecretString:token}}}}`')


def p_k8s():
    return code('console', f'$ kubectl describe secret {ch(SVCS)}-env -n {ch(["integracoes", "integraciones"])}\nType:  Opaque\n\nData\n====\n'
                f'CANVAS_CLIENT_SECRET:  {ri(20, 64)} bytes\nMOODLE_WSTOKEN:        32 bytes\nPIX_CERT_PASSPHRASE:   [REDACTED]')


def p_tf():
    return code('hcl', f'# envs/{ch(["hml", "prod", "dev"])}/{ch(PAISES).lower()}/variables.tf\nvariable "pix_client_secret" {{\n  type      = string\n  sensitive = true\n}}\n\n# terraform.tfvars.example\npix_client_secret = "{ch(["REPLACE_ME", "<secret>", "changeme"])}"\n'
                f'pix_cert_password = ""')


def p_bearer():
    return (f'pra testar o endpoint de notas do Canvas:\n`curl -H "Authorization: Bearer <token>" https://canvas.{ch(["escola", "uni"])}.example/api/v1/courses/{ri(100, 9999)}/students/submissions`\n'
            f'(o token é gerado em Conta > Configurações, não colar aqui)')


def p_pixenv():
    return code('ini', f'[pix.{ch(["homologacao", "sandbox", "dev"])}]\n; escola {inep()}\nclient_id = seu-client-id\nclient_secret = seu-client-secret\ncert_path = ./certs/homologacao.p12\ncert_passphrase =\n'
                f'chave_pix = <chave-aleatoria-da-escola>')


def p_gsa():
    return code('json', '{\n  "type": "service_account",\n  "project_id": "classroom-sync-' + ch(['dev', 'hml', 'sandbox']) + '-' + str(ri(100, 999)) +
                '",\n  "private_key_id": "<KEY_ID>",\n  "private_key": "-----BEGIN PRIVATE KEY-----\\nMIIE...\\n-----END PRIVATE KEY-----\\n",\n'
                '  "client_email": "<sa-name>@<project>.iam.gserviceaccount"\n}')


def p_filtered():
    return (f'{ts_iso()} POST /api/v1/{ch(["responsaveis", "acudientes", "apoderados"])} params={{"nome"=>"[FILTERED]", "cpf"=>"[FILTERED]", '
            f'"senha"=>"[FILTERED]", "token"=>"***"}} status={ch(["201", "422"])}')


def p_webhook():
    return (ch(['o webhook de exemplo da doc do Slack é', 'el webhook de ejemplo de la doc es', 'Slack docs example webhook:']) + ' `https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX` — '
            + f'canal #{ch(["alertas-pix", "integraciones-mx", "censo-inep", "lti-errors"])}, ' + ch(['o nosso está no Vault', 'el real está en el secret del chart', 'real one lives in SSM']))


def p_mongo():
    return f'{ch(["string de conexão no formato", "formato de la cadena", "connection string format"])}: `mongodb+srv://<username>:<password>@<cluster>.mongodb.net/{ch(["boletins", "asistencia", "logs"])}?retryWrites=true`'


def p_bat():
    return code('bat', f'REM servidor legado da secretaria ({ch(["rodar às", "agendado"])} {hhmm()})\nset SIGED_USER=%SIGED_USER%\nset SIGED_PASS=%DB_PASSWORD%\nsqlcmd -S localhost -U %SIGED_USER% -P %SIGED_PASS% -i export_{ch(["matriculas", "notas"])}.sql')


def p_phone_mask():
    return (f'{ch(["formato esperado", "formato esperado del campo", "expected format"])}: '
            f'{ch(["BR (XX) 9XXXX-XXXX", "MX +52 XX XXXX XXXX", "AR +54 9 XX XXXX-XXXX", "CL +56 9 XXXX XXXX", "CO +57 3XX XXX XXXX"])}; '
            f'CPF mascarado ***.***.***-{ri(10, 99)}; cartão **** **** **** {ri(1000, 9999)}; IBAN ES00 XXXX XXXX XXXX XXXX XXXX')


NEG_PLACE = [p_env, p_wsurl, p_lti_pem, p_compose, p_helm, p_gha, p_readme_pt, p_mask_cpf, p_cpf_placeholder, p_curp_placeholder,
             p_aws_doc, p_openai, p_jdbc, p_vault, p_k8s, p_tf, p_bearer, p_pixenv, p_gsa, p_filtered, p_webhook, p_mongo, p_bat, p_phone_mask]


# ================================================================ negatives: code_identifier
W1 = ['Cpf', 'Cnpj', 'Curp', 'Rfc', 'Rut', 'Dni', 'Nit', 'Cuil', 'Pix', 'Boleto', 'Token', 'Secret', 'Senha', 'Clave', 'Password', 'Lti', 'Jwt',
      'Email', 'Telefone', 'Responsavel', 'Apoderado', 'Acudiente', 'Matricula', 'Inep', 'Cct', 'Nota', 'Iban', 'Cartao', 'Webhook']
W2 = ['Validator', 'Service', 'Resolver', 'Mapper', 'Repository', 'Handler', 'Rotator', 'Masker', 'Exporter', 'Importer', 'Client', 'Factory', 'Provider', 'Cache']
VERBS = ['validar', 'mascarar', 'exportar', 'sincronizar', 'rotacionar', 'resolver', 'normalizar', 'calcular', 'enmascarar', 'obtener', 'buscar']


def cls():
    return ch(W1) + ch(W1) + ch(W2)


def meth():
    return ch(VERBS) + ch(W1) + ch(W1)


def snake():
    return '_'.join(ch(W1).lower() for _ in range(ri(2, 3))) + '_' + ch(['hash', 'mask', 'last4', 'enc', 'token', 'secret_ref', 'valid', 'id'])


def c_java():
    pk = ch(['sis', 'integracao', 'pix', 'boleto', 'lti'])
    lines = [f'{ts_iso()} ERROR [http-nio-8080-exec-{ri(1, 20)}] br.com.aulaponte.{pk}.{cls()} - falha ao {ch(VERBS)} {ch(["CPF do responsável", "token LTI", "chave PIX"])}',
             f'br.com.aulaponte.{pk}.exception.{ch(W1)}{ch(W1)}InvalidoException: {ch(["dígito verificador", "claim ausente", "assinatura"])}']
    for _ in range(ri(5, 18)):
        c = cls()
        lines.append(f'\tat br.com.aulaponte.{pk}.{ch(["service", "web", "config", "crypto", "domain"])}.{c}.{meth()}({c}.java:{ri(20, 900)})')
    lines.append('\tat java.base/java.lang.Thread.run(Thread.java:1583)')
    return code('', '\n'.join(lines))


def c_pytb():
    f = ch(['curp_rfc', 'cpf', 'rut', 'nit', 'dni_cuil'])
    fns = [ch(['validate_', 'mask_', 'normalize_', 'hash_']) + snake() for _ in range(ri(2, 5))]
    out = ['Traceback (most recent call last):']
    for fn in fns:
        out.append(f'  File "/app/sis_sync/validators/{f}.py", line {ri(10, 400)}, in {fn}')
        out.append(f'    return {ch(["_digito_verificador", "_strip_mask", "_checksum_mod11"])}({ch(["valor", "raw", "doc"])})')
    out.append(f'{ch(["ValueError", "KeyError", "sis_sync.errors.DocumentoInvalido"])}: {ch(["formato inesperado", "campo vazio", "longitud inválida"])}')
    return code('', '\n'.join(out))


def c_moodle():
    fs = ['local_siscon_external::get_user_by_cpf', 'core_user_get_users_by_field', 'mod_assign_save_grade', 'gradereport_user_get_grade_items',
          'enrol_manual_enrol_users', 'local_inepsync\\task\\export_censo_task', 'auth_oidc\\jwt::decode', 'tool_lti_sync\\token_manager::rotate_secret',
          'local_boletim_external::gerar_segunda_via', 'core_external\\external_api::validate_context']
    picks = R.sample(fs, ri(3, 6))
    return 'funções habilitadas no serviço externo "sis_bridge":\n' + '\n'.join(f'- `{x}`' for x in picks)


def c_lti():
    cl = ['https://purl.imsglobal.org/spec/lti/claim/deployment_id', 'https://purl.imsglobal.org/spec/lti/claim/message_type',
          'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint', 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice',
          'https://purl.imsglobal.org/spec/lti/claim/roles', 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings']
    return (f'`{ch(["LtiJwtKeySetResolver", "LtiIdTokenClaimValidator", "LtiAdvantageAgsLineItemTokenEndpoint", "DeepLinkingResponseJwtSigner"])}` '
            f'{ch(["reclama que falta", "falha quando não vem", "throws when missing"])} `{ch(cl)}` {ch(["no launch do Canvas", "en el launch de Moodle", "on Schoology"])}')


def c_django():
    return code('python', f'class {ch(["Responsavel", "Apoderado", "Acudiente", "Aluno"])}(models.Model):\n    cpf_responsavel_hash = models.CharField(max_length=64)\n'
                f'    {snake()} = models.CharField(max_length={ri(4, 64)}, blank=True)\n    pix_chave_tipo = models.CharField(choices=PixChaveTipo.choices)\n'
                f'    token_lti_expires_at = models.DateTimeField(null=True)\n\n# migrations/00{ri(10, 99)}_alter_{snake()}.py')


def c_sql():
    return code('sql', f'CREATE TABLE {ch(["matricula", "inscripcion", "responsavel_financeiro"])} (\n  id bigserial PRIMARY KEY,\n  aluno_id bigint NOT NULL,\n'
                f'  cpf_hash char(64),\n  curp_last4 char(4),\n  {snake()} text,\n  senha_bcrypt text,\n  api_key_prefix varchar(8),\n  created_at timestamptz DEFAULT now()\n);')


def c_ts():
    return code('ts', f'export interface {ch(["GoogleClassroomOAuthTokenRefresher", "CanvasDeveloperKeySecretRotator", "PixCobrancaWebhookSecretProvider", "BoletoRegistroTokenCache"])} {{\n'
                f'  {meth()}(cursoId: string): Promise<void>;\n  {meth()}(): {cls()};\n  readonly {ch(["refreshTokenTtlMs", "secretRotationCron", "tokenCacheKeyPrefix"])}: {ch(["number", "string"])};\n}}')


def c_go():
    return code('', f'panic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x{hx(2)} pc=0x{hx(6)}]\n\n'
                f'goroutine {ri(1, 900)} [running]:\ngithub.com/aulaponte/sis-bridge/internal/pix/webhook.(*{ch(["SignatureVerifier", "SecretRotator", "TokenCache"])}).{ch(["VerifyHMAC", "Rotate", "Lookup"])}(0xc000{hx(6)}, {{0xc000{hx(6)}, 0x{hx(2)}}})\n'
                f'\t/src/internal/pix/webhook/{ch(["verify", "rotate", "cache"])}.go:{ri(20, 300)} +0x{hx(3)}\n'
                f'github.com/aulaponte/sis-bridge/internal/boleto.(*{cls()}).{ch(["Registrar", "SegundaVia", "Baixar"])}(...)\n\t/src/internal/boleto/{ch(["registro", "cnab240"])}.go:{ri(20, 300)}')


def c_pods():
    rows = ['NAME                                  READY   STATUS    RESTARTS   AGE']
    for _ in range(ri(4, 9)):
        rows.append(f'{ch(SVCS)}-{rs(LOW[:10] + DIG, ri(9, 10))}-{rs("bcdfghjklmnpqrstvwxz2456789", 5):<12} 1/1     {ch(["Running", "Running", "CrashLoopBackOff"])}   {ri(0, 9)}          {ri(1, 40)}d')
    return code('console', '$ kubectl get pods -n integracoes\n' + '\n'.join(rows))


def c_chunks():
    return code('', '\n'.join(f'static/chunks/pages/{ch(["boletim/[alunoId]", "horario/[turma]", "pix/checkout", "responsavel/cpf"])}-{hx(16)}.js   {ri(2, 90)}.{ri(0, 9)} kB'
                               for _ in range(ri(3, 7))))


def c_css():
    return f'o estilo quebrado é `{ch(["BoletimTable", "HorarioGrid", "PixCheckout", "CpfInput"])}_{ch(["row", "cell", "mask", "error"])}__{rs(ALNUM, 5)}` e no Vue `data-v-{hx(8)}`; no Angular aparece `_ngcontent-ng-c{ri(10 ** 9, 4 * 10 ** 9)}`'


def c_flags():
    fl = ['ff.pix.qrcode_dinamico.enabled', 'ff.mx.sep.curp_renapo_lookup', 'ff.cl.mineduc.rut_validation_strict', 'ff.co.simat.nit_dv_check',
          'ff.ar.cuil_from_dni_fallback', 'ff.lti13.jwks_cache_ttl_override', 'ff.boleto.registro_online', 'ff.classroom.token_refresh_v2']
    return '\n'.join(f'{x}: {ch(["true", "false", "10%", "on (BR only)"])}' for x in R.sample(fl, ri(3, 6)))


def c_tf():
    res = ['aws_secretsmanager_secret.moodle_ws_token', 'aws_secretsmanager_secret_version.pix_client_secret', 'google_secret_manager_secret.classroom_oauth_client',
           'aws_kms_key.cpf_hash_pepper', 'aws_iam_access_key.sis_export_ci', 'random_password.siged_db']
    return code('console', '\n'.join(f'  # module.{ch(["sis_export", "pix", "lti", "classroom"])}.{x} will be {ch(["created", "updated in-place", "destroyed"])}' for x in R.sample(res, ri(2, 5))))


def c_gql():
    return code('graphql', f'type {ch(["Responsavel", "Apoderado", "Acudiente"])} {{\n  id: ID!\n  cpfMascarado: String\n  telefoneHash: String\n  {ch(VERBS)}{ch(W1)}Token: String @deprecated\n'
                f'  emailVerificado: Boolean!\n}}\n\ntype Mutation {{ {meth()}(input: {cls()}Input!): {cls()}Payload }}')


def c_proto():
    return code('proto', f'service {ch(["Documentos", "Credenciais", "Pagamentos"])}Service {{\n  rpc ValidarCpf(ValidarCpfRequest) returns (ValidarCpfResponse);\n'
                f'  rpc {ch(["RotateApiKey", "IssueLtiToken", "RevokePixWebhookSecret"])}({cls()}Request) returns ({cls()}Response);\n}}\n// full name: sis.v{ri(1, 3)}.{ch(W1)}Service/{meth()}')


def c_rust():
    return code('', f'   {ri(0, 12)}: rut_validator::digito_verificador::{ch(["calcular", "validar"])}::h{hx(16)}\n   {ri(13, 20)}: <sis_bridge::cl::{ch(["RutParser", "ApoderadoMapper"])} as core::str::FromStr>::from_str::h{hx(16)}\n'
                f'   {ri(21, 30)}: _ZN{ri(8, 12)}sis_bridge{ri(4, 9)}{ch(["secret", "tokens", "claves"])}{ri(10, 20)}{ch(["rotate_all", "load_from_env"])}17h{hx(16)}E')


def c_dotnet():
    lines = [f'System.FormatException: {ch(["CURP inválida", "RFC con homoclave inválida", "NIT sin dígito de verificación"])}']
    for _ in range(ri(4, 10)):
        lines.append(f'   at Aulaponte.Integracion.{ch(["Sep", "Sat", "Dian", "Siged"])}.{cls()}.{meth().capitalize()}(String valor) in /src/{ch(W1)}/{cls()}.cs:line {ri(10, 500)}')
    return code('', '\n'.join(lines))


def c_kotlin():
    return f'o crash do app do responsável vem de `br.com.aulaponte.app.net.{ch(["AppResponsavelSessionTokenInterceptor", "RefreshTokenAuthenticator", "PixCopiaEColaParser"])}.intercept$lambda${ri(0, 9)}` (R8 mapeou pra `a.b.{rs(LOW, 1)}.{rs(LOW, 2)}`)'


def c_airflow():
    dags = ['inep_censo_escolar_export', 'sep_siged_matriculas', 'mineduc_sige_asistencia', 'simat_anexo6a', 'boletos_conciliacao_pix', 'classroom_grades_pull']
    d = ch(dags)
    return code('', '\n'.join(f'[{ts_iso()}] {{taskinstance.py:{ri(1000, 3000)}}} INFO - Marking task as {ch(["SUCCESS", "UP_FOR_RETRY"])}. dag_id={d}, task_id={ch(["extract", "mask", "transform", "load"])}_{snake()}, run_id=scheduled__{date()}T03:00:00+00:00'
                               for _ in range(ri(2, 5))))


def c_dbt():
    ms = ['stg_sis__alunos_cpf_hashed', 'stg_sep__curp_validas', 'fct_boletos_pix_conciliados', 'dim_escolas_inep', 'int_notas_bimestre_pivot',
          'stg_mineduc__rut_apoderados_masked', 'fct_asistencia_simat', 'dim_tokens_lti_expirados']
    return code('console', '\n'.join(f'{ri(1, 40):>2} of 40 OK created sql {ch(["view", "table", "incremental"])} model analytics.{m} ... [{ch(["SELECT", "INSERT"])} {ri(100, 99999)} in {ri(1, 90)}.{ri(0, 99)}s]'
                                      for m in R.sample(ms, ri(3, 6))))


def c_elixir():
    return f'** (FunctionClauseError) no function clause matching in Escolar.{ch(["Pix", "Boleto", "Lti"])}.{ch(["WebhookSecretRotation", "TokenStore", "ChaveCache"])}.{ch(["rotate", "fetch", "put"])}/{ri(1, 3)}'


def c_envnames():
    ns = ['MOODLE_WS_TOKEN_SECRET_ARN', 'CANVAS_LTI_PRIVATE_KEY_PATH', 'CLASSROOM_OAUTH_CLIENT_SECRET_NAME', 'PIX_CERT_P12_SECRET_ID', 'SIGED_API_KEY_PARAM',
          'CPF_HASH_PEPPER_KMS_KEY_ID', 'BOLETO_REGISTRO_TOKEN_TTL', 'SLACK_BOT_TOKEN_SSM_PATH', 'JWKS_ROTATION_DAYS']
    return 'variáveis que o chart novo espera (só os nomes, valores vêm do ESO):\n' + '\n'.join(f'- `{x}`' for x in R.sample(ns, ri(3, 6)))


def c_ruby():
    return f'NoMethodError: undefined method `digito_verificador_valido?\' for nil:NilClass\n  app/services/siga/exporters/{ch(["argentina/cuil_checker", "chile/rut_checker", "colombia/nit_checker"])}.rb:{ri(10, 200)}:in `{ch(["call", "validar!", "enmascarar_documento"])}\''


def c_spring():
    return f'Parameter 0 of constructor in br.com.aulaponte.pix.{cls()} required a bean named \'{ch(["pixWebhookSignatureValidatorBean", "boletoRegistroTokenProvider", "cpfHashPepperSupplier"])}\' that could not be found.'


def c_laravel():
    rs_ = ['responsavel.cpf.validar', 'api.v2.boletos.segunda-via', 'pix.cobranca.webhook', 'lti.jwks', 'lti.launch', 'apoderado.rut.verificar']
    return code('console', '$ php artisan route:list --name=' + ch(['pix', 'lti', 'responsavel']) + '\n' + '\n'.join(
        f'  {ch(["GET|HEAD", "POST"]):<9} {x.replace(".", "/")} ....... {x} › {cls()}Controller@{meth()}' for x in R.sample(rs_, ri(2, 4))))


def c_apps():
    return code('js', f'function syncClassroomCourseWorkGradesToSis_(courseId) {{\n  const token = ScriptApp.getOAuthToken();\n  const {ch(["sisTokenCacheKey", "chaveCacheToken"])} = "sis:token:" + courseId;\n'
                f'  return {meth()}_(courseId, token);\n}}')


NEG_CODE = [c_java, c_pytb, c_moodle, c_lti, c_django, c_sql, c_ts, c_go, c_pods, c_chunks, c_css, c_flags, c_tf, c_gql, c_proto, c_rust,
            c_dotnet, c_kotlin, c_airflow, c_dbt, c_elixir, c_envnames, c_ruby, c_spring, c_laravel, c_apps]


# ================================================================ negatives: non_credential_blob
def b_gitlog():
    msgs = ['fix: validação do DV do CPF com zeros à esquerda', 'feat(lti): suporte a deep linking 2.0', 'chore: bump moodle-sdk', 'fix(pix): txid com 35 chars',
            'feat(mx): exportación SIGED ciclo 2025-2026', 'fix(cl): RUT con K minúscula', 'refactor: boletos cnab240', 'docs: runbook rotação de tokens']
    return code('console', '$ git log --oneline -n 6\n' + '\n'.join(f'{hx(ch([7, 8, 10]))} {ch(msgs)}' for _ in range(ri(3, 6))) +
                f'\n$ git rev-parse HEAD\n{hx(40)}')


def b_digest():
    return code('console', '\n'.join(f'ghcr.io/aulaponte/{s}@sha256:{hx(64)}' for s in R.sample(SVCS, ri(2, 4))))


def b_deploy_id():
    return code('json', json.dumps({"https://purl.imsglobal.org/spec/lti/claim/deployment_id": f"{ri(1, 400)}:{hx(40)}",
                                    "https://purl.imsglobal.org/spec/lti/claim/resource_link": {"id": uuid4()}, "nonce": uuid4()}, indent=1)) + '\n' + \
        ch(['deployment_id do Canvas é id:sha1 do contexto, não é segredo', 'el deployment_id cambia por subcuenta'])


def b_npm():
    return code('json', f'"node_modules/{ch(["ltijs", "googleapis", "papaparse", "jose", "date-fns"])}": {{\n  "version": "{ri(1, 9)}.{ri(0, 30)}.{ri(0, 20)}",\n'
                f'  "resolved": "https://registry.npmjs.org/...tgz",\n  "integrity": "sha512-{b64(rbytes(64))}"\n}}')


def b_pip():
    return code('', f'{ch(["lxml", "pyjwt", "openpyxl", "pandas", "zeep"])}=={ri(1, 5)}.{ri(0, 20)}.{ri(0, 9)} \\\n    --hash=sha256:{hx(64)} \\\n    --hash=sha256:{hx(64)}')


def b_gosum():
    return code('', '\n'.join(f'github.com/{ch(["golang-jwt/jwt/v5", "lestrrat-go/jwx/v2", "xuri/excelize/v2", "jackc/pgx/v5"])} v{ri(1, 5)}.{ri(0, 20)}.{ri(0, 9)} h1:{b64(rbytes(32))}'
                               for _ in range(ri(2, 4))))


def b_trace():
    return code('', '\n'.join(json.dumps({"ts": ts_iso(), "svc": ch(SVCS), "trace_id": hx(32), "span_id": hx(16), "msg": ch(["launch ok", "grade passback 200", "lote enviado", "export listo"])})
                               for _ in range(ri(2, 5))))


def b_s3ls():
    rows = [f'{date()} {hhmm()}:{ri(0, 59):02d} {ri(1000, 99999999):>10} exports/{ch(["inep/censo", "sep/siged", "mineduc/sige", "men/simat"])}/{ri(2024, 2026)}/{ch(["matriculas", "docentes", "turmas"])}_{hx(12)}.csv.gz'
            for _ in range(ri(3, 7))]
    return code('console', '$ aws s3 ls s3://aulaponte-exports/ --recursive | tail\n' + '\n'.join(rows))


def b_sops():
    return code('yaml', f'moodle:\n  wstoken: ENC[AES256_GCM,data:{b64(rbytes(24))},iv:{b64(rbytes(32))},tag:{b64(rbytes(16))},type:str]\nsops:\n  lastmodified: "{ts_iso()}"\n  mac: ENC[AES256_GCM,data:{b64(rbytes(32))},iv:{b64(rbytes(32))},tag:{b64(rbytes(16))},type:str]')


def b_contenthash():
    rows = [f'| {ri(1000, 99999)} | {hx(40)} | {ch(["boletim", "plano_aula", "lista", "guia"])}_{ri(1, 40)}.pdf | {ri(1000, 900000)} |' for _ in range(ri(3, 6))]
    return 'SELECT id, contenthash, filename, filesize FROM mdl_files WHERE ...\n' + code('', '\n'.join(rows))


def b_sha256sum():
    return code('', '\n'.join(f'{hx(64)}  sis-bridge_{ri(1, 3)}.{ri(0, 20)}.{ri(0, 9)}_{ch(["linux_amd64", "linux_arm64", "windows_amd64"])}.tar.gz' for _ in range(ri(2, 4))))


def b_sshfp():
    return f'host key do servidor SFTP da secretaria mudou, confere antes de aceitar:\n`ED25519 key fingerprint is SHA256:{b64(rbytes(32)).rstrip("=")}.`'


def b_canvas_link():
    return (f'Link: <https://canvas.escola.example/api/v1/courses/{ri(100, 9999)}/enrollments?page=bookmark:{b64u(json.dumps([ri(1000, 99999)]).encode())}&per_page=100>; rel="next"')


def b_nextpage():
    return code('json', json.dumps({"courses": [{"id": str(ri(10 ** 11, 9 * 10 ** 11)), "section": ch(TURMAS)}], "nextPageToken": rs(ALNUM + '-_', ri(40, 80))}, indent=1))


def b_ulid():
    return code('csv', 'exam_id,disciplina,turma,aplicada_em\n' + '\n'.join(f'{ulid()},{ch(DISC)},{ch(TURMAS)},{date()}' for _ in range(ri(3, 8))))


def b_mongo():
    return code('js', f'db.frequencia.find({{ _id: ObjectId("{hx(24)}") }})\n// {{ "_id": ObjectId("{hx(24)}"), "turma": "{ch(TURMAS)}", "aula": {ri(1, 200)} }}')


def b_sentry():
    return f'Sentry {ch(["SIS-BRIDGE", "PIX-WEBHOOK", "LTI"])}-{rs(B32[:26], 2)}{ri(1, 99)}: event `{hx(32)}` — {ch(["KeyError: codigo_inep", "TimeoutError PSP", "claim nonce reused"])}'


def b_vault():
    return f'`vault write transit/encrypt/cpf-pepper` devolveu `vault:v1:{b64(rbytes(ri(40, 64)))}` — é ciphertext, pode ir no log'


def b_pixids():
    return code('json', json.dumps({"endToEndId": f"E{ri(10 ** 7, 9 * 10 ** 7)}{date().replace('-', '')}{ri(1000, 2359)}{rs(ALNUM, 11)}",
                                    "txid": rs(ALNUM, ri(26, 35)), "valor": f"{ri(50, 900)}.{ri(0, 99):02d}", "horario": ts_iso()}, indent=2))


def b_hmac():
    return code('http', f'POST /webhooks/{ch(["pix", "boleto", "classroom"])} HTTP/1.1\nContent-Type: application/json\nX-Signature-256: sha256={hx(64)}\nX-Request-Id: {uuid4()}\nX-Delivery: {uuid4()}')


def b_helm():
    return code('yaml', f'spec:\n  template:\n    metadata:\n      annotations:\n        checksum/config: {hx(64)}\n        checksum/secret: {hx(64)}')


def b_gcs():
    return code('http', f'HTTP/2 200\nx-goog-hash: crc32c={b64(rbytes(4))}\nx-goog-hash: md5={b64(rbytes(16))}\netag: "{hx(32)}"\nx-goog-generation: {ri(10 ** 15, 9 * 10 ** 15)}')


def b_tfstate():
    return code('json', json.dumps({"version": 4, "terraform_version": f"1.{ri(5, 9)}.{ri(0, 5)}", "serial": ri(1, 900), "lineage": uuid4()}, indent=1))


def b_jwks():
    return code('json', json.dumps({"keys": [{"kty": "RSA", "alg": "RS256", "use": "sig", "kid": hx(16), "e": "AQAB", "n": b64u(rbytes(256))}]}, indent=1)) + \
        '\n' + ch(['JWKS público do tool (pode compartilhar com o Canvas)', 'es la clave pública, va en el registro del tool'])


def b_cfdi():
    return f'CFDI timbrado, UUID (folio fiscal) {uuid4().upper()}, sello SAT: {b64(rbytes(ri(48, 96)))[:ri(60, 90)]}…'


def b_minjs():
    vs = ''.join(ch('abcdefghijklmnop') for _ in range(8))
    return code('js', f'!function(e,t){{"use strict";var {vs[0]}="{hx(20)}",{vs[1]}=[{",".join(str(ri(0, 255)) for _ in range(ri(8, 14)))}];e.__hor={{k:{vs[0]},v:{vs[1]},c:"#{hx(6)}"}}}}(window,document);')


NEG_BLOB = [b_gitlog, b_digest, b_deploy_id, b_npm, b_pip, b_gosum, b_trace, b_s3ls, b_sops, b_contenthash, b_sha256sum, b_sshfp, b_canvas_link,
            b_nextpage, b_ulid, b_mongo, b_sentry, b_vault, b_pixids, b_hmac, b_helm, b_gcs, b_tfstate, b_jwks, b_cfdi, b_minjs]


# ================================================================ negatives: pii_lookalike_number
def n_inep():
    rows = ['| código INEP | escola | matrículas |', '|---|---|---:|']
    for _ in range(ri(3, 8)):
        rows.append(f'| {inep()} | {ch(ESCOLAS)} | {ri(80, 2400)} |')
    return '\n'.join(rows)


def n_cct():
    return code('csv', 'cct,turno,nivel,alumnos\n' + '\n'.join(f'{cct()},{ch(["MATUTINO", "VESPERTINO", "NOCTURNO"])},{ch(["PRIMARIA", "SECUNDARIA", "PREESCOLAR"])},{ri(40, 900)}' for _ in range(ri(3, 8))))


def n_cnpj():
    return (f'o CNPJ da mantenedora no boleto é {cnpj()} e o da {ch(["APM", "Caixa Escolar", "Secretaria Municipal"])} é {cnpj()}; '
            f'{ch(["os dois validam no DV", "ambos batem com o cadastro", "nota fiscal sai no CNPJ da mantenedora"])}')


def n_boleto():
    return (f'{ch(["linha digitável da mensalidade de", "2ª via de"])} {ch(["março", "abril", "agosto"])}: `{boleto_linha()}`\n'
            f'{ch(["vencimento", "venc."])} {ri(1, 28):02d}/{ri(1, 12):02d}/{ri(2025, 2026)}, nosso número {ri(10 ** 10, 9 * 10 ** 10)}')


def n_rut():
    return f'facturamos al {ch(["sostenedor", "colegio"])} RUT {rut_empresa()}; las boletas sin receptor van al RUT genérico 66.666.666-6 (SII). RBD del liceo: {ri(1000, 25000)}-{ri(0, 9)}'


def n_nit():
    n = nit_empresa()
    return f'NIT de la secretaría de educación: {n}. Para consumidor final la DIAN usa 222222222222. Código DANE sede: {ri(1, 9)}{rs(DIG, 11)}'


def n_rfc():
    return code('xml', f'<cfdi:Emisor Rfc="{rfc_moral()}" Nombre="COLEGIO {ch(["ANDINO", "DEL VALLE", "BICENTENARIO"])} AC" RegimenFiscal="603"/>\n<cfdi:Receptor Rfc="XAXX010101000" Nombre="PUBLICO EN GENERAL" UsoCFDI="S01"/>')


def n_cuit():
    return f'CUIT del ministerio provincial {cuit_empresa()}; CUE de la escuela {ri(2, 94):02d}{rs(DIG, 5)}00, anexo {ri(0, 9):02d}'


def n_cpf_invalid():
    bad = [f'{d}{d}{d}.{d}{d}{d}.{d}{d}{d}-{d}{d}' for d in '0123456789']
    rows = [f'| `{ch(bad)}` | inválido (dígitos repetidos) |']
    for _ in range(ri(2, 4)):
        b9 = rs(DIG, 9)
        good = cpf_dv(b9)
        wrong = f'{(int(good) + ri(1, 98)) % 100:02d}'
        rows.append(f'| `{b9[:3]}.{b9[3:6]}.{b9[6:]}-{wrong}` | inválido (DV) |')
    return 'casos do teste `test_validar_cpf` (todos devem ser rejeitados):\n| entrada | esperado |\n|---|---|\n' + '\n'.join(rows)


def n_exam():
    return code('csv', 'exam_id,disciplina,turma,data,sala,duracao_min\n' + '\n'.join(
        f'EXM-{ri(2024, 2026)}-{ch(DISC)}-{ri(1, 4):02d}-{ri(1, 9999):04d},{ch(DISC)},{ch(TURMAS)},{date()},{ch(["A", "B", "C"])}{ri(100, 330)},{ch([50, 90, 100, 120])}' for _ in range(ri(4, 12))))


def n_horario():
    dias = ['SEG', 'TER', 'QUA', 'QUI', 'SEX']
    rows = [f'| {ch(["07:00", "07:50", "08:40", "09:50", "10:40", "13:00", "13:50"])} | ' + ' | '.join(ch(DISC) for _ in dias) + ' |' for _ in range(ri(3, 7))]
    return f'horário {ch(TURMAS)} (sala {ri(1, 40)})\n| hora | ' + ' | '.join(dias) + ' |\n|---' * 6 + '|\n' + '\n'.join(rows)


def n_matricula_csv():
    rows = ['matricula,turma,ano_letivo,situacao,nota_final,faltas']
    for _ in range(ri(8, 25)):
        rows.append(f'{ri(2024, 2026)}{ri(100000, 999999)},{ch(TURMAS)},{ri(2024, 2026)},{ch(["CURSANDO", "APROVADO", "TRANSFERIDO", "RETIDO"])},{ri(0, 10)}.{ri(0, 9)},{ri(0, 40)}')
    return code('csv', '\n'.join(rows))


def n_notas_dist():
    return code('', '\n'.join(f'{ch(DISC)}  média {ri(4, 9)},{ri(0, 9)}  desvio {ri(0, 2)},{ri(0, 9)}  n={ri(20, 4000):,}'.replace(',', '.') for _ in range(ri(3, 7))))


def n_epoch():
    t = ri(1735689600, 1767225600)
    return f'job `{ch(SVCS)}` rodou em {t} (epoch), terminou em {t + ri(30, 4000)}; slack ts {t}.{ri(100000, 999999)}'


def n_netlab():
    return code('', f'# laboratório de informática {ch(ESCOLAS)}\nvlan {ri(10, 99)}  10.{ri(0, 255)}.{ri(0, 255)}.0/24  gateway 10.{ri(0, 255)}.{ri(0, 255)}.1\n'
                f'moodle-cache  192.168.{ri(0, 255)}.{ri(2, 254)}:{ch([6379, 11211])}\nproxy         172.{ri(16, 31)}.{ri(0, 255)}.{ri(2, 254)}:3128\n'
                f'doc-example   {ch(["192.0.2", "198.51.100", "203.0.113"])}.{ri(1, 254)}')


def n_versions():
    return (f'Moodle {ch(["4.1.12+", "4.3.6", "4.4.2"])} (Build: {ri(2024, 2025)}{ri(1, 12):02d}{ri(1, 28):02d}), version.php = {ri(2022, 2024)}{ri(10, 12)}{ri(10, 28)}{ri(10, 99)}.00; '
            f'Chrome {ri(120, 131)}.0.{ri(6000, 6900)}.{ri(20, 200)} nos labs; Windows 10.0.{ri(19041, 22631)}.{ri(1000, 4000)}')


def n_jira():
    return f'{ch(["INTEG", "SIS", "PIX", "LTI"])}-{ri(100, 4999)} / Zendesk #{ri(100000, 999999)} / {ch(["CVE-2024-", "CVE-2025-"])}{ri(1000, 49999)} ({ch(["Moodle", "ltijs", "PHP"])})'


def n_censo():
    return f'Censo Escolar {ri(2023, 2025)}: {ri(10, 48)}.{ri(100, 999)}.{ri(100, 999)} matrículas na base, {ri(100, 180)} mil escolas, lote {ri(1, 60)}/{ri(60, 99)}'


def n_cep():
    return f'{ch(ESCOLAS)} — CEP {ri(1000, 99999):05d}-{ri(0, 999):03d}; {ch(["C.P.", "CP"])} {ri(1000, 99999):05d} (sede MX); código postal {ri(1000, 9999)} (AR)'


def n_nfe():
    while True:
        k = f'{ri(11, 53)}{ri(24, 26)}{ri(1, 12):02d}' + rs(DIG, 14) + '55' + rs(DIG, 24)
        k = k[:44]
        return f'chave de acesso da NF-e do fornecedor de tablets:\n`{" ".join(k[i:i + 4] for i in range(0, 44, 4))}`'


def n_money():
    return code('', '\n'.join(f'{ch(["mensalidade", "colegiatura", "matrícula", "material"])}  {ch(["R$", "MX$", "ARS", "CLP", "COP"])} {ri(100, 999999):,}.{ri(0, 99):02d}'.replace(',', '_').replace('.', ',').replace('_', '.')
                               for _ in range(ri(3, 7))))


def n_pedidos():
    rows = ['pedido,nota_fiscal,data,itens,valor']
    for _ in range(ri(15, 28)):
        rows.append(f'{ri(10 ** 8, 10 ** 10)},{ri(1, 999999):06d},{date()} {hhmm()},{ri(1, 400)},{ri(100, 99999)}.{ri(0, 99):02d}')
    return code('csv', '\n'.join(rows))


def n_ports():
    return f'portas abertas no appliance do {ch(["ministério", "ministerio"])}: {", ".join(str(x) for x in sorted(R.sample([22, 80, 443, 1433, 3306, 5432, 6379, 8080, 8443, 9090, 27017], 5)))}; range NAT 100.{ri(64, 127)}.0.0/10'


def n_ratelimit():
    return code('http', f'HTTP/1.1 429 Too Many Requests\nX-Rate-Limit-Remaining: 0\nX-Request-Cost: {ri(1, 50)}.{ri(0, 99)}\nRetry-After: {ri(1, 120)}\nX-Rate-Limit-Reset: {ri(1735689600, 1767225600)}')


def n_aws_acct():
    return f'conta AWS de exemplo da doc 123456789012; nosso projeto GCP tem número {ri(10 ** 11, 10 ** 12 - 1)}; instância i-{hx(17)} em sa-east-1'


def n_saber():
    return f'{ch(["Saber 11", "SIMCE", "ENEM", "PLANEA", "Aprender"])} {ri(2024, 2026)}: aplicação {ri(1, 3)}, caderno {ch(["AZUL", "AMARELO", "BRANCO"])} cód. {ri(100, 999)}, gabarito v{ri(1, 9)}, {ri(10000, 5000000):,} inscritos'.replace(',', '.').replace('. caderno', ', caderno').replace('. gabarito', ', gabarito').replace('. aplicação', ', aplicação')


NEG_NUM = [n_inep, n_cct, n_cnpj, n_boleto, n_rut, n_nit, n_rfc, n_cuit, n_cpf_invalid, n_exam, n_horario, n_matricula_csv, n_notas_dist, n_epoch,
           n_netlab, n_versions, n_jira, n_censo, n_cep, n_nfe, n_money, n_pedidos, n_ports, n_ratelimit, n_aws_acct, n_saber]


# ================================================================ negatives: talk_about_secrets
TALK_PT = ['Rotacionei o token do webservice do Moodle da rede municipal; o antigo foi revogado às {h}.',
           'Lembrete: nada de colar CPF de responsável aqui no canal, usem o id interno do aluno.',
           'O certificado .p12 do PIX vence em {d} dias, quem renova precisa do acesso ao cofre.',
           'A chave privada da ferramenta LTI agora fica só no KMS, o JWKS público continua no mesmo endpoint.',
           'Achamos um export de matrículas com telefones dos responsáveis num bucket público; bucket fechado e incidente aberto na ANPD.',
           'O scanner do CI pegou um falso positivo: a regex de cartão casou com a chave de acesso da NF-e.',
           'Senha do banco de homologação trocada, quem precisar pede no #acessos.',
           'A secretaria pediu que o e-mail do responsável não vá mais no CSV do censo.',
           'O token do bot do Slack foi revogado depois que apareceu num print do Jira.',
           'Vamos passar a guardar só o hash do CPF com pepper, nunca o número.']
TALK_ES = ['Roté la clave de la API del SIGED después de la auditoría; la vieja quedó inválida a las {h}.',
           'No pongan CURP ni RFC de alumnos en los tickets, solo el folio de inscripción.',
           'El ministerio exige que el RUT del apoderado vaya cifrado en reposo.',
           'Se filtró un token de Google Classroom en un log de depuración; lo revocamos y purgamos los logs de {d} días.',
           'La contraseña del usuario de servicio de SIMAT vence cada {d} días, pongan recordatorio.',
           '¿Alguien sabe dónde quedó el secreto del developer key de Canvas? No está en el vault de prod.',
           'Los DNI de prueba del ministerio vienen todos con 99 al inicio, no son de personas reales.',
           'El IBAN del proveedor en España se pide por el portal, nunca por Slack.',
           'Acordamos: las claves privadas del LTI se generan en el HSM y nunca salen de ahí.',
           'Recuerden que el teléfono de los acudientes es dato personal según la Ley 1581.']
TALK_EN = ['Rotated the Canvas developer key secret for the {c} tenant; old one revoked at {h}.',
           'Reminder: never paste a parent\'s phone number or email into a ticket, link the SIS record instead.',
           'The secret scanner flagged the JWKS file again; it only holds public keys, marking as false positive.',
           'We need a runbook for when an API key leaks: revoke, rotate, purge logs, notify the ministry within {d} hours.',
           'The US exchange program wanted SSNs in the roster export; legal said no, we send program ids only.',
           'Card numbers never touch our servers, the PSP tokenizes them in the iframe.',
           'Who owns the AWS access key for the exports bucket? It is {d} days old and should be rotated.',
           'Dropping the private key from the repo history took a force-push; everyone re-clone please.',
           'The password policy for teacher accounts is now 12 chars min, synced from the ministry IdP.',
           'OpenAI and Anthropic keys for the tutor pilot live in Secrets Manager, one per country.']


def t_one():
    s = ch(TALK_PT + TALK_ES + TALK_EN)
    return s.format(h=hhmm(), d=ri(2, 90), c=ch(PAISES))


def t_multi():
    pool = ch([TALK_PT, TALK_ES, TALK_EN])
    return '\n'.join('- ' + x.format(h=hhmm(), d=ri(2, 90), c=ch(PAISES)) for x in R.sample(pool, ri(2, 4)))


def t_incident():
    return (f'**Resumo do incidente {ch(["INC", "SEC"])}-{ri(10, 400)}**\n- O que vazou: {ch(["token do webservice Moodle", "chave de API do SIGED", "segredo do webhook PIX", "senha do usuário de serviço do SIMAT"])}\n'
            f'- Onde: {ch(["log de debug do sis-bridge", "print num ticket", "variável no pipeline"])}\n- Ação: revogado em {ri(5, 90)} min, rotacionado, logs purgados\n- Dados pessoais expostos: {ch(["nenhum", "nenhum CPF, nenhum telefone"])}')


def t_faq():
    return (f'**FAQ — credenciais dos ministérios**\nP: {ch(["Posso mandar a senha por DM?", "¿Puedo mandar la clave por correo?", "Can I share the key over DM?"])}\n'
            f'R: {ch(["Não. Use o cofre e compartilhe o link.", "No. Usa el vault y comparte la ruta.", "No. Use the vault and share the path."])}\n'
            f'P: {ch(["E o certificado do PIX?", "¿Y el certificado de la factura electrónica?"])}\nR: {ch(["Também fica no cofre, com senha separada.", "También en el vault, con passphrase aparte."])}')


def t_regex():
    return (f'{ch(["sobre o detector de documentos", "re: DLP no Slack", "no PR #" + str(ri(100, 999))])}: a regex `\\d{{3}}\\.\\d{{3}}\\.\\d{{3}}-\\d{{2}}` pega CPF mas também pega {ch(["código de rastreio", "número de protocolo", "versão de pacote"])}; '
            f'melhor validar o DV (mod 11) antes de mascarar. Para CURP, `[A-Z]{{4}}\\d{{6}}[HM][A-Z]{{5}}[0-9A-Z]\\d` e checar o dígito.')


def t_eso():
    return code('', f'{ts_iso()} ERROR externalsecret/{ch(SVCS)} could not get secret data from provider: key "{ch(["moodle/wstoken", "pix/client-secret", "canvas/dev-key"])}" not found (version {ch(["AWSCURRENT", "latest"])})')


def t_sync():
    return (f'notas da security sync ({date()}):\n1. {ch(["rotação trimestral dos tokens Moodle ok", "rotación de claves SIGED pendiente", "Canvas keys rotated"])}\n'
            f'2. {ch(["revisar quem tem acesso ao cofre PIX", "revisar accesos al vault de MX", "audit who can read the LTI signing key"])}\n3. {ch(["treinamento LGPD para o time novo", "capacitación Ley 1581", "DLP rule for CPF in Slack"])}')


def t_q():
    return ch(['alguém sabe se o token do Classroom expira em 1h ou 7 dias?', '¿el secreto del webhook PIX se puede rotar sin downtime?',
               'does the SIGED API key have a scope or is it all-or-nothing?', 'qual é o tamanho mínimo de senha que o IdP do estado aceita?',
               '¿quién tiene la passphrase del .p12 de homologación?', 'do we hash the RUT before or after normalizing the K?'])


def t_policy():
    return (f'Política (v{ri(1, 5)}.{ri(0, 9)}): {ch(["tokens", "chaves de API", "claves de API"])} rotacionam a cada {ri(30, 180)} dias; '
            f'{ch(["senhas", "contraseñas"])} nunca em texto puro; {ch(["CPF/CURP/RUT/DNI/NIT", "documentos de identidade"])} só mascarados nos logs; telefones e e-mails de responsáveis fora do Slack.')


def t_alert():
    return f'[{ch(["gitleaks", "trufflehog", "secret-scanner"])}] {ch(["0 findings", "1 finding (false positive: test fixture)", "0 verified, 2 unverified (placeholders)"])} in {ch(SVCS)}@{hx(7)}'



def fu():
    return ch(['', f' Ticket SEC-{ri(10, 999)}.', ' (ver runbook)', ' Qualquer dúvida, #seguranca.', ' Dudas en #seguridad.', ' Ping #security if unsure.', f' Decidido na sync de {date()}.'])


def fu_wrap(x):
    return x + fu()


def t_rotation_table():
    rows = ['| credencial | dono | última rotação | próxima |', '|---|---|---|---|']
    for c in R.sample(['token WS Moodle', 'developer key Canvas', 'OAuth client Classroom', 'API key SIGED', 'cert PIX .p12', 'senha svc SIMAT', 'chave LTI (JWKS)', 'bot Slack'], ri(3, 6)):
        rows.append(f'| {c} | {ch(["time integrações", "squad MX", "squad CL", "plataforma"])} | {date(2024, 2025)} | {date(2025, 2026)} |')
    return '\n'.join(rows)


def t_onboarding():
    return (f'{ch(["Onboarding", "Bienvenida", "Checklist"])} para quem entra no time:\n- {ch(["peça acesso ao cofre pelo formulário", "pedí acceso al vault por el formulario"])}\n'
            f'- {ch(["nunca exporte CPF/telefone de responsáveis pra planilha pessoal", "nunca bajes CURP ni teléfonos a tu laptop"])}\n- {ch(["2FA obrigatório no GitHub e no Google", "2FA obligatorio"])}\n'
            f'- {ch(["tokens pessoais com validade máxima de 30 dias", "PATs de máximo 30 días"])}')


def t_ministry():
    return fu_wrap(ch(['O MEC mandou ofício pedindo o log de quem acessou dados de alunos nos últimos {d} dias; não inclui senhas nem tokens.',
               'La SEP pide que la CURP viaje cifrada con su llave pública y que nosotros nunca guardemos la llave privada.',
               'Mineduc confirmó: el RUT del estudiante puede ir en el archivo, pero el teléfono del apoderado no.',
               'El MEN de Colombia cambió la política: el NIT de la institución sí, el documento del acudiente no.',
               'La DGCyE pidió que el DNI de los alumnos vaya enmascarado en los reportes que salen a las escuelas.'])).format(d=ri(30, 180))


def t_postmortem():
    return (f'postmortem {date()}: {ch(["o export do SIGED falhou porque a API key expirou sem aviso", "el webhook PIX rechazó todo porque rotamos el secreto sin avisar al PSP", "the LTI launch broke because the platform rotated its JWKS and we cached the old key for 24h"])}.\n'
            f'ação: {ch(["alerta 14 dias antes do vencimento", "rotación con período de gracia de 1h", "cache the JWKS for 5 min max"])}.')


def t_review():
    return (f'review do PR #{ri(100, 2000)}: {ch(["o teste usa um CPF real? troca pelos gerados com DV válido do faker", "no loguees el token completo, solo los últimos 4", "please do not print the password in the exception message", "essa senha no fixture é só do container local, ok"])}')


def t_dpo():
    return fu_wrap(ch(['DPO lembrou: telefone e e-mail de responsável são dados pessoais (LGPD art. 5º), CPF também. Nada disso no Slack.',
               'Según la Ley 1581, el correo y el celular del acudiente son datos personales; no van en los tickets.',
               'Ley 25.326 (AR): el DNI del alumno es dato personal, en logs solo enmascarado.',
               'Chile: el RUT y el teléfono del apoderado son datos personales (Ley 19.628); usen el id interno.']))


def t_cardpolicy():
    return fu_wrap(ch(['Os cartões das famílias nunca passam pelo nosso backend: o PSP tokeniza e a gente só guarda o token do PSP e os 4 últimos dígitos.',
               'Las tarjetas se tokenizan en el iframe del procesador; nosotros solo vemos la marca y los últimos 4 dígitos.',
               'PCI scope: we never store PAN or CVV; the checkout iframe is the PSP\'s.']))


def t_leak_runbook():
    return (f'**Runbook — vazamento de credencial**\n1. Revogar ({ch(["console do provedor", "painel do Moodle > Webservices > Tokens", "Canvas > Developer Keys"])})\n2. Gerar nova e gravar no cofre\n'
            f'3. Reiniciar {ch(SVCS)}\n4. Purgar logs dos últimos {ri(1, 30)} dias\n5. Avisar {ch(["DPO", "o ministério", "el ministerio"])} se houve dado pessoal')


def t_iban_talk():
    return fu_wrap(ch(['O fornecedor de Portugal mandou o IBAN por WhatsApp; pedi pra cadastrar no portal de fornecedores em vez disso.',
               'El proveedor español pide IBAN y BIC; que lo cargue él en el portal, no por acá.',
               'Finance asked for the vendor IBAN in this channel; redirected them to the vendor portal.']))


def t_ssn_talk():
    return fu_wrap(ch(['The US exchange partner keeps asking for SSNs of visiting teachers. They do not have one until they arrive; use the program id.',
               'O parceiro dos EUA queria o SSN do professor visitante; respondemos que não coletamos, só o id do programa.',
               'El formulario W-8BEN no necesita SSN para los docentes extranjeros, solo pasaporte.']))


NEG_TALK_EXTRA = [t_rotation_table, t_onboarding, t_ministry, t_postmortem, t_review, t_dpo, t_cardpolicy, t_leak_runbook, t_iban_talk, t_ssn_talk]

NEG_TALK = [t_one, t_one, t_multi, t_incident, t_faq, t_regex, t_eso, t_sync, t_q, t_policy, t_alert] + NEG_TALK_EXTRA

NEG_CATS = [('data_uri_base64', NEG_DATA), ('placeholder_example', NEG_PLACE), ('code_identifier', NEG_CODE),
            ('non_credential_blob', NEG_BLOB), ('pii_lookalike_number', NEG_NUM), ('talk_about_secrets', NEG_TALK)]


def build_negatives():
    seen = set()
    recs = []
    redraws = 0
    for cat, tmpls in NEG_CATS:
        for i in range(100):
            t = tmpls[i % len(tmpls)]
            for attempt in range(200):
                text = lead(t())
                if text not in seen and not scan(text):
                    break
                redraws += 1
            else:
                raise AssertionError(f'cannot draw clean {cat} {t.__name__}')
            seen.add(text)
            recs.append({'text': text, 'category': cat, '_t': t.__name__})
    R.shuffle(recs)
    out = []
    for i, r in enumerate(recs, 1):
        out.append({'id': f'h{N}n-{i:04d}', 'text': r['text'], 'category': r['category']})
    return out, redraws, recs


# ================================================================ positives: values
def v_aws_id():
    while True:
        v = ch(['AKIA', 'AKIA', 'AKIA', 'ASIA']) + rs(B32, 16)
        if 'EXAMPLE' not in v:
            return v


def v_aws_secret():
    return rs(B64, 40)


def v_ghp():
    r = rs(ALNUM, 30)
    return 'ghp_' + r + crc32_b62(r)


def v_ghf():
    return 'github_pat_11' + rs(UP + DIG, 20) + '_' + rs(ALNUM, 59)


def v_xoxb():
    return f'xoxb-{ri(10 ** 10, 10 ** 13)}-{ri(10 ** 12, 10 ** 13)}-{rs(ALNUM, 24)}'


def v_xoxp():
    return f'xoxp-{ri(10 ** 10, 10 ** 13)}-{ri(10 ** 10, 10 ** 13)}-{ri(10 ** 12, 10 ** 13)}-{hx(32)}'


def v_openai():
    k = ri(0, 2)
    if k == 0:
        return 'sk-proj-' + rs(B64U, 74) + 'T3BlbkFJ' + rs(B64U, 74)
    if k == 1:
        return 'sk-' + rs(ALNUM, 20) + 'T3BlbkFJ' + rs(ALNUM, 20)
    return 'sk-svcacct-' + rs(B64U, 74) + 'T3BlbkFJ' + rs(B64U, 74)


def v_anthropic():
    return 'sk-ant-api03-' + rs(B64U, 93) + 'AA'


def v_jwt():
    now = ri(1740000000, 1767000000)
    if R.random() < .6:
        hdr = {"alg": "RS256", "typ": "JWT", "kid": hx(ri(16, 40))}
        pl = {"iss": ch(["https://canvas.instructure.com", "https://moodle.rede.example", "https://lms.colegio.example"]),
              "sub": uuid4(), "aud": str(ri(10 ** 13, 10 ** 14)), "exp": now + 3600, "iat": now, "nonce": hx(20),
              "https://purl.imsglobal.org/spec/lti/claim/message_type": "LtiResourceLinkRequest",
              "https://purl.imsglobal.org/spec/lti/claim/roles": ["http://purl.imsglobal.org/vocab/lis/v2/membership#Learner"]}
        sig = rbytes(256)
    else:
        hdr = {"alg": "HS256", "typ": "JWT"}
        pl = {"sub": f"aluno:{ri(100000, 999999)}", "escola": inep(), "scope": ch(["boletim:read", "notas:write", "horario:read"]), "exp": now + 900, "iat": now}
        sig = rbytes(32)
    return b64u(json.dumps(hdr, separators=(',', ':')).encode()) + '.' + b64u(json.dumps(pl, separators=(',', ':')).encode()) + '.' + b64u(sig)


PEM_ORDER = ['rsa1.pem', 'ec1.pem', 'ed1.pem', 'rsa3.pem', 'ec2.pem', 'ssh1', 'rsa2.pem', 'ed2.pem', 'ec3.pem', 'rsa4.pem']
PEM_I = [0]


def v_pem():
    name = PEM_ORDER[PEM_I[0]]
    PEM_I[0] += 1
    pem = KEYS[name].strip()
    lines = pem.split('\n')
    body = lines[1:-1]
    return name, lines[0], body, lines[-1]


def v_password():
    k = ri(0, 3)
    if k == 0:
        return ch(['Escola', 'Colegio', 'Moodle', 'Siged', 'Liceo', 'Turma', 'Recreio']) + ch(['#', '@', '!', '$', '*']) + str(ri(2019, 2026)) + rs(LOW, ri(2, 4))
    if k == 1:
        return rs(ALNUM + '!#%&*', ri(14, 22))
    if k == 2:
        return '-'.join(ch(['lapis', 'pizarra', 'caderno', 'tiza', 'mochila', 'recreo', 'boletim', 'quadro', 'carpeta']) for _ in range(3)) + str(ri(10, 99))
    return rs(UP, 2) + rs(LOW, 5) + rs(DIG, 3) + ch('!?%&') + rs(ALNUM, 4)


def v_phone():
    k = ri(0, 9)
    ddd = ch(['11', '21', '31', '41', '51', '61', '71', '81', '85', '19'])
    m = f'9{ri(6000, 9999)}-{ri(0, 9999):04d}'
    return [f'+55 {ddd} {m}', f'({ddd}) {m}', f'+52 55 {ri(1000, 9999)} {ri(0, 9999):04d}', f'+52 1 {ch(["33", "81", "55"])} {ri(1000, 9999)} {ri(0, 9999):04d}',
            f'+54 9 11 {ri(2000, 6999)}-{ri(0, 9999):04d}', f'011 15-{ri(2000, 6999)}-{ri(0, 9999):04d}', f'+56 9 {ri(3000, 9999)} {ri(0, 9999):04d}',
            f'+57 3{ri(0, 2)}{ri(0, 9)} {ri(200, 999)} {ri(0, 9999):04d}', f'3{ri(0, 2)}{ri(0, 9)} {ri(200, 999)} {ri(0, 9999):04d}', f'+55 {ddd} {m.replace("-", "")}'][k]


FIRST = ['mariana', 'joao', 'camila', 'diego', 'valentina', 'sebastian', 'lucia', 'rafael', 'fernanda', 'matias', 'paula', 'andres', 'beatriz', 'tomas']
LAST = ['souza', 'ramirez', 'oliveira', 'gonzalez', 'pereira', 'munoz', 'castro', 'lima', 'herrera', 'rojas', 'alves', 'vargas']
DOMS = ['aulaponte.com.br', 'aulaponte.mx', 'aulaponte.com', 'colegiovalleverde.edu.co', 'escolavilaaurora.com.br', 'liceoandino.cl', 'institutosur.edu.ar', 'gmail.com', 'hotmail.com', 'outlook.com']


def v_email():
    f, l = ch(FIRST), ch(LAST)
    local = ch([f'{f}.{l}', f'{f[0]}{l}', f'{f}{ri(1, 99)}', f'{f}_{l}'])
    return f'{local}@{ch(DOMS)}'


def v_card():
    k = ri(0, 5)
    if k == 0:
        n = luhn_complete('4' + rs(DIG, 5), 16)
    elif k == 1:
        n = luhn_complete(str(ri(51, 55)), 16)
    elif k == 2:
        n = luhn_complete(ch(['34', '37']), 15)
        return ch([n, f'{n[:4]} {n[4:10]} {n[10:]}'])
    elif k == 3:
        n = luhn_complete(ch(['636368', '504175', '451416', '636297']), 16)
    elif k == 4:
        n = luhn_complete('606282', 16)
    else:
        n = luhn_complete(str(ri(2221, 2720)), 16)
    return ch([n, ' '.join(n[i:i + 4] for i in range(0, 16, 4)), '-'.join(n[i:i + 4] for i in range(0, 16, 4))])


def v_iban():
    k = ri(0, 3)
    if k == 0:
        bban = rs(DIG, 8) + rs(DIG, 5) + rs(DIG, 10) + ch('CP') + ch('123')
        ib = iban_make('BR', bban)
    elif k == 1:
        bank, br, acc = rs(DIG, 4), rs(DIG, 4), rs(DIG, 10)
        w = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6]

        def dc(s):
            r = 11 - sum(int(a) * b for a, b in zip(s.rjust(10, '0'), w)) % 11
            return 0 if r == 11 else 1 if r == 10 else r
        ib = iban_make('ES', bank + br + f'{dc("00" + bank + br)}{dc(acc)}' + acc)
    elif k == 2:
        b = rs(DIG, 19)
        nib = 98 - int(b + '00') % 97
        ib = iban_make('PT', b + f'{nib:02d}')
    else:
        ib = iban_make('DE', rs(DIG, 18))
    assert iban_valid(ib)
    return ch([ib, ' '.join(ib[i:i + 4] for i in range(0, len(ib), 4))])


def v_ssn():
    while True:
        a = ri(1, 899)
        if a != 666:
            break
    return f'{a:03d}-{ri(1, 99):02d}-{ri(1, 9999):04d}'


def v_ip():
    while True:
        p = [ri(1, 223), ri(0, 255), ri(0, 255), ri(1, 254)]
        if public_ip(p):
            return '.'.join(map(str, p))


# ================================================================ positives: single templates
def person():
    return ch(['Mari', 'Joao', 'Cami', 'Diego', 'Vale', 'Seba', 'Lu', 'Rafa', 'Fer', 'Mati'])


S = {
    'aws_access_key_id': [
        lambda v: f'export AWS_ACCESS_KEY_ID={v}\nexport AWS_DEFAULT_REGION=sa-east-1  # bucket dos exports do censo',
        lambda v: code('ini', f'[profile sis-exports]\naws_access_key_id = {v}\nregion = us-east-1'),
        lambda v: f'la access key del bucket de boletines es {v}, la secret te la paso por DM',
        lambda v: code('python', f's3 = boto3.client("s3", aws_access_key_id="{v}", region_name="sa-east-1")'),
        lambda v: f'{ts_iso()} WARN {ch(SVCS)} using static credentials AccessKeyId={v} (should be IRSA)'],
    'aws_secret_access_key': [
        lambda v: f'AWS_SECRET_ACCESS_KEY={v}',
        lambda v: f'secret key do usuário IAM sis-export-prod: `{v}` (apaga depois de copiar)',
        lambda v: code('hcl', f'provider "aws" {{\n  region     = "sa-east-1"\n  secret_key = "{v}"\n}}'),
        lambda v: code('yaml', f'aws:\n  region: us-east-1\n  secretAccessKey: "{v}"'),
        lambda v: f'la secret quedó en el .env del servidor de SIGED: aws_secret_access_key={v}'],
    'github_classic_pat': [
        lambda v: f'usa meu PAT enquanto o app do GitHub não sai: {v}',
        lambda v: f'git clone https://x-access-token:{v}@github.com/aulaponte/sis-bridge.git',
        lambda v: code('yaml', f'# .github/workflows/release.yml\nenv:\n  GH_TOKEN: {v}'),
        lambda v: f'token para el runner de Moodle plugins: {v} (vence en 30 días)'],
    'github_fine_grained_pat': [
        lambda v: f'PAT fine-grained só com contents:read no repo do plugin local_boletim: {v}',
        lambda v: f'export GITHUB_TOKEN={v}',
        lambda v: code('json', json.dumps({"registry": "ghcr.io", "username": "ci-bot", "password": v}, indent=1)),
        lambda v: f'el token de renovate para los repos de integraciones es {v}'],
    'slack_bot_token': [
        lambda v: f'SLACK_BOT_TOKEN={v}',
        lambda v: f'o bot de alertas do PIX usa {v}, tá no values.yaml por enquanto',
        lambda v: code('python', f'client = WebClient(token="{v}")\nclient.chat_postMessage(channel="#integraciones-mx", text="export SIGED ok")'),
        lambda v: f'curl -H "Authorization: Bearer {v}" https://slack.com/api/auth.test'],
    'slack_user_token': [
        lambda v: f'meu user token pra rodar o script de export do canal: {v}',
        lambda v: code('bash', f'SLACK_USER_TOKEN="{v}" python3 scripts/export_canal_suporte.py --desde {date()}'),
        lambda v: f'el token xoxp del admin del workspace es {v}, lo usé para invitar a la gente del ministerio',
        lambda v: code('json', json.dumps({"ok": True, "access_token": v, "token_type": "user", "scope": "channels:history"}, indent=1))],
    'openai_api_key': [
        lambda v: f'OPENAI_API_KEY={v}',
        lambda v: f'chave do piloto do tutor IA (BR): {v}',
        lambda v: code('python', f'client = OpenAI(api_key="{v}")  # TODO mover pro Secrets Manager'),
        lambda v: f'la key de OpenAI del proyecto corrector-ensayos es {v}'],
    'anthropic_api_key': [
        lambda v: f'ANTHROPIC_API_KEY={v}',
        lambda v: code('ts', f'const anthropic = new Anthropic({{ apiKey: "{v}" }}); // feedback de redações'),
        lambda v: f'nueva key de Anthropic para el piloto en Chile: {v}',
        lambda v: code('yaml', f'tutor_ia:\n  provider: anthropic\n  api_key: {v}')],
    'jwt': [
        lambda v: f'o id_token do launch LTI que quebrou:\n`{v}`',
        lambda v: f'curl -H "Authorization: Bearer {v}" https://api.aulaponte.example/v1/boletim/{ri(1000, 9999)}',
        lambda v: f'{ts_iso()} DEBUG lti.launch id_token={v}',
        lambda v: f'este es el JWT que manda Moodle en el launch, no valida el nonce: {v}'],
    'password': [
        lambda v: f'a senha do admin do Moodle de homologação é {v}',
        lambda v: code('properties', f'spring.datasource.url=jdbc:postgresql://db-hml:5432/sis\nspring.datasource.username=sis_app\nspring.datasource.password={v}'),
        lambda v: f'Server=sql-siged;Database=Matriculas;User Id=svc_export;Password={v};TrustServerCertificate=True',
        lambda v: f'contraseña del usuario de servicio de SIMAT: {v}',
        lambda v: code('yaml', f'sige:\n  usuario: integracion_cl\n  clave: "{v}"'),
        lambda v: f'host=pg-notas port=5432 dbname=notas user=etl password={v} sslmode=require',
        lambda v: f'pra entrar no servidor do SFTP da secretaria: usuário `aulaponte`, senha `{v}`'],
    'url_credentials': [
        lambda v: f'DATABASE_URL=postgres://sis_app:{v}@db-prod.aulaponte.internal:5432/sis',
        lambda v: f'mongodb+srv://etl_boletins:{v}@cluster-boletins.abcde.mongodb.net/boletins',
        lambda v: f'REDIS_URL=redis://:{v}@cache-horarios.internal:6379/0',
        lambda v: f'la cola de exports: amqps://exports:{v}@rabbit.integraciones.internal/vhost-mx',
        lambda v: code('python', f'engine = create_engine("mysql+pymysql://moodle_ro:{v}@moodle-db.rede.internal/moodle")'),
        lambda v: f'sftp://ministerio:{v}@sftp.secretaria-educacao.internal/entrada/censo'],
    'email_address': [
        lambda v: f'quem responde pelo contrato da rede municipal é {v}',
        lambda v: f'manden el reporte SIGED a {v} antes del viernes'],
    'phone_number': [
        lambda v: f'o diretor pediu pra ligar no {v} se o boletim não sair até sexta',
        lambda v: f'contacto de la coordinadora en la secretaría: {v}',
        lambda v: f'on-call do PSP pro incidente do PIX: {v}',
        lambda v: f'tel. del rector para coordinar la migración a Canvas: {v}',
        lambda v: f'escalar com a TI da secretaria pelo WhatsApp {v}'],
    'credit_card': [
        lambda v: f'cartão corporativo pra renovar o Zoom das escolas: {v}, validade 0{ri(1, 9)}/{ri(27, 30)}',
        lambda v: f'la tarjeta de la cuenta de AWS es {v}',
        lambda v: f'{ts_iso()} ERROR checkout payload={{"card_number":"{v}","installments":{ri(1, 12)}}}',
        lambda v: f'pagar a licença do Moodle Workplace com o cartão {v}'],
    'iban': [
        lambda v: f'IBAN do fornecedor de tablets em Portugal/Espanha: {v}',
        lambda v: f'para la transferencia al proveedor: {v}',
        lambda v: f'beneficiary IBAN for the ministry grant refund: {v}',
        lambda v: code('csv', f'fornecedor,iban,valor\nlicencas-lms,{v},{ri(1000, 90000)}.00')],
    'us_ssn': [
        lambda v: f'the US exchange coordinator sent the intern\'s SSN for payroll: {v}',
        lambda v: f'W-9 do consultor americano: SSN {v}',
        lambda v: code('csv', f'program_id,ssn,start\nXCH-{ri(100, 999)},{v},{date()}'),
        lambda v: f'el SSN del becario en Texas es {v}, lo pide el formulario del grant'],
    'ipv4_address': [
        lambda v: f'o servidor do SIGED do ministério responde em {v}, liberar no firewall',
        lambda v: f'ssh deploy@{v} -p 2222',
        lambda v: f'{ts_iso()} WARN login falhou para admin do Moodle a partir de {v}',
        lambda v: f'la IP pública del colegio para el allowlist de Canvas es {v}'],
}

VGEN = {'aws_access_key_id': v_aws_id, 'aws_secret_access_key': v_aws_secret, 'github_classic_pat': v_ghp, 'github_fine_grained_pat': v_ghf,
        'slack_bot_token': v_xoxb, 'slack_user_token': v_xoxp, 'openai_api_key': v_openai, 'anthropic_api_key': v_anthropic, 'jwt': v_jwt,
        'password': v_password, 'url_credentials': v_password, 'email_address': v_email, 'phone_number': v_phone, 'credit_card': v_card,
        'iban': v_iban, 'us_ssn': v_ssn, 'ipv4_address': v_ip}

SINGLES = {'aws_access_key_id': 5, 'aws_secret_access_key': 5, 'email_address': 2, 'phone_number': 5, 'password': 8, 'url_credentials': 10,
           'credit_card': 9, 'ipv4_address': 7, 'jwt': 7, 'slack_bot_token': 8, 'slack_user_token': 8, 'github_classic_pat': 8,
           'github_fine_grained_pat': 8, 'iban': 8, 'us_ssn': 8, 'private_key_pem': 8, 'openai_api_key': 8, 'anthropic_api_key': 8}


def pem_text(layout):
    name, begin, body, end = v_pem()
    typ = name.split('.')[0].rstrip('0123456789')
    if layout == 0:
        value = '\n'.join(body)
        text = f'chave do deploy do servidor de exports, {ch(["não perde", "guarda no cofre depois"])}:\n```\n{begin}\n' + '\n'.join(body) + f'\n{end}\n```'
    elif layout == 1:
        value = '\\n'.join(body)
        text = code('json', '{\n  "client_id": "' + str(ri(10 ** 13, 10 ** 14)) + '",\n  "deployment_id": "1",\n  "private_key": "' + begin + '\\n' + value + '\\n' + end + '\\n"\n}')
    elif layout == 2:
        value = '\n    '.join(body)
        text = code('yaml', f'lti:\n  issuer: https://moodle.rede.example\n  privateKey: |\n    {begin}\n    {value}\n    {end}')
    else:
        value = '\n'.join(body)
        text = f'la clave del tool LTI para el piloto en Colombia:\n{begin}\n' + '\n'.join(body) + f'\n{end}'
    return text, value, f'private_key_pem:{typ}:layout{layout}'


def single(kind, idx):
    if kind == 'private_key_pem':
        text, v, ctx = pem_text(idx % 4)
        return text, [(kind, v)], ctx
    v = VGEN[kind]()
    ts = S[kind]
    t = idx % len(ts)
    return ts[t](v), [(kind, v)], f'{kind}:t{t}'


def doubles():
    out = []
    for i in range(5):
        a, s = v_aws_id(), v_aws_secret()
        t = [f'aws_access_key_id = {a}\naws_secret_access_key = {s}',
             f'credenciais do bucket de exports (apaga depois):\nAWS_ACCESS_KEY_ID={a}\nAWS_SECRET_ACCESS_KEY={s}',
             code('json', json.dumps({"AccessKey": {"UserName": "sis-export-ci", "AccessKeyId": a, "Status": "Active", "SecretAccessKey": s}}, indent=1)),
             f'las llaves del usuario IAM de SIGED: {a} / {s}',
             code('python', f'session = boto3.Session(\n    aws_access_key_id="{a}",\n    aws_secret_access_key="{s}",\n)')][i]
        out.append((t, [('aws_access_key_id', a), ('aws_secret_access_key', s)], f'multi:aws_pair:{i}'))
    for i in range(4):
        e, p = v_email(), v_phone()
        t = [f'contato da secretaria pro censo: {e} / {p}',
             f'Coordinadora de sistemas del ministerio\ncorreo: {e}\ncel: {p}',
             code('csv', f'escola,contato_ti,telefone\n{inep()},{e},{p}'),
             f'if the LTI launch fails again, the school IT lead is {e}, phone {p}'][i]
        out.append((t, [('email_address', e), ('phone_number', p)], f'multi:email_phone:{i}'))
    for i in range(2):
        e, pw = v_email(), v_password()
        t = [f'acesso ao painel do PSP (homologação): login {e} senha {pw}',
             f'usuario del portal SIGED: {e}\ncontraseña: {pw}'][i]
        out.append((t, [('email_address', e), ('password', pw)], f'multi:email_password:{i}'))
    for i in range(2):
        j, ip = v_jwt(), v_ip()
        t = [f'{ts_iso()} WARN lti.launch rejected iss mismatch remote_addr={ip} id_token={j}',
             f'el request que falló vino de {ip} con Authorization: Bearer {j}'][i]
        out.append((t, [('jwt', j), ('ipv4_address', ip)], f'multi:jwt_ip:{i}'))
    b, u = v_xoxb(), v_xoxp()
    out.append((f'SLACK_BOT_TOKEN={b}\nSLACK_USER_TOKEN={u}', [('slack_bot_token', b), ('slack_user_token', u)], 'multi:slack_pair:0'))
    g, f = v_ghp(), v_ghf()
    out.append((f'tokens antigos do CI (revogar!):\n- classic: {g}\n- fine-grained: {f}', [('github_classic_pat', g), ('github_fine_grained_pat', f)], 'multi:github_pair:0'))
    c, e = v_card(), v_email()
    out.append((f'a fatura do Google Workspace for Education foi pro cartão {c}, recibo vai para {e}', [('credit_card', c), ('email_address', e)], 'multi:card_email:0'))
    ib, e = v_iban(), v_email()
    out.append((f'datos para el reembolso del proveedor: IBAN {ib}, confirmación a {e}', [('iban', ib), ('email_address', e)], 'multi:iban_email:0'))
    s, p = v_ssn(), v_phone()
    out.append((f'exchange teacher onboarding: SSN {s}, WhatsApp {p}', [('us_ssn', s), ('phone_number', p)], 'multi:ssn_phone:0'))
    ip = v_ip()
    name, begin, body, end = v_pem()
    pv = '\n'.join(body)
    out.append((f'servidor SFTP do ministério: {ip}, porta 22, chave abaixo\n{begin}\n{pv}\n{end}', [('ipv4_address', ip), ('private_key_pem', pv)], 'multi:ip_pem:0'))
    o, a = v_openai(), v_anthropic()
    out.append((f'OPENAI_API_KEY={o}\nANTHROPIC_API_KEY={a}', [('openai_api_key', o), ('anthropic_api_key', a)], 'multi:llm_pair:0'))
    return out


def build_positives():
    items = []
    for kind, n in SINGLES.items():
        for i in range(n):
            text, secs, ctx = single(kind, i)
            items.append((lead(text, 0.05, 0.03), secs, ctx))
    items += doubles()
    R.shuffle(items)
    out = []
    for i, (text, secs, ctx) in enumerate(items, 1):
        out.append({'id': f'h{N}p-{i:04d}', 'text': text, 'secrets': [{'kind': k, 'value': v} for k, v in secs], 'context': ctx})
    return out


# ================================================================ checks
def check_positives(pos):
    from collections import Counter
    c = Counter(s['kind'] for p in pos for s in p['secrets'])
    assert len(pos) == 150, len(pos)
    assert sum(c.values()) == 170, c
    assert all(v in (9, 10) for v in c.values()) and len(c) == 18, c
    assert Counter(len(p['secrets']) for p in pos) == {1: 130, 2: 20}
    assert len({p['text'] for p in pos}) == 150
    for p in pos:
        for s in p['secrets']:
            v, k = s['value'], s['kind']
            assert v in p['text'], (p['id'], k)
            if k == 'credit_card':
                d = re.sub(r'\D', '', v)
                assert 13 <= len(d) <= 19 and luhn_ok(d)
            if k == 'iban':
                assert iban_valid(v)
            if k == 'us_ssn':
                a, g, sr = v.split('-')
                assert a not in ('000', '666') and a[0] != '9' and g != '00' and sr != '0000'
            if k == 'ipv4_address':
                assert public_ip([int(x) for x in v.split('.')])
            if k == 'jwt':
                for part in v.split('.')[:2]:
                    json.loads(base64.urlsafe_b64decode(part + '=' * (-len(part) % 4)))
            if k == 'private_key_pem':
                base64.b64decode(re.sub(r'\\n|\s', '', v), validate=True)
            if k == 'github_classic_pat':
                assert crc32_b62(v[4:34]) == v[34:]
    return c


def main():
    neg, redraws, raw = build_negatives()
    pos = build_positives()
    from collections import Counter
    assert len(neg) == 600 and len({r['text'] for r in neg}) == 600
    assert Counter(r['category'] for r in neg) == {c: 100 for c, _ in NEG_CATS}
    for r in neg:
        assert not scan(r['text']), (r['id'], scan(r['text']))
    kinds = check_positives(pos)
    missed = []
    for p in pos:
        found = ' '.join(h[1] for h in scan(p['text']))
        for s in p['secrets']:
            if s['kind'] in ('email_address', 'credit_card', 'iban', 'us_ssn', 'ipv4_address', 'jwt', 'slack_bot_token', 'slack_user_token',
                             'github_classic_pat', 'github_fine_grained_pat', 'openai_api_key', 'anthropic_api_key', 'aws_access_key_id', 'phone_number'):
                if re.sub(r'\D', '', s['value']) not in re.sub(r'\D', '', found) if s['kind'] in ('credit_card', 'phone_number') else s['value'][:12] not in found:
                    missed.append((p['id'], s['kind'], s['value']))
    for name, recs in (('negatives', neg), ('positives', pos)):
        with open(os.path.join(HERE, f'redaction{N}_{name}.jsonl'), 'w', encoding='utf-8') as f:
            for r in recs:
                f.write(json.dumps(r, ensure_ascii=False) + '\n')
    lines = [r['text'].count('\n') + 1 for r in neg]
    print(f'negatives: {len(neg)} (redraws: {redraws}); lines min {min(lines)} max {max(lines)}; single-line {sum(1 for x in lines if x == 1)}; >=10 lines {sum(1 for x in lines if x >= 10)}')
    print(f'positives: {len(pos)} texts, {sum(kinds.values())} secrets: {dict(sorted(kinds.items()))}')
    print(f'scanner on negatives: 0 findings; scanner misses on checkable positives: {missed}')


if __name__ == '__main__':
    main()
