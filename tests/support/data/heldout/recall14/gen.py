#!/usr/bin/env python3
"""recall14: blind held-out recall probe for phone_number and password (Seshat issue 24, round 13).

Standard library only. The only randomness is random.Random(1414). Output is byte-identical
across runs and PYTHONHASHSEED values (no set/dict-hash iteration order is ever used).

Writes recall14_positives.jsonl and recall14_negatives.jsonl next to this script.
"""
import json
import os
import re
import sys
from collections import Counter

import random

R = random.Random(1414)
HERE = os.path.dirname(os.path.abspath(__file__))


def ch(seq):
    return seq[R.randrange(len(seq))]


def dig(n, first="0123456789"):
    if n <= 0:
        return ""
    return ch(first) + "".join(ch("0123456789") for _ in range(n - 1))


# ---------------------------------------------------------------------------
# Phone numbering plans.  Each type: area codes (national significant prefix),
# subscriber length, allowed first subscriber digit, and format templates.
# Template tokens: {a} = area, {s} = subscriber, {s|3 2 2} = subscriber split
# into groups 3,2,2 with the separators written between the digits in the spec.
# ---------------------------------------------------------------------------
def T(t, a, n, f, fmts):
    return {"t": t, "a": a, "n": n, "f": f, "fmts": fmts}


