"""Recall: the in-process index a session's facts are ranked with, and the ranking's parts.

- `factindex`: a scope's facts as arrays (BM25 postings over salted term hashes, vectors,
  dates), kept current by the database's versions. `lexical`: terms, the stemmer and BM25's
  constants.
- `expand`: other words for a question's words (the word table's neighbours, the soft match).
  `categories`: class words bring their members (a lexicon written blind; off).
- `supersede`: a superseded fact below its replacement in a context.

`writers.notes.facts` asks it (what a fact is, who may see it, the choice within a budget);
nothing here knows a fact's row beyond what the index reads.

May import: writers.embed, writers.tokens.
"""
