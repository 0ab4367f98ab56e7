package dev.gale.examples;

import dev.gale.Config;
import dev.gale.generated.StormTopology;
import dev.gale.topology.ConfigurableTopology;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Values;
import java.util.UUID;

/**
 * storm-starter's LambdaTopology: a spout, a bolt and a sink written as lambdas. "spout1" emits
 * random UUIDs (field "lambda"), "bolt1" emits ("Hello lambda:" + the UUID's first part +
 * ":so cool!", 999), "bolt2" prints each tuple.
 */
public class LambdaTopology extends ConfigurableTopology {
    public static void main(String[] args) {
        ConfigurableTopology.start(new LambdaTopology(), args);
    }

    /** Used by {@code gale run lambda} and the tests. */
    public static StormTopology createTopology() {
        return builder().createTopology();
    }

    static TopologyBuilder builder() {
        TopologyBuilder builder = new TopologyBuilder();

        // example. spout1: generate random strings
        // bolt1: get the first part of a string
        // bolt2: output the tuple

        // What a lambda captures must be effectively final and, unless primitive, Serializable:
        // the lambda is serialized with the topology.
        Prefix prefix = new Prefix("Hello lambda:");
        String suffix = ":so cool!";
        int tag = 999;

        builder.setSpout("spout1", () -> UUID.randomUUID().toString());
        builder.setBolt("bolt1", (tuple, collector) -> {
            String[] parts = tuple.getStringByField("lambda").split("\\-");
            collector.emit(new Values(prefix + parts[0] + suffix, tag));
        }, "strValue", "intValue").shuffleGrouping("spout1");
        builder.setBolt("bolt2", tuple -> System.out.println(tuple)).shuffleGrouping("bolt1");
        return builder;
    }

    @Override
    protected int run(String[] args) throws Exception {
        TopologyBuilder builder = builder();

        Config conf = new Config();
        conf.setDebug(true);
        conf.setNumWorkers(2);

        return submit("lambda-demo", conf, builder);
    }
}
