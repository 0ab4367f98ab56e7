package dev.gale.storm.bridge.internal;

import dev.gale.state.KeyValueState;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.IStatefulBolt;
import dev.gale.tuple.Tuple;
import java.util.Map;

/**
 * A Storm {@code IStatefulBolt} (e.g. one extending Storm's {@code BaseStatefulBolt}) as a Gale
 * stateful bolt: Gale's checkpoints drive it, and its state is Gale's key-value state shown as
 * Storm's {@code KeyValueState}, so it is saved by whichever state provider the topology names.
 * Storm's stateful bolts take a {@code KeyValueState}; another state type is refused when the bolt
 * gets its state. Not thread-safe: each task's copy runs on that task's thread.
 */
public final class BridgedStatefulBolt
    extends StormComponentWrapper<org.apache.storm.topology.IStatefulBolt<org.apache.storm.state.State>>
    implements IStatefulBolt<KeyValueState<Object, Object>> {
    private static final long serialVersionUID = 1L;

    private transient StormBoltTask task;

    @SuppressWarnings("unchecked")
    public BridgedStatefulBolt(org.apache.storm.topology.IStatefulBolt<? extends org.apache.storm.state.State> bolt) {
        super((org.apache.storm.topology.IStatefulBolt<org.apache.storm.state.State>) bolt, "stateful bolt");
    }

    /** The Storm bolt this runs. */
    public org.apache.storm.topology.IStatefulBolt<? extends org.apache.storm.state.State> stormBolt() {
        return storm;
    }

    @Override
    public void initState(KeyValueState<Object, Object> state) {
        storm.initState(new StormKeyValueStateView<>(state));
    }

    @Override
    public void preCommit(long txid) {
        storm.preCommit(txid);
    }

    @Override
    public void prePrepare(long txid) {
        storm.prePrepare(txid);
    }

    @Override
    public void preRollback() {
        storm.preRollback();
    }

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext galeContext, OutputCollector galeCollector) {
        task = new StormBoltTask(topoConf, galeContext, galeCollector);
        storm.prepare(topoConf, task.context, task.collector);
    }

    @Override
    public void execute(Tuple input) {
        storm.execute(task.input(input));
    }

    @Override
    public void cleanup() {
        storm.cleanup();
    }
}
