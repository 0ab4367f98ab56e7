package dev.gale.engine;

import dev.gale.generated.StormTopology;
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
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** User code that does not return: for the kill tests. Task copies report through static maps keyed by id. */
final class Stuck {
    private Stuck() {
    }

    /** Counts of one component's lifecycle calls, shared by its task copies. */
    static final class Calls {
        final AtomicInteger stuck = new AtomicInteger();
        final AtomicInteger closed = new AtomicInteger();
        volatile boolean release;
    }

    private static final Map<String, Calls> CALLS = new ConcurrentHashMap<>();

    /** Emits one tuple, then sleeps "forever" in nextTuple (the sleep ends on interrupt). */
    static final class SleepingSpout extends BaseRichSpout {
        private static final long serialVersionUID = 1L;
        final String id = UUID.randomUUID().toString();
        private transient SpoutOutputCollector collector;
        private transient boolean emitted;

        SleepingSpout() {
            CALLS.put(id, new Calls());
        }

        Calls calls() {
            return CALLS.get(id);
        }

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void nextTuple() {
            if (!emitted) {
                emitted = true;
                collector.emit(new Values("x"), "only");
                return;
            }
            calls().stuck.incrementAndGet();
            try {
                Thread.sleep(Long.MAX_VALUE);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted in nextTuple", e);
            }
        }

        @Override
        public void close() {
            calls().closed.incrementAndGet();
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word"));
        }
    }

    /** Never returns from execute: ignores interrupts, until the test releases it. */
    static final class LoopingBolt extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        final String id = UUID.randomUUID().toString();
        private transient OutputCollector collector;

        LoopingBolt() {
            CALLS.put(id, new Calls());
        }

        Calls calls() {
            return CALLS.get(id);
        }

        void release() {
            calls().release = true;
        }

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple input) {
            calls().stuck.incrementAndGet();
            while (!calls().release) {
                try {
                    Thread.sleep(5);
                } catch (InterruptedException e) {
                    // swallowed: this bolt does not stop when asked
                }
            }
            collector.ack(input);
        }

        @Override
        public void cleanup() {
            calls().closed.incrementAndGet();
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    static StormTopology topology(SleepingSpout spout, LoopingBolt bolt) {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("sleeper", spout);
        b.setBolt("looper", bolt).shuffleGrouping("sleeper");
        return b.createTopology();
    }
}
