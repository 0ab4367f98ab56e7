package dev.gale.storm.bridge.internal;

import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.IWindowedBolt;
import dev.gale.windowing.TimestampExtractor;
import dev.gale.windowing.TupleWindow;
import java.util.Map;

/**
 * A Storm {@code IWindowedBolt} (e.g. one extending Storm's {@code BaseWindowedBolt}) as a Gale
 * windowed bolt: Gale's windowing runs the windows its component configuration asks for (Storm's
 * and Gale's window keys are the same), and each window reaches it as Storm's {@code TupleWindow}.
 * Not thread-safe: each task's copy runs on that task's thread.
 */
public final class BridgedWindowedBolt extends StormComponentWrapper<org.apache.storm.topology.IWindowedBolt>
    implements IWindowedBolt {
    private static final long serialVersionUID = 1L;

    private transient StormBoltTask task;

    public BridgedWindowedBolt(org.apache.storm.topology.IWindowedBolt bolt) {
        super(bolt, "windowed bolt");
    }

    /** The Storm bolt this runs. */
    public org.apache.storm.topology.IWindowedBolt stormBolt() {
        return storm;
    }

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext galeContext, OutputCollector galeCollector) {
        task = new StormBoltTask(topoConf, galeContext, galeCollector);
        storm.prepare(topoConf, task.context, task.collector);
    }

    @Override
    public void execute(TupleWindow inputWindow) {
        storm.execute(new StormWindowView(task.context, inputWindow));
    }

    @Override
    public void cleanup() {
        storm.cleanup();
    }

    @Override
    public TimestampExtractor getTimestampExtractor() {
        org.apache.storm.windowing.TimestampExtractor extractor = storm.getTimestampExtractor();
        return extractor == null ? null : new BridgedTimestampExtractor(extractor);
    }
}
