package dev.gale.storm.it;

/** The two engines every scenario runs on. */
public enum EngineKind {
    /** Gale's own engine, in the test JVM, on a simulated clock. */
    EMBEDDED,
    /** A real multi-process Storm cluster (ZooKeeper, Nimbus, a Supervisor, 2 workers), through gale-storm. */
    STORM
}
