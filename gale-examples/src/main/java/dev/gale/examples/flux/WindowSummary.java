package dev.gale.examples.flux;

import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseWindowedBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import dev.gale.windowing.TupleWindow;
import java.util.Map;
import java.util.TreeMap;

/**
 * Sums up each window of words: how many words it holds, how many different ones, and the most
 * frequent (the alphabetically first on a tie, so the result does not depend on arrival order).
 * The window itself is set in the Flux file ({@code flux/window-summaries.yaml}) through
 * {@code withWindow}. One instance per task; Gale calls it from one thread.
 */
public class WindowSummary extends BaseWindowedBolt {
    private static final long serialVersionUID = 1L;
    private transient OutputCollector collector;

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
        this.collector = collector;
    }

    @Override
    public void execute(TupleWindow window) {
        Map<String, Integer> counts = new TreeMap<>();
        for (Tuple t : window.get()) {
            counts.merge(t.getStringByField("word"), 1, Integer::sum);
        }
        String top = null;
        int topCount = 0;
        for (Map.Entry<String, Integer> e : counts.entrySet()) {
            if (e.getValue() > topCount) {
                top = e.getKey();
                topCount = e.getValue();
            }
        }
        // Anchored to the whole window, so a failure downstream replays its words.
        collector.emit(window.get(), new Values(window.get().size(), counts.size(), top, topCount));
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("words", "distinct", "top", "topCount"));
    }
}
