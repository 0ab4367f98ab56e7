package dev.gale.benchmarks.compare;

import com.sun.management.OperatingSystemMXBean;
import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.topology.IRichBolt;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseWindowedBolt;
import dev.gale.tuple.Fields;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;

/**
 * One benchmark run in its own JVM, the same code on both engines (only the imports differ): starts
 * a LocalCluster, submits one scenario, waits for the first completed tuple, warms up, measures,
 * prints one {@code RESULT key=value ...} line on stdout and halts the JVM (no engine shutdown is
 * timed or waited for).
 *
 * <p>Usage: {@code TopologyRun <scenario> <warmupSecs> <measureSecs>}; scenarios: {@code ack-1000},
 * {@code ack-5000} (ConstSpout -> IdBolt -> NullBolt, 1 acker, that max spout pending),
 * {@code ack-1000-traced} (Gale only: ack-1000 with sampled tree tracing, {@code gale.trace.sample}
 * 1000, or {@code -Dbench.trace.sample}),
 * {@code noack} (the same without ackers), {@code wordcount} (sentence spout x2 -> split x2 -> count
 * x2 on fields grouping, 1 acker, max spout pending 1000 per spout task; {@link Sentences#sources()}
 * spouts, which Flink's run takes for its source's parallelism), {@code wordcount-python} (the same
 * with the splitter a multilang bolt, {@link PythonSplitSentence}: needs {@code python3}), {@code wide} (ConstSpout x4 -> IdBolt x8
 * -> NullBolt x8, shuffle groupings, 1 acker, max spout pending 1000 per spout task: more executors
 * than cores), {@code idle} ({@value #IDLE_CHAINS} silent spouts, each followed by a chain of
 * {@value #IDLE_CHAIN_LENGTH} bolts: 200 executors plus the acker, left idle; warm-up starts once
 * every task is open or prepared, and what counts is the process CPU over the window, as
 * {@code cpu_pct_core}), and the windows: {@code window-count} (StampedSpout -> WindowSum over a
 * sliding window of 1000 tuples, every 100 -> NullBolt; 1 acker, max spout pending 5000) and
 * {@code window-time} (the same over 10 s, every 1 s; max spout pending
 * {@value #WINDOW_TIME_PENDING}, or {@code -Dbench.window.pending}). An input tuple is acked when it
 * leaves its last window, so the acked trees per second are the windowed tuples per second; by
 * time, each stays pending about 10.5 s, which caps them at max pending / 10.5 s. The window
 * scenarios also report how long a tuple waits from its emit for its first window, and the heap
 * (after a full GC) over the tuples the window holds, less the heap before submit:
 * {@code bytes_per_windowed_tuple}, what holding a tuple in a window costs all told (tuple, window,
 * pending tree; with 1000 tuples held, the topology's fixed cost weighs in too).
 *
 * <p>The stateful word counts ({@code state-memory}, {@code state-redis}, {@code state-rocksdb}):
 * {@link NumberedSentenceSpout} -> SplitSentence x2 -> {@link StatefulWordCount} x2 (fields grouping;
 * 1 acker; checkpoint every {@code -Dbench.state.interval} ms, default 1000; max spout pending
 * {@code -Dbench.state.pending}, default 100,000, since a tree completes only with the checkpoint
 * that commits it) on the default in-memory state, Redis ({@code -Dbench.redis.port}, on 127.0.0.1)
 * or RocksDB ({@code -Dbench.rocksdb.dir}; Gale only). They also report the checkpoint time
 * ({@link StateMeter}) and the state's size per key: heap after a full GC less the heap before
 * submit (memory), Redis's {@code used_memory} growth (Redis), the database directory's size on
 * disk (RocksDB), over the distinct keys counted.
 */
public final class TopologyRun {
    /** Prefix of the one line the comparison driver reads. */
    public static final String RESULT_PREFIX = "RESULT ";
    private static final long FIRST_TUPLE_TIMEOUT_NANOS = 120_000_000_000L;
    /** The idle scenario's spouts, each heading one chain of bolts. */
    static final int IDLE_CHAINS = 20;
    /** Bolts in each of the idle scenario's chains. */
    static final int IDLE_CHAIN_LENGTH = 9;
    /** Max spout pending of window-time: the trees its 10 s window holds at most. */
    static final int WINDOW_TIME_PENDING = 1_000_000;

