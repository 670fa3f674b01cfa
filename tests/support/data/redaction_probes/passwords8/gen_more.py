"""Round 8 password probe 3 (written after the first rules, before the pronoun and head-first ones)."""
import json
POS = [
 ("Benutzer: mmeier Passwort: Tanne#Hof22", "Tanne#Hof22"),
 ("usuario: jperez, clave: Llama$Roja31", "Llama$Roja31"),
 ("(pw: Kx!29qLm) for the demo laptop", "Kx!29qLm"),
 ("the password was set to Rx7#pLq2 yesterday", "Rx7#pLq2"),
 ("pwd - Stern!Nacht5", "Stern!Nacht5"),
 ("creds for the test box are tester / Tst#Box#88", "Tst#Box#88"),
 ("WIFI: Office-5G / Kopi!Susu2024", "Kopi!Susu2024"),
 ("ssid Lobby, pass Hotel#Lobby7", "Hotel#Lobby7"),
 ("Passwort lautet: Eule+Mond19", "Eule+Mond19"),
 ("pass=Rq8#mZt2", "Rq8#mZt2"),
 ("sa password: `Sql!Server2022`", "Sql!Server2022"),
 ("you'll need the zip password, it's Arch!ve-2026", "Arch!ve-2026"),
 ("the PIN for the door is 4482#", "4482#"),
 ("new hire login: a.novak / Start!2026Nov", "Start!2026Nov"),
 ("password (prod): Prd$Db!771", "Prd$Db!771"),
 ("here's the temp password → Tmp#5510xy", "Tmp#5510xy"),
 ("password is: \"Q9!vLt#2wR\"", "Q9!vLt#2wR"),
 ("wachtwoord voor de printer: Tulp!Molen4", "Tulp!Molen4"),
 ("Password: Kx92!mQ (expires in 7 days)", "Kx92!mQ"),
 ("kata sandi wifi kantor adalah Kopi#Tubruk9", "Kopi#Tubruk9"),
 ("the admin pw for the CMS, in case you need it: Cms!Adm1n#", "Cms!Adm1n#"),
 ("credentials\nuser: deploy\npassword: Dpl#9921!x", "Dpl#9921!x"),
 ("set the password to 'Orca!Wave77' and share it with Tom only", "Orca!Wave77"),
 ("encryption passphrase: blue-otter-seventy-2 (don't lose it)", "blue-otter-seventy-2"),
 ("The one-time password is 582913", "582913"),
]
with open(__import__("pathlib").Path(__file__).parent / "more8_positives.jsonl", "w") as f:
    for i,(t,v) in enumerate(POS,1):
        assert v in t
        f.write(json.dumps({"id":f"p3-{i}","text":t,"secrets":[{"kind":"password","value":v}]},ensure_ascii=False)+"\n")
