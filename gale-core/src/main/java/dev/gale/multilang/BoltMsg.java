package dev.gale.multilang;

import java.util.List;

/**
 * A tuple as a multilang bolt's subprocess receives it: the id the subprocess acks, fails and
 * anchors by, the source component, stream and task, and the values. Heartbeats are bolt messages
 * on the {@code __heartbeat} stream from task -1.
 *
 * <p>Not thread-safe: a plain value.
 */
public class BoltMsg {
    private String id;
    private String comp;
    private String stream;
    private long task;
    private List<Object> tuple;

    public String getId() {
        return id;
    }

    public void setId(String id) {
        this.id = id;
    }

    public String getComp() {
        return comp;
    }

    public void setComp(String comp) {
        this.comp = comp;
    }

    public String getStream() {
        return stream;
    }

    public void setStream(String stream) {
        this.stream = stream;
    }

    public long getTask() {
        return task;
    }

    public void setTask(long task) {
        this.task = task;
    }

    public List<Object> getTuple() {
        return tuple;
    }

    public void setTuple(List<Object> tuple) {
        this.tuple = tuple;
    }
}
