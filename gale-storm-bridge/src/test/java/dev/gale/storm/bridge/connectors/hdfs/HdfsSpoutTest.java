package dev.gale.storm.bridge.connectors.hdfs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.generated.KillOptions;
import dev.gale.generated.StormTopology;
import dev.gale.storm.bridge.StormSpouts;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.tuple.Tuple;
import dev.gale.utils.TupleUtils;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.apache.storm.hdfs.spout.HdfsSpout;
import org.apache.storm.hdfs.spout.TextFileReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * storm-hdfs's {@code HdfsSpout} with its {@code TextFileReader}, unchanged, on Gale's engine through
 * the bridge, reading a directory of the local file system: each line is emitted and acked once and
 * each file moved to the done directory; and when the topology is stopped cleanly mid-file and started
 * again on the same directories, with more files, the spout takes the file left in progress over
 * (once its lock times out) from the offset it committed, so each line is delivered once over both runs.
 *
 * <p>The spout commits its offset into the file's lock on every ack (commit count 1), and a stop
 * drains the topology first (Storm's kill with a wait), so every line delivered before the stop was
 * acked and committed. The lines go to one task of the bolt, so that their acks reach the spout in
 * line order: Storm 2.8.3's HdfsSpout commits the end of the unbroken run of acked lines that starts
 * at the first ack it gets for a file, and an ack for an earlier line arriving after that leaves the
 * committed offset there for the rest of the file (a restart then reads those lines again: at least
 * once, as Storm promises, but not once).
 */
class HdfsSpoutTest {
    private static final Map<String, Queue<String>> DELIVERED = new ConcurrentHashMap<>();
    private static final int LOCK_TIMEOUT_SECS = 2;

    @TempDir
    Path dir;
    private Path source;
    private Path done;
    private Path bad;
    private Path locks;
    private String run;
    private LocalCluster cluster;

    @BeforeEach
    void start() throws IOException {
        source = Files.createDirectories(dir.resolve("in"));
        done = dir.resolve("done");
        bad = dir.resolve("bad");
        locks = dir.resolve("locks");
        run = UUID.randomUUID().toString();
        DELIVERED.put(run, new ConcurrentLinkedQueue<>());
        cluster = new LocalCluster();
    }

    @AfterEach
    void stop() {
        cluster.close();
        DELIVERED.remove(run);
    }

    @Test
    void emitsEveryLineOnceAndMovesEachFileToTheDoneDirectory() {
        List<String> lines = new ArrayList<>();
        for (int f = 0; f < 4; f++) {
            lines.addAll(write("part-" + f + ".txt", 250));
        }
        cluster.submitTopology("hdfs-read", config(), topology());

        await().atMost(Duration.ofSeconds(60)).until(() -> delivered().size() >= lines.size() && names(done).size() == 4);
        stopCleanly("hdfs-read");

        assertThat(delivered()).containsExactlyInAnyOrderElementsOf(lines);
        assertThat(names(done)).containsExactlyInAnyOrder("part-0.txt", "part-1.txt", "part-2.txt", "part-3.txt");
        assertThat(names(source)).isEmpty();
        assertThat(names(bad)).isEmpty();
        assertThat(names(locks)).as("each file's lock released").isEmpty();
    }

    @Test
    void aStopMidFileAndARestartWithMoreFilesDeliverEachLineOnce() {
        List<String> lines = new ArrayList<>();
        for (int f = 0; f < 3; f++) {
            lines.addAll(write("first-" + f + ".txt", 3000));
        }
        cluster.submitTopology("hdfs-first", config(), topology());
        // Mid-way through the first file (the spout runs at most 10 lines ahead of what is delivered).
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(5)).until(() -> delivered().size() >= 1500);
        stopCleanly("hdfs-first");
        List<String> firstRun = List.copyOf(delivered());
        assertThat(firstRun).as("the first run stopped mid-stream").hasSizeLessThan(lines.size());
        assertThat(names(source)).as("a file left in progress by the stop").anyMatch(n -> n.endsWith(".inprogress"));
        assertThat(names(locks)).as("its lock, left for the next run to take over").isNotEmpty();

        for (int f = 0; f < 2; f++) {
            lines.addAll(write("second-" + f + ".txt", 500));
        }
        cluster.submitTopology("hdfs-second", config(), topology());
        await().atMost(Duration.ofSeconds(60)).until(() -> names(done).size() == 5 && names(source).isEmpty());
        stopCleanly("hdfs-second");

        Map<String, Long> times = delivered().stream().collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
        assertThat(times.entrySet()).as("lines delivered more than once").filteredOn(e -> e.getValue() > 1).isEmpty();
        assertThat(times.keySet()).containsExactlyInAnyOrderElementsOf(lines);
        assertThat(names(done)).containsExactlyInAnyOrder("first-0.txt", "first-1.txt", "first-2.txt",
                "second-0.txt", "second-1.txt");
        assertThat(names(locks)).isEmpty();
    }

    private StormTopology topology() {
        HdfsSpout spout = new HdfsSpout()
                .setHdfsUri("file:///")
                .setReaderType("text")
                .withOutputFields(TextFileReader.defaultFields)
                .setSourceDir(source.toString())
                .setArchiveDir(done.toString())
                .setBadFilesDir(bad.toString())
                .setLockDir(locks.toString())
                // Commit the acked offset on every ack, so that a clean stop leaves nothing to read twice;
                // take a stopped run's file over soon after its last commit.
                .setCommitFrequencyCount(1)
                .setLockTimeoutSec(LOCK_TIMEOUT_SECS);
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("files", StormSpouts.of(spout), 1);
        // One task: acks reach the spout in line order (see the class comment).
        builder.setBolt("lines", new Deliver(run), 1).shuffleGrouping("files");
        return builder.createTopology();
    }

    private static Config config() {
        Config conf = new Config();
        conf.setMaxSpoutPending(10);
        return conf;
    }

    /** Storm's kill with a wait: spouts deactivated, pending trees completed (acked, committed), then killed. */
    private void stopCleanly(String name) {
        KillOptions drain = new KillOptions();
        drain.set_wait_secs(30);
        cluster.killTopologyAndReport(name, drain);
    }

    private List<String> write(String name, int count) {
        List<String> lines = IntStream.range(0, count).mapToObj(i -> name + " line " + i).toList();
        try {
            Files.write(source.resolve(name), lines, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return lines;
    }

    private List<String> delivered() {
        return List.copyOf(DELIVERED.get(run));
    }

    private static List<String> names(Path d) {
        if (!Files.isDirectory(d)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(d)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A Gale bolt taking each line the spout emits, which acks each tuple when the next one (or its
     * tick) arrives. Storm 2.8.3's HdfsSpout moves a file to the done directory on the ack that finds it
     * has read the whole file and has nothing in flight, so it must see the end of the file (in a
     * {@code nextTuple}) before the last line's ack arrives; when that ack comes first, the file stays in
     * progress for good. Storm's engine can order them so too (at the max-spout-pending limit, or when
     * its executor consumes the acks between the two calls), and so can Gale's, which hands a spout its
     * acks between bursts of {@code nextTuple}. Acking one tuple behind keeps the last line's ack back
     * until the spout has asked for the next line.
     */
    static final class Deliver extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private final String run;
        private transient OutputCollector collector;
        private transient Tuple held;

        Deliver(String run) {
            this.run = run;
        }

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple input) {
            if (held != null) {
                collector.ack(held);
                held = null;
            }
            if (TupleUtils.isTick(input)) {
                return;
            }
            DELIVERED.get(run).add(input.getStringByField("line"));
            held = input;
        }

        @Override
        public Map<String, Object> getComponentConfiguration() {
            return Map.of(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, 1);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }
}
