package dev.gale.impl.sched;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.impl.transfer.Parker;
import dev.gale.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * While every shared thread dozes, quiet cycles gather on the pool's first thread, so that one
 * thread wakes for their polls; a gathered cycle goes back to its own thread as soon as it has
 * work, and nothing is gathered onto a thread that is busy.
 */
class GatheringTest {
    private static final long POLL = TimeUnit.MILLISECONDS.toNanos(2);

    /** A spout-like cycle: polled every 2 ms, quiet unless given work; records where it runs. */
    static final class Poller extends ThreadedSchedulerTest.Counting {
        volatile boolean quiet = true;
        /** Calls left that return work (and make it not quiet). */
        final AtomicInteger workLeft = new AtomicInteger();
        volatile String home;
        volatile String lastThread;

        Poller(String name) {
            super(name);
        }

        @Override
        public void onStart(Parker parker) {
            super.onStart(parker);
            home = Thread.currentThread().getName();
        }

        @Override
        int work() {
            lastThread = Thread.currentThread().getName();
            if (workLeft.get() > 0) {
                workLeft.decrementAndGet();
                return 1;
            }
            return 0;
        }

        @Override
        public long parkBudgetNanos(Parker parker) {
            return workLeft.get() > 0 ? 0 : POLL;
        }

        @Override
        public boolean quiet() {
            return quiet && workLeft.get() == 0;
        }

        /** Waits for {@code n} more polls. */
        void awaitPolls(int n) {
            long seen = calls.get();
            await().pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(1)).atMost(Duration.ofSeconds(30))
                    .until(() -> calls.get() >= seen + n);
        }
    }

    private static ThreadedScheduler twoThreads(List<DutyCycle> cycles) {
        return new ThreadedScheduler("gale-test-gather", Clock.system(), cycles, 2, IdleStrategy.BACKOFF, 0)
                .withBalancing(false).withMaxPark(TimeUnit.HOURS.toNanos(1));
    }

    /** Four pollers and two idle cycles, dealt round-robin: each thread owns two pollers and an idle cycle. */
    private static List<DutyCycle> dealt(List<Poller> pollers, DutyCycle idle0, DutyCycle idle1) {
        List<DutyCycle> cycles = new ArrayList<>();
        cycles.add(pollers.get(0));
        cycles.add(pollers.get(1));
        cycles.add(idle0);
        cycles.add(idle1);
        cycles.add(pollers.get(2));
        cycles.add(pollers.get(3));
        return cycles;
    }

    private static List<Poller> pollers() {
        List<Poller> out = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            out.add(new Poller("poller-" + i));
        }
        return out;
    }

    @Test
    void quietCyclesGatherOnTheFirstThreadAndGoHomeWhenTheyHaveWork() throws Exception {
        List<Poller> pollers = pollers();
        ThreadedScheduler s = twoThreads(dealt(pollers, new ThreadedSchedulerTest.Idle("idle-0"),
                new ThreadedSchedulerTest.Idle("idle-1")));
        s.start();
        try {
            await().atMost(Duration.ofSeconds(10)).until(() -> pollers.stream().allMatch(p -> p.lastThread != null));
            String first = "gale-test-gather-worker-0";
            String second = "gale-test-gather-worker-1";
            assertThat(pollers).extracting(p -> p.home).containsExactly(first, second, first, second);
            await().atMost(Duration.ofSeconds(30)).until(() -> pollers.stream().allMatch(p -> first.equals(p.lastThread)));

            // Work for a gathered poller: it goes back to its own thread, and stays while it is not quiet.
            Poller moved = pollers.get(1);
            moved.quiet = false;
            moved.workLeft.set(3);
            await().atMost(Duration.ofSeconds(30)).until(() -> second.equals(moved.lastThread));
            moved.awaitPolls(50);
            assertThat(moved.lastThread).isEqualTo(second);

            // Quiet again: it gathers again.
            moved.quiet = true;
            await().atMost(Duration.ofSeconds(30)).until(() -> first.equals(moved.lastThread));
        } finally {
            s.stop();
            assertThat(s.awaitStopped(System.nanoTime() + Duration.ofSeconds(10).toNanos())).isTrue();
        }
        for (Poller p : pollers) {
            assertThat(p.overlaps.get()).as(p.name + " never on two threads at once").isZero();
        }
    }

    @Test
    void nothingGathersOnAThreadThatIsBusy() throws Exception {
        List<Poller> pollers = pollers();
        // The first thread's own cycle always has work, so that thread never dozes.
        ThreadedSchedulerTest.Counting busy = new ThreadedSchedulerTest.Counting("busy");
        ThreadedScheduler s = twoThreads(dealt(pollers, busy, new ThreadedSchedulerTest.Idle("idle-1")));
        Map<String, Long> pollsOnFirst = new ConcurrentHashMap<>();
        s.start();
        try {
            await().atMost(Duration.ofSeconds(10)).until(() -> busy.calls.get() > 0);
            // The second thread dozes, its pollers are quiet all along: a hundred polls each, all at home.
            for (Poller p : List.of(pollers.get(1), pollers.get(3))) {
                for (int i = 0; i < 100; i++) {
                    p.awaitPolls(1);
                    if (!p.home.equals(p.lastThread)) {
                        pollsOnFirst.merge(p.name, 1L, Long::sum);
                    }
                }
            }
            assertThat(pollsOnFirst).as("polls away from home").isEmpty();
        } finally {
            s.stop();
            assertThat(s.awaitStopped(System.nanoTime() + Duration.ofSeconds(10).toNanos())).isTrue();
        }
    }
}
