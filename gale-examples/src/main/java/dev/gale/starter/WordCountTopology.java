package dev.gale.starter;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.generated.StormTopology;
import dev.gale.starter.spout.RandomSentenceSpout;
import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import dev.gale.utils.Utils;
import java.util.HashMap;
import java.util.Map;

/**
 * storm-starter's WordCountTopology: random sentences are split into words, and a fields grouping
 * on "word" sends every occurrence of a word to the same counting task. storm-starter splits with
 * a Python ShellBolt; Gale has no multilang, so {@link SplitSentence} is plain Java.
 */
public class WordCountTopology {

    /** Emits every space-separated word of the sentence (a basic bolt: anchored and acked for us). */
    public static class SplitSentence extends BaseBasicBolt {
        private static final long serialVersionUID = 1L;

        @Override
        public void execute(Tuple tuple, BasicOutputCollector collector) {
            for (String word : tuple.getString(0).split(" ")) {
                collector.emit(new Values(word));
            }
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word"));
        }
    }

    /** Counts the words it sees and emits each word with its running count. */
    public static class WordCount extends BaseBasicBolt {
        private static final long serialVersionUID = 1L;
        Map<String, Integer> counts = new HashMap<>();

        @Override
        public void execute(Tuple tuple, BasicOutputCollector collector) {
            String word = tuple.getString(0);
            int count = counts.merge(word, 1, Integer::sum);
            collector.emit(new Values(word, count));
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word", "count"));
        }
    }

    /** The topology's components: "spout" (5 tasks) -> "split" (8) -> "count" (12, fields grouping on "word"). */
    public static TopologyBuilder builder() {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("spout", new RandomSentenceSpout(), 5);
        builder.setBolt("split", new SplitSentence(), 8).shuffleGrouping("spout");
        builder.setBolt("count", new WordCount(), 12).fieldsGrouping("split", new Fields("word"));
        return builder;
    }

    /** Used by {@code gale run wordcount}. */
    public static StormTopology createTopology() {
        return builder().createTopology();
    }

    public static void main(String[] args) throws Exception {
        Config conf = new Config();
        conf.setDebug(true);
        conf.setMaxTaskParallelism(3);

        LocalCluster cluster = new LocalCluster();
        cluster.submitTopology("word-count", conf, builder().createTopology());
        Utils.sleep(10000);
        cluster.shutdown();
    }
}
