package dev.gale.examples;

import dev.gale.examples.spout.WindReadingSpout;
import dev.gale.generated.StormTopology;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseWindowedBolt;
import dev.gale.topology.base.BaseWindowedBolt.Duration;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import dev.gale.windowing.TupleWindow;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Map;

/**
 * Windows by event time: readings are grouped by when they were measured ({@code measuredAt}),
 * not by when they arrive, though they arrive out of order:
 *
 * <pre>
 *   readings --shuffle--> peaks --> print
 *                         peaks (stream "late") --> print-late
 * </pre>
 *
 * <p>{@link WindReadingSpout} emits a reading every 100 ms, each up to {@value #MAX_DELAY_MS} ms
 * after it was measured. {@code peaks} reports every {@value #SLIDE_SECS} s the readings measured
 * in the last {@value #WINDOW_SECS} s and their peak. It knows how far event time has got from
 * watermarks, which trail the latest {@code measuredAt} seen by a lag of {@value #LAG_SECS} s: a
 * window is reported once the watermark passes its end, so readings up to that late still count.
 * A reading later than that, whose windows may already have been reported, goes to the
 * {@code late} stream instead, and is printed there.
 *
 * <p>Run it with {@code gale run sliding-tuple-ts} (the first window after about
 * {@value #WINDOW_SECS} s plus the lag).
 */
public final class SlidingTupleTsTopology {
    static final int WINDOW_SECS = 6;
    static final int SLIDE_SECS = 2;
    static final int LAG_SECS = 2;
    static final long MAX_DELAY_MS = 2_500;
    static final String LATE_STREAM = "late";
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss.SSS").withZone(ZoneOffset.UTC);

    private SlidingTupleTsTopology() {
    }

    /** The topology {@code gale run sliding-tuple-ts} runs. */
    public static StormTopology createTopology() {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("readings", new WindReadingSpout(100, MAX_DELAY_MS, 17));
        builder.setBolt("peaks", new MeasuredPeakBolt()
                        .withWindow(Duration.seconds(WINDOW_SECS), Duration.seconds(SLIDE_SECS))
                        .withTimestampField("measuredAt")
                        .withLag(Duration.seconds(LAG_SECS))
                        .withLateTupleStream(LATE_STREAM))
                .shuffleGrouping("readings");
        builder.setBolt("print", tuple -> System.out.println("measured " + time(tuple.getLongByField("from")) + " to "
                + time(tuple.getLongByField("to")) + ": " + tuple.getIntegerByField("readings") + " readings, peak "
                + tuple.getIntegerByField("peak") + " kn")).shuffleGrouping("peaks");
        builder.setBolt("print-late", tuple -> {
            Tuple late = (Tuple) tuple.getValue(0);
            System.out.println("too late for its windows: " + late.getStringByField("station") + " measured "
                    + time(late.getLongByField("measuredAt")));
        }).shuffleGrouping("peaks", LATE_STREAM);
        return builder.createTopology();
    }

    private static String time(long epochMillis) {
        return TIME.format(Instant.ofEpochMilli(epochMillis));
    }

    /** Emits {@code (from, to, readings, peak)} for each window: its event-time bounds, size and peak knots. */
    private static final class MeasuredPeakBolt extends BaseWindowedBolt {
        private static final long serialVersionUID = 1L;
        private transient OutputCollector collector;

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(TupleWindow window) {
            int peak = 0;
            for (Tuple reading : window.get()) {
                peak = Math.max(peak, reading.getIntegerByField("knots"));
            }
            collector.emit(new Values(window.getStartTimestamp(), window.getEndTimestamp(), window.get().size(), peak));
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("from", "to", "readings", "peak"));
        }
    }
}
