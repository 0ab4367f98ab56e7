package dev.gale.impl.sched;

import dev.gale.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;
import java.util.function.ToLongFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The production scheduler: a fixed number of threads (by default one per core) share the duty
 * cycles of a topology cooperatively, each running its cycles in turn, so a topology with more
 * executors than cores does not pay for thread switches on every hand-off. Cycles are dealt to the
 * threads round-robin in the order given (neighbours in a pipeline given next to each other land
 * on different threads and work in parallel).
 *
 * <p>A cycle that blocks in user code (a spout sleeping in {@code nextTuple}) would stall the
 * cycles sharing its thread. Two defences: a component can ask for a thread of its own
 * ({@link DutyCycle#wantsOwnThread()}), and a watchdog notices a call that has not returned for
 * {@code blockedNanos} and moves the other cycles of that thread to a new one, leaving the
 * blocking cycle alone on its thread from then on (logged once, naming it). On Linux, time the
 * thread spent waiting for a CPU does not count ({@link RunQueueWait}): on an overloaded machine
 * that is not the call blocking.
 *
 * <p>Unless told otherwise ({@link #withBalancing}), the same watchdog thread moves cycles between
 * the shared threads towards the placement that measures fastest ({@link PlacementSearch}), judging
 * the topology's progress every {@link #BALANCE_NANOS}.
 *
 * <p>With {@code threads == 0} every cycle gets a thread of its own (Storm's model).
 *
 * <p>Thread-safe.
 */
public final class ThreadedScheduler implements Scheduler {
    private static final Logger LOG = LoggerFactory.getLogger(ThreadedScheduler.class);
    /** How often the placement is judged: the placement search measures progress over periods this long. */
    static final long BALANCE_NANOS = 300_000_000L;
    /** Longest sleep of a watchdog that finds every thread outside user code (idle, or between calls). */
    static final long WATCH_IDLE_MAX_NANOS = 200_000_000L;

    private final String prefix;
    private final Clock clock;
    private final List<DutyCycle> cycles;
    private final int threads;
    private final IdleStrategy idle;
    private final long blockedNanos;
    private final boolean byAffinity;
    private long maxParkNanos = Runner.MAX_PARK_NANOS;
    private final List<Runner> runners = new CopyOnWriteArrayList<>();
    /** The shared threads: those a cycle may be moved to. */
    private final List<Runner> pool = new CopyOnWriteArrayList<>();
    private boolean balancing = true;
    /** For tests: move one cycle every this long whatever the load; 0: never (see {@link #withShuffle}). */
    private long shuffleNanos;
    private final SplittableRandom shuffleRandom = new SplittableRandom(1);
    private final PlacementSearch placement = new PlacementSearch();
    /** The topology's work done so far, for the placement search: rises with throughput. */
    private LongSupplier progress = () -> 0;
    /** Where quiet cycles gather while every shared thread dozes; no target with fewer than two. */
    private final Gathering gathering = new Gathering();
    private int moves;
    private Thread watchdog;
    private volatile boolean running = true;
    private int isolated;
    private volatile long watchSleep;
    /** How long a runner's thread has waited for a CPU (see {@link RunQueueWait}); tests replace it. */
    private ToLongFunction<Runner> runQueueWait = r -> RunQueueWait.nanos(r.kernelThreadId());
    /** Looks of the watchdog that found a thread in the same call as at its last look; read by tests. */
    private volatile long stalledLooks;

    /**
     * @param prefix thread names start with it
     * @param threads shared threads (at most one per cycle is used); 0 for one thread per cycle
     * @param blockedNanos how long a call may run before its thread's other cycles move away; 0: never
     */
    public ThreadedScheduler(String prefix, Clock clock, List<DutyCycle> cycles, int threads, IdleStrategy idle,
                             long blockedNanos) {
        this(prefix, clock, cycles, threads, idle, blockedNanos, false);
    }

    /** Same; with {@code byAffinity} cycles go to the thread their {@link DutyCycle#affinity()} names. */
    public ThreadedScheduler(String prefix, Clock clock, List<DutyCycle> cycles, int threads, IdleStrategy idle,
                             long blockedNanos, boolean byAffinity) {
        this.byAffinity = byAffinity;
        if (threads < 0) {
            throw new IllegalArgumentException("threads must be >= 0: " + threads);
        }
        this.prefix = prefix;
        this.clock = clock;
        this.cycles = List.copyOf(cycles);
        this.threads = threads;
        this.idle = idle;
        this.blockedNanos = blockedNanos;
    }

    /** Whether the watchdog evens out the shared threads' load (default true). Before {@link #start()}. */
    public synchronized ThreadedScheduler withBalancing(boolean on) {
        this.balancing = on;
        return this;
    }

    /**
     * What the placement search measures placements by: a counter of work the topology has done
     * (messages handled), read every balancing period. Before {@link #start()}.
     */
    public synchronized ThreadedScheduler withProgress(LongSupplier progress) {
        this.progress = progress;
        return this;
    }

    /**
     * For tests of the hand-offs: every {@code periodNanos} the watchdog moves one cycle, picked at
     * random from a thread with more than one, to another shared thread, whatever the load.
     * 0 (default) never does. Before {@link #start()}.
     */
    public synchronized ThreadedScheduler withShuffle(long periodNanos) {
        this.shuffleNanos = periodNanos;
        return this;
    }

    /**
     * Sets the longest park (default five seconds), a safety net against a lost wake-up; tests set
     * it beyond their deadline so that a lost wake-up fails them. Before {@link #start()}.
     */
    synchronized ThreadedScheduler withMaxPark(long nanos) {
        this.maxParkNanos = nanos;
        return this;
    }

    /**
     * For tests: where the watchdog reads how long a runner's thread has waited for a CPU, in
     * nanoseconds since it started, or {@link RunQueueWait#UNKNOWN}. Before {@link #start()}.
     */
    synchronized ThreadedScheduler withRunQueueWait(ToLongFunction<Runner> source) {
        this.runQueueWait = source;
        return this;
    }

    /** How many times the watchdog found a thread still in the call it saw at its last look. */
    long stalledLooks() {
        return stalledLooks;
    }

    @Override
    public synchronized void start() {
        List<DutyCycle> shared = new ArrayList<>();
        for (DutyCycle c : cycles) {
            if (threads == 0 || c.wantsOwnThread()) {
                Runner r = new Runner(prefix + "-" + c.name(), clock, idle, maxParkNanos);
                r.hand(new Slot(c));
                runners.add(r);
            } else {
                shared.add(c);
            }
        }
        int n = Math.min(threads, shared.size());
        for (int i = 0; i < n; i++) {
            pool.add(new Runner(prefix + "-worker-" + i, clock, idle, maxParkNanos));
        }
        int next = 0;
        for (DutyCycle c : shared) {
            int a = byAffinity ? c.affinity() : -1;
            pool.get(a >= 0 ? a % n : next++ % n).hand(new Slot(c));
        }
        if (n > 1) {
            gathering.target = pool.get(0);
            for (Runner r : pool) {
                r.gatherTo(gathering);
            }
        }
        runners.addAll(pool);
        for (Runner r : runners) {
            r.start();
        }
        // Placement by affinity is the user's choice (fusion needs it): it is not rebalanced.
        balancing = balancing && !byAffinity && n > 1 && shared.size() > n;
        if ((blockedNanos > 0 || balancing || shuffleNanos > 0) && n > 0 && shared.size() > n) {
            watchdog = new Thread(this::watch, prefix + "-watchdog");
            watchdog.setDaemon(true);
            watchdog.start();
        }
    }

    /** How many threads run cycles now (grows when a blocking cycle is isolated). */
    public int threadCount() {
        return runners.size();
    }

    private void watch() {
        long tick = blockedNanos > 0 ? Math.max(1_000_000L, Math.min(blockedNanos / 2, BALANCE_NANOS / 10))
                : BALANCE_NANOS / 10;
        if (shuffleNanos > 0) {
            tick = Math.min(tick, shuffleNanos);
        }
        int ticksToBlock = (int) Math.max(1, blockedNanos / tick);
        long nextBalance = System.nanoTime() + BALANCE_NANOS;
        long sleep = tick;
        while (running) {
            LockSupport.parkNanos(this, sleep);
            if (balancing && System.nanoTime() - nextBalance >= 0) {
                nextBalance = System.nanoTime() + BALANCE_NANOS;
                balance();
            }
            if (shuffleNanos > 0) {
                shuffle();
                if (blockedNanos == 0) {
                    sleep = shuffleNanos;
                    continue;
                }
            }
            if (blockedNanos == 0) {
                sleep = Math.max(1_000_000L, nextBalance - System.nanoTime()); // only balancing to do
                continue;
            }
            boolean anyInCall = false;
            for (Runner r : runners) {
                long seq = r.seq();
                boolean inCall = (seq & 1) == 1;
                anyInCall |= inCall;
                if (inCall && seq == r.watchedSeq) {
                    stalledLooks++;
                    if (!starved(r) && ++r.stalledTicks >= ticksToBlock) {
                        r.stalledTicks = 0;
                        isolate(r);
                    }
                } else {
                    r.watchedSeq = seq;
                    r.stalledTicks = 0;
                    r.watchedWait = RunQueueWait.UNKNOWN;
                }
            }
            // On this kind of machine a timed wake-up costs tens of microseconds; twenty a second
            // were a sixth of an idle topology's CPU. While no thread is inside a call there is
            // nothing to time, so the watchdog sleeps longer and longer: a call that then blocks
            // is seen at most WATCH_IDLE_MAX_NANOS later than it would have been.
            sleep = nextWatchSleep(sleep, anyInCall, tick);
            watchSleep = sleep;
        }
    }

    /**
     * Whether a runner seen in the same call as at the last look spent most of the time since
     * waiting for a CPU rather than in the call: on an overloaded machine a thread can go
     * unscheduled for longer than the blocked limit, and isolating it then only adds a thread
     * (and a hand-off per message) where cores are already short. The first look at a call has
     * nothing to compare with and counts as stalled.
     */
    private boolean starved(Runner r) {
        long wait = runQueueWait.applyAsLong(r);
        long now = System.nanoTime();
        boolean starved = wait >= 0 && r.watchedWait >= 0 && (wait - r.watchedWait) * 2 >= now - r.watchedAt;
        r.watchedWait = wait;
        r.watchedAt = now;
        return starved;
    }

    /** The watchdog's next sleep: its tick while some thread is inside a call, else twice the last, up to a cap. */
    static long nextWatchSleep(long last, boolean anyInCall, long tick) {
        return anyInCall ? tick : Math.min(last * 2, Math.max(tick, WATCH_IDLE_MAX_NANOS));
    }

    /** The watchdog's current sleep between looks, for tests. */
    long watchSleepNanos() {
        return watchSleep;
    }

    private synchronized void balance() {
        if (!running) {
            return;
        }
        PlacementSearch.Move m = placement.step(pool, System.nanoTime(), progress.getAsLong());
        if (m != null && m.from().giveUp(m.slot())) {
            m.to().hand(m.slot());
            moves++;
            LOG.debug("{}: {} executor {} from thread {} to {}", prefix, m.kind().verb(),
                    m.slot().cycle.name(), m.from(), m.to());
        }
        if (LOG.isDebugEnabled()) {
            LOG.debug("{}: {} placement {}", prefix, placement.lastPeriod(), placementSummary());
        }
    }

    /** Which cycles each shared thread runs, for the log. */
    private String placementSummary() {
        StringBuilder b = new StringBuilder();
        for (Runner r : pool) {
            b.append(r).append('=').append(r.owned()).append(' ');
        }
        return b.toString();
    }

    /** Moves one cycle at random between two shared threads (see {@link #withShuffle}). */
    private synchronized void shuffle() {
        if (!running || pool.size() < 2) {
            return;
        }
        Runner from = pool.get(shuffleRandom.nextInt(pool.size()));
        List<Slot> owned = from.owned();
        if (owned.size() < 2) {
            return;
        }
        Runner to = pool.get(shuffleRandom.nextInt(pool.size() - 1));
        if (to == from) {
            to = pool.get(pool.size() - 1);
        }
        Slot s = owned.get(shuffleRandom.nextInt(owned.size()));
        if (from.giveUp(s)) {
            to.hand(s);
            moves++;
        }
    }

    /** How many times the watchdog has moved a cycle so far. */
    public synchronized int moveCount() {
        return moves;
    }

    private synchronized void isolate(Runner r) {
        Slot blocked = r.current();
        if (!running || blocked == null || r.owned().size() < 2) {
            return;
        }
        List<Slot> others = r.takeAllBut(blocked);
        Runner fresh = new Runner(prefix + "-worker-" + (runners.size()), clock, idle, maxParkNanos);
        for (Slot s : others) {
            fresh.hand(s);
        }
        runners.add(fresh);
        // The blocking cycle keeps its thread: nothing may be moved there any more.
        r.isolated = true;
        r.gatherTo(null);
        pool.remove(r);
        pool.add(fresh);
        if (gathering.target != null) {
            fresh.gatherTo(gathering);
            gathering.target = pool.get(0);
        }
        fresh.start();
        isolated++;
        LOG.warn("{}: executor {} has been in one call of user code for over {} ms (blocking, e.g. sleeping in"
                        + " nextTuple); it keeps thread {} to itself from now on, and {} other executor(s) moved to"
                        + " thread {}. Give the component a thread of its own from the start with the component"
                        + " setting gale.executor.own.thread=true.", prefix, blocked.cycle.name(),
                TimeUnit.NANOSECONDS.toMillis(blockedNanos), r.thread().getName(), others.size(),
                fresh.thread().getName());
    }

    /** How many blocking cycles the watchdog has isolated so far. */
    public synchronized int isolatedCount() {
        return isolated;
    }

    @Override
    public void stop() {
        running = false;
        if (watchdog != null) {
            LockSupport.unpark(watchdog);
        }
        for (Runner r : runners) {
            r.stop();
        }
    }

    @Override
    public boolean awaitStopped(long deadlineNanos) throws InterruptedException {
        for (Runner r : runners) {
            long left = deadlineNanos - System.nanoTime();
            if (left <= 0) {
                break;
            }
            r.thread().join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
        }
        for (Runner r : runners) {
            if (r.thread().isAlive()) {
                return false;
            }
        }
        // The watchdog is the engine's own thread: a stopped scheduler leaves none behind.
        if (watchdog != null) {
            watchdog.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime())));
            return !watchdog.isAlive();
        }
        return true;
    }

    @Override
    public List<Stuck> stuck() {
        List<Stuck> out = new ArrayList<>();
        for (Runner r : runners) {
            Thread t = r.thread();
            if (t.isAlive()) {
                Slot s = r.current();
                DutyCycle c = s != null ? s.cycle : r.owned().isEmpty() ? null : r.owned().get(0).cycle;
                if (c != null) {
                    out.add(new Stuck(c, t.getName(), t.getStackTrace(), t));
                }
            }
        }
        return out;
    }

    @Override
    public void interruptStuck() {
        for (Runner r : runners) {
            if (r.thread().isAlive()) {
                r.thread().interrupt();
            }
        }
    }

    @Override
    public boolean isStepped() {
        return false;
    }

    /**
     * Asks every thread to hold at its next safe point, waits until each is held (or has ended),
     * evaluates {@code check}, and lets them go. Holding the scheduler's lock meanwhile keeps the
     * watchdog from moving cycles or adding threads. Each runner writes its held
     * flag (volatile) after its last call and reads the request (volatile) before its next one, so
     * what every cycle did happens-before {@code check}, and nothing runs during it.
     */
    @Override
    public synchronized boolean atSafePoint(BooleanSupplier check, long timeoutNanos) throws TimeoutException {
        long deadline = System.nanoTime() + timeoutNanos;
        List<Runner> all = List.copyOf(runners);
        for (Runner r : all) {
            r.askHold();
        }
        try {
            for (Runner r : all) {
                while (!r.isHeld() && r.thread().isAlive()) {
                    if (System.nanoTime() - deadline > 0) {
                        Slot s = r.current();
                        throw new TimeoutException("thread " + r + " did not reach a safe point within "
                                + TimeUnit.NANOSECONDS.toMillis(timeoutNanos) + " ms"
                                + (s != null && (r.seq() & 1) == 1 ? ": executor " + s + " is in a call of user code" : ""));
                    }
                    LockSupport.parkNanos(10_000L); // two cores: spinning would take the one it waits for
                }
            }
            return check.getAsBoolean();
        } finally {
            for (Runner r : all) {
                r.releaseHold();
            }
        }
    }

    @Override
    public long runUntilIdle(Duration timeout) {
        return 0;
    }
}
