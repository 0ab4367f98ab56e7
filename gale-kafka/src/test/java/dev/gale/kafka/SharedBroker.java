package dev.gale.kafka;

import dev.gale.kafka.embedded.EmbeddedKafkaBroker;

/**
 * One real broker for every test class of this fork: a cold start costs seconds (class loading),
 * a second one far less, and topics are per test anyway. Closed by a shutdown hook.
 */
final class SharedBroker {
    private static EmbeddedKafkaBroker broker;

    private SharedBroker() {
    }

    static synchronized EmbeddedKafkaBroker get() throws Exception {
        if (broker == null) {
            broker = EmbeddedKafkaBroker.start();
            EmbeddedKafkaBroker b = broker;
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    b.close();
                } catch (Exception ignored) {
                    // the JVM is going away
                }
            }));
        }
        return broker;
    }
}
