package dev.gale.flux.internal;

import dev.gale.Config;
import dev.gale.flux.FluxException;
import dev.gale.flux.model.BoltDef;
import dev.gale.flux.model.ExecutionContext;
import dev.gale.flux.model.GroupingDef;
import dev.gale.flux.model.SpoutDef;
import dev.gale.flux.model.StreamDef;
import dev.gale.flux.model.TopologyDef;
import dev.gale.flux.model.TopologySourceDef;
import dev.gale.flux.model.VertexDef;
import dev.gale.flux.model.WorkerHookDef;
import dev.gale.generated.StormTopology;
import dev.gale.grouping.CustomStreamGrouping;
import dev.gale.hooks.IWorkerHook;
import dev.gale.topology.BoltDeclarer;
import dev.gale.topology.ComponentConfigurationDeclarer;
import dev.gale.topology.IBasicBolt;
import dev.gale.topology.IRichBolt;
import dev.gale.topology.IRichSpout;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;
import dev.gale.utils.Utils;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds the {@link StormTopology} a {@link TopologyDef} describes: components first, then the
 * spouts, the bolts and the streams between them through a {@link TopologyBuilder}, or the
 * topology a {@code topologySource} returns. As in Storm's Flux, a bolt joins the topology with
 * its first incoming stream; a bolt no stream reaches is left out, with a warning. A spout or bolt
 * object that is no Gale component (Apache Storm's own, say) runs as the Gale component a
 * {@link dev.gale.spi.ComponentAdapter} on the classpath makes of it. Confined to one build.
 */
public final class TopologyAssembler {
    private static final Logger LOG = LoggerFactory.getLogger(TopologyAssembler.class);

    private final ExecutionContext context;
    private final TopologyDef def;
    private final ObjectMaker maker;
    private final Adapters adapters = new Adapters();
    private final String file;

    public TopologyAssembler(ExecutionContext context) {
        this.context = context;
        this.def = context.getTopologyDef();
        this.maker = new ObjectMaker(context);
        this.file = def.getLocation() == null ? "the topology" : def.getLocation();
    }

    public StormTopology build() {
        if (!def.validate()) {
            throw new FluxException(file + ": defines both a topologySource and spouts, bolts or streams; a topology"
                    + " comes from one or the other (Invalid topology config)");
        }
        maker.makeComponents();
        if (!def.isDslTopology()) {
            return fromSource(def.getTopologySource());
        }
        TopologyBuilder builder = new TopologyBuilder();
        for (SpoutDef sd : def.getSpouts()) {
            addSpout(builder, sd);
        }
        for (BoltDef bd : def.getBolts()) {
            String what = "bolt '" + bd.getId() + "'";
            context.addBolt(bd.getId(), asBolt(maker.make(bd, what), ObjectMaker.subject(bd, what)));
        }
        Map<String, BoltDeclarer> declared = new HashMap<>();
        for (StreamDef stream : def.getStreams()) {
            addStream(builder, declared, stream);
        }
        for (BoltDef bd : def.getBolts()) {
            if (!declared.containsKey(bd.getId())) {
                LOG.warn("{}: bolt '{}' has no stream into it, so it is not part of the topology (as in Storm's Flux)",
                        bd.getLocation() == null ? file : bd.getLocation(), bd.getId());
            }
        }
        for (WorkerHookDef hd : def.getWorkerHooks()) {
            String what = "worker hook '" + hd.getId() + "'";
            Object hook = maker.make(hd, what);
            if (!(hook instanceof IWorkerHook h)) {
                throw new FluxException(ObjectMaker.subject(hd, what) + ": " + hook.getClass().getName()
                        + " is not a worker hook: it does not implement IWorkerHook");
            }
            builder.addWorkerHook(h);
        }
        try {
            return builder.createTopology();
        } catch (IllegalArgumentException e) {
            throw new FluxException(file + ": " + e.getMessage(), e);
        }
    }

    private void addSpout(TopologyBuilder builder, SpoutDef sd) {
        String what = "spout '" + sd.getId() + "'";
        String subject = ObjectMaker.subject(sd, what);
        Object made = maker.make(sd, what);
        Object runnable = made instanceof IRichSpout ? made : adapters.adapt(made, subject);
        if (!(runnable instanceof IRichSpout spout)) {
            throw new FluxException(subject + ": " + made.getClass().getName() + " is not a spout: it does not implement "
                    + "IRichSpout");
        }
        try {
            resources(builder.setSpout(sd.getId(), spout, sd.getParallelism()), sd);
        } catch (IllegalArgumentException e) {
            throw new FluxException(subject + ": " + e.getMessage(), e);
        }
        context.addSpout(sd.getId(), spout);
    }

    private static void resources(ComponentConfigurationDeclarer<?> declarer, VertexDef vd) {
        if (vd.getOnHeapMemoryLoad() > -1) {
            if (vd.getOffHeapMemoryLoad() > -1) {
                declarer.setMemoryLoad(vd.getOnHeapMemoryLoad(), vd.getOffHeapMemoryLoad());
            } else {
                declarer.setMemoryLoad(vd.getOnHeapMemoryLoad());
            }
        }
        if (vd.getCpuLoad() > -1) {
            declarer.setCPULoad(vd.getCpuLoad());
        }
        if (vd.getNumTasks() > -1) {
            declarer.setNumTasks(vd.getNumTasks());
        }
    }

    /** {@code made} if the builder takes it as a bolt, else an adapter's Gale bolt for it; an error if neither. */
    private Object asBolt(Object made, String subject) {
        if (!fitting(made).isEmpty()) {
            return made;
        }
        Object adapted = adapters.adapt(made, subject);
        if (adapted != null && !fitting(adapted).isEmpty()) {
            return adapted;
        }
        setBoltMethod(made, subject);
        throw new IllegalStateException("setBoltMethod takes no bolt of no kind");
    }

    /** The {@code TopologyBuilder.setBolt(String, kind, Number)} methods whose kind {@code bolt} is. */
    private static List<Method> fitting(Object bolt) {
        List<Method> fitting = new ArrayList<>();
        for (Method m : setBoltMethods()) {
            if (m.getParameterTypes()[1].isInstance(bolt)) {
                fitting.add(m);
            }
        }
        return fitting;
    }

    private static List<Method> setBoltMethods() {
        List<Method> out = new ArrayList<>();
        for (Method m : TopologyBuilder.class.getMethods()) {
            Class<?>[] p = m.getParameterTypes();
            if (m.getName().equals("setBolt") && p.length == 3 && p[0] == String.class && p[2] == Number.class
                    && p[1].getSimpleName().endsWith("Bolt")) {
                out.add(m);
            }
        }
        return out;
    }

    /**
     * The {@code TopologyBuilder.setBolt(String, kind, Number)} that takes this bolt: IRichBolt,
     * else IBasicBolt (Storm's Flux's order), else the most specific other bolt kind the builder
     * has, so kinds added to the builder later are taken without a change here.
     */
    static Method setBoltMethod(Object bolt, String subject) {
        List<Method> fitting = fitting(bolt);
        List<String> kinds = setBoltMethods().stream().map(m -> m.getParameterTypes()[1].getSimpleName()).toList();
        for (Class<?> preferred : List.of(IRichBolt.class, IBasicBolt.class)) {
            for (Method m : fitting) {
                if (m.getParameterTypes()[1] == preferred) {
                    return m;
                }
            }
        }
        if (fitting.isEmpty()) {
            throw new FluxException(subject + ": " + bolt.getClass().getName() + " is not a bolt: it implements none of "
                    + kinds.stream().sorted().collect(Collectors.joining(", ")));
        }
        fitting.sort(Comparator.comparing(m -> m.getParameterTypes()[1].getName()));
        for (Method m : fitting) {
            Class<?> kind = m.getParameterTypes()[1];
            if (fitting.stream().allMatch(o -> o.getParameterTypes()[1].isAssignableFrom(kind))) {
                return m;
            }
        }
        return fitting.get(0);
    }

    private void addStream(TopologyBuilder builder, Map<String, BoltDeclarer> declared, StreamDef stream) {
        String what = "stream '" + stream.getFrom() + " --> " + stream.getTo() + "'";
        String subject = (stream.getLocation() == null ? file : stream.getLocation()) + ": " + what;
        if (stream.getFrom() == null || stream.getTo() == null) {
            throw new FluxException(subject + ": a stream needs 'from' and 'to'");
        }
        if (def.getSpoutDef(stream.getFrom()) == null && def.getBoltDef(stream.getFrom()) == null) {
            throw new FluxException(subject + ": 'from' names '" + stream.getFrom() + "', which is no spout or bolt"
                    + Closest.to(stream.getFrom(), vertexIds()).map(c -> " (did you mean '" + c + "'?)").orElse("")
                    + "; spouts and bolts: " + String.join(", ", vertexIds()));
        }
        BoltDef to = def.getBoltDef(stream.getTo());
        if (to == null) {
            throw new FluxException(subject + ": 'to' names '" + stream.getTo() + "', which is no bolt"
                    + (def.getSpoutDef(stream.getTo()) != null ? " (it is a spout: a stream cannot go into a spout)"
                    : Closest.to(stream.getTo(), boltIds()).map(c -> " (did you mean '" + c + "'?)").orElse(""))
                    + "; bolts: " + String.join(", ", boltIds()));
        }
        GroupingDef grouping = stream.getGrouping();
        if (grouping == null || grouping.getType() == null) {
            throw new FluxException(subject + ": has no grouping type");
        }
        try {
            BoltDeclarer declarer = declared.get(to.getId());
            if (declarer == null) {
                Object bolt = context.getBolt(to.getId());
                Method setBolt = setBoltMethod(bolt, ObjectMaker.subject(to, "bolt '" + to.getId() + "'"));
                declarer = (BoltDeclarer) setBolt.invoke(builder, to.getId(), bolt, to.getParallelism());
                resources(declarer, to);
                declared.put(to.getId(), declarer);
            }
            group(declarer, stream, grouping, what, subject);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            throw new FluxException(subject + ": " + cause.getMessage(), cause);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        } catch (FluxException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new FluxException(subject + ": " + e.getMessage(), e);
        }
    }

    private void group(BoltDeclarer declarer, StreamDef stream, GroupingDef grouping, String what, String subject) {
        String from = stream.getFrom();
        String streamId = grouping.getStreamId() == null ? Utils.DEFAULT_STREAM_ID : grouping.getStreamId();
        switch (grouping.getType()) {
            case SHUFFLE -> declarer.shuffleGrouping(from, streamId);
            case FIELDS -> {
                if (grouping.getArgs() == null || grouping.getArgs().isEmpty()) {
                    throw new FluxException(subject + ": a FIELDS grouping needs 'args', the fields to group by");
                }
                declarer.fieldsGrouping(from, streamId, new Fields(grouping.getArgs()));
            }
            case ALL -> declarer.allGrouping(from, streamId);
            case DIRECT -> declarer.directGrouping(from, streamId);
            case GLOBAL -> declarer.globalGrouping(from, streamId);
            case LOCAL_OR_SHUFFLE -> declarer.localOrShuffleGrouping(from, streamId);
            case NONE -> declarer.noneGrouping(from, streamId);
            case CUSTOM -> {
                if (grouping.getCustomClass() == null) {
                    throw new FluxException(subject + ": a CUSTOM grouping needs 'customClass'");
                }
                String groupingWhat = "the custom grouping of " + what;
                Object made = maker.make(grouping.getCustomClass(), groupingWhat);
                if (!(made instanceof CustomStreamGrouping custom)) {
                    throw new FluxException(ObjectMaker.subject(grouping.getCustomClass(), groupingWhat) + ": "
                            + made.getClass().getName() + " is not a grouping: it does not implement CustomStreamGrouping");
                }
                declarer.customGrouping(from, streamId, custom);
            }
            default -> throw new FluxException(subject + ": unsupported grouping type " + grouping.getType());
        }
    }

    private List<String> vertexIds() {
        return Stream.concat(def.getSpouts().stream().map(SpoutDef::getId), def.getBolts().stream().map(BoltDef::getId))
                .toList();
    }

    private List<String> boltIds() {
        return def.getBolts().stream().map(BoltDef::getId).toList();
    }

    private StormTopology fromSource(TopologySourceDef source) {
        String what = "topologySource";
        String subject = ObjectMaker.subject(source, what);
        Object made = maker.make(source, what);
        String name = source.getMethodName() == null ? TopologySourceDef.DEFAULT_METHOD_NAME : source.getMethodName();
        List<Method> named = Stream.of(made.getClass().getMethods()).filter(m -> m.getName().equals(name)).toList();
        Method method = named.stream()
                .filter(m -> StormTopology.class.isAssignableFrom(m.getReturnType()) && m.getParameterCount() == 1
                        && (m.getParameterTypes()[0].isAssignableFrom(Map.class)
                        || m.getParameterTypes()[0].isAssignableFrom(Config.class)))
                .min(Comparator.comparing(Method::toGenericString)).orElse(null);
        if (method == null) {
            throw new FluxException(subject + ": class " + made.getClass().getName() + " has no public method " + name
                    + "(Map) or " + name + "(Config) returning StormTopology"
                    + (named.isEmpty() ? "" : "; its methods " + name + ": "
                    + named.stream().map(Coercion::signature).sorted().collect(Collectors.joining(", "))));
        }
        Config config = context.getConfig() != null ? context.getConfig() : new Config(def.getConfig());
        try {
            StormTopology topology = (StormTopology) method.invoke(made, config);
            if (topology == null) {
                throw new FluxException(subject + ": " + made.getClass().getSimpleName() + "." + name + " returned null");
            }
            return topology;
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            throw new FluxException(subject + ": " + made.getClass().getSimpleName() + "." + name + " threw "
                    + cause.getClass().getSimpleName() + (cause.getMessage() == null ? "" : ": " + cause.getMessage()),
                    cause);
        } catch (IllegalAccessException e) {
            throw new FluxException(subject + ": cannot call " + made.getClass().getName() + "." + name + ": " + e, e);
        }
    }
}
