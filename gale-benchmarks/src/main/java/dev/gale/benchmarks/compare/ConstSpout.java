package dev.gale.benchmarks.compare;

import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import java.util.List;

/** Emits the same one-field value forever, with a message id when acking is measured. */
public class ConstSpout extends MeasuredSpout {
    private static final long serialVersionUID = 1L;
    private static final Values VALUE = new Values("some data");

    public ConstSpout(boolean tracked) {
        super(tracked);
    }

    @Override
    protected List<Object> values(long seq) {
        return VALUE;
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("str"));
    }
}
