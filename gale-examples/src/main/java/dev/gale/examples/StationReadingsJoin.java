package dev.gale.examples;

import dev.gale.bolt.SingleJoinBolt;
import dev.gale.generated.StormTopology;
import dev.gale.testing.FeederSpout;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import java.util.List;
import java.util.Map;

/**
 * Joins two streams on a key with a {@link SingleJoinBolt}: "stations" sends where each weather
 * station stands ({@code station, harbour}), "readings" the wind each measured
 * ({@code station, knots}), and "join" pairs them up on {@code station} into
 * {@code (harbour, knots)}. Both inputs are fields-grouped on the key, so the two halves of a pair
 * meet in one task. Station 9 sends a reading but no station record: its half waits in the join
 * until the message timeout, then is failed.
 *
 * <p>Run it with {@code gale run singlejoin}.
 */
public final class StationReadingsJoin {
    /** Where stations 1 to 8 stand (station i at the i-th harbour). */
    static final List<String> HARBOURS =
            List.of("Northgate", "Saltmarsh", "Kelp Point", "Brackwater", "Greyhaven", "Fairlee", "Tarn Bay", "Ouseley");

    private StationReadingsJoin() {
    }

    /** The wind station {@code station} reports, in knots. */
    static int knots(int station) {
        return station * 7 % 50;
    }

    /** "stations" and "readings" joined by "join". */
    static TopologyBuilder builder(FeederSpout stations, FeederSpout readings) {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("stations", stations);
        builder.setSpout("readings", readings);
        builder.setBolt("join", new SingleJoinBolt(new Fields("harbour", "knots")), 2)
                .fieldsGrouping("stations", new Fields("station"))
                .fieldsGrouping("readings", new Fields("station"));
        return builder;
    }

    /** Sends the readings of stations 9 down to 1 first, then the records of stations 1 to 8. */
    static void feed(FeederSpout stations, FeederSpout readings) {
        for (int station = HARBOURS.size() + 1; station >= 1; station--) {
            readings.feed(new Values(station, knots(station)));
        }
        for (int station = 1; station <= HARBOURS.size(); station++) {
            stations.feed(new Values(station, HARBOURS.get(station - 1)));
        }
    }

    /** Used by {@code gale run singlejoin}: the topology with its input already queued in the spouts. */
    public static StormTopology createTopology(Map<String, Object> conf) {
        FeederSpout stations = new FeederSpout(new Fields("station", "harbour"));
        FeederSpout readings = new FeederSpout(new Fields("station", "knots"));
        feed(stations, readings);
        return builder(stations, readings).createTopology();
    }
}
