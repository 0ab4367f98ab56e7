package dev.gale.examples;

import dev.gale.Config;
import dev.gale.StormSubmitter;
import dev.gale.examples.spout.WordSpout;
import dev.gale.generated.StormTopology;
import dev.gale.topology.SharedOffHeapWithinNode;
import dev.gale.topology.SharedOnHeap;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Values;
import java.util.Locale;
import java.util.Map;

/**
 * How a topology states the resources it needs, for Storm's resource-aware scheduler:
 * <ul>
 *   <li>per component, CPU ({@code setCPULoad}, in percent of a core per executor) and memory
 *       ({@code setMemoryLoad}, on-heap and off-heap megabytes per executor); a component that
 *       sets none gets the {@code topology.component.*} defaults;</li>
 *   <li>memory several executors share, declared once and named by each component that uses it:
 *       {@link SharedOnHeap} (e.g. a cache in the worker's heap) or
 *       {@link SharedOffHeapWithinNode} (e.g. a memory-mapped table, once per machine);</li>
 *   <li>per topology, the largest worker heap and the priority among topologies.</li>
 * </ul>
 * Gale runs a topology inside one JVM and schedules nothing: it records these requests, shows
 * them in the topology's summary (requested memory and CPU) and otherwise ignores them, so the
 * same code runs on Storm's cluster.
 *
 * <p>Run it with {@code gale run dev.gale.examples.ResourceRequestsTopology}.
 */
public final class ResourceRequestsTopology {
    private ResourceRequestsTopology() {
    }

    /** "words" (2 executors) -> "upper" (3) -> "length" (2), with their requests; sets conf's worker heap and priority. */
    public static StormTopology createTopology(Map<String, Object> conf) {
        conf.put(Config.TOPOLOGY_WORKER_MAX_HEAP_SIZE_MB, 512.0);
        conf.put(Config.TOPOLOGY_PRIORITY, 10);

        SharedOnHeap wordCache = new SharedOnHeap(32, "word-cache");
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("words", new WordSpout(), 2)
                .setCPULoad(15)
                .setMemoryLoad(48, 8);
        builder.setBolt("upper", (input, out) -> out.emit(new Values(input.getString(0).toUpperCase(Locale.ROOT))),
                        3, "word")
                .shuffleGrouping("words")
                .addSharedMemory(wordCache);
        builder.setBolt("length", (input, out) -> out.emit(new Values(input.getString(0), input.getString(0).length())),
                        2, "word", "length")
                .shuffleGrouping("upper")
                .setCPULoad(25)
                .setMemoryLoad(96)
                .addSharedMemory(wordCache)
                .addSharedMemory(new SharedOffHeapWithinNode(200, "length-table"));
        return builder.createTopology();
    }

    /** Submits the topology as "resource-requests" (or the first argument). */
    public static void main(String[] args) throws Exception {
        Config conf = new Config();
        StormTopology topology = createTopology(conf);
        StormSubmitter.submitTopology(args.length > 0 ? args[0] : "resource-requests", conf, topology);
    }
}
