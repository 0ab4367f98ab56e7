package dev.gale.examples;

import dev.gale.examples.bolt.PeakKnotsBolt;
import dev.gale.examples.spout.WindReadingSpout;
import dev.gale.generated.StormTopology;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseWindowedBolt;
import dev.gale.topology.base.BaseWindowedBolt.Count;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import dev.gale.windowing.TupleWindow;
import java.util.Map;

/**
 * Windows counted in tuples, one sliding and one tumbling:
 *
 * <pre>
 *   readings --shuffle--> peaks --shuffle--> range --> print
 * </pre>
 *
 * <p>{@link WindReadingSpout} emits a wind reading every 100 ms; {@link PeakKnotsBolt} emits the
 * strongest gust of the last {@value #WINDOW} readings every {@value #SLIDE} readings (a sliding
 * window: each reading is in four of them); {@code range} takes those peaks {@value #BATCH} at a
 * time (a tumbling window: each peak in exactly one) and reports the lowest and the highest.
 * Readings are acked once they have left their last window.
 *
 * <p>Run it with {@code gale run sliding-window}.
 */
public final class SlidingWindowTopology {
    static final int WINDOW = 20;
    static final int SLIDE = 5;
    static final int BATCH = 4;

    private SlidingWindowTopology() {
    }

    /** The topology {@code gale run sliding-window} runs. */
    public static StormTopology createTopology() {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("readings", new WindReadingSpout(100, 0, 5));
        builder.setBolt("peaks", new PeakKnotsBolt().withWindow(Count.of(WINDOW), Count.of(SLIDE)))
                .shuffleGrouping("readings");
        builder.setBolt("range", new PeakRangeBolt().withTumblingWindow(Count.of(BATCH))).shuffleGrouping("peaks");
        builder.setBolt("print", tuple -> System.out.println("peak gusts of the last " + BATCH + " windows: "
                + tuple.getValueByField("lowest") + " to " + tuple.getValueByField("highest") + " kn"))
                .shuffleGrouping("range");
        return builder.createTopology();
    }

    /** Emits {@code (lowest, highest)} of the {@code peak}s in its window. */
    private static final class PeakRangeBolt extends BaseWindowedBolt {
        private static final long serialVersionUID = 1L;
        private transient OutputCollector collector;

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(TupleWindow window) {
            int lowest = Integer.MAX_VALUE;
            int highest = Integer.MIN_VALUE;
            for (Tuple t : window.get()) {
                lowest = Math.min(lowest, t.getIntegerByField("peak"));
                highest = Math.max(highest, t.getIntegerByField("peak"));
            }
            if (!window.get().isEmpty()) {
                collector.emit(new Values(lowest, highest));
            }
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("lowest", "highest"));
        }
    }
}
