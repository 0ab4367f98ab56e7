package dev.gale.topology.base;

import dev.gale.state.State;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.IStatefulBolt;
import dev.gale.topology.OutputFieldsDeclarer;
import java.util.Map;

/**
 * An {@link IStatefulBolt} with nothing to do by default but {@code execute} and
 * {@code initState}. One instance per task, used on the task's thread only.
 *
 * @param <T> the state type
 */
public abstract class BaseStatefulBolt<T extends State> implements IStatefulBolt<T> {
    private static final long serialVersionUID = 1L;

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
    }

    @Override
    public void cleanup() {
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
    }

    @Override
    public Map<String, Object> getComponentConfiguration() {
        return null;
    }

    @Override
    public void preCommit(long txid) {
    }

    @Override
    public void prePrepare(long txid) {
    }

    @Override
    public void preRollback() {
    }
}
