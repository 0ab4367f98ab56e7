package dev.gale.storm.bridge.internal;

import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.IRichBolt;
import dev.gale.tuple.Tuple;
import java.util.Map;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.FailedException;
import org.apache.storm.topology.IBasicBolt;
import org.apache.storm.topology.ReportedFailedException;

/**
 * A Storm {@code IBasicBolt} as a Gale bolt, with Storm's basic-bolt contract: what it emits is
 * anchored to the input, the input is acked when {@code execute} returns, and a
 * {@code FailedException} fails it (reported first if it is a {@code ReportedFailedException}),
 * the exception being the failure's reason. Any other exception is the engine's to handle, as
 * for a Gale storm. Not thread-safe: each task's copy runs on that task's thread.
 */
public final class BridgedBasicBolt extends StormComponentWrapper<IBasicBolt> implements IRichBolt {
    private static final long serialVersionUID = 1L;

    private transient StormBoltTask task;
    private transient BasicOutputCollector basic;
    private transient OutputCollector gale;

    public BridgedBasicBolt(IBasicBolt bolt) {
        super(bolt, "basic bolt");
    }

    /** The Storm bolt this runs. */
    public IBasicBolt stormBolt() {
        return storm;
    }

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext galeContext, OutputCollector galeCollector) {
        task = new StormBoltTask(topoConf, galeContext, galeCollector);
        gale = galeCollector;
        basic = new BasicOutputCollector(task.collector);
        storm.prepare(topoConf, task.context);
    }

    @Override
    public void execute(Tuple input) {
        BridgedTuple tuple = task.input(input);
        basic.setContext(tuple);
        try {
            storm.execute(tuple, basic);
            gale.ack(input);
        } catch (FailedException e) {
            if (e instanceof ReportedFailedException) {
                gale.reportError(e);
            }
            gale.fail(input, e);
        }
    }

    @Override
    public void cleanup() {
        storm.cleanup();
    }
}
