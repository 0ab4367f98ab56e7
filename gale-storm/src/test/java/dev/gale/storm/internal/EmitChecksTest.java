package dev.gale.storm.internal;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.storm.utils.Utils;
import org.junit.jupiter.api.Test;

/**
 * The checks every emit goes through on Storm keep refusing what they must once they take their
 * shortcuts: the stream of the last emit found by identity, the classes already found fine
 * compared by identity before the map.
 */
class EmitChecksTest {

    /** Not registered, no no-argument constructor: Storm's Kryo cannot build it. */
    static final class Opaque implements Serializable {
        private static final long serialVersionUID = 1L;
        final int v;

        Opaque(int v) {
            this.v = v;
        }
    }

    private static final Map<String, TopologyFacts.Stream> STREAMS = Map.of(
            "default", new TopologyFacts.Stream(List.of("word", "n"), false),
            "other", new TopologyFacts.Stream(List.of("x"), false),
            "direct", new TopologyFacts.Stream(List.of("x"), true));

    private static EmitChecks checks() {
        return new EmitChecks("bolt 'b'", STREAMS, new KryoValueCheck(Utils.readDefaultConfig()));
    }

    @Test
    void theStreamOfTheLastEmitIsCheckedAsAnyOther() {
        EmitChecks c = checks();
        c.check("default", List.of("a", 1L), false);
        assertThatThrownBy(() -> c.check("default", List.of("a"), false))
                .hasMessageContaining("emitted 1 values").hasMessageContaining("[word, n]");
        c.check("other", List.of("y"), false);
        assertThatThrownBy(() -> c.check("other", List.of("y"), true)).hasMessageContaining("not declared direct");
        assertThatThrownBy(() -> c.check("nowhere", List.of("y"), false)).hasMessageContaining("does not declare");
        assertThatThrownBy(() -> c.check(new String("other"), List.of("y", "z"), false)).hasMessageContaining("emitted 2 values");
        c.check("direct", List.of("y"), true);
        assertThatThrownBy(() -> c.check("direct", List.of("y"), false)).hasMessageContaining("use emitDirect");
    }

    @Test
    void aClassStormCannotSendIsRefusedAfterManyClassesFoundFine() {
        EmitChecks c = checks();
        List<Object> fine = List.of("s", 1L, 2, 3.0, 4.0f, (short) 5, (byte) 6, true, 'c', new byte[] {1}, 7L);
        for (int round = 0; round < 3; round++) {
            for (Object v : fine) {
                c.check("default", List.of(v, v), false);
            }
        }
        assertThatThrownBy(() -> c.check("default", List.of("a", new Opaque(1)), false))
                .hasMessageContaining("field 'n'").hasMessageContaining(Opaque.class.getName());
        assertThatThrownBy(() -> c.check("default", List.of(new Opaque(2), "a"), false))
                .as("a refused class is not remembered as fine").hasMessageContaining("field 'word'");
    }

    @Test
    void aContainerIsSampledOnItsFirstValuesEvenOnceItsClassPassed() {
        EmitChecks c = checks();
        for (int i = 0; i < KryoValueCheck.CONTAINER_SAMPLES - 1; i++) {
            c.check("default", List.of("w", new ArrayList<>(List.of(i))), false);
        }
        assertThatThrownBy(() -> c.check("default", List.of("w", new ArrayList<>(List.of(new Opaque(3)))), false))
                .hasMessageContaining(Opaque.class.getName());
        c.check("default", List.of("w", new ArrayList<>(List.of(1))), false);
        assertThatCode(() -> c.check("default", List.of("w", new ArrayList<>(List.of(new Opaque(4)))), false))
                .as("past the samples, as before: a container's class is no longer checked").doesNotThrowAnyException();
    }
}
