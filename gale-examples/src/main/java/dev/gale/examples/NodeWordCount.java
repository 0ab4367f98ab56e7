package dev.gale.examples;

import dev.gale.Config;
import dev.gale.StormSubmitter;
import dev.gale.examples.bolt.WordCountBolt;
import dev.gale.generated.StormTopology;
import dev.gale.spout.ShellSpout;
import dev.gale.task.ShellBolt;
import dev.gale.topology.IRichBolt;
import dev.gale.topology.IRichSpout;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;
import java.util.Map;

/**
 * Word count whose spout and splitter are Node.js programs: a {@link ShellSpout} runs
 * {@code tide_log_spout.js}, which sends the lines of a tide log in turn with message ids, and a
 * {@link ShellBolt} runs {@code split_words.js}, which splits them into words anchored to their
 * line; a Java {@link WordCountBolt} keeps the counts. Both scripts are on the classpath under
 * {@code resources/}, with Storm's {@code storm.js}.
 *
 * <p>Run it with {@code gale run dev.gale.examples.NodeWordCount} (needs {@code node} on the PATH).
 */
public final class NodeWordCount {
    private NodeWordCount() {
    }

    /** The Node.js source: one {@code "sentence"} per line of the tide log. */
    public static class TideLog extends ShellSpout implements IRichSpout {
        private static final long serialVersionUID = 2838193716629170254L;

        public TideLog() {
            super("node", "tide_log_spout.js");
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("sentence"));
        }

        @Override
        public Map<String, Object> getComponentConfiguration() {
            return null;
        }
    }

    /** The Node.js splitter: one sentence in, one {@code "word"} tuple per word out. */
    public static class SplitWords extends ShellBolt implements IRichBolt {
        private static final long serialVersionUID = -4452980601287742313L;

        public SplitWords() {
            super("node", "split_words.js");
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word"));
        }

        @Override
        public Map<String, Object> getComponentConfiguration() {
            return null;
        }
    }

    /** "tides" (Node.js) -> "split" (Node.js, 2 tasks) -> "count" (Java, 2 tasks, fields-grouped on the word). */
    public static StormTopology createTopology(Map<String, Object> conf) {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("tides", new TideLog());
        builder.setBolt("split", new SplitWords(), 2).shuffleGrouping("tides");
        builder.setBolt("count", new WordCountBolt(), 2).fieldsGrouping("split", new Fields("word"));
        return builder.createTopology();
    }

    /** Submits the topology as "node-wordcount" (or the first argument). */
    public static void main(String[] args) throws Exception {
        Config conf = new Config();
        StormTopology topology = createTopology(conf);
        StormSubmitter.submitTopology(args.length > 0 ? args[0] : "node-wordcount", conf, topology);
    }
}
