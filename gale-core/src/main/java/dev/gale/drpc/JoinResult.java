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
    private static final Fields OUTPUT = new Fields("result", "return-info");

    private final String returnComponent;
    private transient Map<Object, Halves> waiting;
    private transient OutputCollector collector;

    public JoinResult(String returnComponent) {
        this.returnComponent = returnComponent;
    }

    @Override
    public void prepare(Map<String, Object> map, TopologyContext context, OutputCollector collector) {
        this.collector = collector;
        this.waiting = new HashMap<>();
    }

    @Override
    public void execute(Tuple tuple) {
        Object request = tuple.getValue(0);
        Halves halves = waiting.computeIfAbsent(request, id -> new Halves());
        if (tuple.getSourceComponent().equals(returnComponent)) {
            halves.returnInfo = tuple;
        } else {
            halves.result = tuple;
        }
        if (halves.result != null && halves.returnInfo != null) {
            waiting.remove(request);
            // The result is sent as text: ReturnResults hands the caller a string whatever the bolt produced.
            String answer = String.valueOf(halves.result.getValue(1));
            collector.emit(List.of(halves.result, halves.returnInfo), new Values(answer, halves.returnInfo.getValue(1)));
            collector.ack(halves.result);
            collector.ack(halves.returnInfo);
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(OUTPUT);
    }

    /** The two tuples of one request seen so far; a later duplicate replaces the earlier one. */
    private static final class Halves {
        Tuple result;
        Tuple returnInfo;
    }
}
