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
import java.util.function.Consumer;

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
        if (!hooks.isEmpty()) {
            List<Integer> to = Arrays.stream(targets, 0, n).boxed().toList();
            EmitInfo info = new EmitInfo(values, streamId, taskId, to);
            tell("emit", hook -> hook.emit(info));
        }
    }

    void spoutAck(Object messageId, long latencyNanos) {
        if (!hooks.isEmpty()) {
            SpoutAckInfo info = new SpoutAckInfo(messageId, taskId, millis(latencyNanos));
            tell("spoutAck", hook -> hook.spoutAck(info));
        }
    }

    void spoutFail(Object messageId, long latencyNanos) {
        if (!hooks.isEmpty()) {
            SpoutFailInfo info = new SpoutFailInfo(messageId, taskId, millis(latencyNanos));
            tell("spoutFail", hook -> hook.spoutFail(info));
        }
    }

    void boltExecute(Tuple tuple, long latencyNanos) {
        if (!hooks.isEmpty()) {
            BoltExecuteInfo info = new BoltExecuteInfo(tuple, taskId, millis(latencyNanos));
            tell("boltExecute", hook -> hook.boltExecute(info));
        }
    }

    void boltAck(Tuple tuple) {
        if (!hooks.isEmpty()) {
            // Gale does not time tuples from arrival to ack: reported as not sampled, which Storm allows.
            BoltAckInfo info = new BoltAckInfo(tuple, taskId, null);
            tell("boltAck", hook -> hook.boltAck(info));
        }
    }

    void boltFail(Tuple tuple) {
        if (!hooks.isEmpty()) {
            BoltFailInfo info = new BoltFailInfo(tuple, taskId, null);
            tell("boltFail", hook -> hook.boltFail(info));
        }
    }

    /** Calls every hook's cleanup, each even if another threw. */
    void cleanup() {
        tell("cleanup", ITaskHook::cleanup);
    }

    /**
     * Tells each hook, in registration order, of one event; a hook that throws is reported and the
     * rest are still told. Indexed rather than iterated: a hook may register another while being
     * told, and the newcomer is then told too instead of the walk failing.
     */
    private void tell(String event, Consumer<ITaskHook> call) {
        for (int next = 0; next < hooks.size(); next++) {
            ITaskHook hook = hooks.get(next);
            try {
                call.accept(hook);
            } catch (RuntimeException e) {
                errors.report(componentId, taskId, "task hook " + hook.getClass().getName() + " threw in " + event, e);
            }
        }
    }

    /** Milliseconds, or null for a negative (not measured) latency. */
    private static Long millis(long nanos) {
        return nanos < 0 ? null : TimeUnit.NANOSECONDS.toMillis(nanos);
    }
}
