package dev.gale.topology;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.generated.GlobalStreamId;
import dev.gale.topology.StatefulWindowedBoltExecutor.TaskStream;
import dev.gale.topology.StatefulWindowedBoltExecutor.WindowState;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.TupleImpl;
import dev.gale.tuple.Values;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How a stateful window kept in memory sorts the tuples replayed after a restart. */
class WindowReplayTest {
    private static final GlobalStreamId NUMBERS = new GlobalStreamId("numbers", "default");

    private static Tuple from(int task, String component) {
        return new TupleImpl(null, new Values("x"), component, task, "default");
    }

    private static WindowReplay replayOf(int task, long lastExpired, long lastEvaluated) {
        Map<TaskStream, WindowState> saved = new HashMap<>();
        saved.put(new TaskStream(task, NUMBERS), new WindowState(lastExpired, lastEvaluated));
        return new WindowReplay(saved);
    }

    @Test
    void tuplesAreSortedByTheProgressSavedForTheirTaskAndStream() {
        WindowReplay replay = replayOf(4, 10, 20);

        assertThat(replay.sort(from(4, "numbers"), 7)).isEqualTo(WindowReplay.Verdict.EXPIRED);
        assertThat(replay.sort(from(4, "numbers"), 10)).isEqualTo(WindowReplay.Verdict.EXPIRED);
        assertThat(replay.sort(from(4, "numbers"), 11)).isEqualTo(WindowReplay.Verdict.EVALUATED);
        assertThat(replay.sort(from(4, "numbers"), 20)).isEqualTo(WindowReplay.Verdict.EVALUATED);
        assertThat(replay.inProgress()).isTrue();
        assertThat(replay.takeHeld()).isEmpty();
    }

    @Test
    void theFirstTuplePastTheSavedProgressEndsThatStreamsReplayAndIsHeld() {
        WindowReplay replay = replayOf(4, 10, 20);
        Tuple first = from(4, "numbers");

        assertThat(replay.sort(first, 21)).isEqualTo(WindowReplay.Verdict.HELD);

        assertThat(replay.inProgress()).isFalse();
        assertThat(replay.takeHeld()).containsExactly(first);
        assertThat(replay.takeHeld()).isEmpty();
    }

    @Test
    void tuplesOfOtherTasksOrStreamsAreHeldWithoutEndingTheReplay() {
        WindowReplay replay = replayOf(4, 10, 20);
        Tuple otherTask = from(5, "numbers");
        Tuple otherComponent = from(4, "words");

        assertThat(replay.sort(otherTask, 1)).isEqualTo(WindowReplay.Verdict.HELD);
        assertThat(replay.sort(otherComponent, 1)).isEqualTo(WindowReplay.Verdict.HELD);

        assertThat(replay.inProgress()).isTrue();
        Tuple last = from(4, "numbers");
        replay.sort(last, 30);
        assertThat(replay.inProgress()).isFalse();
        assertThat(replay.takeHeld()).containsExactly(otherTask, otherComponent, last);
    }

    @Test
    void progressMergesEachIdOnItsOwn() {
        WindowState merged = new WindowState(10, Long.MIN_VALUE).max(new WindowState(Long.MIN_VALUE, 30));
        assertThat(merged).isEqualTo(new WindowState(10, 30));
        assertThat(new WindowState(12, 5).max(new WindowState(3, 40))).isEqualTo(new WindowState(12, 40));
    }
}
