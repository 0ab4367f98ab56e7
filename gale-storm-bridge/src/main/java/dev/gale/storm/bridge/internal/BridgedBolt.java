package dev.gale.storm.bridge.internal;

import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.IRichBolt;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.tuple.Tuple;
import java.util.Map;

/**
 * A Storm {@code IRichBolt} as a Gale bolt: prepared with Storm's context and collector over Gale's,
 * each input shown as Storm's tuple. Gale copies it per task, as it copies every component. Not
 * thread-safe: each task's copy runs on that task's thread.
 */
public final class BridgedBolt implements IRichBolt {
    private static final long serialVersionUID = 1L;

    private final org.apache.storm.topology.IRichBolt bolt;
    private transient StormBoltTask task;

    public BridgedBolt(org.apache.storm.topology.IRichBolt bolt) {
        this.bolt = bolt;
    }

    /** The Storm bolt this runs. */
    public org.apache.storm.topology.IRichBolt stormBolt() {
        return bolt;
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
        return "Storm bolt " + bolt.getClass().getName();
    }
}
