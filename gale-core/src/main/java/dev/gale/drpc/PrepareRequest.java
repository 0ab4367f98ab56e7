package dev.gale.drpc;

import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import dev.gale.utils.Utils;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The first bolt of a {@link LinearDRPCTopologyBuilder} topology: gives each request a random
 * long id and emits it three ways: {@code (request, args)} to the user's first bolt,
 * {@code (request, return)} on {@code "ret"} to the join with the result, and {@code (request)} on
 * {@code "id"} to the last bolt, which learns of the request that way.
 *
 * <p>Thread-safe: it keeps no state (ids come from the calling thread's random source).
 */
public class PrepareRequest extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;
    public static final String ARGS_STREAM = Utils.DEFAULT_STREAM_ID;
    public static final String RETURN_STREAM = "ret";
    public static final String ID_STREAM = "id";

    /** The first field of all three streams: the request id the rest of the pipeline keys on. */
    private static final String REQUEST = "request";

    @Override
    public void execute(Tuple invocation, BasicOutputCollector out) {
        // Ids are random rather than sequential so that tasks of this bolt never hand out the same one.
        long request = ThreadLocalRandom.current().nextLong();
        out.emit(ARGS_STREAM, keyed(request, invocation.getString(0)));
        out.emit(RETURN_STREAM, keyed(request, invocation.getString(1)));
        out.emit(ID_STREAM, keyed(request));
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declareStream(ARGS_STREAM, keyedFields("args"));
        declarer.declareStream(RETURN_STREAM, keyedFields("return"));
        declarer.declareStream(ID_STREAM, keyedFields());
    }

    private static Values keyed(long request, Object... payload) {
        Values values = new Values(request);
        values.addAll(Arrays.asList(payload));
        return values;
    }

    private static Fields keyedFields(String... payload) {
        List<String> names = new ArrayList<>(payload.length + 1);
        names.add(REQUEST);
        names.addAll(Arrays.asList(payload));
        return new Fields(names);
    }
}
