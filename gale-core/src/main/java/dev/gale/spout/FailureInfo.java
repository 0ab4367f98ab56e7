package dev.gale.spout;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Why and where a spout's tuple tree failed (Gale addition): the reason, the component and task
 * that failed it, the exception's class and message when user code threw one, and, for a timeout
 * of a tree that sampled tracing followed ({@code gale.trace.sample}), the tasks that still held
 * tuples of the tree that they had not acked. Given to a {@link FailureAware} spout's
 * {@code fail}. Immutable, so thread-safe.
 */
public final class FailureInfo {

    /** A task that held tuples of a timed-out tree that it had not acked. Immutable. */
    public static final class Holder {
        private final String componentId;
        private final int taskId;
        private final int tuples;

        /** @param tuples how many tuples of the tree the task held un-acked (at least 1) */
        public Holder(String componentId, int taskId, int tuples) {
            this.componentId = Objects.requireNonNull(componentId, "componentId");
            this.taskId = taskId;
            this.tuples = tuples;
        }

        public String componentId() {
            return componentId;
        }

        public int taskId() {
            return taskId;
        }

        /** How many tuples of the tree the task held and had not acked. */
        public int tuples() {
            return tuples;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Holder h && h.componentId.equals(componentId) && h.taskId == taskId
                    && h.tuples == tuples;
        }

        @Override
        public int hashCode() {
            return Objects.hash(componentId, taskId, tuples);
        }

        @Override
        public String toString() {
            return componentId + "[" + taskId + "]" + (tuples == 1 ? "" : " x" + tuples);
        }
    }

    private final FailureReason reason;
    private final String componentId;
    private final int taskId;
    private final String exceptionClass;
    private final String exceptionMessage;
    private final boolean traced;
    private final List<Holder> heldBy;

    private FailureInfo(FailureReason reason, String componentId, int taskId, String exceptionClass,
                        String exceptionMessage, boolean traced, List<Holder> heldBy) {
        this.reason = Objects.requireNonNull(reason, "reason");
        this.componentId = Objects.requireNonNull(componentId, "componentId");
        this.taskId = taskId;
        this.exceptionClass = exceptionClass;
        this.exceptionMessage = exceptionMessage;
        this.traced = traced;
        this.heldBy = List.copyOf(heldBy);
    }

    /**
     * The tree timed out at spout task {@code spoutTask} of {@code spoutId}.
     *
     * @param traced whether sampled tracing followed the tree
     * @param heldBy the tasks that held tuples of it un-acked (empty when not traced)
     */
    public static FailureInfo timeout(String spoutId, int spoutTask, boolean traced, List<Holder> heldBy) {
        return new FailureInfo(FailureReason.TIMEOUT, spoutId, spoutTask, null, null, traced, heldBy);
    }

    /** A bolt task failed a tuple of the tree, saying nothing more. */
    public static FailureInfo failed(String componentId, int taskId) {
        return new FailureInfo(FailureReason.FAILED, componentId, taskId, null, null, false, List.of());
    }

    /**
     * A task failed a tuple of the tree for {@code reason} ({@link FailureReason#FAILED} from a
     * {@code FailedException}, {@link FailureReason#THREW}, or a refused emit), with the exception's
     * class and message.
     */
    public static FailureInfo of(FailureReason reason, String componentId, int taskId, Throwable error) {
        return new FailureInfo(reason, componentId, taskId, error == null ? null : error.getClass().getName(),
                error == null ? null : message(error), false, List.of());
    }

    /**
     * The exception's message, followed by its root cause's class and message when the message
     * does not already say them: a library that wraps a driver's exception twice (storm-jdbc's
     * IllegalStateException around a RuntimeException around the database's error) would
     * otherwise hide the only words that tell why. The root cause's lines are joined into one.
     */
    private static String message(Throwable error) {
        Throwable root = error;
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        while (root.getCause() != null && seen.add(root)) {
            root = root.getCause();
        }
        String message = error.getMessage();
        if (root == error || root.getMessage() == null || message != null && message.contains(root.getMessage())) {
            return message;
        }
        String cause = root.getClass().getName() + ": " + root.getMessage().strip().replaceAll("\\s*\\R\\s*", " ");
        return message == null ? "caused by " + cause : message + " (caused by " + cause + ")";
    }

    public FailureReason reason() {
        return reason;
    }

    /** The component whose task failed the tree; for {@link FailureReason#TIMEOUT}, the spout. */
    public String componentId() {
        return componentId;
    }

    /** The task that failed the tree; for {@link FailureReason#TIMEOUT}, the spout task. */
    public int taskId() {
        return taskId;
    }

    /** The class name of the exception behind the failure, or null when none was thrown. */
    public String exceptionClass() {
        return exceptionClass;
    }

    /**
     * The exception's message, with its root cause's class and message appended in parentheses
     * when the message does not contain them; null when there is no exception, or neither it nor a
     * cause has a message.
     */
    public String exceptionMessage() {
        return exceptionMessage;
    }

    /** "class: message" of the exception behind the failure (just the class without a message), or null. */
    public String errorText() {
        if (exceptionClass == null) {
            return null;
        }
        return exceptionMessage == null ? exceptionClass : exceptionClass + ": " + exceptionMessage;
    }

    /** Whether sampled tree tracing followed this tree (then {@link #heldBy()} is meaningful for a timeout). */
    public boolean traced() {
        return traced;
    }

    /**
     * For a traced timeout, the tasks that held tuples of the tree they had not acked, by
     * component and task; empty otherwise. Empty for a traced timeout too when every tuple was
     * acked and only the acks had not arrived yet.
     */
    public List<Holder> heldBy() {
        return heldBy;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FailureInfo f && f.reason == reason && f.componentId.equals(componentId)
                && f.taskId == taskId && Objects.equals(f.exceptionClass, exceptionClass)
                && Objects.equals(f.exceptionMessage, exceptionMessage) && f.traced == traced
                && f.heldBy.equals(heldBy);
    }

    @Override
    public int hashCode() {
        return Objects.hash(reason, componentId, taskId, exceptionClass, exceptionMessage, traced, heldBy);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(reason.name()).append(" by ").append(componentId)
                .append('[').append(taskId).append(']');
        if (exceptionClass != null) {
            sb.append(": ").append(errorText());
        }
        if (traced) {
            sb.append(reason == FailureReason.TIMEOUT ? ", held by " + heldBy : ", traced");
        }
        return sb.toString();
    }
}
