package dev.gale.examples.bolt;

import dev.gale.Config;
import dev.gale.examples.tools.Ranking;
import dev.gale.task.TopologyContext;
import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import dev.gale.utils.TupleUtils;
import java.util.HashMap;
import java.util.Map;

/**
 * Merges the rankings of several {@link WordRankingBolt} tasks into one: keeps the latest
 * {@link Ranking} each task sent and, every {@code everySecs} (on a tick tuple), emits the
 * {@code size} highest words of them all. The rankers rank different words, so their top words
 * hold the overall top. Run one task (global grouping).
 *
 * <p>One instance per task; not thread-safe (a bolt runs on one thread).
 */
public class RankingMergeBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;
    private final int size;
    private final int everySecs;
    private transient Map<Integer, Ranking> latestBySourceTask;

    public RankingMergeBolt(int size, int everySecs) {
        this.size = size;
        this.everySecs = everySecs;
    }

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context) {
        latestBySourceTask = new HashMap<>();
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        if (TupleUtils.isTick(input)) {
            collector.emit(new Values(Ranking.merge(size, latestBySourceTask.values())));
        } else {
            latestBySourceTask.put(input.getSourceTask(), (Ranking) input.getValueByField("ranking"));
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("ranking"));
    }

    @Override
    public Map<String, Object> getComponentConfiguration() {
        return Map.of(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, everySecs);
    }
}
