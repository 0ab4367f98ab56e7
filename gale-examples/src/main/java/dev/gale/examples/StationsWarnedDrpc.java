package dev.gale.examples;

import dev.gale.Config;
import dev.gale.StormSubmitter;
import dev.gale.coordination.BatchOutputCollector;
import dev.gale.drpc.LinearDRPCTopologyBuilder;
import dev.gale.task.TopologyContext;
import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.topology.base.BaseBatchBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import dev.gale.utils.DRPCClient;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A DRPC function computed in several parallel steps: "stations-warned" answers how many distinct
 * weather stations lie in the sea regions a weather front crosses. The steps, each a bolt of a
 * {@link LinearDRPCTopologyBuilder}:
 * <ol>
 *   <li>the regions the front crosses, one tuple each;</li>
 *   <li>the stations of each region, one tuple each (a station may stand in two regions);</li>
 *   <li>per task, the distinct stations of the request: a batch bolt, fields-grouped on
 *       {@code (id, station)} so that a station's duplicates meet in one task;</li>
 *   <li>the sum of those partial counts: a batch bolt, fields-grouped on {@code id}.</li>
 * </ol>
 * A batch bolt emits when it has seen every tuple of the request: the builder's coordination
 * tells it when that is. The regions and stations are in-memory tables here.
 *
 * <p>Its {@code main} submits the topology and asks about each front of the table and one unknown;
 * run it with {@code gale run dev.gale.examples.StationsWarnedDrpc}.
 */
public final class StationsWarnedDrpc {
    /** The function's name. */
    static final String FUNCTION = "stations-warned";
    /** Front -> the sea regions it crosses. */
    static final Map<String, List<String>> FRONTS = Map.of(
            "atlantic-low", List.of("north-coast", "west-isles", "channel"),
            "polar-front", List.of("north-coast", "highlands"),
            "channel-squall", List.of("channel"));
    /** Sea region -> its stations. */
    static final Map<String, List<String>> STATIONS = Map.of(
            "north-coast", List.of("Northgate", "Kelp Point", "Greyhaven"),
            "west-isles", List.of("Tarn Bay", "Kelp Point", "Fairlee"),
            "channel", List.of("Saltmarsh", "Ouseley", "Brackwater", "Fairlee"),
            "highlands", List.of("Greyhaven", "Corrie"));

    private StationsWarnedDrpc() {
    }

    /** Step 1: (id, front) -> (id, region) for each region the front crosses. */
    public static class RegionsBolt extends BaseBasicBolt {
        private static final long serialVersionUID = 6482231390584731307L;

        @Override
        public void execute(Tuple request, BasicOutputCollector collector) {
            for (String region : FRONTS.getOrDefault(request.getString(1), List.of())) {
                collector.emit(new Values(request.getValue(0), region));
            }
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("id", "region"));
        }
    }

    /** Step 2: (id, region) -> (id, station) for each station of the region. */
    public static class StationsBolt extends BaseBasicBolt {
        private static final long serialVersionUID = -2741148651208262810L;

        @Override
        public void execute(Tuple region, BasicOutputCollector collector) {
            for (String station : STATIONS.getOrDefault(region.getString(1), List.of())) {
                collector.emit(new Values(region.getValue(0), station));
            }
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("id", "station"));
        }
    }

    /** Step 3: the number of distinct stations this task saw for one request. One instance per request. */
    public static class DistinctStationsBolt extends BaseBatchBolt<Object> {
        private static final long serialVersionUID = 3925160428416316094L;
        private transient BatchOutputCollector collector;
        private transient Object requestId;
        private final Set<String> stations = new HashSet<>();

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context, BatchOutputCollector collector,
                            Object requestId) {
            this.collector = collector;
            this.requestId = requestId;
        }

        @Override
        public void execute(Tuple station) {
            stations.add(station.getString(1));
        }

        @Override
        public void finishBatch() {
            collector.emit(new Values(requestId, stations.size()));
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("id", "distinct"));
        }
    }

    /** Step 4: the sum of the partial counts of one request, its answer. One instance per request. */
    public static class SumBolt extends BaseBatchBolt<Object> {
        private static final long serialVersionUID = -806719127392250342L;
        private transient BatchOutputCollector collector;
        private transient Object requestId;
        private int total;

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context, BatchOutputCollector collector,
                            Object requestId) {
            this.collector = collector;
            this.requestId = requestId;
        }

        @Override
        public void execute(Tuple partial) {
            total += partial.getInteger(1);
        }

        @Override
        public void finishBatch() {
            collector.emit(new Values(requestId, total));
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("id", "stations"));
        }
    }

    /** The four steps, with their parallelism and groupings. */
    static LinearDRPCTopologyBuilder builder() {
        LinearDRPCTopologyBuilder builder = new LinearDRPCTopologyBuilder(FUNCTION);
        builder.addBolt(new RegionsBolt(), 2);
        builder.addBolt(new StationsBolt(), 4).shuffleGrouping();
        builder.addBolt(new DistinctStationsBolt(), 3).fieldsGrouping(new Fields("id", "station"));
        builder.addBolt(new SumBolt(), 2).fieldsGrouping(new Fields("id"));
        return builder;
    }

    /** Submits the function as "stations-warned-drpc" and prints its answer for each front, and one unknown. */
    public static void main(String[] args) throws Exception {
        Config conf = new Config();
        StormSubmitter.submitTopology("stations-warned-drpc", conf, builder().createRemoteTopology());
        try (DRPCClient drpc = DRPCClient.getConfiguredClient(conf)) {
            for (String front : List.of("atlantic-low", "polar-front", "channel-squall", "no-such-front")) {
                System.out.println(FUNCTION + "(" + front + ") = " + drpc.execute(FUNCTION, front));
            }
        }
    }
}
