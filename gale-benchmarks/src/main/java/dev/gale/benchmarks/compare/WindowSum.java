package dev.gale.benchmarks.compare;

import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseWindowedBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import dev.gale.windowing.TupleWindow;
import java.util.List;
import java.util.Map;

/**
 * A sliding sum, as storm-starter's SlidingWindowSumBolt computes it: adds what is new in the
 * window, subtracts what expired, and emits the sum, anchored to the window (the engine's
 * default). It also records, for {@link TopologyRun}, how many tuples the window holds and how
 * long each stamped tuple waited, from its emit, for the first window that has it.
 */
public class WindowSum extends BaseWindowedBolt {
    private static final long serialVersionUID = 1L;
    private transient OutputCollector collector;
    private transient long sum;

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
        this.collector = collector;
    }

    @Override
    public void execute(TupleWindow window) {
        long now = System.nanoTime();
        List<Tuple> fresh = window.getNew();
        for (int i = 0; i < fresh.size(); i++) {
            Tuple t = fresh.get(i);
            sum += t.getLong(0);
            long stamp = t.getLong(1);
            if (stamp != 0) {
                Meter.firstWindow(now - stamp);
            }
        }
        List<Tuple> expired = window.getExpired();
        for (int i = 0; i < expired.size(); i++) {
            sum -= expired.get(i).getLong(0);
        }
        Meter.windowHolds(window.get().size());
        collector.emit(new Values(sum));
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("sum"));
    }
}
