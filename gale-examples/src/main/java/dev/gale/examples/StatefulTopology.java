package dev.gale.examples;

import dev.gale.examples.spout.WindReadingSpout;
import dev.gale.generated.StormTopology;
import dev.gale.state.KeyValueState;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseStatefulBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.util.Map;

/**
 * A stateful bolt: each station's record gust, kept in a {@link KeyValueState} that the framework
 * checkpoints, so that a restarted task carries on from its last checkpoint instead of from
 * nothing:
 *
 * <pre>
 *   readings --fields(station)--> records --> print
 * </pre>
 *
 * <p>{@link WindReadingSpout} emits a reading every 100 ms; {@code records} emits
 * {@code (station, knots, previous)} whenever a reading beats its station's record. Fields
 * grouping gives each station's record to one task. A checkpoint every second (the default
 * {@code topology.state.checkpoint.interval.ms}) commits the state, and the readings it reflects
 * are acked only then. The state is kept in memory here; set {@code topology.state.provider} to
 * keep it in Redis or RocksDB (see docs/state.md).
 *
 * <p>Run it with {@code gale run stateful}.
 */
public final class StatefulTopology {
    private StatefulTopology() {
    }

    /** The topology {@code gale run stateful} runs. */
    public static StormTopology createTopology() {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("readings", new WindReadingSpout(100, 0, 29));
        builder.setBolt("records", new StationRecordBolt(), 2).fieldsGrouping("readings", new Fields("station"));
        builder.setBolt("print", tuple -> {
            Object previous = tuple.getValueByField("previous");
            System.out.println("new record at " + tuple.getValueByField("station") + ": " + tuple.getValueByField("knots")
                    + " kn (" + (previous == null ? "its first reading" : "was " + previous + " kn") + ")");
        }).shuffleGrouping("records");
        return builder.createTopology();
    }

    /** Keeps each station's highest {@code knots} in its state; emits each new record. */
    private static final class StationRecordBolt extends BaseStatefulBolt<KeyValueState<String, Integer>> {
        private static final long serialVersionUID = 1L;
        private transient OutputCollector collector;
        private transient KeyValueState<String, Integer> records;

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void initState(KeyValueState<String, Integer> state) {
            records = state; // empty on the first run, the last committed records after a restart
        }

        @Override
        public void execute(Tuple reading) {
            String station = reading.getStringByField("station");
            int knots = reading.getIntegerByField("knots");
            Integer record = records.get(station);
            if (record == null || knots > record) {
                records.put(station, knots);
                collector.emit(reading, new Values(station, knots, record));
            }
            collector.ack(reading);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("station", "knots", "previous"));
        }
    }
}
