package dev.gale.storm.bridge.internal;

import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.tuple.Tuple;
import java.util.Map;

/**
 * What every bridged bolt keeps for its task: Storm's context and collector over Gale's, made at
 * prepare, and the view of each input. Not thread-safe: one per task, used on the task's thread.
 */
final class StormBoltTask {
    final StormContextView context;
    final StormBoltCollector collector;

    StormBoltTask(Map<String, Object> topoConf, TopologyContext galeContext, OutputCollector galeCollector) {
        context = StormContextView.of(galeContext, topoConf);
        collector = new StormBoltCollector(galeCollector);
    }

    /** {@code input} as Storm's tuple; an error reported before it is no longer a pending failure reason. */
    BridgedTuple input(Tuple input) {
        collector.beginExecute();
        return new BridgedTuple(context, input);
    }
}
