package dev.gale.benchmarks.topology;

import com.sun.management.OperatingSystemMXBean;
import dev.gale.benchmarks.kafka.KafkaWordCountRun;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Runs the Kafka side-by-side comparison: topic -> reliable word count -> topic, on Gale, on
 * Apache Storm with storm-kafka-client ({@link KafkaWordCountRun}, the same source on both) and on
 * Kafka Streams (gale-benchmarks-kstreams), over a matrix of cells: processing guarantee (at least
 * once, exactly once) by where the counts live (memory, RocksDB); Storm runs the at-least-once,
 * in-memory cell only. Each run is a child JVM of its own with the same flags, against one broker
 * in a third JVM ({@link KafkaBrokerMain}), with fresh topics for every run; within a cell the
 * engines take turns going first.
 *
 * <p>The measurement is outside every engine, in this JVM: a producer writes input records whose
 * value starts with this JVM's {@code System.nanoTime()} at {@code send}, and a consumer reads the
 * output topic back (read_committed); an output record's end-to-end latency is the consumer's {@code nanoTime()}
 * when it reads it minus that stamp (one clock, no cross-process skew). Each input record has
 * {@value #WORDS} words, so it is done when its {@value #WORDS} outputs are read; records/s counts
 * outputs read in the window divided by {@value #WORDS}. Two phases after the warm-up: saturated
 * (closed loop: the producer keeps at most {@code --in-flight} input records not yet done, so the
 * input topic's backlog stays bounded and the figure is the engine's rate, not the producer's),
 * then a fixed rate every engine sustains, for latency without queueing in the input topic.
 * A main class: its driver's producer and consumer threads share only atomic counters and a
 * thread-safe latency recorder.
 */
public final class CompareKafka {
    /** Words per input record: every record has exactly this many, so outputs / WORDS = inputs done. */
    static final int WORDS = 6;
    private static final int VOCABULARY = 1000;
    private static final long MAX_LATENCY_MICROS = TimeUnit.MINUTES.toMicros(2);
    private static final List<String> ENGINES = List.of("gale", "storm", "kstreams");
    private static final List<String> GUARANTEES = List.of("alo", "eos");
    private static final List<String> STATES = List.of("memory", "rocksdb");
    /** The engines' names in the table's header. */
    private static final Map<String, String> TITLES = Map.of("gale", "Gale", "storm", "Storm",
            "kstreams", "Kafka Streams");
    /** The Gale side's main class (the Storm side runs {@link KafkaWordCountRun}, Kafka Streams its own). */
    private static final String GALE_MAIN = "dev.gale.benchmarks.kafkastate.GaleKafkaWordCountRun";
    /** Not on this JVM's classpath: gale-benchmarks-kstreams has it. */
    private static final String KSTREAMS_MAIN = "dev.gale.benchmarks.kstreams.KStreamsWordCountRun";

    private CompareKafka() {
    }

    private record Settings(double warmup, double measure, double latencySecs, int latencyRate, int inFlight,
                            int inFlightEos, int partitions, String jvmOpts, String brokerJvmOpts,
                            double brokerWarmup) {
        /** Saturated: input records sent and not yet done; exactly once, outputs wait for a commit. */
        int inFlight(Cell cell) {
            return cell.eos() ? inFlightEos : inFlight;
        }
    }

    /** One cell of the matrix: a processing guarantee and where the counts live. */
    private record Cell(String guarantee, String state) {
        boolean eos() {
            return guarantee.equals("eos");
        }

        /** Storm runs at least once with its counts in memory only: the topology it shares with Gale. */
        boolean runs(String engine) {
            return !engine.equals("storm") || (guarantee.equals("alo") && state.equals("memory"));
        }

        @Override
        public String toString() {
            return guarantee + "/" + state;
        }
    }

    private record Run(String engine, Cell cell, int repeat, Map<String, Object> result, String error, Path log) {
    }

    /** A table row: a result key, its label, and whether it takes a ratio. */
    private record Metric(String key, String label, boolean ratio) {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> opt = Figures.options(args, CompareKafka::usage);
        boolean quick = opt.containsKey("quick");
        Settings s = new Settings(
                Double.parseDouble(opt.getOrDefault("warmup", quick ? "3" : "30")),
                Double.parseDouble(opt.getOrDefault("measure", quick ? "5" : "20")),
                Double.parseDouble(opt.getOrDefault("latency-secs", quick ? "3" : "10")),
                Integer.parseInt(opt.getOrDefault("latency-rate", "2000")),
                Integer.parseInt(opt.getOrDefault("in-flight", "5000")),
                Integer.parseInt(opt.getOrDefault("in-flight-eos", "50000")),
                Integer.parseInt(opt.getOrDefault("partitions", "2")),
                opt.getOrDefault("jvm-opts", "-Xms1g -Xmx1g -XX:+UseG1GC"),
                opt.getOrDefault("broker-jvm-opts", "-Xms1g -Xmx1g -XX:+UseG1GC"),
                Double.parseDouble(opt.getOrDefault("broker-warmup", quick ? "5" : "20")));
        int repeats = Integer.parseInt(opt.getOrDefault("repeats", quick ? "1" : "3"));
        List<String> engines = list(opt, "engines", ENGINES);
        List<Cell> cells = new ArrayList<>();
        for (String g : list(opt, "guarantee", GUARANTEES)) {
            for (String st : list(opt, "state", STATES)) {
                cells.add(new Cell(g, st));
            }
        }
        Map<String, String> classpaths = Map.of("gale", opt.getOrDefault("gale-cp", ""),
                "storm", opt.getOrDefault("storm-cp", ""), "kstreams", opt.getOrDefault("kstreams-cp", ""));
        for (String e : engines) {
            if (classpaths.get(e).isEmpty()) {
                usage("--" + e + "-cp is needed");
            }
        }
        String brokerCp = opt.getOrDefault("broker-cp", classpaths.get("gale"));
        Path out = Path.of(opt.getOrDefault("out", "target/bench-results/kafka-"
                + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"))));
        Files.createDirectories(out.resolve("logs"));

        String loadBefore = Figures.loadAverage();
        String started = LocalDateTime.now().toString();
        System.err.printf(Locale.ROOT, "compare-kafka: %s on %s, %d repeat(s); warm-up %.0f s, saturated %.0f s (%d in"
                        + " flight, %d exactly once), then %d records/s for %.0f s; JVM %s; load average before: %s%n",
                engines, cells, repeats, s.warmup, s.measure, s.inFlight, s.inFlightEos, s.latencyRate, s.latencySecs,
                s.jvmOpts, loadBefore);
        if (engines.contains("storm") && cells.stream().anyMatch(c -> !c.runs("storm"))) {
            System.err.println("compare-kafka: Storm runs alo/memory only, the topology it shares with Gale: Storm has no"
                    + " RocksDB state provider, and storm-kafka-client neither keeps offsets in checkpoints nor has a"
                    + " transactional sink");
        }

        HostSteal stealBefore = HostSteal.now();
        List<Run> runs = new ArrayList<>();
        try (HostProbe probe = HostProbe.start()) {
            Process broker = startBroker(brokerCp, s.brokerJvmOpts, out.resolve("logs").resolve("broker.log"));
            try (BufferedReader brokerOut = new BufferedReader(
                    new InputStreamReader(broker.getInputStream(), StandardCharsets.UTF_8))) {
                String bootstrap = awaitBootstrap(brokerOut, broker);
                System.err.println("compare-kafka: broker (pid " + broker.pid() + ") at " + bootstrap);
                try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
                    warmBroker(bootstrap, admin, s);
                    int total = 0;
                    for (Cell cell : cells) {
                        total += repeats * (int) engines.stream().filter(cell::runs).count();
                    }
                    for (Cell cell : cells) {
                        for (int rep = 1; rep <= repeats; rep++) {
                            List<String> order = new ArrayList<>(engines.stream().filter(cell::runs).toList());
                            Collections.rotate(order, rep - 1); // each engine goes first in turn
                            for (String engine : order) {
                                Run r = run(engine, cell, classpaths.get(engine), rep, s, bootstrap, admin,
                                        broker.pid(), probe, out);
                                runs.add(r);
                                System.err.printf(Locale.ROOT, "[%d/%d] %-8s %-11s #%d  %s%n", runs.size(), total,
                                        engine, cell, rep, r.error != null ? "FAILED: " + r.error : brief(r.result));
                            }
                        }
                    }
                }
            } finally {
                broker.getOutputStream().close(); // EOF on its stdin: it closes the broker and exits
                if (!broker.waitFor(30, TimeUnit.SECONDS)) {
                    broker.destroyForcibly();
                }
            }
        }
        HostSteal stealAfter = HostSteal.now();
        double steal = stealAfter == null ? Double.NaN : stealAfter.percentSince(stealBefore);
        String loadAfter = Figures.loadAverage();

        StringBuilder table = new StringBuilder();
        List<Map<String, Object>> summary = new ArrayList<>();
        for (Cell cell : cells) {
            renderTable(table, summary, runs, engines.stream().filter(cell::runs).toList(), cell, s);
        }
        table.append(String.format(Locale.ROOT,
                "%nmedian (min-max) of %d run(s) per engine and cell, engines alternating; warm-up %.0f s after the"
                        + " first output record, saturated window %.0f s (%d input records in flight, %d exactly"
                        + " once), fixed-rate window %.0f s; output read with isolation.level=read_committed; engine"
                        + " JVMs %s, broker JVM %s; storm-kafka-client %s, kafka-streams %s; host steal over the"
                        + " whole run %s; load average before %s, after %s%n",
                repeats, s.warmup, s.measure, s.inFlight, s.inFlightEos, s.latencySecs, s.jvmOpts, s.brokerJvmOpts,
                jarVersion(classpaths.get("storm"), "storm-kafka-client"),
                jarVersion(classpaths.get("kstreams"), "kafka-streams"),
                Double.isNaN(steal) ? "unknown" : String.format(Locale.ROOT, "%.1f%%", steal), loadBefore, loadAfter));
        System.out.print(table);
        Files.writeString(out.resolve("table.txt"), table, StandardCharsets.UTF_8);
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("started", started);
        root.put("load_average_before", loadBefore);
        root.put("load_average_after", loadAfter);
        if (!Double.isNaN(steal)) {
            root.put("host_steal_pct", steal);
        }
        root.put("cores", Runtime.getRuntime().availableProcessors());
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("warmup_s", s.warmup);
        settings.put("measure_s", s.measure);
        settings.put("latency_s", s.latencySecs);
        settings.put("latency_rate", (double) s.latencyRate);
        settings.put("in_flight", (double) s.inFlight);
        settings.put("in_flight_eos", (double) s.inFlightEos);
        settings.put("partitions", (double) s.partitions);
        settings.put("jvm_opts", s.jvmOpts);
        settings.put("broker_jvm_opts", s.brokerJvmOpts);
        settings.put("repeats", (double) repeats);
        settings.put("engines", String.join(",", engines));
        settings.put("cells", cells.stream().map(Cell::toString).toList());
        root.put("settings", settings);
        List<Object> rs = new ArrayList<>();
        for (Run r : runs) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("engine", r.engine);
            m.put("guarantee", r.cell.guarantee());
            m.put("state", r.cell.state());
            m.put("repeat", (double) r.repeat);
            m.put("log", r.log.toString());
            if (r.error != null) {
                m.put("error", r.error);
            }
            if (r.result != null) {
                m.put("result", r.result);
            }
            rs.add(m);
        }
        root.put("runs", rs);
        root.put("summary", summary);
        Files.writeString(out.resolve("results.json"), Figures.json(root), StandardCharsets.UTF_8);
        System.out.println("raw results: " + out.resolve("results.json") + "  (logs in " + out.resolve("logs") + ")");
    }

    /** A comma-separated option, each item one of {@code allowed}; all of them when the option is absent. */
    private static List<String> list(Map<String, String> opt, String name, List<String> allowed) {
        List<String> items = List.of(opt.getOrDefault(name, String.join(",", allowed)).split(","));
        for (String item : items) {
            if (!allowed.contains(item)) {
                usage("--" + name + ": unknown '" + item + "' (one or more of " + String.join(",", allowed) + ")");
            }
        }
        return items;
    }

    // ---- one run

    private static Run run(String engine, Cell cell, String cp, int rep, Settings s, String bootstrap, Admin admin,
                           long brokerPid, HostProbe probe, Path out) throws Exception {
        String id = engine + "-" + cell.guarantee() + "-" + cell.state() + "-" + rep;
        String in = "in-" + id;
        String outTopic = "out-" + id;
        String group = "wc-" + id; // Kafka Streams' application.id: its internal topics start with it
        admin.createTopics(List.of(new NewTopic(in, s.partitions, (short) 1),
                new NewTopic(outTopic, s.partitions, (short) 1))).all().get();
        Path log = out.resolve("logs").resolve(id + ".log");
        String stateDir = out.resolve("state").resolve(id).toAbsolutePath().toString();
        List<String> cmd = new ArrayList<>();
        cmd.add(javaBin());
        cmd.addAll(Arrays.asList(s.jvmOpts.trim().split("\\s+")));
        cmd.addAll(List.of("-cp", cp));
        switch (engine) {
            case "gale" -> cmd.addAll(List.of(GALE_MAIN, bootstrap, in, outTopic, group, cell.guarantee(),
                    cell.state(), stateDir));
            case "storm" -> cmd.addAll(List.of(KafkaWordCountRun.class.getName(), bootstrap, in, outTopic, group));
            case "kstreams" -> cmd.addAll(List.of(KSTREAMS_MAIN, bootstrap, in, outTopic, group, cell.guarantee(),
                    cell.state(), stateDir));
            default -> throw new IllegalArgumentException("unknown engine " + engine);
        }
        Driver driver = new Driver(bootstrap, in, outTopic, s.partitions, s.inFlight(cell));
        driver.awaitLeaders(in, outTopic, s.partitions);
        Map<String, Object> r = new LinkedHashMap<>();
        List<String> rates = new ArrayList<>();
        long t0 = System.nanoTime();
        Process child = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            driver.start();
            long deadline = t0 + TimeUnit.SECONDS.toNanos(180);
            while (driver.outputs.get() == 0) {
                if (!child.isAlive()) {
                    return new Run(engine, cell, rep, null, "child exited with " + child.exitValue() + " (see " + log + ")", log);
                }
                if (System.nanoTime() > deadline) {
                    return new Run(engine, cell, rep, null, "no output record within 180 s (see " + log + ")", log);
                }
                Thread.sleep(1);
            }
            r.put("first_output_ms", (System.nanoTime() - t0) / 1e6);
            phase(driver, child, "warm-up", s.warmup, rates);

            driver.latency.getIntervalHistogram(); // drop the warm-up's
            long out0 = driver.outputs.get();
            long sent0 = driver.sent.get();
            long childCpu0 = cpuNanos(child.pid());
            long brokerCpu0 = cpuNanos(brokerPid);
            long selfCpu0 = selfCpuNanos();
            HostSteal steal0 = HostSteal.now();
            int probeMark = probe.mark();
            long w0 = System.nanoTime();
            phase(driver, child, "saturated", s.measure, rates);
            long w1 = System.nanoTime();
            double secs = (w1 - w0) / 1e9;
            long outs = driver.outputs.get() - out0;
            Histogram sat = driver.latency.getIntervalHistogram();
            r.put("records_per_s", outs / (double) WORDS / secs);
            r.put("outputs_per_s", outs / secs);
            r.put("produced_per_s", (driver.sent.get() - sent0) / secs);
            putLatency(r, "sat", sat);
            r.put("engine_cpu_cores", (cpuNanos(child.pid()) - childCpu0) / (double) (w1 - w0));
            r.put("broker_cpu_cores", (cpuNanos(brokerPid) - brokerCpu0) / (double) (w1 - w0));
            r.put("harness_cpu_cores", (selfCpuNanos() - selfCpu0) / (double) (w1 - w0));
            double probeMicros = probe.medianMicrosSince(probeMark);
            if (!Double.isNaN(probeMicros)) {
                r.put("probe_us", probeMicros);
            }
            HostSteal steal1 = HostSteal.now();
            if (steal1 != null && !Double.isNaN(steal1.percentSince(steal0))) {
                r.put("steal_pct", steal1.percentSince(steal0));
            }
            if (outs > 0) {
                r.put("engine_cpu_us_per_record", (double) r.get("engine_cpu_cores") * 1e6 / (double) r.get("records_per_s"));
                r.put("broker_cpu_us_per_record", (double) r.get("broker_cpu_cores") * 1e6 / (double) r.get("records_per_s"));
            }

            driver.pace(s.latencyRate);
            // The saturated phase's backlog must drain before latency at the fixed rate means anything
            // (down to 200 ms of input outstanding; 500 ms exactly once, where outputs wait for a commit).
            long drainDeadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            do {
                phase(driver, child, "settle at " + s.latencyRate + "/s", 1, rates);
            } while (driver.notDone() > s.latencyRate * (cell.eos() ? 0.5 : 0.2) && System.nanoTime() < drainDeadline
                    && child.isAlive());
            phase(driver, child, "settle at " + s.latencyRate + "/s", 1, rates);
            driver.latency.getIntervalHistogram();
            long lo0 = driver.outputs.get();
            long l0 = System.nanoTime();
            phase(driver, child, "fixed rate " + s.latencyRate + "/s", s.latencySecs, rates);
            long l1 = System.nanoTime();
            Histogram fixed = driver.latency.getIntervalHistogram();
            r.put("fixed_records_per_s", (driver.outputs.get() - lo0) / (double) WORDS / ((l1 - l0) / 1e9));
            putLatency(r, "fixed", fixed);
            r.put("send_errors", (double) driver.sendErrors.get());
            r.put("harness_produce_retries", driver.produceRetries());
            r.put("engine_peak_rss_mb", procStatusKb(child.pid(), "VmHWM") / 1024.0);
            r.put("engine_threads", (double) procStatusKb(child.pid(), "Threads"));
            if (!child.isAlive()) {
                return new Run(engine, cell, rep, null, "child died during the run (see " + log + ")", log);
            }
            return new Run(engine, cell, rep, r, null, log);
        } finally {
            driver.close();
            child.destroyForcibly().waitFor(); // no shutdown: neither engine's is part of the benchmark
            Files.write(out.resolve("logs").resolve(id + ".rates.log"), rates, StandardCharsets.UTF_8);
            List<String> topics = new ArrayList<>(List.of(in, outTopic));
            for (String t : admin.listTopics().names().get()) {
                if (t.startsWith(group + "-")) {
                    topics.add(t); // Kafka Streams' repartition and changelog topics
                }
            }
            admin.deleteTopics(topics).all().get();
            deleteTree(Path.of(stateDir)); // its process is gone; a full run's stores would add up
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    /**
     * Runs the harness's own producer and consumer through a scratch topic before any engine runs:
     * a fresh broker (and this JVM's clients) get faster for many seconds as the JIT compiles them,
     * which would otherwise favour whichever engine runs last.
     */
    private static void warmBroker(String bootstrap, Admin admin, Settings s) throws Exception {
        if (s.brokerWarmup <= 0) {
            return;
        }
        String topic = "warm-broker";
        admin.createTopics(List.of(new NewTopic(topic, s.partitions, (short) 1))).all().get();
        try (Driver d = new Driver(bootstrap, topic, topic, s.partitions, s.inFlight, true)) {
            d.awaitLeaders(topic, topic, s.partitions);
            d.start();
            long t0 = System.nanoTime();
            Thread.sleep((long) (s.brokerWarmup * 1000));
            System.err.printf(Locale.ROOT, "compare-kafka: broker warm-up: %,.0f records/s through the broker alone%n",
                    d.sent.get() * 1e9 / (System.nanoTime() - t0));
        }
        admin.deleteTopics(List.of(topic)).all().get();
    }

    private static void putLatency(Map<String, Object> r, String prefix, Histogram h) {
        if (h.getTotalCount() == 0) {
            return;
        }
        r.put(prefix + "_p50_ms", h.getValueAtPercentile(50) / 1e3);
        r.put(prefix + "_p99_ms", h.getValueAtPercentile(99) / 1e3);
        r.put(prefix + "_p999_ms", h.getValueAtPercentile(99.9) / 1e3);
        r.put(prefix + "_max_ms", h.getMaxValue() / 1e3);
    }

    /** Sleeps through a phase, logging per-second rates (input records done/s, and sent/s). */
    private static void phase(Driver d, Process child, String name, double secs, List<String> rates)
            throws InterruptedException {
        long end = System.nanoTime() + (long) (secs * 1e9);
        long lastOut = d.outputs.get();
        long lastSent = d.sent.get();
        long lastT = System.nanoTime();
        for (long now = lastT; now < end && child.isAlive(); now = System.nanoTime()) {
            Thread.sleep(Math.max(1, Math.min(1000, (end - now) / 1_000_000)));
            long o = d.outputs.get();
            long sent = d.sent.get();
            long t = System.nanoTime();
            rates.add(String.format(Locale.ROOT, "%s: %,.0f records done/s, %,.0f sent/s", name,
                    (o - lastOut) / (double) WORDS * 1e9 / (t - lastT), (sent - lastSent) * 1e9 / (t - lastT)));
            lastOut = o;
            lastSent = sent;
            lastT = t;
        }
    }

    /**
     * Writes the input and reads the output back, on two threads of its own. Saturated mode keeps
     * at most {@code inFlight} input records not yet done; paced mode sends at a fixed rate.
     * Counters and the recorder are thread-safe.
     */
    private static final class Driver implements AutoCloseable {
        final AtomicLong sent = new AtomicLong();
        final AtomicLong outputs = new AtomicLong();
        final AtomicLong sendErrors = new AtomicLong();
        final Recorder latency = new Recorder(MAX_LATENCY_MICROS, 3);
        private final KafkaProducer<String, String> producer;
        private final KafkaConsumer<String, String> consumer;
        private final String inTopic;
        private final int inFlight;
        private final String[] sentences;
        private final Thread producerThread;
        private final Thread consumerThread;
        private volatile boolean running = true;
        private volatile int rate; // 0: saturated

        private static final String PROBE = "probe";
        private final boolean echo;

        Driver(String bootstrap, String inTopic, String outTopic, int partitions, int inFlight) {
            this(bootstrap, inTopic, outTopic, partitions, inFlight, false);
        }

        /** {@code echo}: reading the input topic itself back (the broker warm-up), one record counts as done. */
        Driver(String bootstrap, String inTopic, String outTopic, int partitions, int inFlight, boolean echo) {
            this.echo = echo;
            this.inTopic = inTopic;
            this.inFlight = inFlight;
            Map<String, Object> p = new HashMap<>();
            p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
            p.put(ProducerConfig.ACKS_CONFIG, "all");
            p.put(ProducerConfig.LINGER_MS_CONFIG, 1);
            // Idempotent (the default), this producer twice got stuck for a whole run retrying
            // OUT_OF_ORDER_SEQUENCE_NUMBER after a NOT_LEADER_OR_FOLLOWER on a new topic, sending at a
            // trickle; the harness needs no ordering or exactly-once, only that records arrive.
            p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, false);
            p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
            p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
            producer = new KafkaProducer<>(p);
            Map<String, Object> c = new HashMap<>();
            c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
            c.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
            // Every run, so an exactly-once output counts only once its transaction committed: latency
            // is the time until a read_committed reader sees it. At least once it changes nothing.
            c.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
            c.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
            c.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
            consumer = new KafkaConsumer<>(c);
            List<TopicPartition> tps = new ArrayList<>();
            for (int i = 0; i < partitions; i++) {
                tps.add(new TopicPartition(outTopic, i));
            }
            consumer.assign(tps);
            consumer.seekToBeginning(tps);
            Random rnd = new Random(42);
            sentences = new String[4096];
            for (int i = 0; i < sentences.length; i++) {
                StringBuilder b = new StringBuilder();
                for (int w = 0; w < WORDS; w++) {
                    b.append(' ').append("word").append(rnd.nextInt(VOCABULARY));
                }
                sentences[i] = b.toString();
            }
            producerThread = new Thread(this::produce, "bench-producer");
            consumerThread = new Thread(this::consume, "bench-consumer");
        }

        /**
         * Waits until the broker itself (not only the controller) leads every partition of both new
         * topics: a produce that arrives earlier gets NOT_LEADER_OR_FOLLOWER, and the idempotent
         * producers' retries of it were seen failing for good with OUT_OF_ORDER_SEQUENCE_NUMBER.
         */
        void awaitLeaders(String in, String out, int partitions) throws Exception {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!led(producer.partitionsFor(in), partitions) || !led(consumer.partitionsFor(out), partitions)) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("topics " + in + " and " + out + " have no leaders after 60 s");
                }
                Thread.sleep(50);
            }
            // Even then the broker answered NOT_LEADER_OR_FOLLOWER at first, and an engine's
            // idempotent KafkaBolt producer could get stuck as this one did: write one probe to every
            // partition of both topics and wait for it. A probe has no space: SplitWords skips it,
            // and so does consume().
            for (String topic : new String[] {in, out}) {
                for (int p = 0; p < partitions; p++) {
                    producer.send(new ProducerRecord<>(topic, p, null, PROBE)).get(60, TimeUnit.SECONDS);
                }
            }
        }

        private static boolean led(List<PartitionInfo> info, int partitions) {
            return info.size() == partitions && info.stream().allMatch(i -> i.leader() != null && !i.leader().isEmpty());
        }

        void start() {
            consumerThread.start();
            producerThread.start();
        }

        /** The producer's record-retry-total: above 0, the broker refused some input for a while. */
        double produceRetries() {
            return producer.metrics().entrySet().stream()
                    .filter(e -> e.getKey().name().equals("record-retry-total")
                            && e.getKey().group().equals("producer-metrics"))
                    .mapToDouble(e -> ((Number) e.getValue().metricValue()).doubleValue()).sum();
        }

        /** Input records sent and not yet done. */
        long notDone() {
            return sent.get() - outputs.get() / WORDS;
        }

        void pace(int recordsPerSecond) {
            rate = recordsPerSecond;
        }

        private void produce() {
            long n = 0;
            long pacedSince = 0;
            long pacedCount = 0;
            while (running) {
                int r = rate;
                if (r == 0) {
                    if (n - outputs.get() / WORDS >= inFlight) {
                        LockSupport.parkNanos(20_000);
                        continue;
                    }
                } else {
                    long now = System.nanoTime();
                    if (pacedSince == 0) {
                        pacedSince = now;
                    }
                    long due = pacedSince + (long) (pacedCount * 1e9 / r);
                    if (now < due) {
                        LockSupport.parkNanos(Math.min(due - now, 1_000_000));
                        continue;
                    }
                    pacedCount++;
                }
                String value = System.nanoTime() + sentences[(int) (n & (sentences.length - 1))];
                producer.send(new ProducerRecord<>(inTopic, value), (md, e) -> {
                    if (e != null) {
                        sendErrors.incrementAndGet();
                    }
                });
                n++;
                sent.set(n);
            }
        }

        private void consume() {
            while (running) {
                for (ConsumerRecord<String, String> rec : consumer.poll(Duration.ofMillis(100))) {
                    long now = System.nanoTime();
                    String v = rec.value();
                    if (v.indexOf(' ') < 0) {
                        continue; // a probe (see awaitLeaders)
                    }
                    if (echo) {
                        outputs.addAndGet(WORDS);
                        continue;
                    }
                    long stamp = Long.parseLong(v, v.indexOf(' ') + 1, v.length(), 10);
                    latency.recordValue(Math.min(MAX_LATENCY_MICROS, Math.max(0, (now - stamp) / 1000)));
                    outputs.incrementAndGet();
                }
            }
        }

        @Override
        public void close() throws InterruptedException {
            running = false;
            producerThread.join(10_000);
            consumerThread.join(10_000);
            producer.close(Duration.ofSeconds(5));
            consumer.close(Duration.ofSeconds(5));
        }
    }

    // ---- processes

    private static Process startBroker(String cp, String jvmOpts, Path log) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(javaBin());
        cmd.addAll(Arrays.asList(jvmOpts.trim().split("\\s+")));
        cmd.add("-Dorg.slf4j.simpleLogger.defaultLogLevel=warn");
        cmd.addAll(List.of("-cp", cp, KafkaBrokerMain.class.getName()));
        return new ProcessBuilder(cmd).redirectError(log.toFile()).start();
    }

    private static String awaitBootstrap(BufferedReader out, Process broker) throws IOException {
        for (String line = out.readLine(); line != null; line = out.readLine()) {
            if (line.startsWith(KafkaBrokerMain.BOOTSTRAP_PREFIX)) {
                return line.substring(KafkaBrokerMain.BOOTSTRAP_PREFIX.length()).trim();
            }
        }
        throw new IllegalStateException("the broker JVM ended before it was ready (exit "
                + (broker.isAlive() ? "?" : broker.exitValue()) + "); see logs/broker.log");
    }

    private static String javaBin() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** user + system CPU of a process, from /proc/PID/stat (Linux; clock ticks assumed 100 Hz), -1 if unknown. */
    private static long cpuNanos(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return (Long.parseLong(f[11]) + Long.parseLong(f[12])) * 10_000_000L; // fields 14 and 15
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    private static long selfCpuNanos() {
        return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private static long procStatusKb(long pid, String field) {
        try {
            for (String l : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
                if (l.startsWith(field + ":")) {
                    return Long.parseLong(l.substring(field.length() + 1).trim().split("\\s+")[0]);
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }

    // ---- table

    private static String brief(Map<String, Object> r) {
        return String.format(Locale.ROOT, "%s records/s, p99 %.3g ms saturated, p99 %.3g ms at fixed rate,"
                        + " engine %.2f cores, broker %.2f cores, first output %.0f ms%s",
                Figures.num(d(r, "records_per_s")), d(r, "sat_p99_ms"), d(r, "fixed_p99_ms"), d(r, "engine_cpu_cores"),
                d(r, "broker_cpu_cores"), d(r, "first_output_ms"),
                Double.isNaN(d(r, "steal_pct")) ? "" : String.format(Locale.ROOT, ", host steal %.0f%%", d(r, "steal_pct")));
    }

    private static void renderTable(StringBuilder t, List<Map<String, Object>> summary, List<Run> runs,
                                    List<String> engines, Cell cell, Settings s) {
        List<Metric> metrics = List.of(
                new Metric("records_per_s", "input records/s end to end (saturated)", true),
                new Metric("outputs_per_s", "output records/s (saturated)", true),
                new Metric("sat_p50_ms", "e2e latency p50, saturated (ms)", true),
                new Metric("sat_p99_ms", "e2e latency p99, saturated (ms)", true),
                new Metric("fixed_records_per_s", "input records/s at fixed rate " + s.latencyRate + "/s", true),
                new Metric("fixed_p50_ms", "e2e latency p50 at " + s.latencyRate + "/s (ms)", true),
                new Metric("fixed_p99_ms", "e2e latency p99 at " + s.latencyRate + "/s (ms)", true),
                new Metric("fixed_p999_ms", "e2e latency p99.9 at " + s.latencyRate + "/s (ms)", true),
                new Metric("engine_cpu_cores", "engine JVM CPU, saturated (cores)", true),
                new Metric("engine_cpu_us_per_record", "engine CPU per input record (us)", true),
                new Metric("broker_cpu_cores", "broker JVM CPU, saturated (cores)", false),
                new Metric("broker_cpu_us_per_record", "broker CPU per input record (us)", true),
                new Metric("harness_cpu_cores", "harness JVM CPU, saturated (cores)", false),
                new Metric("engine_peak_rss_mb", "engine JVM peak RSS (MB)", true),
                new Metric("engine_threads", "engine JVM threads", false),
                new Metric("steal_pct", "host steal, saturated window (% of CPU)", false),
                new Metric("probe_us", "host probe, saturated window (us per piece)", false),
                new Metric("first_output_ms", "JVM start -> first output read (ms)", true),
                new Metric("harness_produce_retries", "harness produce retries (should be 0)", false));
        List<String> ratios = new ArrayList<>();
        if (engines.contains("gale")) {
            for (String peer : List.of("storm", "kstreams")) {
                if (engines.contains(peer)) {
                    ratios.add(peer);
                }
            }
        }
        t.append(String.format(Locale.ROOT, "%n== %s: %s, counts %s%n", cell,
                cell.eos() ? "exactly once" : "at least once", cell.state().equals("memory") ? "in memory" : "in RocksDB"));
        StringBuilder header = new StringBuilder(String.format(Locale.ROOT, "%-46s", "metric"));
        for (String e : engines) {
            header.append(String.format(Locale.ROOT, " %-24s", TITLES.get(e)));
        }
        for (String peer : ratios) {
            header.append(String.format(Locale.ROOT, " %-12s", "Gale/" + TITLES.get(peer)));
        }
        t.append(header.toString().stripTrailing()).append('\n');
        t.append("-".repeat(header.length())).append('\n');
        for (Metric m : metrics) {
            Map<String, double[]> values = new LinkedHashMap<>();
            for (String e : engines) {
                values.put(e, values(runs, e, cell, m.key));
            }
            if (values.values().stream().allMatch(v -> v.length == 0)) {
                continue;
            }
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-46s", m.label));
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("guarantee", cell.guarantee());
            row.put("state", cell.state());
            row.put("metric", m.key);
            for (String e : engines) {
                line.append(String.format(Locale.ROOT, " %-24s", Figures.cell(values.get(e))));
                row.put(e, Figures.stats(values.get(e)));
            }
            for (String peer : ratios) {
                double ratio = Figures.median(values.get("gale")) / Figures.median(values.get(peer));
                boolean shown = m.ratio && !Double.isNaN(ratio) && !Double.isInfinite(ratio);
                line.append(String.format(Locale.ROOT, " %-12s", shown ? String.format(Locale.ROOT, "%.2fx", ratio) : ""));
                if (shown) {
                    row.put("gale_over_" + peer, ratio);
                }
            }
            t.append(line.toString().stripTrailing()).append('\n');
            summary.add(row);
        }
        double g = Figures.median(values(runs, "gale", cell, "records_per_s"));
        double st = Figures.median(values(runs, "storm", cell, "records_per_s"));
        if (!Double.isNaN(g) && !Double.isNaN(st)) {
            t.append(String.format(Locale.ROOT, "Target: Gale records/s >= 3x Storm's: %s (%.2fx)%n",
                    g >= 3 * st ? "MET" : "MISSED", g / st));
        }
        long failed = runs.stream().filter(r -> r.cell.equals(cell) && r.error != null).count();
        if (failed > 0) {
            t.append(failed).append(" run(s) failed; see results.json\n");
        }
    }

    private static double[] values(List<Run> runs, String engine, Cell cell, String key) {
        return runs.stream().filter(r -> r.engine.equals(engine) && r.cell.equals(cell) && r.result != null)
                .mapToDouble(r -> d(r.result, key)).filter(v -> !Double.isNaN(v)).sorted().toArray();
    }

    private static double d(Map<String, Object> r, String k) {
        return r.get(k) instanceof Double x ? x : Double.NaN;
    }







    private static String jarVersion(String cp, String artifact) {
        Matcher m = Pattern.compile(artifact + "-([0-9][^/:]*?)\\.jar").matcher(cp);
        return m.find() ? m.group(1) : "unknown";
    }

    // ---- options


    /** Option errors only: the usage text lives in bench/compare-kafka.sh, which prints it without building. */
    private static void usage(String problem) {
        System.err.println("compare-kafka: " + (problem == null ? "" : problem + "; ")
                + "see bench/compare-kafka.sh --help");
        System.exit(2);
    }

    /** JSON by hand: maps, lists, numbers and strings are all it needs. */
}
