package dev.gale.compat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.Config;
import dev.gale.ILocalCluster;
import dev.gale.LocalCluster;
import dev.gale.Testing;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.testing.AckFailMapTracker;
import dev.gale.testing.FeederSpout;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import dev.gale.utils.Time;
import dev.gale.utils.TupleUtils;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Port of Storm 2.8's storm-server {@code TickTupleTest}: with {@code topology.tick.tuple.freq.secs}
 * set, each advance of simulated cluster time by the interval delivers a tick to the bolt, and
 * user code reading {@link Time} sees the simulated clock.
 */
class TickTuplePortTest {
    private static final int TICK_INTERVAL_SECS = 30;
    private static final AtomicInteger TICKS = new AtomicInteger();
    private static final AtomicReference<Tuple> NON_TICK = new AtomicReference<>();
    private static final AtomicBoolean RECEIVED_ANY = new AtomicBoolean();
    private static final AtomicReference<String> PROBLEM = new AtomicReference<>();

    @AfterEach
    void cleanUp() {
        TICKS.set(0);
        NON_TICK.set(null);
        RECEIVED_ANY.set(false);
        PROBLEM.set(null);
    }

    @Test
    void tickTuplesArriveOncePerIntervalOfSimulatedTime() throws Exception {
        try (ILocalCluster cluster = new LocalCluster.Builder().withSimulatedTime().build()) {
            TopologyBuilder builder = new TopologyBuilder();
            FeederSpout feeder = new FeederSpout(new Fields("field1"));
            AckFailMapTracker tracker = new AckFailMapTracker();
            feeder.setAckFailDelegate(tracker);
            builder.setSpout("Spout", feeder);
            builder.setBolt("Bolt", new NoopBolt()).shuffleGrouping("Spout");

            Config topoConf = new Config();
            topoConf.put(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, TICK_INTERVAL_SECS);

            try (ILocalCluster.ILocalTopology ignored = cluster.submitTopology("test", topoConf, builder.createTopology())) {
                feeder.feed(new Values("val"), 1);
                await().atMost(Duration.ofMillis(Testing.TEST_TIMEOUT_MS)).until(() -> tracker.isAcked(1));

                for (int expected = 1; expected <= 3; expected++) {
                    cluster.advanceClusterTime(TICK_INTERVAL_SECS);
                    int atLeast = expected;
                    await().atMost(Duration.ofMillis(Testing.TEST_TIMEOUT_MS)).until(() -> TICKS.get() >= atLeast);
                }
                assertThat(PROBLEM.get()).isNull();
                assertThat(NON_TICK.get()).as("a tuple that is not a tick").isNull();
            }
        }
    }

    /** Counts ticks, acks the bootstrap tuple, and notes anything else (Storm's test bolt). */
    private static final class NoopBolt extends BaseRichBolt {
        private OutputCollector collector;

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple tuple) {
            if (!RECEIVED_ANY.get() && Time.currentTimeSecs() > TICK_INTERVAL_SECS) {
                PROBLEM.set("simulated time was past " + TICK_INTERVAL_SECS + "s at the start");
            }
            RECEIVED_ANY.set(true);
            if (TICKS.get() > 3) {
                PROBLEM.set("unexpectedly many tick tuples");
            }
            if (TupleUtils.isTick(tuple)) {
                TICKS.incrementAndGet();
                collector.ack(tuple);
            } else if (tuple.getValues().size() == 1 && "val".equals(tuple.getValue(0))) {
                collector.ack(tuple);
            } else {
                NON_TICK.set(tuple);
            }
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }
}
