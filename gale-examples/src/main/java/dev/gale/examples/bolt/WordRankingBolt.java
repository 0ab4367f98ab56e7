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
 * Ranks the words it is sent: keeps the latest {@code (word, count)} of each (a count of 0 drops
 * the word) and, every {@code everySecs} (on a tick tuple), emits the {@link Ranking} of its
 * {@code size} highest, empty ones included, so that a {@link RankingMergeBolt} downstream always
 * holds this task's current view. Run several tasks fed by fields grouping on {@code word}: each
 * ranks its own share of the words.
 *
 * <p>One instance per task; not thread-safe (a bolt runs on one thread).
 */
public class WordRankingBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;
    private final int size;
    private final int everySecs;
    private transient Map<String, Long> latest;

    public WordRankingBolt(int size, int everySecs) {
        this.size = size;
        this.everySecs = everySecs;
    }

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context) {
        latest = new HashMap<>();
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        if (TupleUtils.isTick(input)) {
            collector.emit(new Values(Ranking.top(size, latest)));
            return;
        }
        String word = input.getStringByField("word");
        long count = input.getLongByField("count");
        if (count == 0) {
            latest.remove(word);
        } else {
            latest.put(word, count);
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
