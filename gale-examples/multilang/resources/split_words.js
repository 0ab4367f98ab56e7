'use strict';
// Gale's word-count splitter in Node.js, run by NodeWordCount's ShellBolt: each word of the input
// sentence, lower-cased and without punctuation (the rule of dev.gale.examples.Words), goes out
// anchored to the sentence; the sentence is acked once all its words are out. It speaks the
// multilang protocol through storm.js, from Storm's published multilang-javascript artifact.
const { BasicBolt } = require('./storm');

const WORD = /[\p{L}\p{N}']+/gu;

class SplitWords extends BasicBolt {
    process(tuple, done) {
        for (const word of tuple.values[0].toLowerCase().match(WORD) || []) {
            this.emit({ tuple: [word], anchorTupleId: tuple.id }, () => {});
        }
        done();
    }
}

new SplitWords().run();
