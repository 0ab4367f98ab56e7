package dev.gale.topology;

import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.tuple.Tuple;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs an {@link IBasicBolt} as an {@link IRichBolt}, for code that needs a rich bolt (a
 * {@code CoordinatedBolt}, say): emits are anchored to the input, the input is acked when
 * {@code execute} returns and failed on {@link FailedException} (reported first if it is a
 * {@link ReportedFailedException}). {@code TopologyBuilder.setBolt} runs basic bolts on its own;
 * this class is for wrapping them by hand. Not thread-safe: one per task.
 */
public class BasicBoltExecutor implements IRichBolt {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(BasicBoltExecutor.class);

    private final IBasicBolt bolt;
    private transient BasicOutputCollector collector;

    public BasicBoltExecutor(IBasicBolt bolt) {
        this.bolt = bolt;
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        bolt.declareOutputFields(declarer);
    }

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
        bolt.prepare(topoConf, context);
        this.collector = new BasicOutputCollector(collector);
    }

    @Override
    public void execute(Tuple input) {
        collector.setContext(input);
        try {
            bolt.execute(input, collector);
            collector.getOutputter().ack(input);
        } catch (FailedException e) {
            if (e instanceof ReportedFailedException) {
                collector.reportError(e);
            }
            LOG.debug("bolt failed its input {}: {}", input, e.getMessage());
            collector.getOutputter().fail(input);
        }
    }

    @Override
    public void cleanup() {
        bolt.cleanup();
    }

    @Override
    public Map<String, Object> getComponentConfiguration() {
        return bolt.getComponentConfiguration();
    }
}
