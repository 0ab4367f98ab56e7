package dev.gale.examples;

import dev.gale.Config;
import dev.gale.LocalCluster;
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
import dev.gale.utils.Utils;
import java.util.Map;

/**
 * storm-starter's ExclamationTopology: a word spout feeding two chained bolts that each append
 * "!!!" to the word. Runs for ten seconds on a local cluster.
 */
public class ExclamationTopology {

    /** Appends "!!!" to the word it receives, anchored to the input, then acks the input. */
    public static class ExclamationBolt extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        OutputCollector collector;

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple tuple) {
            collector.emit(tuple, new Values(tuple.getString(0) + "!!!"));
            collector.ack(tuple);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word"));
        }
    }

    /** The topology's components: "word" (10 tasks) -> "exclaim1" (3) -> "exclaim2" (2). */
    public static TopologyBuilder builder() {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("word", new TestWordSpout(), 10);
        builder.setBolt("exclaim1", new ExclamationBolt(), 3).shuffleGrouping("word");
        builder.setBolt("exclaim2", new ExclamationBolt(), 2).shuffleGrouping("exclaim1");
        return builder;
    }

    /** Used by {@code gale run exclamation}. */
    public static StormTopology createTopology() {
        return builder().createTopology();
    }

    public static void main(String[] args) throws Exception {
        Config conf = new Config();
        conf.setDebug(true);

        LocalCluster cluster = new LocalCluster();
        cluster.submitTopology("test", conf, builder().createTopology());
        Utils.sleep(10000);
        cluster.killTopology("test");
        cluster.shutdown();
    }
}
