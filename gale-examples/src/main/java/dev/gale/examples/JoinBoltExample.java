package dev.gale.examples;

import dev.gale.bolt.JoinBolt;
import dev.gale.examples.spout.RecordSpout;
import dev.gale.generated.StormTopology;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseWindowedBolt.Duration;
import dev.gale.tuple.Fields;
import java.util.List;

/**
 * Joins two streams with {@link JoinBolt}, window by window, as SQL would join two tables:
 * wind readings, left-joined on their station to the stations' names, over a tumbling window of
 * {@value #WINDOW_SECS} s:
 *
 * <pre>
 *   readings --fields(station)---> join --> print
 *   stations --fields(stationId)-/
 * </pre>
 *
 * <p>Both streams are fields-grouped on the join key, so matching records meet in the same join
 * task. A reading from a station with no record in the window (buoy-7 here) is kept by the left
 * join, its name null. Each joined record is printed when the window closes, after
 * {@value #WINDOW_SECS} s; the records it was made of are acked when they leave the window, at the
 * next one.
 *
 * <p>Run it with {@code gale run join-bolt --seconds 15}.
 */
public final class JoinBoltExample {
    static final int WINDOW_SECS = 10;
    static final List<List<Object>> STATIONS = List.of(
            List.of("lighthouse", "Cape Lighthouse"),
            List.of("north-pier", "North Pier"),
            List.of("ridge", "Ridge Mast"));
    static final List<List<Object>> READINGS = List.of(
            List.of("ridge", 34),
            List.of("lighthouse", 21),
            List.of("buoy-7", 17),
            List.of("north-pier", 12),
            List.of("ridge", 39),
            List.of("lighthouse", 26));

    private JoinBoltExample() {
    }

    /** The topology {@code gale run join-bolt} runs. */
    public static StormTopology createTopology() {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("readings", new RecordSpout(new Fields("station", "knots"), READINGS));
        builder.setSpout("stations", new RecordSpout(new Fields("stationId", "name"), STATIONS));
        JoinBolt join = new JoinBolt("readings", "station")
                .leftJoin("stations", "stationId", "readings")
                .select("station,name,knots")
                .withTumblingWindow(Duration.seconds(WINDOW_SECS));
        builder.setBolt("join", join, 2)
                .fieldsGrouping("readings", new Fields("station"))
                .fieldsGrouping("stations", new Fields("stationId"));
        builder.setBolt("print", tuple -> System.out.println("joined: " + tuple.getValueByField("station") + " ("
                + tuple.getValueByField("name") + "): " + tuple.getValueByField("knots") + " kn"))
                .shuffleGrouping("join");
        return builder.createTopology();
    }
}
