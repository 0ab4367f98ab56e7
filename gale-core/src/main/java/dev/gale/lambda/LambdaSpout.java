package dev.gale.lambda;

import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import java.util.Map;

/**
 * A spout made of a supplier: each {@code nextTuple} asks it for a value and emits a non-null one,
 * unanchored, as the single field {@code "lambda"} of the default stream. Each task runs its own
 * copy, on one thread.
 */
public class LambdaSpout extends BaseRichSpout {
    private static final long serialVersionUID = 1L;

    private final SerializableSupplier<?> supplier;
    private transient SpoutOutputCollector collector;

    public LambdaSpout(SerializableSupplier<?> supplier) {
        this.supplier = supplier;
    }

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        this.collector = collector;
    }

    @Override
    public void nextTuple() {
        Object value = supplier.get();
        if (value != null) {
            collector.emit(new Values(value));
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("lambda"));
    }
}
