package dev.gale.impl.executor;

import dev.gale.hooks.ITaskHook;
import dev.gale.hooks.info.BoltAckInfo;
import dev.gale.hooks.info.BoltExecuteInfo;
import dev.gale.hooks.info.BoltFailInfo;
import dev.gale.hooks.info.EmitInfo;
import dev.gale.hooks.info.SpoutAckInfo;
import dev.gale.hooks.info.SpoutFailInfo;
import dev.gale.impl.stats.ErrorRegistry;
import dev.gale.tuple.Tuple;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Tells one task's hooks of its events. With no hook registered each call is one emptiness check
 * of the context's live hook list and nothing is allocated, so hooks cost nothing unless used. A
 * hook that throws an exception is reported with the task and the others still run. Not
 * thread-safe: the task's thread only.
 */
final class TaskHooks {
    private final List<ITaskHook> hooks;
    private final ErrorRegistry errors;
    private final String componentId;
    private final int taskId;

    /** @param hooks the task context's live hook list, so hooks added in open/prepare are seen */
    TaskHooks(List<ITaskHook> hooks, ErrorRegistry errors, String componentId, int taskId) {
        this.hooks = hooks;
        this.errors = errors;
        this.componentId = componentId;
        this.taskId = taskId;
    }

    void emit(String streamId, List<Object> values, int[] targets, int n) {
        if (hooks.isEmpty()) {
            return;
        }
        int[] copy = Arrays.copyOf(targets, n);
        EmitInfo info = new EmitInfo(values, streamId, taskId, Arrays.stream(copy).boxed().toList());
        for (int i = 0; i < hooks.size(); i++) {
            try {
                hooks.get(i).emit(info);
            } catch (RuntimeException e) {
                reported(i, "emit", e);
            }
        }
    }

    void spoutAck(Object messageId, long latencyNanos) {
        if (hooks.isEmpty()) {
            return;
        }
        SpoutAckInfo info = new SpoutAckInfo(messageId, taskId, millis(latencyNanos));
        for (int i = 0; i < hooks.size(); i++) {
            try {
                hooks.get(i).spoutAck(info);
            } catch (RuntimeException e) {
                reported(i, "spoutAck", e);
            }
        }
    }

    void spoutFail(Object messageId, long latencyNanos) {
        if (hooks.isEmpty()) {
            return;
        }
        SpoutFailInfo info = new SpoutFailInfo(messageId, taskId, millis(latencyNanos));
        for (int i = 0; i < hooks.size(); i++) {
            try {
                hooks.get(i).spoutFail(info);
            } catch (RuntimeException e) {
                reported(i, "spoutFail", e);
            }
        }
    }

    void boltExecute(Tuple tuple, long latencyNanos) {
        if (hooks.isEmpty()) {
            return;
        }
        BoltExecuteInfo info = new BoltExecuteInfo(tuple, taskId, millis(latencyNanos));
        for (int i = 0; i < hooks.size(); i++) {
            try {
                hooks.get(i).boltExecute(info);
            } catch (RuntimeException e) {
                reported(i, "boltExecute", e);
            }
        }
    }

    void boltAck(Tuple tuple) {
        if (hooks.isEmpty()) {
            return;
        }
        // Gale does not time tuples from arrival to ack: reported as not sampled, which Storm allows.
        BoltAckInfo info = new BoltAckInfo(tuple, taskId, null);
        for (int i = 0; i < hooks.size(); i++) {
            try {
                hooks.get(i).boltAck(info);
            } catch (RuntimeException e) {
                reported(i, "boltAck", e);
            }
        }
    }

    void boltFail(Tuple tuple) {
        if (hooks.isEmpty()) {
            return;
        }
        BoltFailInfo info = new BoltFailInfo(tuple, taskId, null);
        for (int i = 0; i < hooks.size(); i++) {
            try {
                hooks.get(i).boltFail(info);
            } catch (RuntimeException e) {
                reported(i, "boltFail", e);
            }
        }
    }

    /** Calls every hook's cleanup, each even if another threw. */
    void cleanup() {
        for (int i = 0; i < hooks.size(); i++) {
            try {
                hooks.get(i).cleanup();
            } catch (RuntimeException e) {
                reported(i, "cleanup", e);
            }
        }
    }

    private void reported(int index, String event, RuntimeException e) {
        errors.report(componentId, taskId, "task hook " + hooks.get(index).getClass().getName() + " threw in " + event, e);
    }

    /** Milliseconds, or null for a negative (not measured) latency. */
    private static Long millis(long nanos) {
        return nanos < 0 ? null : TimeUnit.NANOSECONDS.toMillis(nanos);
    }
}
