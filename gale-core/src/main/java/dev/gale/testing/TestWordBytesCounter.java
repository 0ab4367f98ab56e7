package dev.gale.testing;

import dev.gale.tuple.Tuple;
import java.nio.charset.StandardCharsets;

/** {@link TestWordCounter} for words sent as bytes (UTF-8). Confined to its executor's thread. */
public class TestWordBytesCounter extends TestWordCounter {
    private static final long serialVersionUID = 1L;

    @Override
    protected String getTupleValue(Tuple t, int idx) {
        return new String(t.getBinary(idx), StandardCharsets.UTF_8);
    }
}
