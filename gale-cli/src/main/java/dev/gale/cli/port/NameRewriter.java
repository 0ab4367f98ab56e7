package dev.gale.cli.port;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Rewrites Storm's qualified names in any text (sources, YAML, properties, XML): {@code org.apache.storm}
 * and Storm 1.x's {@code backtype.storm} become {@code dev.gale}, a name Storm shaded
 * ({@code org.apache.storm.shade.X}, and Thrift at {@code org.apache.storm.thrift}) becomes the
 * library's own {@code X}. Storm 0.x's {@code storm.trident} and {@code storm.kafka} are found but
 * left as they are: Gale has no counterpart. Only whole package prefixes followed by at least one more
 * segment match, so a Maven {@code groupId} of {@code org.apache.storm}, or {@code org.apache.stormy}
 * and {@code my.org.apache.storm}, are left alone. Stateless.
 */
final class NameRewriter {
    static final String STORM = "org.apache.storm";
    static final String GALE = "dev.gale";
    private static final String BACKTYPE = "backtype.storm";
    private static final String SHADE = STORM + ".shade";
    private static final String THRIFT = STORM + ".thrift";

    /** A root not preceded by a name character or a dot, then one or more {@code .segment} or {@code .*}. */
    private static final Pattern NAME = Pattern.compile(
            "(?<![\\w$.])(org\\.apache\\.storm|backtype\\.storm|storm\\.trident|storm\\.kafka)"
                    + "((?:\\.(?:[A-Za-z_$][\\w$]*|\\*))+)");

    private NameRewriter() {
    }

    /** What a found name is and how it was rewritten. */
    enum Kind {
        /** {@code org.apache.storm.X} to {@code dev.gale.X}. */
        STORM,
        /** Storm 1.x's {@code backtype.storm.X} to {@code dev.gale.X}. */
        BACKTYPE,
        /** {@code org.apache.storm.shade.X} (or Thrift) to a library Storm shaded, with known coordinates. */
        SHADED,
        /** {@code org.apache.storm.shade.X} of a package storm-shaded-deps 2.8.3 does not relocate. */
        SHADED_UNKNOWN,
        /** Storm 0.x's {@code storm.trident}: left as it is. */
        OLD_TRIDENT,
        /** Storm 0.x's {@code storm.kafka} (the ZooKeeper spout): left as it is. */
        OLD_KAFKA
    }

    /**
     * One qualified name found.
     *
     * @param line 1-based line
     * @param original the name as written
     * @param ported the name now written ({@code original} when left alone)
     * @param kind what it is
     * @param library the shaded library, for {@link Kind#SHADED}
     */
    record Hit(int line, String original, String ported, Kind kind, Library library) {
    }

    /** A rewritten text and the names found in it. */
    record Result(String text, List<Hit> hits) {
        boolean changed(String before) {
            return !text.equals(before);
        }
    }

    static Result rewrite(String text) {
        Matcher m = NAME.matcher(text);
        LineIndex lines = new LineIndex(text);
        StringBuilder out = new StringBuilder(text.length());
        List<Hit> hits = new ArrayList<>();
        int last = 0;
        while (m.find()) {
            String original = m.group();
            Hit hit = map(lines.lineOf(m.start()), m.group(1), original);
            hits.add(hit);
            out.append(text, last, m.start()).append(hit.ported());
            last = m.end();
        }
        out.append(text, last, text.length());
        return new Result(out.toString(), hits);
    }

    /** The rewrite of one qualified name, as {@link #rewrite} does it inside a text. */
    static String rewriteName(String name) {
        List<Hit> hits = rewrite(name).hits();
        return hits.size() == 1 && hits.get(0).original().equals(name) ? hits.get(0).ported() : name;
    }

    private static Hit map(int line, String root, String name) {
        switch (root) {
            case BACKTYPE:
                return new Hit(line, name, GALE + name.substring(BACKTYPE.length()), Kind.BACKTYPE, null);
            case "storm.trident":
                return new Hit(line, name, name, Kind.OLD_TRIDENT, null);
            case "storm.kafka":
                return new Hit(line, name, name, Kind.OLD_KAFKA, null);
            default:
                break;
        }
        if (Names.hasPrefix(name, SHADE) && name.length() > SHADE.length()) {
            String real = name.substring(SHADE.length() + 1);
            Optional<Library> lib = Library.of(real, Library.SHADED);
            return new Hit(line, name, real, lib.isPresent() ? Kind.SHADED : Kind.SHADED_UNKNOWN, lib.orElse(null));
        }
        if (Names.hasPrefix(name, THRIFT)) {
            String real = "org.apache.thrift" + name.substring(THRIFT.length());
            return new Hit(line, name, real, Kind.SHADED, Library.of(real, Library.SHADED).orElseThrow());
        }
        return new Hit(line, name, GALE + name.substring(STORM.length()), Kind.STORM, null);
    }

    /** Offsets to 1-based lines, by binary search over the line starts. */
    private static final class LineIndex {
        private final int[] starts;

        LineIndex(String text) {
            int[] s = new int[16];
            int n = 0;
            s[n++] = 0;
            for (int i = 0; i < text.length(); i++) {
                if (text.charAt(i) == '\n') {
                    if (n == s.length) {
                        s = Arrays.copyOf(s, n * 2);
                    }
                    s[n++] = i + 1;
                }
            }
            starts = Arrays.copyOf(s, n);
        }

        int lineOf(int offset) {
            int i = Arrays.binarySearch(starts, offset);
            return i >= 0 ? i + 1 : -i - 1;
        }
    }
}
