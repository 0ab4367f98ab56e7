package dev.gale.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.LocalCluster;
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
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ForeignThreadTest {
    static final Map<String, Throwable> SEEN = new ConcurrentHashMap<>();

    /** Acks from another thread: a bug Gale must name, not a silent corruption. */
    static class AcksElsewhere extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private transient OutputCollector collector;

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple input) {
            try {
                CompletableFuture.runAsync(() -> collector.ack(input)).get(30, TimeUnit.SECONDS);
            } catch (Exception e) {
                SEEN.put("error", e.getCause() == null ? e : e.getCause());
            }
            collector.ack(input);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    @Test
    void usingACollectorFromAnotherThreadIsAClearErrorAndChangesNothing() {
        FeederSpout spout = new FeederSpout(new Fields("v"));
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("elsewhere", new AcksElsewhere()).shuffleGrouping("spout");
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("foreign", new Config(), b.createTopology());
            spout.feed(new Values("x"), 1);
            cluster.waitForIdle(Duration.ofSeconds(30));
            assertThat(SEEN.get("error")).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("executor 'elsewhere")
                    .hasMessageContaining("own thread");
            assertThat(spout.getAcked()).containsExactly(1);
        }
    }
}
