package dev.gale.benchmarks.topology;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * How fast one of the host's cores runs while child runs go on: a thread of the harness measures
 * the CPU time of a fixed piece of single-threaded work (a xorshift walk over a 16 KiB table) four
 * times a second. CPU time leaves out the time the hypervisor takes away, which {@link HostSteal}
 * reports, so the two tell apart a host that took CPU time from a core that ran slower (a busy
 * neighbour on the physical core, a lower clock). A table that fits the core's first cache keeps
 * out what the engine leaves in the caches, and with it a neighbour that takes memory bandwidth:
 * the probe does not see that. A sample takes under a tenth of a millisecond, so the probe costs
 * a run well under 0.1% of one CPU.
 *
 * <p>Thread-safe: the probing thread adds samples; any thread reads them.
 */
final class HostProbe implements AutoCloseable {
    static final long PERIOD_MILLIS = 250;
    private static final int STEPS = 25_000;
    private static final int WARM_UP_SAMPLES = 50;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final int[] table = new int[1 << 12];
    private final List<Long> nanos = new ArrayList<>(); // guarded by this
    private final Thread thread = new Thread(this::probe, "host-probe");
    private volatile boolean running = true;
    private long seed = 88_172_645_463_325_252L;
    /** Keeps the work's result alive, so the compiler cannot drop the work. */
    private volatile long sink;

    private HostProbe() {
        thread.setDaemon(true);
    }

    /** A probe that has compiled its work and samples from now until {@link #close()}. */
    static HostProbe start() {
        HostProbe p = new HostProbe();
        for (int i = 0; i < WARM_UP_SAMPLES; i++) {
            p.time();
        }
        p.thread.start();
        return p;
    }

    /** A probe with no thread, for tests: they add samples with {@link #sample()}. */
    static HostProbe unstarted() {
        return new HostProbe();
    }

    /** How many samples were taken so far: pass it to {@link #medianMicrosSince(int)} later. */
    synchronized int mark() {
        return nanos.size();
    }

    /** Median time of one piece of work since {@code mark}, in microseconds; NaN without a sample since. */
    synchronized double medianMicrosSince(int mark) {
        int n = nanos.size() - mark;
        if (n <= 0) {
            return Double.NaN;
        }
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = nanos.get(mark + i);
        }
        Arrays.sort(v);
        return Figures.median(v) / 1_000.0;
    }

    /** Times one piece of work and keeps the time. */
    void sample() {
        add(time());
    }

    /** Keeps a time as if measured: for tests of the summary. */
    synchronized void add(long workNanos) {
        nanos.add(workNanos);
    }

    /** Whether the probing thread runs. */
    boolean isSampling() {
        return thread.isAlive();
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        thread.interrupt();
        if (thread.isAlive()) {
            thread.join();
        }
    }

    private void probe() {
        while (running) {
            sample();
            try {
                Thread.sleep(PERIOD_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /**
     * The work's CPU time on this thread, not its wall time: a probe woken beside a busy engine
     * thread shares the CPU with it, and the wall time would measure the guest's own scheduler.
     */
    private long time() {
        long t0 = cpuNanos();
        sink = work();
        return cpuNanos() - t0;
    }

    private static long cpuNanos() {
        return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : System.nanoTime();
    }

    /**
     * Arithmetic and reads and writes of a table small enough for the core's first cache: the
     * core's own speed, not how much of the caches the engine left to the probe.
     */
    private long work() {
        int[] t = table;
        int mask = t.length - 1;
        long x = seed;
        long sum = 0;
        for (int i = 0; i < STEPS; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
            int j = (int) x & mask;
            t[j] += i;
            sum += t[(j + 64) & mask];
        }
        seed = x;
        return sum;
    }
}
