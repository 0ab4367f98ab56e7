package dev.gale.storm.bridge.internal;

import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.IRichSpout;
import dev.gale.topology.OutputFieldsDeclarer;
import java.util.Map;

/**
 * A Storm {@code IRichSpout} as a Gale spout: opened with Storm's context and collector over Gale's;
 * its message ids become Gale's tracked trees, acked, failed or timed out back to it by Gale's
 * acker. Not thread-safe: each task's copy runs on that task's thread.
 */
public final class BridgedSpout implements IRichSpout {
    private static final long serialVersionUID = 1L;

    private final org.apache.storm.topology.IRichSpout spout;

    public BridgedSpout(org.apache.storm.topology.IRichSpout spout) {
        this.spout = spout;
    }

    /** The Storm spout this runs. */
    public org.apache.storm.topology.IRichSpout stormSpout() {
        return spout;
    }

    @Override
    public void open(Map<String, Object> conf, TopologyContext galeContext, SpoutOutputCollector galeCollector) {
        spout.open(conf, StormContextView.of(galeContext, conf),
            new org.apache.storm.spout.SpoutOutputCollector(new StormSpoutCollector(galeCollector)));
    }

    @Override
    public void close() {
        spout.close();
    }

    @Override
    public void activate() {
        spout.activate();
    }

    @Override
    public void deactivate() {
        spout.deactivate();
    }

    @Override
    public void nextTuple() {
        spout.nextTuple();
    }

    @Override
    public void ack(Object msgId) {
        spout.ack(msgId);
    }

    @Override
    public void fail(Object msgId) {
        spout.fail(msgId);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        StormDeclarer.declare(spout, declarer);
    }

    @Override
    public Map<String, Object> getComponentConfiguration() {
        return spout.getComponentConfiguration();
    }

    @Override
    public String toString() {
        return "Storm spout " + spout.getClass().getName();
    }
}
