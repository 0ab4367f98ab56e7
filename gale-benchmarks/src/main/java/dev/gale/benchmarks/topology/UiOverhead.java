package dev.gale.benchmarks.topology;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.benchmarks.compare.ConstSpout;
import dev.gale.benchmarks.compare.IdBolt;
import dev.gale.benchmarks.compare.NullBolt;
import dev.gale.topology.TopologyBuilder;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What watching a topology costs: the ack-1000 topology (ConstSpout -> IdBolt -> NullBolt, one
 * acker, max spout pending 1000) in rounds alternating without the UI and with the UI on and
 * polled as an open page does (summary, topology, graph, history and a component every second)
 * plus a Prometheus scrape every second. Same JVM, same run; prints each round's acked trees per
 * second, the bytes the topology's own threads allocated per tree, and the load average.
 *
 * <p>Arguments: rounds (default 6), warm-up seconds (5), measured seconds (10).
 */
public final class UiOverhead {
    private UiOverhead() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 6;
        int warmup = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        int measure = args.length > 2 ? Integer.parseInt(args[2]) : 10;
        List<Double> off = new ArrayList<>();
        List<Double> on = new ArrayList<>();
        List<Double> offAlloc = new ArrayList<>();
        List<Double> onAlloc = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
            // off, on, on, off, off, on, ...: neither side always runs first.
            boolean withUi = (r % 4 == 1) || (r % 4 == 2);
            double[] result = round(withUi, warmup, measure);
            (withUi ? on : off).add(result[0]);
            (withUi ? onAlloc : offAlloc).add(result[1]);
            System.out.printf(Locale.ROOT, "round %d  %-11s %,12.0f acked trees/s   %6.1f B allocated per tree by the"
                    + " topology's threads   UI+poller CPU %5.1f ms/s (%.1f requests/s)   load average %s%n", r + 1,
                    withUi ? "UI polled" : "no UI", result[0], result[1], result[2], result[3], loadAverage());
        }
        System.out.printf(Locale.ROOT, "median: no UI %,.0f/s (%.1f B/tree), UI polled %,.0f/s (%.1f B/tree): %+.1f%%%n",
                median(off), median(offAlloc), median(on), median(onAlloc), (median(on) / median(off) - 1) * 100);
    }

    private static double[] round(boolean withUi, int warmup, int measure) throws Exception {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", new ConstSpout(true));
        b.setBolt("id", new IdBolt()).localOrShuffleGrouping("spout");
        b.setBolt("null", new NullBolt()).localOrShuffleGrouping("id");
        Config conf = new Config();
        conf.setNumAckers(1);
        conf.setMaxSpoutPending(1000);
        LocalCluster.Builder builder = new LocalCluster.Builder();
        if (withUi) {
            builder.withUi(0);
        }
        AtomicBoolean polling = new AtomicBoolean(true);
        AtomicLong requests = new AtomicLong();
        try (LocalCluster cluster = builder.build()) {
            cluster.submitTopology("quick", conf, b.createTopology());
            Thread poller = null;
            if (withUi) {
                URI base = cluster.getUiUrl().orElseThrow();
                poller = new Thread(() -> poll(base, polling, requests), "ui-poller");
                poller.setDaemon(true);
                poller.start();
            }
            Thread.sleep(warmup * 1000L);
            long acked0 = cluster.getTopologyStats("quick").component("spout").orElseThrow().acked();
            long alloc0 = topologyAllocatedBytes();
            long uiCpu0 = uiCpuNanos();
            long t0 = System.nanoTime();
            Thread.sleep(measure * 1000L);
            long acked1 = cluster.getTopologyStats("quick").component("spout").orElseThrow().acked();
            long alloc1 = topologyAllocatedBytes();
            long uiCpu1 = uiCpuNanos();
            long t1 = System.nanoTime();
            polling.set(false);
            if (poller != null) {
                poller.join(5000);
            }
            long trees = acked1 - acked0;
            return new double[] {trees * 1e9 / (t1 - t0), trees == 0 ? 0 : (double) (alloc1 - alloc0) / trees,
                (uiCpu1 - uiCpu0) / 1e6 / ((t1 - t0) / 1e9), requests.get() / (double) (warmup + measure)};
        }
    }

    /** What an open page requests every second, plus a Prometheus scrape. */
    private static void poll(URI base, AtomicBoolean polling, AtomicLong requests) {
        HttpClient http = HttpClient.newHttpClient();
        String[] paths = {"api/v1/topology/summary", "api/v1/topology/quick", "api/v1/topology/quick/graph",
            "api/v1/topology/quick/history", "api/v1/topology/quick/component/id", "metrics"};
        while (polling.get()) {
            long start = System.nanoTime();
            for (String p : paths) {
                try {
                    HttpResponse<String> r = http.send(HttpRequest.newBuilder(base.resolve(p)).build(),
                            HttpResponse.BodyHandlers.ofString());
                    if (r.statusCode() != 200) {
                        throw new IllegalStateException(p + ": " + r.statusCode());
                    }
                    requests.incrementAndGet();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }
            long left = 1000 - (System.nanoTime() - start) / 1_000_000;
            if (left > 0) {
                try {
                    Thread.sleep(left);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }

    /** CPU time so far of the UI's threads (server, sampler) and of the poller standing in for the browser. */
    private static long uiCpuNanos() {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long sum = 0;
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            String n = t.getName();
            if (n.startsWith("gale-ui") || n.equals("ui-poller") || n.startsWith("HttpClient")) {
                sum += Math.max(0, mx.getThreadCpuTime(t.getId()));
            }
        }
        return sum;
    }

    /** Bytes allocated so far by the topology's executor and timer threads ("gale-quick-..."). */
    private static long topologyAllocatedBytes() {
        // fully qualified: the JDK's extension of java.lang.management.ThreadMXBean, with allocation counts
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean(); // fully qualified: as above
        long sum = 0;
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith("gale-quick-")) {
                sum += mx.getThreadAllocatedBytes(t.getId());
            }
        }
        return sum;
    }

    private static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (Exception e) {
            return "n/a";
        }
    }

    private static double median(List<Double> xs) {
        double[] a = xs.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(a);
        return a.length == 0 ? 0 : a.length % 2 == 1 ? a[a.length / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
    }
}