D29 = "23456789"
PLANS = [
    ("US", "en", [
        T("mobile", ["212", "646", "415", "312", "617", "206", "512", "305", "404", "702"], 7, D29,
          ["({a}) {s|3-4}", "{a}-{s|3-4}", "{a}.{s|3.4}", "+1 {a} {s|3 4}", "+1 ({a}) {s|3-4}",
           "1-{a}-{s|3-4}", "+1-{a}-{s|3-4}", "{a}{s}", "+1{a}{s}", "{a} {s|3 4}"]),
        T("landline", ["718", "213", "773", "214", "303"], 7, D29,
          ["({a}) {s|3-4}", "{a}-{s|3-4}", "{a}.{s|3.4}", "+1 {a} {s|3 4}", "1 ({a}) {s|3-4}"]),
    ]),
    ("CA", "en", [
        T("mobile", ["416", "647", "604", "514", "613", "403", "780"], 7, D29,
          ["({a}) {s|3-4}", "{a}-{s|3-4}", "+1 {a} {s|3 4}", "{a}.{s|3.4}", "+1-{a}-{s|3-4}"]),
        T("landline", ["905", "819", "902"], 7, D29, ["({a}) {s|3-4}", "1-{a}-{s|3-4}"]),
    ]),
    ("GB", "en", [
        T("mobile", ["7412", "7508", "7723", "7841", "7903", "7957", "7375", "7817", "7469", "7587"], 6, "0123456789",
          ["0{a} {s}", "+44 {a} {s}", "+44 (0){a} {s}", "0{a} {s|3 3}", "+44{a}{s}", "0044 {a} {s}",
           "+44 {a} {s|3 3}", "0{a}{s}"]),
        T("landline", ["20"], 8, "378", ["020 {s|4 4}", "+44 20 {s|4 4}", "(020) {s|4 4}", "+44 (0)20 {s|4 4}", "020{s}"]),
        T("landline", ["161", "131", "117", "113"], 7, D29, ["0{a} {s|3 4}", "+44 {a} {s|3 4}", "(0{a}) {s|3 4}"]),
    ]),
    ("DE", "de", [
        T("mobile", ["151", "152", "157", "176"], 8, "0123456789",
          ["0{a} {s}", "0{a}/{s}", "0{a}-{s}", "+49 {a} {s}", "+49 (0){a} {s}", "+49{a}{s}", "0049 {a} {s}",
           "0{a} {s|4 4}", "+49 {a} {s|4 4}", "0{a} {s|2 2 2 2}"]),
        T("mobile", ["170", "171", "172", "173", "175", "177", "178", "179", "160", "162", "163"], 7, "0123456789",
          ["0{a} {s}", "0{a}/{s}", "0{a}-{s}", "+49 {a} {s}", "+49 (0){a} {s}", "0{a} {s|3 4}", "+49 {a} {s|3 4}"]),
        T("landline", ["30", "89", "40", "69"], 8, D29,
          ["0{a} {s}", "0{a}/{s}", "(0{a}) {s}", "+49 {a} {s}", "0{a} {s|2 2 2 2}", "0{a}-{s}", "+49 (0){a} {s}",
           "+49 {a} {s|4 4}"]),
        T("landline", ["221", "211", "711"], 7, D29, ["0{a} {s}", "0{a}/{s}", "+49 {a} {s}", "0{a} {s|3 2 2}"]),
    ]),
    ("FR", "fr", [
        T("mobile", ["6"], 8, "0123456789",
          ["0{a} {s|2 2 2 2}", "0{a}.{s|2.2.2.2}", "0{a}{s}", "+33 {a} {s|2 2 2 2}", "+33 (0){a} {s|2 2 2 2}",
           "+33{a}{s}", "0033 {a} {s|2 2 2 2}", "0{a}-{s|2-2-2-2}", "+33 {a}{s|2 2 2 2}"]),
        T("mobile", ["7"], 8, "3456789", ["0{a} {s|2 2 2 2}", "+33 {a} {s|2 2 2 2}", "0{a}.{s|2.2.2.2}"]),
        T("landline", ["1", "2", "3", "4", "5"], 8, D29,
          ["0{a} {s|2 2 2 2}", "0{a}.{s|2.2.2.2}", "+33 {a} {s|2 2 2 2}", "+33 (0){a} {s|2 2 2 2}", "0{a}{s}"]),
    ]),
    ("ES", "es", [
        T("mobile", ["6"], 8, "0123456789",
          ["{a}{s|2 3 3}", "{a}{s}", "+34 {a}{s|2 3 3}", "+34 {a}{s}", "0034 {a}{s|2 3 3}", "(+34) {a}{s|2 3 3}",
           "{a}{s|2 2 2 2}", "+34{a}{s}"]),
        T("mobile", ["7"], 8, "1234", ["{a}{s|2 3 3}", "+34 {a}{s|2 3 3}"]),
        T("landline", ["91", "93", "96", "95"], 7, D29,
          ["{a}{s|1 3 3}", "{a} {s|3 2 2}", "+34 {a}{s|1 3 3}", "+34 {a} {s|3 2 2}", "{a}{s}"]),
    ]),
    ("IT", "it", [
        T("mobile", ["320", "328", "333", "335", "338", "340", "345", "347", "348", "349", "366", "380", "389", "392"], 7,
          "0123456789",
          ["{a} {s}", "{a} {s|3 4}", "+39 {a} {s}", "+39 {a} {s|3 4}", "{a}/{s}", "{a}-{s}", "+39{a}{s}",
           "0039 {a} {s}", "{a}{s}", "{a}.{s|3.4}"]),
        T("landline", ["02", "06"], 8, D29, ["{a} {s}", "{a} {s|4 4}", "{a}/{s}", "+39 {a} {s}", "({a}) {s}", "+39 {a}{s}"]),
        T("landline", ["011", "081", "051"], 7, D29, ["{a} {s}", "{a} {s|3 4}", "+39 {a} {s}", "{a}-{s}"]),
    ]),
    ("NL", "nl", [
        T("mobile", ["6"], 8, "12345",
          ["0{a}-{s}", "0{a} {s}", "0{a} {s|2 2 2 2}", "+31 {a} {s}", "+31 (0){a} {s}", "+31{a}{s}",
           "0031 {a} {s|2 2 2 2}", "0{a}{s}", "+31 {a} {s|2 2 2 2}"]),
        T("landline", ["20", "10", "70", "30"], 7, D29,
          ["0{a}-{s}", "0{a} {s|3 4}", "+31 {a} {s|3 4}", "(0{a}) {s}", "0{a} {s|3 2 2}"]),
    ]),
    ("BE", "nl", [
        T("mobile", ["470", "472", "473", "475", "476", "477", "478", "479", "484", "485", "486", "487", "488", "494",
                     "495", "496", "497", "498", "499", "456", "468"], 6, "0123456789",
          ["0{a} {s|2 2 2}", "0{a}/{s|2.2.2}", "+32 {a} {s|2 2 2}", "+32 (0){a} {s|2 2 2}", "0{a}{s}",
           "0032 {a} {s|2 2 2}", "0{a} {s|3 3}", "0{a}.{s|2.2.2}"]),
        T("landline", ["2", "3", "9"], 7, D29, ["0{a} {s|3 2 2}", "0{a}/{s|3.2.2}", "+32 {a} {s|3 2 2}", "0{a}/{s|3 2 2}"]),
    ]),
    ("CH", "de", [
        T("mobile", ["75", "76", "77", "78", "79"], 7, "0123456789",
          ["0{a} {s|3 2 2}", "+41 {a} {s|3 2 2}", "+41 (0){a} {s|3 2 2}", "0041 {a} {s|3 2 2}", "0{a}{s}",
           "+41{a}{s}", "0{a}/{s|3 2 2}"]),
        T("landline", ["44", "22", "31", "61"], 7, D29, ["0{a} {s|3 2 2}", "+41 {a} {s|3 2 2}", "0{a}/{s|3.2.2}"]),
    ]),
    ("AT", "de", [
        T("mobile", ["664", "676", "650", "660", "681", "688"], 7, "0123456789",
          ["0{a} {s}", "0{a}/{s}", "+43 {a} {s}", "+43 (0){a} {s}", "0043 {a} {s}", "0{a} {s|3 4}", "+43{a}{s}"]),
        T("mobile", ["699"], 8, "0123456789", ["0{a} {s}", "0{a}/{s|4 4}", "+43 {a} {s|4 4}"]),
        T("landline", ["1"], 7, D29, ["0{a} {s}", "0{a}/{s}", "+43 {a} {s}", "(0{a}) {s|3 4}", "+43 (0){a} {s|3 2 2}"]),
    ]),
    ("PL", "pl", [
        T("mobile", ["501", "502", "504", "506", "509", "512", "515", "530", "600", "601", "602", "603", "605", "607", "660",
                     "661", "664", "690", "691", "693", "696", "720", "721", "724", "728", "730", "731", "733", "780",
                     "782", "786", "790", "791", "793", "880", "881", "885", "888"], 6, "0123456789",
          ["{a} {s|3 3}", "{a}-{s|3-3}", "+48 {a} {s|3 3}", "+48{a}{s}", "0048 {a} {s|3 3}", "{a}{s}",
           "+48 {a}-{s|3-3}", "{a} {s|2 2 2}"]),
        T("landline", ["22", "12", "58", "71", "61"], 7, D29,
          ["{a} {s|3 2 2}", "({a}) {s|3 2 2}", "+48 {a} {s|3 2 2}", "{a} {s|3 4}", "{a}-{s|3-2-2}"]),
    ]),
    ("SE", "sv", [
        T("mobile", ["70", "72", "73", "76", "79"], 7, "0123456789",
          ["0{a}-{s|3 2 2}", "0{a} {s|3 2 2}", "+46 {a} {s|3 2 2}", "+46 (0){a} {s|3 2 2}", "0{a}{s}", "+46{a}{s}",
           "0{a}-{s}"]),
        T("landline", ["8"], 8, D29, ["0{a}-{s|3 3 2}", "0{a} {s|3 3 2}", "+46 {a} {s|3 3 2}", "0{a}-{s}"]),
        T("landline", ["31", "40"], 7, D29, ["0{a}-{s|3 2 2}", "+46 {a} {s|3 2 2}"]),
    ]),
    ("NO", "no", [
        T("mobile", ["4", "9"], 7, "0123456789",
          ["{a}{s|2 2 3}", "{a}{s|1 2 2 2}", "+47 {a}{s|2 2 3}", "+47{a}{s}", "0047 {a}{s|2 2 3}", "{a}{s}",
           "+47 {a}{s|1 2 2 2}"]),
        T("landline", ["2"], 7, "123", ["{a}{s|1 2 2 2}", "+47 {a}{s|1 2 2 2}", "{a}{s}"]),
    ]),
    ("DK", "da", [
        T("mobile", ["20", "21", "22", "23", "24", "25", "26", "27", "28", "29", "30", "31", "40", "41", "42", "50", "51",
                     "52", "53", "60", "61", "71", "81", "91", "92", "93"], 6, "0123456789",
          ["{a} {s|2 2 2}", "{a}{s}", "+45 {a} {s|2 2 2}", "+45 {a}{s|2 2 2}", "+45{a}{s}", "0045 {a} {s|2 2 2}",
           "{a}{s|2 4}"]),
        T("landline", ["32", "33", "35", "36", "38", "39"], 6, "0123456789", ["{a} {s|2 2 2}", "+45 {a} {s|2 2 2}"]),
    ]),
    ("FI", "fi", [
        T("mobile", ["40", "41", "44", "45", "46", "50"], 7, "0123456789",
          ["0{a} {s|3 4}", "0{a} {s}", "0{a}-{s}", "+358 {a} {s|3 4}", "+358{a}{s}", "+358 (0){a} {s}",
           "0{a} {s|3 2 2}"]),
        T("landline", ["9"], 7, D29, ["0{a} {s|3 4}", "(0{a}) {s}", "+358 {a} {s|3 4}", "0{a}-{s}"]),
    ]),
    ("PT", "pt", [
        T("mobile", ["91", "92", "93", "96"], 7, "0123456789",
          ["{a}{s|1 3 3}", "{a} {s|3 2 2}", "+351 {a}{s|1 3 3}", "+351{a}{s}", "00351 {a}{s|1 3 3}", "{a}{s}"]),
        T("landline", ["21", "22"], 7, D29, ["{a}{s|1 3 3}", "+351 {a}{s|1 3 3}", "{a} {s|3 2 2}"]),
    ]),
    ("IE", "en", [
        T("mobile", ["83", "85", "86", "87", "89"], 7, D29,
          ["0{a} {s|3 4}", "0{a}-{s}", "+353 {a} {s|3 4}", "+353 (0){a} {s|3 4}", "0{a}{s}", "0{a} {s|3 2 2}"]),
        T("landline", ["1", "21"], 7, D29, ["0{a} {s|3 4}", "(0{a}) {s}", "+353 {a} {s|3 4}"]),
    ]),
    ("BR", "pt", [
        T("mobile", ["11", "21", "31", "41", "51", "61", "71", "81", "85", "19"], 9, "9",
          ["({a}) {s|5-4}", "{a} {s|5-4}", "+55 {a} {s|5-4}", "+55 ({a}) {s|5-4}", "+55{a}{s}", "({a}) {s|1 4-4}",
           "({a}){s|5-4}", "{a} {s|1 4 4}"]),
        T("landline", ["11", "21", "31", "41"], 8, "2345",
          ["({a}) {s|4-4}", "+55 {a} {s|4-4}", "{a} {s|4 4}", "({a}) {s|4 4}"]),
    ]),
    ("MX", "es", [
        T("mobile", ["55", "33", "81"], 8, D29,
          ["{a} {s|4 4}", "({a}) {s|4 4}", "{a}-{s|4-4}", "+52 {a} {s|4 4}", "+52 1 {a} {s|4 4}", "+52{a}{s}",
           "{a} {s|2 2 2 2}"]),
        T("landline", ["222", "442", "998"], 7, D29, ["{a} {s|3 4}", "+52 {a} {s|3 4}", "({a}) {s|3-4}"]),
    ]),
    ("AR", "es", [
        T("mobile", ["11"], 8, "2345679",
          ["+54 9 {a} {s|4-4}", "+54 9 {a} {s|4 4}", "0{a} 15-{s|4-4}", "0{a} 15 {s|4 4}", "+549{a}{s}",
           "(0{a}) 15 {s|4-4}"]),
        T("mobile", ["351", "341"], 7, D29, ["+54 9 {a} {s|3-4}", "0{a} 15-{s|3-4}", "+54 9 {a} {s}"]),
        T("landline", ["11"], 8, "4567", ["0{a} {s|4-4}", "+54 {a} {s|4-4}", "(0{a}) {s|4-4}", "0{a}-{s|4-4}"]),
    ]),
    ("IN", "hi", [
        T("mobile", [""], 10, "6789",
          ["{s|5 5}", "+91 {s|5 5}", "+91-{s}", "+91{s}", "0{s}", "0{s|5 5}", "+91 {s|3 3 4}", "{s|3-3-4}",
           "+91 {s}"]),
        T("landline", ["11", "22", "80"], 8, "234567",
          ["0{a}-{s|4 4}", "0{a} {s}", "+91 {a} {s|4 4}", "(0{a}) {s|4-4}", "0{a}-{s}"]),
    ]),
    ("CN", "zh", [
        T("mobile", ["130", "133", "135", "136", "137", "138", "139", "150", "151", "152", "158", "159", "176", "177",
                     "180", "181", "185", "186", "187", "188", "189", "199"], 8, "0123456789",
          ["{a} {s|4 4}", "{a}{s}", "{a}-{s|4-4}", "+86 {a} {s|4 4}", "+86{a}{s}", "+86-{a}{s}", "0086 {a} {s|4 4}",
           "+86 {a}{s}"]),
        T("landline", ["10", "21", "20"], 8, D29, ["0{a}-{s}", "0{a} {s|4 4}", "+86 {a} {s|4 4}", "(0{a}) {s}"]),
        T("landline", ["755"], 8, D29, ["0{a}-{s}", "+86 {a} {s|4 4}"]),
    ]),
    ("JP", "ja", [
        T("mobile", ["90", "80", "70"], 8, "123456789",
          ["0{a}-{s|4-4}", "0{a} {s|4 4}", "0{a}{s}", "+81 {a}-{s|4-4}", "+81 {a} {s|4 4}", "+81-{a}-{s|4-4}",
           "(0{a}){s|4-4}"]),
        T("landline", ["3", "6"], 8, "123456789", ["0{a}-{s|4-4}", "0{a}({s|4)4}", "+81 {a} {s|4 4}", "+81-{a}-{s|4-4}"]),
        T("landline", ["45", "52", "92"], 7, D29, ["0{a}-{s|3-4}", "+81 {a} {s|3 4}", "0{a}({s|3)4}"]),
    ]),
    ("KR", "ko", [
        T("mobile", ["10"], 8, D29,
          ["0{a}-{s|4-4}", "0{a} {s|4 4}", "0{a}{s}", "+82 {a}-{s|4-4}", "+82 {a} {s|4 4}", "+82-{a}-{s|4-4}",
           "+82 (0){a} {s|4 4}"]),
        T("landline", ["2"], 8, D29, ["0{a}-{s|4-4}", "+82 {a} {s|4 4}", "(0{a}) {s|4-4}"]),
        T("landline", ["51", "31"], 7, D29, ["0{a}-{s|3-4}", "+82 {a}-{s|3-4}"]),
    ]),
    ("AU", "en", [
        T("mobile", ["4"], 8, "0123578",
          ["0{a}{s|2 3 3}", "0{a}{s}", "+61 {a}{s|2 3 3}", "+61 (0){a}{s|2 3 3}", "+61{a}{s}", "0{a}{s|2-3-3}",
           "+61 {a} {s|2 3 3}", "0{a}{s|2 2 2 2}"]),
        T("landline", ["2"], 8, "89", ["(0{a}) {s|4 4}", "0{a} {s|4 4}", "+61 {a} {s|4 4}", "0{a} {s}"]),
        T("landline", ["3"], 8, "89", ["(0{a}) {s|4 4}", "+61 {a} {s|4 4}"]),
    ]),
    ("NZ", "en", [
        T("mobile", ["21", "22", "27"], 7, D29,
          ["0{a} {s|3 4}", "0{a}-{s}", "+64 {a} {s|3 4}", "+64 (0){a} {s|3 4}", "0{a}{s}", "0{a} {s|3 2 2}"]),
        T("landline", ["9", "4", "3"], 7, D29, ["0{a} {s|3 4}", "(0{a}) {s|3 4}", "+64 {a} {s|3 4}"]),
    ]),
    ("ZA", "en", [
        T("mobile", ["82", "83", "84", "72", "73", "76", "79", "71", "61", "60"], 7, "0123456789",
          ["0{a} {s|3 4}", "0{a}-{s|3-4}", "+27 {a} {s|3 4}", "+27{a}{s}", "0{a}{s}", "+27 (0){a} {s|3 4}"]),
        T("landline", ["11", "21", "31"], 7, D29, ["0{a} {s|3 4}", "(0{a}) {s|3 4}", "+27 {a} {s|3 4}"]),
    ]),
    ("EG", "ar", [
        T("mobile", ["10", "11", "12", "15"], 8, "0123456789",
          ["0{a} {s|4 4}", "0{a}{s}", "+20 {a} {s|4 4}", "+20{a}{s}", "0020 {a} {s|4 4}", "0{a} {s|3 2 3}"]),
        T("landline", ["2", "3"], 8, D29, ["0{a} {s|4 4}", "+20 {a} {s|4 4}", "0{a}{s}"]),
    ]),
    ("SA", "ar", [
        T("mobile", ["50", "53", "54", "55", "56", "58", "59"], 7, "0123456789",
          ["0{a} {s|3 4}", "0{a}{s}", "+966 {a} {s|3 4}", "+966{a}{s}", "00966 {a} {s|3 4}", "0{a} {s|3 2 2}"]),
        T("landline", ["11", "12", "13"], 7, D29, ["0{a} {s|3 4}", "+966 {a} {s|3 4}", "0{a}{s}"]),
    ]),
    ("AE", "ar", [
        T("mobile", ["50", "52", "54", "55", "56", "58"], 7, "0123456789",
          ["0{a} {s|3 4}", "0{a}-{s}", "+971 {a} {s|3 4}", "+971{a}{s}", "00971 {a} {s|3 4}", "+971 {a} {s}"]),
        T("landline", ["4", "2"], 7, D29, ["0{a} {s|3 4}", "+971 {a} {s|3 4}", "0{a}-{s}"]),
    ]),
    ("IR", "fa", [
        T("mobile", ["912", "913", "919", "935", "936", "937", "938", "939", "901", "902", "910", "990"], 7, "0123456789",
          ["0{a} {s|3 4}", "0{a}{s}", "+98 {a} {s|3 4}", "+98{a}{s}", "0{a}-{s|3-4}", "0{a} {s}"]),
        T("landline", ["21"], 8, D29, ["0{a}-{s}", "0{a} {s|4 4}", "+98 {a} {s|4 4}", "(0{a}) {s}"]),
    ]),
    ("TR", "tr", [
        T("mobile", ["530", "532", "533", "535", "536", "537", "538", "539", "541", "542", "543", "544", "545", "505",
                     "506", "507", "551", "552", "553", "554", "555", "559"], 7, "0123456789",
          ["0{a} {s|3 2 2}", "0 {a} {s|3 2 2}", "({a}) {s|3 2 2}", "0({a}) {s|3 2 2}", "+90 {a} {s|3 2 2}",
           "+90{a}{s}", "0{a}{s}", "+90 ({a}) {s|3 2 2}", "0{a} {s|3 4}"]),
        T("landline", ["212", "216", "312", "232"], 7, D29,
          ["0{a} {s|3 2 2}", "0 ({a}) {s|3 2 2}", "+90 {a} {s|3 2 2}", "({a}) {s|3 2 2}"]),
    ]),
    ("RU", "ru", [
        T("mobile", ["903", "905", "906", "909", "910", "911", "912", "915", "916", "917", "921", "925", "926", "929",
                     "950", "960", "962", "965", "977", "985", "999"], 7, "0123456789",
          ["+7 {a} {s|3-2-2}", "+7 ({a}) {s|3-2-2}", "8 ({a}) {s|3-2-2}", "8-{a}-{s|3-2-2}", "8{a}{s}", "+7{a}{s}",
           "8 {a} {s|3 2 2}", "+7 {a} {s|3 2 2}", "8 {a} {s|3-2-2}"]),
        T("landline", ["495", "499", "812"], 7, D29,
          ["8 ({a}) {s|3-2-2}", "+7 ({a}) {s|3-2-2}", "+7 {a} {s|3-2-2}", "({a}) {s|3-2-2}"]),
    ]),
    ("UA", "uk", [
        T("mobile", ["50", "66", "67", "68", "96", "97", "98", "63", "73", "93", "95", "99"], 7, "0123456789",
          ["+380 {a} {s|3 2 2}", "+380 ({a}) {s|3-2-2}", "0{a} {s|3 2 2}", "0{a}{s}", "(0{a}) {s|3-2-2}",
           "+380{a}{s}", "0{a}-{s|3-2-2}", "+38 0{a} {s|3 2 2}"]),
        T("landline", ["44", "32", "57"], 7, D29, ["+380 {a} {s|3 2 2}", "(0{a}) {s|3-2-2}", "0{a} {s|3 2 2}"]),
    ]),
    ("NG", "en", [
        T("mobile", ["803", "806", "813", "816", "703", "706", "805", "807", "815", "802", "808", "812", "809", "817",
                     "818", "909", "908", "810", "814", "903", "906"], 7, "0123456789",
          ["0{a} {s|3 4}", "0{a}{s}", "+234 {a} {s|3 4}", "+234{a}{s}", "+234 (0){a} {s|3 4}", "0{a}-{s|3-4}",
           "+234 {a} {s}"]),
        T("landline", ["1"], 7, D29, ["0{a} {s|3 4}", "+234 {a} {s|3 4}"]),
    ]),
    ("IL", "he", [
        T("mobile", ["50", "52", "53", "54", "55", "58"], 7, D29,
          ["0{a}-{s|3-4}", "0{a}-{s}", "0{a} {s|3 4}", "+972 {a}-{s|3-4}", "+972{a}{s}", "+972 {a} {s|3 4}",
           "0{a}{s}"]),
        T("landline", ["3", "2", "4"], 7, D29, ["0{a}-{s|3-4}", "+972 {a} {s|3 4}", "0{a}-{s}"]),
    ]),
    ("SG", "en", [
        T("mobile", ["8", "9"], 7, "0123456789",
          ["{a}{s|3 4}", "+65 {a}{s|3 4}", "+65{a}{s}", "{a}{s}", "+65-{a}{s|3-4}", "(+65) {a}{s|3 4}"]),
        T("landline", ["6"], 7, "0123456789", ["{a}{s|3 4}", "+65 {a}{s|3 4}", "+65-{a}{s|3-4}"]),
    ]),
]

