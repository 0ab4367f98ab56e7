package dev.gale.storm.internal;

import dev.gale.Config;
import dev.gale.generated.InvalidTopologyException;
import dev.gale.hooks.ITaskHook;
import dev.gale.topology.WindowedBoltExecutor;
import dev.gale.utils.ClassResolver;
import dev.gale.utils.Time;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a Gale topology may use that Storm cannot run, refused at submit with a message naming it
 * (never later, in a worker): simulated time, Gale's in-JVM test components, a bound on a
 * window's memory, classes named in the configuration that cannot be loaded. Stateless.
 */
final class SubmitChecks {
    /** Gale's test components that talk to the submitting JVM (feed it, report to it): nothing to talk to from a worker. */
    private static final Set<String> IN_JVM_TEST_COMPONENTS = Set.of("dev.gale.testing.FeederSpout",
            "dev.gale.testing.FixedTupleSpout", "dev.gale.testing.TupleCaptureBolt");

    private SubmitChecks() {
    }

    static void simulatedTime() {
        if (Time.isSimulating()) {
            throw new InvalidTopologyException("simulated time is on in this JVM (Time.startSimulating()): Storm's workers"
                    + " run on their own wall clocks and cannot follow it. Submit to Storm without simulated time; test"
                    + " time-dependent behaviour on the embedded engine (LocalCluster.Builder().withClock(...))");
        }
    }

    static void component(String describe, Object component) {
        String name = component.getClass().getName();
        if (IN_JVM_TEST_COMPONENTS.contains(name)) {
            throw new InvalidTopologyException(describe + " is a " + name + ", which exchanges tuples or results with"
                    + " objects in the submitting JVM: it works on the embedded engine only. On Storm, use a spout that"
                    + " reads a real source and a bolt that writes its results somewhere the test can read them");
        }
    }

    /** A windowed bolt: settings Storm's windowed executor cannot honour, and Gale's own checks of the rest, now. */
    static void window(String describe, WindowedBoltExecutor executor, Map<String, Object> topologyConf,
                       Map<String, Object> componentConf) {
        if (componentConf.get(Config.GALE_WINDOW_MAX_EVENTS_IN_MEMORY) != null
                || topologyConf.get(Config.GALE_WINDOW_MAX_EVENTS_IN_MEMORY) != null) {
            throw new InvalidTopologyException(describe + " sets '" + Config.GALE_WINDOW_MAX_EVENTS_IN_MEMORY
                    + "' (withMaxEventsInMemory): Storm's windowed bolts cannot bound the tuples a window holds."
                    + " Remove the bound to run on Storm (size the window and max spout pending instead)");
        }
        Map<String, Object> merged = new HashMap<>(topologyConf);
        merged.putAll(componentConf);
        try {
            executor.validate(merged);
        } catch (IllegalArgumentException e) {
            throw new InvalidTopologyException(describe + ": " + e.getMessage(), e);
        }
    }

    /** topology.auto.task.hooks: a list of loadable Gale ITaskHook classes with a public no-argument constructor. */
    static void autoTaskHooks(String owner, Map<String, Object> conf) {
        Object names = conf.get(Config.TOPOLOGY_AUTO_TASK_HOOKS);
        if (names == null) {
            return;
        }
        if (!(names instanceof List<?> list)) {
            throw new InvalidTopologyException(owner + ": configuration '" + Config.TOPOLOGY_AUTO_TASK_HOOKS
                    + "' must be a list of ITaskHook class names, got " + names);
        }
        for (Object name : list) {
            try {
                Class<?> c = ClassResolver.find(String.valueOf(name));
                if (!ITaskHook.class.isAssignableFrom(c)) {
                    throw new InvalidTopologyException(owner + ": '" + name + "' in '" + Config.TOPOLOGY_AUTO_TASK_HOOKS
                            + "' is not a dev.gale.hooks.ITaskHook");
                }
                c.getConstructor();
            } catch (ClassNotFoundException | NoSuchMethodException | LinkageError e) {
                throw new InvalidTopologyException(owner + ": task hook '" + name + "' named in '"
                        + Config.TOPOLOGY_AUTO_TASK_HOOKS + "' cannot be created (it must be a public ITaskHook class with a"
                        + " public no-argument constructor, in the topology jar): " + e, e);
            }
        }
    }

    /**
     * topology.metrics.consumer.register: Storm would create the consumers named there as Storm's
     * own IMetricsConsumer, which a consumer written against Gale's API is not: its worker would fail.
     */
    static void metricsConsumers(Map<String, Object> conf) {
        Object consumers = conf.get(Config.TOPOLOGY_METRICS_CONSUMER_REGISTER);
        if (consumers instanceof List<?> list && !list.isEmpty()) {
            throw new InvalidTopologyException("configuration '" + Config.TOPOLOGY_METRICS_CONSUMER_REGISTER
                    + "' registers metrics consumers " + list + ": gale-storm does not run Gale's metrics consumers on"
                    + " Storm yet. Remove them to run on Storm (the metrics registered with registerMetric still reach"
                    + " Storm; register a Storm IMetricsConsumer in the cluster's storm.yaml to read them)");
        }
    }

    /**
     * topology.kryo.register: every class (and serializer) named must load here, as it must in the
     * workers, where a missing one stops the worker ({@code topology.skip.missing.kryo.registrations}
     * aside).
     */
    static void kryoRegistrations(Map<String, Object> conf) {
        Object reg = conf.get(Config.TOPOLOGY_KRYO_REGISTER);
        if (reg == null || Boolean.TRUE.equals(conf.get("topology.skip.missing.kryo.registrations"))) {
            return;
        }
        if (!(reg instanceof List<?> list)) {
            throw new InvalidTopologyException("configuration '" + Config.TOPOLOGY_KRYO_REGISTER
                    + "' must be a list of class names and {class: serializer} maps, got " + reg);
        }
        for (Object o : list) {
            if (o instanceof Map<?, ?> m) {
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    load(String.valueOf(e.getKey()), "registered for Kryo");
                    load(String.valueOf(e.getValue()), "named as the Kryo serializer of " + e.getKey());
                }
            } else {
                load(String.valueOf(o), "registered for Kryo");
            }
        }
    }

    private static void load(String name, String role) {
        try {
            Class.forName(name, false, Thread.currentThread().getContextClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw new InvalidTopologyException("class " + name + ", " + role + " in '" + Config.TOPOLOGY_KRYO_REGISTER
                    + "', cannot be loaded (" + e + "): the workers could not start. Put it in the topology jar, or"
                    + " remove the registration");
        }
    }
}
