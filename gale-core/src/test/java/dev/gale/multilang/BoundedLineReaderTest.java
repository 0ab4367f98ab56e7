package dev.gale.multilang;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Lines of a stream read with a bound: what is refused or cut is never all read into memory. */
class BoundedLineReaderTest {

    /** Endless 'x' bytes, counting how many were read. */
    static final class Endless extends InputStream {
        long read;

        @Override
        public int read() {
            read++;
            return 'x';
        }

        @Override
        public int read(byte[] b, int off, int len) {
            Arrays.fill(b, off, off + len, (byte) 'x');
            read += len;
            return len;
        }
    }

    private static InputStream text(String s) {
        return new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void readsLinesAndDropsTheCarriageReturnBeforeTheNewline() throws IOException {
        BoundedLineReader r = new BoundedLineReader(text("{\"a\": \"é\"}\r\nend\nlast"));
        assertThat(r.readLine(100)).isEqualTo("{\"a\": \"é\"}");
        assertThat(r.lastLineBytes()).isEqualTo(12);
        assertThat(r.readLine(100)).isEqualTo("end");
        assertThat(r.readLine(100)).isEqualTo("last");
        assertThat(r.readLine(100)).isNull();
    }

    @Test
    void aLineWithoutEndIsRefusedAfterTheLimitWithoutReadingOn() {
        Endless endless = new Endless();
        BoundedLineReader r = new BoundedLineReader(endless);

        assertThatThrownBy(() -> r.readLine(100_000)).isInstanceOf(BoundedLineReader.LineTooLongException.class)
                .hasMessage("a line longer than 100000 bytes");
        assertThat(endless.read).isLessThan(100_000 + 8192 + 1);
    }

    @Test
    void aLongLineIsCutToTheLimitTheRestSkippedAndTheNextLineRead() throws IOException {
        int length = 10 * 1024 * 1024;
        InputStream in = new SequenceInputStream(text("e".repeat(length)), text("\nnext\n"));
        BoundedLineReader r = new BoundedLineReader(in);
        AtomicInteger cuts = new AtomicInteger();

        BoundedLineReader.Truncated line = r.readTruncated(1000, cuts::incrementAndGet);

        assertThat(line.text()).isEqualTo("e".repeat(1000));
        assertThat(line.skippedBytes()).isEqualTo(length - 1000);
        assertThat(cuts).hasValue(1);
        assertThat(r.readTruncated(1000, cuts::incrementAndGet)).isEqualTo(new BoundedLineReader.Truncated("next", 0));
        assertThat(r.readTruncated(1000, cuts::incrementAndGet)).isNull();
        assertThat(cuts).hasValue(1);
    }
}