# Digit scripts used by people in chat for some countries.
SCRIPTS = {
    "arabic_indic": "٠١٢٣٤٥٦٧٨٩",
    "persian": "۰۱۲۳۴۵۶۷۸۹",
    "devanagari": "०१२३४५६७८९",
    "fullwidth": "０１２３４５６７８９",
}
COUNTRY_SCRIPT = {"EG": "arabic_indic", "SA": "arabic_indic", "AE": "arabic_indic", "IR": "persian",
                  "IN": "devanagari", "JP": "fullwidth", "CN": "fullwidth"}


def to_script(s, script):
    table = SCRIPTS[script]
    out = []
    for c in s:
        if "0" <= c <= "9":
            out.append(table[ord(c) - 48])
        elif script == "fullwidth" and c in "+-()":
            out.append({"+": "＋", "-": "－", "(": "（", ")": "）"}[c])
        else:
            out.append(c)
    return "".join(out)


TOK = re.compile(r"\{(a|s)(?:\|([^}]*))?\}")


def render(tpl, a, s):
    def rep(m):
        key, spec = m.group(1), m.group(2)
        if key == "a":
            return a
        if spec is None:
            return s
        groups = [int(g) for g in re.findall(r"\d+", spec)]
        seps = re.findall(r"\D+", spec)
        assert sum(groups) == len(s) and len(seps) == len(groups) - 1, (tpl, a, s)
        out, i = [], 0
        for k, g in enumerate(groups):
            out.append(s[i:i + g])
            i += g
            if k < len(seps):
                out.append(seps[k])
        return "".join(out)

    return TOK.sub(rep, tpl)


CC = {"US": "1", "CA": "1", "GB": "44", "DE": "49", "FR": "33", "ES": "34", "IT": "39", "NL": "31", "BE": "32",
      "CH": "41", "AT": "43", "PL": "48", "SE": "46", "NO": "47", "DK": "45", "FI": "358", "PT": "351", "IE": "353",
      "BR": "55", "MX": "52", "AR": "54", "IN": "91", "CN": "86", "JP": "81", "KR": "82", "AU": "61", "NZ": "64",
      "ZA": "27", "EG": "20", "SA": "966", "AE": "971", "IR": "98", "TR": "90", "RU": "7", "UA": "380", "NG": "234",
      "IL": "972", "SG": "65"}
TRUNK = {"GB": "0", "DE": "0", "FR": "0", "NL": "0", "BE": "0", "CH": "0", "AT": "0", "SE": "0", "FI": "0", "IE": "0",
         "IN": "0", "CN": "0", "JP": "0", "KR": "0", "AU": "0", "NZ": "0", "ZA": "0", "EG": "0", "SA": "0", "AE": "0",
         "IR": "0", "TR": "0", "UA": "0", "NG": "0", "IL": "0", "RU": "8"}
PLAN = {p[0]: p for p in PLANS}
USED_NUMBERS = []


def make_phone(country, want="mobile", script_ok=True):
    """Return (written form, type, script, ascii digits)."""
    code, lang, types = PLAN[country]
    cands = [t for t in types if t["t"] == want] or types
    t = ch(cands)
    while True:
        a = ch(t["a"])
        s = dig(t["n"], t["f"])
        # NANP: exchange must not be N11 or 555; avoid UK/AU drama ranges
        if country in ("US", "CA") and (s[1:3] == "11" or s[:3] == "555"):
            continue
        if country == "AU" and a == "4" and s.startswith("91570"):
            continue
        if (country, a, s) not in USED_NUMBERS:
            USED_NUMBERS.append((country, a, s))
            break
    if country not in ("AR",) and R.random() < 0.12:
        # odd grouping: regroup the national or international digit string by hand
        nsn = a + s
        if R.random() < 0.5 and country in TRUNK and not (country == "CN" and t["t"] == "mobile"):
            lead, body = TRUNK[country] + (" " if country == "RU" else ""), nsn
        else:
            lead, body = "+" + CC[country] + " ", nsn
        sep = ch([" ", " ", ".", "-"])
        sizes = []
        rest = len(body)
        while rest > 0:
            g = min(rest, ch([2, 2, 3, 4]))
            if rest - g == 1:
                g += 1
            sizes.append(g)
            rest -= g
        parts, i = [], 0
        for g in sizes:
            parts.append(body[i:i + g])
            i += g
        written = lead + sep.join(parts)
        written = written.replace("+" + CC[country] + " " + sep, "+" + CC[country] + " ")
    else:
        written = render(ch(t["fmts"]), a, s)
    script = "ascii"
    if script_ok and country in COUNTRY_SCRIPT and R.random() < 0.6:
        script = COUNTRY_SCRIPT[country]
        written = to_script(written, script)
    return written, t["t"], script


