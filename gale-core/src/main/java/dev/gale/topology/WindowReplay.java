package dev.gale.topology;

import dev.gale.state.KeyValueState;
import dev.gale.task.TopologyContext;
import dev.gale.topology.StatefulWindowedBoltExecutor.TaskStream;
import dev.gale.topology.StatefulWindowedBoltExecutor.WindowState;
import dev.gale.tuple.Tuple;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The replay, after a restart, of a stateful window kept in memory: each source task and stream
 * whose progress the last checkpoint saved replays its tuples in message id order, and each tuple
 * is sorted by that progress. A stream's replay ends at its first tuple past what was evaluated;
 * such tuples, and those of streams with no saved progress, are held until every stream's replay
 * has ended. Not thread-safe: the task's thread only.
 */
final class WindowReplay {
    /** What to do with a replayed tuple. */
    enum Verdict {
        /** It had left the window before the restart: ack it. */
        EXPIRED,
        /** It was in an evaluated window: add it to rebuild the window, without evaluating. */
        EVALUATED,
        /** New to the window: held, for {@link #takeHeld()} once the replay is over. */
        HELD
    }

    private final Map<TaskStream, WindowState> replaying;
    private List<Tuple> held = new ArrayList<>();

    /** @param replaying the saved progress of each source task and stream (taken over, not copied) */
    WindowReplay(Map<TaskStream, WindowState> replaying) {
        this.replaying = replaying;
    }

    /** The progress saved in {@code progress} for each task of each stream the bolt reads. */
    static WindowReplay of(TopologyContext context, KeyValueState<TaskStream, WindowState> progress) {
        Map<TaskStream, WindowState> saved = new HashMap<>();
        context.getThisSources().keySet().forEach(input -> {
            for (int sourceTask : context.getComponentTasks(input.get_componentId())) {
                TaskStream from = new TaskStream(sourceTask, input);
                WindowState last = progress.get(from);
                if (last != null) {
                    saved.put(from, last);
                }
            }
        });
        return new WindowReplay(saved);
    }

    /** Whether some stream has not yet replayed past its saved progress. */
    boolean inProgress() {
        return !replaying.isEmpty();
    }

    Verdict sort(Tuple input, long messageId) {
        TaskStream from = TaskStream.fromTuple(input);
        WindowState last = replaying.get(from);
        if (last != null && messageId <= last.lastExpired) {
            return Verdict.EXPIRED;
        }
        if (last != null && messageId <= last.lastEvaluated) {
            return Verdict.EVALUATED;
        }
        if (last != null) {
            replaying.remove(from); // the first tuple this stream had not delivered to a window
        }
        held.add(input);
        return Verdict.HELD;
    }

    /** The tuples held so far, oldest first; the replay holds none after this. */
    List<Tuple> takeHeld() {
        List<Tuple> taken = held;
        held = new ArrayList<>();
        return taken;
    }

    @Override
    public String toString() {
        return "WindowReplay{replaying=" + replaying + ", held=" + held.size() + '}';
    }
}
