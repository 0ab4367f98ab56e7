package dev.gale.topology;

import dev.gale.spout.CheckPointState.Action;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.tuple.Tuple;
import java.util.List;
import java.util.Map;

/**
 * Runs a bolt that has no state of its own in a topology with stateful bolts, passing the
 * checkpoint tuples on so they reach every bolt downstream: {@code TopologyBuilder} wraps every
 * such bolt in one. The bolt must anchor what it emits (a basic bolt does).
 *
 * <p>One instance per task, used on the task's thread only.
 */
public class CheckpointTupleForwarder extends BaseStatefulBoltExecutor {
    private static final long serialVersionUID = 1L;
    private final IRichBolt bolt;

    public CheckpointTupleForwarder(IRichBolt bolt) {
        this.bolt = bolt;
    }

    /** The bolt this one runs. */
    public IRichBolt getBolt() {
        return bolt;
    }

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector outputCollector) {
        init(context, new AnchoringOutputCollector(outputCollector));
        bolt.prepare(topoConf, context, new AnchoringOutputCollector(outputCollector, this::noteInputFailed));
    }

    @Override
    public void cleanup() {
        bolt.cleanup();
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        bolt.declareOutputFields(declarer);
        declareCheckpointStream(declarer);
    }

    @Override
    public Map<String, Object> getComponentConfiguration() {
        return bolt.getComponentConfiguration();
    }

    @Override
    protected void handleCheckpoint(List<Tuple> copies, Action action, long txid) {
        forwardCheckpoint(copies, action, txid, collector);
        for (Tuple t : copies) {
            collector.ack(t);
        }
    }

    /**
     * Hands the tuple to the bolt. Tuples keep flowing while a checkpoint waits for copies from
     * other inputs (unless the topology aligns them, exactly-once): at least once, as in Storm.
     */
    @Override
    protected void handleTuple(Tuple input) {
        bolt.execute(input);
    }
}