# ---------------------------------------------------------------------------
# Language banks for phone texts
# ---------------------------------------------------------------------------
PL_ = {
    "en": dict(mob=["mobile", "cell", "mob", "M"], tel=["phone", "tel", "office", "T"], ext=["ext.", "x", "ext"],
               sent=["call me on {n} if anything breaks", "my number is {n}", "you can reach me at {n} after 6",
                     "text me at {n} when you land", "new number btw: {n}", "I'm on {n} all weekend"],
               name=["ring {name} on {n}", "{name} has the keys, {n}", "if the alarm goes off: {name} {n}",
                     "the landlord ({name}) is {n}", "{name} from facilities → {n}", "ask {name}, {n}"],
               names=["Tomasz Nowicki", "Priya Raman", "Dave Hollis", "Megan O'Brien", "Chloe Tran", "Sam Whitaker",
                      "Ayo Balogun", "Grace Liu", "Liam Fraser", "Noah Brennan"],
               role=["Site lead", "Facilities", "Account manager", "On-call SRE", "Office manager"]),
    "de": dict(mob=["Handy", "Mobil", "Mobilnummer"], tel=["Tel.", "Telefon", "Festnetz"], ext=["Durchwahl", "DW", "App."],
               sent=["ruf mich einfach unter {n} an", "meine neue Nummer: {n}", "bin heute nur unter {n} erreichbar",
                     "Notfall? {n}", "erreichst mich bis 18 Uhr unter {n}"],
               name=["{name} erreichst du unter {n}", "frag {name}, {n}", "Hausmeister {name} {n}",
                     "bei Problemen mit dem Schlüssel: {name} {n}"],
               names=["Jürgen Weiß", "Katrin Böhm", "Tobias Krüger", "Lena Hoffmann", "Maximilian Groß", "Sabine Kühn"],
               role=["Teamleitung", "Haustechnik", "Vertrieb", "Bereitschaft"]),
    "fr": dict(mob=["Portable", "Mobile", "Port."], tel=["Tél.", "Téléphone", "Fixe"], ext=["poste", "p."],
               sent=["appelle-moi au {n}", "mon numéro : {n}", "je suis joignable au {n} jusqu'à 19h",
                     "en cas d'urgence : {n}", "nouveau numéro, note-le : {n}"],
               name=["tu peux joindre {name} au {n}", "{name} ({n}) a les clés", "demande à {name} : {n}"],
               names=["Camille Lefèvre", "Julien Moreau", "Élodie Garnier", "Mathieu Roux", "Inès Bouchard"],
               role=["Responsable site", "Astreinte", "Commercial", "Service technique"]),
    "es": dict(mob=["Móvil", "Celular", "Cel."], tel=["Tel.", "Teléfono", "Fijo"], ext=["ext.", "extensión"],
               sent=["llámame al {n}", "mi número es {n}", "estoy en el {n} toda la tarde", "urgencias: {n}",
                     "escríbeme al {n} por WhatsApp"],
               name=["{name} está en el {n}", "pregúntale a {name}, {n}", "el fontanero {name}: {n}"],
               names=["Lucía Fernández", "Javier Ortega", "María José Ruiz", "Diego Castillo", "Sofía Navarro"],
               role=["Jefa de obra", "Soporte", "Ventas", "Guardia"]),
    "it": dict(mob=["Cell.", "Cellulare", "Mobile"], tel=["Tel.", "Telefono", "Fisso"], ext=["int.", "interno"],
               sent=["chiamami al {n}", "il mio numero è {n}", "sono raggiungibile al {n} fino alle 18",
                     "per urgenze: {n}"],
               name=["{name} risponde al {n}", "chiedi a {name}, {n}", "il tecnico ({name}) {n}"],
               names=["Giulia Romano", "Marco Bianchi", "Francesca Esposito", "Luca Ferrari"],
               role=["Responsabile", "Reperibile", "Commerciale"]),
    "nl": dict(mob=["Mobiel", "GSM", "Mob."], tel=["Tel.", "Telefoon", "Vast"], ext=["toestel", "tst."],
               sent=["bel me even op {n}", "mijn nummer is {n}", "ben vandaag alleen bereikbaar op {n}",
                     "bij nood: {n}"],
               name=["{name} zit op {n}", "vraag {name}, {n}", "de loodgieter ({name}) {n}"],
               names=["Sanne de Vries", "Daan Jansen", "Lotte van Dijk", "Bram Peeters", "Fleur Maes"],
               role=["Teamlead", "Facilitair", "Wachtdienst"]),
    "pl": dict(mob=["Kom.", "Komórka", "Tel. kom."], tel=["Tel.", "Telefon", "Stacjonarny"], ext=["wew."],
               sent=["zadzwoń do mnie na {n}", "mój numer to {n}", "jestem pod {n} do 17", "w razie czego: {n}"],
               name=["{name} jest pod {n}", "zapytaj {name}, {n}", "pan {name} (hydraulik) {n}"],
               names=["Tomasz Wiśniewski", "Agnieszka Kowalczyk", "Paweł Zieliński", "Magdalena Wójcik"],
               role=["Kierownik", "Dyżur", "Sprzedaż"]),
    "sv": dict(mob=["Mobil", "Mob"], tel=["Tel", "Telefon", "Växel"], ext=["ankn."],
               sent=["ring mig på {n}", "mitt nummer är {n}", "nås på {n} hela dagen", "akut? {n}"],
               name=["{name} nås på {n}", "fråga {name}, {n}"],
               names=["Erik Lindqvist", "Sara Bergström", "Johan Åkesson", "Maja Nyström"],
               role=["Platschef", "Jour"]),
    "no": dict(mob=["Mobil", "Mob"], tel=["Tlf", "Telefon"], ext=["internnr."],
               sent=["ring meg på {n}", "nummeret mitt er {n}", "treffes på {n} i dag"],
               name=["{name} har nøklene, {n}", "spør {name}, {n}"],
               names=["Kari Nordmann", "Ola Haugen", "Ingrid Solberg", "Magnus Bakke"],
               role=["Driftsansvarlig", "Vakt"]),
    "da": dict(mob=["Mobil", "Mob."], tel=["Tlf.", "Telefon"], ext=["lokal"],
               sent=["ring til mig på {n}", "mit nummer er {n}", "kan fanges på {n} efter kl. 16"],
               name=["{name} er på {n}", "spørg {name}, {n}"],
               names=["Mette Sørensen", "Rasmus Kjær", "Sofie Møller", "Anders Holm"],
               role=["Teamleder", "Vagt"]),
    "fi": dict(mob=["Puh.", "GSM", "Matkapuhelin"], tel=["Puhelin", "Vaihde"], ext=["alanumero"],
               sent=["soita mulle numeroon {n}", "numeroni on {n}", "tavoitat minut numerosta {n}"],
               name=["{name} vastaa numerosta {n}", "kysy {name}lta, {n}"],
               names=["Aino Virtanen", "Mikko Korhonen", "Elina Mäkinen", "Juha Nieminen"],
               role=["Tiiminvetäjä", "Päivystys"]),
    "pt": dict(mob=["Cel.", "Celular", "Telemóvel", "Whats"], tel=["Tel.", "Telefone", "Fixo"], ext=["ramal", "ext."],
               sent=["me liga no {n}", "meu número é {n}", "estou no {n} a tarde toda", "urgente? {n}",
                     "manda mensagem no {n}"],
               name=["o {name} atende no {n}", "fala com a {name}, {n}", "{name} (síndico) {n}"],
               names=["João Pereira", "Ana Beatriz Souza", "Rafael Oliveira", "Mariana Costa", "Tiago Santos"],
               role=["Gerente", "Plantão", "Comercial"]),
    "hi": dict(mob=["मोबाइल", "Mob", "फ़ोन"], tel=["फ़ोन", "Tel", "ऑफिस"], ext=["एक्सटेंशन", "ext."],
               sent=["मुझे {n} पर कॉल करो", "मेरा नंबर {n} है", "call me on {n} yaar", "कल से मैं {n} पर मिलूंगा"],
               name=["{name} को {n} पर कॉल कर लेना", "{name} ji: {n}", "driver {name} – {n}"],
               names=["Rahul Sharma", "Ananya Iyer", "Vikram Singh", "Pooja Mehta", "Arjun Reddy"],
               role=["Site in-charge", "Accounts", "Support"]),
    "zh": dict(mob=["手机", "手机号"], tel=["电话", "座机"], ext=["转"],
               sent=["有事打我电话 {n}", "我的号码是{n}", "联系我：{n}", "加我微信，就是手机号 {n}"],
               name=["找{name}，{n}", "{name} {n}，钥匙在他那", "师傅{name}：{n}"],
               names=["王伟", "李娜", "张强", "刘洋", "陈静"],
               role=["负责人", "值班", "销售"]),
    "ja": dict(mob=["携帯", "ケータイ"], tel=["電話", "TEL", "代表"], ext=["内線"],
               sent=["何かあれば{n}まで電話ください", "私の番号は{n}です", "連絡先：{n}", "今日は{n}にかけてください"],
               name=["{name}さん {n}", "{name}さんに聞いて（{n}）", "鍵は{name}さんが持ってます、{n}"],
               names=["佐藤 健", "鈴木 美咲", "高橋 大輔", "田中 陽子"],
               role=["現場責任者", "総務", "当番"]),
    "ko": dict(mob=["휴대폰", "핸드폰", "H.P"], tel=["전화", "Tel", "대표번호"], ext=["내선"],
               sent=["급하면 {n}로 전화 주세요", "제 번호는 {n}입니다", "연락처: {n}"],
               name=["{name} 님 {n}", "{name}한테 물어보세요 {n}"],
               names=["김민준", "이서연", "박지훈", "최유나"],
               role=["팀장", "당직"]),
    "ar": dict(mob=["جوال", "موبايل", "الجوال"], tel=["هاتف", "تليفون", "ت"], ext=["تحويلة"],
               sent=["اتصل بي على {n}", "رقمي {n}", "تقدر تكلمني على {n} بعد المغرب", "للطوارئ: {n}",
                     "واتساب {n}"],
               name=["كلم {name} على {n}", "{name}: {n}", "الأستاذ {name} {n}"],
               names=["أحمد حسن", "فاطمة الزهراء", "محمد العتيبي", "سارة خالد", "يوسف منصور"],
               role=["مدير الموقع", "المناوب"]),
    "fa": dict(mob=["موبایل", "همراه"], tel=["تلفن", "ثابت"], ext=["داخلی"],
               sent=["با {n} تماس بگیر", "شماره من {n} هست", "فقط روی {n} در دسترسم"],
               name=["{name}: {n}", "به {name} زنگ بزن {n}"],
               names=["علی رضایی", "مریم احمدی", "حسین کریمی", "نگار موسوی"],
               role=["مدیر پروژه", "پشتیبانی"]),
    "tr": dict(mob=["Cep", "GSM", "Cep tel."], tel=["Tel", "Telefon", "Sabit"], ext=["dahili"],
               sent=["beni {n} numarasından ara", "numaram {n}", "akşama kadar {n} açık", "acil durumda: {n}"],
               name=["{name} {n}", "{name} Bey'e sor, {n}", "{name} Hanım: {n}"],
               names=["Mehmet Yılmaz", "Ayşe Demir", "Emre Şahin", "Zeynep Çelik"],
               role=["Şantiye şefi", "Nöbetçi"]),
    "ru": dict(mob=["Моб.", "Мобильный", "Сот."], tel=["Тел.", "Телефон", "Раб."], ext=["доб."],
               sent=["звони мне на {n}", "мой номер {n}", "до вечера на связи по {n}", "если что — {n}"],
               name=["{name}: {n}", "наберите {name}, {n}", "ключи у {name}, {n}"],
               names=["Дмитрий Соколов", "Анна Кузнецова", "Сергей Попов", "Ольга Лебедева"],
               role=["Дежурный", "Руководитель"]),
    "uk": dict(mob=["Моб.", "Мобільний"], tel=["Тел.", "Телефон"], ext=["дод."],
               sent=["дзвони мені на {n}", "мій номер {n}", "я на зв'язку за {n}"],
               name=["{name}: {n}", "набери {name}, {n}"],
               names=["Олена Шевченко", "Андрій Коваленко", "Ірина Бондаренко", "Тарас Мельник"],
               role=["Черговий", "Керівник"]),
    "he": dict(mob=["נייד", "פלאפון"], tel=["טלפון", "טל'"], ext=["שלוחה"],
               sent=["תתקשר אליי ל-{n}", "המספר שלי {n}", "אני זמין ב-{n} עד הערב"],
               name=["{name}: {n}", "תשאל את {name}, {n}"],
               names=["נועה לוי", "איתי כהן", "מיכל פרץ", "יונתן ביטון"],
               role=["אחראי משמרת", "תמיכה"]),
}

COMPANIES = ["Acme", "Nordlicht GmbH", "Lumen SAS", "Brightwave Ltd", "Kestrel BV", "Solara SpA", "Vento SA",
             "Quokka Pty Ltd", "Tanuki KK", "Hanul Co."]
TITLE_WORD = {"en": "Operations", "de": "Betrieb", "fr": "Exploitation", "es": "Operaciones", "it": "Operazioni",
              "nl": "Operations", "pl": "Operacje", "sv": "Drift", "no": "Drift", "da": "Drift", "fi": "Ylläpito",
              "pt": "Operações", "hi": "Operations", "zh": "运维部", "ja": "運用部", "ko": "운영팀", "ar": "العمليات",
              "fa": "عملیات", "tr": "Operasyon", "ru": "Эксплуатация", "uk": "Експлуатація", "he": "תפעול"}
HEAD = {"en": ("name", "role", "phone"), "de": ("Name", "Rolle", "Telefon"), "fr": ("Nom", "Rôle", "Téléphone"),
        "es": ("Nombre", "Rol", "Teléfono"), "it": ("Nome", "Ruolo", "Telefono"), "nl": ("Naam", "Rol", "Telefoon"),
        "pl": ("Imię", "Rola", "Telefon"), "sv": ("Namn", "Roll", "Telefon"), "no": ("Navn", "Rolle", "Telefon"),
        "da": ("Navn", "Rolle", "Telefon"), "fi": ("Nimi", "Rooli", "Puhelin"), "pt": ("Nome", "Função", "Telefone"),
        "hi": ("नाम", "भूमिका", "फ़ोन"), "zh": ("姓名", "职责", "电话"), "ja": ("氏名", "担当", "電話"),
        "ko": ("이름", "역할", "전화"), "ar": ("الاسم", "الدور", "الهاتف"), "fa": ("نام", "نقش", "تلفن"),
        "tr": ("Ad", "Rol", "Telefon"), "ru": ("Имя", "Роль", "Телефон"), "uk": ("Ім'я", "Роль", "Телефон"),
        "he": ("שם", "תפקיד", "טלפון")}
INTRO = {"en": ["on-call this week:", "contacts for Saturday:", "fyi"], "de": ["Bereitschaft diese Woche:", "Kontakte fürs Wochenende:"],
         "fr": ["astreinte de la semaine :", "contacts pour samedi :"], "es": ["guardia de esta semana:", "contactos del sábado:"],
         "it": ["reperibilità settimana:", "contatti per sabato:"], "nl": ["wachtdienst deze week:", "contacten zaterdag:"],
         "pl": ["dyżur w tym tygodniu:", "kontakty na sobotę:"], "sv": ["jour denna vecka:"], "no": ["vakt denne uka:"],
         "da": ["vagt i denne uge:"], "fi": ["päivystys tällä viikolla:"], "pt": ["plantão desta semana:", "contatos do sábado:"],
         "hi": ["is hafte on-call:", "इस हफ्ते के संपर्क:"], "zh": ["本周值班：", "周六联系人："], "ja": ["今週の当番：", "土曜日の連絡先："],
         "ko": ["이번 주 당직:", "토요일 연락처:"], "ar": ["المناوبة هذا الأسبوع:", "جهات الاتصال يوم السبت:"],
         "fa": ["کشیک این هفته:"], "tr": ["bu haftaki nöbet:"], "ru": ["дежурные на неделе:"], "uk": ["чергові цього тижня:"],
         "he": ["תורנות השבוע:"]}


