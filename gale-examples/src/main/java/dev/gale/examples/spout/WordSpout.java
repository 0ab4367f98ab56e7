package dev.gale.examples.spout;

import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import dev.gale.utils.Utils;
import java.util.List;
import java.util.Map;

/**
 * A source of single words for the examples: goes round a short list of weather words, one per
 * call, on the field {@code "word"}, each task starting at its own place in the list. Every word
 * carries a message id, so what the topology does with it is tracked; a failed word is dropped
 * (the examples using it show processing, not replay). A pause between words, in the engine's
 * time, keeps a demo readable. One instance per task: not thread-safe.
 */
public class WordSpout extends BaseRichSpout {
    private static final long serialVersionUID = -8151469327062871630L;

    /** The words it goes round. */
    public static final List<String> WORDS = List.of("gale", "squall", "breeze", "gust", "calm", "drizzle");

    private final long pauseMillis;
    private transient SpoutOutputCollector collector;
    private transient int position;
    private transient long sent;

    /** A spout that pauses 50 ms between words (a longer sleep in nextTuple draws the engine's warning). */
    public WordSpout() {
        this(50);
    }

    /** A spout that pauses {@code pauseMillis} between words; 0 emits as fast as it is asked. */
    public WordSpout(long pauseMillis) {
        this.pauseMillis = pauseMillis;
    }

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        this.collector = collector;
        this.position = context.getThisTaskIndex();
    }

    @Override
    public void nextTuple() {
        if (pauseMillis > 0) {
            Utils.sleep(pauseMillis);
        }
        String word = WORDS.get(position++ % WORDS.size());
        collector.emit(new Values(word), sent++);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("word"));
    }
}
