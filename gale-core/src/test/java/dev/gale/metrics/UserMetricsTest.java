package dev.gale.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.Histogram;
import com.codahale.metrics.Meter;
import com.codahale.metrics.Metric;
import com.codahale.metrics.MetricSet;
import com.codahale.metrics.Timer;
import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.stats.UserMetric;
import dev.gale.stats.UserMetrics;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.testing.FeederSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Storm's metrics-v2 methods: what a bolt registers is counted per task and read back by name. */
class UserMetricsTest {

    /** Registers one metric of each kind in prepare and updates them per tuple. */
    static class Measuring extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private transient OutputCollector collector;
        private transient Counter words;
        private transient Meter rate;
        private transient Histogram lengths;
        private transient Timer work;
        private transient long last;

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
            words = context.registerCounter("words");
            rate = context.registerMeter("rate");
            lengths = context.registerHistogram("lengths");
            work = context.registerTimer("work");
            context.registerGauge("last-length", (Gauge<Long>) () -> last);
            context.registerMetricSet("set", () -> Map.<String, Metric>of("inner", new Counter()));
            // The same name again gives the same metric, as in Storm.
            assertThat(context.registerCounter("words")).isSameAs(words);
        }

        @Override
        public void execute(Tuple input) {
            String w = input.getString(0);
            words.inc();
            rate.mark();
            lengths.update(w.length());
            work.update(3, TimeUnit.MILLISECONDS);
            last = w.length();
            collector.ack(input);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    @Test
    void whatABoltRegistersIsReadBackPerComponentTaskAndName() {
        FeederSpout spout = new FeederSpout(new Fields("word"));
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("words", spout);
        b.setBolt("measure", new Measuring(), 2).shuffleGrouping("words");
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("metrics", new Config(), b.createTopology());
            for (String w : List.of("a", "bb", "ccc", "dddd", "eeeee", "ffffff")) {
                spout.feed(new Values(w), w);
            }
            cluster.waitForIdle(Duration.ofSeconds(30));
            List<UserMetric> all = cluster.getUserMetrics("metrics");
            assertThat(all).extracting(UserMetric::componentId).containsOnly("measure");
            assertThat(all.stream().map(UserMetric::taskId).distinct()).hasSize(2);
            Map<String, List<UserMetric>> byName = all.stream().collect(Collectors.groupingBy(UserMetric::name));
            assertThat(byName.keySet()).containsExactlyInAnyOrder("words", "rate", "lengths", "work", "last-length",
                    "set.inner");
            assertThat(byName.get("words").stream().mapToLong(m -> ((Counter) m.metric()).getCount()).sum())
                    .isEqualTo(6);
            assertThat(byName.get("rate").stream().mapToLong(m -> ((Meter) m.metric()).getCount()).sum())
                    .isEqualTo(6);
            assertThat(byName.get("lengths").stream().mapToLong(m -> ((Histogram) m.metric()).getCount()).sum())
                    .isEqualTo(6);
            assertThat(byName.get("work").stream().mapToLong(m -> ((Timer) m.metric()).getCount()).sum())
                    .isEqualTo(6);
            assertThat(byName.get("last-length")).allSatisfy(m -> assertThat(((Gauge<?>) m.metric()).getValue())
                    .isInstanceOf(Long.class));
        }
    }

    @Test
    void aNameTakenByAnotherKindIsRefusedNamingIt() {
        UserMetrics m = new UserMetrics();
        m.counter("c", 1, "x");
        assertThatThrownBy(() -> m.meter("c", 1, "x")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("component 'c', task 1").hasMessageContaining("'x'")
                .hasMessageContaining("Counter");
        MetricSet empty = Map::of;
        assertThat(empty.getMetrics()).isEmpty();
    }
}