def phone_text(country, layout, n_numbers):
    code, lang, _ = PLAN[country]
    # Language of the text: mostly the country's, sometimes English (expat chat)
    if lang != "en" and R.random() < 0.15:
        lang = "en"
    L = PL_[lang]
    want = "mobile" if R.random() < 0.6 else "landline"
    n1, t1, sc1 = make_phone(country, want)
    nums = [n1]
    if n_numbers == 2:
        n2, _, _ = make_phone(country, "landline" if want == "mobile" else "mobile")
        nums.append(n2)
    name = ch(L["names"])
    if layout == "label":
        lbl = ch(L["mob"] if want == "mobile" else L["tel"])
        text = ch(["{l}: {n}", "{l} {n}", "{l}. {n}", "{nm}\n{l}: {n}", "{l} → {n}"]).format(l=lbl, n=n1, nm=name)
    elif layout == "sentence":
        text = ch(L["sent"]).format(n=n1)
        if R.random() < 0.3:
            text = ch(["hey, ", "ok ", "btw ", ""]) + text
    elif layout == "name_only":
        text = ch(L["name"]).format(name=name.split()[0] if R.random() < 0.5 else name, n=n1)
    elif layout == "signature":
        title = ch(L["role"])
        comp = ch(COMPANIES)
        lines = ["--", name, "%s | %s, %s" % (title, comp, TITLE_WORD[lang])]
        if n_numbers == 2:
            lines.append("%s %s" % (ch(L["mob"]), nums[0]))
            lines.append("%s %s" % (ch(L["tel"]), nums[1]))
        else:
            lines.append("%s %s" % (ch(L["mob"] + L["tel"]), n1))
        text = ch(["thanks!", "ok, see below", "👍", "merci", "danke"]) + "\n" + "\n".join(lines)
    elif layout == "table":
        h = HEAD[lang]
        rows = ["| %s | %s | %s |" % h, "|---|---|---|"]
        names2 = [name, ch([x for x in L["names"] if x != name])]
        for i, nn in enumerate(nums):
            rows.append("| %s | %s | %s |" % (names2[i], ch(L["role"]), nn))
        text = ch(INTRO[lang]) + "\n" + "\n".join(rows)
    elif layout == "vcard":
        fam = name.split()[-1]
        giv = name.split()[0]
        lines = ["BEGIN:VCARD", "VERSION:3.0", "N:%s;%s;;;" % (fam, giv), "FN:%s" % name, "ORG:%s" % ch(COMPANIES)]
        lines.append("TEL;TYPE=CELL:%s" % nums[0])
        if n_numbers == 2:
            lines.append("TEL;TYPE=WORK,VOICE:%s" % nums[1])
        lines.append("END:VCARD")
        text = ch(["contact card:", "here's the vcf", "```"]) + "\n" + "\n".join(lines)
        if text.startswith("```"):
            text += "\n```"
    elif layout == "csv":
        h = HEAD[lang]
        rows = ["%s,%s,%s" % h]
        names2 = [name, ch([x for x in L["names"] if x != name])]
        for i, nn in enumerate(nums):
            rows.append('%s,%s,"%s"' % (names2[i], ch(L["role"]), nn) if R.random() < 0.5 else
                        "%s,%s,%s" % (names2[i], ch(L["role"]), nn))
        text = "```\n" + "\n".join(rows) + "\n```"
    elif layout == "extension":
        e = ch(L["ext"])
        x = dig(ch([2, 3, 4]), "123456789")
        text = ch(["{t}: {n} {e} {x}", "{t} {n}, {e} {x}", "{n} ({e} {x})", "{nm} – {n} {e}{x}"]).format(
            t=ch(L["tel"]), n=n1, e=e if len(e) == 1 else e + " ", x=x, nm=name)
    elif layout == "json":
        key = ch(["phone", "mobile", "tel", "contact_phone", "emergencyContact"])
        text = '```json\n{"name": "%s", "%s": "%s"}\n```' % (name, key, n1)
    elif layout == "list":
        nm2 = L["names"][:]
        R.shuffle(nm2)
        text = ch(INTRO[lang]) + "\n" + "\n".join("• %s %s" % (nm2[i], nn) for i, nn in enumerate(nums))
    elif layout == "quote":
        text = "> " + ch(L["sent"]).format(n=n1) + "\n" + ch(["^ from the ticket", "fwd from the customer", "see above"])
    else:
        raise ValueError(layout)
    return text, nums, lang


# ---------------------------------------------------------------------------
# Passwords
# ---------------------------------------------------------------------------
PW = {
    "en": dict(lbl=["password", "pw", "pass", "pwd", "Password"], user="user", login="login",
               wifi=["the wifi is {pw}", "guest wifi: {pw}", "wifi pw is {pw}"],
               nol=["I changed it to {pw} — don't forward", "it's {pw} now, they rotated it", "new one for the router: {pw}",
                    "try {pw}, that worked for me yesterday", "the admin panel takes {pw} since Friday"],
               lead=["here's the config:", "this works locally:", "use this for staging"],
               words=["harbor", "violet", "pancake", "granite", "lantern", "mango", "thunder", "pebble", "falcon", "velvet"]),
    "de": dict(lbl=["Passwort", "PW", "Kennwort", "Pw"], user="Benutzer", login="Login",
               wifi=["WLAN-Passwort: {pw}", "das WLAN ist {pw}", "Gast-WLAN: {pw}"],
               nol=["hab's auf {pw} geändert", "ist jetzt {pw}, bitte nicht weitergeben", "für den Router: {pw}",
                    "probier mal {pw}"],
               lead=["hier die Config:", "so läuft's lokal:", "für Staging:"],
               words=["Sonnenblume", "Fahrrad", "Kaffee", "Regen", "Brücke", "Eichhörnchen", "Schlüssel", "Wolke", "Gurke", "Straße"]),
    "fr": dict(lbl=["mot de passe", "mdp", "MDP", "pass"], user="utilisateur", login="identifiant",
               wifi=["le wifi c'est {pw}", "code wifi : {pw}", "wifi invités : {pw}"],
               nol=["je l'ai changé en {pw}", "c'est {pw} maintenant, ne le diffuse pas", "pour la box : {pw}",
                    "essaie {pw}"],
               lead=["voilà la conf :", "ça marche en local :", "pour la préprod :"],
               words=["fromage", "été", "baguette", "château", "nuage", "hérisson", "cerise", "bateau", "forêt", "lune"]),
    "es": dict(lbl=["contraseña", "clave", "pass", "contra"], user="usuario", login="acceso",
               wifi=["la clave del wifi es {pw}", "wifi: {pw}", "contraseña del wifi: {pw}"],
               nol=["la cambié a {pw}", "ahora es {pw}, no la compartas", "para el router: {pw}", "prueba con {pw}"],
               lead=["aquí va la config:", "así funciona en local:", "para staging:"],
               words=["montaña", "limón", "guitarra", "sol", "pájaro", "cereza", "río", "niño", "luna", "tortuga"]),
    "it": dict(lbl=["password", "pwd", "pass", "parola d'ordine"], user="utente", login="login",
               wifi=["la password del wifi è {pw}", "wifi ospiti: {pw}"],
               nol=["l'ho cambiata in {pw}", "adesso è {pw}, non girarla", "per il router: {pw}"],
               lead=["ecco la config:", "in locale funziona così:"],
               words=["pizza", "gelato", "farfalla", "stella", "limone", "montagna", "città", "caffè", "barca", "nuvola"]),
    "pt": dict(lbl=["senha", "pass", "password"], user="usuário", login="login",
               wifi=["a senha do wifi é {pw}", "wifi visitantes: {pw}"],
               nol=["mudei pra {pw}", "agora é {pw}, não repassa", "pro roteador: {pw}", "tenta {pw}"],
               lead=["segue a config:", "assim funciona local:"],
               words=["coração", "abacaxi", "praia", "saudade", "café", "janela", "limão", "estrela", "caju", "pão"]),
    "nl": dict(lbl=["wachtwoord", "ww", "pw"], user="gebruiker", login="login",
               wifi=["de wifi is {pw}", "wifi-wachtwoord: {pw}"],
               nol=["heb het veranderd naar {pw}", "is nu {pw}, niet doorsturen", "voor de router: {pw}"],
               lead=["hier de config:", "lokaal werkt dit:"],
               words=["fiets", "stroopwafel", "molen", "tulp", "regen", "kaas", "gracht", "kikker", "appel", "wolk"]),
    "pl": dict(lbl=["hasło", "haslo", "pass"], user="użytkownik", login="login",
               wifi=["hasło do wifi: {pw}", "wifi dla gości: {pw}"],
               nol=["zmieniłem na {pw}", "teraz jest {pw}, nie przekazuj dalej", "do routera: {pw}"],
               lead=["tu config:", "lokalnie działa tak:"],
               words=["żaba", "pierogi", "słońce", "rower", "jabłko", "księżyc", "góra", "miód", "kwiat", "łódź"]),
    "sv": dict(lbl=["lösenord", "lösen", "pw"], user="användare", login="inlogg",
               wifi=["wifi-lösenordet är {pw}", "gäst-wifi: {pw}"],
               nol=["bytte till {pw}", "det är {pw} nu, sprid inte", "till routern: {pw}"],
               lead=["här är configen:", "så funkar det lokalt:"],
               words=["älg", "kanelbulle", "sjö", "skog", "hallon", "båt", "snö", "måne", "räka", "fika"]),
    "fi": dict(lbl=["salasana", "ss", "pw"], user="käyttäjä", login="tunnus",
               wifi=["wifin salasana on {pw}", "vieras-wifi: {pw}"],
               nol=["vaihdoin sen muotoon {pw}", "nyt se on {pw}, älä jaa", "reitittimeen: {pw}"],
               lead=["tässä konffi:", "paikallisesti toimii näin:"],
               words=["sauna", "järvi", "mökki", "kissa", "lumi", "mustikka", "karhu", "tähti", "pulla", "metsä"]),
    "tr": dict(lbl=["şifre", "parola", "sifre"], user="kullanıcı", login="giriş",
               wifi=["wifi şifresi {pw}", "misafir wifi: {pw}"],
               nol=["{pw} olarak değiştirdim", "artık {pw}, kimseyle paylaşma", "modem için: {pw}"],
               lead=["config burada:", "lokalde böyle çalışıyor:"],
               words=["kedi", "çay", "deniz", "güneş", "simit", "lale", "ağaç", "kuş", "yıldız", "dağ"]),
    "ru": dict(lbl=["пароль", "пасс", "pass"], user="логин", login="вход",
               wifi=["пароль от вайфая {pw}", "гостевой wifi: {pw}"],
               nol=["поменял на {pw}", "теперь {pw}, никому не пересылай", "для роутера: {pw}"],
               lead=["вот конфиг:", "локально работает так:"],
               words=["медведь", "солнце", "река", "берёза", "кошка", "зима", "окно", "лампа", "сова", "чайник"]),
    "uk": dict(lbl=["пароль", "пасс"], user="користувач", login="логін",
               wifi=["пароль від вайфаю {pw}", "wifi для гостей: {pw}"],
               nol=["змінив на {pw}", "тепер {pw}, нікому не пересилай", "для роутера: {pw}"],
               lead=["ось конфіг:", "локально працює так:"],
               words=["соняшник", "вишня", "кава", "ріка", "лелека", "зоря", "калина", "хата", "сонце", "мрія"]),
    "ja": dict(lbl=["パスワード", "パス", "PW"], user="ユーザー", login="ログイン",
               wifi=["Wi-Fiのパスワードは{pw}です", "ゲストWi-Fi：{pw}"],
               nol=["{pw} に変更しました", "今は {pw} です、転送しないでください", "ルーター用：{pw}"],
               lead=["設定はこちら：", "ローカルではこれで動きます："],
               words=["sakura", "tsuki", "neko", "umi", "yama", "hoshi", "kawa", "sora", "ringo", "kaze"]),
    "zh": dict(lbl=["密码", "口令", "pwd"], user="用户名", login="登录",
               wifi=["wifi密码是{pw}", "访客wifi：{pw}"],
               nol=["我改成 {pw} 了", "现在是 {pw}，别外传", "路由器的：{pw}"],
               lead=["配置如下：", "本地这样能跑："],
               words=["xiongmao", "yueliang", "hudie", "chaye", "longjing", "taiyang", "xiaomao", "shuijiao", "baozi", "meihua"]),
    "ko": dict(lbl=["비밀번호", "비번", "PW"], user="아이디", login="로그인",
               wifi=["와이파이 비번은 {pw}", "게스트 와이파이: {pw}"],
               nol=["{pw}로 바꿨어요", "지금은 {pw}예요, 공유하지 마세요", "공유기: {pw}"],
               lead=["설정 여기요:", "로컬에서는 이렇게 돼요:"],
               words=["haneul", "bada", "gimchi", "sarang", "tokki", "byeol", "namu", "gureum", "dalbit", "kkot"]),
    "ar": dict(lbl=["كلمة المرور", "كلمة السر", "الباسورد"], user="المستخدم", login="الدخول",
               wifi=["باسورد الواي فاي {pw}", "كلمة سر الواي فاي: {pw}"],
               nol=["غيرتها إلى {pw}", "صارت {pw} الحين، لا ترسلها لأحد", "للراوتر: {pw}"],
               lead=["هذا الكونفيج:", "محلياً يشتغل كذا:"],
               words=["qamar", "nakhla", "sahra", "bahr", "ward", "jamal", "shams", "najma", "asad", "ghaim"]),
    "he": dict(lbl=["סיסמה", "סיסמא", "pw"], user="משתמש", login="כניסה",
               wifi=["הסיסמה לוויפי {pw}", "וויפי אורחים: {pw}"],
               nol=["שיניתי ל-{pw}", "עכשיו זה {pw}, אל תעביר הלאה", "לראוטר: {pw}"],
               lead=["הנה הקונפיג:", "לוקאלית זה עובד ככה:"],
               words=["shemesh", "yam", "tapuach", "kelev", "anan", "perach", "yareach", "hatul", "ets", "sukar"]),
    "hi": dict(lbl=["पासवर्ड", "pw", "password"], user="यूज़र", login="लॉगिन",
               wifi=["wifi का पासवर्ड {pw} है", "guest wifi: {pw}"],
               nol=["मैंने इसे {pw} कर दिया", "ab {pw} hai, kisi ko mat bhejna", "router ke liye: {pw}"],
               lead=["ये रहा config:", "local pe ye chal raha hai:"],
               words=["chai", "aam", "barish", "hathi", "mitti", "sitara", "nadi", "mor", "chand", "kamal"]),
    "id": dict(lbl=["kata sandi", "sandi", "password", "pass"], user="pengguna", login="login",
               wifi=["password wifi-nya {pw}", "wifi tamu: {pw}"],
               nol=["udah aku ganti jadi {pw}", "sekarang {pw}, jangan disebar", "buat router: {pw}"],
               lead=["ini konfignya:", "di lokal jalan begini:"],
               words=["kopi", "pisang", "hujan", "gunung", "kucing", "bulan", "sawah", "nasi", "pelangi", "angin"]),
}
PW_LANGS = ["en", "de", "fr", "es", "it", "pt", "nl", "pl", "sv", "fi", "tr", "ru", "uk", "ja", "zh", "ko", "ar", "he",
            "hi", "id"]
