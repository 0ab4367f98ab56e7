package dev.gale.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Spouts that have emitted nothing for a second gather on one scheduler thread while every thread
 * dozes, so that an idle topology wakes one thread for its polls; a spout that emits again goes
 * back to its own thread.
 */
class QuietSpoutTest {
    private static final Map<String, Probe> PROBES = new ConcurrentHashMap<>();

    /** What a spout's calls saw, shared with the test (spouts are copied at submit). */
    static final class Probe {
        volatile boolean emitting;
        volatile String home;
        volatile String lastThread;
        final AtomicLong calls = new AtomicLong();
        final AtomicLong acked = new AtomicLong();
    }

    /** Emits one tuple per call while its probe says so, nothing otherwise. */
    static final class ToggleSpout extends BaseRichSpout {
        private static final long serialVersionUID = 1L;
        private final String key;
        private transient SpoutOutputCollector collector;
        private transient Probe probe;
        private long next;

        ToggleSpout(String key) {
            this.key = key;
        }

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
            this.collector = collector;
            this.probe = PROBES.get(key);
        }

        @Override
        public void nextTuple() {
            String thread = Thread.currentThread().getName();
            if (probe.home == null) {
                probe.home = thread;
            }
            probe.lastThread = thread;
            probe.calls.incrementAndGet();
            if (probe.emitting) {
                collector.emit(new Values(next), next++);
            }
        }

        @Override
        public void ack(Object msgId) {
            probe.acked.incrementAndGet();
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("n"));
        }
    }

    @Test
    void silentSpoutsGatherOnOneThreadAndASpoutThatEmitsGoesBackToItsOwn() {
        String run = UUID.randomUUID().toString();
        List<Probe> probes = new ArrayList<>();
        TopologyBuilder b = new TopologyBuilder();
        for (int i = 0; i < 4; i++) {
            Probe p = new Probe();
            p.emitting = true;
            PROBES.put(run + i, p);
            probes.add(p);
            b.setSpout("spout-" + i, new ToggleSpout(run + i));
            b.setBolt("sink-" + i, new Bolts.Sink()).shuffleGrouping("spout-" + i);
        }
        Config conf = new Config();
        conf.put(Config.GALE_SCHEDULER_THREADS, 2);
        conf.put(Config.GALE_SCHEDULER_BALANCE, false);
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).withStepScheduler(false)
                .build()) {
            cluster.submitTopology("quiet", conf, b.createTopology());
            await().atMost(Duration.ofSeconds(30)).until(() -> probes.stream().allMatch(p -> p.acked.get() > 100));
            String first = "gale-quiet-worker-0";
            String second = "gale-quiet-worker-1";
            assertThat(probes).extracting(p -> p.home).as("spouts dealt over both threads").contains(first, second);

            for (Probe p : probes) {
                p.emitting = false;
            }
            await().atMost(Duration.ofSeconds(30)).until(() -> probes.stream().allMatch(p -> first.equals(p.lastThread)));

            Probe away = probes.stream().filter(p -> second.equals(p.home)).findFirst().orElseThrow();
            long acked = away.acked.get();
            away.emitting = true;
            await().atMost(Duration.ofSeconds(30)).until(() -> second.equals(away.lastThread) && away.acked.get() > acked + 1000);
            assertThat(probes).filteredOn(p -> p != away).extracting(p -> p.lastThread).as("the others stay gathered")
                    .containsOnly(first);

            away.emitting = false;
            await().atMost(Duration.ofSeconds(30)).until(() -> first.equals(away.lastThread));
        } finally {
            PROBES.keySet().removeIf(k -> k.startsWith(run));
        }
    }
}
