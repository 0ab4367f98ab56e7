package dev.gale.examples;

import dev.gale.examples.spout.WindReadingSpout;
import dev.gale.generated.StormTopology;
import dev.gale.state.KeyValueState;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseStatefulWindowedBolt;
import dev.gale.topology.base.BaseWindowedBolt.Count;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import dev.gale.windowing.TupleWindow;
import java.util.Locale;
import java.util.Map;

/**
 * A windowed bolt with state ({@link BaseStatefulWindowedBolt}): it tallies its windows in a
 * checkpointed {@link KeyValueState}, which a restarted task gets back, and the framework keeps
 * track of which windows it has evaluated, so none is evaluated twice across a restart:
 *
 * <pre>
 *   readings --shuffle--> tally --> print
 * </pre>
 *
 * <p>{@link WindReadingSpout} emits a reading every 100 ms; {@code tally} takes the mean wind
 * speed of the last {@value #WINDOW} readings every {@value #SLIDE}, and emits
 * {@code (window, mean, gusty)}: the window's number, its mean, and how many windows so far had a
 * mean of at least {@value #GUSTY_KNOTS} kn. The readings' {@code seq} field identifies them
 * ({@code withMessageIdField}), which the framework needs to tell evaluated windows apart.
 *
 * <p>Run it with {@code gale run stateful-windowing}.
 */
public final class StatefulWindowingTopology {
    static final int WINDOW = 10;
    static final int SLIDE = 5;
    static final int GUSTY_KNOTS = 25;

    private StatefulWindowingTopology() {
    }

    /** The topology {@code gale run stateful-windowing} runs. */
    public static StormTopology createTopology() {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("readings", new WindReadingSpout(100, 0, 41));
        builder.setBolt("tally", new GustyWindowTally()
                        .withWindow(Count.of(WINDOW), Count.of(SLIDE))
                        .withMessageIdField("seq"))
                .shuffleGrouping("readings");
        builder.setBolt("print", tuple -> System.out.println(String.format(Locale.ROOT,
                "window %d: mean %.1f kn; %d gusty so far", tuple.getLongByField("window"),
                tuple.getDoubleByField("mean"), tuple.getLongByField("gusty")))).shuffleGrouping("tally");
        return builder.createTopology();
    }

    /** Emits each window's mean knots, with its number and the count of gusty windows, both kept in its state. */
    private static final class GustyWindowTally extends BaseStatefulWindowedBolt<KeyValueState<String, Long>> {
        private static final long serialVersionUID = 1L;
        private transient OutputCollector collector;
        private transient KeyValueState<String, Long> tally;

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void initState(KeyValueState<String, Long> state) {
            tally = state;
        }

        @Override
        public void execute(TupleWindow window) {
            long sum = 0;
            for (Tuple reading : window.get()) {
                sum += reading.getIntegerByField("knots");
            }
            double mean = (double) sum / window.get().size();
            long windows = tally.get("windows", 0L) + 1;
            long gusty = tally.get("gusty", 0L) + (mean >= GUSTY_KNOTS ? 1 : 0);
            tally.put("windows", windows);
            tally.put("gusty", gusty);
            collector.emit(new Values(windows, mean, gusty));
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("window", "mean", "gusty"));
        }
    }
}
