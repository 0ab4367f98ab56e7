package dev.gale.examples.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.utils.Time;
import dev.gale.utils.Time.SimulatedTime;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Port of storm-starter's NthLastModifiedTimeTrackerTest (TestNG data providers as JUnit 5 sources). */
class NthLastModifiedTimeTrackerTest {
    private static final int ANY_NUM_TIMES_TO_TRACK = 3;

    @ParameterizedTest
    @ValueSource(ints = {-10, -3, -2, -1, 0})
    void negativeOrZeroNumTimesToTrackIsRefused(int numTimesToTrack) {
        assertThatThrownBy(() -> new NthLastModifiedTimeTracker(numTimesToTrack))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 20})
    void positiveNumTimesToTrackIsAccepted(int numTimesToTrack) {
        new NthLastModifiedTimeTracker(numTimesToTrack);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4, 5, 8, 10})
    void secondsSinceCreationBeforeAnyModification(int secondsToAdvance) {
        try (SimulatedTime t = new SimulatedTime()) {
            NthLastModifiedTimeTracker tracker = new NthLastModifiedTimeTracker(ANY_NUM_TIMES_TO_TRACK);
            Time.advanceTimeSecs(secondsToAdvance);
            assertThat(tracker.secondsSinceOldestModification()).isEqualTo(secondsToAdvance);
        }
    }

    static Stream<Arguments> simulatedTrackerIterations() {
        return Stream.of(
                Arguments.of(1, new int[]{0, 1}, new int[]{0, 0}),
                Arguments.of(1, new int[]{0, 2}, new int[]{0, 0}),
                Arguments.of(2, new int[]{2, 2}, new int[]{2, 2}),
                Arguments.of(2, new int[]{0, 4}, new int[]{0, 4}),
                Arguments.of(1, new int[]{1, 1, 1, 1, 1, 1, 1}, new int[]{0, 0, 0, 0, 0, 0, 0}),
                Arguments.of(1, new int[]{1, 2, 3, 4, 5, 6, 7}, new int[]{0, 0, 0, 0, 0, 0, 0}),
                Arguments.of(2, new int[]{1, 1, 1, 1, 1, 1, 1}, new int[]{1, 1, 1, 1, 1, 1, 1}),
                Arguments.of(2, new int[]{2, 2, 2, 2, 2, 2, 2}, new int[]{2, 2, 2, 2, 2, 2, 2}),
                Arguments.of(2, new int[]{1, 2, 3, 4, 5, 6, 7}, new int[]{1, 2, 3, 4, 5, 6, 7}),
                Arguments.of(3, new int[]{1, 1, 1, 1, 1, 1, 1}, new int[]{1, 2, 2, 2, 2, 2, 2}),
                Arguments.of(3, new int[]{1, 2, 3, 4, 5, 6, 7}, new int[]{1, 3, 5, 7, 9, 11, 13}),
                Arguments.of(3, new int[]{2, 2, 2, 2, 2, 2, 2}, new int[]{2, 4, 4, 4, 4, 4, 4}),
                Arguments.of(4, new int[]{1, 1, 1, 1, 1, 1, 1}, new int[]{1, 2, 3, 3, 3, 3, 3}),
                Arguments.of(4, new int[]{1, 2, 3, 4, 5, 6, 7}, new int[]{1, 3, 6, 9, 12, 15, 18}),
                Arguments.of(4, new int[]{2, 2, 2, 2, 2, 2, 2}, new int[]{2, 4, 6, 6, 6, 6, 6}),
                Arguments.of(5, new int[]{1, 1, 1, 1, 1, 1, 1}, new int[]{1, 2, 3, 4, 4, 4, 4}),
                Arguments.of(5, new int[]{1, 2, 3, 4, 5, 6, 7}, new int[]{1, 3, 6, 10, 14, 18, 22}),
                Arguments.of(5, new int[]{2, 2, 2, 2, 2, 2, 2}, new int[]{2, 4, 6, 8, 8, 8, 8}),
                Arguments.of(6, new int[]{1, 1, 1, 1, 1, 1, 1}, new int[]{1, 2, 3, 4, 5, 5, 5}),
                Arguments.of(6, new int[]{1, 2, 3, 4, 5, 6, 7}, new int[]{1, 3, 6, 10, 15, 20, 25}),
                Arguments.of(6, new int[]{2, 2, 2, 2, 2, 2, 2}, new int[]{2, 4, 6, 8, 10, 10, 10}),
                Arguments.of(3, new int[]{1, 2, 3}, new int[]{1, 3, 5}));
    }

    @ParameterizedTest
    @MethodSource("simulatedTrackerIterations")
    void secondsSinceTheNthLastModification(int numTimesToTrack, int[] secondsToAdvancePerIteration,
                                            int[] expectedSeconds) {
        try (SimulatedTime t = new SimulatedTime()) {
            NthLastModifiedTimeTracker tracker = new NthLastModifiedTimeTracker(numTimesToTrack);
            int[] seconds = new int[expectedSeconds.length];
            int i = 0;
            for (int secondsToAdvance : secondsToAdvancePerIteration) {
                Time.advanceTimeSecs(secondsToAdvance);
                tracker.markAsModified();
                seconds[i++] = tracker.secondsSinceOldestModification();
            }
            assertThat(seconds).isEqualTo(expectedSeconds);
        }
    }
}