LEET = {"a": "4", "e": "3", "i": "1", "o": "0", "s": "$", "t": "7"}
USED_PW = []
URL_SAFE_SYM = "-_.~!*"
CONF_SYM = "!%+-_.*^"
WIDE_SYM = "!#%&*+-_.?=^~@"


def mixed(n, sym):
    pools = ["ABCDEFGHJKLMNPQRSTUVWXYZ", "abcdefghijkmnopqrstuvwxyz", "23456789", sym]
    out = [ch(p) for p in pools] + [ch("".join(pools)) for _ in range(n - 4)]
    R.shuffle(out)
    while not out[-1].isalnum() or not out[0].isalnum():
        out = out[1:] + out[:1]
    return "".join(out)


def make_pw(lang, style, sym=CONF_SYM, ascii_only=False):
    words = PW[lang]["words"] if not ascii_only else PW["en"]["words"]
    for _ in range(1000):
        if style == "random":
            p = mixed(R.randint(10, 18), sym)
        elif style == "wordy":
            w = ch(words)
            p = w[0].upper() + w[1:] + ch(sym) + dig(ch([2, 3, 4]))
            if R.random() < 0.4:
                w2 = ch(words)
                p = w[0].upper() + w[1:] + w2[0].upper() + w2[1:] + dig(2) + ch(sym.replace(".", "") or "!")
        elif style == "passphrase":
            sep = ch(["-", ".", "_", "-"]) if sym != WIDE_SYM else ch(["-", " ", ".", "_", " "])
            ws = [ch(words) for _ in range(R.randint(3, 5))]
            p = sep.join(ws)
            if R.random() < 0.5:
                p += sep + dig(ch([1, 2, 3]))
        elif style == "leet":
            w1, w2 = ch(PW["en"]["words"]), ch(PW["en"]["words"])
            base = w1.capitalize() + ch(["", "_", "#", "!"] if sym != URL_SAFE_SYM else ["", "_", "!"]) + w2
            p = "".join(LEET.get(c, c) if R.random() < 0.7 else c for c in base)
            if sym == URL_SAFE_SYM:
                p = p.replace("$", "5").replace("#", "_")
            p += dig(2)
        elif style == "spaces":
            p = ch(["my {w} ate {d} {w2}s", "{W} in the {w2} {d}", "not my {w} {d}!", "{W} & {w2} {d}",
                    "{w} {w2} {w3}", "don't feed the {w} {d}", "the {w}'s {w2} {d}", "\"{W}\" {w2} {d}"]).format(
                w=ch(words), w2=ch(words), w3=ch(words), W=ch(words).capitalize(), d=dig(ch([2, 3, 4])))
        else:
            raise ValueError(style)
        if ascii_only and not p.isascii():
            continue
        if p not in USED_PW and len(p) >= 8:
            USED_PW.append(p)
            return p
    raise RuntimeError("pw")


HOSTS = ["db.internal", "pg-prod-2.corp.lan", "10.20.3.14", "mysql01.svc.cluster.local", "redis-cache.local",
         "sql-eu-west.corp", "db-staging.acme.lan"]
USERS = ["app", "svc_billing", "deploy", "admin_ro", "etl", "jenkins", "backup", "grafana", "kasia.n", "j.weber",
         "m.rossi", "ops"]


def lead(lang):
    return ch(PW[lang]["lead"])


def pw_text(lang, layout, two):
    P = PW[lang]
    L = ch(P["lbl"])
    pws = []

    def new(style=None, sym=CONF_SYM, ascii_only=False):
        st = style or ch(["random", "random", "wordy", "leet", "passphrase"])
        p = make_pw(lang, st, sym, ascii_only)
        pws.append(p)
        return p

    u = ch(USERS)
    h = ch(HOSTS)
    if layout == "wifi":
        p = new(ch(["wordy", "random", "passphrase", "leet"]), WIDE_SYM)
        t = ch(P["wifi"]).format(pw=p)
    elif layout == "wifi_qr":
        p = new(ch(["wordy", "random", "leet"]), "!-_.*+%")
        ssid = ch(["Office-5G", "Gaeste", "Acme-Guest", "Lab_IoT", "FRITZ!Box 7590 KQ"])
        t = "%s\n`WIFI:T:WPA;S:%s;P:%s;;`" % (ch(["wifi QR:", "Wi-Fi (QR):", "QR →"]), ssid, p)
    elif layout == "pw_short":
        p = new(None, WIDE_SYM)
        t = ch(["{l} {p}", "{l}: {p}", "{l}={p}", "{l} `{p}`", "{l} - {p}"]).format(l=L, p=p)
    elif layout == "login_slash":
        p = new(None, WIDE_SYM.replace("/", ""))
        t = ch(["{lo}: {u} / {p}", "{lo} {u} / {p}", "{u} / {p}", "{lo}: {u}:{p}"]).format(lo=P["login"], u=u, p=p)
        if two:
            p2 = new(None, WIDE_SYM)
            t += "\n" + ch(["vpn", "jira", "nas", "grafana"]) + ": " + ch(USERS) + " / " + p2
    elif layout == "user_pass_lines":
        p = new(None, WIDE_SYM)
        t = "%s: %s\n%s: %s" % (P["user"], u, L, p)
    elif layout == "nolabel":
        p = new(ch(["wordy", "random", "leet", "passphrase"]), WIDE_SYM)
        t = ch(P["nol"]).format(pw=p)
    elif layout == "ini":
        p = new(None, CONF_SYM)
        t = "%s\n```ini\n[database]\nhost = %s\nuser = %s\npassword = %s\n```" % (lead(lang), h, u, p)
    elif layout == "yaml":
        p = new(None, CONF_SYM)
        q = ch(['"', "'", ""])
        t = "%s\n```yaml\ndatabase:\n  host: %s\n  username: %s\n  password: %s%s%s\n```" % (lead(lang), h, u, q, p, q)
    elif layout == "properties":
        p = new(None, CONF_SYM)
        t = "%s\n```\nspring.datasource.url=jdbc:postgresql://%s:5432/app\nspring.datasource.username=%s\nspring.datasource.password=%s\n```" % (
            lead(lang), h, u, p)
    elif layout == "dotenv":
        p = new(None, CONF_SYM)
        lines = ["DB_HOST=%s" % h, "DB_USER=%s" % u, "DB_PASSWORD=%s" % p]
        if two:
            lines.append("REDIS_PASSWORD=%s" % new("random", CONF_SYM))
        t = "%s\n```\n%s\n```" % (lead(lang), "\n".join(lines))
    elif layout == "url_userinfo":
        p = new(ch(["random", "wordy", "leet", "passphrase"]), URL_SAFE_SYM, ascii_only=True)
        t = "%s %s" % (lead(lang), ch([
            "postgres://{u}:{p}@{h}:5432/app", "postgresql://{u}:{p}@{h}/orders?sslmode=require",
            "mysql://{u}:{p}@{h}:3306/shop", "mongodb+srv://{u}:{p}@cluster0.acme.mongodb.net/prod",
            "redis://:{p}@{h}:6379/0", "amqps://{u}:{p}@mq.corp.lan:5671/vhost",
            "https://{u}:{p}@git.corp.lan/infra/terraform.git"]).format(u=u, p=p, h=h))
    elif layout == "ado":
        p = new(None, "!%+-_.*^")
        t = "%s\n`Server=%s;Database=crm;User Id=%s;Password=%s;TrustServerCertificate=True;`" % (lead(lang), h, u, p)
    elif layout == "jdbc":
        p = new(None, "!-_.*", ascii_only=True)
        t = "%s\n`jdbc:mysql://%s:3306/shop?user=%s&password=%s&useSSL=true`" % (lead(lang), h, u, p)
    elif layout == "cli_flag":
        p = new(None, "%+-_.^", ascii_only=True)
        t = lead(lang) + "\n```\n" + ch([
            "mysql -h {h} -u {u} -p'{p}' shop", "mysqldump -u {u} -p{p} --all-databases > dump.sql",
            "sshpass -p '{p}' ssh {u}@{h}", "docker login registry.corp.lan -u {u} -p {p}",
            "./migrate --db-host {h} --db-user {u} --db-password={p}", "curl -u {u}:{p} https://nexus.corp.lan/service/rest/v1/status",
            "redis-cli -h {h} -a {p} ping", "net user {u} {p} /add", "PGPASSWORD={p} psql -h {h} -U {u} app",
            "htpasswd -b -c .htpasswd {u} {p}", "smbclient //nas01/share -U {u}%{p}"]).format(h=h, u=u, p=p) + "\n```"
    elif layout == "code":
        p = new(None, "!%+-_.*^#")
        t = lead(lang) + "\n" + ch([
            "```python\nconn = psycopg2.connect(host=\"{h}\", user=\"{u}\", password=\"{p}\", dbname=\"app\")\n```",
            "```js\nconst pool = mysql.createPool({{ host: '{h}', user: '{u}', password: '{p}' }});\n```",
            "```java\nds.setUser(\"{u}\");\nds.setPassword(\"{p}\");\n```",
            "```go\ncfg := mysql.Config{{User: \"{u}\", Passwd: \"{p}\", Addr: \"{h}:3306\"}}\n```",
            "```csharp\nvar cred = new NetworkCredential(\"{u}\", \"{p}\");\n```",
            "```php\n$pdo = new PDO('mysql:host={h};dbname=shop', '{u}', '{p}');\n```",
            "```python\nsmtp.login(\"{u}\", \"{p}\")\n```"]).format(h=h, u=u, p=p)
    elif layout == "docker":
        p = new(None, "%+-_.^")
        if two:
            p2 = new("random", "%+-_.^")
            t = "%s\n```yaml\nservices:\n  db:\n    image: mysql:8.4\n    environment:\n      MYSQL_ROOT_PASSWORD: %s\n      MYSQL_USER: %s\n      MYSQL_PASSWORD: %s\n```" % (
                lead(lang), p, u, p2)
        else:
            t = lead(lang) + "\n```\n" + ch([
                "docker run -d -e POSTGRES_PASSWORD={p} -p 5432:5432 postgres:16",
                "docker run -e MYSQL_ROOT_PASSWORD={p} -d mysql:8.4",
                "docker run -e RABBITMQ_DEFAULT_USER={u} -e RABBITMQ_DEFAULT_PASS={p} rabbitmq:3-management"]).format(p=p, u=u) + "\n```"
    elif layout == "k8s":
        p = new(None, "%+-_.^")
        t = lead(lang) + "\n```\n" + ch([
            "kubectl create secret generic db-creds --from-literal=username={u} --from-literal=password='{p}'",
            "apiVersion: v1\nkind: Secret\nmetadata:\n  name: db-creds\ntype: Opaque\nstringData:\n  username: {u}\n  password: \"{p}\"",
            "        env:\n        - name: DB_PASSWORD\n          value: \"{p}\"",
            "helm upgrade --install api ./chart --set db.password='{p}'"]).format(u=u, p=p) + "\n```"
    elif layout == "passphrase":
        p = new("passphrase", WIDE_SYM)
        t = ch(["{l}: {p}", "{l} is `{p}`", "{l} → {p}", "{p}"]).format(l=L, p=p)
        if t == p:
            t = ch(P["nol"]).format(pw=p)
    elif layout == "leet":
        p = new("leet", WIDE_SYM)
        t = ch(["{l}: {p}", "{l} {p}", "{lo} {u} {l} {p}"]).format(l=L, p=p, lo=P["login"], u=u)
    elif layout == "quoted_spaces":
        p = new("spaces", WIDE_SYM)
        t = ch(["{l}: `{p}`", "{l} is literally {p} (with the spaces)", "{l}: {p}", "{l} «{p}»"]).format(l=L, p=p)
    elif layout == "table":
        h3 = {"en": "service"}.get(lang, "service")
        rows = ["| %s | %s | %s |" % (h3, P["user"], L), "|---|---|---|"]
        svcs = ["grafana", "nas", "vpn", "jenkins", "router"]
        R.shuffle(svcs)
        rows.append("| %s | %s | %s |" % (svcs[0], u, new(None, CONF_SYM)))
        if two:
            rows.append("| %s | %s | %s |" % (svcs[1], ch(USERS), new(None, CONF_SYM)))
        t = "\n".join(rows)
    elif layout == "netrc":
        p = new(None, "!%+-_.*^", ascii_only=True)
        t = lead(lang) + "\n```\n" + ch([
            "machine api.corp.lan login {u} password {p}",
            "{h}:5432:app:{u}:{p}",
            "[client]\nuser={u}\npassword={p}"]).format(u=u, p=p, h=h) + "\n```"
    elif layout == "sql":
        p = new(None, "!%+-_.*^", ascii_only=True)
        t = lead(lang) + "\n```sql\n" + ch([
            "CREATE USER {u} WITH PASSWORD '{p}';", "ALTER USER {u} IDENTIFIED BY \"{p}\";",
            "CREATE LOGIN {u} WITH PASSWORD = '{p}';", "SET PASSWORD FOR '{u}'@'%' = '{p}';"]).format(u=u, p=p) + "\n```"
    else:
        raise ValueError(layout)
    return t, pws


