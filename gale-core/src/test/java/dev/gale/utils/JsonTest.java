package dev.gale.utils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonTest {

    @Test
    void readsEveryKindOfValue() {
        Object v = Json.parse(" {\"a\": [1, -2, 3.5, 1e3, true, false, null], \"b\": {\"c\": \"d\"}, \"e\": []} ");
        Map<String, Object> expected = new LinkedHashMap<>();
        expected.put("a", Arrays.asList(1L, -2L, 3.5, 1000.0, true, false, null));
        expected.put("b", Map.of("c", "d"));
        expected.put("e", List.of());
        assertThat(v).isEqualTo(expected);
        // Whole numbers beyond a long are read as doubles rather than wrapped around.
        assertThat(Json.parse("12345678901234567890")).isEqualTo(1.2345678901234567e19);
        assertThat(Json.parse("9223372036854775807")).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void readsEscapesAndWritesThemBack() {
        String text = "quote \" backslash \\ slash / tab \t newline \n unicode \u00e9 \u2603 control \u0001";
        String json = Json.write(text);
        assertThat(json).doesNotContain("\n").contains("\\\"", "\\\\", "\\t", "\\n", "\\u0001");
        assertThat(Json.parse(json)).isEqualTo(text);
        assertThat(Json.parse("\"\\u00e9\\/\"")).isEqualTo("\u00e9/");
    }

    @Test
    void writesMapsListsArraysNumbersAndOtherObjects() {
        Map<Object, Object> m = new LinkedHashMap<>();
        m.put("list", List.of(1, 2L, 2.5f));
        m.put(7, new int[] {1, 2});
        m.put("nan", Double.NaN);
        m.put("enum", Thread.State.NEW);
        m.put("other", new StringBuilder("text"));
        m.put("none", null);
        assertThat(Json.write(m)).isEqualTo(
                "{\"list\":[1,2,2.5],\"7\":[1,2],\"nan\":null,\"enum\":\"NEW\",\"other\":\"text\",\"none\":null}");
    }

    @Test
    void refusesWhatIsNotJsonSayingWhereAndWhat() {
        assertThatThrownBy(() -> Json.parse("{\"a\": 1,}")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("expected a string key at offset 8");
        assertThatThrownBy(() -> Json.parse("[1 2]")).hasMessageContaining("expected ',' or ']' at offset 3");
        assertThatThrownBy(() -> Json.parse("\"open")).hasMessageContaining("a closing '\"'");
        assertThatThrownBy(() -> Json.parse("tru")).hasMessageContaining("expected a value at offset 0");
        assertThatThrownBy(() -> Json.parse("1 2")).hasMessageContaining("expected end of input at offset 2");
        assertThatThrownBy(() -> Json.parse("")).hasMessageContaining("expected a value at offset 0");
        assertThatThrownBy(() -> Json.parse("[".repeat(600))).hasMessageContaining("levels of nesting");
    }
}
