package dev.gale.examples;

import dev.gale.examples.spout.WordSpout;
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
 * Two bolts in a chain, each adding to what the one before it emitted: words from a
 * {@link WordSpout} get a {@code "!"} from "exclaim" and another from "exclaim-more", so
 * {@code gust} leaves as {@code gust!!}. Each bolt anchors its output to its input before acking the
 * input, so a word is complete only when the end of the chain has handled it.
 *
 * <p>Run it with {@code gale run exclamation}.
 */
public final class ExclamationTopology {
    private ExclamationTopology() {
    }

    /** Emits its input's word with {@code "!"} appended, anchored to the input, then acks the input. */
    public static class ExclaimBolt extends BaseRichBolt {
        private static final long serialVersionUID = 5920155238815361720L;
        private transient OutputCollector collector;

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple input) {
            collector.emit(input, new Values(input.getStringByField("word") + "!"));
            collector.ack(input);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word"));
        }
    }

    /** Used by {@code gale run exclamation}: "words" (2 tasks) -> "exclaim" (3) -> "exclaim-more" (2). */
    public static StormTopology createTopology(Map<String, Object> conf) {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("words", new WordSpout(), 2);
        builder.setBolt("exclaim", new ExclaimBolt(), 3).shuffleGrouping("words");
        builder.setBolt("exclaim-more", new ExclaimBolt(), 2).shuffleGrouping("exclaim");
        return builder.createTopology();
    }
}
