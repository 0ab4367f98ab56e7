package dev.gale.storm.bridge.connectors.hdfs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.spout.SpoutOutputCollector;
import dev.gale.storm.bridge.StormBolts;
import dev.gale.storm.bridge.kill.Ledger;
import dev.gale.storm.bridge.kill.LedgerSpout;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.apache.storm.hdfs.bolt.HdfsBolt;
import org.apache.storm.hdfs.bolt.format.DefaultFileNameFormat;
import org.apache.storm.hdfs.bolt.format.DelimitedRecordFormat;
import org.apache.storm.hdfs.bolt.rotation.FileSizeRotationPolicy;
import org.apache.storm.hdfs.bolt.rotation.TimedRotationPolicy;
import org.apache.storm.hdfs.bolt.sync.CountSyncPolicy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * storm-hdfs's {@code HdfsBolt}, unchanged, on Gale's engine through the bridge, writing to the local
 * file system: the files are the ones Storm's bolt makes (named by its file name format, rotated where
 * its rotation policy says, one delimited record per tuple), and a tuple is acked once its record is
 * synced, by count or, for the rest, on the tick the bolt asks for.
 */
class HdfsBoltTest {
    private static final Map<String, Set<Long>> ACKED = new ConcurrentHashMap<>();

    @TempDir
    Path dir;
    private LocalCluster cluster;

    @BeforeEach
    void start() {
        cluster = new LocalCluster();
    }

    @AfterEach
    void stop() {
        cluster.close();
    }

    @Test
    void writesStormsFilesRotatedBySizeAndAcksEachTupleOnceItsRecordIsSynced() {
        int total = 1005;
        Path ledger = dir.resolve("ledger");
        long before = System.currentTimeMillis();
        HdfsBolt bolt = new HdfsBolt()
                .withFsUrl("file://" + dir)
                .withFileNameFormat(new DefaultFileNameFormat().withPath("/out").withPrefix("run-").withExtension(".csv"))
                .withRecordFormat(new DelimitedRecordFormat().withFieldDelimiter("|"))
                // 1005 tuples over two tasks: each task's last few are synced and acked by the tick, not the count.
                .withSyncPolicy(new CountSyncPolicy(10))
                .withRotationPolicy(new FileSizeRotationPolicy(1.0f, FileSizeRotationPolicy.Units.KB))
                .withTickTupleIntervalSeconds(1);
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("ledger", new LedgerSpout(ledger, total), 1);
        builder.setBolt("files", StormBolts.of(bolt), 2).shuffleGrouping("ledger");
        cluster.submitTopology("hdfs-size", new Config(), builder.createTopology());

        await().atMost(Duration.ofSeconds(60)).until(() -> Ledger.acked(ledger).size() == total);
        cluster.killTopology("hdfs-size");
        long after = System.currentTimeMillis();

        assertThat(Ledger.failures(ledger)).isEmpty();
        List<OutputFile> files = OutputFile.in(dir.resolve("out"), "run-", "files", ".csv");
        Map<Integer, List<OutputFile>> byTask = files.stream().collect(Collectors.groupingBy(OutputFile::task));
        assertThat(byTask).as("one series of files per task of the bolt").hasSize(2);
        List<String> everyRecord = new ArrayList<>();
        for (List<OutputFile> series : byTask.values()) {
            assertThat(series).extracting(OutputFile::rotation)
                    .as("rotation numbers from 0, one file each").containsExactlyElementsOf(
                            LongStream.range(0, series.size()).boxed().toList());
            assertThat(series).extracting(OutputFile::timestamp).isSorted()
                    .allSatisfy(t -> assertThat(t).isBetween(before, after));
            assertThat(series).allSatisfy(f -> assertThat(f.cutShort()).as("a record cut short in %s", f.path()).isEmpty());
            List<String> records = series.stream().flatMap(f -> f.records().stream()).toList();
            assertThat(records).as("a task writes its tuples in the order they reach it")
                    .isSortedAccordingTo((a, b) -> Long.compare(id(a), id(b)));
            assertThat(series.stream().map(OutputFile::records).toList()).as("records per file")
                    .isEqualTo(asStormRotatesBySize(records, 1024));
            series.subList(0, series.size() - 1).forEach(f -> assertThat(f.bytes()).isGreaterThanOrEqualTo(1024));
            everyRecord.addAll(records);
        }
        assertThat(everyRecord).as("each tuple's record, once")
                .containsExactlyInAnyOrderElementsOf(LongStream.range(0, total).mapToObj(i -> i + "|value-" + i).toList());
    }

