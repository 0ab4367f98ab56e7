package dev.gale.storm.bridge.internal;

import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.IRichSpout;
import java.util.Map;

/**
 * A Storm {@code IRichSpout} as a Gale spout: opened with Storm's context and collector over Gale's;
 * its message ids become Gale's tracked trees, acked, failed or timed out back to it by Gale's
 * acker. Not thread-safe: each task's copy runs on that task's thread.
 */
public final class BridgedSpout extends StormComponentWrapper<org.apache.storm.topology.IRichSpout> implements IRichSpout {
    private static final long serialVersionUID = 1L;

    public BridgedSpout(org.apache.storm.topology.IRichSpout spout) {
        super(spout, "spout");
    }

    /** The Storm spout this runs. */
    public org.apache.storm.topology.IRichSpout stormSpout() {
        return storm;
    }

    @Override
    public void open(Map<String, Object> conf, TopologyContext galeContext, SpoutOutputCollector galeCollector) {
        storm.open(conf, StormContextView.of(galeContext, conf),
            new org.apache.storm.spout.SpoutOutputCollector(new StormSpoutCollector(galeCollector)));
    }

    @Override
    public void close() {
        storm.close();
    }

    @Override
    public void activate() {
        storm.activate();
    }

    @Override
    public void deactivate() {
        storm.deactivate();
    }

    @Override
    public void nextTuple() {
        storm.nextTuple();
    }

    @Override
    public void ack(Object msgId) {
        storm.ack(msgId);
    }

    @Override
    public void fail(Object msgId) {
        storm.fail(msgId);
    }
}
