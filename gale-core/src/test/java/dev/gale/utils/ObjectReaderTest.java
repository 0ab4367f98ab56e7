package dev.gale.utils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Configuration values read as Storm's ObjectReader reads them, whichever way they arrived. */
class ObjectReaderTest {

    @Test
    void stringListsFromNothingOneStringOrACollection() {
        assertThat(ObjectReader.getStrings(null)).isEmpty();
        assertThat(ObjectReader.getStrings("a")).containsExactly("a");
        assertThat(ObjectReader.getStrings(Arrays.asList("a", null, 3L))).containsExactly("a", "3");
        assertThat(ObjectReader.getStrings(Set.of(true))).containsExactly("true");
        assertThatThrownBy(() -> ObjectReader.getStrings(42)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void stringsWithAndWithoutADefault() {
        assertThat(ObjectReader.getString(12)).isEqualTo("12");
        assertThatThrownBy(() -> ObjectReader.getString(null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("null");
        assertThat(ObjectReader.getString(null, "dflt")).isEqualTo("dflt");
        assertThat(ObjectReader.getString("x", "dflt")).isEqualTo("x");
        assertThatThrownBy(() -> ObjectReader.getString(12, "dflt")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("12");
    }

    @Test
    void intsFromIntegralTypesInRangeAndStrings() {
        assertThat(ObjectReader.getInt(7)).isEqualTo(7);
        assertThat(ObjectReader.getInt((short) 7)).isEqualTo(7);
        assertThat(ObjectReader.getInt((byte) 7)).isEqualTo(7);
        assertThat(ObjectReader.getInt(7L)).isEqualTo(7);
        assertThat(ObjectReader.getInt((long) Integer.MIN_VALUE)).isEqualTo(Integer.MIN_VALUE);
        assertThat(ObjectReader.getInt("-8")).isEqualTo(-8);
        assertThat(ObjectReader.getInt(null, 5)).isEqualTo(5);
        assertThat(ObjectReader.getInt(null, null)).isNull();
        assertThatThrownBy(() -> ObjectReader.getInt(1L + Integer.MAX_VALUE)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("2147483648");
        assertThatThrownBy(() -> ObjectReader.getInt(1.5)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ObjectReader.getInt(null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ObjectReader.getInt("x")).isInstanceOf(NumberFormatException.class);
    }

    @Test
    void longsFromAnyNumberOrAString() {
        assertThat(ObjectReader.getLong(3)).isEqualTo(3L);
        assertThat(ObjectReader.getLong(3.9)).isEqualTo(3L);
        assertThat(ObjectReader.getLong("9000000000")).isEqualTo(9_000_000_000L);
        assertThat(ObjectReader.getLong(null)).isNull();
        assertThat(ObjectReader.getLong(null, 4L)).isEqualTo(4L);
        assertThatThrownBy(() -> ObjectReader.getLong(List.of())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void doublesFromNumbersOnly() {
        assertThat(ObjectReader.getDouble(2)).isEqualTo(2.0);
        assertThat(ObjectReader.getDouble(null, 0.5)).isEqualTo(0.5);
        assertThatThrownBy(() -> ObjectReader.getDouble(null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ObjectReader.getDouble("2.0")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void booleansFromBooleansOnly() {
        assertThat(ObjectReader.getBoolean(Boolean.FALSE, true)).isFalse();
        assertThat(ObjectReader.getBoolean(null, true)).isTrue();
        assertThatThrownBy(() -> ObjectReader.getBoolean("true", false)).isInstanceOf(IllegalArgumentException.class);
    }
}
