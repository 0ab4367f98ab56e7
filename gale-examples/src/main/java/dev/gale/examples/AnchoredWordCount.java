package dev.gale.examples;

import dev.gale.examples.bolt.WordCountBolt;
import dev.gale.examples.spout.SentenceSpout;
import dev.gale.generated.StormTopology;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.util.Map;

/**
 * Word count with reliable processing spelled out: the {@link SentenceSpout} gives every sentence
 * a message id, and "split" anchors each word it emits to its sentence before acking the sentence.
 * A sentence is then acked to the spout only once all of its words are counted, and failed (and
 * sent again by the spout) if any word fails or times out on the way.
 *
 * <p>Run it with {@code gale run anchored-wordcount}.
 */
public final class AnchoredWordCount {
    private AnchoredWordCount() {
    }

    /** Emits the words of a sentence, each anchored to it, then acks the sentence. */
    public static class AnchoringSplitBolt extends BaseRichBolt {
        private static final long serialVersionUID = -1712084339263530591L;
        private transient OutputCollector collector;

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple sentence) {
            for (String word : Words.of(sentence.getStringByField("sentence"))) {
                collector.emit(sentence, new Values(word));
            }
            collector.ack(sentence);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word"));
        }
    }

    /** "sentences" (2 tasks) -> "split" (2) -> "count" (3, fields-grouped on the word). */
    static TopologyBuilder builder() {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("sentences", new SentenceSpout(), 2);
        builder.setBolt("split", new AnchoringSplitBolt(), 2).shuffleGrouping("sentences");
        builder.setBolt("count", new WordCountBolt(), 3).fieldsGrouping("split", new Fields("word"));
        return builder;
    }

    /** Used by {@code gale run anchored-wordcount}. */
    public static StormTopology createTopology(Map<String, Object> conf) {
        return builder().createTopology();
    }
}
