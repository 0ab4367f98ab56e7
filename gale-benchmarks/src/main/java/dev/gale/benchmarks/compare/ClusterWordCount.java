package dev.gale.benchmarks.compare;

import dev.gale.Config;
import dev.gale.StormSubmitter;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;
import java.util.List;

/**
 * The reliable word count for a Storm cluster: sentences (acked, every tree tracked) -> split ->
 * count by word, over {@code topology.workers} 2, each worker reporting its meter to files
 * ({@link MeterReport}). {@link #main} submits it with {@code StormSubmitter}; compiled here
 * against Gale (which sends it to Storm through gale-storm, since the program runs with
 * {@code storm.jar} set) and by gale-benchmarks-storm against Storm's own API: one source, no
 * code change between the two.
 */
public final class ClusterWordCount {
    private ClusterWordCount() {
    }

    /** The topology: spout x2 -> split x4 -> count x4 (fields grouping on "word"). */
    public static TopologyBuilder builder() {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("sentences", new SentenceSpout(true), 2);
        b.setBolt("split", new SplitSentence(), 4).shuffleGrouping("sentences");
        b.setBolt("count", new WordCount(), 4).fieldsGrouping("split", new Fields("word"));
        b.addWorkerHook(new MeterReport());
        return b;
    }

    /**
     * Submits to the cluster. Arguments: topology name, report directory, Nimbus's Thrift port (on
     * 127.0.0.1), max spout pending. Run with {@code -Dstorm.jar=<topology jar>}.
     */
    public static void main(String[] args) throws Exception {
        if (args.length != 4) {
            throw new IllegalArgumentException("usage: ClusterWordCount <name> <report dir> <nimbus port> <max pending>");
        }
        Config conf = new Config();
        conf.setNumWorkers(2);
        conf.setMaxSpoutPending(Integer.parseInt(args[3]));
        conf.put(MeterReport.DIR, args[1]);
        conf.put("nimbus.seeds", List.of("127.0.0.1"));
        conf.put("nimbus.thrift.port", Integer.parseInt(args[2]));
        StormSubmitter.submitTopology(args[0], conf, builder().createTopology());
    }
}
