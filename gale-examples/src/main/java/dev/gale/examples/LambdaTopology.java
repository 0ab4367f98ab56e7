package dev.gale.examples;

import dev.gale.generated.StormTopology;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Values;
import dev.gale.utils.Utils;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A topology written with lambdas only: the spout is a supplier of wind speeds in knots (emitted
 * on the field {@code "lambda"}), "beaufort" is a bolt lambda that adds the speed's force and name
 * on the Beaufort scale, and "print" a consumer lambda that prints one line per reading, such as
 * {@code 30 knots: force 7, near gale}. The bolt lambda captures a {@link Beaufort}; whatever a
 * lambda captures is serialized with it, so it must be serializable.
 *
 * <p>Run it with {@code gale run lambda}.
 */
public final class LambdaTopology {
    private LambdaTopology() {
    }

    /** Used by {@code gale run lambda}: "knots" -> "beaufort" -> "print". */
    public static StormTopology createTopology(Map<String, Object> conf) {
        Beaufort scale = new Beaufort();
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("knots", () -> {
            Utils.sleep(50); // keeps the printout readable, and short of the engine's 100 ms warning
            return ThreadLocalRandom.current().nextInt(70);
        });
        builder.setBolt("beaufort", (tuple, collector) -> {
            int knots = tuple.getIntegerByField("lambda");
            int force = scale.force(knots);
            collector.emit(new Values(knots, force, scale.name(force)));
        }, "knots", "force", "name").shuffleGrouping("knots");
        builder.setBolt("print", tuple -> System.out.println(tuple.getIntegerByField("knots") + " knots: force "
                + tuple.getIntegerByField("force") + ", " + tuple.getStringByField("name"))).shuffleGrouping("beaufort");
        return builder.createTopology();
    }
}