    @Test
    void rotatesOnTheTimedPolicysTimer() {
        String run = UUID.randomUUID().toString();
        ACKED.put(run, ConcurrentHashMap.newKeySet());
        HdfsBolt bolt = new HdfsBolt()
                .withFsUrl("file://" + dir)
                .withFileNameFormat(new DefaultFileNameFormat().withPath("/out"))
                .withRecordFormat(new DelimitedRecordFormat())
                .withSyncPolicy(new CountSyncPolicy(10))
                .withRotationPolicy(new TimedRotationPolicy(0.2f, TimedRotationPolicy.TimeUnit.SECONDS));
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("numbers", new Numbers(run), 1);
        builder.setBolt("files", StormBolts.of(bolt), 1).shuffleGrouping("numbers");
        Config conf = new Config();
        conf.setMaxSpoutPending(100);
        cluster.submitTopology("hdfs-timed", conf, builder.createTopology());

        Path out = dir.resolve("out");
        await().atMost(Duration.ofSeconds(30))
                .until(() -> out.toFile().exists() && OutputFile.in(out, "", "files", ".txt").size() >= 4);
        cluster.killTopology("hdfs-timed");

        List<OutputFile> files = OutputFile.in(out, "", "files", ".txt");
        assertThat(files).extracting(OutputFile::rotation)
                .containsExactlyElementsOf(LongStream.range(0, files.size()).boxed().toList());
        assertThat(files).extracting(OutputFile::timestamp).isSorted();
        assertThat(files).allSatisfy(f -> assertThat(f.cutShort()).isEmpty());
        List<Long> ids = files.stream().flatMap(f -> f.records().stream()).map(HdfsBoltTest::id).toList();
        assertThat(ids).as("the tuples in order, none lost or repeated across rotations")
                .isEqualTo(LongStream.range(0, ids.size()).boxed().toList());
        assertThat(files.stream().flatMap(f -> f.records().stream()))
                .allSatisfy(r -> assertThat(r).isEqualTo(id(r) + ",value-" + id(r)));
        assertThat(ACKED.remove(run)).isNotEmpty().allSatisfy(id -> assertThat(id).isLessThan(ids.size()));
    }

    /** Storm's FileSizeRotationPolicy: a file ends with the record that brings it to {@code maxBytes} or more. */
    private static List<List<String>> asStormRotatesBySize(List<String> records, long maxBytes) {
        List<List<String>> files = new ArrayList<>();
        List<String> current = new ArrayList<>();
        long bytes = 0;
        for (String r : records) {
            current.add(r);
            bytes += r.length() + 1;
            if (bytes >= maxBytes) {
                files.add(current);
                current = new ArrayList<>();
                bytes = 0;
            }
        }
        if (!current.isEmpty()) {
            files.add(current);
        }
        return files;
    }

    private static long id(String record) {
        return Long.parseLong(record.split("[|,]", 2)[0]);
    }

    /** Emits ("id", "value") for ids 0, 1, 2, ... without end, acked ids recorded in {@link #ACKED}. */
    static final class Numbers extends BaseRichSpout {
        private static final long serialVersionUID = 1L;
        private final String run;
        private transient SpoutOutputCollector collector;
        private transient long next;

        Numbers(String run) {
            this.run = run;
        }

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void nextTuple() {
            collector.emit(new Values(next, "value-" + next), next);
            next++;
        }

        @Override
        public void ack(Object msgId) {
            ACKED.get(run).add((Long) msgId);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("id", "value"));
        }
    }
}
