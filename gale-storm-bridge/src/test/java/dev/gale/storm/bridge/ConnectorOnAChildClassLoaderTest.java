package dev.gale.storm.bridge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.state.kill.ChildProcess;
import dev.gale.testing.FixedTupleSpout;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Tuple;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Storm component runs when a connector's jar, on a class loader below storm-client's (as
 * {@code gale run} loads the user's CLASSPATH and --jar), lists a configuration class for Storm's
 * validation ({@code META-INF/services/org.apache.storm.validation.Validated}, as storm-hdfs does),
 * which storm-client's loader cannot load. Storm reads that list once per JVM, so the topology runs
 * in a child JVM of its own.
 */
class ConnectorOnAChildClassLoaderTest {
    @TempDir
    Path dir;

    @Test
    void aStormBoltRunsWhenAConnectorOnAChildLoaderListsAConfigurationClass() throws Exception {
        Path services = Files.createDirectories(dir.resolve("connector/META-INF/services"));
        Files.writeString(services.resolve("org.apache.storm.validation.Validated"), "example.connector.Configs\n");
        try (ChildProcess child = ChildProcess.start("child-loader", Child.class, dir.resolve("connector").toString())) {
            // When Storm cannot load its configuration classes, the bolt fails to prepare and never executes
            // (this module's tests do not log task errors).
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                assertThat(child.isAlive() || child.lines().contains("executed 3")).as("the child ended early: %s",
                        child.logs()).isTrue();
                return child.lines().contains("executed 3");
            });
        }
    }

    /** The child JVM: the connector's directory on the context class loader, then a Storm bolt through the bridge. */
    public static final class Child {
        private Child() {
        }

        public static void main(String[] args) throws Exception {
            ClassLoader app = Child.class.getClassLoader();
            URLClassLoader connector = new URLClassLoader(new URL[] {Path.of(args[0]).toUri().toURL()}, app);
            Thread.currentThread().setContextClassLoader(connector);
            TopologyBuilder builder = new TopologyBuilder();
            builder.setSpout("words", new FixedTupleSpout(List.of(List.of("a"), List.of("b"), List.of("c")),
                    new Fields("word")), 1);
            builder.setBolt("count", StormBolts.of(new Count()), 1).shuffleGrouping("words");
            try (LocalCluster cluster = new LocalCluster()) {
                cluster.submitTopology("child-loader", new Config(), builder.createTopology());
                Thread.currentThread().join(); // until the test ends it
            }
        }
    }

    /** Storm's basic bolt: prints how many tuples it executed. */
    static final class Count extends BaseBasicBolt {
        private static final long serialVersionUID = 1L;
        private int executed;

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
            executed++;
            System.out.println("executed " + executed);
            System.out.flush();
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }
}
