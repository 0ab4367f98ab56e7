package dev.gale.storm.bridge;

import dev.gale.storm.bridge.internal.BridgedSpout;
import dev.gale.topology.IRichSpout;

/**
 * Runs a spout written against Apache Storm's API (your own, or a connector's such as storm-jms's
 * {@code JmsSpout} or storm-hdfs's {@code HdfsSpout}) as a Gale spout: its message ids become Gale
 * tuple trees, acked, failed and timed out back to it by Gale's acker. Stateless.
 */
public final class StormSpouts {
    private StormSpouts() {
    }

    /** The Gale spout running Storm's spout {@code spout}. */
    public static IRichSpout of(org.apache.storm.topology.IRichSpout spout) {
        return new BridgedSpout(spout);
    }
}
