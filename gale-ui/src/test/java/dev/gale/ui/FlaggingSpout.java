package dev.gale.ui;

import com.codahale.metrics.Gauge;
import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.tuple.Fields;
import java.util.Map;
import java.util.TreeMap;

/**
 * A spout that emits nothing and publishes the metric names a Kafka spout does: a metric v1
 * {@code kafkaOffset} whose map flags partition 0 of topic {@code t} stuck (with a reason) while
 * {@link #reason} is set, and a text gauge of the same reason. The UI must render them from
 * names and values alone (gale-ui does not know gale-kafka). Test-only; the flag is set by the
 * test's thread and read by the spout's.
 */
class FlaggingSpout extends BaseRichSpout {
    private static final long serialVersionUID = 1L;
    /** Why partition 0 is stuck, or null: not stuck. */
    static volatile String reason;

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        context.registerMetric("kafkaOffset", () -> {
            String why = reason;
            Map<String, Object> m = new TreeMap<>();
            m.put("t/partition_0/spoutLag", 42L);
            m.put("t/partition_0/stuck", why == null ? 0L : 1L);
            m.put("t/partition_0/stuckReason", why == null ? "" : why);
            m.put("t/partition_1/stuck", 0L);
            m.put("t/partition_1/stuckReason", "");
            return m;
        }, 1);
        context.registerGauge("kafkaOffset.t/partition_0/stuckReason", (Gauge<String>) () -> reason == null ? "" : reason);
    }

    @Override
    public void nextTuple() {
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("x"));
    }
}
