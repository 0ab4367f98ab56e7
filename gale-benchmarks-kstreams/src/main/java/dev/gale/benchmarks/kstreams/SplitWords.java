package dev.gale.benchmarks.kstreams;

import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.kstream.KeyValueMapper;

/**
 * Splits an input record's value, {@code "<sendStamp> word word ..."}, into one {@code (word, stamp)}
 * record per word, as the engines' {@code SplitWords} bolt does; a value without a space (the
 * harness's probe) has no words. Stateless; thread-safe.
 */
final class SplitWords implements KeyValueMapper<String, String, Iterable<KeyValue<String, String>>> {
    @Override
    public Iterable<KeyValue<String, String>> apply(String key, String value) {
        int space = value == null ? -1 : value.indexOf(' ');
        if (space < 0) {
            return List.of();
        }
        String stamp = value.substring(0, space);
        List<KeyValue<String, String>> words = new ArrayList<>(8);
        int start = space + 1;
        for (int i = start; i <= value.length(); i++) {
            if (i == value.length() || value.charAt(i) == ' ') {
                if (i > start) {
                    words.add(KeyValue.pair(value.substring(start, i), stamp));
                }
                start = i + 1;
            }
        }
        return words;
    }
}
