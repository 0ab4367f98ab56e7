package dev.gale.storm.bridge.connectors.hdfs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.storm.bridge.StormBolts;
import dev.gale.storm.bridge.kill.KillRestart;
import dev.gale.storm.bridge.kill.Ledger;
import dev.gale.storm.bridge.kill.LedgerSpout;
import dev.gale.topology.TopologyBuilder;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.LongStream;
import org.apache.storm.hdfs.bolt.HdfsBolt;
import org.apache.storm.hdfs.bolt.format.DefaultFileNameFormat;
import org.apache.storm.hdfs.bolt.format.DelimitedRecordFormat;
import org.apache.storm.hdfs.bolt.rotation.FileSizeRotationPolicy;
import org.apache.storm.hdfs.bolt.sync.CountSyncPolicy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JVM running storm-hdfs's HdfsBolt through the bridge is killed with SIGKILL mid-stream and started
 * again: every id the spout was told is acked has its record in the files (at least once), because
 * the bolt acks a tuple only after syncing its record, and the local file system is Hadoop's
 * RawLocalFileSystem (core-site.xml), whose hsync writes through.
 */
class HdfsBoltKillTest {
    @TempDir
    Path dir;

    @Test
    void everyAckedIdsRecordIsInTheFilesAfterAKillAndARestart() throws Exception {
        int total = 3000;
        Set<Long> acked = KillRestart.run(Child.class, dir, total);

        assertThat(acked).containsExactlyInAnyOrderElementsOf(LongStream.range(0, total).boxed().toList());
        assertThat(Ledger.failures(dir)).isEmpty();
        List<OutputFile> files = OutputFile.in(dir.resolve("out"), "", "files", ".txt");
        assertThat(files.stream().filter(f -> f.rotation() == 0)).as("the first file of each task in each run").hasSize(4);
        Set<Long> written = new HashSet<>();
        for (OutputFile f : files) {
            for (String record : f.records()) {
                long id = Long.parseLong(record.substring(0, record.indexOf(',')));
                assertThat(record).isEqualTo(id + ",value-" + id);
                written.add(id);
            }
        }
        assertThat(written).as("ids with a record").containsAll(acked);
    }

    /** The child JVM: the ledger's ids through HdfsBolt (two tasks, synced every 5 tuples) until killed. */
    public static final class Child {
        private Child() {
        }

        public static void main(String[] args) throws Exception {
            Path dir = Path.of(args[0]);
            int total = Integer.parseInt(args[1]);
            HdfsBolt bolt = new HdfsBolt()
                    .withFsUrl("file://" + dir)
                    .withFileNameFormat(new DefaultFileNameFormat().withPath("/out"))
                    .withRecordFormat(new DelimitedRecordFormat())
                    .withSyncPolicy(new CountSyncPolicy(5))
                    .withRotationPolicy(new FileSizeRotationPolicy(4.0f, FileSizeRotationPolicy.Units.KB))
                    .withTickTupleIntervalSeconds(1);
            TopologyBuilder builder = new TopologyBuilder();
            builder.setSpout("ledger", new LedgerSpout(dir, total), 1);
            builder.setBolt("files", StormBolts.of(bolt), 2).shuffleGrouping("ledger");
            Config conf = new Config();
            conf.setMaxSpoutPending(200);
            LocalCluster cluster = new LocalCluster();
            cluster.submitTopology("hdfs-kill", conf, builder.createTopology());
            Thread.currentThread().join(); // until killed
        }
    }
}
