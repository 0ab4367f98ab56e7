package dev.gale.storm.bridge.internal;

import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.IRichBolt;
import dev.gale.tuple.Tuple;
import java.util.Map;

/**
 * A Storm {@code IRichBolt} as a Gale bolt: prepared with Storm's context and collector over Gale's,
 * each input shown as Storm's tuple. Gale copies it per task, as it copies every component. Not
 * thread-safe: each task's copy runs on that task's thread.
 */
public final class BridgedBolt extends StormComponentWrapper<org.apache.storm.topology.IRichBolt> implements IRichBolt {
    private static final long serialVersionUID = 1L;

    private transient StormBoltTask task;

    public BridgedBolt(org.apache.storm.topology.IRichBolt bolt) {
        super(bolt, "bolt");
    }

    /** The Storm bolt this runs. */
    public org.apache.storm.topology.IRichBolt stormBolt() {
        return storm;
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
