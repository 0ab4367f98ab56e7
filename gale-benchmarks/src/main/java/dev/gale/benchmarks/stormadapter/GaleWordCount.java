package dev.gale.benchmarks.stormadapter;

import dev.gale.Config;
import dev.gale.generated.StormTopology;
import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.util.HashMap;
import java.util.Map;

/**
 * The reliable word count written against Gale's API, for {@link AdapterOverhead}: line for line
 * {@link StormWordCount} with Gale's imports, so the two differ only by the adapter.
 */
final class GaleWordCount {
    private GaleWordCount() {
    }

    static StormTopology topology(int spouts, int splits, int counts) {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("sentences", new Sentences(), spouts);
        b.setBolt("split", new Split(), splits).shuffleGrouping("sentences");
        b.setBolt("count", new Count(), counts).fieldsGrouping("split", new Fields("word"));
        return b.createTopology();
    }

    static Config conf(int workers, int maxPending) {
        Config conf = new Config();
        conf.setNumWorkers(workers);
        conf.setMaxSpoutPending(maxPending);
        return conf;
    }

    /** Emits sentences with a sequence number as message id; times one tree in eight. */
    static final class Sentences extends BaseRichSpout {
        private static final long serialVersionUID = 1L;
        private transient SpoutOutputCollector collector;
        private transient long[] emitNanos;
        private transient long[] emitSeq;
        private transient long next;

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
            this.collector = collector;
            this.emitNanos = new long[Probe.RING];
            this.emitSeq = new long[Probe.RING];
        }

        @Override
        public void nextTuple() {
            long seq = next++;
            if ((seq & Probe.TIMED_MASK) == 0) {
                int slot = (int) (seq & (Probe.RING - 1));
                emitSeq[slot] = seq;
                emitNanos[slot] = System.nanoTime();
            }
            collector.emit(new Values(Probe.sentence(seq)), seq);
        }

        @Override
        public void ack(Object msgId) {
            long seq = (Long) msgId;
            int slot = (int) (seq & (Probe.RING - 1));
            Probe.GALE.acked((seq & Probe.TIMED_MASK) == 0 && emitSeq[slot] == seq ? emitNanos[slot] : 0);
        }

        @Override
        public void fail(Object msgId) {
            Probe.GALE.failed();
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("sentence"));
        }
    }

    /** Splits a sentence into words, each anchored to it (a basic bolt). */
    static final class Split extends BaseBasicBolt {
        private static final long serialVersionUID = 1L;

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
            String sentence = input.getString(0);
            int start = 0;
            for (int i = 0; i <= sentence.length(); i++) {
                if (i == sentence.length() || sentence.charAt(i) == ' ') {
                    if (i > start) {
                        collector.emit(new Values(sentence.substring(start, i)));
                    }
                    start = i + 1;
                }
            }
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word"));
        }
    }

    /** Counts words by field name, as user code often reads them. */
    static final class Count extends BaseBasicBolt {
        private static final long serialVersionUID = 1L;
        private final Map<String, long[]> counts = new HashMap<>();

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
            counts.computeIfAbsent(input.getStringByField("word"), w -> new long[1])[0]++;
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }
}
