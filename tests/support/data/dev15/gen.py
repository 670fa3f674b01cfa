#!/usr/bin/env python3
"""dev15 probe generator: phone numbers and passwords as people type them.

Standard library only.  random.Random(1515) is the only source of randomness.
Writes dev15_positives.jsonl, dev15_negatives.jsonl and README.md next to this file.
"""
import hashlib
import json
import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
rng = random.Random(1515)

# ---------------------------------------------------------------------------
# Numbering plans (simplified).  A country's national significant number (NSN,
# the digits after the country code, without trunk prefix) is valid when it
# starts with one of the listed prefixes and has the listed length.
# Templates: '#' = next NSN digit, '~' = skip one NSN digit, 'C' = country
# code, 'T' = trunk prefix, anything else literal.
# ---------------------------------------------------------------------------
COUNTRIES = {}
ORDER = []


def country(code, name, cont, cc, trunk, types, notrunk=False, extra=None, nathook=None, names=()):
    COUNTRIES[code] = dict(code=code, name=name, cont=cont, cc=cc, trunk=trunk, types=types,
                           notrunk=notrunk, extra=extra, nathook=nathook, names=list(names))
    ORDER.append(code)


def P(prefixes, length):
    return [(p, length) for p in prefixes.split()]


def nanp_ok(nsn):
    return len(nsn) == 10 and nsn[3] in '23456789' and nsn[3:6] != '555' and nsn[4:6] != '11'


NANP_T = ['(###) ###-####', '###-###-####', '###.###.####', '+C ###-###-####', '+C (###) ###-####',
          'T-###-###-####', '+C ### ### ####', 'T (###) ###-####', '+C.###.###.####', '##########']


def ar_hook(d):
    out = []
    if d.startswith('0'):
        for k in (2, 3, 4):
            if d[1 + k:3 + k] == '15':
                out.append('9' + d[1:1 + k] + d[3 + k:])
    return out


# ---- Europe
country('GB', 'United Kingdom', 'Europe', '44', '0', [
    ('mobile', P('74 75 77 78 79', 10), ['T#### ######', 'T####-######', '+C #### ######', '+C (0)#### ######',
                                          'T#### ### ###', '00C #### ######', '+C##########']),
    ('landline', P('207 208 203', 10), ['T## #### ####', '(T##) #### ####', '+C ## #### ####', '+C (0)## #### ####']),
    ('landline', P('161 121 131 113 117', 10), ['T### ### ####', '(T###) ### ####', '+C ### ### ####', '+C (0)### ### ####']),
], names=['United Kingdom', 'UK', 'London', 'Manchester', 'Britain', 'England', 'Scotland', 'Edinburgh'])
country('DE', 'Germany', 'Europe', '49', '0', [
    ('mobile', P('151 152 157 159 162 176', 11), ['T### ########', 'T###/########', 'T### #### ####', '+C ### ########',
                                                  '+C (0)### ########', '+C ### #### ####', '00C ### ########', 'T###-########']),
    ('mobile', P('170 171 175 172', 10), ['T### #######', 'T###/#######', '+C ### #######', '+C (0)### #######', 'T### ### ####']),
    ('landline', P('30 40 69 89', 10), ['T## ########', 'T##/########', '(T##) ########', '+C ## ########',
                                        '+C (0)## ########', 'T## #### ####', 'T## ######-##']),
    ('landline', P('221 211 711', 10), ['T### #######', 'T###/#######', '(T###) #######', '+C ### #######',
                                        '+C (0)### #######', 'T### #####-##']),
], names=['Germany', 'Deutschland', 'Berlin', 'München', 'Hamburg', 'Köln', 'Frankfurt', 'Stuttgart'])
country('AT', 'Austria', 'Europe', '43', '0', [
    ('mobile', P('664 660 676 650 699', 10), ['T### #######', 'T###/#######', '+C ### #######', '+C (0)### #######', 'T### ### ####']),
    ('landline', P('1', 8), ['T# #######', 'T#/#######', '+C # #######', '+C (0)# #######', 'T# ### ## ##']),
], names=['Austria', 'Österreich', 'Wien', 'Vienna', 'Graz', 'Salzburg'])
country('CH', 'Switzerland', 'Europe', '41', '0', [
    ('mobile', P('75 76 77 78 79', 9), ['T## ### ## ##', '+C ## ### ## ##', 'T##/### ## ##', '+C (0)## ### ## ##', '00C ## ### ## ##']),
    ('landline', P('44 43 31 22 61 21', 9), ['T## ### ## ##', '+C ## ### ## ##', 'T##/### ## ##', '+C (0)## ### ## ##']),
], names=['Switzerland', 'Schweiz', 'Suisse', 'Zürich', 'Genève', 'Bern', 'Basel', 'Lausanne'])
country('FR', 'France', 'Europe', '33', '0', [
    ('mobile', P('6 73 74 75 76 77 78', 9), ['T# ## ## ## ##', 'T#.##.##.##.##', 'T#-##-##-##-##', '+C # ## ## ## ##',
                                              '+C (0)# ## ## ## ##', '00C # ## ## ## ##', 'T#########']),
    ('landline', P('1 2 3 4 5', 9), ['T# ## ## ## ##', 'T#.##.##.##.##', '+C # ## ## ## ##', '+C (0)# ## ## ## ##']),
], names=['France', 'Paris', 'Lyon', 'Marseille', 'Toulouse', 'Lille', 'Nantes'])
country('ES', 'Spain', 'Europe', '34', '', [
    ('mobile', P('6 71 72 73 74', 9), ['### ### ###', '### ## ## ##', '+C ### ### ###', '+C ### ## ## ##', '00C ### ### ###', '#########']),
    ('landline', P('91 93 95 96', 9), ['## ### ## ##', '+C ## ### ## ##', '### ### ###', '+C ### ### ###']),
], names=['Spain', 'España', 'Madrid', 'Barcelona', 'Sevilla', 'Valencia', 'Bilbao'])
country('IT', 'Italy', 'Europe', '39', '', [
    ('mobile', P('320 328 333 338 340 347 348 349 366 388 392', 10), ['### ### ####', '### #######', '###-#######',
                                                                       '+C ### ### ####', '+C ### #######', '00C ### #######']),
    ('landline', P('06 02', 10), ['## ########', '##/########', '## #### ####', '+C ## #### ####', '+C ## ########', '(##) ########']),
    ('landline', P('011 055 081 051', 10), ['### #######', '###/#######', '+C ### #######', '### ### ####']),
], names=['Italy', 'Italia', 'Roma', 'Milano', 'Torino', 'Napoli', 'Firenze', 'Bologna'])
country('NL', 'Netherlands', 'Europe', '31', '0', [
    ('mobile', P('6', 9), ['T#-########', 'T# ########', 'T# ## ## ## ##', '+C # ########', '+C (0)# ########', '+C #-########', '00C # ########']),
    ('landline', P('20 10 70 30', 9), ['T##-#######', 'T## ### ####', '+C ## ### ####', '+C (0)## ### ####', '(T##) #######']),
], names=['Netherlands', 'Nederland', 'Amsterdam', 'Rotterdam', 'Utrecht', 'Den Haag', 'Holland'])
country('BE', 'Belgium', 'Europe', '32', '0', [
    ('mobile', P('470 471 472 473 474 475 476 477 478 479 484 485 486 487 488 489 491 492 493 494 495 496 497 498 499', 9),
     ['T### ## ## ##', 'T###/##.##.##', 'T### ### ###', '+C ### ## ## ##', '+C (0)### ## ## ##', 'T###.##.##.##']),
    ('landline', P('2 3 9', 8), ['T# ### ## ##', 'T#/###.##.##', '+C # ### ## ##', 'T# ### ####']),
], names=['Belgium', 'België', 'Belgique', 'Brussel', 'Bruxelles', 'Antwerpen', 'Gent', 'Liège'])
country('PL', 'Poland', 'Europe', '48', '', [
    ('mobile', P('50 51 53 57 60 66 69 72 73 78 79 88', 9), ['### ### ###', '###-###-###', '+C ### ### ###', '+C ###-###-###', '00C ### ### ###', '#########']),
    ('landline', P('22 12 71 61 58', 9), ['## ### ## ##', '(##) ### ## ##', '+C ## ### ## ##', '## ###-##-##']),
], names=['Poland', 'Polska', 'Warszawa', 'Kraków', 'Wrocław', 'Poznań', 'Gdańsk'])
country('SE', 'Sweden', 'Europe', '46', '0', [
    ('mobile', P('70 72 73 76 79', 9), ['T##-### ## ##', 'T## ### ## ##', 'T##-#######', '+C ## ### ## ##', '+C (0)## ### ## ##', 'T#########']),
    ('landline', P('8', 9), ['T#-### ### ##', 'T#-## ## ## ##', '+C # ### ### ##', 'T# ### ### ##']),
], names=['Sweden', 'Sverige', 'Stockholm', 'Göteborg', 'Malmö', 'Uppsala'])
country('NO', 'Norway', 'Europe', '47', '', [
    ('mobile', P('4 9', 8), ['### ## ###', '## ## ## ##', '+C ### ## ###', '+C ## ## ## ##', '00C ### ## ###', '########']),
    ('landline', P('22 23 55 73', 8), ['## ## ## ##', '+C ## ## ## ##', '########']),
], names=['Norway', 'Norge', 'Oslo', 'Bergen', 'Trondheim', 'Stavanger'])
country('DK', 'Denmark', 'Europe', '45', '', [
    ('mobile', P('20 21 22 23 24 25 26 27 28 29 30 31 40 41 42 50 51 52 53 60 61 71 81 91 93', 8),
     ['## ## ## ##', '+C ## ## ## ##', '+C ########', '00C ## ## ## ##', '####-####']),
    ('landline', P('33 35 38 86 98', 8), ['## ## ## ##', '+C ## ## ## ##', '########']),
], names=['Denmark', 'Danmark', 'København', 'Copenhagen', 'Aarhus', 'Odense'])
country('FI', 'Finland', 'Europe', '358', '0', [
    ('mobile', P('40 41 44 45 50', 9), ['T## ### ####', 'T##-### ####', 'T## #######', '+C ## ### ####', '+C (0)## ### ####']),
    ('landline', P('9', 9), ['T# #### ####', '(T#) #### ####', '+C # #### ####', 'T#-#### ####']),
], names=['Finland', 'Suomi', 'Helsinki', 'Tampere', 'Espoo', 'Turku'])
country('PT', 'Portugal', 'Europe', '351', '', [
    ('mobile', P('91 92 93 96', 9), ['### ### ###', '+C ### ### ###', '00C ### ### ###', '#########']),
    ('landline', P('21 22', 9), ['## ### ####', '+C ## ### ####', '### ### ###']),
], names=['Portugal', 'Lisboa', 'Porto', 'Coimbra', 'Braga'])
country('IE', 'Ireland', 'Europe', '353', '0', [
    ('mobile', P('83 85 86 87 89', 9), ['T## ### ####', 'T##-###-####', '+C ## ### ####', '+C (0)## ### ####', '(T##) ### ####']),
    ('landline', P('1', 8), ['T# ### ####', '(T#) ### ####', '+C # ### ####', '+C (0)# ### ####']),
], names=['Ireland', 'Éire', 'Dublin', 'Cork', 'Galway', 'Limerick'])
country('CZ', 'Czechia', 'Europe', '420', '', [
    ('mobile', P('601 602 603 604 605 606 607 608 702 720 721 722 723 724 725 728 730 731 732 733 734 736 737 739 770 773 774 775 776 777 778 790 791 792 793 797', 9),
     ['### ### ###', '+C ### ### ###', '+C ###-###-###', '00C ### ### ###']),
    ('landline', P('2', 9), ['### ### ###', '+C ### ### ###']),
], names=['Czechia', 'Česko', 'Czech Republic', 'Praha', 'Prague', 'Brno', 'Ostrava'])
country('GR', 'Greece', 'Europe', '30', '', [
    ('mobile', P('690 693 694 695 697 698 699', 10), ['### ### ####', '###-#######', '+C ### ### ####', '+C ##########', '00C ##########']),
    ('landline', P('210', 10), ['### ### ####', '###-#######', '+C ### #######']),
    ('landline', P('2310', 10), ['#### ######', '####-######', '+C #### ######']),
], names=['Greece', 'Ελλάδα', 'Αθήνα', 'Athens', 'Θεσσαλονίκη', 'Thessaloniki'])
RU_T = ['T (###) ###-##-##', 'T ### ###-##-##', 'T-###-###-##-##', '+C (###) ###-##-##', '+C ### ###-##-##',
        '+C ###-###-##-##', 'T##########', '+C##########']
