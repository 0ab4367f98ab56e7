package dev.gale.windowing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** What a window's {@code getNew()} holds: the events the previous evaluation did not have. */
class NewEventTrackerTest {

    /** An event of a class of the user's own, equal by value. */
    private record Own(String value, long ts) implements Event<String> {
        @Override
        public long getTimestamp() {
            return ts;
        }

        @Override
        public String get() {
            return value;
        }

        @Override
        public boolean isWatermark() {
            return false;
        }
    }

    @Test
    void galesOwnEventsAreNewUntilAnEvaluationHadThem() {
        NewEventTracker<String> tracker = new NewEventTracker<>();
        EventImpl<String> a = new EventImpl<>("a", 1);
        EventImpl<String> b = new EventImpl<>("b", 2);
        EventImpl<String> c = new EventImpl<>("c", 3);

        assertThat(tracker.newSinceLastEvaluation(List.of(a, b))).containsExactly("a", "b");
        assertThat(tracker.newSinceLastEvaluation(List.of(b, c))).containsExactly("c");
        // An evaluation without b: when b is back, it is new again.
        assertThat(tracker.newSinceLastEvaluation(List.of(c))).isEmpty();
        assertThat(tracker.newSinceLastEvaluation(List.of(b, c))).containsExactly("b");
    }

    @Test
    void eventsOfTheUsersOwnClassesAreToldApartByEquality() {
        NewEventTracker<String> tracker = new NewEventTracker<>();

        assertThat(tracker.newSinceLastEvaluation(List.of(new Own("x", 1), new Own("y", 2)))).containsExactly("x", "y");
        assertThat(tracker.newSinceLastEvaluation(List.of(new Own("y", 2), new Own("z", 3)))).containsExactly("z");
        assertThat(tracker.newSinceLastEvaluation(List.of())).isEmpty();
        assertThat(tracker.newSinceLastEvaluation(List.of(new Own("z", 3)))).containsExactly("z");
    }
}
