package dev.gale.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The contract tests rely on: when {@code advance} returns, every waiter that came due has done
 * its work and waits again, so no test has to sleep.
 */
class SimulatedClockTest {

    private final SimulatedClock clock = new SimulatedClock().settleTimeout(Duration.ofSeconds(10));
    private final List<Thread> threads = new CopyOnWriteArrayList<>();

    @AfterEach
    void stopThreads() throws InterruptedException {
        for (Thread t : threads) {
            t.interrupt();
            t.join(TimeUnit.SECONDS.toMillis(10));
        }
    }

    /** A thread that does one unit of work (recording the time) every {@code periodMs} of clock time. */
    private List<Long> periodicWorker(Clock.Waiter waiter, long periodMs) {
        List<Long> ranAt = new CopyOnWriteArrayList<>();
        long first = clock.nanos() + periodMs * 1_000_000L; // read before any advance can race it
        Thread t = new Thread(() -> {
            long deadline = first;
            try {
                while (true) {
                    if (waiter.awaitNanos(deadline)) {
                        ranAt.add(clock.millis());
                        deadline += periodMs * 1_000_000L;
                    } else if (Thread.currentThread().isInterrupted()) {
                        return;
                    }
                }
            } catch (InterruptedException e) {
                waiter.close();
            }
        }, "worker");
        threads.add(t);
        t.start();
        return ranAt;
    }

    @Test
    void readsTheTimeItWasGivenAndMovesOnlyWhenAdvanced() {
        SimulatedClock started = new SimulatedClock(5_000_000_123L);
        assertThat(started.nanos()).isEqualTo(5_000_000_123L);
        assertThat(started.millis()).isEqualTo(5_000L);
        started.advance(Duration.ofMillis(2));
        started.advanceMillis(3);
        started.advanceNanos(7);
        assertThat(started.nanos()).isEqualTo(5_005_000_130L);
        assertThat(new SimulatedClock().nanos()).isZero();
    }

    @Test
    void refusesToGoBackwards() {
        assertThatThrownBy(() -> clock.advanceMillis(-1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("backwards");
        assertThat(clock.nanos()).isZero();
    }

    @Test
    void advanceReturnsOnceEveryDueWaiterHasDoneItsWork() {
        List<Long> ranAt = periodicWorker(clock.newWaiter("every-100ms"), 100);
        clock.advanceMillis(99);
        assertThat(ranAt).isEmpty();
        clock.advanceMillis(1);
        assertThat(ranAt).containsExactly(100L);
        clock.advanceMillis(350); // one step, three deadlines: the thread catches up before it returns
        assertThat(ranAt).containsExactly(100L, 450L, 450L, 450L);
    }

    @Test
    void awaitSettledWaitsForANewWaiterToStartWaiting() throws Exception {
        Clock.Waiter waiter = clock.newWaiter("late-starter");
        CompletableFuture<Void> settling = CompletableFuture.runAsync(clock::awaitSettled);
        assertThat(settling).as("a waiter whose thread has not waited yet is busy").isNotDone();
        periodicWorker(waiter, 100);
        settling.get(10, TimeUnit.SECONDS);
    }

    @Test
    void wakeUpEndsTheCurrentOrNextWaitEarly() throws Exception {
        Clock.Waiter waiter = clock.newWaiter("woken");
        waiter.wakeUp(); // before any wait: the next one returns at once
        assertThat(waiter.awaitNanos(Long.MAX_VALUE)).isFalse();

        CountDownLatch waiting = new CountDownLatch(1);
        AtomicReference<Boolean> result = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                waiting.countDown();
                result.set(waiter.awaitNanos(Long.MAX_VALUE));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        threads.add(t);
        t.start();
        waiting.await(10, TimeUnit.SECONDS);
        clock.awaitSettled(); // the thread now waits for a deadline that never comes
        waiter.wakeUp();
        t.join(TimeUnit.SECONDS.toMillis(10));
        assertThat(result.get()).isFalse();
        assertThat(waiter.awaitNanos(0)).as("a deadline already reached").isTrue();
    }

    @Test
    void aClosedWaiterNoLongerHoldsTheClock() throws Exception {
        Clock.Waiter waiter = clock.newWaiter("closed-one");
        waiter.close();
        waiter.close();
        clock.settleTimeout(Duration.ofMillis(200)); // were it still counted, advance would throw
        clock.advanceMillis(1_000);
        assertThat(waiter.awaitNanos(0)).isFalse();
    }

    @Test
    void aWaiterThatDoesNotSettleMakesAdvanceFailNamingIt() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        Clock.Waiter waiter = clock.newWaiter("stuck-worker");
        Thread t = new Thread(() -> {
            try {
                if (waiter.awaitNanos(1_000_000L)) {
                    release.await(); // busy for good, as far as the clock can tell
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                waiter.close();
            }
        });
        threads.add(t);
        t.start();
        clock.awaitSettled();
        clock.settleTimeout(Duration.ofMillis(300));
        assertThatThrownBy(() -> clock.advanceMillis(1))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("'stuck-worker' did not settle");
        release.countDown();
    }
}