country('RU', 'Russia', 'Europe', '7', '8', [
    ('mobile', P('900 903 905 906 909 910 911 912 913 915 916 917 918 919 920 921 925 926 929 950 951 952 953 960 961 962 964 965 977 985 999', 10), RU_T),
    ('landline', P('495 499 812', 10), RU_T),
], names=['Russia', 'Россия', 'Москва', 'Moscow', 'Санкт-Петербург', 'Новосибирск', 'Казань'])
country('UA', 'Ukraine', 'Europe', '380', '0', [
    ('mobile', P('50 66 67 68 95 96 97 98 63 73 93', 9), ['T## ### ## ##', 'T##-###-##-##', '(T##) ###-##-##', '+C ## ### ## ##', '+C (##) ###-##-##']),
    ('landline', P('44', 9), ['T## ### ## ##', '(T##) ###-##-##', '+C ## ### ## ##', '+C (##) ###-##-##']),
], names=['Ukraine', 'Україна', 'Київ', 'Kyiv', 'Львів', 'Одеса', 'Харків'])
country('TR', 'Turkey', 'Europe', '90', '0', [
    ('mobile', P('530 531 532 533 535 536 537 538 539 541 542 543 544 545 505 506 507 551 552 553 554 555', 10),
     ['T### ### ## ##', 'T(###) ### ## ##', 'T### ### ####', '+C ### ### ## ##', '+C (###) ### ## ##', 'T##########']),
    ('landline', P('212 216 312 232', 10), ['T(###) ### ## ##', 'T### ### ## ##', '+C ### ### ## ##']),
], names=['Turkey', 'Türkiye', 'İstanbul', 'Istanbul', 'Ankara', 'İzmir', 'Bursa'])
country('HU', 'Hungary', 'Europe', '36', '06', [
    ('mobile', P('20 30 31 50 70', 9), ['T ## ### ####', 'T##/###-####', 'T-##-###-####', '+C ## ### ####', '+C-##-###-####', '+C (##) ###-####']),
    ('landline', P('1', 8), ['T # ### ####', 'T-#-###-####', '+C # ### ####', '(T-#) ###-####']),
], names=['Hungary', 'Magyarország', 'Budapest', 'Debrecen', 'Szeged', 'Pécs'])
country('RO', 'Romania', 'Europe', '40', '0', [
    ('mobile', P('72 73 74 75 76 77 78', 9), ['T### ### ###', 'T###.###.###', '+C ### ### ###', '+C ###.###.###', 'T#########']),
    ('landline', P('21', 9), ['T## ### ## ##', 'T##.###.##.##', '+C ## ### ## ##', 'T## ### ####']),
], names=['Romania', 'România', 'București', 'Bucharest', 'Cluj', 'Iași', 'Timișoara'])
# ---- North and Central America
country('US', 'United States', 'North America', '1', '1', [
    ('mobile/landline', P('212 213 206 303 305 312 404 415 469 503 512 602 614 615 617 646 702 704 718 720 773 786 801 832 917 210', 10), NANP_T),
], notrunk=True, extra=nanp_ok, names=['United States', 'USA', 'U.S.', 'New York', 'California', 'Texas', 'Chicago', 'Seattle', 'Boston'])
country('CA', 'Canada', 'North America', '1', '1', [
    ('mobile/landline', P('416 647 437 604 778 514 438 403 587 613 905 780 902', 10), NANP_T),
], notrunk=True, extra=nanp_ok, names=['Canada', 'Toronto', 'Vancouver', 'Montréal', 'Montreal', 'Calgary', 'Ottawa', 'Québec'])
country('MX', 'Mexico', 'North America', '52', '', [
    ('mobile/landline', P('55 33 81', 10), ['## #### ####', '(##) #### ####', '+C ## #### ####', '+C ##-####-####', '##-####-####']),
    ('mobile/landline', P('222 664 998 442', 10), ['### ### ####', '(###) ### ####', '+C ### ### ####', '###-###-####']),
], names=['Mexico', 'México', 'CDMX', 'Guadalajara', 'Monterrey', 'Puebla', 'Tijuana', 'Cancún'])
country('CR', 'Costa Rica', 'North America', '506', '', [
    ('mobile', P('6 7 8', 8), ['####-####', '#### ####', '+C ####-####', '+C #### ####', '(+C) ####-####']),
    ('landline', P('22', 8), ['####-####', '+C ####-####', '(+C) ####-####']),
], names=['Costa Rica', 'San José', 'Heredia', 'Alajuela'])
country('JM', 'Jamaica', 'North America', '1', '1', [
    ('mobile/landline', P('876', 10), ['(###) ###-####', '###-###-####', '+C (###) ###-####', 'T-###-###-####', '+C ###-###-####']),
], notrunk=True, extra=nanp_ok, names=['Jamaica', 'Kingston', 'Montego Bay'])
country('PA', 'Panama', 'North America', '507', '', [
    ('mobile', P('6', 8), ['####-####', '+C ####-####', '+C #### ####']),
    ('landline', P('2 3', 7), ['###-####', '+C ###-####']),
], names=['Panama', 'Panamá', 'Ciudad de Panamá', 'Colón'])
# ---- South America
BR_AREAS = '11 21 31 41 51 61 71 81 85 19'.split()
country('BR', 'Brazil', 'South America', '55', '0', [
    ('mobile', [(a + '9', 11) for a in BR_AREAS], ['(##) #####-####', '(##) # ####-####', '## #####-####', '+C ## #####-####',
                                                   '+C (##) #####-####', '+C ## # ####-####', '+C###########']),
    ('landline', [(a + d, 10) for a in BR_AREAS for d in '2345'], ['(##) ####-####', '## ####-####', '+C ## ####-####', '+C (##) ####-####']),
], notrunk=True, names=['Brazil', 'Brasil', 'São Paulo', 'Rio de Janeiro', 'Belo Horizonte', 'Curitiba', 'Porto Alegre', 'Recife'])
country('AR', 'Argentina', 'South America', '54', '0', [
    ('mobile', P('911', 11), ['+C # ## ####-####', '+C # ## #### ####', '+C###########', 'T~##-15-####-####', '(T~##) 15-####-####', 'T~## 15 ####-####']),
    ('mobile', P('9351 9341', 11), ['+C # ### ###-####', '+C # ### ### ####', '(T~###) 15-###-####', 'T~### 15-###-####']),
    ('landline', P('114 115 116', 10), ['(T##) ####-####', 'T## ####-####', '+C ## ####-####', '+C (##) ####-####']),
], nathook=ar_hook, names=['Argentina', 'Buenos Aires', 'CABA', 'Córdoba', 'Rosario', 'Mendoza'])
country('CL', 'Chile', 'South America', '56', '', [
    ('mobile', P('9', 9), ['+C # #### ####', '# #### ####', '+C #########', '(+C) # #### ####', '+C # ####-####']),
    ('landline', P('22', 9), ['+C # #### ####', '(#) #### ####', '+C ## ### ####']),
], names=['Chile', 'Santiago', 'Valparaíso', 'Concepción'])
country('CO', 'Colombia', 'South America', '57', '', [
    ('mobile', P('300 301 310 311 312 313 314 315 316 317 318 320 321 350', 10), ['### ### ####', '###-###-####', '+C ### ### ####', '+C ###-#######', '(+C) ### #######']),
    ('landline', P('601 604 602', 10), ['(###) ### ####', '### #######', '+C ### ### ####']),
], names=['Colombia', 'Bogotá', 'Medellín', 'Cali', 'Barranquilla'])
country('PE', 'Peru', 'South America', '51', '0', [
    ('mobile', P('9', 9), ['### ### ###', '+C ### ### ###', '+C #########', '###-###-###']),
    ('landline', P('1', 8), ['(T#) ### ####', 'T#-###-####', '+C # ### ####', '+C # #######']),
], notrunk=True, names=['Peru', 'Perú', 'Lima', 'Arequipa', 'Cusco', 'Trujillo'])
country('VE', 'Venezuela', 'South America', '58', '0', [
    ('mobile', P('412 414 416 424 426', 10), ['T###-#######', 'T### ### ####', '(T###) ###.##.##', '+C ### ### ####', '+C ###-#######']),
    ('landline', P('212', 10), ['(T###) ###-####', 'T###-#######', '+C ### ### ####']),
], names=['Venezuela', 'Caracas', 'Maracaibo', 'Valencia, Carabobo'])
country('UY', 'Uruguay', 'South America', '598', '0', [
    ('mobile', P('91 92 93 94 95 96 97 98 99', 8), ['T## ### ###', 'T########', '+C ## ### ###', '+C ########']),
    ('landline', P('2', 8), ['#### ####', '+C #### ####']),
], notrunk=True, names=['Uruguay', 'Montevideo', 'Punta del Este', 'Salto'])
country('EC', 'Ecuador', 'South America', '593', '0', [
    ('mobile', P('9', 9), ['T## ### ####', 'T#########', '+C ## ### ####', '+C #########']),
    ('landline', P('2', 8), ['(T#) ### ####', 'T#-###-####', '+C # ### ####']),
], names=['Ecuador', 'Quito', 'Guayaquil', 'Cuenca'])
# ---- Africa
country('ZA', 'South Africa', 'Africa', '27', '0', [
    ('mobile', P('60 61 62 63 64 65 66 67 71 72 73 74 76 78 79 81 82 83 84', 9),
     ['T## ### ####', 'T##-###-####', 'T#########', '+C ## ### ####', '+C (0)## ### ####', '+C#########']),
    ('landline', P('11 21 31 12', 9), ['T## ### ####', '(T##) ### ####', '+C ## ### ####']),
], names=['South Africa', 'Johannesburg', 'Joburg', 'Cape Town', 'Durban', 'Pretoria', 'Soweto'])
country('NG', 'Nigeria', 'Africa', '234', '0', [
    ('mobile', P('803 806 813 816 810 814 903 906 805 807 815 811 905 802 808 812 701 708 902 809 817 818 909', 10),
     ['T### ### ####', 'T###-###-####', 'T##########', '+C ### ### ####', '+C##########', '+C (0)### ### ####']),
], names=['Nigeria', 'Lagos', 'Abuja', 'Ibadan', 'Kano', 'Port Harcourt'])
country('KE', 'Kenya', 'Africa', '254', '0', [
    ('mobile', P('70 71 72 74 79 11 10', 9), ['T### ######', 'T### ### ###', '+C ### ######', '+C ### ### ###', '+C#########']),
    ('landline', P('20', 9), ['T## #######', 'T##-#######', '+C ## #######']),
], names=['Kenya', 'Nairobi', 'Mombasa', 'Kisumu', 'Nakuru'])
country('EG', 'Egypt', 'Africa', '20', '0', [
    ('mobile', P('10 11 12 15', 10), ['T### ### ####', 'T##########', '+C ## #### ####', '+C##########', 'T###-###-####']),
    ('landline', P('2', 9), ['T# #### ####', '(T#) ########', '+C # #### ####']),
], names=['Egypt', 'مصر', 'القاهرة', 'Cairo', 'الإسكندرية', 'Alexandria', 'Giza'])
country('MA', 'Morocco', 'Africa', '212', '0', [
    ('mobile', P('6 7', 9), ['T# ## ## ## ##', 'T#-##-##-##-##', 'T#########', '+C # ## ## ## ##', '+C (0)# ## ## ## ##', '+C #########']),
    ('landline', P('522 537 524', 9), ['T###-######', 'T### ## ## ##', '+C ### ## ## ##', '+C ###-######']),
], names=['Morocco', 'Maroc', 'المغرب', 'Casablanca', 'Rabat', 'Marrakech', 'Fès', 'Tanger'])
country('GH', 'Ghana', 'Africa', '233', '0', [
    ('mobile', P('20 24 26 27 50 54 55 57 59', 9), ['T## ### ####', 'T#########', '+C ## ### ####', '+C (0)## ### ####']),
    ('landline', P('302', 9), ['T### ### ###', '+C ### ### ###']),
], names=['Ghana', 'Accra', 'Kumasi', 'Tamale', 'Tema'])
country('ET', 'Ethiopia', 'Africa', '251', '0', [
    ('mobile', P('91 92 93 94 97 98 99', 9), ['T### ### ###', 'T### ######', '+C ### ### ###', '+C ### ######']),
    ('landline', P('11', 9), ['T## ### ####', '+C ## ### ####']),
], names=['Ethiopia', 'ኢትዮጵያ', 'Addis Ababa', 'አዲስ አበባ', 'Bahir Dar'])
country('TZ', 'Tanzania', 'Africa', '255', '0', [
    ('mobile', P('65 67 68 69 71 74 75 76 77 78', 9), ['T### ### ###', '+C ### ### ###', '+C#########', 'T#########']),
], names=['Tanzania', 'Dar es Salaam', 'Dodoma', 'Arusha', 'Zanzibar'])
country('DZ', 'Algeria', 'Africa', '213', '0', [
    ('mobile', P('55 56 66 67 69 77 78 79', 9), ['T### ## ## ##', 'T#########', '+C ### ## ## ##', '+C #########']),
    ('landline', P('21', 8), ['T## ## ## ##', '+C ## ## ## ##']),
], names=['Algeria', 'Algérie', 'الجزائر', 'Alger', 'Oran', 'Constantine'])
country('SN', 'Senegal', 'Africa', '221', '', [
    ('mobile', P('70 75 76 77 78', 9), ['## ### ## ##', '+C ## ### ## ##', '+C #########', '(+C) ## ### ## ##']),
    ('landline', P('33', 9), ['## ### ## ##', '+C ## ### ## ##']),
], names=['Senegal', 'Sénégal', 'Dakar', 'Thiès', 'Saint-Louis'])
country('TN', 'Tunisia', 'Africa', '216', '', [
    ('mobile', P('2 5 9', 8), ['## ### ###', '+C ## ### ###', '## ## ## ##']),
    ('landline', P('71', 8), ['## ### ###', '+C ## ### ###']),
], names=['Tunisia', 'Tunisie', 'تونس', 'Tunis', 'Sfax', 'Sousse'])
country('CM', 'Cameroon', 'Africa', '237', '', [
    ('mobile', P('65 67 69', 9), ['# ## ## ## ##', '+C # ## ## ## ##', '+C #########']),
], names=['Cameroon', 'Cameroun', 'Douala', 'Yaoundé'])
country('UG', 'Uganda', 'Africa', '256', '0', [
    ('mobile', P('70 71 74 75 76 77 78', 9), ['T### ######', 'T### ### ###', '+C ### ######', '+C ### ### ###']),
], names=['Uganda', 'Kampala', 'Entebbe', 'Gulu'])
# ---- Asia
country('IN', 'India', 'Asia', '91', '0', [
    ('mobile', P('62 63 70 72 73 74 75 76 77 78 79 80 81 82 83 84 85 86 87 88 89 90 91 93 94 95 96 97 98 99', 10),
     ['##### #####', '+C ##### #####', '+C-#####-#####', 'T##########', 'T ##### #####', '+C ##########', '+C-##########', '##########']),
    ('landline', P('112 114 116 222 226 224 228 802 804 442 444', 10), ['T##-#### ####', 'T##-########', '+C ## #### ####', '(T##) #### ####', 'T## ########']),
], notrunk=True, names=['India', 'भारत', 'Delhi', 'दिल्ली', 'Mumbai', 'मुंबई', 'Bengaluru', 'Bangalore', 'Chennai', 'Pune', 'Kolkata'])
country('PK', 'Pakistan', 'Asia', '92', '0', [
    ('mobile', P('300 301 302 303 305 306 307 308 310 311 312 313 314 315 321 322 331 332 333 334 335 336 345 346', 10),
     ['T###-#######', 'T### #######', 'T##########', '+C ### #######', '+C-###-#######', '+C##########']),
    ('landline', P('213 423 424', 10), ['T##-########', 'T##-#### ####', '+C ## #### ####', '+C ## ########']),
], names=['Pakistan', 'پاکستان', 'Karachi', 'کراچی', 'Lahore', 'لاہور', 'Islamabad'])
country('BD', 'Bangladesh', 'Asia', '880', '0', [
    ('mobile', P('13 14 15 16 17 18 19', 10), ['T####-######', 'T#### ######', 'T##########', '+C ####-######', '+C #### ######', '+C-####-######']),
], names=['Bangladesh', 'বাংলাদেশ', 'Dhaka', 'ঢাকা', 'Chattogram', 'চট্টগ্রাম', 'Sylhet'])
country('LK', 'Sri Lanka', 'Asia', '94', '0', [
    ('mobile', P('70 71 72 74 75 76 77 78', 9), ['T## ### ####', 'T##-#######', '+C ## ### ####', '+C #########']),
    ('landline', P('11', 9), ['T## ### ####', 'T##-#######', '+C ## ### ####']),
], names=['Sri Lanka', 'Colombo', 'Kandy', 'Galle'])
country('NP', 'Nepal', 'Asia', '977', '0', [
    ('mobile', P('980 981 982 984 985 986 974 975 976 961 962 988', 10), ['##########', '###-#######', '+C-##########', '+C ### #######', '+C ##########']),
    ('landline', P('14 15', 8), ['T#-######', 'T# ######', '+C-#-#######']),
], notrunk=True, names=['Nepal', 'नेपाल', 'Kathmandu', 'काठमाडौं', 'Pokhara', 'पोखरा', 'Lalitpur'])
country('CN', 'China', 'Asia', '86', '0', [
    ('mobile', P('130 131 132 133 135 136 137 138 139 150 151 152 155 156 157 158 159 166 176 177 178 180 181 182 183 185 186 187 188 189 191 198 199', 11),
     ['### #### ####', '###-####-####', '###########', '+C ### #### ####', '+C ###########', '+C-###-####-####', '(+C) ###########']),
    ('landline', P('10 21 20', 10), ['T##-########', 'T##-#### ####', '(T##) ########', '+C ## #### ####', '+C ## ########']),
    ('landline', P('755', 11), ['T###-########', '+C ### ########', '(T###) ########']),
], notrunk=True, names=['China', '中国', 'Beijing', '北京', 'Shanghai', '上海', 'Guangzhou', '广州', 'Shenzhen', '深圳'])
country('JP', 'Japan', 'Asia', '81', '0', [
    ('mobile', P('70 80 90', 10), ['T##-####-####', 'T## #### ####', 'T##########', '+C ##-####-####', '+C ## #### ####', '+C-##-####-####']),
    ('landline', P('3 6', 9), ['T#-####-####', 'T# #### ####', '(T#) ####-####', '+C #-####-####', '+C # #### ####']),
    ('landline', P('45', 9), ['T##-###-####', '+C ##-###-####', '(T##) ###-####']),
], names=['Japan', '日本', 'Tokyo', '東京', 'Osaka', '大阪', 'Yokohama', '横浜', 'Kyoto', '京都'])
country('KR', 'South Korea', 'Asia', '82', '0', [
    ('mobile', P('10', 10), ['T##-####-####', 'T## #### ####', 'T##########', '+C ##-####-####', '+C ## #### ####', '+C-##-####-####']),
    ('landline', P('2', 9), ['T#-####-####', '(T#) ####-####', '+C #-####-####', '+C # #### ####']),
    ('landline', P('51', 10), ['T##-####-####', '+C ##-####-####']),
], names=['South Korea', 'Korea', '한국', '대한민국', 'Seoul', '서울', 'Busan', '부산', 'Incheon'])
country('TW', 'Taiwan', 'Asia', '886', '0', [
    ('mobile', P('90 91 92 93 95 96 97 98', 9), ['T###-###-###', 'T### ### ###', 'T#########', '+C ### ### ###', '+C-###-###-###', '+C #########']),
    ('landline', P('2', 9), ['(T#) ####-####', 'T#-####-####', '+C # #### ####', '+C-#-####-####']),
], names=['Taiwan', '台灣', '臺灣', 'Taipei', '台北', '臺北', 'Kaohsiung', '高雄', 'Taichung'])
country('HK', 'Hong Kong', 'Asia', '852', '', [
    ('mobile', P('51 52 53 54 55 56 59 61 62 63 64 65 66 67 68 69 90 91 92 93 94 95 96 97 98', 8),
     ['#### ####', '####-####', '+C #### ####', '(+C) #### ####', '+C-####-####', '########']),
    ('landline', P('21 22 23 24 25 26 27 28 31 34 35 36 37', 8), ['#### ####', '+C #### ####', '(+C) #### ####', '####-####']),
], names=['Hong Kong', '香港', 'Kowloon', '九龍', 'Tsim Sha Tsui', 'Mong Kok', 'Wan Chai'])
country('SG', 'Singapore', 'Asia', '65', '', [
    ('mobile', P('8 9', 8), ['#### ####', '+C #### ####', '(+C) #### ####', '+C-####-####', '########', '+C ########']),
    ('landline', P('6', 8), ['#### ####', '+C #### ####', '(+C) #### ####', '+C ########']),
], names=['Singapore', '新加坡', 'Jurong', 'Tampines', 'Orchard'])
country('MY', 'Malaysia', 'Asia', '60', '0', [
    ('mobile', P('12 13 16 17 19', 9), ['T##-### ####', 'T##-#######', 'T## ### ####', '+C ##-### ####', '+C ## ### ####', '+C #########']),
    ('landline', P('3', 9), ['T#-#### ####', 'T#-########', '+C # #### ####', '+C #-#### ####']),
], names=['Malaysia', 'Kuala Lumpur', 'KL', 'Penang', 'Johor Bahru', 'Shah Alam'])
country('ID', 'Indonesia', 'Asia', '62', '0', [
    ('mobile', P('811 812 813 821 822 852 853 815 816 817 818 819 859 877 878 838 831 832 833 895 896 897 898 899 881 882 887 888', 11),
     ['T###-####-####', 'T### #### ####', 'T###########', '+C ###-####-####', '+C ### #### ####', '+C###########', '+C ###########']),
    ('landline', P('21', 10), ['(T##) #### ####', 'T##-#### ####', 'T##-########', '+C ## #### ####', '+C ##-########']),
], names=['Indonesia', 'Jakarta', 'Bandung', 'Surabaya', 'Medan', 'Yogyakarta', 'Bali'])
country('PH', 'Philippines', 'Asia', '63', '0', [
    ('mobile', P('905 906 915 916 917 926 927 935 936 945 955 956 965 966 975 977 995 997 908 909 910 912 918 919 920 921 928 929 930 938 939 946 947 948 949 950 951 961 998 999', 10),
     ['T### ### ####', 'T###-###-####', 'T##########', '+C ### ### ####', '+C##########', '+C-###-###-####', '(+C) ### ### ####']),
    ('landline', P('28', 9), ['(T#) ####-####', 'T#-####-####', '+C # #### ####']),
], names=['Philippines', 'Pilipinas', 'Manila', 'Quezon City', 'Cebu', 'Davao', 'Makati'])
country('TH', 'Thailand', 'Asia', '66', '0', [
    ('mobile', P('6 8 9', 9), ['T##-###-####', 'T## ### ####', 'T#########', '+C ## ### ####', '+C-##-###-####', '+C #########']),
    ('landline', P('2', 8), ['T#-###-####', 'T# ### ####', '+C # ### ####', '+C-#-###-####']),
], names=['Thailand', 'ประเทศไทย', 'Bangkok', 'กรุงเทพ', 'Chiang Mai', 'เชียงใหม่', 'Phuket', 'ภูเก็ต'])
country('VN', 'Vietnam', 'Asia', '84', '0', [
    ('mobile', P('90 91 93 94 96 97 98 32 33 34 35 36 37 38 39 70 76 77 78 79 81 82 83 84 85 86 88 89', 9),
     ['T### ### ###', 'T## ### ####', 'T#########', '+C ## ### ####', '+C ### ### ###', '(+C) ### ### ###']),
    ('landline', P('24 28', 10), ['(T##) #### ####', 'T## #### ####', 'T##-#### ####', '+C ## #### ####']),
], names=['Vietnam', 'Việt Nam', 'Hà Nội', 'Hanoi', 'TP.HCM', 'Sài Gòn', 'Đà Nẵng', 'Hải Phòng'])
country('IR', 'Iran', 'Asia', '98', '0', [
    ('mobile', P('901 902 903 905 910 911 912 913 914 915 916 917 918 919 920 921 922 930 933 935 936 937 938 939 990 991', 10),
     ['T### ### ####', 'T###-###-####', 'T##########', '+C ### ### ####', '+C ##########', '(+C) ### ### ####']),
    ('landline', P('21', 10), ['T##-########', 'T## #### ####', '(T##) ########', '+C ## #### ####', '+C-##-########']),
], names=['Iran', 'ایران', 'Tehran', 'تهران', 'Isfahan', 'اصفهان', 'Shiraz', 'شیراز', 'Mashhad', 'مشهد'])
country('SA', 'Saudi Arabia', 'Asia', '966', '0', [
    ('mobile', P('50 53 54 55 56 57 58 59', 9), ['T## ### ####', 'T#########', '+C ## ### ####', '+C #########', '+C-##-###-####']),
    ('landline', P('11', 9), ['T## ### ####', '(T##) ### ####', '+C ## ### ####']),
], names=['Saudi Arabia', 'KSA', 'السعودية', 'Riyadh', 'الرياض', 'Jeddah', 'جدة', 'Dammam', 'الدمام'])
country('AE', 'United Arab Emirates', 'Asia', '971', '0', [
    ('mobile', P('50 52 54 55 56 58', 9), ['T## ### ####', 'T##-#######', '+C ## ### ####', '+C-##-###-####', '+C #########']),
    ('landline', P('4 2', 8), ['T# ### ####', 'T#-#######', '+C # ### ####', '+C-#-###-####']),
], names=['UAE', 'United Arab Emirates', 'الإمارات', 'Dubai', 'دبي', 'Abu Dhabi', 'أبوظبي', 'Sharjah', 'الشارقة'])
country('IL', 'Israel', 'Asia', '972', '0', [
    ('mobile', P('50 52 53 54 55 58', 9), ['T##-###-####', 'T##-#######', 'T## ### ####', '+C-##-###-####', '+C ##-###-####', '+C ## ### ####']),
    ('landline', P('3 2', 8), ['T#-###-####', 'T#-#######', '+C-#-###-####', '+C # ### ####']),
], names=['Israel', 'ישראל', 'Tel Aviv', 'תל אביב', 'Jerusalem', 'ירושלים', 'Haifa', 'חיפה'])
country('JO', 'Jordan', 'Asia', '962', '0', [
    ('mobile', P('77 78 79', 9), ['T## ### ####', 'T#########', '+C ## ### ####', '+C #########']),
], names=['Jordan', 'الأردن', 'Amman', 'عمّان', 'عمان', 'Irbid', 'إربد', 'Zarqa', 'الزرقاء'])
country('IQ', 'Iraq', 'Asia', '964', '0', [
    ('mobile', P('750 751 770 771 772 773 774 780 781 782', 10), ['T### ### ####', 'T##########', '+C ### ### ####', '+C ##########']),
], names=['Iraq', 'العراق', 'Baghdad', 'بغداد', 'Erbil', 'أربيل', 'Basra', 'البصرة'])
country('KZ', 'Kazakhstan', 'Asia', '7', '8', [
    ('mobile', P('700 701 702 705 707 708 747 771 775 776 777 778', 10), ['T ### ### ## ##', 'T (###) ###-##-##', '+C ### ### ## ##', '+C (###) ###-##-##', 'T##########']),
    ('landline', P('727 717', 10), ['T (###) ###-##-##', '+C ### ### ## ##', '+C (###) ###-##-##']),
], names=['Kazakhstan', 'Казахстан', 'Қазақстан', 'Almaty', 'Алматы', 'Astana', 'Астана', 'Шымкент'])
# ---- Oceania
country('AU', 'Australia', 'Oceania', '61', '0', [
    ('mobile', P('40 41 42 43 44 45 46 47 48 49', 9), ['T### ### ###', 'T#########', '+C ### ### ###', '+C # #### ####', '+C (0)### ### ###', '+C#########']),
    ('landline', P('29 28 39 38 73 89 86', 9), ['(T#) #### ####', 'T# #### ####', 'T#-####-####', '+C # #### ####', '+C (0)# #### ####', '+C #########']),
], names=['Australia', 'Sydney', 'Melbourne', 'Brisbane', 'Perth', 'Adelaide', 'Aussie', 'NSW', 'Victoria'])
country('NZ', 'New Zealand', 'Oceania', '64', '0', [
    ('mobile', P('21 22 27', 9), ['T## ### ####', 'T##-###-####', 'T#########', '+C ## ### ####', '+C (0)## ### ####']),
    ('landline', P('9 4 3', 8), ['(T#) ### ####', 'T#-###-####', 'T# ### ####', '+C # ### ####', '+C (0)# ### ####']),
], names=['New Zealand', 'Aotearoa', 'NZ', 'Auckland', 'Wellington', 'Christchurch', 'Dunedin'])
country('FJ', 'Fiji', 'Oceania', '679', '', [
    ('mobile', P('7 8 9', 7), ['### ####', '+C ### ####', '+C #######', '(+C) ### ####']),
    ('landline', P('33 66', 7), ['### ####', '+C ### ####']),
], names=['Fiji', 'Suva', 'Nadi', 'Lautoka'])
country('PG', 'Papua New Guinea', 'Oceania', '675', '', [
    ('mobile', P('70 71 72 73 74 75 79', 8), ['#### ####', '+C #### ####', '+C ########']),
    ('landline', P('3', 7), ['### ####', '+C ### ####']),
], names=['Papua New Guinea', 'PNG', 'Port Moresby', 'Lae', 'Mount Hagen'])

