package dev.gale.topology.base;

import dev.gale.tuple.Tuple;
import dev.gale.utils.TupleUtils;

/**
 * A bolt that handles tick tuples apart from data tuples: {@link #onTickTuple} for ticks (by
 * default nothing), {@link #process} for the rest. Threading as any bolt: its thread only.
 */
public abstract class BaseTickTupleAwareRichBolt extends BaseRichBolt {
    private static final long serialVersionUID = 1L;

    @Override
    public void execute(Tuple tuple) {
        if (TupleUtils.isTick(tuple)) {
            onTickTuple(tuple);
        } else {
            process(tuple);
        }
    }

    /** Called for each tick tuple; ticks are not tracked, so nothing needs acking. */
    protected void onTickTuple(Tuple tuple) {
    }

    /** Called for each data tuple. */
    protected abstract void process(Tuple tuple);
}
