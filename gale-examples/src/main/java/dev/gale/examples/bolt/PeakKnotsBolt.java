package dev.gale.examples.bolt;

import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseWindowedBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import dev.gale.windowing.TupleWindow;
import java.util.Map;

/**
 * The strongest gust of each window of wind readings: emits {@code (peak, readings)}, the highest
 * {@code knots} in the window and how many readings it holds. The window is whatever the
 * topology configures ({@code withWindow}, {@code withTumblingWindow}); an empty one emits
 * nothing. The framework anchors what it emits to the window's readings and acks each reading
 * once it has left its last window.
 *
 * <p>One instance per task; not thread-safe (a bolt runs on one thread).
 */
public class PeakKnotsBolt extends BaseWindowedBolt {
    private static final long serialVersionUID = 1L;
    private transient OutputCollector collector;

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
        this.collector = collector;
    }

    @Override
    public void execute(TupleWindow window) {
        int peak = -1;
        for (Tuple reading : window.get()) {
            peak = Math.max(peak, reading.getIntegerByField("knots"));
        }
        if (peak >= 0) {
            collector.emit(new Values(peak, window.get().size()));
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("peak", "readings"));
    }
}
