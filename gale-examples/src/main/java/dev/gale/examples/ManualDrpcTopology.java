package dev.gale.examples;

import dev.gale.Config;
import dev.gale.StormSubmitter;
import dev.gale.drpc.DRPCSpout;
import dev.gale.drpc.ReturnResults;
import dev.gale.generated.StormTopology;
import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import dev.gale.utils.DRPCClient;

/**
 * A DRPC function wired by hand, without LinearDRPCTopologyBuilder: a {@link DRPCSpout} emits each
 * call of "letters" as {@code (argument, return info)}, a bolt counts the argument's letters and
 * passes the return info along, and {@link ReturnResults} sends {@code (result, return info)} back
 * to the caller. This is all the builder would add, minus its bookkeeping for multi-step
 * functions.
 *
 * <p>Its {@code main} submits the topology and calls the function for each argument, printing
 * {@code letters(Kelp Point) = 9}. Run it with
 * {@code gale run dev.gale.examples.ManualDrpcTopology -- WORDS...}.
 */
public final class ManualDrpcTopology {
    /** The function's name. */
    static final String FUNCTION = "letters";

    private ManualDrpcTopology() {
    }

    /** Counts the letters of a call's argument; the return info travels with the result. */
    public static class CountLettersBolt extends BaseBasicBolt {
        private static final long serialVersionUID = 8170325512736004618L;

        @Override
        public void execute(Tuple call, BasicOutputCollector collector) {
            long letters = call.getStringByField("args").chars().filter(Character::isLetter).count();
            collector.emit(new Values(String.valueOf(letters), call.getValueByField("return-info")));
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("result", "return-info"));
        }
    }

    /** "calls" (DRPCSpout) -> "count-letters" (2 tasks) -> "return" (ReturnResults). */
    static StormTopology createTopology() {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("calls", new DRPCSpout(FUNCTION));
        builder.setBolt("count-letters", new CountLettersBolt(), 2).shuffleGrouping("calls");
        builder.setBolt("return", new ReturnResults()).shuffleGrouping("count-letters");
        return builder.createTopology();
    }

    /** Submits the function as "letters-drpc", then calls it with each argument and prints the answers. */
    public static void main(String[] args) throws Exception {
        Config conf = new Config();
        StormSubmitter.submitTopology("letters-drpc", conf, createTopology());
        try (DRPCClient drpc = DRPCClient.getConfiguredClient(conf)) {
            for (String words : args) {
                System.out.println(FUNCTION + "(" + words + ") = " + drpc.execute(FUNCTION, words));
            }
        }
    }
}
