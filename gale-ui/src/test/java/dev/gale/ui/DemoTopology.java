package dev.gale.ui;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.Timer;
import dev.gale.generated.StormTopology;
import dev.gale.metric.api.CountMetric;
import dev.gale.metric.api.MultiCountMetric;
import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A small topology that keeps running at a gentle rate (so tests on two shared cores stay
 * cheap): words -> split -> count, where count fails one tuple in 50.
 */
final class DemoTopology {
    static final String[] COMPONENTS = {"words", "split", "count"};

    private DemoTopology() {
    }

    static StormTopology create() {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("words", new PacedWordSpout(), 2);
        b.setBolt("split", new SplitBolt(), 2).shuffleGrouping("words");
        b.setBolt("count", new CountBolt(), 2).fieldsGrouping("split", new Fields("word"));
        return b.createTopology();
    }

    /** Emits about 500 anchored sentences a second per task, with message ids. */
    static final class PacedWordSpout extends BaseRichSpout {
        private static final long serialVersionUID = 1L;
        private static final String[] SENTENCES = {"the cow jumped over the moon", "an apple a day", "four score and seven"};
        private transient SpoutOutputCollector collector;
        private transient long next;
        private transient long lastNanos;

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void nextTuple() {
            long now = System.nanoTime();
            if (now - lastNanos < 2_000_000L) {
                return; // nothing emitted: the engine parks the spout a little
            }
            lastNanos = now;
            collector.emit(new Values(SENTENCES[(int) (next % SENTENCES.length)]), next++);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("sentence"));
        }
    }

    static final class SplitBolt extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private transient OutputCollector collector;

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple input) {
            for (String w : input.getString(0).split(" ")) {
                collector.emit(input, new Values(w));
            }
            collector.ack(input);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word"));
        }
    }

    static final class CountBolt extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private transient OutputCollector collector;
        private transient long seen;
        private transient Counter counted;
        private transient Timer work;
        private transient CountMetric countedV1;
        private transient MultiCountMetric wordsV1;

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
            // Storm's metrics v2, published by the UI's /metrics.
            this.counted = context.registerCounter("counted");
            this.work = context.registerTimer("work");
            context.registerGauge("seen", (Gauge<Long>) () -> seen);
            // Storm's metrics v1, read every second: served by /metrics and the component's page.
            this.countedV1 = context.registerMetric("counted-v1", new CountMetric(), 1);
            this.wordsV1 = context.registerMetric("words-v1", new MultiCountMetric(), 1);
        }

        @Override
        public void execute(Tuple input) {
            counted.inc();
            countedV1.incr();
            wordsV1.scope(input.getString(0)).incr();
            work.update(250, TimeUnit.MICROSECONDS);
            if (++seen % 50 == 0) {
                collector.fail(input);
            } else {
                collector.ack(input);
            }
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }
}
