package dev.gale;

/** Ids of Gale's system components and streams, as in Storm. */
public final class Constants {
    private Constants() {
    }

    /** The component that tick tuples come from. */
    public static final String SYSTEM_COMPONENT_ID = "__system";
    /** The task id tick tuples come from. */
    public static final int SYSTEM_TASK_ID = -1;
    /** The stream tick tuples arrive on. */
    public static final String SYSTEM_TICK_STREAM_ID = "__tick";
    /** Storm's flush stream of the system component; subscribing to it is valid, nothing arrives on it. */
    public static final String SYSTEM_FLUSH_STREAM_ID = "__flush";
    /**
     * Storm's metrics tick stream of the system component; subscribing to it is valid, nothing
     * arrives on it (Gale reads metrics v1 at the end of each bucket without a tuple).
     */
    public static final String METRICS_TICK_STREAM_ID = "__metrics_tick";
    /**
     * The stream on which every task sends its metrics v1 values ({@code [task-info, data-points]})
     * to the metrics consumers; present only when consumers are registered.
     */
    public static final String METRICS_STREAM_ID = "__metrics";
    /** Prefix of the ids of the metrics consumer bolts: {@code __metrics_<consumer class>}. */
    public static final String METRICS_COMPONENT_ID_PREFIX = "__metrics_";
    /** The acker component's id. */
    public static final String ACKER_COMPONENT_ID = "__acker";
    /** The direct stream on which a {@code CoordinatedBolt} tells the next bolt's tasks how many tuples of a request each got. */
    public static final String COORDINATED_STREAM_ID = "dev.gale.coordination.CoordinatedBolt/coord-stream";
}
