package dev.gale.spout;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.tuple.Fields;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class SchemeTest {

    @Test
    void rawSchemesCopyTheRemainingBytesWithoutMovingTheBuffer() {
        ByteBuffer buffer = ByteBuffer.wrap("xhello".getBytes(StandardCharsets.UTF_8));
        buffer.get();
        List<Object> values = new RawScheme().deserialize(buffer);
        assertThat(values).hasSize(1);
        assertThat((byte[]) values.get(0)).isEqualTo("hello".getBytes(StandardCharsets.UTF_8));
        assertThat(buffer.position()).isEqualTo(1);
        assertThat(new RawScheme().getOutputFields().toList()).containsExactly("bytes");
        assertThat(new RawMultiScheme().deserialize(buffer)).hasSize(1);
        assertThat(new RawMultiScheme().getOutputFields().toList()).containsExactly("bytes");
    }

    @Test
    void aSchemeAsMultiSchemeGivesItsOneTupleOrNone() {
        Scheme upper = new Scheme() {
            @Override
            public List<Object> deserialize(ByteBuffer ser) {
                String s = StandardCharsets.UTF_8.decode(ser).toString();
                return s.isEmpty() ? null : List.of(s.toUpperCase());
            }

            @Override
            public Fields getOutputFields() {
                return new Fields("upper");
            }
        };
        SchemeAsMultiScheme multi = new SchemeAsMultiScheme(upper);
        assertThat(multi.deserialize(ByteBuffer.wrap("ab".getBytes(StandardCharsets.UTF_8))))
                .containsExactly(List.of("AB"));
        assertThat(multi.deserialize(ByteBuffer.allocate(0))).isNull();
        assertThat(multi.getOutputFields().toList()).containsExactly("upper");
        assertThat(multi.scheme).isSameAs(upper);
    }
}
