package dev.gale.examples;

import dev.gale.hooks.BaseTaskHook;
import dev.gale.hooks.info.EmitInfo;
import dev.gale.task.TopologyContext;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * A task hook for word-count examples whose spouts never pause (too many emits to record one by
 * one): it tallies, per word, the words in the sentences the spout emits, the words the splitter
 * emits, and for the counter the (word, count) pairs it emits, the highest count and the tasks
 * that emitted them. Added to every task by {@code topology.auto.task.hooks}; one tally per JVM:
 * {@link #clear(String)} it before a run. Thread-safe.
 */
public class WordTally extends BaseTaskHook {
    static final Map<String, LongAdder> SENTENCE_WORDS = new ConcurrentHashMap<>();
    static final Map<String, LongAdder> SPLIT_WORDS = new ConcurrentHashMap<>();
    static final Map<String, LongAdder> COUNT_EMITS = new ConcurrentHashMap<>();
    static final Map<String, Integer> HIGHEST_COUNT = new ConcurrentHashMap<>();
    static final Map<String, Set<Integer>> COUNT_TASKS = new ConcurrentHashMap<>();

    /** The topology whose tasks are tallied: tasks of another (a previous test's, winding down) are not. */
    private static volatile String topology;
    private String component;
    private String topologyOfTask;

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context) {
        component = context.getThisComponentId();
        topologyOfTask = context.getStormId();
    }

    @Override
    public void emit(EmitInfo info) {
        if (!"default".equals(info.stream) || !topologyOfTask.equals(topology)) {
            return;
        }
        switch (component) {
            case "sentences" -> Words.of((String) info.values.get(0)).forEach(w -> tally(SENTENCE_WORDS, w));
            case "split" -> tally(SPLIT_WORDS, (String) info.values.get(0));
            case "count" -> {
                String word = (String) info.values.get(0);
                tally(COUNT_EMITS, word);
                HIGHEST_COUNT.merge(word, (Integer) info.values.get(1), Math::max);
                COUNT_TASKS.computeIfAbsent(word, k -> ConcurrentHashMap.newKeySet()).add(info.taskId);
            }
            default -> {
            }
        }
    }

    private static void tally(Map<String, LongAdder> tally, String word) {
        tally.computeIfAbsent(word, k -> new LongAdder()).increment();
    }

    /** Empties the tallies and tallies {@code topologyName}'s tasks from now on. */
    static void clear(String topologyName) {
        topology = topologyName;
        SENTENCE_WORDS.clear();
        SPLIT_WORDS.clear();
        COUNT_EMITS.clear();
        HIGHEST_COUNT.clear();
        COUNT_TASKS.clear();
    }

    /** A tally as plain numbers. */
    static Map<String, Long> totals(Map<String, LongAdder> tally) {
        Map<String, Long> out = new TreeMap<>();
        tally.forEach((w, n) -> out.put(w, n.sum()));
        return out;
    }
}
