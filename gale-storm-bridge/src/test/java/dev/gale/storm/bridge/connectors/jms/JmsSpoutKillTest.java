package dev.gale.storm.bridge.connectors.jms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.state.kill.ChildProcess;
import dev.gale.storm.bridge.StormSpouts;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.tuple.Tuple;
import jakarta.jms.Session;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.storm.jms.spout.JmsSpout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kill -9 of a Gale process consuming a queue with storm-jms's {@code JmsSpout} (CLIENT_ACKNOWLEDGE)
 * into a Gale sink that writes down what it saw, then a restart on the same queue: the broker
 * (living on in the test JVM) hands the messages the killed process had not acknowledged to the
 * new one, so every message reaches the sink at least once and the queue ends empty.
 */
class JmsSpoutKillTest {
    private static final int TOTAL = 2_000;
    private static final String QUEUE = "in-killed";
    private static final Duration DEADLINE = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    @Test
    void everyMessageReachesTheSinkAcrossAKill() throws Exception {
        List<String> messages = IntStream.range(0, TOTAL).mapToObj(i -> "m-" + i).collect(Collectors.toList());
        try (ArtemisBroker broker = ArtemisBroker.start()) {
            broker.createQueue(QUEUE);
            broker.send(QUEUE, messages);
            Path seen = dir.resolve("seen.log");
            try (ChildProcess first = ChildProcess.start("jms-spout-1", Child.class, seen.toString(), broker.url(), QUEUE)) {
                awaitSeen(first, seen, TOTAL / 3);
                first.kill();
            }
            // The kill came mid-stream: the broker still holds messages for the next consumer.
            await().atMost(DEADLINE).until(() -> broker.deliveringCount(QUEUE) == 0);
            assertThat(broker.messageCount(QUEUE)).isPositive();
            try (ChildProcess second = ChildProcess.start("jms-spout-2", Child.class, seen.toString(), broker.url(), QUEUE)) {
                await().atMost(DEADLINE).pollInterval(Duration.ofMillis(50)).until(() -> {
                    assertAlive(second);
                    return broker.messageCount(QUEUE) == 0 && seen(seen).containsAll(messages);
                });
                second.kill();
            }
            Set<String> missing = new TreeSet<>(messages);
            missing.removeAll(seen(seen));
            assertThat(missing).as("messages the sink never saw").isEmpty();
        }
    }

    private static void awaitSeen(ChildProcess child, Path seen, int atLeast) {
        await().atMost(DEADLINE).pollInterval(Duration.ofMillis(50)).until(() -> {
            assertAlive(child);
            return seen(seen).size() >= atLeast;
        });
    }

    private static void assertAlive(ChildProcess child) {
        if (!child.isAlive()) {
            throw new AssertionError("the child died: " + child.logs());
        }
    }

    /** The distinct texts the sinks wrote down, over both runs (a line a kill cut short is ignored). */
    private static Set<String> seen(Path file) throws IOException {
        if (!Files.exists(file)) {
            return Set.of();
        }
        return Files.readAllLines(file).stream().filter(line -> line.endsWith(";"))
                .map(line -> line.substring(0, line.length() - 1)).collect(Collectors.toSet());
    }

    /** The child JVM: JmsSpout into {@link SeenFile}, run until it is killed. Args: file url queue. */
    public static final class Child {
        private Child() {
        }

        public static void main(String[] args) throws Exception {
            JmsSpout spout = new JmsSpout();
            spout.setJmsProvider(new ArtemisQueue(args[1], args[2]));
            spout.setJmsTupleProducer(new TextTuples());
            spout.setJmsAcknowledgeMode(Session.CLIENT_ACKNOWLEDGE);
            TopologyBuilder builder = new TopologyBuilder();
            builder.setSpout("jms", StormSpouts.of(spout), 1);
            builder.setBolt("sink", new SeenFile(args[0]), 1).shuffleGrouping("jms");
            LocalCluster cluster = new LocalCluster();
            cluster.submitTopology("jms-spout-kill", new Config(), builder.createTopology());
            new CountDownLatch(1).await();
        }
    }

    /**
     * A Gale sink that appends each tuple's text to a file and flushes it before acking, so that a
     * message acked back to the broker is in the file. One task only (one writer). Not thread-safe.
     */
    static final class SeenFile extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private final String file;
        private transient Writer out;
        private transient OutputCollector collector;

        SeenFile(String file) {
            this.file = file;
        }

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
            try {
                out = Files.newBufferedWriter(Path.of(file), StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                        StandardOpenOption.APPEND);
                // A line the kill cut short must not glue onto this run's first one.
                out.write("\n");
                out.flush();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void execute(Tuple input) {
            try {
                out.write(input.getStringByField("text") + ";\n");
                out.flush();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            collector.ack(input);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }
}
