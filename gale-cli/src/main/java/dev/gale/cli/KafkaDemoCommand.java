package dev.gale.cli;

import dev.gale.cli.KafkaDemoCheck.WordRecord;
import dev.gale.examples.KafkaWordCountTopology;
import dev.gale.examples.KafkaWordCountTopology.Counters;
import dev.gale.examples.ReliableWordCount;
import dev.gale.kafka.embedded.EmbeddedKafkaBroker;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringSerializer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code gale kafka-demo}: two Gale processes in one consumer group count words from topic to
 * topic on a broker inside this JVM; one is killed mid-stream and restarted; the output,
 * de-duplicated by key, must hold exactly the words of the input. Used by one thread.
 */
@Command(name = "kafka-demo",
        mixinStandardHelpOptions = true,
        header = "Run the Kafka demo: two Gale processes, one killed mid-stream, nothing lost.",
        description = {
            "Starts a Kafka broker inside this JVM (KRaft, one node, listening on",
            "127.0.0.1 only, data in a temporary directory deleted at the end) and two",
            "Gale processes (child JVMs) running the kafka-wordcount example in one",
            "consumer group: lines from topic gale-lines are split into words, each",
            "written to gale-words keyed <line>:<index>. A bolt fails a few percent of",
            "the lines on purpose, so the spout retries them. While the bundled text is",
            "being produced, worker 2 is killed with SIGKILL and restarted.",
            "",
            "Then reads gale-words and prints records in and out, duplicates (records",
            "written more than once: at-least-once), retries and dead letters.",
            "",
            "Exits 0 when the output, de-duplicated by key, holds exactly the words of",
            "the text (word counts equal, no key missing, none extra, no dead letter);",
            "1 otherwise. Takes about 20-30 s."},
        footer = {"", "Worker configuration keys (see KafkaWordCountTopology):",
            "  " + KafkaWordCountTopology.FAIL_FRACTION + "   fraction of lines failed on first sight (default "
                + KafkaWordCountTopology.DEFAULT_FAIL_FRACTION + ")",
            "  " + KafkaWordCountTopology.SEED + "            seed of that choice",
            "  kafka.consumer.*, kafka.producer.*  client properties"})
final class KafkaDemoCommand implements Callable<Integer> {
    static final String IN = "gale-lines";
    static final String OUT = "gale-words";
    static final String DEAD = "gale-lines-dead";
    static final String GROUP = "gale-demo";
    static final int PARTITIONS = 4;
    /**
     * Share of the lines produced before worker 2 is killed; the producer waits there for the
     * kill and for the restarted worker to rejoin, so the rest of the text arrives after both
     * however slow the machine is.
     */
    static final double KILL_AT = 0.3;
    /** How long the producer waits, after the kill, for the restarted worker to get partitions. */
    static final long REJOIN_WAIT_NANOS = 20_000_000_000L;
    /** How long producing the text takes (apart from that wait). */
    static final double PRODUCE_SECONDS = 6;

    @Spec
    CommandSpec spec;

    @Mixin
    UiOptions ui;

    @Option(names = "--passes", paramLabel = "N", defaultValue = "150",
            description = "How many times the text is produced (default: ${DEFAULT-VALUE}).")
    int passes;

