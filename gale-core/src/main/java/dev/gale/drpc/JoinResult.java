package dev.gale.drpc;

import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Joins a {@link LinearDRPCTopologyBuilder} topology's result {@code (request, result)} with the
 * request's return-info {@code (request, return)} from {@link PrepareRequest}, by request id, and
 * emits {@code (result, return-info)} for {@link ReturnResults}, anchored to both; acks both then.
 *
 * <p>Not thread-safe: each task has its own instance, called on its executor thread.
 */
public class JoinResult extends BaseRichBolt {
    private static final long serialVersionUID = 1L;

    private final String returnComponent;
    private transient Map<Object, Tuple> returns;
    private transient Map<Object, Tuple> results;
    private transient OutputCollector collector;

    public JoinResult(String returnComponent) {
        this.returnComponent = returnComponent;
    }

    @Override
    public void prepare(Map<String, Object> map, TopologyContext context, OutputCollector collector) {
        this.collector = collector;
        this.returns = new HashMap<>();
        this.results = new HashMap<>();
    }

    @Override
    public void execute(Tuple tuple) {
        Object requestId = tuple.getValue(0);
        (tuple.getSourceComponent().equals(returnComponent) ? returns : results).put(requestId, tuple);
        if (returns.containsKey(requestId) && results.containsKey(requestId)) {
            Tuple result = results.remove(requestId);
            Tuple returner = returns.remove(requestId);
            collector.emit(List.of(result, returner), new Values("" + result.getValue(1), returner.getValue(1)));
            collector.ack(result);
            collector.ack(returner);
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("result", "return-info"));
    }
}
