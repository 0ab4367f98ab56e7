package dev.gale.impl.executor;

import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.FailedException;
import dev.gale.topology.IBasicBolt;
import dev.gale.topology.IRichBolt;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.ReportedFailedException;
import dev.gale.tuple.Tuple;
import java.util.Map;

/**
 * Runs an {@link IBasicBolt} as a rich bolt: emits are anchored to the input, the input is acked
 * when execute returns and failed on {@link FailedException}. Other exceptions propagate to the
 * executor, which reports them and fails the input. Not thread-safe: one per task.
 */
public final class BasicBoltAdapter implements IRichBolt {
    private static final long serialVersionUID = 1L;

    private final IBasicBolt bolt;
    private transient OutputCollector collector;
    private transient BasicOutputCollector basicCollector;

    public BasicBoltAdapter(IBasicBolt bolt) {
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

    IBasicBolt delegate() {
        return bolt;
    }
}
