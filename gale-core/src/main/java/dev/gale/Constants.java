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
    /** The acker component's id. */
    public static final String ACKER_COMPONENT_ID = "__acker";
}
