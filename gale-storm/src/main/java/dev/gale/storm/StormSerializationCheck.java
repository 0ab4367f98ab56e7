package dev.gale.storm;

import dev.gale.Config;
import dev.gale.hooks.BaseTaskHook;
import dev.gale.hooks.info.EmitInfo;
import dev.gale.storm.internal.ConfTranslator;
import dev.gale.storm.internal.KryoBridge;
import dev.gale.storm.internal.KryoValueCheck;
import dev.gale.task.TopologyContext;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.utils.Utils;

/**
 * Finds, before a topology goes to Storm, the values Storm could not send between workers. Storm
 * serializes tuple values with Kryo when they leave a worker; a class Kryo cannot handle (not
 * registered, no no-argument constructor, ...) fails there, in the middle of a run, and only once
 * the scheduler happens to put producer and consumer in different workers. Gale's types are
 * registered by gale-storm; yours need {@code conf.registerSerialization(YourClass.class)} (or
 * a serializer of your own, or {@code topology.fall.back.on.java.serialization} for Serializable
 * classes).
 *
 * <p>Three ways to check:
 * <ul>
 *   <li>On Storm, always (unless {@link StormRunner#CHECK_SERIALIZATION} is false): each emit's
 *       values are checked at the emit, and an emit Storm could not serialize throws there, naming
 *       the component, stream, field and class, with the fix.</li>
 *   <li>On the embedded engine, in your tests: {@link #enable(Map)} adds a task hook that puts
 *       every emitted value through Storm's Kryo; a failure is reported as an error of the emitting
 *       component ({@code ComponentStats.lastErrors()}), with the same message.</li>
 *   <li>Directly: {@link #check(Map, Object)}.</li>
 * </ul>
 *
 * <p>Needs Storm's storm-client on the class path (a test dependency). Thread-safe.
 */
public final class StormSerializationCheck {
    private StormSerializationCheck() {
    }

    /**
     * Adds the check to a topology's configuration for the embedded engine: every emit's values go
     * through Storm's Kryo as {@code conf} would configure it on Storm.
     *
     * @return {@code conf}
     */
    @SuppressWarnings("unchecked")
    public static <M extends Map<String, Object>> M enable(M conf) {
        Object hooks = conf.get(Config.TOPOLOGY_AUTO_TASK_HOOKS);
        List<Object> names = hooks instanceof List<?> l ? new ArrayList<>((List<Object>) l) : new ArrayList<>();
        if (!names.contains(Hook.class.getName())) {
            names.add(Hook.class.getName());
        }
        conf.put(Config.TOPOLOGY_AUTO_TASK_HOOKS, names);
        return conf;
    }

    /**
     * Checks one value as Storm would serialize it under {@code conf}.
     *
     * @throws IllegalArgumentException naming the class and the fix, if Storm could not send it
     */
    public static void check(Map<String, Object> conf, Object value) {
        new KryoValueCheck(stormConf(conf)).check("StormSerializationCheck.check was given", value);
    }

    /** Storm's complete configuration (defaults included) for a Gale configuration. */
    static Map<String, Object> stormConf(Map<String, Object> conf) {
        Map<String, Object> all = new HashMap<>(Utils.readDefaultConfig());
        all.putAll(ConfTranslator.split("the topology", conf == null ? Map.of() : conf).storm());
        KryoBridge.apply(all);
        return all;
    }

    /**
     * The task hook {@link #enable} adds: checks the values of every emit of its task. Public for
     * {@code topology.auto.task.hooks}, which creates it by name. Not thread-safe: one per task.
     */
    public static final class Hook extends BaseTaskHook {
        private KryoValueCheck kryo;
        private TopologyContext context;

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context) {
            this.context = context;
            this.kryo = new KryoValueCheck(stormConf(conf));
        }

        @Override
        public void emit(EmitInfo info) {
            String who = "component '" + context.getThisComponentId() + "'";
            List<String> fields = context.getThisOutputFields(info.stream).toList();
            kryo.check(who, info.stream, fields, info.values);
        }
    }
}
