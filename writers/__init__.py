"""Writers: one module per kind of learned artifact (write path, read path, ageing).

Every writer stores text only through `writers.guard.gate.Guard.admit`, which redacts it, checks
it for poisoning (hidden characters included) and places it by the trust rule — who authored it,
whom it may reach, and what decision lets it reach further. The rule's table is in
`writers/guard/trust.py`; lessons live in `writers/lessons/`.
"""
