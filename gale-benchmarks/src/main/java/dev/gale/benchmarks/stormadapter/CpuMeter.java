package dev.gale.benchmarks.stormadapter;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * CPU time spent by the JVM and by each component's executor threads, for {@link AdapterOverhead}.
 * CPU per tree hardly depends on what else runs on the machine, unlike trees per second, and
 * needs no idle core: on a busy machine it shows the adapter's cost where throughput cannot. Storm
 * names an executor's thread {@code Thread-<n>-<component>-executor[<first task>, <last task>]}.
 * Not thread-safe: the benchmark's main thread.
 */
final class CpuMeter {
    /** The components reported, in order; anything else counts in the total only. */
    static final String[] COMPONENTS = {"sentences", "split", "count", "__acker"};

    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    /** CPU nanoseconds so far: "process" for the whole JVM (GC included), then each component's executors. */
    Map<String, Long> sample() {
        Map<String, Long> out = new LinkedHashMap<>();
        out.put("process", os.getProcessCpuTime());
        for (String c : COMPONENTS) {
            out.put(c, 0L);
        }
        for (ThreadInfo t : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (t == null) {
                continue;
            }
            String component = component(t.getThreadName());
            if (component != null) {
                long cpu = threads.getThreadCpuTime(t.getThreadId());
                if (cpu > 0) {
                    out.merge(component, cpu, Long::sum);
                }
            }
        }
        return out;
    }

    private static String component(String threadName) {
        for (String c : COMPONENTS) {
            if (threadName.contains("-" + c + "-executor[")) {
                return c;
            }
        }
        return null;
    }

    /** Microseconds of CPU per tree between two samples, per key. */
    static Map<String, Double> perTree(Map<String, Long> from, Map<String, Long> to, long trees) {
        Map<String, Double> out = new LinkedHashMap<>();
        for (Map.Entry<String, Long> e : to.entrySet()) {
            out.put(e.getKey(), trees == 0 ? Double.NaN : (e.getValue() - from.getOrDefault(e.getKey(), 0L)) / 1e3 / trees);
        }
        return out;
    }
}
