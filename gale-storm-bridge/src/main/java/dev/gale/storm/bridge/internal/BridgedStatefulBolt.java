package dev.gale.storm.bridge.internal;

import dev.gale.state.KeyValueState;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.IStatefulBolt;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.tuple.Tuple;
import java.util.Map;

/**
 * A Storm {@code IStatefulBolt} (e.g. one extending Storm's {@code BaseStatefulBolt}) as a Gale
 * stateful bolt: Gale's checkpoints drive it, and its state is Gale's key-value state shown as
 * Storm's {@code KeyValueState}, so it is saved by whichever state provider the topology names.
 * Storm's stateful bolts take a {@code KeyValueState}; another state type is refused when the bolt
 * gets its state. Not thread-safe: each task's copy runs on that task's thread.
 */
public final class BridgedStatefulBolt implements IStatefulBolt<KeyValueState<Object, Object>> {
    private static final long serialVersionUID = 1L;

    private final org.apache.storm.topology.IStatefulBolt<org.apache.storm.state.State> bolt;
    private transient StormBoltTask task;

    @SuppressWarnings("unchecked")
    public BridgedStatefulBolt(org.apache.storm.topology.IStatefulBolt<? extends org.apache.storm.state.State> bolt) {
        this.bolt = (org.apache.storm.topology.IStatefulBolt<org.apache.storm.state.State>) bolt;
    }

    /** The Storm bolt this runs. */
    public org.apache.storm.topology.IStatefulBolt<? extends org.apache.storm.state.State> stormBolt() {
        return bolt;
    }

    @Override
    public void initState(KeyValueState<Object, Object> state) {
        bolt.initState(new StormKeyValueStateView<>(state));
    }

    @Override
    public void preCommit(long txid) {
        bolt.preCommit(txid);
    }

    @Override
    public void prePrepare(long txid) {
        bolt.prePrepare(txid);
    }

    @Override
    public void preRollback() {
        bolt.preRollback();
    }

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext galeContext, OutputCollector galeCollector) {
        task = new StormBoltTask(topoConf, galeContext, galeCollector);
        bolt.prepare(topoConf, task.context, task.collector);
    }

    @Override
    public void execute(Tuple input) {
        bolt.execute(task.input(input));
    }

    @Override
    public void cleanup() {
        bolt.cleanup();
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        StormDeclarer.declare(bolt, declarer);
    }

    @Override
    public Map<String, Object> getComponentConfiguration() {
        return bolt.getComponentConfiguration();
    }

    @Override
    public String toString() {
        return "Storm stateful bolt " + bolt.getClass().getName();
    }
}