    @Option(names = "--conf", paramLabel = "KEY=VALUE", converter = Confs.EntryConverter.class,
            description = "A configuration entry for the workers (repeatable).")
    List<Confs.Entry> conf;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "120",
            description = "Give up (exit 1) if the input is not fully processed by then (default: ${DEFAULT-VALUE}).")
    double timeoutSecs;

    @Option(names = "--progress", paramLabel = "MODE", defaultValue = "auto",
            description = "auto (live on a terminal, log lines otherwise), live, log or off (default: ${DEFAULT-VALUE}).")
    ProgressDisplay.Mode progressMode;

    private PrintWriter out;
    private ProgressDisplay display;
    private long startNanos;

    @Override
    public Integer call() throws Exception {
        out = spec.commandLine().getOut();
        if (passes < 1 || passes > 100_000) {
            throw new UserException("--passes must be from 1 to 100000, got " + passes);
        }
        if (!(timeoutSecs > 0)) {
            throw new UserException("--timeout must be positive, got " + timeoutSecs);
        }
        Map<String, Object> userConf = Confs.parse(conf);
        KafkaWordCountTopology.createTopology(workerConf("127.0.0.1:1", userConf)); // bad values fail here, not in a child
        quietKafkaLogs();

        List<String> text = ReliableWordCount.text();
        Map<String, String> lines = new LinkedHashMap<>();
        for (int n = 0; n < passes * text.size(); n++) {
            lines.put(Integer.toString(n), text.get(n % text.size()));
        }
        out.printf("Gale kafka demo: %s lines (%d lines x %d passes) from topic %s to %s, through two%n",
                Format.count(lines.size()), text.size(), passes, IN, OUT);
        out.printf("Gale processes in consumer group %s; worker 2 is killed (SIGKILL) mid-stream.%n%n", GROUP);
        out.flush();

        Path logs = Files.createTempDirectory("gale-kafka-demo-");
        List<KafkaDemoProcess> workers = new ArrayList<>();
        startNanos = System.nanoTime();
        long deadline = startNanos + (long) (timeoutSecs * 1e9);
        boolean ok = false;
        try (ProgressDisplay d = new ProgressDisplay(spec.commandLine().getErr(), progressMode, 1.0)) {
            display = d;
            show("starting a broker");
            try (EmbeddedKafkaBroker broker = startBroker()) {
                milestone("Broker up at %s (loopback only, data in a temporary directory)",
                        broker.bootstrapServers());
                broker.createTopic(IN, PARTITIONS);
                broker.createTopic(OUT, PARTITIONS);
                broker.createTopic(DEAD, 1);
                Map<String, Object> wconf = workerConf(broker.bootstrapServers(), userConf);
                Run run = new Run(broker, workers, wconf, logs, lines, deadline);
                Result result = run.execute();
                ok = summary(result);
            }
        } finally {
            workers.forEach(KafkaDemoProcess::destroy);
            if (ok) {
                deleteQuietly(logs);
            } else {
                out.println("Worker logs: " + logs);
            }
            out.flush();
        }
        return ok ? 0 : Main.FAILED;
    }

    /**
     * Starts the broker. Kafka's test kit prints its storage format to System.out, which would
     * land in the middle of the demo's output, so that goes nowhere while it starts (this
     * command's own output was bound to the real stream before).
     */
    private static EmbeddedKafkaBroker startBroker() throws Exception {
        PrintStream stdout = System.out;
        System.setOut(new PrintStream(OutputStream.nullOutputStream()));
        try {
            return EmbeddedKafkaBroker.start(Map.of(
                    // the killed worker's consumers must leave the group within seconds
                    "group.min.session.timeout.ms", "500",
                    "num.partitions", PARTITIONS));
        } finally {
            System.setOut(stdout);
        }
    }

    /** The workers' configuration: the broker, topics, group, quick failure detection, then the user's entries. */
    static Map<String, Object> workerConf(String bootstrap, Map<String, Object> user) {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put(KafkaWordCountTopology.BOOTSTRAP, bootstrap);
        c.put(KafkaWordCountTopology.IN_TOPIC, IN);
        c.put(KafkaWordCountTopology.OUT_TOPIC, OUT);
        c.put(KafkaWordCountTopology.GROUP, GROUP);
        c.put(KafkaWordCountTopology.DLT_TOPIC, DEAD);
        c.put(KafkaWordCountTopology.COMMIT_PERIOD_MS, 200);
        c.put(KafkaWordCountTopology.CONSUMER_PREFIX + "session.timeout.ms", 3000);
        c.put(KafkaWordCountTopology.CONSUMER_PREFIX + "heartbeat.interval.ms", 300);
        // Only the partitions that move are revoked on a rebalance, so a joining or dying worker
        // does not make the other one drop (and later re-read) its in-flight records too.
        c.put(KafkaWordCountTopology.CONSUMER_PREFIX + "partition.assignment.strategy",
                "org.apache.kafka.clients.consumer.CooperativeStickyAssignor");
        c.putAll(user);
        return c;
    }

    /** What happened, for the summary. */
    record Result(List<KafkaDemoProcess> workers, KafkaDemoCheck check, String failure, double seconds) {
    }

    /** One run of the demo against a started broker. */
    private final class Run {
        private final EmbeddedKafkaBroker broker;
        private final List<KafkaDemoProcess> workers;
        private final Map<String, Object> conf;
        private final Path logs;
        private final Map<String, String> lines;
        private final long deadline;
        private final AtomicLong produced = new AtomicLong();
        private final AtomicReference<Exception> produceError = new AtomicReference<>();
        private KafkaDemoProcess w1;
        private KafkaDemoProcess w2;
        /** Opened once the restarted worker has partitions (or waited long enough for them). */
        private final CountDownLatch resume = new CountDownLatch(1);
        private long killedAtNanos;
        private volatile boolean atKillPoint;
        private boolean killed;

        Run(EmbeddedKafkaBroker broker, List<KafkaDemoProcess> workers, Map<String, Object> conf, Path logs,
            Map<String, String> lines, long deadline) {
            this.broker = broker;
            this.workers = workers;
            this.conf = conf;
            this.logs = logs;
            this.lines = lines;
            this.deadline = deadline;
        }

        Result execute() throws Exception {
            w1 = start("worker 1", "worker-1.log", ui.workerConf());
            w2 = start("worker 2", "worker-2.log");
            while (w1.counters().partitions() + w2.counters().partitions() < PARTITIONS
                    || w1.counters().partitions() == 0 || w2.counters().partitions() == 0) {
                String failure = checkWorkers("starting workers");
                if (failure != null) {
                    return new Result(workers, null, failure, elapsed());
                }
                DemoCommand.sleep(50);
            }
            milestone("Workers up: %s (pid %d) and %s (pid %d) share %s's %d partitions", w1.name(), w1.pid(),
                    w2.name(), w2.pid(), IN, PARTITIONS);
            if (ui.enabled()) {
                // Worker 1 is never killed, so its UI stays up for the whole demo.
                if (w1.uiUrl() != null) {
                    milestone("Gale UI (worker 1): %s", w1.uiUrl());
                } else {
                    milestone("worker 1 could not start the UI; see its log");
                }
            }

            Thread producer = new Thread(this::produce, "producer");
            producer.setDaemon(true);
            producer.start();
            try {
                return process(producer);
            } finally {
                producer.interrupt(); // it may still wait for the kill when the run gave up
            }
        }

        private Result process(Thread producer) throws Exception {
            long total = lines.size();
            while (true) {
                if (produceError.get() != null) {
                    return new Result(workers, null, "producing failed: " + Main.oneLine(
                            produceError.get().toString()), elapsed());
                }
                if (!killed && atKillPoint && w2.counters().acked() > 0) {
                    killAndRestart();
                }
                if (killed && resume.getCount() > 0 && (w2.counters().partitions() > 0
                        || System.nanoTime() - killedAtNanos > REJOIN_WAIT_NANOS)) {
                    milestone(w2.counters().partitions() > 0
                            ? "%s has partitions again (worker 1: %d, worker 2: %d); producing the rest"
                            : "%s has no partitions yet (worker 1: %d, worker 2: %d); producing the rest anyway",
                            w2.name(), w1.counters().partitions(), w2.counters().partitions());
                    resume.countDown();
                }
                long committed = committed();
                if (produced.get() == total && committed == total) {
                    break;
                }
                String failure = checkWorkers("processing");
                if (failure != null) {
                    return new Result(workers, null, failure, elapsed());
                }
                DemoCommand.sleep(display.isLive() ? 100 : 50);
            }
            double processedAt = elapsed();
            milestone("All %s lines processed and committed by the group after %s", Format.count(total),
                    Format.seconds(processedAt));
            show("stopping workers");
            for (KafkaDemoProcess w : workers) {
                w.stop(15_000);
            }
            show("reading " + OUT);
            List<WordRecord> output = KafkaTopics.readAll(broker, OUT, Duration.ofSeconds(60));
            long dead = KafkaTopics.readAll(broker, DEAD, Duration.ofSeconds(30)).size();
            return new Result(workers, KafkaDemoCheck.of(lines, output, dead), null, processedAt);
        }

        private KafkaDemoProcess start(String name, String logFile) throws IOException {
            return start(name, logFile, Map.of());
        }

        private KafkaDemoProcess start(String name, String logFile, Map<String, Object> extra) throws IOException {
            Map<String, Object> c = new LinkedHashMap<>(conf);
            c.putAll(extra);
            KafkaDemoProcess w = KafkaDemoProcess.start(name, c, logs.resolve(logFile));
            workers.add(w);
            return w;
        }

        private void killAndRestart() throws Exception {
            KafkaDemoProcess victim = w2;
            Counters c = victim.counters();
            String at = Format.seconds(elapsed());
            long producedThen = produced.get();
            victim.kill("at " + at);
            killed = true;
            killedAtNanos = System.nanoTime();
            milestone("Killed %s (pid %d) with SIGKILL at %s: %s of %s lines produced, it had acked %s",
                    victim.name(), victim.pid(), at, Format.count(producedThen),
                    Format.count(lines.size()), Format.count(c.acked()));
            w2 = start("worker 2 (restarted)", "worker-2-restarted.log");
            milestone("Restarted it as pid %d; the group hands it partitions once the dead member's session ends",
                    w2.pid());
        }

        /** A reason to give up, or null; also draws the progress line. */
        private String checkWorkers(String phase) throws Exception {
            for (KafkaDemoProcess w : workers) {
                if (!w.isAlive() && w.end().equals("running")) {
                    return w.name() + " (pid " + w.pid() + ") exited unexpectedly; see its log";
                }
            }
            if (System.nanoTime() > deadline) {
                return "timed out after " + Format.seconds(elapsed()) + " while " + phase + " ("
                        + Format.count(committed()) + " of " + Format.count(lines.size()) + " lines committed)";
            }
            progress(phase);
            return null;
        }

        private void progress(String phase) throws Exception {
            long total = lines.size();
            long committed = committed();
            long retries = 0;
            long acked = 0;
            for (KafkaDemoProcess w : workers) {
                retries += w.counters().retries();
                acked += w.counters().acked();
            }
            double secs = elapsed();
            List<String> segments = List.of(
                    "produced " + Format.compact(produced.get()) + "/" + Format.compact(total) + " committed "
                            + Format.compact(committed),
                    "acked " + Format.compact(acked) + " retries " + Format.compact(retries),
                    state(w1) + " " + state(w2),
                    Format.seconds(secs));
            String log = "gale kafka-demo: " + Format.seconds(secs) + "  " + phase + "  produced "
                    + Format.count(produced.get()) + " of " + Format.count(total) + " lines  committed "
                    + Format.count(committed) + "  acked " + Format.count(acked) + "  retries " + Format.count(retries)
                    + "  " + state(w1) + "  " + state(w2);
            display.update(segments, log);
        }

        private String state(KafkaDemoProcess w) {
            String n = w == w1 ? "w1" : killed ? "w2'" : "w2";
            Counters c = w.counters();
            return n + (w.isAlive() ? c.partitions() > 0 ? ":" + c.partitions() + "p" : ":joining" : ":down");
        }

        private long committed() throws Exception {
            long sum = 0;
            for (Map.Entry<TopicPartition, Long> e : broker.committedOffsets(GROUP).entrySet()) {
                if (e.getKey().topic().equals(IN)) {
                    sum += e.getValue();
                }
            }
            return sum;
        }

        /** Produces the lines, keyed by their number, spread over {@link #PRODUCE_SECONDS}. */
        private void produce() {
            Properties p = new Properties();
            p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
            p.put(ProducerConfig.ACKS_CONFIG, "all");
            p.put(ProducerConfig.LINGER_MS_CONFIG, 5);
            int ticks = (int) (PRODUCE_SECONDS * 20);
            long startProduce = System.nanoTime();
            try (KafkaProducer<String, String> producer = new KafkaProducer<>(p, new StringSerializer(),
                    new StringSerializer())) {
                List<Map.Entry<String, String>> all = new ArrayList<>(lines.entrySet());
                int sent = 0;
                int killPoint = (int) (KILL_AT * all.size());
                long paused = 0;
                for (int tick = 1; tick <= ticks; tick++) {
                    int upTo = (int) ((long) all.size() * tick / ticks);
                    for (; sent < upTo; sent++) {
                        if (sent == killPoint) {
                            producer.flush();
                            atKillPoint = true;
                            long waitStart = System.nanoTime();
                            resume.await();
                            paused += System.nanoTime() - waitStart;
                        }
                        Map.Entry<String, String> e = all.get(sent);
                        producer.send(new ProducerRecord<>(IN, e.getKey(), e.getValue()), (md, ex) -> {
                            if (ex != null) {
                                produceError.compareAndSet(null, ex);
                            } else {
                                produced.incrementAndGet();
                            }
                        });
                    }
                    long due = startProduce + paused + (long) (tick * 50e6);
                    long wait = (due - System.nanoTime()) / 1_000_000;
                    if (wait > 0) {
                        Thread.sleep(wait);
                    }
                }
                producer.flush();
            } catch (Exception e) {
                produceError.compareAndSet(null, e);
            }
        }
    }

    private boolean summary(Result r) {
        out.println();
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"process", "pid", "lines acked", "retries", "gave up", "end"});
        for (KafkaDemoProcess w : r.workers()) {
            Counters c = w.counters();
            rows.add(new String[] {w.name(), Long.toString(w.pid()), Format.count(c.acked()), Format.count(c.retries()),
                Format.count(c.deadLetters()), w.end()});
        }
        table(rows, new boolean[] {true, false, false, false, false, true});
        out.println("  (a killed worker's figures are from its last report; what it had not committed was");
        out.println("  processed again by the others)");
        out.println();
        if (r.failure() != null) {
            out.println("FAILED: " + r.failure() + ".");
            return false;
        }
        KafkaDemoCheck c = r.check();
        long retries = r.workers().stream().mapToLong(w -> w.counters().retries()).sum();
        List<String[]> totals = new ArrayList<>();
        totals.add(new String[] {"records in (lines on " + IN + ")", Format.count(c.recordsIn())});
        totals.add(new String[] {"records out (words on " + OUT + ")", Format.count(c.recordsOut())});
        totals.add(new String[] {"distinct keys (<line>:<index>)", Format.count(c.distinctKeys())});
        totals.add(new String[] {"duplicates (out - distinct)", Format.count(c.duplicates())});
        totals.add(new String[] {"retries (failed tuple trees replayed)", Format.count(retries)});
        totals.add(new String[] {"dead letters (on " + DEAD + ")", Format.count(c.deadLetters())});
        totals.add(new String[] {"words expected from the text", Format.count(c.expectedWords())});
        totals.add(new String[] {"words counted, de-duplicated", Format.count(c.countedWords())});
        totals.add(new String[] {"missing / unexpected keys", Format.count(c.missingKeys()) + " / "
                + Format.count(c.unexpectedKeys())});
        table(totals, new boolean[] {true, false});
        out.println();
        if (c.exact()) {
            out.printf("OK: exact. Every line's words reached %s at least once; de-duplicated by key, the%n"
                    + "word counts equal those computed from the text (%s words, %s distinct).%n"
                    + "Processed in %s, with a worker killed and restarted mid-stream.%n",
                    OUT, Format.count(c.countedWords()), Format.count(c.counts().size()), Format.seconds(r.seconds()));
            return true;
        }
        out.printf("FAILED: not exact: %s keys missing, %s unexpected, %s dead letters; word counts %s.%n",
                Format.count(c.missingKeys()), Format.count(c.unexpectedKeys()), Format.count(c.deadLetters()),
                c.counts().equals(c.expectedCounts()) ? "equal" : "differ");
        return false;
    }

    /** Prints rows with aligned columns, left-aligned where {@code left} says so, else right-aligned. */
    private void table(List<String[]> rows, boolean[] left) {
        int[] width = new int[rows.get(0).length];
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                width[i] = Math.max(width[i], row[i].length());
            }
        }
        for (String[] row : rows) {
            StringBuilder sb = new StringBuilder("  ");
            for (int i = 0; i < row.length; i++) {
                sb.append(left[i] ? Format.pad(row[i], width[i]) : Format.lpad(row[i], width[i]))
                        .append(i == row.length - 1 ? "" : "  ");
            }
            out.println(sb.toString().stripTrailing());
        }
    }

    private void show(String phase) {
        double secs = elapsed();
        display.update(List.of(phase, Format.seconds(secs)), "gale kafka-demo: " + Format.seconds(secs) + "  " + phase);
    }

    /** A line on stdout that stays, above the live line. */
    private void milestone(String format, Object... args) {
        display.close();
        out.printf("[%6s] %s%n", Format.seconds(elapsed()), String.format(Locale.ROOT, format, args));
        out.flush();
    }

    private double elapsed() {
        return (System.nanoTime() - startNanos) / 1e9;
    }

    /**
     * The broker logs a great deal at INFO; the demo's own lines say what matters. Only where the
     * user did not choose (slf4j-simple reads these when each logger is created).
     */
    private static void quietKafkaLogs() {
        // The clients' errors reach the demo as exceptions. On a busy machine the broker logs
        // ERRORs it recovers from (slow controller events, a producer's retried batch arriving
        // out of order); the demo's verdict is what counts, and they would cut through its lines.
        Map<String, String> levels = Map.of("org.apache.kafka", "error", "kafka", "off", "state.change.logger", "off",
                "org.apache.kafka.controller", "off", "org.apache.kafka.storage", "off");
        levels.forEach((logger, level) ->
                System.getProperties().putIfAbsent("org.slf4j.simpleLogger.log." + logger, level));
    }

    private static void deleteQuietly(Path dir) {
        try (var walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | RuntimeException ignored) {
            // a temporary directory: best effort
        }
    }
}