# ---------------------------------------------------------------------------
# Digits and validation
# ---------------------------------------------------------------------------
SCRIPTS = {
    'arab': '٠١٢٣٤٥٦٧٨٩', 'pers': '۰۱۲۳۴۵۶۷۸۹', 'deva': '०१२३४५६७८९',
    'beng': '০১২৩৪৫৬৭৮৯', 'thai': '๐๑๒๓๔๕๖๗๘๙', 'full': '０１２３４５６７８９',
}
TO_ASCII = {}
for _s in SCRIPTS.values():
    for _i, _ch in enumerate(_s):
        TO_ASCII[ord(_ch)] = str(_i)
TO_ASCII.update({ord('＋'): '+', ord('－'): '-', ord('（'): '(', ord('）'): ')', ord('\u3000'): ' ', ord('\u00a0'): ' '})


def to_native(s, script):
    digs = SCRIPTS[script]
    out = []
    for ch in s:
        if ch.isdigit():
            out.append(digs[int(ch)])
        elif script == 'full' and ch in '+-()':
            out.append({'+': '＋', '-': '－', '(': '（', ')': '）'}[ch])
        else:
            out.append(ch)
    return ''.join(out)


def asciify(s):
    return s.translate(TO_ASCII)


def nsn_ok(c, nsn):
    C = COUNTRIES[c]
    ok = any(nsn.startswith(p) and len(nsn) == L for (_t, spec, _tpl) in C['types'] for (p, L) in spec)
    if ok and C['extra'] is not None:
        ok = C['extra'](nsn)
    return ok


def valid_in(c, digits, plus):
    """digits: ASCII digit string; plus: written with a leading '+'."""
    C = COUNTRIES[c]
    cc, tr = C['cc'], C['trunk']
    cands = []
    intl = None
    if plus:
        intl = digits
    elif digits.startswith('00' + cc):
        intl = digits[2:]
    if intl is not None:
        if intl.startswith(cc):
            rest = intl[len(cc):]
            cands.append(rest)
            if tr and rest.startswith(tr):
                cands.append(rest[len(tr):])
    if not plus:
        if tr and digits.startswith(tr):
            cands.append(digits[len(tr):])
        if not tr or C['notrunk']:
            cands.append(digits)
        if C['nathook']:
            cands.extend(C['nathook'](digits))
    return any(nsn_ok(c, x) for x in cands)


def parse_written(s):
    a = asciify(s).strip()
    plus = a.startswith('+') or a.startswith('(+')
    return re.sub(r'\D', '', a), plus


def make_nsn(c, tindex):
    t = COUNTRIES[c]['types'][tindex]
    for _ in range(1000):
        p, L = rng.choice(t[1])
        nsn = p + ''.join(rng.choice('0123456789') for _ in range(L - len(p)))
        # avoid all-same or very regular tails (look fake)
        tail = nsn[len(p):]
        if len(set(tail)) < 4:
            continue
        # geographic subscriber numbers do not start with 0 or 1
        if 'landline' in t[0] and tail[:1] in ('0', '1'):
            continue
        if nsn_ok(c, nsn):
            return nsn
    raise RuntimeError('cannot draw NSN for ' + c)


def fill(tpl, c, nsn):
    C = COUNTRIES[c]
    out = []
    i = 0
    for ch in tpl:
        if ch == '#':
            out.append(nsn[i])
            i += 1
        elif ch == '~':
            i += 1
        elif ch == 'C':
            out.append(C['cc'])
        elif ch == 'T':
            out.append(C['trunk'])
        else:
            out.append(ch)
    assert i == len(nsn), (tpl, nsn)
    return ''.join(out)


def tpl_count(tpl):
    return tpl.count('#') + tpl.count('~')


def draw_phone(c, tindex=None):
    C = COUNTRIES[c]
    if tindex is None:
        tindex = rng.randrange(len(C['types']))
    nsn = make_nsn(c, tindex)
    tpls = [t for t in C['types'][tindex][2] if tpl_count(t) == len(nsn)]
    assert tpls, (c, tindex, nsn)
    s = fill(rng.choice(tpls), c, nsn)
    d, plus = parse_written(s)
    assert valid_in(c, d, plus), (c, s)
    return s, C['types'][tindex][0]


# ---------------------------------------------------------------------------
# Scanners
# ---------------------------------------------------------------------------
EMAIL_RE = re.compile(r'[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}')
RUN_RE = re.compile(r'[+(]*\d[\d \t\-./()]*')


def luhn_ok(d):
    tot = 0
    for i, ch in enumerate(reversed(d)):
        n = int(ch)
        if i % 2 == 1:
            n *= 2
            if n > 9:
                n -= 9
        tot += n
    return tot % 10 == 0


def chains(text):
    """Yield lists of (start, end, prefix_text) digit groups that could form one number."""
    a = asciify(text)
    for m in RUN_RE.finditer(a):
        run = m.group(0)
        base = m.start()
        groups = list(re.finditer(r'\d+', run))
        chain = []
        for gi, g in enumerate(groups):
            if chain:
                sep = run[groups[gi - 1].end():g.start()]
                if len(sep) > 4 or '  ' in sep or '\t' in sep:
                    yield a, base, run, chain
                    chain = []
            chain.append(g)
        if chain:
            yield a, base, run, chain


DATE_RES = [re.compile(r'^(\d{1,2})[./-](\d{1,2})[./-](?:\d{4}|\d{2})$'), re.compile(r'^\d{4}[./-](\d{1,2})[./-](\d{1,2})$')]


def is_date(span):
    """A span shaped exactly like a calendar date (d/m/y, m/d/y, y-m-d) is not a phone candidate."""
    for k, rx in enumerate(DATE_RES):
        m = rx.match(span)
        if m:
            a, b = int(m.group(1)), int(m.group(2))
            if 1 <= a <= 31 and 1 <= b <= 31 and (a <= 12 or b <= 12):
                return True
    return False


def phone_hits(text, countries):
    """Spans that are a valid number in one of `countries` (or in the country whose +CC they carry)."""
    hits = []
    for a, base, run, chain in chains(text):
        for i in range(len(chain)):
            prefix = run[:chain[i].start()]
            plus = bool(re.search(r'\+\s?\(?$', prefix))
            digits = ''
            for j in range(i, len(chain)):
                digits += chain[j].group(0)
                if len(digits) > 16:
                    break
                if len(digits) < 6:
                    continue
                if is_date(a[base + chain[i].start():base + chain[j].end()]):
                    continue
                cset = list(countries)
                if plus or digits.startswith('00'):
                    cset = cset + ORDER
                for c in cset:
                    if valid_in(c, digits, plus):
                        hits.append((c, a[base + chain[i].start():base + chain[j].end()]))
                        break
    return hits


def luhn_hits(text):
    hits = []
    for a, base, run, chain in chains(text):
        for i in range(len(chain)):
            digits = ''
            for j in range(i, len(chain)):
                if j > i:
                    sep = run[chain[j - 1].end():chain[j].start()]
                    if sep not in (' ', '-'):
                        break
                digits += chain[j].group(0)
                if len(digits) > 19:
                    break
                if len(digits) >= 13 and luhn_ok(digits):
                    hits.append(digits)
    return hits


# Countries a text names or implies: its language, names/cities, currencies, scripts, ccTLDs.
LANG_COUNTRIES = {
    'en': ['GB', 'US', 'CA', 'IE', 'AU', 'NZ'], 'de': ['DE', 'AT', 'CH'], 'fr': ['FR', 'BE', 'CH', 'CA'],
    'es': ['ES', 'MX', 'AR', 'CO', 'CL', 'PE', 'VE', 'UY', 'EC', 'CR', 'PA'], 'pt': ['PT', 'BR'], 'it': ['IT', 'CH'],
    'nl': ['NL', 'BE'], 'pl': ['PL'], 'sv': ['SE', 'FI'], 'nb': ['NO'], 'da': ['DK'], 'fi': ['FI'], 'cs': ['CZ'],
    'el': ['GR'], 'ru': ['RU', 'KZ', 'UA'], 'uk': ['UA'], 'tr': ['TR'], 'hu': ['HU'], 'ro': ['RO'],
    'ar': ['EG', 'SA', 'AE', 'JO', 'IQ', 'MA', 'DZ', 'TN'], 'he': ['IL'], 'fa': ['IR'], 'ur': ['PK'], 'hi': ['IN'],
    'bn': ['BD', 'IN'], 'ne': ['NP'], 'zh': ['CN', 'SG'], 'zht': ['TW', 'HK'], 'ja': ['JP'], 'ko': ['KR'], 'th': ['TH'],
    'vi': ['VN'], 'id': ['ID'], 'ms': ['MY', 'SG'], 'tl': ['PH'], 'sw': ['KE', 'TZ', 'UG'], 'am': ['ET'], 'code': [],
}
CURRENCY_COUNTRIES = [
    ('R$', ['BR']), ('€', ['DE', 'AT', 'FR', 'ES', 'IT', 'NL', 'BE', 'FI', 'PT', 'IE', 'GR']), ('EUR', ['DE', 'FR', 'ES', 'IT', 'NL']),
    ('£', ['GB']), ('GBP', ['GB']), ('$', ['US', 'CA', 'AU', 'NZ', 'MX', 'AR', 'CL', 'CO', 'SG', 'HK']), ('USD', ['US']),
    ('¥', ['JP', 'CN']), ('円', ['JP']), ('元', ['CN']), ('₹', ['IN']), ('Rs', ['IN', 'PK', 'LK']), ('₽', ['RU']), ('руб', ['RU']),
    ('₺', ['TR']), ('TL', ['TR']), ('zł', ['PL']), ('PLN', ['PL']), ('kr', ['SE', 'NO', 'DK']), ('SEK', ['SE']), ('NOK', ['NO']),
    ('DKK', ['DK']), ('CHF', ['CH']), ('₩', ['KR']), ('원', ['KR']), ('฿', ['TH']), ('บาท', ['TH']), ('₫', ['VN']), ('₦', ['NG']),
    ('KSh', ['KE']), ('₱', ['PH']), ('Rp', ['ID']), ('RM', ['MY']), ('AED', ['AE']), ('SAR', ['SA']), ('ريال', ['SA', 'IR']),
    ('تومان', ['IR']), ('₴', ['UA']), ('грн', ['UA']), ('Kč', ['CZ']), ('Ft', ['HU']), ('lei', ['RO']), ('₸', ['KZ']),
    ('S/', ['PE']), ('MXN', ['MX']), ('ARS', ['AR']), ('CLP', ['CL']), ('COP', ['CO']), ('ZAR', ['ZA']), ('EGP', ['EG']), ('ج.م', ['EG']),
    ('MAD', ['MA']), ('DH', ['MA']), ('GH₵', ['GH']), ('ETB', ['ET']), ('TSh', ['TZ']), ('৳', ['BD']), ('₪', ['IL']), ('JOD', ['JO']),
    ('IQD', ['IQ']), ('CAD', ['CA']), ('AUD', ['AU']), ('NZD', ['NZ']), ('SGD', ['SG']), ('HKD', ['HK']), ('NT$', ['TW']),
]
SCRIPT_COUNTRIES = [
    (r'[\u0400-\u04FF]', ['RU', 'UA', 'KZ']), (r'[\u0370-\u03FF]', ['GR']),
    (r'[\u0600-\u06FF]', ['EG', 'SA', 'AE', 'JO', 'IQ', 'MA', 'DZ', 'TN', 'IR', 'PK']), (r'[\u0590-\u05FF]', ['IL']),
    (r'[\u0900-\u097F]', ['IN', 'NP']), (r'[\u0980-\u09FF]', ['BD', 'IN']), (r'[\u0E00-\u0E7F]', ['TH']),
    (r'[\uAC00-\uD7AF]', ['KR']), (r'[\u3040-\u30FF]', ['JP']), (r'[\u4E00-\u9FFF]', ['CN', 'TW', 'HK', 'JP', 'SG']),
    (r'[\u1200-\u137F]', ['ET']),
]
TLD = {'GB': '.co.uk', 'DE': '.de', 'AT': '.at', 'CH': '.ch', 'FR': '.fr', 'ES': '.es', 'IT': '.it', 'NL': '.nl', 'BE': '.be',
       'PL': '.pl', 'SE': '.se', 'NO': '.no', 'DK': '.dk', 'FI': '.fi', 'PT': '.pt', 'IE': '.ie', 'CZ': '.cz', 'GR': '.gr',
       'RU': '.ru', 'UA': '.ua', 'TR': '.com.tr', 'HU': '.hu', 'RO': '.ro', 'US': '.com', 'CA': '.ca', 'MX': '.com.mx',
       'CR': '.cr', 'JM': '.com.jm', 'PA': '.com.pa', 'BR': '.com.br', 'AR': '.com.ar', 'CL': '.cl', 'CO': '.com.co',
       'PE': '.pe', 'VE': '.com.ve', 'UY': '.com.uy', 'EC': '.ec', 'ZA': '.co.za', 'NG': '.com.ng', 'KE': '.co.ke',
       'EG': '.com.eg', 'MA': '.ma', 'GH': '.com.gh', 'ET': '.et', 'TZ': '.co.tz', 'DZ': '.dz', 'SN': '.sn', 'TN': '.tn',
       'CM': '.cm', 'UG': '.co.ug', 'IN': '.in', 'PK': '.pk', 'BD': '.com.bd', 'LK': '.lk', 'NP': '.com.np', 'CN': '.cn',
       'JP': '.co.jp', 'KR': '.co.kr', 'TW': '.com.tw', 'HK': '.com.hk', 'SG': '.sg', 'MY': '.my', 'ID': '.co.id',
       'PH': '.ph', 'TH': '.co.th', 'VN': '.vn', 'IR': '.ir', 'SA': '.sa', 'AE': '.ae', 'IL': '.co.il', 'JO': '.jo',
       'IQ': '.iq', 'KZ': '.kz', 'AU': '.com.au', 'NZ': '.co.nz', 'FJ': '.com.fj', 'PG': '.com.pg'}


def implied_countries(text, lang):
    out = list(LANG_COUNTRIES.get(lang, []))
    low = text.lower()
    for c in ORDER:
        C = COUNTRIES[c]
        for nm in C['names']:
            if re.search(r'(?<!\w)' + re.escape(nm.lower()) + r'(?!\w)', low):
                out.append(c)
                break
        if re.search(re.escape(TLD[c]) + r'(?![\w.])', low):
            out.append(c)
    for sym, cs in CURRENCY_COUNTRIES:
        if sym in text:
            out.extend(cs)
    for pat, cs in SCRIPT_COUNTRIES:
        if re.search(pat, text):
            out.extend(cs)
    seen = []
    for c in out:
        if c not in seen:
            seen.append(c)
    return seen


