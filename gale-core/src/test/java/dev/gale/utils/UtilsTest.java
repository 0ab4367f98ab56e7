package dev.gale.utils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.generated.GlobalStreamId;
import dev.gale.tuple.Values;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Storm's Utils helpers and Values' null case. */
class UtilsTest {

    @Test
    void javaSerializationRoundTripsAndRefusesWhatItCannotRead() {
        Map<String, List<Integer>> value = Map.of("k", List.of(1, 2));
        byte[] bytes = Utils.javaSerialize(value);
        assertThat(Utils.javaDeserialize(bytes, Map.class)).isEqualTo(value);
        assertThatThrownBy(() -> Utils.javaDeserialize(bytes, String.class)).isInstanceOf(RuntimeException.class);
        assertThatThrownBy(() -> Utils.javaSerialize(new Object())).isInstanceOf(RuntimeException.class)
                .hasMessageContaining("java.lang.Object");
        assertThat(Utils.toByteArray(ByteBuffer.wrap(bytes))).isEqualTo(bytes);
    }

    @Test
    void globalStreamIdDefaultsTheStreamAndTupleIsAMutableList() {
        assertThat(Utils.getGlobalStreamId("c", null)).isEqualTo(new GlobalStreamId("c", Utils.DEFAULT_STREAM_ID));
        assertThat(Utils.getGlobalStreamId("c", "s")).isEqualTo(new GlobalStreamId("c", "s"));
        List<Object> t = Utils.tuple("a", null, 1);
        t.add(2);
        assertThat(t).containsExactly("a", null, 1, 2);
        assertThat(Utils.DEFAULT_STREAM_ID).isEqualTo("default");
    }

    @Test
    void valuesOfANullArrayIsOneNullValueAsInStorm() {
        assertThat(new Values((Object[]) null)).hasSize(1).containsExactly((Object) null);
        assertThat(new Values(null, null)).containsExactly(null, null);
        assertThat(new Values()).isEmpty();
        assertThat(new Values("a", 1)).containsExactly("a", 1);
    }
}
