package dev.gale.storm.bridge;

import dev.gale.state.KeyValueState;
import dev.gale.storm.bridge.internal.BridgedBasicBolt;
import dev.gale.storm.bridge.internal.BridgedBolt;
import dev.gale.storm.bridge.internal.BridgedStatefulBolt;
import dev.gale.storm.bridge.internal.BridgedWindowedBolt;
import dev.gale.topology.IRichBolt;
import dev.gale.topology.IStatefulBolt;
import dev.gale.topology.IWindowedBolt;
import org.apache.storm.state.State;
import org.apache.storm.topology.IBasicBolt;

/**
 * Runs a bolt written against Apache Storm's API (your own, or a connector's such as storm-jdbc's
 * {@code JdbcInsertBolt}) as a Gale bolt: {@code builder.setBolt("sink", StormBolts.of(new
 * JdbcInsertBolt(...)), 2)}. It is prepared with Storm's context, collector and tuples over Gale's,
 * so anchoring, acks, fails, {@code resetTimeout}, tick tuples, reported errors and registered
 * metrics work as in Storm, with Gale's acker, timeouts, metrics and failure reasons. A bolt whose
 * code reaches into a Storm worker's internals is refused when the topology is built. Stateless.
 */
public final class StormBolts {
    private StormBolts() {
    }

    /** The Gale bolt running Storm's rich bolt {@code bolt}. */
    public static IRichBolt of(org.apache.storm.topology.IRichBolt bolt) {
        return new BridgedBolt(bolt);
    }

    /**
     * The Gale bolt running Storm's basic bolt {@code bolt}: emits anchored to the input, the input
     * acked after {@code execute}, failed by a {@code FailedException} (the exception its reason).
     */
    public static IRichBolt of(IBasicBolt bolt) {
        return new BridgedBasicBolt(bolt);
    }

    /**
     * The Gale windowed bolt running Storm's windowed bolt {@code bolt}: the windows its
     * configuration asks for ({@code withWindow}, {@code withTimestampField}, {@code withLag},
     * {@code withLateTupleStream}) are Gale's, each shown to it as Storm's {@code TupleWindow}.
     */
    public static IWindowedBolt of(org.apache.storm.topology.IWindowedBolt bolt) {
        return new BridgedWindowedBolt(bolt);
    }

    /**
     * The Gale stateful bolt running Storm's stateful bolt {@code bolt}, its {@code KeyValueState}
     * Gale's checkpointed state (the topology's state provider: memory, RocksDB or Redis).
     */
    public static IStatefulBolt<KeyValueState<Object, Object>> of(org.apache.storm.topology.IStatefulBolt<? extends State> bolt) {
        return new BridgedStatefulBolt(bolt);
    }
}
