package dev.gale.examples;

import dev.gale.Config;
import dev.gale.StormSubmitter;
import dev.gale.examples.bolt.WordCountBolt;
import dev.gale.examples.spout.SentenceSpout;
import dev.gale.generated.StormTopology;
import dev.gale.task.ShellBolt;
import dev.gale.topology.IRichBolt;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;
import java.util.Map;

/**
 * Word count with its splitter written in Python: a multilang {@link ShellBolt} runs
 * {@code split_words.py} (from the classpath's {@code resources/}) in one {@code python3} process
 * per task and exchanges tuples with it over the multilang protocol. Sentences come from a
 * {@link SentenceSpout}; the words are fields-grouped on {@code "word"} to a {@link WordCountBolt},
 * whose running counts are logged as they are emitted (debug is on).
 *
 * <p>Run it with {@code gale run wordcount} (needs {@code python3} on the PATH).
 */
public final class PythonWordCount {
    private PythonWordCount() {
    }

    /** The Python splitter: one sentence in, one {@code "word"} tuple per word out. */
    public static class SplitWords extends ShellBolt implements IRichBolt {
        private static final long serialVersionUID = -6001236480212513826L;

        public SplitWords() {
            super("python3", "split_words.py");
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

    /** Used by {@code gale run wordcount}: "sentences" -> "split" (Python, 2 tasks) -> "count" (3 tasks). */
    public static StormTopology createTopology(Map<String, Object> conf) {
        conf.put(Config.TOPOLOGY_DEBUG, true);
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("sentences", new SentenceSpout(), 2);
        // Each task starts an interpreter before the first sentence goes out: two keep the start short.
        builder.setBolt("split", new SplitWords(), 2).shuffleGrouping("sentences");
        builder.setBolt("count", new WordCountBolt(), 3).fieldsGrouping("split", new Fields("word"));
        return builder.createTopology();
    }

    /** Submits the topology as "python-wordcount" (or the first argument). */
    public static void main(String[] args) throws Exception {
        Config conf = new Config();
        StormTopology topology = createTopology(conf);
        StormSubmitter.submitTopology(args.length > 0 ? args[0] : "python-wordcount", conf, topology);
    }
}
