package dev.gale.topology;

import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.tuple.Tuple;
import java.util.Map;

/**
 * Runs an {@link IBasicBolt} as a rich bolt, as Storm's class of this name does: what it emits is
 * anchored to its input, which is acked when {@code execute} returns and failed on a
 * {@link FailedException}. Gale runs basic bolts without it; {@code TopologyBuilder} uses it where
 * a basic bolt must be wrapped (in a topology with stateful bolts). One instance per task.
 */
public class BasicBoltExecutor implements IRichBolt {
    private static final long serialVersionUID = 1L;
    private final IBasicBolt bolt;
    private transient BasicOutputCollector basicCollector;
    private transient OutputCollector collector;

    public BasicBoltExecutor(IBasicBolt bolt) {
        this.bolt = bolt;
    }

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
        this.collector = collector;
        this.basicCollector = new BasicOutputCollector(collector);
        bolt.prepare(topoConf, context);
    }

    @Override
    public void execute(Tuple input) {
        basicCollector.setContext(input);
        try {
            bolt.execute(input, basicCollector);
            collector.ack(input);
        } catch (FailedException e) {
            if (e instanceof ReportedFailedException) {
                collector.reportError(e);
            }
            collector.fail(input);
        }
    }

    @Override
    public void cleanup() {
        bolt.cleanup();
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        bolt.declareOutputFields(declarer);
    }

    @Override
    public Map<String, Object> getComponentConfiguration() {
        return bolt.getComponentConfiguration();
    }
}
