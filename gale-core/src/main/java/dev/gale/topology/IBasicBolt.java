package dev.gale.topology;

import dev.gale.task.TopologyContext;
import dev.gale.tuple.Tuple;
import java.util.Map;

/**
 * A bolt whose emits are anchored to the input and whose input is acked automatically when
 * {@link #execute} returns, or failed if it throws {@link FailedException}.
 *
 * <p>Each task has its own instance, called from one thread at a time.
 */
public interface IBasicBolt extends IComponent {

    void prepare(Map<String, Object> topoConf, TopologyContext context);

    /** Processes one input; emits through the collector are anchored to it. */
    void execute(Tuple input, BasicOutputCollector collector);

    void cleanup();
}
