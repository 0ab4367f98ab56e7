package dev.gale.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.Config;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URL;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Values come back through Java deserialization only for the classes allowed: whoever can write to
 * the store must not be able to make this JVM instantiate any class it has.
 */
class StateDeserializationFilterTest {
    /** A value class of Gale's package, as the framework's own state values are. */
    record Tally(String word, long count) implements Serializable {
    }

    /**
     * Bytes as the default serializer writes a Java-serialized value (its tag, then the stream),
     * made here as anyone who can write to the store can make them.
     */
    private static byte[] crafted(Object o) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.write(127);
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(o);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    private static DefaultStateSerializer<Object> allowing(Object patterns) {
        return new DefaultStateSerializer<>(Map.of(Config.GALE_STATE_DESERIALIZATION_ALLOW, patterns), null);
    }

    /** A class outside the allow-list: with a HashMap, the start of a known gadget chain. */
    private static URL url() throws IOException {
        return new URL("http://example.invalid/state");
    }

    // URL's equals looks its host up: the tests compare what was read by its text instead.

    @Test
    void aClassOutsideTheAllowListIsRefusedOnReadNamingItAndTheKeyToSet() throws IOException {
        byte[] b = crafted(url());
        assertThatThrownBy(() -> new DefaultStateSerializer<>().deserialize(b))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("java.net.URL")
                .hasMessageContaining(Config.GALE_STATE_DESERIALIZATION_ALLOW);
        assertThat(allowing("java.net.URL").deserialize(b)).isInstanceOf(URL.class).hasToString(url().toString());
        assertThat(allowing("java.net.*").deserialize(b)).isInstanceOf(URL.class).hasToString(url().toString());
    }

    @Test
    void aClassOutsideTheAllowListIsRefusedWhereverItIsInTheValue() throws IOException {
        Map<String, Object> value = new HashMap<>(Map.of("home", List.of(1L, url())));
        byte[] b = crafted(value);
        assertThatThrownBy(() -> new DefaultStateSerializer<>().deserialize(b))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("java.net.URL");
        assertThat(allowing(List.of("java.net.URL")).deserialize(b)).hasToString(value.toString());
    }

    @Test
    void aValueThatCouldNotBeReadBackIsRefusedWhenWritten() throws IOException {
        // Failing the checkpoint now beats failing the recovery that needs the value.
        List<Object> value = new ArrayList<>(List.of("a", url()));
        assertThatThrownBy(() -> new DefaultStateSerializer<>().serialize(value))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("java.net.URL")
                .hasMessageContaining(Config.GALE_STATE_DESERIALIZATION_ALLOW);
        DefaultStateSerializer<Object> allowed = allowing("java.net.URL");
        assertThat(allowed.deserialize(allowed.serialize(value))).hasToString(value.toString());
    }

