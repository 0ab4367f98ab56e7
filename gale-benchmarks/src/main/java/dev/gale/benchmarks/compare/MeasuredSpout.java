package dev.gale.benchmarks.compare;

import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.base.BaseRichSpout;
import java.util.List;
import java.util.Map;

/**
 * A spout that emits as fast as the engine lets it (or, in a run that sets a {@link Pace}, on
 * that schedule) and measures, on its own, what every engine
 * must be measured by: acks, fails and the complete latency of each tree from its emit timestamp.
 * Message ids are a sequence number; one tree in eight is timed (sequence numbers ending in
 * three zero bits), as Gale and Storm sample their own statistics: two clock reads on every tree
 * took a large share of a fast engine's spout thread (docs/performance.md, "Fewer clock reads"), and the
 * percentiles of one tree in eight are as good. Every tree is counted. The emit time of a timed sequence {@code s} sits in a
 * ring slot, with {@code s} beside it so an overwritten slot is detected rather than misread. Engines call
 * {@code nextTuple}, {@code ack} and {@code fail} on one thread, so the ring needs no locking.
 * Trees are not replayed on failure: a fail is counted, nothing more.
 */
public abstract class MeasuredSpout extends BaseRichSpout {
    private static final long serialVersionUID = 1L;
    private static final int RING = 1 << 16;
    private static final int MASK = RING - 1;
    /** Trees whose sequence has these bits all 0 are timed. */
    private static final long TIMED_MASK = 7;

    private final boolean tracked;
    private transient SpoutOutputCollector collector;
    private transient long[] emitNanos;
    private transient long[] emitSeq;
    private transient long next;
    private transient MeterShard shard;
    /** Null unless the topology reports to files ({@link MeterReport}), the only runs that set a {@link Pace}. */
    private transient Pacer pacer;

    /** @param tracked emit with message ids (acking) or without (fire and forget) */
    protected MeasuredSpout(boolean tracked) {
        this.tracked = tracked;
    }

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        this.collector = collector;
        this.emitNanos = new long[RING];
        this.emitSeq = new long[RING];
        this.shard = Meter.spoutShard();
        if (conf.get(MeterReport.DIR) != null) {
            this.pacer = new Pacer(context.getComponentTasks(context.getThisComponentId()).size());
        }
    }

    /** The values of the next tuple, for sequence number {@code seq}. */
    protected abstract List<Object> values(long seq);

    @Override
    public void nextTuple() {
        if (pacer != null) {
            long rate = Pace.treesPerSec();
            if (!pacer.mayEmit(rate, rate == 0 ? 0 : System.nanoTime())) {
                return;
            }
        }
        long seq = next++;
        List<Object> v = values(seq);
        if (tracked) {
            if ((seq & TIMED_MASK) == 0) {
                int slot = (int) (seq & MASK);
                emitSeq[slot] = seq;
                emitNanos[slot] = System.nanoTime();
            }
            collector.emit(v, seq);
        } else {
            collector.emit(v);
        }
    }

    @Override
    public void ack(Object msgId) {
        long seq = (Long) msgId;
        if ((seq & TIMED_MASK) != 0) {
            Meter.ackedNotTimed(shard);
            return;
        }
        long now = System.nanoTime();
        int slot = (int) (seq & MASK);
        Meter.acked(shard, emitSeq[slot] == seq ? emitNanos[slot] : 0, now);
    }

    @Override
    public void fail(Object msgId) {
        Meter.FAILED.increment();
    }
}
