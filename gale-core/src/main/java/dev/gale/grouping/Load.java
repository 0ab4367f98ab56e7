package dev.gale.grouping;

/**
 * Storm's load of a target task: the bolt's own load and its connection's, each 0 (idle) to 1
 * (fully loaded). Gale runs one JVM and reports no load, so groupings see every task as
 * {@link LoadMapping} reports it. Immutable.
 */
public class Load {
    private final boolean hasMetrics;
    private final double boltLoad;
    private final double connectionLoad;

    public Load(boolean hasMetrics, double boltLoad, double connectionLoad) {
        this.hasMetrics = hasMetrics;
        this.boltLoad = boltLoad;
        this.connectionLoad = connectionLoad;
    }

    public boolean hasMetrics() {
        return hasMetrics;
    }

    public double getBoltLoad() {
        return boltLoad;
    }

    public double getConnectionLoad() {
        return connectionLoad;
    }

    /** The higher of the two loads; 1.0 (assume busy) when nothing was measured. */
    public double getLoad() {
        return hasMetrics ? Math.max(boltLoad, connectionLoad) : 1.0;
    }

    @Override
    public String toString() {
        return "[:load " + boltLoad + " " + connectionLoad + "]";
    }
}
