package dev.gale.examples;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How the word-count examples cut a sentence into words: lower-cased runs of letters, digits and
 * apostrophes, so "Gulls' cries, off the pier!" gives {@code gulls'}, {@code cries}, {@code off},
 * {@code the}, {@code pier}. The Python and Node.js splitters apply the same rule. Stateless and
 * thread-safe.
 */
public final class Words {
    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}']+");

    private Words() {
    }

    /** The words of {@code sentence} in order, duplicates kept; none for a blank sentence. */
    public static List<String> of(String sentence) {
        List<String> words = new ArrayList<>();
        Matcher m = WORD.matcher(sentence.toLowerCase(Locale.ROOT));
        while (m.find()) {
            words.add(m.group());
        }
        return words;
    }
}