# ---------------------------------------------------------------------------
# Phone phrase bank: call, cell, whatsapp, label tel, label mobile, other-numbers
# sentence, emergency sentence, extension word, job title, names.
# ---------------------------------------------------------------------------
PH = {
    'en': ("call me on {n}", "my cell is {n}", "WhatsApp me on {n}", "Tel", "Mobile",
           "Order {oid} ({amt}) is due on {date} - if the driver can't find the place, ring {n}",
           "{sc} for emergencies, for anything else it's {n}", "ext.", "Facilities Manager",
           ["Olivia Bennett", "Liam O'Connor", "Priya Natarajan", "Jack Thompson"]),
    'de': ("ruf mich einfach unter {n} an", "meine Handynummer ist {n}", "schreib mir per WhatsApp: {n}", "Tel.", "Mobil",
           "Bestellung {oid} über {amt} kommt am {date} – falls der Fahrer klingeln muss: {n}",
           "Im Notfall {sc}, sonst bitte {n}", "Durchwahl", "Teamleitung Einkauf",
           ["Jonas Becker", "Lena Hoffmann", "Katrin Weiß", "Matthias Gruber"]),
    'fr': ("appelle-moi au {n}", "mon portable : {n}", "écris-moi sur WhatsApp au {n}", "Tél.", "Portable",
           "Commande {oid} ({amt}) livrée le {date} ; en cas de souci, appelez le {n}",
           "En cas d'urgence faites le {sc}, sinon {n}", "poste", "Responsable logistique",
           ["Camille Laurent", "Hugo Moreau", "Aminata Diallo", "Sophie Lefèvre"]),
    'es': ("llámame al {n}", "mi número es el {n}", "escríbeme por WhatsApp al {n}", "Tel.", "Cel.",
           "El pedido {oid} ({amt}) llega el {date}; cualquier cosa, llama al {n}",
           "Emergencias al {sc}; para lo demás, {n}", "ext.", "Jefa de compras",
           ["Lucía Fernández", "Mateo Rojas", "Valentina Gómez", "Javier Morales"]),
    'pt': ("me liga no {n}", "meu celular é {n}", "me chama no WhatsApp: {n}", "Tel.", "Cel.",
           "O pedido {oid} ({amt}) chega dia {date}; qualquer coisa liga no {n}",
           "Emergência: {sc}. Fora isso, {n}", "ramal", "Gerente comercial",
           ["Ana Souza", "João Pereira", "Mariana Costa", "Rui Carvalho"]),
    'it': ("chiamami al {n}", "il mio cellulare è {n}", "scrivimi su WhatsApp al {n}", "Tel.", "Cell.",
           "L'ordine {oid} ({amt}) arriva il {date}; per qualsiasi cosa chiama il {n}",
           "Per emergenze il {sc}, altrimenti {n}", "int.", "Responsabile acquisti",
           ["Giulia Romano", "Marco Esposito", "Chiara Bianchi", "Luca Ferrari"]),
    'nl': ("bel me op {n}", "mijn mobiele nummer is {n}", "app me even op {n}", "Tel.", "Mob.",
           "Bestelling {oid} ({amt}) wordt op {date} bezorgd; vragen? Bel {n}",
           "Bij nood {sc}, anders {n}", "toestel", "Teamleider inkoop",
           ["Sanne de Vries", "Daan Janssen", "Lotte Peeters", "Bram van Dijk"]),
    'pl': ("zadzwoń do mnie pod {n}", "mój numer komórki to {n}", "napisz na WhatsAppie: {n}", "tel.", "kom.",
           "Zamówienie {oid} ({amt}) dotrze {date}; w razie pytań dzwoń pod {n}",
           "W nagłych wypadkach {sc}, poza tym {n}", "wew.", "Kierownik zakupów",
           ["Katarzyna Nowak", "Piotr Wiśniewski", "Agnieszka Zając"]),
    'sv': ("ring mig på {n}", "mitt mobilnummer är {n}", "skicka ett WhatsApp till {n}", "Tel.", "Mobil",
           "Order {oid} ({amt}) levereras {date}; frågor? Ring {n}",
           "Vid nödfall {sc}, annars {n}", "ankn.", "Inköpschef",
           ["Elin Lindqvist", "Oskar Berg", "Maja Nyström"]),
    'nb': ("ring meg på {n}", "mobilnummeret mitt er {n}", "send meg en WhatsApp på {n}", "Tlf.", "Mob.",
           "Ordre {oid} ({amt}) leveres {date}; spørsmål? Ring {n}",
           "Ved nødstilfelle {sc}, ellers {n}", "linje", "Innkjøpsleder",
           ["Ingrid Haugen", "Sindre Bakke", "Nora Solberg"]),
    'da': ("ring til mig på {n}", "mit mobilnummer er {n}", "skriv til mig på WhatsApp: {n}", "Tlf.", "Mobil",
           "Ordre {oid} ({amt}) leveres {date}; spørgsmål? Ring {n}",
           "Ved nødstilfælde {sc}, ellers {n}", "lokal", "Indkøbschef",
           ["Mette Kjær", "Rasmus Holm", "Freja Madsen"]),
    'fi': ("soita minulle numeroon {n}", "kännykkäni numero on {n}", "laita WhatsApp-viestiä numeroon {n}", "Puh.", "GSM",
           "Tilaus {oid} ({amt}) toimitetaan {date}; kysymykset: {n}",
           "Hätätilanteessa {sc}, muuten {n}", "alanumero", "Hankintapäällikkö",
           ["Aino Virtanen", "Mikko Korhonen", "Sanna Mäkinen"]),
    'cs': ("zavolej mi na {n}", "moje mobilní číslo je {n}", "napiš mi na WhatsApp: {n}", "Tel.", "Mobil",
           "Objednávka {oid} ({amt}) dorazí {date}; s dotazy volejte {n}",
           "V nouzi {sc}, jinak {n}", "linka", "Vedoucí nákupu",
           ["Jana Nováková", "Tomáš Dvořák", "Petra Svobodová"]),
    'el': ("πάρε με στο {n}", "το κινητό μου είναι {n}", "στείλε μου στο WhatsApp: {n}", "Τηλ.", "Κιν.",
           "Η παραγγελία {oid} ({amt}) φτάνει στις {date}· για απορίες καλέστε στο {n}",
           "Για έκτακτη ανάγκη {sc}, αλλιώς {n}", "εσωτ.", "Υπεύθυνος προμηθειών",
           ["Μαρία Παπαδοπούλου", "Γιώργος Νικολάου", "Ελένη Γεωργίου"]),
    'ru': ("позвони мне по номеру {n}", "мой мобильный: {n}", "напиши в WhatsApp: {n}", "Тел.", "Моб.",
           "Заказ {oid} на {amt} приедет {date}; по вопросам звоните {n}",
           "В экстренных случаях {sc}, в остальном {n}", "доб.", "Руководитель отдела закупок",
           ["Анна Смирнова", "Дмитрий Козлов", "Екатерина Волкова", "Айгерим Нурланова"]),
    'uk': ("подзвони мені на {n}", "мій мобільний: {n}", "напиши у WhatsApp: {n}", "Тел.", "Моб.",
           "Замовлення {oid} на {amt} прибуде {date}; з питань телефонуйте {n}",
           "У надзвичайних випадках {sc}, інакше {n}", "дод.", "Керівник відділу закупівель",
           ["Оксана Шевченко", "Андрій Бондаренко", "Ірина Ковальчук"]),
    'tr': ("beni {n} numarasından arayabilirsin", "cep numaram {n}", "WhatsApp'tan yaz: {n}", "Tel.", "Cep",
           "{oid} numaralı sipariş ({amt}) {date} tarihinde teslim edilecek; sorular için {n}",
           "Acil durumda {sc}, diğer her şey için {n}", "dahili", "Satın Alma Müdürü",
           ["Elif Yılmaz", "Mehmet Demir", "Zeynep Kaya"]),
    'hu': ("hívj a {n} számon", "a mobilszámom {n}", "írj WhatsAppon: {n}", "Tel.", "Mobil",
           "A {oid} rendelés ({amt}) {date} érkezik; kérdés esetén hívja: {n}",
           "Vészhelyzetben {sc}, egyébként {n}", "mellék", "Beszerzési vezető",
           ["Nagy Eszter", "Kovács Bence", "Tóth Réka"]),
    'ro': ("sună-mă la {n}", "numărul meu de mobil e {n}", "scrie-mi pe WhatsApp la {n}", "Tel.", "Mobil",
           "Comanda {oid} ({amt}) ajunge pe {date}; pentru întrebări sunați la {n}",
           "Pentru urgențe {sc}, altfel {n}", "interior", "Manager achiziții",
           ["Ioana Popescu", "Andrei Ionescu", "Elena Dumitru"]),
    'ar': ("اتصل بي على {n}", "رقم جوالي {n}", "راسلني على واتساب: {n}", "هاتف", "جوال",
           "الطلب {oid} بقيمة {amt} يصل يوم {date}، للاستفسار اتصل على {n}",
           "للطوارئ {sc}، ولغير ذلك {n}", "تحويلة", "مدير المشتريات",
           ["أحمد المصري", "فاطمة الزهراء", "خالد العتيبي", "ليلى حداد"]),
    'he': ("תתקשר אליי ל-{n}", "הנייד שלי {n}", "שלח לי וואטסאפ ל-{n}", "טל׳", "נייד",
           "הזמנה {oid} ({amt}) תגיע ב-{date}; לשאלות: {n}",
           "במקרה חירום {sc}, אחרת {n}", "שלוחה", "מנהל רכש",
           ["נועה לוי", "יוסי כהן", "מיכל אברהם"]),
    'fa': ("با این شماره تماس بگیر: {n}", "شماره موبایلم {n} است", "در واتساپ پیام بده: {n}", "تلفن", "همراه",
           "سفارش {oid} به مبلغ {amt} روز {date} می‌رسد؛ برای سؤال با {n} تماس بگیرید",
           "در مواقع اضطراری {sc}، در غیر این صورت {n}", "داخلی", "مدیر خرید",
           ["مریم احمدی", "علی رضایی", "سارا محمدی"]),
    'ur': ("مجھے {n} پر کال کریں", "میرا موبائل نمبر {n} ہے", "واٹس ایپ پر میسج کریں: {n}", "فون", "موبائل",
           "آرڈر {oid} ({amt}) {date} کو پہنچے گا؛ سوالات کے لیے {n} پر کال کریں",
           "ایمرجنسی میں {sc}، ورنہ {n}", "ایکسٹینشن", "پرچیز منیجر",
           ["عائشہ خان", "بلال احمد", "زینب ملک"]),
    'hi': ("मुझे {n} पर कॉल करो", "मेरा मोबाइल नंबर {n} है", "व्हाट्सऐप पर मैसेज करो: {n}", "फ़ोन", "मोबाइल",
           "ऑर्डर {oid} ({amt}) {date} को पहुँचेगा; कोई दिक्कत हो तो {n} पर कॉल करें",
           "आपात स्थिति में {sc}, बाकी सब के लिए {n}", "एक्सटेंशन", "खरीद प्रबंधक",
           ["प्रिया शर्मा", "राहुल वर्मा", "अनीता गुप्ता"]),
    'bn': ("আমাকে {n} নম্বরে ফোন করো", "আমার মোবাইল নম্বর {n}", "হোয়াটসঅ্যাপে মেসেজ দাও: {n}", "ফোন", "মোবাইল",
           "অর্ডার {oid} ({amt}) {date} তারিখে পৌঁছাবে; প্রশ্ন থাকলে {n} নম্বরে কল করুন",
           "জরুরি প্রয়োজনে {sc}, অন্যথায় {n}", "এক্সটেনশন", "ক্রয় ব্যবস্থাপক",
           ["তানিয়া রহমান", "সাকিব হাসান", "নুসরাত জাহান"]),
    'ne': ("मलाई {n} मा फोन गर्नुहोस्", "मेरो मोबाइल नम्बर {n} हो", "ह्वाट्सएपमा म्यासेज गर्नुहोस्: {n}", "फोन", "मोबाइल",
           "अर्डर {oid} ({amt}) {date} मा आइपुग्छ; प्रश्न भए {n} मा फोन गर्नुहोस्",
           "आपतकालमा {sc}, अरूका लागि {n}", "एक्सटेन्सन", "खरिद प्रबन्धक",
           ["सीता श्रेष्ठ", "राम थापा", "अनिशा गुरुङ"]),
    'zh': ("打我电话 {n}", "我的手机号是 {n}", "微信同号：{n}", "电话", "手机",
           "订单 {oid}（{amt}）预计 {date} 送达，如有问题请致电 {n}",
           "紧急情况请拨 {sc}，其他事情打 {n}", "分机", "采购经理",
           ["王芳", "李伟", "张敏", "陈静"]),
    'zht': ("打給我 {n}", "我的手機是 {n}", "WhatsApp / LINE 同號：{n}", "電話", "手機",
            "訂單 {oid}（{amt}）預計 {date} 送達，有問題請撥 {n}",
            "緊急請撥 {sc}，其他事情打 {n}", "分機", "採購經理",
            ["林怡君", "陳志明", "黃美玲"]),
    'ja': ("{n} に電話ください", "携帯は {n} です", "LINEかWhatsAppで {n} まで", "TEL", "携帯",
           "ご注文 {oid}（{amt}）は {date} にお届け予定です。ご不明な点は {n} までお電話ください",
           "緊急時は {sc}、それ以外は {n} へ", "内線", "購買部 課長",
           ["佐藤 花子", "鈴木 一郎", "高橋 美咲"]),
    'ko': ("{n}로 전화 주세요", "제 휴대폰 번호는 {n}입니다", "카톡이나 WhatsApp으로 연락 주세요: {n}", "전화", "휴대폰",
           "주문 {oid}({amt})은 {date}에 도착 예정입니다. 문의는 {n}",
           "긴급 상황에는 {sc}, 그 외에는 {n}", "내선", "구매팀장",
           ["김민지", "이준호", "박서연"]),
    'th': ("โทรหาผมที่ {n}", "เบอร์มือถือของฉันคือ {n}", "แอดไลน์หรือ WhatsApp มาที่ {n}", "โทร.", "มือถือ",
           "คำสั่งซื้อ {oid} ({amt}) จะถึงวันที่ {date} หากมีปัญหาโทร {n}",
           "กรณีฉุกเฉินโทร {sc} เรื่องอื่นโทร {n}", "ต่อ", "ผู้จัดการฝ่ายจัดซื้อ",
           ["สมชาย ใจดี", "นภัสสร วงศ์ใหญ่", "กิตติพงษ์ ศรีสุข"]),
    'vi': ("gọi cho mình số {n} nhé", "số di động của em là {n}", "nhắn Zalo hoặc WhatsApp cho mình: {n}", "ĐT", "DĐ",
           "Đơn hàng {oid} ({amt}) sẽ giao ngày {date}; có gì gọi {n}",
           "Khẩn cấp gọi {sc}, việc khác gọi {n}", "máy lẻ", "Trưởng phòng mua hàng",
           ["Nguyễn Thị Lan", "Trần Văn Minh", "Phạm Thu Hà"]),
    'id': ("telepon aku di {n} ya", "nomor HP saya {n}", "WA aja ke {n}", "Telp.", "HP",
           "Pesanan {oid} ({amt}) tiba tanggal {date}; kalau ada kendala hubungi {n}",
           "Darurat: {sc}, selain itu {n}", "ext.", "Manajer Pengadaan",
           ["Siti Rahmawati", "Budi Santoso", "Dewi Lestari"]),
    'ms': ("call saya di {n}", "nombor telefon bimbit saya {n}", "WhatsApp saya di {n}", "Tel", "H/P",
           "Pesanan {oid} ({amt}) akan tiba pada {date}; sebarang masalah hubungi {n}",
           "Kecemasan {sc}, lain-lain {n}", "samb.", "Pengurus Perolehan",
           ["Nurul Aisyah", "Ahmad Faizal", "Tan Mei Ling"]),
    'tl': ("tawagan mo ako sa {n}", "ang cellphone number ko ay {n}", "i-WhatsApp mo ako sa {n}", "Tel.", "Cel.",
           "Ang order {oid} ({amt}) ay darating sa {date}; kung may tanong, tumawag sa {n}",
           "Kung emergency {sc}, kung iba pa {n}", "loc.", "Purchasing Manager",
           ["Maria Santos", "Jose Reyes", "Angelica Cruz"]),
    'sw': ("nipigie kwa {n}", "namba yangu ya simu ni {n}", "nitumie WhatsApp kwa {n}", "Simu", "Rununu",
           "Oda {oid} ({amt}) itafika tarehe {date}; kwa maswali piga {n}",
           "Dharura piga {sc}, vinginevyo {n}", "ext.", "Meneja wa Ununuzi",
           ["Amina Mwangi", "Baraka Otieno", "Neema Mushi"]),
    'am': ("በ{n} ደውልልኝ", "የሞባይል ቁጥሬ {n} ነው", "በዋትስአፕ ላክልኝ፦ {n}", "ስልክ", "ሞባይል",
           "ትዕዛዝ {oid} ({amt}) በ{date} ይደርሳል፤ ለጥያቄ {n} ይደውሉ",
           "ለአደጋ ጊዜ {sc}፣ ካልሆነ {n}", "ቅጥያ", "የግዢ ሥራ አስኪያጅ",
           ["ሰላም ተስፋዬ", "ዳዊት በቀለ", "ሔለን ገብረ"]),
}
COUNTRY_LANGS = {
    'GB': ['en'], 'DE': ['de'], 'AT': ['de'], 'CH': ['de', 'fr', 'it'], 'FR': ['fr'], 'ES': ['es'], 'IT': ['it'], 'NL': ['nl'],
    'BE': ['nl', 'fr'], 'PL': ['pl'], 'SE': ['sv'], 'NO': ['nb'], 'DK': ['da'], 'FI': ['fi'], 'PT': ['pt'], 'IE': ['en'],
    'CZ': ['cs'], 'GR': ['el'], 'RU': ['ru'], 'UA': ['uk'], 'TR': ['tr'], 'HU': ['hu'], 'RO': ['ro'], 'US': ['en'],
    'CA': ['en', 'fr'], 'MX': ['es'], 'CR': ['es'], 'JM': ['en'], 'PA': ['es'], 'BR': ['pt'], 'AR': ['es'], 'CL': ['es'],
    'CO': ['es'], 'PE': ['es'], 'VE': ['es'], 'UY': ['es'], 'EC': ['es'], 'ZA': ['en'], 'NG': ['en'], 'KE': ['sw', 'en'],
    'EG': ['ar'], 'MA': ['fr', 'ar'], 'GH': ['en'], 'ET': ['am'], 'TZ': ['sw'], 'DZ': ['fr', 'ar'], 'SN': ['fr'],
    'TN': ['fr', 'ar'], 'CM': ['fr'], 'UG': ['en'], 'IN': ['hi', 'en'], 'PK': ['ur', 'en'], 'BD': ['bn'], 'LK': ['en'],
    'NP': ['ne'], 'CN': ['zh'], 'JP': ['ja'], 'KR': ['ko'], 'TW': ['zht'], 'HK': ['zht', 'en'], 'SG': ['en', 'zh'],
    'MY': ['ms', 'en'], 'ID': ['id'], 'PH': ['tl', 'en'], 'TH': ['th'], 'VN': ['vi'], 'IR': ['fa'], 'SA': ['ar'],
    'AE': ['ar', 'en'], 'IL': ['he'], 'JO': ['ar'], 'IQ': ['ar'], 'KZ': ['ru'], 'AU': ['en'], 'NZ': ['en'], 'FJ': ['en'],
    'PG': ['en'],
}
EMERGENCY = {'GB': '999', 'IE': '112', 'US': '911', 'CA': '911', 'MX': '911', 'CR': '911', 'JM': '119', 'PA': '911',
             'BR': '192', 'AR': '107', 'CL': '131', 'CO': '123', 'PE': '105', 'VE': '171', 'UY': '911', 'EC': '911',
             'ZA': '10111', 'NG': '112', 'KE': '999', 'EG': '123', 'MA': '15', 'GH': '112', 'ET': '991', 'TZ': '112',
             'DZ': '14', 'SN': '18', 'TN': '190', 'CM': '117', 'UG': '999', 'IN': '112', 'PK': '1122', 'BD': '999',
             'LK': '1990', 'NP': '102', 'CN': '120', 'JP': '119', 'KR': '119', 'TW': '119', 'HK': '999', 'SG': '995',
             'MY': '999', 'ID': '112', 'PH': '911', 'TH': '1669', 'VN': '115', 'IR': '115', 'SA': '997', 'AE': '999',
             'IL': '101', 'JO': '911', 'IQ': '122', 'KZ': '112', 'AU': '000', 'NZ': '111', 'FJ': '911', 'PG': '111'}
NATIVE_LANG = {'ar': ('arab', 0.55), 'fa': ('pers', 0.7), 'ur': ('pers', 0.5), 'hi': ('deva', 0.45), 'ne': ('deva', 0.6),
               'bn': ('beng', 0.6), 'th': ('thai', 0.5), 'ja': ('full', 0.4), 'zh': ('full', 0.3), 'zht': ('full', 0.25)}
