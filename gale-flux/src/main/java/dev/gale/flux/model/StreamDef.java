package dev.gale.flux.model;

/**
 * A {@code streams} entry: an edge from a spout or bolt to a bolt, with its grouping. The name is
 * only a label. Not thread-safe.
 */
public class StreamDef {
    private String name;
    private String from;
    private String to;
    private GroupingDef grouping;
    private String location;

    public String getTo() {
        return to;
    }

    public void setTo(String to) {
        this.to = to;
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public String getFrom() {
        return from;
    }

    public void setFrom(String from) {
        this.from = from;
    }

    public GroupingDef getGrouping() {
        return grouping;
    }

    public void setGrouping(GroupingDef grouping) {
        this.grouping = grouping;
    }

    /** Gale only: where this stream was read, {@code file:line}; null when built in code. */
    public String getLocation() {
        return location;
    }

    /** Gale only: see {@link #getLocation()}. */
    public void setLocation(String location) {
        this.location = location;
    }
}
