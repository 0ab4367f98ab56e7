package dev.gale.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DefaultStateSerializerTest {
    private final DefaultStateSerializer<Object> serializer = new DefaultStateSerializer<>();

    private Object roundTrip(Object o) {
        return serializer.deserialize(serializer.serialize(o));
    }

    @Test
    void commonTypesRoundTripCompactly() {
        for (Object o : List.of("word", 42L, 7, 1.5d, true, (short) 3, (byte) 4, 2.5f, 'x', Optional.of(9L), Optional.empty())) {
            assertThat(roundTrip(o)).isEqualTo(o);
        }
        assertThat(roundTrip(null)).isNull();
        assertThat((byte[]) roundTrip(new byte[] {1, 2, 3})).containsExactly(1, 2, 3);
        assertThat(serializer.serialize(123_456_789L)).hasSize(9);
        assertThat(serializer.serialize("ab")).hasSize(3);
    }

    @Test
    void serializableClassesUseJavaSerialization() {
        ArrayList<Object> list = new ArrayList<>(List.of(1L, "a", Map.of("k", 2)));
        assertThat(roundTrip(list)).isEqualTo(list);
    }

    static final class Opaque {
    }

    record Holder(Object inside) implements Serializable {
    }

    @Test
    void aClassThatIsNotSerializableIsNamed() {
        assertThatThrownBy(() -> serializer.serialize(new Opaque()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(Opaque.class.getName())
                .hasMessageContaining("valueSerializerClass");
        assertThatThrownBy(() -> serializer.serialize(new Holder(new Opaque())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(Holder.class.getName())
                .hasMessageContaining(Opaque.class.getName());
    }
}