CURRENCY = {'GB': '£{a}', 'US': '${a}', 'CA': '${a} CAD', 'AU': '${a} AUD', 'NZ': '${a} NZD', 'IE': '€{e}', 'DE': '{e} €',
            'AT': '€ {e}', 'FR': '{e} €', 'ES': '{e} €', 'IT': '€ {e}', 'NL': '€ {e}', 'BE': '{e} €', 'FI': '{e} €',
            'PT': '{e} €', 'GR': '{e} €', 'CH': 'CHF {a}', 'PL': '{e} zł', 'SE': '{e} kr', 'NO': 'kr {e}', 'DK': '{e} kr',
            'CZ': '{i} Kč', 'HU': '{i} Ft', 'RO': '{e} lei', 'RU': '{i} ₽', 'UA': '{i} грн', 'TR': '{e} TL', 'KZ': '{i} ₸',
            'MX': '${a} MXN', 'CR': '₡{i}', 'JM': 'J${a}', 'PA': 'B/.{a}', 'BR': 'R$ {e}', 'AR': '$ {i}', 'CL': '$ {i}',
            'CO': '$ {i}', 'PE': 'S/ {a}', 'VE': 'USD {a}', 'UY': '$U {i}', 'EC': 'USD {a}', 'ZA': 'R {a}', 'NG': '₦{a}',
            'KE': 'KSh {a}', 'EG': '{a} EGP', 'MA': '{e} MAD', 'GH': 'GH₵ {a}', 'ET': '{a} ETB', 'TZ': 'TSh {a}',
            'DZ': '{i} DA', 'SN': '{i} FCFA', 'TN': '{e} DT', 'CM': '{i} FCFA', 'UG': 'USh {a}', 'IN': '₹{a}',
            'PK': 'Rs {a}', 'BD': '৳{a}', 'LK': 'Rs. {a}', 'NP': 'रु {a}', 'CN': '¥{a}', 'JP': '¥{j}', 'KR': '{j}원',
            'TW': 'NT${a}', 'HK': 'HK${a}', 'SG': 'S${a}', 'MY': 'RM {a}', 'ID': 'Rp {i}', 'PH': '₱{a}', 'TH': '฿{a}',
            'VN': '{i} ₫', 'IR': '{a} تومان', 'SA': '{a} SAR', 'AE': 'AED {a}', 'IL': '₪{a}', 'JO': '{a} JOD',
            'IQ': '{a} IQD', 'FJ': 'FJ${a}', 'PG': 'K{a}'}
DATEFMT = {'en': ['{d} {mon} {y}', '{y}-{m:02d}-{d:02d}'], 'de': ['{d:02d}.{m:02d}.{y}'], 'fr': ['{d:02d}/{m:02d}/{y}'],
           'es': ['{d:02d}/{m:02d}/{y}'], 'pt': ['{d:02d}/{m:02d}'], 'it': ['{d:02d}/{m:02d}/{y}'],
           'nl': ['{d:02d}-{m:02d}-{y}'], 'pl': ['{d:02d}.{m:02d}.{y}'], 'sv': ['{y}-{m:02d}-{d:02d}'],
           'nb': ['{d:02d}.{m:02d}.{y}'], 'da': ['{d:02d}.{m:02d}.{y}'], 'fi': ['{d}.{m}.{y}'], 'cs': ['{d}. {m}. {y}'],
           'el': ['{d:02d}/{m:02d}/{y}'], 'ru': ['{d:02d}.{m:02d}.{y}'], 'uk': ['{d:02d}.{m:02d}.{y}'],
           'tr': ['{d:02d}.{m:02d}.{y}'], 'hu': ['{y}. {m:02d}. {d:02d}.'], 'ro': ['{d:02d}.{m:02d}.{y}'],
           'ar': ['{d:02d}/{m:02d}/{y}'], 'he': ['{d}.{m}.{y}'], 'fa': ['{y}/{m:02d}/{d:02d}'], 'ur': ['{d:02d}-{m:02d}-{y}'],
           'hi': ['{d:02d}/{m:02d}/{y}'], 'bn': ['{d:02d}/{m:02d}/{y}'], 'ne': ['{y}-{m:02d}-{d:02d}'],
           'zh': ['{y}年{m}月{d}日'], 'zht': ['{y}年{m}月{d}日'], 'ja': ['{y}年{m}月{d}日', '{m}月{d}日'],
           'ko': ['{y}년 {m}월 {d}일'], 'th': ['{d}/{m}/{y}'], 'vi': ['{d:02d}/{m:02d}/{y}'], 'id': ['{d}/{m}/{y}'],
           'ms': ['{d}/{m}/{y}'], 'tl': ['{m}/{d}/{y}'], 'sw': ['{d}/{m}/{y}'], 'am': ['{d}/{m}/{y}']}
MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
COMPANIES = ['Kestrel Freight', 'Blue Harbor Trading', 'Orion Textiles', 'Lumen Dental', 'Northwind Parts', 'Sable & Finch',
             'Cedar Row Clinic', 'Atlas Print', 'Verde Logistics', 'Halcyon Tours', 'Pinecrest Bakery', 'Zenith Motors']


def amount(c):
    v = rng.randrange(1200, 99999) / 100.0
    a = '{:,.2f}'.format(v)
    e = a.replace(',', 'X').replace('.', ',').replace('X', '.')
    i = '{:,}'.format(int(v * rng.choice([10, 100]))).replace(',', '.' if c not in ('KR',) else ',')
    j = '{:,}'.format(int(v * 100))
    return CURRENCY[c].format(a=a, e=e, i=i, j=j)


def date_str(lang):
    y, m, d = rng.choice([2025, 2026]), rng.randint(1, 12), rng.randint(1, 28)
    return rng.choice(DATEFMT[lang]).format(y=y, m=m, d=d, mon=MONTHS_EN[m - 1])


def order_id():
    return rng.choice(['#', 'No. ', 'PO-', 'A-', '#WB']) + str(rng.randint(10000, 999999))


# ---------------------------------------------------------------------------
# Phone texts
# ---------------------------------------------------------------------------
PROSE_FORMATS = {'chat_call', 'chat_cell', 'chat_wa', 'signature', 'nolabel', 'after_name', 'other_numbers',
                 'two_numbers', 'extension'}
PHONE_FORMATS = ['chat_call', 'chat_cell', 'chat_wa', 'signature', 'md_table', 'csv', 'json', 'vcard', 'yaml', 'html',
                 'log', 'nolabel', 'after_name', 'other_numbers', 'two_numbers', 'extension']
EXT_FMT = {'en': ['{n} {e} {x}', '{n} x{x}'], 'de': ['{n}, {e} {x}'], 'ja': ['{n}（{e} {x}）'], 'zh': ['{n} {e} {x}'],
           'zht': ['{n} 轉 {x}'], 'fr': ['{n} ({e} {x})'], 'pt': ['{n} {e} {x}'], 'es': ['{n} ext. {x}'], 'ko': ['{n} ({e} {x})']}


THANKS = {'en': 'Thanks!', 'de': 'Danke!', 'fr': 'Merci !', 'es': '¡Gracias!', 'pt': 'Obrigado!', 'it': 'Grazie!',
          'nl': 'Bedankt!', 'pl': 'Dzięki!', 'sv': 'Tack!', 'nb': 'Takk!', 'da': 'Tak!', 'fi': 'Kiitos!', 'cs': 'Díky!',
          'el': 'Ευχαριστώ!', 'ru': 'Спасибо!', 'uk': 'Дякую!', 'tr': 'Teşekkürler!', 'hu': 'Köszönöm!', 'ro': 'Mulțumesc!',
          'ar': 'شكرًا', 'he': 'תודה!', 'fa': 'ممنون', 'ur': 'شکریہ', 'hi': 'धन्यवाद', 'bn': 'ধন্যবাদ', 'ne': 'धन्यवाद',
          'zh': '谢谢！', 'zht': '謝謝！', 'ja': 'よろしくお願いいたします。', 'ko': '감사합니다.', 'th': 'ขอบคุณครับ',
          'vi': 'Cảm ơn!', 'id': 'Terima kasih!', 'ms': 'Terima kasih!', 'tl': 'Salamat!', 'sw': 'Asante!', 'am': 'አመሰግናለሁ'}


def chat_prefix(name):
    r = rng.random()
    if r < 0.3:
        return '{}: '.format(name.split()[0])
    if r < 0.45:
        return '[{:02d}:{:02d}] {}: '.format(rng.randint(7, 22), rng.randint(0, 59), name.split()[0])
    return ''


def render_phone(fmt, c, lang, n, ptype):
    call, cell, wa, lbl, mob, other, emerg, extw, title, names = PH[lang]
    name = rng.choice(names)
    label = mob if 'mobile' in ptype else lbl
    slug = rng.choice(COMPANIES)
    web = 'www.' + re.sub(r'[^a-z]', '', slug.lower()) + TLD[c]
    if fmt == 'chat_call':
        return chat_prefix(name) + call.format(n=n)
    if fmt == 'chat_cell':
        return chat_prefix(name) + cell.format(n=n)
    if fmt == 'chat_wa':
        return chat_prefix(name) + wa.format(n=n)
    if fmt == 'signature':
        return '{}\n\n--\n{}\n{}\n{}\n{}: {}\n{}'.format(rng.choice([THANKS.get(lang, 'Thanks!'), '👍']),
                                                     name, title, slug, label, n, web)
    if fmt == 'md_table':
        other_name = rng.choice([x for x in names if x != name])
        return '| {} | role | {} |\n|---|---|---|\n| {} | on-call | {} |\n| {} | backup | — |'.format(
            'Name', label, name, n, other_name)
    if fmt == 'csv':
        sep = rng.choice([',', ';'])
        rows = ['name{0}city{0}phone{0}order_id{0}total'.format(sep)]
        city = rng.choice(COUNTRIES[c]['names'][1:] or COUNTRIES[c]['names'])
        amt = amount(c).replace(sep, ' ')
        rows.append(sep.join([name, city, '"{}"'.format(n) if rng.random() < 0.4 else n, order_id().lstrip('#'), amt]))
        if rng.random() < 0.6:
            rows.append(sep.join([rng.choice(names), city, '', order_id().lstrip('#'), amount(c).replace(sep, ' ')]))
        return '\n'.join(rows)
    if fmt == 'json':
        obj = {'customer': {'name': name, rng.choice(['phone', 'mobile', 'tel', 'phoneNumber']): n},
               'orderId': order_id(), 'total': amount(c), 'country': c}
        return json.dumps(obj, ensure_ascii=False, indent=rng.choice([None, 2]))
    if fmt == 'vcard':
        typ = 'CELL' if 'mobile' in ptype else 'WORK,VOICE'
        return 'BEGIN:VCARD\nVERSION:3.0\nFN:{}\nORG:{}\nTEL;TYPE={}:{}\nURL:https://{}\nEND:VCARD'.format(name, slug, typ, n, web)
    if fmt == 'yaml':
        q = '"{}"'.format(n) if rng.random() < 0.6 else n
        return 'contact:\n  name: {}\n  company: {}\n  phone: {}\n  timezone_offset: {}\n'.format(
            name, slug, q, rng.choice(['+1', '+2', '-5', '+8', '+5:30'])).rstrip('\n')
    if fmt == 'html':
        return rng.choice([
            '<p><strong>{l}:</strong> {n}</p>',
            '<tr><td>{nm}</td><td>{t}</td><td class="tel">{n}</td></tr>',
            '<div class="footer">{s} · {l} <span>{n}</span> · <a href="https://{w}">{w}</a></div>',
        ]).format(l=label, n=n, nm=name, t=title, s=slug, w=web)
    if fmt == 'log':
        ts = '2026-{:02d}-{:02d}T{:02d}:{:02d}:{:02d}.{:03d}Z'.format(rng.randint(1, 12), rng.randint(1, 28), rng.randint(0, 23),
                                                                    rng.randint(0, 59), rng.randint(0, 59), rng.randint(0, 999))
        return rng.choice([
            '{ts} INFO  notify.sms dispatch to="{n}" template=delivery_eta order={o} attempt={a}',
            '{ts} WARN  crm.sync contact update rejected: phone="{n}" reason=duplicate retry_in={a}s',
            '{ts} DEBUG ivr.callback queued number={n} queue=support pos={a}',
        ]).format(ts=ts, n=n, o=order_id().lstrip('#'), a=rng.randint(1, 9))
    if fmt == 'nolabel':
        return rng.choice(['{n}', '{nm}\n{n}', '{n} — {nm}', '{n}?', '{n} 👍']).format(n=n, nm=name)
    if fmt == 'after_name':
        return rng.choice(['{nm}, {n}', '{nm}: {n}', '{nm} {n}', '{nm} ({n})']).format(nm=name, n=n)
    if fmt == 'other_numbers':
        return other.format(oid=order_id(), amt=amount(c), date=date_str(lang), n=n)
    if fmt == 'two_numbers':
        return emerg.format(sc=EMERGENCY.get(c, '112'), n=n)
    if fmt == 'extension':
        x = str(rng.randint(10, 4999))
        return '{}: '.format(lbl) + rng.choice(EXT_FMT.get(lang, ['{n} {e} {x}'])).format(n=n, e=extw, x=x)
    raise ValueError(fmt)


def make_phone_records(count=160):
    # every country once, then weighted extra draws
    big = ['US', 'GB', 'DE', 'FR', 'IN', 'BR', 'CN', 'JP', 'MX', 'ES', 'IT', 'NG', 'EG', 'ID', 'PH', 'RU', 'AU', 'CA',
           'KR', 'TR', 'ZA', 'PK', 'IR', 'SA', 'AR', 'NL', 'PL', 'TH', 'VN', 'BD', 'KE', 'CO']
    force = {'BD': 2, 'NP': 1, 'IN': 2, 'IR': 2, 'PK': 1, 'EG': 2, 'SA': 1, 'TH': 2, 'JP': 2, 'CN': 1, 'IQ': 1}
    clist = list(ORDER) + [c for c in force for _ in range(force[c])]
    while len(clist) < count:
        clist.append(rng.choice(big + ORDER))
    fmts = []
    while len(fmts) < count:
        f = list(PHONE_FORMATS)
        rng.shuffle(f)
        fmts.extend(f)
    fmts = fmts[:count]
    rng.shuffle(clist)
    recs = []
    for c, fmt in zip(clist, fmts):
        for attempt in range(200):
            lang = rng.choice(COUNTRY_LANGS[c])
            fmt_use = fmt
            want_native = lang in NATIVE_LANG and rng.random() < NATIVE_LANG[lang][1]
            if force.get(c, 0) > 0:
                lang = COUNTRY_LANGS[c][0]
                want_native = True
            if want_native and fmt_use not in PROSE_FORMATS:
                fmt_use = rng.choice(['chat_call', 'chat_cell', 'chat_wa', 'other_numbers', 'two_numbers', 'after_name'])
            tindex = rng.randrange(len(COUNTRIES[c]['types']))
            if fmt_use == 'extension':
                lt = [i for i, t in enumerate(COUNTRIES[c]['types']) if 'landline' in t[0]]
                if lt:
                    tindex = rng.choice(lt)
            n, ptype = draw_phone(c, tindex)
            text = render_phone(fmt_use, c, lang, n, ptype)
            native = ''
            if want_native:
                native = NATIVE_LANG[lang][0]
                text = to_native(text, native)
                n = to_native(n, native)
            if n not in text:
                continue
            d, plus = parse_written(n)
            assert valid_in(c, d, plus), (c, n)
            masked = text.replace(n, ' § ')
            imp = implied_countries(text, lang)
            if c not in imp:
                imp.append(c)
            if phone_hits(masked, imp) or EMAIL_RE.search(text):
                continue
            ctx = 'phone_number:{}:{}:{}:{}'.format(c, ptype, fmt_use, lang) + (':native-' + native if native else '')
            if native and force.get(c, 0) > 0:
                force[c] -= 1
            recs.append(dict(text=text, secrets=[dict(kind='phone_number', value=n)], context=ctx,
                             _meta=dict(country=c, lang=lang, fmt=fmt_use, native=native)))
            break
        else:
            raise RuntimeError('phone record failed for ' + c)
    return recs


