package dev.gale.kafka.embedded;

import java.io.IOException;
import java.lang.reflect.Field;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.PreboundSocketFactoryManager;
import org.apache.kafka.common.test.TestKitNodes;
import org.apache.kafka.server.ServerSocketFactory;
import org.apache.kafka.server.common.MetadataVersion;

/**
 * A real Kafka broker (KRaft, broker and controller in one node) running inside this JVM, with
 * its data in a temporary directory deleted on close, and every listener bound to 127.0.0.1
 * only. Tuned for one node: internal topics with one replica, no initial rebalance delay. For
 * tests, demos and benchmarks, not production. Thread-safe to read; start and close once.
 */
@SuppressWarnings("try")
public final class EmbeddedKafkaBroker implements AutoCloseable {
    private final KafkaClusterTestKit cluster;
    private final Path dataDir;
    private final Admin admin;

    private EmbeddedKafkaBroker(KafkaClusterTestKit cluster, Path dataDir) {
        this.cluster = cluster;
        this.dataDir = dataDir;
        Map<String, Object> conf = new HashMap<>();
        conf.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers());
        this.admin = Admin.create(conf);
    }

    /** Starts a broker; returns once it accepts clients. */
    public static EmbeddedKafkaBroker start() throws Exception {
        return start(Map.of());
    }

    /** Starts a broker with extra broker settings (e.g. {@code num.partitions}). */
    public static EmbeddedKafkaBroker start(Map<String, Object> brokerProps) throws Exception {
        Path dir = Files.createTempDirectory("gale-kafka-");
        TestKitNodes nodes = new TestKitNodes.Builder()
                .setCombined(true)
                .setNumBrokerNodes(1)
                .setNumControllerNodes(1)
                .setBaseDirectory(dir)
                // The test kit defaults to the newest, unreleased metadata version; run what a release runs.
                .setBootstrapMetadataVersion(MetadataVersion.latestProduction())
                .build();
        KafkaClusterTestKit.Builder builder = new KafkaClusterTestKit.Builder(nodes)
                .setConfigProp("offsets.topic.replication.factor", "1")
                .setConfigProp("offsets.topic.num.partitions", "1")
                .setConfigProp("transaction.state.log.replication.factor", "1")
                .setConfigProp("transaction.state.log.min.isr", "1")
                // One partition, as for offsets: the first transactional producer waits until all of them exist.
                .setConfigProp("transaction.state.log.num.partitions", "1")
                .setConfigProp("group.initial.rebalance.delay.ms", "0")
                .setConfigProp("unstable.api.versions.enable", "false")
                .setConfigProp("unstable.feature.versions.enable", "false");
        brokerProps.forEach(builder::setConfigProp);
        bindToLoopback(builder, nodes);
        KafkaClusterTestKit cluster = builder.build();
        try {
            cluster.format();
            cluster.startup();
            cluster.waitForReadyBrokers();
        } catch (Exception e) {
            cluster.close();
            throw e;
        }
        return new EmbeddedKafkaBroker(cluster, dir);
    }

    /**
     * The test kit pre-binds each listener on the wildcard address whatever {@code listeners}
     * says; seeding its socket table with loopback sockets first makes it use those instead.
     */
    @SuppressWarnings("unchecked")
    private static void bindToLoopback(KafkaClusterTestKit.Builder builder, TestKitNodes nodes) throws Exception {
        Field managerField = KafkaClusterTestKit.Builder.class.getDeclaredField("socketFactoryManager");
        managerField.setAccessible(true);
        PreboundSocketFactoryManager manager = (PreboundSocketFactoryManager) managerField.get(builder);
        Field socketsField = PreboundSocketFactoryManager.class.getDeclaredField("sockets");
        socketsField.setAccessible(true);
        Map<Integer, Map<String, ServerSocketChannel>> sockets =
                (Map<Integer, Map<String, ServerSocketChannel>>) socketsField.get(manager);
        synchronized (manager) {
            String controller = nodes.controllerListenerName().value();
            String broker = nodes.brokerListenerName().value();
            for (Integer id : nodes.controllerNodes().keySet()) {
                sockets.computeIfAbsent(id, k -> new HashMap<>()).put(controller, loopbackSocket(controller));
            }
            for (Integer id : nodes.brokerNodes().keySet()) {
                sockets.computeIfAbsent(id, k -> new HashMap<>()).put(broker, loopbackSocket(broker));
            }
        }
    }

    private static ServerSocketChannel loopbackSocket(String listener) throws IOException {
        return ServerSocketFactory.INSTANCE.openServerSocket(listener,
                new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), -1, -1);
    }

    /** {@code host:port} for clients. */
    public String bootstrapServers() {
        return cluster.bootstrapServers();
    }

    /** The controller's {@code host:port}. */
    public String bootstrapControllers() {
        return cluster.bootstrapControllers();
    }

    /** An admin client of this broker, owned by it (do not close it). */
    public Admin admin() {
        return admin;
    }

    /** Creates a topic with one replica; an existing topic is left as it is. */
    public void createTopic(String name, int partitions) throws InterruptedException, ExecutionException {
        try {
            admin.createTopics(List.of(new NewTopic(name, partitions, (short) 1))).all().get();
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                throw e;
            }
        }
        awaitPartitionsOpen(name, partitions);
    }

    /**
     * Returns once the broker answers for every partition of a new topic. The creation returns
     * before the broker has opened the partitions' logs, and an idempotent producer whose first
     * batch to a partition is refused then (not the leader yet) while its second is taken resends
     * the first out of order, which the broker refuses for good.
     */
    private void awaitPartitionsOpen(String topic, int partitions) throws InterruptedException, ExecutionException {
        Map<TopicPartition, OffsetSpec> request = new HashMap<>();
        for (int p = 0; p < partitions; p++) {
            request.put(new TopicPartition(topic, p), OffsetSpec.latest());
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            try {
                admin.listOffsets(request).all().get();
                return;
            } catch (ExecutionException e) {
                if (System.nanoTime() - deadline > 0) {
                    throw e;
                }
                Thread.sleep(20);
            }
        }
    }

    /** The end offset of each partition of {@code topic}. */
    public Map<TopicPartition, Long> endOffsets(String topic) throws InterruptedException, ExecutionException {
        int partitions = admin.describeTopics(List.of(topic)).allTopicNames().get().get(topic).partitions().size();
        Map<TopicPartition, OffsetSpec> request = new HashMap<>();
        for (int p = 0; p < partitions; p++) {
            request.put(new TopicPartition(topic, p), OffsetSpec.latest());
        }
        Map<TopicPartition, Long> out = new HashMap<>();
        admin.listOffsets(request).all().get().forEach((tp, info) -> out.put(tp, info.offset()));
        return out;
    }

    /** The offsets a consumer group committed. */
    public Map<TopicPartition, Long> committedOffsets(String group) throws InterruptedException, ExecutionException {
        Map<TopicPartition, Long> out = new HashMap<>();
        Map<TopicPartition, OffsetAndMetadata> c = admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata()
                .get();
        c.forEach((tp, o) -> {
            if (o != null) {
                out.put(tp, o.offset());
            }
        });
        return out;
    }

    /**
     * The addresses this broker's ports listen on, read from {@code /proc/net/tcp*} (Linux);
     * empty where that is not readable.
     */
    public List<String> listeningAddresses() throws IOException {
        List<Integer> ports = new ArrayList<>();
        for (String hp : (bootstrapServers() + "," + bootstrapControllers()).split(",")) {
            ports.add(Integer.parseInt(hp.substring(hp.lastIndexOf(':') + 1)));
        }
        List<String> out = new ArrayList<>();
        for (String file : new String[] {"/proc/net/tcp", "/proc/net/tcp6"}) {
            Path p = Path.of(file);
            if (!Files.isReadable(p)) {
                continue;
            }
            for (String line : Files.readAllLines(p, StandardCharsets.US_ASCII)) {
                String[] f = line.trim().split("\\s+");
                if (f.length < 4 || !f[3].equals("0A")) { // 0A = LISTEN
                    continue;
                }
                String local = f[1];
                int colon = local.lastIndexOf(':');
                int port = Integer.parseInt(local.substring(colon + 1), 16);
                if (ports.contains(port)) {
                    out.add(local.substring(0, colon) + ":" + port);
                }
            }
        }
        return out;
    }

    /** Client properties pointing at this broker. */
    public Properties clientProperties() {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers());
        return p;
    }

    /** The broker's data directory (deleted on close). */
    public Path dataDirectory() {
        return dataDir;
    }

    @Override
    public void close() throws Exception {
        try {
            admin.close();
        } finally {
            cluster.close();
            deleteQuietly(dataDir);
        }
    }

    private static void deleteQuietly(Path dir) {
        try (var walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | RuntimeException ignored) {
            // best effort: the test kit deletes its own directories too
        }
    }
}
