package dev.gale.examples;

import dev.gale.Config;
import dev.gale.StormSubmitter;
import dev.gale.examples.spout.WindReadingSpout;
import dev.gale.generated.StormTopology;
import dev.gale.state.KeyValueState;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseStatefulWindowedBolt;
import dev.gale.topology.base.BaseWindowedBolt.Duration;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import dev.gale.windowing.TupleWindow;
import java.util.Iterator;
import java.util.Map;

/**
 * A persistent window: with {@code withPersistence()} the readings in a stateful windowed bolt's
 * window are saved with each checkpoint, in Redis here, along with the bolt's own state. A task
 * that restarts, or the topology submitted again under the same name, carries on with the window
 * and the state of the last checkpoint; and no more than {@value #IN_MEMORY} readings of a long
 * window are held in memory ({@code withMaxEventsInMemory}), the rest read back from Redis:
 *
 * <pre>
 *   readings --shuffle--> peaks --> print
 * </pre>
 *
 * <p>{@link WindReadingSpout} emits a reading every 100 ms; every {@value #SLIDE_SECS} s
 * {@code peaks} emits {@code (window, readings, peak, record)} for the last {@value #WINDOW_SECS} s:
 * the window's number, how many readings it holds, their peak, and the highest peak of any window
 * so far. The number and the record are its {@link KeyValueState}. A checkpoint every
 * {@value #CHECKPOINT_MS} ms commits both.
 *
 * <p>Run it with {@code gale run persistent-windowing}: it needs a redis-server on
 * localhost:6379, or give another as {@code gale run persistent-windowing -- HOST:PORT}.
 */
public final class PersistentWindowingTopology {
    static final String NAME = "persistent-windowing";
    static final int WINDOW_SECS = 8;
    static final int SLIDE_SECS = 2;
    static final int CHECKPOINT_MS = 2_000;
    static final int IN_MEMORY = 200;

    private PersistentWindowingTopology() {
    }

    /**
     * Submits the topology, its state in Redis.
     *
     * @param args optionally the Redis server as {@code HOST:PORT} (default localhost:6379)
     */
    public static void main(String[] args) throws Exception {
        Config conf = new Config();
        conf.put(Config.TOPOLOGY_STATE_PROVIDER, "dev.gale.redis.state.RedisKeyValueStateProvider");
        conf.put(Config.TOPOLOGY_STATE_CHECKPOINT_INTERVAL, CHECKPOINT_MS);
        if (args.length > 0) {
            int colon = args[0].lastIndexOf(':');
            if (colon < 1) {
                throw new IllegalArgumentException("give the Redis server as HOST:PORT, got '" + args[0] + "'");
            }
            conf.put(Config.TOPOLOGY_STATE_PROVIDER_CONFIG, Map.of("jedisPoolConfig",
                    Map.of("host", args[0].substring(0, colon), "port", Integer.parseInt(args[0].substring(colon + 1)))));
        }
        StormSubmitter.submitTopology(NAME, conf, topology());
    }

    static StormTopology topology() {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("readings", new WindReadingSpout(100, 0, 53));
        builder.setBolt("peaks", new PersistentPeakBolt()
                        .withWindow(Duration.seconds(WINDOW_SECS), Duration.seconds(SLIDE_SECS))
                        .withPersistence()
                        .withMaxEventsInMemory(IN_MEMORY))
                .shuffleGrouping("readings");
        builder.setBolt("print", tuple -> System.out.println("window " + tuple.getValueByField("window") + ": "
                + tuple.getValueByField("readings") + " readings, peak " + tuple.getValueByField("peak") + " kn, record "
                + tuple.getValueByField("record") + " kn")).shuffleGrouping("peaks");
        return builder.createTopology();
    }

    /** Emits each window's size and peak, numbering the windows and keeping the record peak in its state. */
    private static final class PersistentPeakBolt extends BaseStatefulWindowedBolt<KeyValueState<String, Integer>> {
        private static final long serialVersionUID = 1L;
        private transient OutputCollector collector;
        private transient KeyValueState<String, Integer> state;

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void initState(KeyValueState<String, Integer> state) {
            this.state = state;
        }

        @Override
        public void execute(TupleWindow window) {
            int readings = 0;
            int peak = 0;
            // A persistent window is read through its iterator: it may be partly in Redis.
            for (Iterator<Tuple> it = window.getIter(); it.hasNext(); ) {
                peak = Math.max(peak, it.next().getIntegerByField("knots"));
                readings++;
            }
            int number = state.get("windows", 0) + 1;
            int record = Math.max(state.get("record", 0), peak);
            state.put("windows", number);
            state.put("record", record);
            collector.emit(new Values(number, readings, peak, record));
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("window", "readings", "peak", "record"));
        }
    }
}