# ---------------------------------------------------------------------------
# Password phrase bank: is, wifi, question, answer, long sentence, word, config comment, pin sentence
# ---------------------------------------------------------------------------
PW = {
    'en': ("the password is {p}", "{p} is the wifi password", "what's the password for the staging box?", "it's {p}",
           "For the shared drive in the accounting office - the one with last year's receipts, the scanner profiles and the payroll exports - the login is accounting and the password {p}",
           "password", "password for the staging database", "the password for the kiosk tablet is {p}"),
    'de': ("das Passwort ist {p}", "{p} ist das WLAN-Passwort", "wie war nochmal das Passwort für den Testserver?", "ist {p}",
           "Für das Netzlaufwerk in der Buchhaltung, auf dem die Belege vom letzten Jahr, die Scanner-Profile und die Lohnexporte liegen, lautet das Passwort {p}",
           "Passwort", "Passwort für die Staging-Datenbank", "das Passwort fürs Kassen-Tablet ist {p}"),
    'fr': ("le mot de passe est {p}", "{p}, c'est le mot de passe du wifi", "c'est quoi le mot de passe du serveur de test ?", "c'est {p}",
           "Pour le lecteur partagé de la compta, celui où il y a les justificatifs de l'an dernier, les profils du scanner et les exports de paie, le mot de passe est {p}",
           "mot de passe", "mot de passe de la base de recette", "le mot de passe de la tablette de caisse est {p}"),
    'es': ("la contraseña es {p}", "{p} es la contraseña del wifi", "¿cuál era la contraseña del servidor de pruebas?", "es {p}",
           "Para la unidad compartida de contabilidad, la que tiene los recibos del año pasado, los perfiles del escáner y las exportaciones de nóminas, la contraseña es {p}",
           "contraseña", "contraseña de la base de datos de pruebas", "la contraseña de la tablet de caja es {p}"),
    'pt': ("a senha é {p}", "{p} é a senha do wi-fi", "qual é a senha do servidor de homologação?", "é {p}",
           "Pra pasta compartilhada da contabilidade, aquela com os recibos do ano passado, os perfis do scanner e as exportações da folha, a senha é {p}",
           "senha", "senha do banco de homologação", "a senha do tablet do caixa é {p}"),
    'it': ("la password è {p}", "{p} è la password del wifi", "qual è la password del server di test?", "è {p}",
           "Per la cartella condivisa dell'amministrazione, quella con le ricevute dell'anno scorso, i profili dello scanner e gli export delle buste paga, la password è {p}",
           "password", "password del database di staging", "la password del tablet in cassa è {p}"),
    'nl': ("het wachtwoord is {p}", "{p} is het wifi-wachtwoord", "wat was het wachtwoord van de testserver ook alweer?", "is {p}",
           "Voor de gedeelde schijf van de boekhouding, die met de bonnetjes van vorig jaar, de scannerprofielen en de salarisexports, is het wachtwoord {p}",
           "wachtwoord", "wachtwoord voor de staging-database", "het wachtwoord van de kassatablet is {p}"),
    'pl': ("hasło to {p}", "{p} to hasło do wifi", "jakie jest hasło do serwera testowego?", "to {p}",
           "Do dysku współdzielonego księgowości, tego z paragonami z zeszłego roku, profilami skanera i eksportami płac, hasło brzmi {p}",
           "hasło", "hasło do bazy testowej", "hasło do tabletu przy kasie to {p}"),
    'sv': ("lösenordet är {p}", "{p} är wifi-lösenordet", "vad var lösenordet till testservern nu igen?", "det är {p}",
           "Till den delade disken på ekonomi, den med fjolårets kvitton, skannerprofilerna och löneexporterna, är lösenordet {p}",
           "lösenord", "lösenord till staging-databasen", "lösenordet till kassaplattan är {p}"),
    'nb': ("passordet er {p}", "{p} er wifi-passordet", "hva var passordet til testserveren igjen?", "det er {p}",
           "Til fellesdisken på regnskap, den med fjorårets kvitteringer, skannerprofilene og lønnseksportene, er passordet {p}",
           "passord", "passord til staging-databasen", "passordet til kassenettbrettet er {p}"),
    'da': ("adgangskoden er {p}", "{p} er wifi-adgangskoden", "hvad var adgangskoden til testserveren nu?", "den er {p}",
           "Til det delte drev i bogholderiet, det med sidste års kvitteringer, scannerprofilerne og løneksporterne, er adgangskoden {p}",
           "adgangskode", "adgangskode til staging-databasen", "adgangskoden til kassetabletten er {p}"),
    'fi': ("salasana on {p}", "{p} on wifin salasana", "mikä olikaan testipalvelimen salasana?", "se on {p}",
           "Kirjanpidon jaetulle levylle, jossa on viime vuoden kuitit, skannerin profiilit ja palkka-aineistot, salasana on {p}",
           "salasana", "staging-tietokannan salasana", "kassatabletin salasana on {p}"),
    'cs': ("heslo je {p}", "{p} je heslo k wifi", "jaké je heslo k testovacímu serveru?", "je to {p}",
           "Na sdílený disk účtárny, ten s loňskými účtenkami, profily skeneru a exporty mezd, je heslo {p}",
           "heslo", "heslo k testovací databázi", "heslo k tabletu u pokladny je {p}"),
    'el': ("ο κωδικός είναι {p}", "{p} είναι ο κωδικός του wifi", "ποιος είναι ο κωδικός για τον δοκιμαστικό server;", "είναι {p}",
           "Για τον κοινόχρηστο φάκελο του λογιστηρίου, αυτόν με τις αποδείξεις της περσινής χρονιάς, τα προφίλ του σαρωτή και τις εξαγωγές μισθοδοσίας, ο κωδικός είναι {p}",
           "κωδικός", "κωδικός της δοκιμαστικής βάσης", "ο κωδικός για το tablet του ταμείου είναι {p}"),
    'ru': ("пароль — {p}", "{p} — это пароль от вайфая", "какой пароль от тестового сервера?", "вот: {p}",
           "Для общей папки бухгалтерии, где лежат прошлогодние чеки, профили сканера и выгрузки по зарплате, пароль {p}",
           "пароль", "пароль от тестовой базы", "пароль от планшета на кассе — {p}"),
    'uk': ("пароль — {p}", "{p} — це пароль від вайфаю", "який пароль від тестового сервера?", "ось: {p}",
           "Для спільної папки бухгалтерії, де лежать торішні чеки, профілі сканера та вивантаження зарплат, пароль {p}",
           "пароль", "пароль від тестової бази", "пароль від планшета на касі — {p}"),
    'tr': ("şifre {p}", "{p} wifi şifresi", "test sunucusunun şifresi neydi?", "şu: {p}",
           "Muhasebenin paylaşılan klasörü için, yani geçen yılın fişlerinin, tarayıcı profillerinin ve bordro dökümlerinin durduğu yer için şifre {p}",
           "şifre", "test veritabanı şifresi", "kasa tabletinin şifresi {p}"),
    'hu': ("a jelszó {p}", "{p} a wifi jelszava", "mi is a tesztszerver jelszava?", "ez: {p}",
           "A könyvelés megosztott meghajtójához, amin a tavalyi nyugták, a szkennerprofilok és a bérexportok vannak, a jelszó {p}",
           "jelszó", "a teszt adatbázis jelszava", "a pénztártablet jelszava {p}"),
    'ro': ("parola este {p}", "{p} e parola de la wifi", "care e parola de la serverul de test?", "e {p}",
           "Pentru folderul partajat al contabilității, cel cu bonurile de anul trecut, profilurile scanerului și exporturile de salarii, parola este {p}",
           "parolă", "parola bazei de date de test", "parola tabletei de la casă este {p}"),
    'ar': ("كلمة المرور هي {p}", "{p} هي كلمة سر الواي فاي", "ما كلمة المرور لخادم الاختبار؟", "هي {p}",
           "للمجلد المشترك في قسم المحاسبة، الذي فيه إيصالات العام الماضي وملفات الماسح الضوئي وتصديرات الرواتب، كلمة المرور {p}",
           "كلمة المرور", "كلمة مرور قاعدة بيانات الاختبار", "كلمة مرور جهاز الكاشير اللوحي {p}"),
    'he': ("הסיסמה היא {p}", "{p} זו הסיסמה של הוויפי", "מה הסיסמה לשרת הבדיקות?", "זה {p}",
           "לכונן המשותף של הנהלת החשבונות, זה עם הקבלות של השנה שעברה, פרופילי הסורק וייצואי השכר, הסיסמה היא {p}",
           "סיסמה", "סיסמה למסד הנתונים של הבדיקות", "הסיסמה של הטאבלט בקופה היא {p}"),
    'fa': ("رمز عبور {p} است", "{p} رمز وای‌فای است", "رمز سرور تست چی بود؟", "{p} هست",
           "برای پوشه‌ی مشترک حسابداری، همان که رسیدهای پارسال و پروفایل‌های اسکنر و خروجی‌های حقوق در آن است، رمز عبور {p} است",
           "رمز عبور", "رمز پایگاه داده‌ی تست", "رمز تبلت صندوق {p} است"),
    'hi': ("पासवर्ड {p} है", "{p} वाई-फ़ाई का पासवर्ड है", "टेस्ट सर्वर का पासवर्ड क्या था?", "{p} है",
           "अकाउंट्स विभाग की शेयर्ड ड्राइव के लिए, जिसमें पिछले साल की रसीदें, स्कैनर प्रोफ़ाइल और पेरोल एक्सपोर्ट रखे हैं, पासवर्ड {p} है",
           "पासवर्ड", "टेस्ट डेटाबेस का पासवर्ड", "काउंटर वाले टैबलेट का पासवर्ड {p} है"),
    'bn': ("পাসওয়ার্ড হলো {p}", "{p} হলো ওয়াইফাইয়ের পাসওয়ার্ড", "টেস্ট সার্ভারের পাসওয়ার্ড কী ছিল?", "এটা {p}",
           "হিসাব বিভাগের শেয়ার্ড ড্রাইভের জন্য, যেখানে গত বছরের রসিদ, স্ক্যানারের প্রোফাইল আর বেতনের এক্সপোর্ট রাখা আছে, পাসওয়ার্ড হলো {p}",
           "পাসওয়ার্ড", "টেস্ট ডাটাবেসের পাসওয়ার্ড", "ক্যাশ কাউন্টারের ট্যাবলেটের পাসওয়ার্ড {p}"),
    'zh': ("密码是 {p}", "{p} 是 Wi-Fi 密码", "测试服务器的密码是多少？", "是 {p}",
           "财务部那个共享盘，就是放去年发票、扫描仪配置和工资导出的那个，密码是 {p}",
           "密码", "测试数据库密码", "收银平板的密码是 {p}"),
    'ja': ("パスワードは {p} です", "{p} がWi-Fiのパスワードです", "検証サーバーのパスワードって何でしたっけ？", "{p} です",
           "経理の共有フォルダ（去年の領収書とスキャナーのプロファイルと給与データが入っているやつ）のパスワードは {p} です",
           "パスワード", "ステージングDBのパスワード", "レジ用タブレットのパスワードは {p} です"),
    'ko': ("비밀번호는 {p}입니다", "{p} 이게 와이파이 비밀번호예요", "테스트 서버 비밀번호가 뭐였죠?", "{p}요",
           "회계팀 공유 드라이브, 그러니까 작년 영수증이랑 스캐너 프로필, 급여 내보내기 파일이 있는 곳 비밀번호는 {p}입니다",
           "비밀번호", "스테이징 DB 비밀번호", "계산대 태블릿 비밀번호는 {p}입니다"),
    'th': ("รหัสผ่านคือ {p}", "{p} คือรหัสไวไฟ", "รหัสผ่านเซิร์ฟเวอร์ทดสอบคืออะไรนะ", "{p} ครับ",
           "สำหรับไดรฟ์ที่แชร์ของฝ่ายบัญชี ที่เก็บใบเสร็จปีที่แล้ว โปรไฟล์สแกนเนอร์ และไฟล์เงินเดือน รหัสผ่านคือ {p}",
           "รหัสผ่าน", "รหัสผ่านฐานข้อมูลทดสอบ", "รหัสผ่านแท็บเล็ตที่แคชเชียร์คือ {p}"),
    'vi': ("mật khẩu là {p}", "{p} là mật khẩu wifi", "mật khẩu server test là gì nhỉ?", "là {p}",
           "Ổ đĩa dùng chung của phòng kế toán, cái chứa hóa đơn năm ngoái, hồ sơ máy quét và file xuất lương, mật khẩu là {p}",
           "mật khẩu", "mật khẩu cơ sở dữ liệu staging", "mật khẩu máy tính bảng ở quầy thu ngân là {p}"),
    'id': ("passwordnya {p}", "{p} itu password wifi-nya", "password server testing apa ya?", "itu {p}",
           "Untuk shared drive bagian keuangan, yang isinya kuitansi tahun lalu, profil scanner, dan ekspor gaji, kata sandinya {p}",
           "kata sandi", "kata sandi database staging", "kata sandi tablet kasir {p}"),
    'ms': ("kata laluan ialah {p}", "{p} ialah kata laluan wifi", "apa kata laluan server ujian?", "ia {p}",
           "Untuk pemacu kongsi bahagian akaun, yang ada resit tahun lepas, profil pengimbas dan eksport gaji, kata laluannya {p}",
           "kata laluan", "kata laluan pangkalan data ujian", "kata laluan tablet kaunter ialah {p}"),
    'tl': ("ang password ay {p}", "{p} ang password ng wifi", "ano ulit ang password ng test server?", "{p} po",
           "Para sa shared drive ng accounting, 'yung may mga resibo noong isang taon, scanner profiles at payroll exports, ang password ay {p}",
           "password", "password ng staging database", "ang password ng tablet sa kahera ay {p}"),
    'sw': ("nenosiri ni {p}", "{p} ndiyo nenosiri la wifi", "nenosiri la seva ya majaribio ni lipi?", "ni {p}",
           "Kwa folda ya pamoja ya uhasibu, ile yenye risiti za mwaka jana, wasifu wa skana na faili za mishahara, nenosiri ni {p}",
           "nenosiri", "nenosiri la hifadhidata ya majaribio", "nenosiri la tablet ya keshia ni {p}"),
}
PW_WORDS = {
    'en': ['sunshine', 'dragon', 'maple', 'harbor', 'pickle', 'walrus', 'lantern', 'biscuit'],
    'de': ['sommer', 'fussball', 'kaffee', 'schnecke', 'apfel', 'wolke', 'bahnhof', 'brezel'],
    'fr': ['soleil', 'chocolat', 'lapin', 'cerise', 'baguette', 'nuage', 'citron', 'moulin'],
    'es': ['verano', 'corazon', 'tortuga', 'girasol', 'naranja', 'luna', 'guitarra', 'playa'],
    'pt': ['saudade', 'flamengo', 'cachorro', 'praia', 'caju', 'janela', 'bolacha', 'samba'],
    'it': ['estate', 'gattino', 'pizzeria', 'farfalla', 'limone', 'tramonto', 'vespa', 'girasole'],
    'nl': ['zomer', 'fiets', 'tulpen', 'hagelslag', 'molen', 'kaas', 'dijk', 'klomp'],
    'pl': ['wiosna', 'kotek', 'pierogi', 'jezioro', 'bocian', 'jablko', 'zamek', 'chmura'],
    'sv': ['sommar', 'kanelbulle', 'midsommar', 'alg', 'stuga', 'skargard', 'fika', 'lingon'],
    'nb': ['fjellet', 'sommer', 'brunost', 'hytta', 'fjord', 'ski', 'vaffel', 'elg'],
    'da': ['hygge', 'sommer', 'cykel', 'strand', 'rugbrod', 'viking', 'kage', 'mole'],
    'fi': ['kesa', 'sauna', 'mokki', 'revontuli', 'karhu', 'jarvi', 'pulla', 'lumi'],
    'cs': ['leto', 'kocka', 'pivo', 'praha', 'knedlik', 'hrad', 'jablko', 'vlak'],
    'el': ['kalokairi', 'thalassa', 'elia', 'ouzo', 'ilios', 'nisi', 'gata', 'feta'],
    'ru': ['solnce', 'koshka', 'moskva', 'vesna', 'medved', 'berezka', 'chaynik', 'zima'],
    'uk': ['sonechko', 'kvitka', 'kyiv', 'vyshnia', 'borshch', 'kalyna', 'lelka', 'dnipro'],
    'tr': ['galatasaray', 'kedi', 'deniz', 'bahar', 'simit', 'lale', 'cay', 'bogaz'],
    'hu': ['nyar', 'cica', 'balaton', 'paprika', 'kifli', 'duna', 'pogacsa', 'mokus'],
    'ro': ['vara', 'pisica', 'carpati', 'soare', 'mamaliga', 'dunare', 'brad', 'zambila'],
    'ar': ['qamar', 'yasmin', 'sahara', 'falcon', 'nakhla', 'bahr', 'layla', 'shams'],
    'he': ['shalom', 'tapuz', 'yam', 'kelev', 'shemesh', 'falafel', 'tamar', 'gamal'],
    'fa': ['setareh', 'golnar', 'tehran', 'shiraz', 'anar', 'bahar', 'darya', 'khorshid'],
    'hi': ['pyaar', 'mumbai', 'cricket', 'chai', 'aam', 'sitara', 'baarish', 'mausam'],
    'bn': ['ilish', 'dhaka', 'bhalobasa', 'nodi', 'akash', 'phool', 'brishti', 'mishti'],
    'zh': ['woaini', 'xiongmao', 'shanghai', 'longma', 'xingfu', 'jiaozi', 'taiyang', 'huahua'],
    'ja': ['sakura', 'neko', 'tanuki', 'fujisan', 'ramen', 'tsuki', 'kaeru', 'umibe'],
    'ko': ['saranghae', 'gangnam', 'kimchi', 'hodu', 'haneul', 'bada', 'tokki', 'byeol'],
    'th': ['sawasdee', 'mali', 'chiangmai', 'som', 'mamuang', 'chang', 'khaosan', 'fah'],
    'vi': ['hoasen', 'saigon', 'phobo', 'muaxuan', 'caphe', 'bienxanh', 'trangtron', 'meocon'],
    'id': ['rendang', 'bandung', 'kucing', 'merdeka', 'pelangi', 'sambal', 'gunung', 'kopi'],
    'ms': ['durian', 'kucing', 'melaka', 'pelangi', 'nasilemak', 'bulan', 'harimau', 'kopi'],
    'tl': ['mahal', 'sampaguita', 'kalabaw', 'cebu', 'adobo', 'araw', 'bituin', 'dagat'],
    'sw': ['simba', 'jambo', 'kilimanjaro', 'tembo', 'twiga', 'bahari', 'nyota', 'chai'],
}
LOCAL_SCRIPT_PW = {'de': ['Schöne', 'Grüße', 'Bären'], 'ru': ['Привет', 'Котик', 'Зима'], 'el': ['Καλημέρα', 'Θάλασσα'],
                   'fr': ['Été', 'Forêt'], 'es': ['Año', 'Niño'], 'pl': ['Żubr', 'Łódź'], 'tr': ['Güneş', 'Çiçek'],
                   'uk': ['Вишня', 'Сонце'], 'cs': ['Řeka', 'Čaj'], 'hu': ['Tündér', 'Őz']}
EMOJI = ['🐱', '🌻', '🔥', '🚀', '☕', '🍕', '🦊', '⭐', '🌊', '🐼', '🎸', '🍀']
SAFE_SYM = '!@#%^*_-+=?.~'


def pw_word_year(lang):
    w = rng.choice(PW_WORDS[lang])
    w = w.capitalize() if rng.random() < 0.8 else w
    y = str(rng.choice([rng.randint(1975, 2026), rng.randint(1, 99), rng.randint(100, 999)]))
    return rng.choice(['{w}{y}{s}', '{w}{s}{y}', '{w}_{y}', '{s}{w}{y}']).format(w=w, y=y, s=rng.choice('!#@*?'))


def pw_leet(lang):
    w = rng.choice(PW_WORDS[lang])
    tr = {'a': '@', 'e': '3', 'i': '1', 'o': '0', 's': '5', 't': '7'}
    out = ''.join(tr[ch] if ch in tr and rng.random() < 0.6 else ch for ch in w)
    return out[0].upper() + out[1:] + rng.choice(['!', '!!', '#1', '*', '?', '_' + str(rng.randint(10, 99))])


def pw_random():
    n = rng.randint(10, 18)
    alpha = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'
    for _ in range(100):
        s = ''.join(rng.choice(alpha + SAFE_SYM) for _ in range(n))
        if s[0].isalnum() and any(c.isdigit() for c in s) and any(c in SAFE_SYM for c in s) and any(c.isupper() for c in s):
            return s
    raise RuntimeError


def pw_phrase(lang, sep):
    ws = rng.sample(PW_WORDS[lang] + PW_WORDS['en'][:3] if lang == 'en' else PW_WORDS[lang], rng.randint(3, 5))
    if sep == 'camel':
        return ''.join(w.capitalize() for w in ws) + str(rng.randint(1, 99))
    return sep.join(ws)


def pw_emoji(lang):
    e = rng.choice(EMOJI)
    w = rng.choice(PW_WORDS[lang]).capitalize()
    return rng.choice(['{e}{w}{d}', '{w}{e}{d}!', '{w}{d}{e}']).format(e=e, w=w, d=rng.randint(1, 2026))


def pw_local(lang):
    return rng.choice(LOCAL_SCRIPT_PW[lang]) + rng.choice(['!', '#', '_', '.']) + str(rng.randint(1, 2026))


def pw_pin():
    for _ in range(100):
        s = ''.join(rng.choice('0123456789') for _ in range(rng.choice([4, 4, 5, 6, 6, 8])))
        if len(set(s)) >= 3 and s not in '0123456789' and s not in '9876543210':
            return s
    raise RuntimeError


def draw_password(lang, style):
    if style == 'word_year':
        return pw_word_year(lang)
    if style == 'leet':
        return pw_leet(lang)
    if style == 'random':
        return pw_random()
    if style == 'phrase_dash':
        return pw_phrase(lang, rng.choice(['-', '.', '_', 'camel']))
    if style == 'phrase_space':
        return pw_phrase(lang, ' ')
    if style == 'emoji':
        return pw_emoji(lang)
    if style == 'local':
        return pw_local(lang) if lang in LOCAL_SCRIPT_PW else pw_word_year(lang)
    if style == 'pin':
        return pw_pin()
    raise ValueError(style)


PROSE_PW_FORMATS = ['is', 'label', 'wifi', 'thread', 'long', 'quoted', 'backtick', 'pin']
CONFIG_PW_FORMATS = ['env', 'yaml', 'json', 'ini', 'xml', 'connstr', 'cli', 'sql', 'code']


