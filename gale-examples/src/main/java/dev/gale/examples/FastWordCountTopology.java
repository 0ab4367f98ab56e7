package dev.gale.examples;

import dev.gale.Config;
import dev.gale.StormSubmitter;
import dev.gale.examples.bolt.WordCountBolt;
import dev.gale.examples.spout.SentenceSpout;
import dev.gale.generated.ExecutorSummary;
import dev.gale.generated.Nimbus;
import dev.gale.generated.SpoutStats;
import dev.gale.generated.StormTopology;
import dev.gale.generated.TopologyInfo;
import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import dev.gale.utils.NimbusClient;
import dev.gale.utils.Utils;
import java.util.Map;

/**
 * Word count at full speed: the {@link SentenceSpout} never pauses, so the topology goes as fast
 * as the engine and the bolts allow, every sentence tracked to its end. Its {@code main} also shows
 * how a program watches a running topology through the Nimbus API: it submits the topology, then
 * prints the spout's acked and failed sentences from {@link TopologyInfo} every few seconds, and
 * kills the topology at the end.
 *
 * <p>Run it with {@code gale run fast-wordcount} (the launcher prints the rates itself); {@code main}
 * is for running it from a program of your own, or with Storm's {@code storm jar}.
 */
public final class FastWordCountTopology {
    private FastWordCountTopology() {
    }

    /** Splits a sentence into words; anchoring and acking are BaseBasicBolt's. */
    public static class SplitBolt extends BaseBasicBolt {
        private static final long serialVersionUID = 1936612096488301774L;

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
            Words.of(input.getStringByField("sentence")).forEach(w -> collector.emit(new Values(w)));
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word"));
        }
    }

    /** Used by {@code gale run fast-wordcount}: "sentences" (2 tasks) -> "split" (2) -> "count" (2). */
    public static StormTopology createTopology(Map<String, Object> conf) {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("sentences", new SentenceSpout(0), 2);
        builder.setBolt("split", new SplitBolt(), 2).shuffleGrouping("sentences");
        builder.setBolt("count", new WordCountBolt(), 2).fieldsGrouping("split", new Fields("word"));
        return builder.createTopology();
    }

    /** One line of figures: the spout's sentences acked and failed so far, and the rate since the start. */
    static String figures(Nimbus.Iface nimbus, String name) throws Exception {
        TopologyInfo info = nimbus.getTopologyInfoByName(name);
        long acked = 0;
        long failed = 0;
        for (ExecutorSummary executor : info.get_executors()) {
            if (executor.get_component_id().equals("sentences")) {
                SpoutStats spout = executor.get_stats().get_specific().get_spout();
                acked += allTime(spout.get_acked());
                failed += allTime(spout.get_failed());
            }
        }
        int uptime = Math.max(1, info.get_uptime_secs());
        return String.format("%s after %d s: %d sentences acked (%d a second), %d failed", name, uptime, acked,
                acked / uptime, failed);
    }

    /** A spout counter's all-time total over its streams. */
    private static long allTime(Map<String, Map<String, Long>> byWindow) {
        return byWindow.getOrDefault(":all-time", Map.of()).values().stream().mapToLong(Long::longValue).sum();
    }

    /**
     * Submits the topology as NAME (default "fast-wordcount"), prints its figures every SECONDS
     * (default 10) REPORTS times (default 6), then kills it.
     */
    public static void main(String[] args) throws Exception {
        String name = args.length > 0 ? args[0] : "fast-wordcount";
        long everyMillis = 1000L * (args.length > 1 ? Integer.parseInt(args[1]) : 10);
        int reports = args.length > 2 ? Integer.parseInt(args[2]) : 6;
        Config conf = new Config();
        StormSubmitter.submitTopology(name, conf, createTopology(conf));
        try (NimbusClient client = NimbusClient.getConfiguredClient(conf)) {
            Nimbus.Iface nimbus = client.getClient();
            for (int i = 0; i < reports; i++) {
                Utils.sleep(everyMillis);
                System.out.println(figures(nimbus, name));
            }
            nimbus.killTopology(name);
        }
    }
}
