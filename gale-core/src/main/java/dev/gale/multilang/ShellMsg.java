package dev.gale.multilang;

import java.util.ArrayList;
import java.util.List;

/**
 * One message from a multilang subprocess (Storm's multilang protocol): a command ({@code emit},
 * {@code ack}, {@code fail}, {@code log}, {@code error}, {@code metrics}, {@code sync}) with what
 * it carries. Read by an {@link ISerializer}; handled by {@code ShellBolt} and {@code ShellSpout}.
 *
 * <p>Not thread-safe: a plain value, handed from the thread that reads it to the one that handles it.
 */
public class ShellMsg {
    private String command;
    private Object id;
    private List<String> anchors;
    private String stream;
    private long task;
    private String msg;
    private List<Object> tuple;
    private boolean needTaskIds;
    private String metricName;
    private Object metricParams;
    private ShellLogLevel logLevel = ShellLogLevel.INFO;

    public String getCommand() {
        return command;
    }

    public void setCommand(String command) {
        this.command = command;
    }

    /** The tuple id of an ack or fail, or the message id of a spout's emit (a string or a number). */
    public Object getId() {
        return id;
    }

    public void setId(Object id) {
        this.id = id;
    }

    /** The ids of the input tuples a bolt's emit is anchored to, or null. */
    public List<String> getAnchors() {
        return anchors;
    }

    public void setAnchors(List<String> anchors) {
        this.anchors = anchors;
    }

    public void addAnchor(String anchor) {
        if (anchors == null) {
            anchors = new ArrayList<>();
        }
        anchors.add(anchor);
    }

    public String getStream() {
        return stream;
    }

    public void setStream(String stream) {
        this.stream = stream;
    }

    /** The target task of a direct emit, 0 for an ordinary one. */
    public long getTask() {
        return task;
    }

    public void setTask(long task) {
        this.task = task;
    }

    /** The text of a log or error. */
    public String getMsg() {
        return msg;
    }

    public void setMsg(String msg) {
        this.msg = msg;
    }

    public List<Object> getTuple() {
        return tuple;
    }

    public void setTuple(List<Object> tuple) {
        this.tuple = tuple;
    }

    public void addTuple(Object value) {
        if (tuple == null) {
            tuple = new ArrayList<>();
        }
        tuple.add(value);
    }

    /** Whether the subprocess waits for the task ids of its emit ({@code need_task_ids}, true unless it says false). */
    public boolean areTaskIdsNeeded() {
        return needTaskIds;
    }

    public void setNeedTaskIds(boolean needTaskIds) {
        this.needTaskIds = needTaskIds;
    }

    public String getMetricName() {
        return metricName;
    }

    public void setMetricName(String metricName) {
        this.metricName = metricName;
    }

    public Object getMetricParams() {
        return metricParams;
    }

    public void setMetricParams(Object metricParams) {
        this.metricParams = metricParams;
    }

    public ShellLogLevel getLogLevel() {
        return logLevel;
    }

    public void setLogLevel(int logLevel) {
        this.logLevel = ShellLogLevel.fromInt(logLevel);
    }

    @Override
    public String toString() {
        return "ShellMsg{command='" + command + "', id=" + id + ", anchors=" + anchors + ", stream='" + stream
                + "', task=" + task + ", msg='" + msg + "', tuple=" + tuple + ", needTaskIds=" + needTaskIds
                + ", metricName='" + metricName + "', metricParams=" + metricParams + ", logLevel=" + logLevel + '}';
    }

    /** The level of a {@code log} command: 0 trace, 1 debug, 2 info (the default), 3 warn, 4 error. */
    public enum ShellLogLevel {
        TRACE, DEBUG, INFO, WARN, ERROR;

        /** The level numbered {@code i}; INFO for a number outside 0..4. */
        public static ShellLogLevel fromInt(int i) {
            return i >= 0 && i < values().length ? values()[i] : INFO;
        }
    }
}
