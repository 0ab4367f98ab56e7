package dev.gale.topology;

import dev.gale.state.State;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.tuple.Tuple;
import java.util.Map;

/**
 * A bolt whose state the framework checkpoints: add it with
 * {@link TopologyBuilder#setBolt(String, IStatefulBolt, Number)}. The state is saved in each
 * checkpoint; after a failure the bolt is rolled back to the last committed state and the spouts
 * replay what it had not committed, so each input is reflected in the state at least once. The
 * bolt must anchor what it emits and ack each input once processed. One instance per task, called
 * on the task's thread only.
 *
 * @param <T> the state type
 */
public interface IStatefulBolt<T extends State> extends IStatefulComponent<T> {
    /** As {@link dev.gale.task.IBolt#prepare}. */
    void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector);

    /** As {@link dev.gale.task.IBolt#execute}; never called before {@link #initState}. */
    void execute(Tuple input);

    /** As {@link dev.gale.task.IBolt#cleanup}. */
    void cleanup();
}
