package dev.gale.cli.port;

/**
 * A kind of item the port report lists, with what the user does about it. Blocking items keep the
 * ported tree from building or running on Gale as it is; the others are worth a look.
 */
enum Category {
    TRIDENT("Trident", true,
            "Gale does not run Trident. Rewrite the topology with spouts and bolts: `groupBy` becomes a"
                    + " `fieldsGrouping`, aggregations over batches become windowed bolts (`BaseWindowedBolt`,"
                    + " docs/windows.md), `persistentAggregate` becomes a stateful bolt (`BaseStatefulBolt` with a"
                    + " `KeyValueState`, docs/state.md), DRPC streams a `LinearDRPCTopologyBuilder` topology."),
    KAFKA_ZOOKEEPER("storm-kafka's ZooKeeper spout", true,
            "storm-kafka (offsets in ZooKeeper) is gone since Storm 2.0. Use gale-kafka's"
                    + " `dev.gale.kafka.spout.KafkaSpout` with a `KafkaSpoutConfig`, storm-kafka-client's API:"
                    + " offsets are committed to Kafka, so a new consumer group starts per `FirstPollOffsetStrategy`."),
    CONNECTOR("Storm connectors", true,
            "Storm connectors are not yet bridged; see docs/porting.md. Keep the external system's own client"
                    + " in a bolt of yours, or run this topology on Storm through gale-storm."),
    INTERNAL("Storm daemons and internals", true,
            "Nimbus, supervisors, ZooKeeper cluster state, security plugins and the blob store do not exist in"
                    + " an embedded engine. Submit with `LocalCluster` or `StormSubmitter`; read what a topology"
                    + " does with `getTopologyStats` or the UI's REST API (docs/ui.md); drop the rest."),
    CLOJURE("Clojure DSL", true,
            "Storm's Clojure DSL is not supported: rewrite the topology with the Java API (callable from"
                    + " Clojure through interop)."),
    MISSING("Names Gale does not have after the swap", true,
            "Gale has no class or member of this name. docs/storm-api-differences.md lists what differs"
                    + " from Storm 2.8; replace the call, or tell us what you need."),
    SHADED_UNKNOWN("Shaded names of unknown origin", true,
            "storm-shaded-deps 2.8.3 relocates no such package. The name was rewritten to the library's own;"
                    + " declare the library that provides it."),
    BUILD("Build file edits to make by hand", true,
            "Edit the build file as each line says."),
    LIBRARY("Libraries used but not declared", false,
            "Your code imports these directly, your build does not declare them, and neither storm-client"
                    + " 2.8.3 nor gale-core brings them: they come from another dependency, or the build fails"
                    + " until you declare them."),
    SHADOWED("Your classes with the name of a class the gale launcher ships", false,
            "`gale run --jar` loads Gale's class first, not yours. Move your class to a package of your own"
                    + " (such as `com.example.examples` for `dev.gale.examples`).");

    private final String title;
    private final boolean blocking;
    private final String advice;

    Category(String title, boolean blocking, String advice) {
        this.title = title;
        this.blocking = blocking;
        this.advice = advice;
    }

    String title() {
        return title;
    }

    boolean blocking() {
        return blocking;
    }

    String advice() {
        return advice;
    }
}
