package dev.gale.examples;

import dev.gale.Config;
import dev.gale.StormSubmitter;
import dev.gale.generated.StormTopology;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.testing.TestWordSpout;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * storm-starter's MultipleLoggerTopology: ExclamationTopology whose bolts log at every level to
 * the root logger, "com.myapp" and "com.myapp.sub", to show per-logger configuration. In Gale
 * the levels are the slf4j binding's (slf4j-simple here: INFO and above), not a worker.xml.
 */
public class MultipleLoggerTopology {

    public static void main(String[] args) throws Exception {
        TopologyBuilder builder = builder();

        Config conf = new Config();
        conf.setDebug(true);
        String topoName = MultipleLoggerTopology.class.getName();
        if (args != null && args.length > 0) {
            topoName = args[0];
        }
        conf.setNumWorkers(2);
        StormSubmitter.submitTopologyWithProgressBar(topoName, conf, builder.createTopology());
    }

    /** Used by {@code gale run multiple-logger} and the tests. */
    public static StormTopology createTopology() {
        return builder().createTopology();
    }

    static TopologyBuilder builder() {
        TopologyBuilder builder = new TopologyBuilder();

        builder.setSpout("word", new TestWordSpout(), 10);
        builder.setBolt("exclaim1", new ExclamationLoggingBolt(), 3).shuffleGrouping("word");
        builder.setBolt("exclaim2", new ExclamationLoggingBolt(), 2).shuffleGrouping("exclaim1");
        return builder;
    }

    /** Logs at every level to three loggers, then appends "!!!" to the word, anchored, and acks. */
    public static class ExclamationLoggingBolt extends BaseRichBolt {
        OutputCollector collector;
        Logger rootLogger = LoggerFactory.getLogger(Logger.ROOT_LOGGER_NAME);
        // Configure these loggers in the slf4j binding (Storm: the worker's log4j2 worker.xml).
        Logger logger = LoggerFactory.getLogger("com.myapp");
        Logger subLogger = LoggerFactory.getLogger("com.myapp.sub");

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple tuple) {
            rootLogger.debug("root: This is a DEBUG message");
            rootLogger.info("root: This is an INFO message");
            rootLogger.warn("root: This is a WARN message");
            rootLogger.error("root: This is an ERROR message");

            logger.debug("myapp: This is a DEBUG message");
            logger.info("myapp: This is an INFO message");
            logger.warn("myapp: This is a WARN message");
            logger.error("myapp: This is an ERROR message");

            subLogger.debug("myapp.sub: This is a DEBUG message");
            subLogger.info("myapp.sub: This is an INFO message");
            subLogger.warn("myapp.sub: This is a WARN message");
            subLogger.error("myapp.sub: This is an ERROR message");

            collector.emit(tuple, new Values(tuple.getString(0) + "!!!"));
            collector.ack(tuple);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word"));
        }
    }
}