PW_LAYOUTS = ["wifi", "wifi_qr", "pw_short", "login_slash", "user_pass_lines", "nolabel", "ini", "yaml", "properties",
              "dotenv", "url_userinfo", "ado", "jdbc", "cli_flag", "code", "docker", "k8s", "passphrase", "leet",
              "quoted_spaces", "table", "netrc", "sql"]
PW_TWO = ["login_slash", "dotenv", "docker", "table"]
PH_LAYOUTS = ["label", "sentence", "name_only", "signature", "table", "vcard", "csv", "extension", "json", "list",
              "quote"]
PH_TWO = ["signature", "table", "vcard", "csv", "list"]


def build_positives():
    recs = []
    # phones: 150 texts, 10 of them with two numbers -> 160 numbers
    countries = [p[0] for p in PLANS]
    clist = []
    while len(clist) < 150:
        c = countries[:]
        R.shuffle(c)
        clist += c
    clist = clist[:150]
    llist = []
    while len(llist) < 150:
        l = PH_LAYOUTS[:]
        R.shuffle(l)
        llist += l
    llist = llist[:150]
    two_idx = [i for i in range(150) if llist[i] in PH_TWO]
    R.shuffle(two_idx)
    two_idx = sorted(two_idx[:10])
    items = []
    for i in range(150):
        text, nums, lang = phone_text(clist[i], llist[i], 2 if i in two_idx else 1)
        items.append(("phone_number", clist[i], llist[i], text, nums))
    # passwords: 150 texts, 10 with two passwords -> 160
    plangs = []
    while len(plangs) < 150:
        l = PW_LANGS[:]
        R.shuffle(l)
        plangs += l
    plangs = plangs[:150]
    plays = []
    while len(plays) < 150:
        l = PW_LAYOUTS[:]
        R.shuffle(l)
        plays += l
    plays = plays[:150]
    ptwo = [i for i in range(150) if plays[i] in PW_TWO]
    R.shuffle(ptwo)
    ptwo = sorted(ptwo[:10])
    for i in range(150):
        text, pws = pw_text(plangs[i], plays[i], i in ptwo)
        items.append(("password", plangs[i], plays[i], text, pws))
    R.shuffle(items)
    seen = []
    for k, (kind, where, layout, text, vals) in enumerate(items):
        assert text not in seen
        seen.append(text)
        for v in vals:
            assert v in text, (v, text)
        recs.append({"id": "r14p-%04d" % (k + 1), "text": text,
                     "secrets": [{"kind": kind, "value": v} for v in vals],
                     "context": "%s:%s:%s" % (kind, where, layout)})
    return recs


# ---------------------------------------------------------------------------
# Negatives: 200 near misses, no secret, no personal data
# ---------------------------------------------------------------------------
def neg_order():
    n = ch([dig(10, "123456789"), dig(11, "123456789"), dig(3, "1-9".replace("-", "2345678")) + " " + dig(3) + " " + dig(4),
            dig(4, "123456789") + "-" + dig(3) + "-" + dig(3), dig(3, "123456789") + "." + dig(3) + "." + dig(4)])
    return ch(["order {n} shipped this morning", "Bestellnummer {n} – Lieferung verzögert sich",
               "commande n° {n} : remboursement validé", "pedido {n} cancelado por falta de stock",
               "ordine {n} in consegna domani", "bestelling {n} is geretourneerd", "zamówienie nr {n} opłacone",
               "注文番号 {n} は発送済みです", "订单号 {n} 已退款", "sipariş no {n} kargoya verildi",
               "заказ № {n} собран на складе", "pedido #{n} saiu para entrega", "Amazon order #{n} — wrong size, returning it"]).format(n=n)


def neg_ticket():
    n = ch(["INC" + dig(7), "CS-" + dig(6, "123456789"), "#" + dig(8, "123456789"), "SR " + dig(3) + "-" + dig(3) + "-" + dig(4),
            "REQ" + dig(10), "case " + dig(4) + " " + dig(4)])
    return ch(["ticket {n} reopened, customer still sees the error", "Ticket {n} ist erledigt, bitte schließen",
               "le ticket {n} est en attente du fournisseur", "ticket {n} escalado a nivel 2",
               "see {n} for the root cause", "티켓 {n} 처리 완료", "チケット{n}の対応をお願いします",
               "zgłoszenie {n} przypisane do zespołu sieci", "tiket {n} sudah ditutup", "заявка {n} закрыта"]).format(n=n)


def neg_invoice():
    n = ch(["INV-" + dig(4, "2") + "-" + dig(6), dig(4, "2") + "/" + dig(5), "RE" + dig(10), dig(3) + " " + dig(3) + " " + dig(3),
            "F" + dig(2) + "-" + dig(7), dig(2) + " " + dig(4) + " " + dig(4)])
    amt = "%d.%02d" % (R.randint(20, 9000), R.randint(0, 99))
    return ch(["invoice {n} ({a} EUR) is overdue", "Rechnung {n} über {a} € wurde bezahlt",
               "facture {n} de {a} € envoyée au client", "factura {n} por {a} € pendiente de pago",
               "fattura {n} da {a} € registrata", "faktura {n} na {a} zł zaksięgowana", "请款单 {n}，金额 {a} 元",
               "fatura {n} no valor de R$ {a} vence amanhã", "PO {n} approved, total {a} USD"]).format(n=n, a=amt)


def neg_datetime():
    y = R.randint(2019, 2027)
    m, d = R.randint(1, 12), R.randint(1, 28)
    hh, mm = R.randint(0, 23), R.randint(0, 59)
    return ch(["deploy window {y}-{m:02d}-{d:02d} {hh:02d}:{mm:02d}–{h2:02d}:{mm:02d} UTC",
               "Termin am {d:02d}.{m:02d}.{y} um {hh:02d}:{mm:02d} Uhr", "réunion le {d:02d}/{m:02d}/{y} à {hh}h{mm:02d}",
               "cutover {m:02d}/{d:02d}/{y} {hh:02d}{mm:02d} hrs", "{y}年{m}月{d}日 {hh}:{mm:02d} からメンテナンス",
               "ts={y}{m:02d}{d:02d}{hh:02d}{mm:02d}{s:02d} in the log line", "backup ran {d:02d}-{m:02d}-{y} {hh:02d}:{mm:02d}:{s:02d}",
               "reunión {d}/{m}/{y} de {hh:02d}:{mm:02d} a {h2:02d}:{mm:02d}", "epoch {ep} is when the cert expires",
               "slack ts {ep}.{us} — that's the thread"]).format(
        y=y, m=m, d=d, hh=hh, mm=mm, h2=(hh + 2) % 24, s=R.randint(0, 59), ep=R.randint(1600000000, 1900000000),
        us=dig(6))


def neg_version():
    return ch(["upgraded to {a}.{b}.{c}", "Build {a}.{b}.{c}.{d} is on the test ring", "Windows {w}.{c}.{d}",
               "firmware v{a}.{b}.{c}-r{d} fixes the boot loop", "Android build {A}.{b}{c}{d}.{e}",
               "chrome {ch}.0.{d}.{e} crashes on launch", "kernel {a}.{b}.{c}-{d}-generic", "Version {a}.{b}.{c} (Build {e})",
               "versão {a}.{b}.{c} já está em produção", "release {y}.{m2}.{a}"]).format(
        a=R.randint(1, 19), b=R.randint(0, 40), c=R.randint(0, 200), d=R.randint(100, 9999), e=R.randint(10, 999),
        w="10.0", ch=R.randint(110, 130), A=ch("TSRQP") + "P1A", y=R.randint(2022, 2026), m2="%02d" % R.randint(1, 12))


