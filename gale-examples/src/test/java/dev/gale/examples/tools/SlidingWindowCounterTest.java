package dev.gale.examples.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Port of storm-starter's SlidingWindowCounterTest (TestNG data providers as JUnit 5 sources). */
class SlidingWindowCounterTest {
    private static final Object ANY_OBJECT = "ANY_OBJECT";

    @ParameterizedTest
    @ValueSource(ints = {-10, -3, -2, -1, 0, 1})
    void fewerThanTwoSlotsAreRefused(int windowLengthInSlots) {
        assertThatThrownBy(() -> new SlidingWindowCounter<Object>(windowLengthInSlots))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 20})
    void twoOrMoreSlotsAreValid(int windowLengthInSlots) {
        new SlidingWindowCounter<Object>(windowLengthInSlots);
    }

    @Test
    void newInstanceHasEmptyCounts() {
        assertThat(new SlidingWindowCounter<Object>(2).getCountsThenAdvanceWindow()).isEmpty();
    }

    static Stream<Arguments> simulatedCounterIterations() {
        return Stream.of(
                Arguments.of(2, new int[]{3, 2, 0, 0, 1, 0, 0, 0}, new long[]{3, 5, 2, 0, 1, 1, 0, 0}),
                Arguments.of(3, new int[]{3, 2, 0, 0, 1, 0, 0, 0}, new long[]{3, 5, 5, 2, 1, 1, 1, 0}),
                Arguments.of(4, new int[]{3, 2, 0, 0, 1, 0, 0, 0}, new long[]{3, 5, 5, 5, 3, 1, 1, 1}),
                Arguments.of(5, new int[]{3, 2, 0, 0, 1, 0, 0, 0}, new long[]{3, 5, 5, 5, 6, 3, 1, 1}),
                Arguments.of(5, new int[]{3, 11, 5, 13, 7, 17, 0, 3, 50, 600, 7000},
                        new long[]{3, 14, 19, 32, 39, 53, 42, 40, 77, 670, 7653}));
    }

    @ParameterizedTest
    @MethodSource("simulatedCounterIterations")
    void countsSlideWithTheWindow(int windowLengthInSlots, int[] incrementsPerIteration, long[] expectedCounts) {
        SlidingWindowCounter<Object> counter = new SlidingWindowCounter<Object>(windowLengthInSlots);
        for (int i = 0; i < incrementsPerIteration.length; i++) {
            long expected = expectedCounts[i];
            // An object is forgotten once it was zero for two iterations in a row; the first zero is reported.
            boolean expectAbsent = expected == 0 && (i == 0 || expectedCounts[i - 1] == 0);
            for (int j = 0; j < incrementsPerIteration[i]; j++) {
                counter.incrementCount(ANY_OBJECT);
            }
            Map<Object, Long> counts = counter.getCountsThenAdvanceWindow();
            if (expectAbsent) {
                assertThat(counts).as("iteration %d", i).doesNotContainKey(ANY_OBJECT);
            } else {
                assertThat(counts.get(ANY_OBJECT)).as("iteration %d", i).isEqualTo(expected);
            }
        }
    }
}