def render_password(fmt, lang, p):
    is_, wifi, q, a, long_, word, cmt, pin = PW[lang]
    if fmt == 'is':
        latin = lang in ('en', 'de', 'fr', 'es', 'pt', 'it', 'nl', 'pl', 'sv', 'nb', 'da', 'fi', 'cs', 'tr', 'hu', 'ro', 'vi', 'id', 'ms', 'tl', 'sw')
        return is_.format(p=p) + rng.choice(['', ' 🙂', '.' if latin else '', ' (don\'t share it)' if lang == 'en' else ''])
    if fmt == 'label':
        return rng.choice(['pw: {p}', 'PW: {p}', '{w}: {p}', 'user: admin / {w}: {p}', 'login: reception\npw {p}',
                           '{w} = {p}', '🔑 {p}']).format(p=p, w=word)
    if fmt == 'wifi':
        return rng.choice(['SSID: ' + rng.choice(['FRITZ!Box 7590 QX', 'Vodafone-4F2A', 'Livebox-19C3', 'TP-Link_5G_A7', 'Casa_Guest']) + '\n', '']) + wifi.format(p=p)
    if fmt == 'thread':
        names = PH.get(lang, PH['en'])[9]
        u1, u2 = rng.sample(names, 2)
        return '{}: {}\n{}: {}'.format(u1.split()[0], q, u2.split()[0], a.format(p=p))
    if fmt == 'long':
        return long_.format(p=p)
    if fmt == 'quoted':
        qq = rng.choice(['"{}"', '„{}“', '«{}»', "'{}'", '「{}」', '“{}”'])
        return is_.format(p=qq.format(p))
    if fmt == 'backtick':
        return rng.choice(['{w}: `{p}`', is_.format(p='`{p}`'), '```\n{p}\n```']).format(w=word, p=p)
    if fmt == 'pin':
        return pin.format(p=p)
    if fmt == 'env':
        return '# {}\nDB_HOST=db.internal\nDB_USER=app\n{}={}\n'.format(cmt, rng.choice(['DB_PASSWORD', 'POSTGRES_PASSWORD', 'MYSQL_PASSWORD', 'SMTP_PASS', 'REDIS_PASSWORD']), p).rstrip('\n')
    if fmt == 'yaml':
        val = '"{}"'.format(p) if (not p[0].isalnum() or rng.random() < 0.5) else p
        return '# {}\ndatabase:\n  host: db.internal\n  username: app\n  password: {}\n  pool: {}'.format(cmt, val, rng.randint(5, 40))
    if fmt == 'json':
        obj = {'_comment': cmt, 'host': 'db.internal', 'port': rng.choice([5432, 3306, 1433, 6379]), 'user': 'app', 'password': p}
        return json.dumps(obj, ensure_ascii=False, indent=rng.choice([None, 2]))
    if fmt == 'ini':
        return '; {}\n[database]\nhost = db.internal\nuser = app\npassword = {}'.format(cmt, p)
    if fmt == 'xml':
        return rng.choice([
            '<!-- {c} -->\n<connection>\n  <user>app</user>\n  <password>{p}</password>\n</connection>',
            '<!-- {c} -->\n<add key="SmtpPassword" value="{p}" />',
        ]).format(c=cmt, p=p)
    if fmt == 'connstr':
        return rng.choice([
            'Server=sql01;Database=shop;User Id=app;Password={p};TrustServerCertificate=True',
            'host=db.internal port=5432 dbname=shop user=app password={p} sslmode=require',
            'Data Source=ORCL;User ID=app;Password={p};',
        ]).format(p=p) + '  -- ' + cmt
    if fmt == 'cli':
        return rng.choice([
            '$ mysql -u root -p{p} shop',
            '$ mysql --user=app --password={p} -h db.internal',
            '$ psql "host=db.internal user=app password={p}"',
            '$ sshpass -p {p} ssh deploy@build01',
            '$ docker login -u ci -p {p} registry.internal',
            '$ smbclient //nas/share -U backup%{p}',
            '$ openssl pkcs12 -export -in cert.pem -inkey key.pem -out cert.p12 -passout pass:{p}',
        ]).format(p=p) + '\n# ' + cmt
    if fmt == 'sql':
        return rng.choice([
            "CREATE USER 'app'@'%' IDENTIFIED BY '{p}';",
            "ALTER USER reporting IDENTIFIED BY \"{p}\";",
            "CREATE ROLE etl LOGIN PASSWORD '{p}';",
            "ALTER USER 'root'@'localhost' IDENTIFIED WITH mysql_native_password BY '{p}';",
        ]).format(p=p) + '  -- ' + cmt
    if fmt == 'code':
        return rng.choice([
            '# {c}\nDB_PASSWORD = "{p}"',
            '// {c}\nconst password = \'{p}\';',
            '# {c}\ncreds = {{"user": "admin", "password": "{p}"}}',
            '// {c}\nString pwd = "{p}";',
            '// {c}\ncfg := Config{{User: "app", Password: "{p}"}}',
        ]).format(c=cmt, p=p)
    raise ValueError(fmt)