    @Test
    void theStatesPrepareNamesTheStateAndTheClass() throws IOException {
        MapStoreState<String, Object> state = new MapStoreState<>(Map.of());
        state.put("k", url());
        assertThatThrownBy(() -> state.prepareCommit(1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("state 'test/bolt/0'")
                .hasMessageContaining("java.net.URL");
    }

    @Test
    void theJdksValueTypesAndCollectionsAndGalesClassesAreAllowedByDefault() {
        TreeMap<String, Long> tree = new TreeMap<>(Map.of("a", 1L));
        List<Object> values = List.of(new ArrayList<>(List.of(1, 2L, "x")), new HashMap<>(Map.of("k", 1.5d)), tree,
                new LinkedList<>(List.of('c')), new ArrayDeque<>(List.of(3L)), List.of("immutable"), Map.of("m", 1),
                Set.of(7), Collections.unmodifiableList(new ArrayList<>(List.of(8))), new BigDecimal("1.50"),
                BigInteger.TEN.pow(40), LocalDate.of(2024, 2, 29), Instant.ofEpochSecond(1_700_000_000L),
                Duration.ofMinutes(5), ZonedDateTime.of(2024, 1, 1, 0, 0, 0, 0, ZoneId.of("Europe/Paris")),
                UUID.fromString("123e4567-e89b-12d3-a456-426614174000"), new ConcurrentHashMap<>(Map.of("c", 1)),
                TimeUnit.SECONDS, new Tally("cow", 3), new int[] {1, 2}, new String[] {"s"}, new long[][] {{1L}},
                new Exception("kept"));
        DefaultStateSerializer<Object> s = new DefaultStateSerializer<>();
        for (Object v : values) {
            Object back = s.deserialize(crafted(v));
            if (v instanceof Exception e) {
                assertThat(((Exception) back).getMessage()).isEqualTo(e.getMessage());
            } else if (v instanceof ArrayDeque) {
                assertThat(back).isInstanceOf(ArrayDeque.class).hasToString(v.toString()); // no equals of its own
            } else if (v.getClass().isArray()) {
                assertThat(Arrays.deepEquals(new Object[] {back}, new Object[] {v})).as("%s", v).isTrue();
            } else {
                assertThat(back).as("%s", v).isEqualTo(v);
            }
            assertThat(s.serialize(v)).as("%s", v).isEqualTo(crafted(v));
        }
        assertThat(((AtomicLong) s.deserialize(crafted(new AtomicLong(4)))).get()).isEqualTo(4);
    }

    @Test
    void aSerializableLambdaIsRefused() {
        // A lambda comes back through SerializedLambda, which calls into the class that made it.
        Supplier<String> lambda = (Supplier<String> & Serializable) () -> "code";
        assertThatThrownBy(() -> new DefaultStateSerializer<>().serialize(lambda))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("java.lang.invoke.SerializedLambda");
        byte[] b = crafted(lambda);
        assertThatThrownBy(() -> new DefaultStateSerializer<>().deserialize(b))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("java.lang.invoke.SerializedLambda");
    }

    @Test
    void theConfiguredPatternsComeFirstSoTheyCanRefuseADefault() {
        byte[] b = crafted(new PriorityQueue<>(List.of(2, 1)));
        assertThat(new DefaultStateSerializer<>().deserialize(b)).isInstanceOf(PriorityQueue.class);
        assertThatThrownBy(() -> allowing("!java.util.PriorityQueue").deserialize(b))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("java.util.PriorityQueue");
    }

    @Test
    void aValueNestedTooDeeplyIsRefusedBeforeItOverflowsTheStack() throws InterruptedException {
        // Built and written on a thread of its own with a large stack: writing it nests as deep.
        byte[][] b = new byte[1][];
        Thread writer = new Thread(null, () -> {
            Object o = "bottom";
            for (int i = 0; i < 2_000; i++) {
                o = new ArrayList<>(List.of(o));
            }
            b[0] = crafted(o);
        }, "deep-writer", 256L << 20);
        writer.start();
        writer.join();
        assertThatThrownBy(() -> new DefaultStateSerializer<>().deserialize(b[0]))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("maxdepth")
                .hasMessageContaining(Config.GALE_STATE_DESERIALIZATION_ALLOW);
    }

    @Test
    void theLimitsCanBeSetAndAreNamedWhenExceeded() {
        List<Object> nested = new ArrayList<>(List.of(new ArrayList<>(List.of(new ArrayList<>(List.of(1L))))));
        byte[] b = crafted(nested);
        assertThat(new DefaultStateSerializer<>().deserialize(b)).isEqualTo(nested);
        assertThatThrownBy(() -> allowing("maxdepth=2").deserialize(b))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("maxdepth=2");
        byte[] wide = crafted(new ArrayList<>(Collections.nCopies(20, 1L)));
        assertThatThrownBy(() -> allowing("maxarray=10").deserialize(wide))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("maxarray=10");
        assertThat(allowing("maxarray=20").deserialize(wide)).isEqualTo(Collections.nCopies(20, 1L));
    }

    @Test
    void anInvalidPatternIsRefusedWhenTheSerializerIsMade() {
        assertThatThrownBy(() -> allowing("maxdepth=deep"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(Config.GALE_STATE_DESERIALIZATION_ALLOW)
                .hasMessageContaining("maxdepth=deep");
        assertThatThrownBy(() -> allowing(42))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(Config.GALE_STATE_DESERIALIZATION_ALLOW);
    }

    @Test
    @SuppressWarnings("unchecked")
    void aSerializerThatWasItselfSerializedKeepsItsPatterns() throws Exception {
        byte[] b = crafted(url());
        byte[] serializer = crafted(allowing("java.net.URL"));
        DefaultStateSerializer<Object> copy = (DefaultStateSerializer<Object>) new DefaultStateSerializer<>().deserialize(serializer);
        assertThat(copy.deserialize(b)).isInstanceOf(URL.class);
    }

    @Test
    void theCompactFormsNeedNoFilter() {
        DefaultStateSerializer<Object> s = allowing("maxdepth=1;maxrefs=1;maxbytes=1");
        for (Object o : List.of("word", 42L, 1.5d)) {
            assertThat(s.deserialize(s.serialize(o))).isEqualTo(o);
        }
    }
}
