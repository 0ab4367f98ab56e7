package dev.gale.cli;

import dev.gale.examples.KafkaWordCountTopology;
import dev.gale.examples.ReliableWordCount;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The kafka demo's verdict: do the word records on the output topic, de-duplicated by key, hold
 * exactly the words of the lines produced? Under at-least-once a record may be written more
 * than once (with the same key and word), never lost: so the output is exact when every expected
 * key is there with its word, no other key is, and no record went to the dead-letter topic.
 * Immutable and thread-safe once computed.
 */
record KafkaDemoCheck(long recordsIn, long recordsOut, long distinctKeys, long missingKeys, long unexpectedKeys,
                      long deadLetters, Map<String, Long> expectedCounts, Map<String, Long> counts) {

    /** One record of the output topic. */
    record WordRecord(String key, String word) {
    }

    /** Duplicates: records written more than once (output records minus distinct keys). */
    long duplicates() {
        return recordsOut - distinctKeys;
    }

    long expectedWords() {
        return expectedCounts.values().stream().mapToLong(Long::longValue).sum();
    }

    long countedWords() {
        return counts.values().stream().mapToLong(Long::longValue).sum();
    }

    /** Nothing lost, nothing invented, nothing given up on. */
    boolean exact() {
        return missingKeys == 0 && unexpectedKeys == 0 && deadLetters == 0 && counts.equals(expectedCounts);
    }

    /**
     * Checks the output against the input.
     *
     * @param lines the produced lines by line id (the record key)
     * @param output every record of the output topic
     * @param deadLetters how many records reached the dead-letter topic
     */
    static KafkaDemoCheck of(Map<String, String> lines, List<WordRecord> output, long deadLetters) {
        Map<String, String> expected = new HashMap<>();
        List<String> text = new ArrayList<>(lines.size());
        lines.forEach((id, line) -> {
            text.add(line);
            List<String> words = ReliableWordCount.words(line);
            for (int i = 0; i < words.size(); i++) {
                expected.put(KafkaWordCountTopology.wordKey(id, i), words.get(i));
            }
        });
        Map<String, String> firstSeen = new HashMap<>();
        long unexpected = 0;
        Map<String, Long> counts = new TreeMap<>();
        for (WordRecord r : output) {
            if (r.key() == null || r.word() == null) {
                unexpected++; // not a record the topology writes
                continue;
            }
            String previous = firstSeen.putIfAbsent(r.key(), r.word());
            if (previous != null) {
                if (!previous.equals(r.word())) {
                    unexpected++; // the same key with another word: not a duplicate, a wrong record
                }
                continue;
            }
            if (!r.word().equals(expected.get(r.key()))) {
                unexpected++;
            }
            counts.merge(r.word(), 1L, Long::sum);
        }
        long missing = expected.keySet().stream().filter(k -> !firstSeen.containsKey(k)).count();
        return new KafkaDemoCheck(lines.size(), output.size(), firstSeen.size(), missing, unexpected, deadLetters,
                ReliableWordCount.countWords(text), counts);
    }
}
