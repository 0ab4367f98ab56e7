package dev.gale.storm.bridge.internal;

import org.apache.storm.topology.IComponent;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.tuple.Fields;

/** Storm's output declarer over Gale's: each stream a Storm component declares is declared in Gale. Not thread-safe. */
final class StormDeclarer implements OutputFieldsDeclarer {
    private final dev.gale.topology.OutputFieldsDeclarer gale;

    StormDeclarer(dev.gale.topology.OutputFieldsDeclarer gale) {
        this.gale = gale;
    }

    /** Declares {@code component}'s streams in Gale, refusing it first if it reaches into a Storm worker. */
    static void declare(IComponent component, dev.gale.topology.OutputFieldsDeclarer gale) {
        StormCompatibility.check(component);
        component.declareOutputFields(new StormDeclarer(gale));
    }

    @Override
    public void declare(Fields fields) {
        gale.declare(StormTypes.gale(fields));
    }

    @Override
    public void declare(boolean direct, Fields fields) {
        gale.declare(direct, StormTypes.gale(fields));
    }

    @Override
    public void declareStream(String streamId, Fields fields) {
        gale.declareStream(streamId, StormTypes.gale(fields));
    }

    @Override
    public void declareStream(String streamId, boolean direct, Fields fields) {
        gale.declareStream(streamId, direct, StormTypes.gale(fields));
    }
}
