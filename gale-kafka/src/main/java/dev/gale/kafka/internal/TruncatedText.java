package dev.gale.kafka.internal;

import java.nio.charset.StandardCharsets;

/** UTF-8 bytes of a text cut to a size, keeping its start and whole characters. Stateless. */
public final class TruncatedText {
    /** What a cut text ends with. */
    public static final String MARKER = "...[truncated]";
    private static final byte[] MARKER_BYTES = MARKER.getBytes(StandardCharsets.UTF_8);

    private TruncatedText() {
    }

    /**
     * {@code text} (null as empty) in UTF-8, at most {@code maxBytes} long: if longer, its start
     * followed by {@link #MARKER}. {@code maxBytes} must leave room for the marker.
     */
    public static byte[] utf8(String text, int maxBytes) {
        if (maxBytes < MARKER_BYTES.length) {
            throw new IllegalArgumentException("maxBytes " + maxBytes + " leaves no room for the marker");
        }
        byte[] all = (text == null ? "" : text).getBytes(StandardCharsets.UTF_8);
        if (all.length <= maxBytes) {
            return all;
        }
        int keep = maxBytes - MARKER_BYTES.length;
        // Never cut inside a character: back up over continuation bytes (10xxxxxx) to a lead byte.
        while (keep > 0 && (all[keep] & 0xC0) == 0x80) {
            keep--;
        }
        byte[] out = new byte[keep + MARKER_BYTES.length];
        System.arraycopy(all, 0, out, 0, keep);
        System.arraycopy(MARKER_BYTES, 0, out, keep, MARKER_BYTES.length);
        return out;
    }
}