def make_password_records(count=140):
    langs = list(PW)
    llist = langs * (count // len(langs)) + langs[:count % len(langs)]
    fmts = []
    while len(fmts) < count:
        f = PROSE_PW_FORMATS + PROSE_PW_FORMATS[:5] + CONFIG_PW_FORMATS
        rng.shuffle(f)
        fmts.extend(f)
    fmts = fmts[:count]
    rng.shuffle(llist)
    recs = []
    seen = set()
    for lang, fmt in zip(llist, fmts):
        for attempt in range(200):
            if fmt == 'pin':
                style = 'pin'
            elif fmt in ('quoted', 'backtick'):
                style = rng.choice(['phrase_space', 'phrase_space', 'phrase_space', 'word_year', 'random', 'emoji', 'local'])
            elif fmt in CONFIG_PW_FORMATS:
                style = rng.choice(['word_year', 'random', 'random', 'leet', 'phrase_dash'] + (['emoji'] if fmt in ('json', 'yaml') else []))
            else:
                style = rng.choice(['word_year', 'word_year', 'random', 'leet', 'phrase_dash', 'emoji', 'local'])
            p = draw_password(lang, style)
            if p in seen:
                continue
            text = render_password(fmt, lang, p)
            if text.count(p) != 1:
                continue
            masked = text.replace(p, ' § ')
            if phone_hits(masked, implied_countries(text, lang)) or EMAIL_RE.search(text):
                continue
            seen.add(p)
            recs.append(dict(text=text, secrets=[dict(kind='password', value=p)],
                             context='password:{}:{}:{}'.format(fmt, style, lang),
                             _meta=dict(lang=lang, fmt=fmt, style=style)))
            break
        else:
            raise RuntimeError('password record failed')
    return recs


# ---------------------------------------------------------------------------
# Negatives
# ---------------------------------------------------------------------------
def D(n):
    return ''.join(rng.choice('0123456789') for _ in range(n))


def isbn13():
    body = '978' + rng.choice('0123') + D(8)
    tot = sum(int(ch) * (1 if i % 2 == 0 else 3) for i, ch in enumerate(body))
    chk = str((10 - tot % 10) % 10)
    pl = rng.randint(2, 4)
    return '{}-{}-{}-{}-{}'.format(body[:3], body[3], body[4:4 + pl], body[4 + pl:], chk)


def money_en():
    return '${:,.2f}'.format(rng.randrange(100, 9999999) / 100.0)


def money_eu():
    return '{:,.2f}'.format(rng.randrange(100, 9999999) / 100.0).replace(',', 'X').replace('.', ',').replace('X', '.')


def ver():
    return '{}.{}.{}'.format(rng.randint(0, 30), rng.randint(0, 40), rng.randint(0, 200))


def iso_date():
    return '{}-{:02d}-{:02d}'.format(rng.choice([2025, 2026]), rng.randint(1, 12), rng.randint(1, 28))


def eu_date():
    return '{:02d}.{:02d}.{}'.format(rng.randint(1, 28), rng.randint(1, 12), rng.choice([2025, 2026]))


def hm():
    return '{:02d}:{:02d}'.format(rng.randint(6, 22), rng.choice([0, 15, 30, 45, 5, 50]))


def neg_numbers():
    """Return (text, lang, strict). strict: also check every span against all plans, not only implied ones."""
    k = rng.randrange(40)
    if k == 0:
        return 'Order {} shipped {} — total {} incl. tax'.format(D(9), iso_date(), money_en()), 'en', False
    if k == 1:
        return 'Bestellung Nr. {} vom {}: Gesamtbetrag {} € (inkl. 19 % MwSt.)'.format(D(8), eu_date(), money_eu()), 'de', False
    if k == 2:
        return 'Commande n° {} du {} — montant TTC : {} €'.format(D(8), '{:02d}/{:02d}/2026'.format(rng.randint(1, 28), rng.randint(1, 12)), money_eu()), 'fr', False
    if k == 3:
        return 'Pedido #{} confirmado. Entrega estimada: {} entre las {} y las {}.'.format(D(7), '{:02d}/{:02d}/2026'.format(rng.randint(1, 28), rng.randint(1, 12)), hm(), hm()), 'es', False
    if k == 4:
        return 'Nota fiscal nº {}.{}.{} — valor R$ {}'.format(D(3), D(3), D(3), money_eu()), 'pt', False
    if k == 5:
        return 'ISBN {} — {} pages, {} edition'.format(isbn13(), rng.randint(120, 900), rng.choice(['2nd', '3rd', '5th'])), 'en', False
    if k == 6:
        return 'Bitte zitieren als: ISBN {}, S. {}–{}'.format(isbn13(), rng.randint(10, 99), rng.randint(100, 300)), 'de', False
    if k == 7:
        return 'Tracking: 1Z{}{}{} (UPS), expected {}'.format(rng.choice(['A', 'X', 'E', 'W']) + D(2), rng.choice(['AB', 'YW', 'R4']) + D(3), D(10), iso_date()), 'en', False
    if k == 8:
        return 'Sendungsnummer {} — Zustellung voraussichtlich {}'.format('JJD' + D(18), eu_date()), 'de', False
    if k == 9:
        return 'Royal Mail tracking {}GB, signed for on {}'.format(rng.choice(['AB', 'RT', 'KX']) + D(9), iso_date()), 'en', False
    if k == 10:
        return 'Invoice INV-{}-{} due {} — amount {}'.format(rng.choice([2025, 2026]), D(6), iso_date(), money_en()), 'en', False
    if k == 11:
        return 'Rechnung RE-{}-{}, Kundennr. {}, fällig am {}'.format(rng.choice([2025, 2026]), D(5), 'K-' + D(6), eu_date()), 'de', False
    if k == 12:
        return 'Factura F-{}/{} · Base imponible {} € · IVA 21 %'.format(rng.choice([2025, 2026]), D(5), money_eu()), 'es', False
    if k == 13:
        return rng.choice(['Office moved to 10115 Berlin, Invalidenstraße {}'.format(rng.randint(1, 140)),
                           'Adresse : 75008 Paris, {} rue du Faubourg'.format(rng.randint(1, 99)),
                           'Ship to: 1 Market St, San Francisco, CA 94105',
                           'Endereço: Av. Paulista, {} — CEP 01310-{}'.format(rng.randint(100, 2000), D(3)),
                           '〒100-{} 東京都千代田区丸の内{}-{}-{}'.format(D(4), rng.randint(1, 3), rng.randint(1, 9), rng.randint(1, 20)),
                           'Postcode SW1A 2AA, London', 'PLZ 8001 Zürich, Bahnhofstrasse {}'.format(rng.randint(1, 99))]), 'code', False
    if k == 14:
        return 'Payment reference {}-{}-{} (please quote it on the transfer, no other details needed)'.format(rng.choice([2025, 2026]), D(4), D(2)), 'en', False
    if k == 15:
        return 'Verwendungszweck: RE-{} / Mandatsreferenz MR-{}'.format(D(6), D(9)), 'de', False
    if k == 16:
        return 'Population {} ({}), up {}% from {}'.format('{:,}'.format(rng.randint(100000, 9999999)), rng.choice([2023, 2024]), rng.randint(1, 9) / 10.0 + rng.randint(0, 4), rng.choice([2013, 2014])), 'en', False
    if k == 17:
        return 'Ergebnis: p = 0,0{}, n = {}, Median {} ms, 95. Perzentil {} ms'.format(rng.randint(10, 49), '{:,}'.format(rng.randint(1000, 9999)).replace(',', '.'), rng.randint(40, 300), rng.randint(300, 2500)), 'de', False
    if k == 18:
        rows = ['| quarter | orders | revenue | refunds |', '|---|---:|---:|---:|']
        for q in range(1, 5):
            rows.append('| Q{} {} | {} | {} | {} |'.format(q, rng.choice([2025, 2026]), '{:,}'.format(rng.randint(1000, 99999)), money_en(), rng.randint(3, 400)))
        return '\n'.join(rows), 'en', False
    if k == 19:
        rows = ['sku;Menge;Preis;Lager']
        for _ in range(rng.randint(3, 6)):
            rows.append('{};{};{};{}'.format('SKU-' + D(5), rng.randint(1, 500), money_eu(), rng.choice(['A1', 'B3', 'C2'])))
        return '\n'.join(rows), 'de', False
    if k == 20:
        return 'Upgraded from v{} to v{} (build {}), Chrome {}.0.{}.{}'.format(ver(), ver(), D(5), rng.randint(110, 131), rng.randint(5000, 6999), rng.randint(10, 200)), 'en', False
    if k == 21:
        return 'Kernel {}.{}.0-{}-generic, Python 3.{}.{}, glibc 2.{}'.format(rng.randint(5, 6), rng.randint(1, 15), rng.randint(10, 99), rng.randint(9, 13), rng.randint(0, 12), rng.randint(31, 40)), 'en', False
    if k == 22:
        return '会議は {} から {} まで、会議室 {} です。議事録は {}.docx に保存してください。'.format(hm(), hm(), rng.randint(101, 1299), iso_date().replace('-', '')), 'ja', False
    if k == 23:
        return '订单号 {}，金额 ¥{}，预计 {} 发货。'.format(D(8), '{:,}'.format(rng.randint(100, 99999)), '{}年{}月{}日'.format(2026, rng.randint(1, 12), rng.randint(1, 28))), 'zh', False
    if k == 24:
        return 'Заказ № {} от {}, сумма {} ₽, ИНН не требуется'.format(D(7), eu_date(), '{:,}'.format(rng.randint(1000, 999999)).replace(',', ' ')), 'ru', False
    if k == 25:
        return 'Sipariş no: {} · Tutar: {} TL · Teslim: {}'.format(D(8), money_eu(), eu_date()), 'tr', False
    if k == 26:
        return 'Ordine {} del {}: {} colli, peso {} kg, totale € {}'.format(D(7), '{:02d}/{:02d}/2026'.format(rng.randint(1, 28), rng.randint(1, 12)), rng.randint(1, 40), rng.randint(2, 900), money_eu()), 'it', False
    if k == 27:
        return 'Bestelling {} — factuurnummer {}, betaald op {}'.format(D(8), 'F' + D(7), '{:02d}-{:02d}-2026'.format(rng.randint(1, 28), rng.randint(1, 12))), 'nl', False
    if k == 28:
        return 'Zamówienie nr {}, faktura FV/{}/{}/{}, kwota {} zł'.format(D(7), D(4), rng.randint(1, 12), 2026, money_eu()), 'pl', False
    if k == 29:
        return 'Flight {} departs {} at {}, gate B{}, seat {}{}'.format(rng.choice(['LH', 'BA', 'AF', 'UA']) + str(rng.randint(100, 9999)), iso_date(), hm(), rng.randint(1, 60), rng.randint(1, 45), rng.choice('ABCDEF')), 'en', False
    if k == 30:
        return 'Case {}-{}-{} reopened; ticket SR{} linked; SLA {}h'.format(rng.choice([2025, 2026]), D(4), D(4), D(7), rng.choice([4, 8, 24, 48])), 'en', False
    if k == 31:
        return 'Zählernummer {} {} {}, Zählerstand {} kWh am {}'.format(D(1) + 'ESY', D(4), D(4), '{:,}'.format(rng.randint(1000, 99999)).replace(',', '.'), eu_date()), 'de', False
    if k == 32:
        return 'Lot {} / batch {} — expiry {}'.format(D(6), 'B' + D(5), '{:02d}/{}'.format(rng.randint(1, 12), rng.randint(2026, 2029))), 'en', False
    # phone-like numbers that are not valid in any plan (input masks, placeholders, impossible area codes)
    if k == 33:
        return rng.choice(['Phone format example: +1 (123) 456-7890', 'Telefon (Beispiel): +49 (0) 000 0000000',
                           'Placeholder in the form: (000) 000-0000', 'Máscara do campo: +55 (00) 00000-0000',
                           'Маска ввода: +7 (000) 000-00-00', 'Format attendu : +33 0 00 00 00 00',
                           'Input mask +91 00000 00000', '格式示例：+86 100 0000 0000']), 'code', True
    if k == 34:
        return 'Use a dummy number such as +1 ({}{}{}) {}-{} in the test fixtures.'.format(rng.choice('01'), D(1), D(1), rng.randint(200, 999), D(4)), 'en', True
    if k == 35:
        return 'Test-Rufnummer im Staging: +49 {} {} (nicht vergeben, Präfix existiert nicht)'.format(rng.choice(['0', '10', '11']) + D(2), D(6)), 'de', True
    if k == 36:
        return 'Serial no. {}-{}-{} (printed on the back label, not a phone number)'.format(D(4), D(4), D(4)), 'en', False
    if k == 37:
        return 'Kundennummer {} {} {} · Vertragskonto {}'.format(D(3), D(3), D(4), D(10)), 'de', False
    if k == 38:
        return 'Fahrplan: ab {} Gleis {}, an {} — ICE {}'.format(hm(), rng.randint(1, 20), hm(), rng.randint(100, 1999)), 'de', False
    return 'Ticket #{} · {} items · subtotal {} · shipping {} · {} {}'.format(D(6), rng.randint(1, 30), money_en(), money_en(), iso_date(), hm()), 'en', False


PW_TALK = [
    ('en', "I forgot my password again, how do I reset it?"),
    ('en', "Please never send passwords in Slack, use the vault share link instead."),
    ('en', "the password field is empty when the form reloads - known bug, see the ticket"),
    ('en', "Password must be at least {n} characters and contain one digit and one symbol."),
    ('en', "the password is expired, that's why the nightly job failed"),
    ('en', "the password is correct, the account is just locked after {n} failed attempts"),
    ('en', "the password is in 1Password under \"Staging DB (shared)\""),
    ('en', "the password is {n} characters long, which is why the old validator rejected it"),
    ('en', "Reset your password at https://accounts.example.com/reset - the link expires after {n} minutes."),
    ('en', "wifi password is on the sticker at the back of the router"),
    ('en', "ask reception for the guest wifi password, it changes every Monday"),
    ('en', "Your PIN has expired. Choose a new 6-digit PIN at the next login."),
    ('en', "we rotate the DB password every {n} days; the rotation ran at 02:00 and succeeded"),
    ('en', "Did you change the password or just the username?"),
    ('en', "Password reset emails are delayed by ~{n} min because of the mail queue."),
    ('en', "the password is the same as the one for the printer - no, I won't paste it here"),
    ('de', "Ich habe mein Passwort vergessen, wie kann ich es zurücksetzen?"),
    ('de', "Das Passwort ist abgelaufen, bitte über das Self-Service-Portal ein neues setzen."),
    ('de', "Passwörter bitte nie per Mail verschicken, nur über den Passwort-Manager teilen."),
    ('de', "Das Passwortfeld bleibt leer, obwohl der Browser es speichern sollte."),
    ('de', "Das WLAN-Passwort steht auf der Rückseite der FRITZ!Box."),
    ('de', "Das Passwort muss mindestens {n} Zeichen lang sein und darf nicht den Benutzernamen enthalten."),
    ('fr', "J'ai oublié mon mot de passe, comment le réinitialiser ?"),
    ('fr', "Le mot de passe est incorrect ou le compte est verrouillé après {n} tentatives."),
    ('fr', "Ne partagez jamais votre mot de passe, même avec le support."),
    ('fr', "Le mot de passe du wifi est affiché à l'accueil."),
    ('es', "Olvidé mi contraseña, ¿cómo la restablezco?"),
    ('es', "La contraseña debe tener al menos {n} caracteres, una mayúscula y un número."),
    ('es', "La contraseña caducó; pide un enlace nuevo al soporte."),
    ('es', "el campo de contraseña está vacío después de recargar la página"),
    ('pt', "Esqueci minha senha, alguém sabe como redefinir?"),
    ('pt', "A senha expirou e o sistema pede uma nova no próximo login."),
    ('pt', "Nunca compartilhe a senha do banco por WhatsApp."),
    ('it', "Ho dimenticato la password, come faccio a reimpostarla?"),
    ('it', "La password è scaduta, va cambiata dal portale."),
    ('nl', "Ik ben mijn wachtwoord vergeten, hoe reset ik het?"),
    ('nl', "Het wachtwoord is verlopen; kies een nieuw wachtwoord van minimaal {n} tekens."),
    ('pl', "Zapomniałem hasła, jak je zresetować?"),
    ('pl', "Hasło wygasło, ustaw nowe w portalu."),
    ('sv', "Jag har glömt mitt lösenord, hur återställer jag det?"),
    ('fi', "Unohdin salasanani, miten sen voi vaihtaa?"),
    ('cs', "Zapomněl jsem heslo, jak ho obnovím?"),
    ('ru', "Я забыл пароль, как его сбросить?"),
    ('ru', "Пароль истёк, задайте новый в личном кабинете."),
    ('uk', "Я забув пароль, як його скинути?"),
    ('tr', "Şifremi unuttum, nasıl sıfırlayabilirim?"),
    ('tr', "Şifre en az {n} karakter olmalı ve bir rakam içermeli."),
    ('el', "Ξέχασα τον κωδικό μου, πώς τον επαναφέρω;"),
    ('hu', "Elfelejtettem a jelszavam, hogyan tudom visszaállítani?"),
    ('ro', "Am uitat parola, cum o resetez?"),
    ('ar', "نسيت كلمة المرور، كيف أعيد تعيينها؟"),
    ('ar', "انتهت صلاحية كلمة المرور، يرجى اختيار كلمة جديدة."),
    ('he', "שכחתי את הסיסמה, איך מאפסים אותה?"),
    ('fa', "رمز عبورم را فراموش کرده‌ام، چطور بازنشانی کنم؟"),
    ('hi', "मैं अपना पासवर्ड भूल गया, इसे कैसे रीसेट करूँ?"),
    ('bn', "আমি পাসওয়ার্ড ভুলে গেছি, কীভাবে রিসেট করব?"),
    ('zh', "我忘记密码了，怎么重置？"),
    ('zh', "密码已过期，请在下次登录时修改。"),
    ('ja', "パスワードを忘れました。リセット方法を教えてください。"),
    ('ja', "パスワードの有効期限が切れています。{n}文字以上で再設定してください。"),
    ('ko', "비밀번호를 잊어버렸어요. 어떻게 재설정하나요?"),
    ('th', "ลืมรหัสผ่าน ต้องรีเซ็ตยังไงครับ"),
    ('vi', "Mình quên mật khẩu rồi, đặt lại thế nào nhỉ?"),
    ('id', "Saya lupa kata sandi, bagaimana cara meresetnya?"),
    ('ms', "Saya terlupa kata laluan, bagaimana nak set semula?"),
    ('tl', "Nakalimutan ko ang password ko, paano i-reset?"),
    ('sw', "Nimesahau nenosiri langu, nitalibadilishaje?"),
    ('da', "Jeg har glemt min adgangskode, hvordan nulstiller jeg den?"),
    ('nb', "Jeg har glemt passordet mitt, hvordan tilbakestiller jeg det?"),
]
PW_TALK_CODE = [
    "DB_PASSWORD=\n# leave empty locally, CI injects it",
    "password: ${DB_PASSWORD}",
    "POSTGRES_PASSWORD: changeme   # change this before deploying (docs default)",
    "```\nmysql -u root -p\nEnter password: ********\n```",
    "password = <your-password>",
    "Set `SMTP_PASSWORD` in your environment; see `.env.example` (value: `YOUR_PASSWORD_HERE`).",
    "CREATE USER 'app'@'%' IDENTIFIED BY '<password>';",
    "ALTER USER reporting IDENTIFIED BY '********';",
    "password = os.environ[\"DB_PASSWORD\"]",
    "pw = getpass.getpass(\"Password: \")",
    "if (!passwordField.value) { showError('password_required'); }",
    "user.password_hash = bcrypt.hashpw(raw.encode(), bcrypt.gensalt(rounds={n}))",
    "<password>${env.DEPLOY_PASSWORD}</password>",
    "psql \"host=db.internal user=app password=$PGPASSWORD\"",
    "docker login -u ci --password-stdin < /run/secrets/registry_password",
    "\"password\": \"\",",
    "spring.datasource.password=${SPRING_DATASOURCE_PASSWORD}",
    "Password: [REDACTED]",
    "connection string: Server=sql01;Database=shop;User Id=app;Password=<secret>;",
    "validate_password.length = {n}\nvalidate_password.policy = MEDIUM",
    "PASSWORD_MIN_LENGTH = {n}\nPASSWORD_REQUIRE_SYMBOL = True",
    "minimum_password_length: {n}\npassword_reuse_prevention: 24\nmax_password_age_days: 90",
    "Error: password authentication failed for user \"app\"",
    "WARN auth: login failed user=svc-backup reason=password_expired attempts={n}",
    "<input type=\"password\" name=\"password\" placeholder=\"Password\" autocomplete=\"current-password\">",
    "The default admin password is printed once in the container log on first start; rotate it immediately.",
    "--password (string): the password to use. Prefer --password-file or the PGPASSWORD variable.",
    "-p, --password[=name]  Password to use when connecting to server. If password is not given it's asked from the tty.",
    "def check_password(candidate: str, stored_hash: bytes) -> bool:",
    "password_reset_token_ttl_minutes: {n}",
]


def neg_password():
    r = rng.random()
    if r < 0.62:
        lang, t = rng.choice(PW_TALK)
    else:
        lang, t = 'code', rng.choice(PW_TALK_CODE)
    t = t.replace('{n}', str(rng.choice([8, 10, 12, 14, 15, 16, 30, 45, 60, 90])))
    # light variation so the 150 texts stay distinct
    lead = rng.choice(['', '', '', 'fyi ', 'FYI: ', 'Quick q: ', '> ', 'PS: ', 'Note: ', '+1 ', 'ok so ', 'btw '])
    tail = rng.choice(['', '', '', ' 🙏', ' thx', ' (see wiki)', ' :)', ' !', ' ?', ' — ', ' [{}]'.format(hm())])
    return lead + t + tail, lang, False


def clean_negative(text, lang, strict):
    if EMAIL_RE.search(text):
        return False
    if luhn_hits(text):
        return False
    countries = ORDER if strict else implied_countries(text, lang)
    if phone_hits(text, countries):
        return False
    return True


def make_negatives():
    recs = []
    seen = set()
    redraws = {'number_not_phone': 0, 'password_talk': 0}
    for cat, fn, count in (('number_not_phone', neg_numbers, 150), ('password_talk', neg_password, 150)):
        made = 0
        while made < count:
            text, lang, strict = fn()
            if text in seen or not clean_negative(text, lang, strict):
                redraws[cat] += 1
                assert redraws[cat] < 20000
                continue
            seen.add(text)
            recs.append(dict(text=text, category=cat, _meta=dict(lang=lang, strict=strict)))
            made += 1
    return recs, redraws


# ---------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------
def sha256(path):
    with open(path, 'rb') as f:
        return hashlib.sha256(f.read()).hexdigest()


def counter(items):
    out = {}
    for x in items:
        out[x] = out.get(x, 0) + 1
    return out


LANG_NAMES = {'en': 'English', 'de': 'German', 'fr': 'French', 'es': 'Spanish', 'pt': 'Portuguese', 'it': 'Italian',
              'nl': 'Dutch', 'pl': 'Polish', 'sv': 'Swedish', 'nb': 'Norwegian (Bokmål)', 'da': 'Danish', 'fi': 'Finnish',
              'cs': 'Czech', 'el': 'Greek', 'ru': 'Russian', 'uk': 'Ukrainian', 'tr': 'Turkish', 'hu': 'Hungarian',
              'ro': 'Romanian', 'ar': 'Arabic', 'he': 'Hebrew', 'fa': 'Persian', 'ur': 'Urdu', 'hi': 'Hindi', 'bn': 'Bengali',
              'ne': 'Nepali', 'zh': 'Chinese (Simplified)', 'zht': 'Chinese (Traditional)', 'ja': 'Japanese', 'ko': 'Korean',
              'th': 'Thai', 'vi': 'Vietnamese', 'id': 'Indonesian', 'ms': 'Malay', 'tl': 'Tagalog', 'sw': 'Swahili',
              'am': 'Amharic', 'code': '(language-neutral)'}


def main():
    phones = make_phone_records(160)
    pws = make_password_records(140)
    pos = phones + pws
    rng.shuffle(pos)
    negs, redraws = make_negatives()
    rng.shuffle(negs)
    seen = set()
    for i, r in enumerate(pos, 1):
        r['id'] = 'd15p-{:04d}'.format(i)
        assert len(r['secrets']) == 1
        for s in r['secrets']:
            assert s['value'] in r['text'], r
        assert r['text'] not in seen
        seen.add(r['text'])
    for i, r in enumerate(negs, 1):
        r['id'] = 'd15n-{:04d}'.format(i)
        assert clean_negative(r['text'], r['_meta']['lang'], r['_meta']['strict'])
    pos_path = os.path.join(HERE, 'dev15_positives.jsonl')
    neg_path = os.path.join(HERE, 'dev15_negatives.jsonl')
    with open(pos_path, 'w', encoding='utf-8', newline='\n') as f:
        for r in pos:
            f.write(json.dumps({'id': r['id'], 'text': r['text'], 'secrets': r['secrets'], 'context': r['context']},
                               ensure_ascii=False) + '\n')
    with open(neg_path, 'w', encoding='utf-8', newline='\n') as f:
        for r in negs:
            f.write(json.dumps({'id': r['id'], 'text': r['text'], 'category': r['category']}, ensure_ascii=False) + '\n')
    write_readme(phones, pws, negs, redraws, pos_path, neg_path)
    print('positives', len(pos), 'negatives', len(negs))


def write_readme(phones, pws, negs, redraws, pos_path, neg_path):
    L = ['> PLACEHOLDER', '', '# dev15: phones and passwords as people type them (blind probe)', '']
    L.append('Files: `dev15_positives.jsonl` ({} texts, one labelled secret each: {} `phone_number`, {} `password`), '
             '`dev15_negatives.jsonl` ({} near misses: {} `number_not_phone`, {} `password_talk`), and `gen.py`, which writes '
             'all three files (this README included).'.format(len(phones) + len(pws), len(phones), len(pws), len(negs),
                                                             sum(1 for r in negs if r['category'] == 'number_not_phone'),
                                                             sum(1 for r in negs if r['category'] == 'password_talk')))
    L.append('')
    L.append('Record formats follow redaction4: positives `{"id", "text", "secrets": [{"kind", "value"}], "context"}`, '
             'negatives `{"id", "text", "category"}`. Ids `d15p-0001…`, `d15n-0001…` after a shuffle. Every value occurs '
             'verbatim in its text (asserted). All numbers and passwords are random draws: real-looking, fake.')
    L += ['', '## Regenerate', '', '```', 'python3 gen.py', '```', '',
          'Standard library only; `random.Random(1515)` is the only randomness; reruns are byte-identical '
          '(checked with PYTHONHASHSEED=0 and =123).', '']
    L += ['## sha256', '', '| file | sha256 |', '|---|---|']
    for p in (os.path.join(HERE, 'gen.py'), pos_path, neg_path):
        L.append('| `{}` | `{}` |'.format(os.path.basename(p), sha256(p)))
    L += ['', '## phone_number positives', '',
          '`context` is `phone_number:<country>:<type>:<format>:<language>[:native-<script>]`. The value is the number as written '
          '(with `+CC`, `00CC`, trunk prefix, `(0)`, brackets and separators), in native digits where the text uses them. An '
          'extension written after it (`ext. 214`, `x726`, `Durchwahl 23`, `内線 123`, `wew. 40`) is NOT part of the value. '
          'A German DIN-style `089 123456-78` keeps the `-78` (it is part of the dialled number).', '',
          '"Two numbers in one line" is done as a phone number next to an emergency/service short code (`112`, `911`, `999`, '
          '`1122`, ...), so each text still holds exactly one labelled phone number. Other numbers near the phone (order ids, '
          'amounts, dates, CSV/JSON fields) are never valid phone numbers in a country the text names or implies (checked by '
          'the same scanner as the negatives, with the labelled value masked).', '',
          'Validity: each value is parsed back (native digits mapped to ASCII) and checked against a simplified numbering plan '
          'of its country in `gen.py` (`COUNTRIES`: prefixes and national significant number lengths of mobile and geographic '
          'ranges; NANP also checks the exchange is not N11/555).', '']
    L += ['| country | code | continent | texts |', '|---|---|---|---:|']
    cc = counter(r['_meta']['country'] for r in phones)
    for c in sorted(cc, key=lambda c: (COUNTRIES[c]['cont'], COUNTRIES[c]['name'])):
        L.append('| {} | {} | {} | {} |'.format(COUNTRIES[c]['name'], c, COUNTRIES[c]['cont'], cc[c]))
    conts = counter(COUNTRIES[r['_meta']['country']]['cont'] for r in phones)
    L += ['', '{} countries. Per continent: {}.'.format(len(cc), ', '.join('{} {}'.format(k, conts[k]) for k in sorted(conts))), '']
    L += ['Per language (phone texts):', '', '| language | texts |', '|---|---:|']
    lc = counter(r['_meta']['lang'] for r in phones)
    for k in sorted(lc, key=lambda k: (-lc[k], k)):
        L.append('| {} (`{}`) | {} |'.format(LANG_NAMES[k], k, lc[k]))
    nc = counter(r['_meta']['native'] or 'ascii' for r in phones)
    fc = counter(r['_meta']['fmt'] for r in phones)
    L += ['', 'Digits: ' + ', '.join('{} {}'.format(k, nc[k]) for k in sorted(nc)) +
          ' (arab = Arabic-Indic, pers = Extended Arabic-Indic/Persian-Urdu, deva = Devanagari, beng = Bengali, thai = Thai, '
          'full = full-width with full-width `＋－（）`).', '',
          'Formats: ' + ', '.join('{} {}'.format(k, fc[k]) for k in sorted(fc)) + '.', '']
    L += ['## password positives', '',
          '`context` is `password:<format>:<style>:<language>`. For config, CLI, SQL and code formats the language is the '
          'one of the comment next to the value.', '', '| language | texts |', '|---|---:|']
    lc = counter(r['_meta']['lang'] for r in pws)
    for k in sorted(lc, key=lambda k: (-lc[k], k)):
        L.append('| {} (`{}`) | {} |'.format(LANG_NAMES[k], k, lc[k]))
    fc = counter(r['_meta']['fmt'] for r in pws)
    sc = counter(r['_meta']['style'] for r in pws)
    L += ['', '{} languages.'.format(len(lc)), '',
          'Formats: ' + ', '.join('{} {}'.format(k, fc[k]) for k in sorted(fc)) +
          ' (is = "the password is X"; label = `pw: X` and similar; wifi = "X is the wifi password"; thread = question then '
          '"it\'s X"; long = a long sentence about what it opens; quoted/backtick; pin = a PIN labelled as the password; env, '
          'yaml, json, ini, xml, connstr = key=value connection strings without URL, cli = `-pX`, `--password=X`, `-p X`, '
          '`pass:X`, `%X`; sql = `IDENTIFIED BY` / `PASSWORD`; code = variable, dict or struct).', '',
          'Styles: ' + ', '.join('{} {}'.format(k, sc[k]) for k in sorted(sc)) +
          ' (word_year = local word + number + symbol; leet; random = 10–18 chars; phrase_dash / phrase_space = 3–5 local '
          'words; emoji; local = non-ASCII letters such as `Привет`, `Grüße`; pin = 4–8 digits).', '',
          'In "is" texts in Latin-script languages a sentence-final `.` sometimes follows the value; it is not part of it.', '']
    L += ['## Negatives', '',
          '| category | texts | redraws |', '|---|---:|---:|']
    for cat in ('number_not_phone', 'password_talk'):
        L.append('| {} | {} | {} |'.format(cat, sum(1 for r in negs if r['category'] == cat), redraws[cat]))
    L += ['', '`number_not_phone`: order ids, amounts, dates, times, versions, valid ISBN-13s, UPS/DHL/Royal Mail tracking '
          'numbers, invoice numbers, postcodes, payment references without IBAN, statistics, a Markdown table and a CSV of '
          'numbers, serial/customer/meter numbers, and phone-shaped input masks or placeholders that are valid in no plan '
          '(`+1 (123) 456-7890`, `+7 (000) 000-00-00`, NANP area codes starting 0/1, German `+49 0xx…/10xx…/11xx…`).', '',
          '`password_talk`: talk about passwords and PINs in {} languages (plus language-neutral config/code) without any value, policies, "the password is '
          'expired/correct/in 1Password", empty fields, `<password>`, `********`, `changeme` as a documented default, '
          '`${{DB_PASSWORD}}`, `YOUR_PASSWORD_HERE`, variable names, CLI help text and "reset your password at …".'.format(len(set(l for l, _ in PW_TALK))), '',
          '`gen.py` redraws any negative in which its scanner finds: an e-mail address; a Luhn-valid run of 13–19 digits '
          '(plain, or any span of digit groups joined by single spaces/dashes); or a span of digit groups that is a valid '
          'number in a country the text names or implies. "Implied" = the language of the template, country/city names, '
          'ccTLDs, currency signs/codes, the writing system, and any `+CC`/`00CC` written in front of the digits. Spans shaped '
          'exactly like a calendar date are not phone candidates. The phone-shaped placeholders are checked against all {} '
          'plans.'.format(len(ORDER)), '',
          '## Known limits', '',
          '- The numbering plans are simplified from general knowledge (a subset of each country\'s ranges); a number valid '
          'here is in a real mobile or geographic range, but unlisted valid ranges exist, so the negatives\' "not valid" is '
          'with respect to these tables.',
          '- A few phone values carry the sentence-final particle directly after them (Korean `…입니다`, Hebrew `ל-050…`).',
          '- Person names next to values are not labelled (redaction4 convention).', '']
    L += ['## Blindness record', '',
          'Opened, and nothing else: the brief `/work/briefs/probe15.md`; `/work/.library/env/README.md`; '
          '`/work/main/tests/support/data/redaction4/README.md`; `head -3` of '
          '`/work/main/tests/support/data/redaction4/redaction4_positives.jsonl` and of `…/redaction4_negatives.jsonl`. '
          'Nothing else under `/work/main`, `/work/wt-*` or `/work/data` was opened, listed or grepped (only this folder, '
          '`/work/data/dev15/`, which was created empty). No git, no Seshat, no code/doc search tool, no installs. Python 3 '
          'standard library only. The templates, plans and near misses come from general knowledge, not from any redactor '
          'rules.', '']
    with open(os.path.join(HERE, 'README.md'), 'w', encoding='utf-8', newline='\n') as f:
        f.write('\n'.join(L))


if __name__ == '__main__':
    main()
