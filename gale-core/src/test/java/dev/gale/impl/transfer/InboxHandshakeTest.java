package dev.gale.impl.transfer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The park/signal handshake that lets an idle executor sleep: two threads play ping-pong through
 * two inboxes, each parking for an hour whenever its inbox looks empty, so a single lost wake-up
 * hangs the game and the deadline fails the test. Replies alternate between the data and the
 * control queue, since both must wake the owner.
 */
class InboxHandshakeTest {

    private static final int ROUND_TRIPS = 20_000;
    private static final long PARK_NANOS = TimeUnit.HOURS.toNanos(1);


    /** Waits for one message on its own inbox, parking whenever it finds none. */
    private static void awaitOne(Inbox own, AtomicLong received) {
        long before = received.get();
        while (received.get() == before) {
            own.drainControl(m -> received.incrementAndGet());
            own.drain(m -> received.incrementAndGet(), 1);
            if (received.get() == before) {
                Parking.park(own, PARK_NANOS);
            }
        }
    }

    private static void send(Inbox to, int i) {
        if (i % 2 == 0) {
            assertThat(to.offer(i)).isTrue();
            to.signal();
        } else {
            to.offerControl(i);
        }
    }

    @Test
    void noWakeUpIsLostInAPingPongOfParkingThreads() {
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            Inbox ping = new Inbox(0, "ping", 16);
            Inbox pong = new Inbox(1, "pong", 16);
            AtomicLong pingReceived = new AtomicLong();
            AtomicLong pongReceived = new AtomicLong();
            CompletableFuture<Void> ponger = CompletableFuture.runAsync(() -> {
                Parking.bind(pong);
                for (int i = 0; i < ROUND_TRIPS; i++) {
                    awaitOne(pong, pongReceived);
                    send(ping, i);
                }
            });
            Parking.bind(ping);
            for (int i = 0; i < ROUND_TRIPS; i++) {
                send(pong, i + 1);
                awaitOne(ping, pingReceived);
            }
            ponger.join();
            assertThat(pingReceived.get()).isEqualTo(ROUND_TRIPS);
            assertThat(pongReceived.get()).isEqualTo(ROUND_TRIPS);
        });
    }
}
