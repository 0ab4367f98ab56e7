package dev.gale.impl.topology;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;

/**
 * Storm 2.8's {@code defaults.yaml} values of every {@code topology.*} key, typed as Storm's
 * components see them after the conf's JSON round trip (whole numbers {@code Long}); keys whose
 * default is null are present with a null value, as in Storm. Where Gale's own default differs
 * and the value is visible behaviour (the executor queue size), Gale's is shown. Generated from
 * Storm's file; docs/storm-config.md lists the same values. Immutable and thread-safe.
 */
public final class StormDefaults {
    private static final Map<String, Object> DEFAULTS = build();

    private StormDefaults() {
    }

    /** The defaults, unmodifiable (null values included). */
    public static Map<String, Object> topology() {
        return DEFAULTS;
    }

    /** The default of {@code key}, a whole number in the table. */
    public static int intValue(String key) {
        return ((Number) DEFAULTS.get(key)).intValue();
    }

    /** The default of {@code key}, a number in the table. */
    public static double doubleValue(String key) {
        return ((Number) DEFAULTS.get(key)).doubleValue();
    }

    /** The default of {@code key}, true or false in the table. */
    public static boolean booleanValue(String key) {
        return (Boolean) DEFAULTS.get(key);
    }

    private static Map<String, Object> build() {
        Map<String, Object> m = new HashMap<>();
        m.put("topology.worker.nimbus.thrift.client.use.tls", Boolean.FALSE);
        m.put("topology.min.replication.count", 1L);
        m.put("topology.max.replication.wait.time.sec", 60L);
        m.put("topology.worker.receiver.thread.count", 1L);
        m.put("topology.enable.message.timeouts", Boolean.TRUE);
        m.put("topology.debug", Boolean.FALSE);
        m.put("topology.workers", 1L);
        m.put("topology.acker.executors", null);
        m.put("topology.ras.acker.executors.per.worker", 1L);
        m.put("topology.eventlogger.executors", 0L);
        m.put("topology.tasks", null);
        m.put("topology.message.timeout.secs", 30L);
        m.put("topology.multilang.serializer", "org.apache.storm.multilang.JsonSerializer");
        m.put("topology.shellbolt.max.pending", 100L);
        m.put("topology.skip.missing.kryo.registrations", Boolean.FALSE);
        m.put("topology.max.task.parallelism", null);
        m.put("topology.max.spout.pending", null);
        m.put("topology.state.synchronization.timeout.secs", 60L);
        m.put("topology.stats.sample.rate", 0.05);
        m.put("topology.builtin.metrics.bucket.size.secs", 60L);
        m.put("topology.fall.back.on.java.serialization", Boolean.FALSE);
        m.put("topology.worker.childopts", null);
        m.put("topology.worker.logwriter.childopts", "-Xmx64m");
        m.put("topology.tick.tuple.freq.secs", null);
        m.put("topology.worker.shared.thread.pool.size", 4L);
        m.put("topology.spout.wait.strategy", "org.apache.storm.policy.WaitStrategyProgressive");
        m.put("topology.spout.wait.park.microsec", 100L);
        m.put("topology.spout.wait.progressive.level1.count", 0L);
        m.put("topology.spout.wait.progressive.level2.count", 0L);
        m.put("topology.spout.wait.progressive.level3.sleep.millis", 1L);
        m.put("topology.bolt.wait.strategy", "org.apache.storm.policy.WaitStrategyProgressive");
        m.put("topology.bolt.wait.park.microsec", 100L);
        m.put("topology.bolt.wait.progressive.level1.count", 1L);
        m.put("topology.bolt.wait.progressive.level2.count", 1000L);
        m.put("topology.bolt.wait.progressive.level3.sleep.millis", 1L);
        m.put("topology.backpressure.wait.strategy", "org.apache.storm.policy.WaitStrategyProgressive");
        m.put("topology.backpressure.wait.park.microsec", 100L);
        m.put("topology.backpressure.wait.progressive.level1.count", 1L);
        m.put("topology.backpressure.wait.progressive.level2.count", 1000L);
        m.put("topology.backpressure.wait.progressive.level3.sleep.millis", 1L);
        m.put("topology.backpressure.check.millis", 50L);
        m.put("topology.executor.overflow.limit", 0L);
        m.put("topology.error.throttle.interval.secs", 10L);
        m.put("topology.max.error.report.per.interval", 5L);
        m.put("topology.kryo.factory", "org.apache.storm.serialization.DefaultKryoFactory");
        m.put("topology.tuple.serializer", "org.apache.storm.serialization.types.ListDelegateSerializer");
        m.put("topology.trident.batch.emit.interval.millis", 500L);
        m.put("topology.testing.always.try.serialize", Boolean.FALSE);
        m.put("topology.classpath", null);
        m.put("topology.environment", null);
        m.put("topology.transfer.buffer.size", 1000L);
        m.put("topology.transfer.batch.size", 1L);
        m.put("topology.executor.receive.buffer.size", 1024L);
        m.put("topology.producer.batch.size", 1L);
        m.put("topology.batch.flush.interval.millis", 1L);
        m.put("topology.spout.recvq.skips", 3L);
        m.put("topology.disable.loadaware.messaging", Boolean.FALSE);
        m.put("topology.state.checkpoint.interval.ms", 1000L);
        m.put("topology.localityaware.higher.bound", 0.8);
        m.put("topology.localityaware.lower.bound", 0.2);
        m.put("topology.serialized.message.size.metrics", Boolean.FALSE);
        m.put("topology.priority", 29L);
        m.put("topology.component.resources.onheap.memory.mb", 128.0);
        m.put("topology.component.resources.offheap.memory.mb", 0.0);
        m.put("topology.component.cpu.pcore.percent", 10.0);
        m.put("topology.worker.max.heap.size.mb", 768.0);
        m.put("topology.scheduler.strategy", "org.apache.storm.scheduler.resource.strategies.scheduling.DefaultResourceAwareStrategy");
        m.put("topology.ras.constraint.max.state.search", 10000L);
        m.put("topology.ras.one.executor.per.worker", Boolean.FALSE);
        m.put("topology.ras.one.component.per.worker", Boolean.FALSE);
        return Collections.unmodifiableMap(m);
    }
}
