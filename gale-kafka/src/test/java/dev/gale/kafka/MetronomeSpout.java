package dev.gale.kafka;

import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.time.Clock;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import java.util.Map;

/**
 * Emits an untracked {@code beat} tuple every {@code periodMillis} of the topology's clock: a
 * tick finer than tick tuples' whole seconds, for bolts that act on time even when no data
 * arrives. Untracked, so it counts against no max spout pending. Not thread-safe: its
 * executor's thread.
 */
class MetronomeSpout extends BaseRichSpout {
    private static final long serialVersionUID = 1L;
    static final String BEAT = "beat";

    private final long periodNanos;
    private transient SpoutOutputCollector collector;
    private transient Clock clock;
    private transient long nextBeatNanos;

    MetronomeSpout(long periodMillis) {
        this.periodNanos = periodMillis * 1_000_000L;
    }

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        this.collector = collector;
        this.clock = context.getClock();
        this.nextBeatNanos = clock.nanos();
    }

    @Override
    public void nextTuple() {
        long now = clock.nanos();
        if (now >= nextBeatNanos) {
            collector.emit(new Values(now));
            nextBeatNanos = now + periodNanos;
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields(BEAT));
    }
}
