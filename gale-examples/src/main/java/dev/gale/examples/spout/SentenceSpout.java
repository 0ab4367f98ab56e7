package dev.gale.examples.spout;

import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import dev.gale.utils.Utils;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The word-count examples' source: emits lines of a harbour weather log, picked at random, on the
 * field {@code "sentence"}. Each line goes out with a message id, so the engine tracks it through
 * the topology; a failed line is emitted again, an acked one forgotten. A pause between lines (in
 * the engine's time, simulated in tests) keeps a demo readable. One instance per task, as the engine
 * runs it: not thread-safe.
 */
public class SentenceSpout extends BaseRichSpout {
    private static final long serialVersionUID = 4107723215349092371L;

    /** The lines it picks from. */
    public static final List<String> SENTENCES = List.of(
            "A gale blows in from the west.",
            "The harbour lights flicker in the rain.",
            "Small boats stay at their moorings tonight!",
            "The wind drops before the morning tide.",
            "Gulls ride the gusts above the pier.");

    private final long pauseMillis;
    private transient SpoutOutputCollector collector;
    private transient Random random;
    private transient Map<Long, String> pending;
    private transient long nextId;

    /** A spout that pauses 50 ms between lines. */
    public SentenceSpout() {
        this(50);
    }

    /** A spout that pauses {@code pauseMillis} between lines; 0 emits as fast as it is asked. */
    public SentenceSpout(long pauseMillis) {
        this.pauseMillis = pauseMillis;
    }

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        this.collector = collector;
        this.random = new Random(context.getThisTaskId());
        this.pending = new HashMap<>();
    }

    @Override
    public void nextTuple() {
        if (pauseMillis > 0) {
            Utils.sleep(pauseMillis);
        }
        String sentence = SENTENCES.get(random.nextInt(SENTENCES.size()));
        long id = nextId++;
        pending.put(id, sentence);
        collector.emit(new Values(sentence), id);
    }

    @Override
    public void ack(Object msgId) {
        pending.remove(msgId);
    }

    @Override
    public void fail(Object msgId) {
        String sentence = pending.get(msgId);
        if (sentence != null) {
            collector.emit(new Values(sentence), msgId);
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("sentence"));
    }
}
