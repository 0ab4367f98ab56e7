package dev.gale.examples.bolt;

import dev.gale.task.TopologyContext;
import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.util.HashMap;
import java.util.Map;

/**
 * Adds up the window counts of a word that several {@link WindowedWordCountBolt} tasks counted
 * in parts, as they do when fed by partial key grouping: keeps the latest {@code (word, count)}
 * of each counter task and emits the word's total on every update, 0 included (then forgets the
 * word). Fed by fields grouping on {@code word}, so a word's parts meet in one task.
 *
 * <p>One instance per task; not thread-safe (a bolt runs on one thread).
 */
public class WindowCountMergeBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;
    /** Per word, its latest count from each counter task that has it in its window. */
    private transient Map<String, Map<Integer, Long>> parts;

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context) {
        parts = new HashMap<>();
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        String word = input.getStringByField("word");
        long count = input.getLongByField("count");
        Map<Integer, Long> byTask = parts.computeIfAbsent(word, w -> new HashMap<>());
        if (count == 0) {
            byTask.remove(input.getSourceTask());
        } else {
            byTask.put(input.getSourceTask(), count);
        }
        long total = byTask.values().stream().mapToLong(Long::longValue).sum();
        if (byTask.isEmpty()) {
            parts.remove(word);
        }
        collector.emit(new Values(word, total));
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("word", "count"));
    }
}
