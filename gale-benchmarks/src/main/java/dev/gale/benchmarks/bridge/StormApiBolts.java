package dev.gale.benchmarks.bridge;

import dev.gale.benchmarks.compare.Meter;
import dev.gale.benchmarks.compare.MeterShard;
import dev.gale.storm.bridge.StormBolts;
import dev.gale.topology.IRichBolt;
import java.util.Map;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichBolt;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;

/**
 * The ack-1000 scenario's two bolts written against Storm's API, doing exactly what
 * {@code compare.IdBolt} and {@code compare.NullBolt} do with Gale's, for the bridge's cost
 * ({@code ack-1000-bridged}): each returned through {@code StormBolts.of}. Stateless; the bolts are
 * not thread-safe, each task's copy running on its own thread.
 */
public final class StormApiBolts {
    private StormApiBolts() {
    }

    /** Storm's re-emitting bolt through the bridge. */
    public static IRichBolt id() {
        return StormBolts.of(new IdBolt());
    }

    /** Storm's counting sink through the bridge. */
    public static IRichBolt sink() {
        return StormBolts.of(new NullBolt());
    }

    /** Re-emits its input anchored to it, then acks it. */
    static final class IdBolt extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private transient OutputCollector collector;

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple input) {
            collector.emit(input, input.getValues());
            collector.ack(input);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("str"));
        }
    }

    /** Counts its input into its own shard of the meter, acks and drops it. */
    static final class NullBolt extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private transient OutputCollector collector;
        private transient MeterShard shard;

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
            this.shard = Meter.sinkShard();
        }

        @Override
        public void execute(Tuple input) {
            Meter.sink(shard);
            collector.ack(input);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }
}
