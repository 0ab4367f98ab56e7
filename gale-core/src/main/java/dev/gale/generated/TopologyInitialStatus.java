package dev.gale.generated;

/**
 * The status a submitted topology starts in ({@code org.apache.storm.generated.TopologyInitialStatus}):
 * {@link #ACTIVE} spouts are called at once, {@link #INACTIVE} ones are opened but call no
 * {@code nextTuple} until the topology is activated. Immutable.
 */
public enum TopologyInitialStatus {
    ACTIVE(1),
    INACTIVE(2);

    private final int value;

    TopologyInitialStatus(int value) {
        this.value = value;
    }

    /** Storm's Thrift value. */
    public int getValue() {
        return value;
    }

    /** The status with this Thrift value, or null. */
    public static TopologyInitialStatus findByValue(int value) {
        for (TopologyInitialStatus s : values()) {
            if (s.value == value) {
                return s;
            }
        }
        return null;
    }
}
