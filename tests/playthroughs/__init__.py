"""Golden playthroughs (OpenSpiel's ``integration_tests/playthroughs``): one text file per game and seed.

Each file tells a seeded random game step by step, every line labelled with who may read it, so a rules change
or a private card in a public line shows up as a diff in review. ``cases`` lists the files, ``transcript``
writes one, ``leaks`` knows what each game hides, ``generate`` rewrites or checks them all.
"""
