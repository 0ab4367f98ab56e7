package dev.gale.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.testing.FeederSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.IBasicBolt;
import dev.gale.topology.IComponent;
import dev.gale.topology.IRichBolt;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

class ForeignThreadTest {
    static final Map<String, Throwable> SEEN = new ConcurrentHashMap<>();

    /** A basic bolt's collector finds its anchor on the executor: emits elsewhere are a clear error, as in Storm. */
    static class EmitsElsewhereBasic extends BaseBasicBolt {
        private static final long serialVersionUID = 1L;

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
            try {
                CompletableFuture.runAsync(() -> collector.emit(new Values("y"))).get(30, TimeUnit.SECONDS);
            } catch (Exception e) {
                SEEN.put("basic", e.getCause() == null ? e : e.getCause());
            }
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("v"));
        }
    }

    @Test
    void aBasicBoltEmittingFromAnotherThreadGetsTheSameClearError() {
        assertForeignEmitIsAClearError(new EmitsElsewhereBasic(), "basic-elsewhere", "basic");
    }

    /** Acks and fails from another thread, as a bolt does from an asynchronous client's callback. */
    static class SettlesElsewhere extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private transient OutputCollector collector;
        private transient ExecutorService pool;

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
            this.pool = Executors.newSingleThreadExecutor();
        }

        @Override
        public void execute(Tuple input) {
            boolean fail = input.getInteger(0) % 2 == 0;
            pool.execute(() -> {
                if (fail) {
                    collector.fail(input);
                } else {
                    collector.ack(input);
                }
            });
        }

        @Override
        public void cleanup() {
            pool.shutdownNow();
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    /** Runs {@code bolt} on one tuple; the emit it tried from another thread must have failed with the thread error. */
    private static void assertForeignEmitIsAClearError(IComponent bolt, String boltId, String key) {
        FeederSpout spout = new FeederSpout(new Fields("v"));
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        if (bolt instanceof IBasicBolt) {
            b.setBolt(boltId, (IBasicBolt) bolt).shuffleGrouping("spout");
        } else {
            b.setBolt(boltId, (IRichBolt) bolt).shuffleGrouping("spout");
        }
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("foreign-" + boltId, new Config(), b.createTopology());
            spout.feed(new Values("x"), 1);
            cluster.waitForIdle(Duration.ofSeconds(30));
            assertThat(SEEN.get(key)).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("bolt '" + boltId)
                    .hasMessageContaining("is a basic bolt")
                    .hasMessageContaining("implement IRichBolt");
            assertThat(spout.getAcked()).containsExactly(1);
        }
    }

    @Test
    void acksAndFailsFromAnotherThreadAreHandedToTheBoltsThread() {
        FeederSpout spout = new FeederSpout(new Fields("n"));
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("async", new SettlesElsewhere()).shuffleGrouping("spout");
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("handoff", new Config(), b.createTopology());
            for (int i = 0; i < 200; i++) {
                spout.feed(new Values(i), i);
            }
            // The other thread settles at its own pace; each check runs what it handed over.
            Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> {
                cluster.waitForIdle();
                return spout.getAcked().size() + spout.getFailed().size() == 200;
            });
            assertThat(spout.getAcked()).hasSize(100).allMatch(id -> ((Integer) id) % 2 == 1);
            assertThat(spout.getFailed()).hasSize(100).allMatch(id -> ((Integer) id) % 2 == 0);
        }
    }
}
