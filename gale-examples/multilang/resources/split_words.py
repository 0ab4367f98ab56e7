"""Gale's word-count splitter in Python, run by PythonWordCount's ShellBolt.

Each input tuple holds one sentence; each word of it goes out as a tuple of its own, lower-cased,
with punctuation dropped (the same rule as dev.gale.examples.Words). It speaks the multilang
protocol through storm.py, from Storm's published multilang-python artifact: a BasicBolt anchors
what it emits to the input and acks the input once process() returns.
"""
import re

import storm

WORD = re.compile(r"(?:[^\W_]|')+")


class SplitWords(storm.BasicBolt):
    def process(self, tup):
        for word in WORD.findall(tup.values[0].lower()):
            storm.emit([word])


if __name__ == "__main__":
    SplitWords().run()
