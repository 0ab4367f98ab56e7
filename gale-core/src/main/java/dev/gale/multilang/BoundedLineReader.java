package dev.gale.multilang;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Gale addition: reads UTF-8 lines from a stream that another process writes (a multilang
 * subprocess's stdout or stderr), never holding more than a given number of bytes of one line: a
 * process that writes a line without end cannot fill the heap. {@link #readLine(long)} refuses a
 * longer line; {@link #readTruncated(int, Runnable)} keeps its start and skips the rest. A line
 * ends at {@code \n}; a {@code \r} before it is dropped.
 *
 * <p>Not thread-safe: one reading thread.
 */
public final class BoundedLineReader {
    private static final int CHUNK = 8192;
    private final InputStream in;
    private final byte[] chunk = new byte[CHUNK];
    private int pos;
    private int end;
    private byte[] line = new byte[256];
    private int length;
    private int lastBytes;

    /** Thrown when a line is longer than the limit; the bytes read so far are dropped. */
    public static final class LineTooLongException extends IOException {
        private static final long serialVersionUID = 1L;

        LineTooLongException(long limit) {
            super("a line longer than " + limit + " bytes");
        }
    }

    /** A line, cut to the limit if it was longer, and how many of its bytes were skipped. */
    public record Truncated(String text, long skippedBytes) {
    }

    public BoundedLineReader(InputStream in) {
        this.in = in;
    }

    /**
     * The next line, without its end; null at the end of the stream when no byte of a line was read.
     *
     * @throws LineTooLongException once the line has more than {@code maxBytes} bytes, before
     *     reading the rest of it
     */
    public String readLine(long maxBytes) throws IOException {
        length = 0;
        boolean any = false;
        while (true) {
            if (pos == end && !fill()) {
                return any ? text() : null;
            }
            any = true;
            int start = pos;
            while (pos < end && chunk[pos] != '\n') {
                pos++;
            }
            append(start, pos - start, maxBytes);
            if (pos < end) {
                pos++; // the '\n'
                return text();
            }
        }
    }

    /**
     * The next line, cut to {@code maxBytes} bytes (the rest skipped, not held); null at the end of
     * the stream. {@code onCut} runs once a line turns out longer, before the rest is read.
     */
    public Truncated readTruncated(int maxBytes, Runnable onCut) throws IOException {
        length = 0;
        long skipped = 0;
        boolean any = false;
        while (true) {
            if (pos == end && !fill()) {
                return any ? new Truncated(text(), skipped) : null;
            }
            any = true;
            int start = pos;
            while (pos < end && chunk[pos] != '\n') {
                pos++;
            }
            int n = pos - start;
            int kept = (int) Math.min(n, Math.max(0, maxBytes - length));
            append(start, kept, maxBytes);
            if (skipped == 0 && n > kept) {
                onCut.run();
            }
            skipped += n - kept;
            if (pos < end) {
                pos++;
                return new Truncated(text(), skipped);
            }
        }
    }

    private boolean fill() throws IOException {
        int n = in.read(chunk, 0, CHUNK);
        if (n <= 0) {
            return false;
        }
        pos = 0;
        end = n;
        return true;
    }

    private void append(int from, int n, long maxBytes) throws LineTooLongException {
        if (length + (long) n > maxBytes) {
            length = 0;
            throw new LineTooLongException(maxBytes);
        }
        if (length + n > line.length) {
            line = Arrays.copyOf(line, Math.max(length + n, line.length * 2));
        }
        System.arraycopy(chunk, from, line, length, n);
        length += n;
    }

    /** How many bytes the last line read had, its end left out. */
    public int lastLineBytes() {
        return lastBytes;
    }

    private String text() {
        lastBytes = length;
        int n = length > 0 && line[length - 1] == '\r' ? length - 1 : length;
        String s = new String(line, 0, n, StandardCharsets.UTF_8);
        if (line.length > 65536) {
            line = new byte[256]; // a long line's buffer is not kept for the short ones that follow
        }
        return s;
    }
}