def grp(n, sep):
    s = str(n)
    out = []
    while len(s) > 3:
        out.insert(0, s[-3:])
        s = s[:-3]
    out.insert(0, s)
    return sep.join(out)


def neg_amount():
    a = R.randint(1000, 9999999)
    c = R.randint(0, 99)
    return ch(["total: €{d},{c:02d}", "budget approved: ${k}.{c:02d}", "Umsatz Q3: {d} €", "montant : {s},{c:02d} €",
               "₹{k} credited as refund", "¥{k}（税込）", "R$ {d},{c:02d} de reembolso", "koszt: {s},{c:02d} zł",
               "{s} ₽ за лицензии", "CHF {ap}.{c:02d} offen"]).format(
        d=grp(a, "."), k=grp(a, ","), s=grp(a, " "), ap=grp(a, "'"), c=c)


def neg_coords():
    la = "%.4f" % (R.uniform(-60, 70))
    lo = "%.4f" % (R.uniform(-170, 170))
    return ch(["meet at the pin: {la}, {lo}", "Koordinaten {la} / {lo}", "GPS: {la},{lo}",
               "the sensor reports lat={la} lon={lo}", "coordonnées : {la}, {lo}", "位置：{la}, {lo}"]).format(la=la, lo=lo)


def neg_postal():
    return ch(["ship to the warehouse at {de} Hamburg", "zip {us}-{us4} for the depot", "Lager in {de} Leipzig, Tor 4",
               "entrepôt : {fr} Lyon", "almacén en {es} Madrid", "magazyn {pl1}-{pl2} Poznań", "CEP {br1}-{br2} (galpão)",
               "〒{jp1}-{jp2} 倉庫宛て", "postcode {nl} AB for the dock", "regional hub, postal code {inn} (Bengaluru)"]).format(
        de=dig(5, "1234"), us=dig(5, "123456789"), us4=dig(4), fr=dig(5, "6"), es=dig(5, "2"), pl1=dig(2, "6"),
        pl2=dig(3), br1=dig(5, "0"), br2=dig(3), jp1=dig(3, "1"), jp2=dig(4), nl=dig(4, "1"), inn=dig(6, "5"))


def neg_ids():
    return ch(["tracking {t}", "Sendungsnummer {t}", "serial no. {s}", "asset tag {a}", "SKU {k}",
               "batch {b} failed QA", "build #{bn} green again", "PR #{pr} merged", "port {p1}-{p2} open on the lb",
               "ISBN {isbn}", "job id {j}", "room {r} is free at 3", "lot {b} recalled", "hash ring slot {s}",
               "error code 0x{hx}"]).format(
        t=ch(["1Z" + "".join(ch("0123456789ABCDEFGHJKLMNPRSTUVWXYZ") for _ in range(16)), dig(12, "3"), dig(20, "0")]),
        s=dig(10, "123456789"), a="AT-" + dig(6), k=dig(3, "1") + "-" + dig(4) + "-" + dig(3), b=dig(8, "123456789"),
        bn=dig(5, "1"), pr=dig(4, "1"), p1=R.randint(30000, 31000), p2=R.randint(31001, 32767),
        isbn="978-" + dig(1) + "-" + dig(3) + "-" + dig(5) + "-" + dig(1), j=dig(11, "1"), r=dig(3, "1234"),
        hx="".join(ch("0123456789ABCDEF") for _ in range(8)))


def neg_policy():
    return ch(["passwords must be at least 12 characters with one digit and one symbol",
               "Passwörter müssen mindestens 14 Zeichen lang sein und alle 90 Tage geändert werden",
               "le mot de passe doit contenir 12 caractères minimum, dont une majuscule",
               "la contraseña debe tener al menos 10 caracteres y no repetir las últimas 5",
               "a senha precisa de 8+ caracteres, um número e um símbolo",
               "hasło musi mieć co najmniej 12 znaków", "パスワードは12文字以上で、英数字と記号を含めてください",
               "密码至少12位，必须包含大小写字母和数字", "비밀번호는 10자 이상, 특수문자 포함",
               "пароль должен быть не короче 12 символов", "şifre en az 10 karakter olmalı",
               "policy: min length 16, no reuse of last 24, lockout after 5 attempts",
               "NIST says drop the forced rotation, just check against breached lists",
               "we're moving to passphrases, min 4 words", "kata sandi minimal 12 karakter, wajib ada angka"])


def neg_talk():
    return ch(["can someone reset my password? locked out of jira again", "what's the wifi password here?",
               "ich hab mein Passwort vergessen, wer kann das zurücksetzen?", "j'ai oublié mon mot de passe VPN",
               "olvidé la contraseña del portal, ¿a quién le pido?", "esqueci minha senha do e-mail",
               "the password is in 1Password under 'Shared/Infra'", "sent you the password via the vault share link",
               "Passwort liegt im KeePass, Eintrag „Router Büro“", "le mot de passe est dans Bitwarden",
               "DM me for the password, not in this channel", "rotated the db password, update your local .env",
               "パスワードを変更したので再ログインしてください", "密码已经改了，请去密码管理器里看",
               "пароль сменил, он в Vault", "şifreyi değiştirdim, kasada duruyor",
               "passwordless login via passkeys ships next sprint", "the forgot-password link 404s on mobile",
               "who knows the admin password for the old NAS?", "hasło jest w menedżerze haseł, folder IT"])


def neg_placeholder():
    return ch(["```\nDB_PASSWORD=${DB_PASSWORD}\n```", "```yaml\npassword: {{ .Values.db.password }}\n```",
               "password: <your-password-here>", "`--password=$MYSQL_PWD`", "```\nPOSTGRES_PASSWORD_FILE=/run/secrets/db_password\n```",
               "```\npassword = %(DB_PASS)s\n```", "`postgres://<user>:<password>@<host>:5432/<db>`",
               "```yaml\npassword: ${{ secrets.DB_PASSWORD }}\n```", "set `password` to YOUR_PASSWORD_HERE in config.local",
               "```\nexport PGPASSWORD=\"$(vault kv get -field=password secret/db)\"\n```",
               "Passwort: <hier eintragen>", "mot de passe : <à compléter>", "contraseña: [TU_CONTRASEÑA]",
               "```\nspring.datasource.password=${SPRING_DATASOURCE_PASSWORD}\n```",
               "`password: \"\"` leaves it empty, which fails validation", "```\n\"password\": \"%DB_PASSWORD%\"\n```",
               "```\nvalueFrom:\n  secretKeyRef:\n    name: db-creds\n    key: password\n```",
               "password=op://Infra/postgres-prod/password", "`-p` without a value makes mysql prompt for it",
               "senha: {{SENHA}}"])


def neg_masked():
    return ch(["password: ********", "pw: ••••••••••", "Passwort: [REDACTED]", "DB_PASSWORD=***",
               "mot de passe : ************ (masqué dans les logs)", "log line shows password=[FILTERED] as expected",
               "`\"password\": \"<redacted>\"` in the audit event", "contraseña: ●●●●●●●●", "パスワード：＊＊＊＊＊＊",
               "password=xxxxxxxx in the sample", "spring.datasource.password=******", "hasło: ****** (ukryte)",
               "senha: ******** (oculta)", "пароль: ********", "`Password=***;` in the connection string dump"])


def b64c(n):
    return "".join(ch("./ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789") for _ in range(n))


def neg_hash():
    hx = lambda n: "".join(ch("0123456789abcdef") for _ in range(n))
    return ch([
        "stored hash is `$2b$12$%s` so the plaintext is gone" % b64c(53),
        "```\n$argon2id$v=19$m=65536,t=3,p=4$%s$%s\n```" % (b64c(22), b64c(43)),
        "password_hash = %s (sha256, salted)" % hx(64),
        "htpasswd line: `admin:$apr1$%s$%s`" % (b64c(8), b64c(22)),
        "/etc/shadow entry has `$6$%s$%s`" % (b64c(16), b64c(86)),
        "Der Hash in der DB: $2y$10$%s" % b64c(53),
        "le hash stocké : pbkdf2_sha256$600000$%s$%s=" % (b64c(22).replace(".", "x").replace("/", "y"), b64c(43).replace(".", "k")),
        "md5 of the old password (already rotated): %s" % hx(32),
        "userPassword: {SSHA}%s" % b64c(32).replace(".", "+"),
        "NTLM hash in the pentest report: %s" % hx(32).upper()])


NEG_CATS = [("order_number", neg_order, 18), ("ticket_id", neg_ticket, 14), ("invoice_number", neg_invoice, 14),
            ("date_time", neg_datetime, 18), ("version", neg_version, 14), ("amount", neg_amount, 12),
            ("coordinates", neg_coords, 8), ("postal_code", neg_postal, 10), ("other_id", neg_ids, 16),
            ("password_policy", neg_policy, 14), ("password_talk_no_value", neg_talk, 18),
            ("password_placeholder", neg_placeholder, 18), ("password_masked", neg_masked, 14),
            ("password_hash", neg_hash, 12)]


def build_negatives():
    assert sum(c[2] for c in NEG_CATS) == 200
    items = []
    seen = []
    for cat, fn, n in NEG_CATS:
        k = 0
        tries = 0
        while k < n:
            tries += 1
            assert tries < 5000, cat
            t = fn()
            if t in seen:
                continue
            seen.append(t)
            items.append((cat, t))
            k += 1
    R.shuffle(items)
    return [{"id": "r14n-%04d" % (i + 1), "text": t, "category": c} for i, (c, t) in enumerate(items)]


def write(path, recs):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for r in recs:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")


def main():
    pos = build_positives()
    neg = build_negatives()
    write(os.path.join(HERE, "recall14_positives.jsonl"), pos)
    write(os.path.join(HERE, "recall14_negatives.jsonl"), neg)
    kinds = Counter(s["kind"] for r in pos for s in r["secrets"])
    print("positives: %d texts, %s" % (len(pos), dict(sorted(kinds.items()))))
    print("negatives: %d texts" % len(neg))
    if "--stats" in sys.argv:
        stats(pos, neg)


def stats(pos, neg):
    def table(title, cnt, cols):
        print("\n| %s | %s |" % (title, " | ".join(cols)))
        print("|---|" + "---:|" * len(cols))
        for k in sorted(cnt):
            print("| %s | %s |" % (k, " | ".join(str(x) for x in cnt[k])))

    def script_of(v):
        for name, t in SCRIPTS.items():
            if any(c in t for c in v):
                return name
        return "ascii"

    by = {}
    for kind in ("phone_number", "password"):
        c_where, c_lay = {}, {}
        for r in pos:
            k, where, lay = r["context"].split(":")
            if k != kind:
                continue
            n = len(r["secrets"])
            c_where.setdefault(where, [0, 0])
            c_where[where][0] += 1
            c_where[where][1] += n
            c_lay.setdefault(lay, [0, 0])
            c_lay[lay][0] += 1
            c_lay[lay][1] += n
        table(kind + " by " + ("country" if kind == "phone_number" else "language"), c_where, ["texts", "values"])
        table(kind + " by layout", c_lay, ["texts", "values"])
    sc = Counter(script_of(s["value"]) for r in pos for s in r["secrets"] if s["kind"] == "phone_number")
    print("\nphone digit scripts:", dict(sorted(sc.items())))
    na = sum(1 for r in pos for s in r["secrets"] if s["kind"] == "password" and not s["value"].isascii())
    sp = sum(1 for r in pos for s in r["secrets"] if s["kind"] == "password" and " " in s["value"])
    print("passwords non-ASCII: %d, with spaces: %d" % (na, sp))
    nc = Counter(r["category"] for r in neg)
    print()
    print("| category | texts |\n|---|---:|")
    for k in sorted(nc):
        print("| %s | %d |" % (k, nc[k]))


if __name__ == "__main__":
    main()
