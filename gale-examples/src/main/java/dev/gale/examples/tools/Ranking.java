package dev.gale.examples.tools;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The highest counts of a set of words, highest first (ties in word order, so that equal input
 * always ranks the same): what the rankers of the rolling top-words examples emit. Immutable, hence
 * thread-safe; serializable, as it travels in tuples.
 *
 * @param entries the ranked words, highest count first
 */
public record Ranking(List<Entry> entries) implements Serializable {
    /** A ranked word and its count. */
    public record Entry(String word, long count) implements Serializable {
    }

    private static final Comparator<Entry> ORDER =
            Comparator.comparingLong(Entry::count).reversed().thenComparing(Entry::word);

    public Ranking {
        entries = List.copyOf(entries);
    }

    /**
     * The {@code size} words of {@code counts} with the highest counts; words counted 0 are left out.
     *
     * @throws IllegalArgumentException if {@code size} is below 1
     */
    public static Ranking top(int size, Map<String, Long> counts) {
        if (size < 1) {
            throw new IllegalArgumentException("a ranking holds at least one word, got size " + size);
        }
        List<Entry> all = new ArrayList<>();
        counts.forEach((word, count) -> {
            if (count > 0) {
                all.add(new Entry(word, count));
            }
        });
        all.sort(ORDER);
        return new Ranking(all.subList(0, Math.min(size, all.size())));
    }

    /** The {@code size} highest entries of several rankings of different words. */
    public static Ranking merge(int size, Iterable<Ranking> rankings) {
        Map<String, Long> counts = new HashMap<>();
        for (Ranking r : rankings) {
            for (Entry e : r.entries()) {
                counts.merge(e.word(), e.count(), Long::sum);
            }
        }
        return top(size, counts);
    }

    /** "1. word (count), 2. ...", or "(none)" when empty. */
    @Override
    public String toString() {
        if (entries.isEmpty()) {
            return "(none)";
        }
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < entries.size(); i++) {
            s.append(i == 0 ? "" : ", ").append(i + 1).append(". ").append(entries.get(i).word())
                    .append(" (").append(entries.get(i).count()).append(')');
        }
        return s.toString();
    }
}
