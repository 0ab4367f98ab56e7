package dev.gale.benchmarks.topology;

import dev.gale.kafka.embedded.EmbeddedKafkaBroker;
import java.io.InputStream;
import java.util.Map;

/**
 * The Kafka comparison's broker, in a JVM of its own so that neither engine's process pays for
 * it: starts an {@link EmbeddedKafkaBroker} on loopback, prints {@code BOOTSTRAP host:port} on
 * stdout, and runs until its stdin closes (the harness ending, or dying), then closes the broker
 * and deletes its data. A main class; nothing in it is shared between threads.
 */
public final class KafkaBrokerMain {
    /** Prefix of the line the harness reads. */
    public static final String BOOTSTRAP_PREFIX = "BOOTSTRAP ";

    private KafkaBrokerMain() {
    }

    public static void main(String[] args) throws Exception {
        try (EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.start(Map.of())) {
            System.out.println(BOOTSTRAP_PREFIX + broker.bootstrapServers());
            System.out.flush();
            InputStream in = System.in;
            while (in.read() >= 0) {
                // the harness writes nothing; EOF is the signal to stop
            }
        }
        System.exit(0);
    }
}
