package dev.gale.examples;

import dev.gale.Config;
import dev.gale.StormSubmitter;
import dev.gale.drpc.LinearDRPCTopologyBuilder;
import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import dev.gale.utils.DRPCClient;

/**
 * Distributed RPC in its simplest form: a {@link LinearDRPCTopologyBuilder} turns one bolt into the
 * function "reverse", which answers each call with its argument spelled backwards. The builder adds
 * the spout that takes the requests and the bolt that returns the results; the user's bolt gets
 * {@code (request id, argument)} and emits {@code (request id, result)}.
 *
 * <p>Its {@code main} submits the topology and calls the function once per argument through
 * {@link DRPCClient}, printing {@code reverse(gale) = elag}; in one JVM that client reaches the
 * {@code LocalDRPC} the program opened. Run it with
 * {@code gale run dev.gale.examples.ReverseDrpc -- WORD...}.
 */
public final class ReverseDrpc {
    /** The function's name. */
    static final String FUNCTION = "reverse";

    private ReverseDrpc() {
    }

    /** Answers a request with its argument reversed. */
    public static class ReverseBolt extends BaseBasicBolt {
        private static final long serialVersionUID = -3551245637021447212L;

        @Override
        public void execute(Tuple request, BasicOutputCollector collector) {
            String reversed = new StringBuilder(request.getString(1)).reverse().toString();
            collector.emit(new Values(request.getValue(0), reversed));
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("id", "reversed"));
        }
    }

    /** The function as a linear DRPC topology: one ReverseBolt stage of 2 tasks. */
    static LinearDRPCTopologyBuilder builder() {
        LinearDRPCTopologyBuilder builder = new LinearDRPCTopologyBuilder(FUNCTION);
        builder.addBolt(new ReverseBolt(), 2);
        return builder;
    }

    /** Submits the function as "reverse-drpc", then calls it with each argument and prints the answers. */
    public static void main(String[] args) throws Exception {
        Config conf = new Config();
        StormSubmitter.submitTopology("reverse-drpc", conf, builder().createRemoteTopology());
        try (DRPCClient drpc = DRPCClient.getConfiguredClient(conf)) {
            for (String word : args) {
                System.out.println(FUNCTION + "(" + word + ") = " + drpc.execute(FUNCTION, word));
            }
        }
    }
}
