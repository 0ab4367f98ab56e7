package dev.gale.cli;

import java.util.Collection;
import java.util.Optional;

/** Finds the known word closest to a misspelt one (edit distance), for "did you mean" hints. Stateless. */
final class Closest {
    private Closest() {
    }

    /** The candidate with the smallest edit distance to {@code word} (the first of equals), if any. */
    static Optional<String> to(String word, Collection<String> candidates) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String c : candidates) {
            int d = distance(word, c);
            if (d < bestDistance) {
                best = c;
                bestDistance = d;
            }
        }
        return Optional.ofNullable(best);
    }

    /** Like {@link #to}, but only a candidate a typo away: at most a third of the word's letters differ. */
    static Optional<String> typoOf(String word, Collection<String> candidates) {
        return to(word, candidates).filter(c -> distance(word, c) <= Math.max(2, word.length() / 3));
    }

    /** Levenshtein distance: insertions, deletions and substitutions. */
    static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitute = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                cur[j] = Math.min(substitute, Math.min(prev[j], cur[j - 1]) + 1);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
