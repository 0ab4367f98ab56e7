package dev.gale.examples;

import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs an example's main on a thread of its own, for mains that submit a topology and then
 * sleep between polls of Nimbus: the test watches the topology meanwhile, and
 * {@link #close()} interrupts the sleeping main and waits for it to end. Thread-safe.
 */
final class BackgroundMain implements AutoCloseable {
    /** A main method. */
    @FunctionalInterface
    interface Main {
        void run(String[] args) throws Exception;
    }

    private final AtomicReference<Throwable> thrown = new AtomicReference<>();
    private final Thread thread;

    BackgroundMain(String name, Main main, String... args) {
        thread = new Thread(() -> {
            try {
                main.run(args);
            } catch (InterruptedException e) {
                // close() ended its sleep
            } catch (Throwable t) {
                thrown.set(t);
            }
        }, name);
        thread.setDaemon(true);
        thread.start();
    }

    /** What the main threw, other than the interrupt of {@link #close()}; null if nothing (yet). */
    Throwable thrown() {
        return thrown.get();
    }

    @Override
    public void close() throws InterruptedException {
        thread.interrupt();
        thread.join(10_000);
    }
}
