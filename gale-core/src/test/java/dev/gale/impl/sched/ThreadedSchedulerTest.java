package dev.gale.impl.sched;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.impl.transfer.Parker;
import dev.gale.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ThreadedSchedulerTest {

    /** Counts its calls; optionally blocks in one of them until released. */
    static class Counting implements DutyCycle {
        final String name;
        final AtomicLong calls = new AtomicLong();
        final AtomicInteger started = new AtomicInteger();
        final AtomicInteger closed = new AtomicInteger();
        final CountDownLatch release = new CountDownLatch(1);
        volatile boolean blockNext;
        /** Set while a call runs: a second thread entering sees it. */
        private volatile boolean inside;
        final AtomicInteger overlaps = new AtomicInteger();

        Counting(String name) {
            this.name = name;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public void onStart(Parker parker) {
            started.incrementAndGet();
        }

        @Override
        public int doWork(Parker parker) {
            if (inside) {
                overlaps.incrementAndGet();
            }
            inside = true;
            try {
                calls.incrementAndGet();
                if (blockNext) {
                    blockNext = false;
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                return work();
            } finally {
                inside = false;
            }
        }

        /** What a call returns once counted: always work, unless a subclass says otherwise. */
        int work() {
            return 1;
        }

        @Override
        public long parkBudgetNanos(Parker parker) {
            return 0;
        }

        @Override
        public void onClose() {
            closed.incrementAndGet();
        }
    }

    /** Never has work, and only a signal could give it some. */
    static class Idle extends Counting {
        Idle(String name) {
            super(name);
        }

        @Override
        public int doWork(Parker parker) {
            return 0;
        }

        @Override
        public long parkBudgetNanos(Parker parker) {
            return Long.MAX_VALUE;
        }
    }

    @Test
    void aCycleThatBlocksIsLeftAloneOnItsThreadAndTheOthersMoveOn() throws Exception {
        Counting blocker = new Counting("blocker");
        Counting a = new Counting("a");
        Counting b = new Counting("b");
        blocker.blockNext = true;
        ThreadedScheduler s = new ThreadedScheduler("gale-test-block", Clock.system(), List.of(blocker, a, b), 1,
                IdleStrategy.BACKOFF, Duration.ofMillis(50).toNanos());
        s.start();
        try {
            await().atMost(Duration.ofSeconds(10)).until(() -> s.isolatedCount() == 1);
            long before = a.calls.get() + b.calls.get();
            await().atMost(Duration.ofSeconds(10)).until(() -> a.calls.get() + b.calls.get() > before + 1000);
            assertThat(blocker.calls.get()).as("still inside its first call").isEqualTo(1);
            assertThat(s.threadCount()).isEqualTo(2);
        } finally {
            blocker.release.countDown();
            s.stop();
            assertThat(s.awaitStopped(System.nanoTime() + Duration.ofSeconds(10).toNanos())).isTrue();
        }
        for (Counting c : List.of(blocker, a, b)) {
            assertThat(c.started.get()).as(c.name + " started once").isEqualTo(1);
            assertThat(c.closed.get()).as(c.name + " closed once").isEqualTo(1);
            assertThat(c.overlaps.get()).as(c.name + " never on two threads at once").isZero();
        }
    }

    @Test
    void aThreadThatWaitsForACpuIsNotTakenForABlockingCall() throws Exception {
        Counting blocker = new Counting("blocker");
        Counting a = new Counting("a");
        blocker.blockNext = true;
        // Starving: between any two looks the thread waited on the run queue far longer than the look apart.
        AtomicBoolean starving = new AtomicBoolean(true);
        AtomicLong waited = new AtomicLong();
        ThreadedScheduler s = new ThreadedScheduler("gale-test-starved", Clock.system(), List.of(blocker, a), 1,
                IdleStrategy.BACKOFF, Duration.ofMillis(50).toNanos())
                .withRunQueueWait(r -> starving.get() ? waited.addAndGet(Duration.ofSeconds(1).toNanos()) : waited.get());
        s.start();
        try {
            await().atMost(Duration.ofSeconds(10)).until(() -> blocker.calls.get() == 1);
            long looks = s.stalledLooks();
            // Two looks at the same call isolate a blocking one (50 ms limit, 25 ms tick); ten go by here.
            await().atMost(Duration.ofSeconds(10)).until(() -> s.stalledLooks() >= looks + 10);
            assertThat(s.isolatedCount()).as("a starved thread is not a blocking call").isZero();
            assertThat(s.threadCount()).isEqualTo(1);

            starving.set(false); // the thread gets the CPU and the call still does not return: it blocks
            await().atMost(Duration.ofSeconds(10)).until(() -> s.isolatedCount() == 1);
            assertThat(s.threadCount()).isEqualTo(2);
        } finally {
            blocker.release.countDown();
            s.stop();
            assertThat(s.awaitStopped(System.nanoTime() + Duration.ofSeconds(10).toNanos())).isTrue();
        }
    }

    @Test
    void theWatchdogSleepsLongerWhileNoThreadIsInACallAndComesBackToItsTickAtOnce() {
        long tick = Duration.ofMillis(50).toNanos();
        assertThat(ThreadedScheduler.nextWatchSleep(tick, false, tick)).isEqualTo(2 * tick);
        assertThat(ThreadedScheduler.nextWatchSleep(2 * tick, false, tick)).isEqualTo(4 * tick);
        assertThat(ThreadedScheduler.nextWatchSleep(4 * tick, false, tick)).isEqualTo(ThreadedScheduler.WATCH_IDLE_MAX_NANOS);
        assertThat(ThreadedScheduler.nextWatchSleep(ThreadedScheduler.WATCH_IDLE_MAX_NANOS, true, tick)).isEqualTo(tick);
        long longTick = 2 * ThreadedScheduler.WATCH_IDLE_MAX_NANOS;
        assertThat(ThreadedScheduler.nextWatchSleep(longTick, false, longTick)).as("never beyond its own tick").isEqualTo(longTick);
    }

    @Test
    void aCallThatBlocksAfterALongIdleSpellIsStillIsolated() throws Exception {
        // Idle (nothing to do, parks as long as it may) until told to go; then blocks in its next call.
        Counting blocker = new Counting("blocker") {
            volatile boolean go;

            @Override
            public int doWork(Parker parker) {
                return go ? super.doWork(parker) : 0;
            }

            @Override
            public long parkBudgetNanos(Parker parker) {
                if (stayIdle) {
                    return Long.MAX_VALUE;
                }
                go = true;
                return 0;
            }
        };
        Counting idleOther = new Idle("idle");
        blocker.blockNext = true;
        stayIdle = true;
        ThreadedScheduler s = new ThreadedScheduler("gale-test-idleblock", Clock.system(), List.of(blocker, idleOther),
                1, IdleStrategy.BACKOFF, Duration.ofMillis(50).toNanos());
        s.start();
        try {
            await().atMost(Duration.ofSeconds(10))
                    .until(() -> s.watchSleepNanos() == ThreadedScheduler.WATCH_IDLE_MAX_NANOS);
            stayIdle = false; // seen within the runner's longest park
            await().atMost(Duration.ofSeconds(10)).until(() -> blocker.calls.get() == 1);
            await().atMost(Duration.ofSeconds(10)).until(() -> s.isolatedCount() == 1);
            assertThat(s.threadCount()).isEqualTo(2);
        } finally {
            blocker.release.countDown();
            s.stop();
            assertThat(s.awaitStopped(System.nanoTime() + Duration.ofSeconds(10).toNanos())).isTrue();
        }
    }

    private static volatile boolean stayIdle;

    @Test
    void withTheWatchdogOffABlockingCycleStallsItsThread() throws Exception {
        Counting blocker = new Counting("blocker");
        Counting a = new Counting("a");
        blocker.blockNext = true;
        ThreadedScheduler s = new ThreadedScheduler("gale-test-nowatch", Clock.system(), List.of(blocker, a), 1,
                IdleStrategy.BACKOFF, 0);
        s.start();
        try {
            await().atMost(Duration.ofSeconds(10)).until(() -> blocker.calls.get() == 1);
            // No time window: the pool's only thread is seen parked inside the blocker's call,
            // before and after the read, so nothing else can have run on it meanwhile.
            Thread worker = Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> t.getName().equals("gale-test-nowatch-worker-0")).findFirst().orElseThrow();
            await().atMost(Duration.ofSeconds(10)).until(() -> worker.getState() == Thread.State.WAITING);
            long seen = a.calls.get();
            assertThat(worker.getState()).isEqualTo(Thread.State.WAITING);
            assertThat(a.calls.get()).as("stalled behind the blocked cycle").isLessThanOrEqualTo(seen + 1);
            assertThat(s.threadCount()).isEqualTo(1);
            assertThat(s.isolatedCount()).isZero();
        } finally {
            blocker.release.countDown();
            s.stop();
            s.awaitStopped(System.nanoTime() + Duration.ofSeconds(10).toNanos());
        }
    }

    /**
     * Randomized: cycles block at random (each long enough to be isolated), so cycles move between
     * threads while others run; no cycle may ever run on two threads at once, each is started and
     * closed exactly once, and none is lost (every one keeps being called).
     */
    @Test
    void cyclesMovingBetweenThreadsNeverRunTwiceAtOnceAndAreNeverLost() throws Exception {
        Random random = new Random(20261123L);
        List<Counting> cycles = new ArrayList<>();
        List<DutyCycle> asCycles = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            Counting c = new Counting("c" + i);
            cycles.add(c);
            asCycles.add(c);
        }
        ThreadedScheduler s = new ThreadedScheduler("gale-test-moves", Clock.system(), asCycles, 2,
                IdleStrategy.BACKOFF, Duration.ofMillis(20).toNanos());
        s.start();
        try {
            for (int round = 0; round < 4; round++) {
                Counting victim = cycles.get(random.nextInt(cycles.size()));
                if (victim.release.getCount() == 0) {
                    continue;
                }
                victim.blockNext = true;
                int isolatedBefore = s.isolatedCount();
                await().atMost(Duration.ofSeconds(10)).until(() -> s.isolatedCount() > isolatedBefore);
                victim.release.countDown();
            }
            long[] seen = cycles.stream().mapToLong(c -> c.calls.get()).toArray();
            await().atMost(Duration.ofSeconds(10)).until(() -> {
                for (int i = 0; i < seen.length; i++) {
                    if (cycles.get(i).calls.get() <= seen[i] + 200_000) {
                        return false;
                    }
                }
                return true;
            });
        } finally {
            cycles.forEach(c -> c.release.countDown());
            s.stop();
            assertThat(s.awaitStopped(System.nanoTime() + Duration.ofSeconds(10).toNanos())).isTrue();
        }
        for (Counting c : cycles) {
            assertThat(c.overlaps.get()).as(c.name + " overlaps").isZero();
            assertThat(c.started.get()).as(c.name + " started").isEqualTo(1);
            assertThat(c.closed.get()).as(c.name + " closed").isEqualTo(1);
        }
    }
}