    private TopologyRun() {
    }

    /**
     * A bolt of {@code dev.gale.benchmarks.bridge.StormApiBolts}, found by name: this class is also
     * compiled against Storm's API for Storm's runs, where the bridge does not exist.
     */
    private static IRichBolt bridged(String kind) {
        try {
            return (IRichBolt) Class.forName("dev.gale.benchmarks.bridge.StormApiBolts").getMethod(kind).invoke(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("ack-1000-bridged runs on Gale only, with gale-storm-bridge", e);
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 3) {
            System.err.println("usage: TopologyRun <ack-1000|ack-5000|ack-1000-traced|ack-1000-bridged|noack|wordcount|wordcount-python|wide|idle"
                    + "|window-count|window-time"
                    + "|state-memory|state-redis|state-rocksdb>"
                    + " <warmupSecs> <measureSecs>");
            System.exit(2);
        }
        String scenario = args[0];
        double warmupSecs = Double.parseDouble(args[1]);
        double measureSecs = Double.parseDouble(args[2]);

        TopologyBuilder b = new TopologyBuilder();
        Config conf = new Config();
        // -Dgale.scheduler.threads=0 and the like in --jvm-opts: Gale settings for A/B runs.
        System.getProperties().stringPropertyNames().stream().filter(k -> k.startsWith("gale."))
                .forEach(k -> conf.put(k, System.getProperty(k)));
        boolean acking = true;
        boolean idle = false;
        switch (scenario) {
            case "ack-1000", "ack-5000" -> {
                b.setSpout("spout", new ConstSpout(true), 1);
                b.setBolt("id", new IdBolt(), 1).shuffleGrouping("spout");
                b.setBolt("null", new NullBolt(), 1).shuffleGrouping("id");
                conf.setNumAckers(1);
                conf.setMaxSpoutPending(Integer.parseInt(scenario.substring("ack-".length())));
            }
            case "ack-1000-traced" -> { // Gale only: ack-1000 with sampled tree tracing, 1 tree in 1000
                b.setSpout("spout", new ConstSpout(true), 1);
                b.setBolt("id", new IdBolt(), 1).shuffleGrouping("spout");
                b.setBolt("null", new NullBolt(), 1).shuffleGrouping("id");
                conf.setNumAckers(1);
                conf.setMaxSpoutPending(1000);
                conf.put("gale.trace.sample", Integer.getInteger("bench.trace.sample", 1000));
            }
            case "ack-1000-bridged" -> { // Gale only: ack-1000 with its bolts written against Storm's API (gale-storm-bridge)
                b.setSpout("spout", new ConstSpout(true), 1);
                b.setBolt("id", bridged("id"), 1).shuffleGrouping("spout");
                b.setBolt("null", bridged("sink"), 1).shuffleGrouping("id");
                conf.setNumAckers(1);
                conf.setMaxSpoutPending(1000);
            }
            case "noack" -> {
                acking = false;
                b.setSpout("spout", new ConstSpout(false), 1);
                b.setBolt("id", new IdBolt(), 1).shuffleGrouping("spout");
                b.setBolt("null", new NullBolt(), 1).shuffleGrouping("id");
                conf.setNumAckers(0);
            }
            case "wordcount" -> {
                b.setSpout("spout", new SentenceSpout(true), Sentences.sources());
                b.setBolt("split", new SplitSentence(), 2).shuffleGrouping("spout");
                b.setBolt("count", new WordCount(), 2).fieldsGrouping("split", new Fields("word"));
                conf.setNumAckers(1);
                conf.setMaxSpoutPending(1000);
            }
            case "wordcount-python" -> {
                b.setSpout("spout", new SentenceSpout(true), Sentences.sources());
                b.setBolt("split", new PythonSplitSentence(), 2).shuffleGrouping("spout");
                b.setBolt("count", new WordCount(), 2).fieldsGrouping("split", new Fields("word"));
                conf.setNumAckers(1);
                conf.setMaxSpoutPending(1000);
            }
            case "wide" -> {
                b.setSpout("spout", new ConstSpout(true), 4);
                b.setBolt("id", new IdBolt(), 8).shuffleGrouping("spout");
                b.setBolt("null", new NullBolt(), 8).shuffleGrouping("id");
                conf.setNumAckers(1);
                conf.setMaxSpoutPending(1000);
            }
            case "idle" -> {
                idle = true;
                for (int c = 0; c < IDLE_CHAINS; c++) {
                    String previous = "spout-" + c;
                    b.setSpout(previous, new SilentSpout(), 1);
                    for (int i = 1; i <= IDLE_CHAIN_LENGTH; i++) {
                        String bolt = "bolt-" + c + "-" + i;
                        b.setBolt(bolt, i == IDLE_CHAIN_LENGTH ? new NullBolt() : new IdBolt(), 1)
                                .shuffleGrouping(previous);
                        previous = bolt;
                    }
                }
                conf.setNumAckers(1);
                conf.setMaxSpoutPending(1000);
            }
            case "window-count" -> {
                b.setSpout("spout", new StampedSpout(), 1);
                b.setBolt("window", new WindowSum().withWindow(BaseWindowedBolt.Count.of(1000),
                        BaseWindowedBolt.Count.of(100)), 1).shuffleGrouping("spout");
                b.setBolt("null", new NullBolt(), 1).shuffleGrouping("window");
                conf.setNumAckers(1);
                conf.setMaxSpoutPending(5000);
            }
            case "window-time" -> {
                b.setSpout("spout", new StampedSpout(), 1);
                b.setBolt("window", new WindowSum().withWindow(BaseWindowedBolt.Duration.seconds(10),
                        BaseWindowedBolt.Duration.seconds(1)), 1).shuffleGrouping("spout");
                b.setBolt("null", new NullBolt(), 1).shuffleGrouping("window");
                conf.setNumAckers(1);
                conf.setMaxSpoutPending(Integer.getInteger("bench.window.pending", WINDOW_TIME_PENDING));
            }
            case "state-memory", "state-redis", "state-rocksdb" -> {
                b.setSpout("spout", new NumberedSentenceSpout(), 1);
                b.setBolt("split", new SplitSentence(), 2).shuffleGrouping("spout");
                b.setBolt("count", new StatefulWordCount(), 2).fieldsGrouping("split", new Fields("word"));
                conf.setNumAckers(1);
                conf.setMaxSpoutPending(Integer.getInteger("bench.state.pending", 100_000));
                conf.put(Config.TOPOLOGY_STATE_CHECKPOINT_INTERVAL, Integer.getInteger("bench.state.interval", 1000));
                if (scenario.equals("state-redis")) {
                    // Storm's class name; Gale reads it as its own dev.gale.redis.state provider.
                    conf.put(Config.TOPOLOGY_STATE_PROVIDER, "org.apache.storm.redis.state.RedisKeyValueStateProvider");
                    conf.put(Config.TOPOLOGY_STATE_PROVIDER_CONFIG, "{\"jedisPoolConfig\": {\"host\": \"127.0.0.1\","
                            + " \"port\": " + redisPort() + ", \"timeout\": 10000}}");
                } else if (scenario.equals("state-rocksdb")) {
                    conf.put(Config.TOPOLOGY_STATE_PROVIDER, "dev.gale.rocksdb.state.RocksDbKeyValueStateProvider");
                    conf.put(Config.TOPOLOGY_STATE_PROVIDER_CONFIG, "{\"path\": \"" + rocksDbDir() + "\"}");
                }
            }
            default -> throw new IllegalArgumentException("unknown scenario " + scenario);
        }
        boolean windows = scenario.startsWith("window-");
        boolean state = scenario.startsWith("state-");
        conf.setNumWorkers(1);
        conf.setMessageTimeoutSecs(30);

        OperatingSystemMXBean os =
                (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        Meter.init();
        long clusterStart = System.nanoTime();
        LocalCluster cluster = new LocalCluster();
        long heapBefore = windows || state ? heapAfterGc() : 0;
        if (scenario.equals("state-redis")) {
            try (redis.clients.jedis.Jedis j = new redis.clients.jedis.Jedis("127.0.0.1", redisPort())) {
                j.flushAll(); // each run starts from an empty state, as on the other providers
            }
        }
        long redisBefore = scenario.equals("state-redis") ? redisUsedMemory() : 0;
        long submitNanos = System.nanoTime();
        cluster.submitTopology("bench", conf, b.createTopology());
        long submitReturned = System.nanoTime();

        // Warm-up starts once the topology has completed its first tuple, so an engine's start-up
        // time is reported on its own and does not eat into its warm-up.
        // The idle topology completes nothing: its warm-up starts once every task is open or prepared.
        AtomicLong first = idle ? new AtomicLong()
                : acking ? Meter.FIRST_ACK_NANOS : Meter.FIRST_SINK_NANOS;
        while (first.get() == 0) {
            if (System.nanoTime() - submitNanos > FIRST_TUPLE_TIMEOUT_NANOS) {
                throw new IllegalStateException(idle ? "not every idle task was ready within 120 s of submit"
                        : "no tuple completed within 120 s of submit");
            }
            if (idle && Meter.READY_TASKS.get() >= IDLE_CHAINS * (1 + IDLE_CHAIN_LENGTH)) {
                first.set(System.nanoTime());
            }
            Thread.sleep(0, 100_000);
        }
        long firstNanos = first.get();
        System.err.printf(Locale.ROOT, "progress: %s %.0f ms after submit%n",
                idle ? "every task ready" : acking ? "first ack" : "first tuple", (firstNanos - submitNanos) / 1e6);
        sleepReporting(acking, !idle, "warm-up", warmupSecs, null);

        Meter.takeLatencies(); // drop the warm-up's latencies
        Meter.FIRST_WINDOW_LATENCY.getIntervalHistogram();
        Histogram lat = new Histogram(Meter.MAX_LATENCY_NANOS, 3);
        long acked0 = Meter.acked();
        long failed0 = Meter.FAILED.sum();
        long sink0 = Meter.sinkTuples();
        long untimed0 = Meter.untimed();
        long checkpoints0 = StateMeter.CHECKPOINTS.sum();
        long checkpointNanos0 = StateMeter.CHECKPOINT_NANOS.sum();
        StateMeter.takeMaxNanos();
        long gc0 = gcMillis();
        long cpu0 = os.getProcessCpuTime();
        long t0 = System.nanoTime();
        sleepReporting(acking, !idle, "measure", measureSecs, lat);
        long t1 = System.nanoTime();
        long cpu1 = os.getProcessCpuTime();
        long gc1 = gcMillis();
        long acked = Meter.acked() - acked0;
        long failed = Meter.FAILED.sum() - failed0;
        long sink = Meter.sinkTuples() - sink0;
        long untimed = Meter.untimed() - untimed0;
        lat.add(Meter.takeLatencies());

        double secs = (t1 - t0) / 1e9;
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("scenario", scenario);
        r.put("measure_s", secs);
        r.put("cluster_start_ms", (submitNanos - clusterStart) / 1e6);
        r.put("submit_call_ms", (submitReturned - submitNanos) / 1e6);
        r.put("first_ms", (firstNanos - submitNanos) / 1e6);
        r.put("acked", acked);
        r.put("failed", failed);
        r.put("untimed", untimed);
        r.put("sink_tuples", sink);
        r.put("acked_per_s", acked / secs);
        r.put("sink_per_s", sink / secs);
        if (lat.getTotalCount() > 0) {
            r.put("lat_mean_ms", lat.getMean() / 1e6);
            r.put("lat_p50_ms", lat.getValueAtPercentile(50) / 1e6);
            r.put("lat_p99_ms", lat.getValueAtPercentile(99) / 1e6);
            r.put("lat_p999_ms", lat.getValueAtPercentile(99.9) / 1e6);
            r.put("lat_max_ms", lat.getMaxValue() / 1e6);
        }
        r.put("cpu_cores", (cpu1 - cpu0) / (double) (t1 - t0));
        r.put("cpu_pct_core", 100.0 * (cpu1 - cpu0) / (t1 - t0));
        long done = acking ? acked : sink;
        if (done > 0) {
            r.put("cpu_us_per_tuple", (cpu1 - cpu0) / 1e3 / done);
        }
        r.put("gc_ms", gc1 - gc0);
        if (windows) {
            Histogram firstWindow = Meter.FIRST_WINDOW_LATENCY.getIntervalHistogram();
            if (firstWindow.getTotalCount() > 0) {
                r.put("window_lat_p50_ms", firstWindow.getValueAtPercentile(50) / 1e6);
                r.put("window_lat_p99_ms", firstWindow.getValueAtPercentile(99) / 1e6);
            }
            // After the window: a full GC keeps only what is live, the window's tuples first of all.
            long held = Meter.windowTuples();
            long heap = heapAfterGc();
            r.put("window_tuples", held);
            r.put("heap_after_gc_mb", heap / 1048576.0);
            r.put("heap_before_submit_mb", heapBefore / 1048576.0);
            if (held > 0) {
                r.put("bytes_per_windowed_tuple", (heap - heapBefore) / (double) held);
            }
        }
        if (state) {
            long checkpoints = StateMeter.CHECKPOINTS.sum() - checkpoints0;
            r.put("checkpoints", checkpoints);
            if (checkpoints > 0) {
                r.put("checkpoint_ms_mean", (StateMeter.CHECKPOINT_NANOS.sum() - checkpointNanos0) / 1e6 / checkpoints);
                r.put("checkpoint_ms_max", StateMeter.takeMaxNanos() / 1e6);
            }
            long keys = StateMeter.KEYS.sum();
            r.put("state_keys", keys);
            long bytes = switch (scenario) {
                case "state-redis" -> redisUsedMemory() - redisBefore;
                case "state-rocksdb" -> directorySize(Path.of(rocksDbDir()));
                default -> heapAfterGc() - heapBefore;
            };
            if (keys > 0) {
                r.put("state_bytes_per_key", bytes / (double) keys);
            }
        }
        if (idle) {
            measureSettledIdle(r, os, measureSecs);
        }
        r.put("threads", ManagementFactory.getThreadMXBean().getThreadCount());
        r.put("peak_rss_mb", procStatusKb("VmHWM") / 1024.0);
        r.put("rss_mb", procStatusKb("VmRSS") / 1024.0);

        StringBuilder line = new StringBuilder(RESULT_PREFIX);
        r.forEach((k, v) -> line.append(k).append('=').append(v instanceof Double d
                ? String.format(Locale.ROOT, "%.6g", d) : v).append(' '));
        System.out.println(line.toString().trim());
        System.out.flush();
        // No shutdown: Storm's would wait out the message timeout; neither is part of the benchmark.
        Runtime.getRuntime().halt(0);
    }

    /**
     * Sleeps, printing the per-second rate to stderr (the child's log) to show stalls and trends.
     * Takes the latency recorder's interval every second in both phases, adding it to
     * {@code latencies} if given: with one swap at the start of the measured window only, the
     * spout's recording path met a fresh histogram there for the first time, and the JIT's
     * deoptimisation of the ack path left Gale's runs up to 40% slower for the whole window in
     * about half the runs (the warm-up's last seconds against the window's, in each child's log).
     * The idle scenario records no latencies and prints nothing: copying an empty histogram every
     * second, interpreted at first, was a fifth of the idle process's CPU, charged to the engine.
     */
    private static void sleepReporting(boolean acking, boolean swapLatencies, String phase, double secs,
                                       Histogram latencies)
            throws InterruptedException {
        long end = System.nanoTime() + (long) (secs * 1e9);
        if (!swapLatencies) {
            // The idle scenario: nothing to report, and a formatted line a second, interpreted,
            // was a tenth of the idle process's CPU. One sleep for the whole phase.
            for (long now = System.nanoTime(); now < end; now = System.nanoTime()) {
                Thread.sleep(Math.max(1, (end - now) / 1_000_000));
            }
            return;
        }
        long last = acking ? Meter.acked() : Meter.sinkTuples();
        long lastT = System.nanoTime();
        for (long now = lastT; now < end; now = System.nanoTime()) {
            Thread.sleep(Math.max(1, Math.min(1000, (end - now) / 1_000_000)));
            long c = acking ? Meter.acked() : Meter.sinkTuples();
            long t = System.nanoTime();
            if (swapLatencies) {
                Histogram interval = Meter.takeLatencies();
                if (latencies != null) {
                    latencies.add(interval);
                }
            }
            System.err.printf(Locale.ROOT, "progress: %s %,.0f %s/s%n", phase, (c - last) * 1e9 / (t - lastT),
                    acking ? "acked trees" : "tuples at sink");
            last = c;
            lastT = t;
        }
    }

    /** Longest wait for the JIT to go quiet before the idle scenario's second window. */
    private static final long SETTLE_MAX_NANOS = 30_000_000_000L;
    /** The JIT counts as quiet after this many whole seconds without compiling. */
    private static final int QUIET_SECONDS = 3;

    /**
     * The idle scenario's second figure: an idle topology compiles its own idle path late, since
     * that code runs only a few dozen times a second, so the first window mostly measures the JIT.
     * This waits until the JIT has been quiet for {@value #QUIET_SECONDS} s (at most 30 s) and
     * measures the process again over a window as long as the first: what the topology costs
     * while it stays idle.
     */
    private static void measureSettledIdle(Map<String, Object> r, OperatingSystemMXBean os,
                                           double measureSecs) throws InterruptedException {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        long start = System.nanoTime();
        long lastCompileMs = jit.getTotalCompilationTime();
        int quiet = 0;
        while (quiet < QUIET_SECONDS && System.nanoTime() - start < SETTLE_MAX_NANOS) {
            Thread.sleep(1000);
            long ms = jit.getTotalCompilationTime();
            quiet = ms == lastCompileMs ? quiet + 1 : 0;
            lastCompileMs = ms;
        }
        r.put("settle_wait_s", (System.nanoTime() - start) / 1e9);
        long cpu0 = os.getProcessCpuTime();
        long t0 = System.nanoTime();
        Thread.sleep((long) (measureSecs * 1000));
        long t1 = System.nanoTime();
        long cpu1 = os.getProcessCpuTime();
        r.put("cpu_pct_core_settled", 100.0 * (cpu1 - cpu0) / (t1 - t0));
        r.put("jit_quiet", quiet >= QUIET_SECONDS);
    }

    private static int redisPort() {
        Integer port = Integer.getInteger("bench.redis.port");
        if (port == null) {
            throw new IllegalArgumentException("state-redis needs -Dbench.redis.port (bench/compare-state.sh starts a"
                    + " redis-server and passes it)");
        }
        return port;
    }

    /** A directory of this run's own under -Dbench.rocksdb.dir: each run starts from an empty state. */
    private static String rocksDbDir() {
        String dir = System.getProperty("bench.rocksdb.dir");
        if (dir == null) {
            throw new IllegalArgumentException("state-rocksdb needs -Dbench.rocksdb.dir, a directory for the runs' state");
        }
        return Path.of(dir, "run-" + ProcessHandle.current().pid()).toAbsolutePath().toString();
    }

    /** Redis's used_memory (bytes), from INFO memory. */
    private static long redisUsedMemory() {
        try (redis.clients.jedis.Jedis j = new redis.clients.jedis.Jedis("127.0.0.1", redisPort())) {
            for (String line : j.info("memory").split("\r?\n")) {
                if (line.startsWith("used_memory:")) {
                    return Long.parseLong(line.substring("used_memory:".length()).trim());
                }
            }
        }
        return -1;
    }

    private static long directorySize(Path dir) {
        try (var files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).mapToLong(f -> {
                try {
                    return Files.size(f);
                } catch (IOException e) {
                    return 0; // a file RocksDB just deleted
                }
            }).sum();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The heap in use after two full collections (System.gc() is a full collection under G1 by default). */
    private static long heapAfterGc() {
        System.gc();
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static long gcMillis() {
        long ms = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            ms += Math.max(0, gc.getCollectionTime());
        }
        return ms;
    }

    /** A "kB" field of /proc/self/status (Linux), or -1 where there is none. */
    private static long procStatusKb(String field) {
        try {
            for (String l : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (l.startsWith(field + ":")) {
                    return Long.parseLong(l.substring(field.length() + 1).trim().split("\\s+")[0]);
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }
}
