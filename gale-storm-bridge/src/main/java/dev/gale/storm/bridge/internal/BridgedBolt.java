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
    private transient StormContextView context;
    private transient StormBoltCollector collector;

    public BridgedBolt(org.apache.storm.topology.IRichBolt bolt) {
        this.bolt = bolt;
    }

    /** The Storm bolt this runs. */
    public org.apache.storm.topology.IRichBolt stormBolt() {
        return bolt;
    }

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext galeContext, OutputCollector galeCollector) {
        context = StormContextView.of(galeContext, topoConf);
        collector = new StormBoltCollector(galeCollector);
        bolt.prepare(topoConf, context, collector);
    }

    @Override
    public void execute(Tuple input) {
        collector.beginExecute();
        bolt.execute(new BridgedTuple(context, input));
    }

    @Override
    public void cleanup() {
        bolt.cleanup();
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        StormCompatibility.check(bolt);
        bolt.declareOutputFields(new StormDeclarer(declarer));
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
