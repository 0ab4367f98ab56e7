package dev.gale.impl.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.metric.api.IMetricsConsumer.DataPoint;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.PatternSyntaxException;
import org.junit.jupiter.api.Test;

/**
 * Ports of Storm 2.8's storm-client {@code FilterByMetricNameTest} and {@code DataPointExpanderTest}:
 * a registration's whitelist or blacklist (regular expressions found anywhere in the name) and its
 * expansion of map values, here one step of the metrics consumer bolt.
 */
class DataPointFilterTest {

    private static void assertKept(DataPointFilter filter, Map<String, Boolean> expected) {
        expected.forEach((name, kept) -> assertThat(filter.apply(List.of(new DataPoint(name, 1))))
                .as(name).hasSize(kept ? 1 : 0));
    }

    @Test
    void aWhitelistKeepsOnlyTheNamesAPatternFinds() {
        Map<String, Boolean> expected = new HashMap<>();
        expected.put("storm.metric.hello", false);
        expected.put("test.hello.world", false);
        expected.put("test.hello.123", true);
        expected.put("test.metric.world", false);
        expected.put("metric.world", true);
        assertKept(new DataPointFilter(List.of("^metric\\.", "test\\.hello\\.[0-9]+"), List.of(), false, "."), expected);
    }

    @Test
    void aBlacklistDropsTheNamesAPatternFinds() {
        Map<String, Boolean> expected = new HashMap<>();
        expected.put("__storm.metric.hello", false);
        expected.put("storm.metric.__hello", true);
        expected.put("test.hello.world", false);
        expected.put("storm.test.123", false);
        expected.put("metric.world", true);
        assertKept(new DataPointFilter(List.of(), List.of("^__", "test\\."), false, "."), expected);
    }

    @Test
    void bothListsAreRefused() {
        assertThatThrownBy(() -> new DataPointFilter(List.of("^metric\\."), List.of("^__"), false, "."))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not both");
    }

    @Test
    void noListKeepsEverything() {
        Map<String, Boolean> expected = new HashMap<>();
        for (String name : List.of("__storm.metric.hello", "storm.metric.__hello", "test.hello.world", "metric.world")) {
            expected.put(name, true);
        }
        assertKept(new DataPointFilter(List.of(), List.of(), false, "."), expected);
    }

    @Test
    void aBadPatternIsRefusedWhenRegistered() {
        assertThatThrownBy(() -> new DataPointFilter(List.of("(unclosed"), List.of(), false, "."))
                .isInstanceOf(PatternSyntaxException.class);
    }

    private static Map<String, Object> dummyMapValue() {
        Map<String, Object> value = new HashMap<>();
        value.put("a", 1.0);
        value.put("b", 2.5);
        value.put("c", null);
        value.put("d", "hello");
        return value;
    }

    @Test
    void withoutExpansionAMapValueStaysOnePoint() {
        DataPoint point = new DataPoint("test", dummyMapValue());
        assertThat(new DataPointFilter(List.of(), List.of(), false, ".").apply(List.of(point)))
                .containsExactly(point);
    }

    @Test
    void expansionGivesOnePointPerKeyAndKeepsOtherValues() {
        List<DataPoint> points = new ArrayList<>();
        points.add(new DataPoint("point1", 2.5));
        points.add(new DataPoint("point2", dummyMapValue()));
        assertThat(new DataPointFilter(List.of(), List.of(), true, ":").apply(points)).containsExactlyInAnyOrder(
                new DataPoint("point1", 2.5), new DataPoint("point2:a", 1.0), new DataPoint("point2:b", 2.5),
                new DataPoint("point2:c", null), new DataPoint("point2:d", "hello"));
    }

    @Test
    void expansionDropsANullValueAndFiltersTheExpandedNames() {
        assertThat(new DataPointFilter(List.of(), List.of(), true, ".").apply(List.of(new DataPoint("point", null))))
                .isEmpty();
        assertThat(new DataPointFilter(List.of("\\.b$"), List.of(), true, ".")
                .apply(List.of(new DataPoint("point", dummyMapValue())))).containsExactly(new DataPoint("point.b", 2.5));
    }
}
