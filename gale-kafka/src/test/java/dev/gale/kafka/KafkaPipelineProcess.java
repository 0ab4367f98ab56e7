package dev.gale.kafka;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.kafka.bolt.KafkaBolt;
import dev.gale.kafka.bolt.mapper.FieldNameBasedTupleToKafkaMapper;
import dev.gale.kafka.spout.EmptyKafkaTupleListener;
import dev.gale.kafka.spout.KafkaSpout;
import dev.gale.kafka.spout.KafkaSpoutConfig;
import dev.gale.task.TopologyContext;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import java.io.IOException;
import java.util.Collection;
import java.util.Map;
import java.util.Properties;
import java.util.TreeSet;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * The {@code main} of a Gale process in the process tests: runs one topology, KafkaSpout ->
 * {@link HoldingBolt} (passes each record on after {@link #HOLD_MS}) -> KafkaBolt, from one
 * topic to another, until it is killed, its stdin reaches end of file (the test JVM is gone) or
 * {@link #MAX_LIFE_MS} passed. Each spout task prints its assignment to stdout after every
 * rebalance, as {@code ASSIGNED task=<id> at=<epoch ms> partitions=[...]}.
 *
 * <p>Arguments: bootstrap servers, input topic, output topic, consumer group, spout tasks.
 */
public final class KafkaPipelineProcess {
    static final int COMMIT_PERIOD_MS = 200;
    static final int MAX_UNCOMMITTED_OFFSETS = 250;
    static final int MAX_POLL_RECORDS = 100;
    static final int MAX_SPOUT_PENDING = 1_000;
    static final int SESSION_TIMEOUT_MS = 6_000;
    static final int HEARTBEAT_INTERVAL_MS = 1_000;
    /** Longer than the commit period: each commit finds the records read since the one before still held. */
    static final int HOLD_MS = 300;
    static final String STARTED = "STARTED";
    static final String ASSIGNED = "ASSIGNED";
    static final String SHUTDOWN_HOOK_RAN = "SHUTDOWN HOOK RAN";
    /** A child left behind by a test JVM that could not kill it ends by itself. */
    private static final long MAX_LIFE_MS = 900_000;

    private KafkaPipelineProcess() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 5) {
            System.err.println("usage: KafkaPipelineProcess <bootstrap> <input topic> <output topic> <group>"
                    + " <spout tasks>");
            System.exit(2);
        }
        String bootstrap = args[0];
        String input = args[1];
        String output = args[2];
        String group = args[3];
        int spoutTasks = Integer.parseInt(args[4]);
        // Printed only on an orderly exit: a process killed with SIGKILL never prints it.
        Runtime.getRuntime().addShutdownHook(new Thread(() -> say(SHUTDOWN_HOOK_RAN)));
        startWatchdog();

        KafkaSpoutConfig<String, String> spoutConfig = KafkaSpoutConfig.builder(bootstrap, input)
                .setGroupId(group)
                .setOffsetCommitPeriodMs(COMMIT_PERIOD_MS)
                .setMaxUncommittedOffsets(MAX_UNCOMMITTED_OFFSETS)
                .setProp(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, MAX_POLL_RECORDS)
                .setProp(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, SESSION_TIMEOUT_MS)
                .setProp(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, HEARTBEAT_INTERVAL_MS)
                .setProp(ConsumerConfig.MAX_POLL_INTERVAL_MS_CONFIG, 30_000)
                .setRecordTranslator(r -> new Values(r.key(), r.value()), new Fields("key", "message"))
                .setTupleListener(new AssignmentPrinter())
                .build();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("kafka", new KafkaSpout<>(spoutConfig), spoutTasks);
        b.setSpout("metronome", new MetronomeSpout(20), 1);
        b.setBolt("hold", new HoldingBolt(HOLD_MS), 1).shuffleGrouping("kafka").allGrouping("metronome");
        b.setBolt("sink", sink(bootstrap, output), 1).shuffleGrouping("hold");
        Config conf = new Config();
        conf.setMaxSpoutPending(MAX_SPOUT_PENDING);

        LocalCluster cluster = new LocalCluster();
        cluster.submitTopology("pipeline", conf, b.createTopology());
        say(STARTED + " pid=" + ProcessHandle.current().pid());
        // The test JVM holds our stdin open; end of file means it is gone, and so should we be.
        try {
            while (System.in.read() >= 0) {
                // nothing is ever written; just wait for end of file
            }
        } catch (IOException ignored) {
            // treated as end of file
        }
        say("stdin closed; exiting");
        Runtime.getRuntime().halt(3);
    }

    private static KafkaBolt<String, String> sink(String bootstrap, String topic) {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.LINGER_MS_CONFIG, 5);
        return new KafkaBolt<String, String>()
                .withProducerProperties(p)
                .withTopicSelector(topic)
                .withTupleToKafkaMapper(new FieldNameBasedTupleToKafkaMapper<>("key",
                        "message"));
    }

    private static void startWatchdog() {
        Thread t = new Thread(() -> {
            try {
                Thread.sleep(MAX_LIFE_MS);
            } catch (InterruptedException e) {
                return;
            }
            say("lived " + MAX_LIFE_MS + " ms; exiting");
            Runtime.getRuntime().halt(4);
        }, "watchdog");
        t.setDaemon(true);
        t.start();
    }

    static synchronized void say(String line) {
        System.out.println(line);
        System.out.flush();
    }

    /** Prints each spout task's partitions after every rebalance; called on the spout's thread. */
    private static final class AssignmentPrinter extends EmptyKafkaTupleListener {
        private static final long serialVersionUID = 1L;
        private transient int taskId;

        @Override
        public void open(Map<String, Object> conf, TopologyContext context) {
            taskId = context.getThisTaskId();
        }

        @Override
        public void onPartitionsReassigned(Collection<TopicPartition> partitions) {
            TreeSet<Integer> numbers = new TreeSet<>();
            partitions.forEach(tp -> numbers.add(tp.partition()));
            say(ASSIGNED + " task=" + taskId + " at=" + System.currentTimeMillis() + " partitions=" + numbers);
        }
    }
}
