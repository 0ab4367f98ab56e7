package dev.gale.storm.internal;

import dev.gale.Config;
import dev.gale.generated.Bolt;
import dev.gale.generated.ComponentCommon;
import dev.gale.generated.GlobalStreamId;
import dev.gale.generated.Grouping;
import dev.gale.generated.InvalidTopologyException;
import dev.gale.generated.SpoutSpec;
import dev.gale.generated.StormTopology;
import dev.gale.grouping.PartialKeyGrouping;
import dev.gale.spout.ISpout;
import dev.gale.topology.WindowedBoltExecutor;
import dev.gale.tuple.Fields;
import dev.gale.utils.Utils;
import java.io.Serializable;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.storm.topology.BoltDeclarer;
import org.apache.storm.topology.SpoutDeclarer;
import org.apache.storm.topology.TopologyBuilder;

/**
 * Translates a built Gale topology into Storm's: the same components, ids, parallelism, tasks,
 * streams, subscriptions and configuration, every Gale spout and bolt in a Storm wrapper
 * ({@link GaleSpout}, {@link GaleBolt}, and for windowed bolts {@link GaleWindowedBolt} inside
 * Storm's own windowed executor), every grouping as Storm's own or, for custom and partial-key
 * groupings, as a {@link GaleGrouping}, every worker hook in a {@link GaleWorkerHook}. First
 * checks what Storm could not run. Stateless.
 */
public final class TopologyTranslator {
    /** Gale: whether every emit's values are checked for Storm's serialization (default true). */
    public static final String CHECK_SERIALIZATION = "gale.storm.check.serialization";
    /** Storm's pending limit when Gale's configuration leaves it unset: the adaptive limit's starting value. */
    static final int DEFAULT_MAX_SPOUT_PENDING = 1000;

    private TopologyTranslator() {
    }

    /** The translation: Storm's topology and the configuration to submit it with. */
    public record Result(org.apache.storm.generated.StormTopology topology, Map<String, Object> conf) {
    }

    /**
     * @throws InvalidTopologyException naming what Storm cannot run, or what is invalid anyway
     */
    public static Result translate(Map<String, Object> galeConf, StormTopology gale) {
        Map<String, Object> conf = galeConf == null ? Map.of() : galeConf;
        gale.validate();
        SubmitChecks.simulatedTime();
        SubmitChecks.autoTaskHooks("the topology", conf);
        SubmitChecks.kryoRegistrations(conf);
        SubmitChecks.metricsConsumers(conf);
        ConfTranslator.Split topoConf = ConfTranslator.split("the topology", conf);
        boolean check = !Boolean.FALSE.equals(conf.get(CHECK_SERIALIZATION))
                && !"false".equals(String.valueOf(conf.get(CHECK_SERIALIZATION)));
        TopologyFacts facts = TopologyFacts.of(gale);

        TopologyBuilder builder = new TopologyBuilder();
        for (Map.Entry<String, SpoutSpec> e : gale.get_spouts().entrySet()) {
            String id = e.getKey();
            ComponentCommon common = e.getValue().get_common();
            Object spout = Utils.javaDeserialize(e.getValue().get_spout_object().get_serialized_java(), Serializable.class);
            SubmitChecks.component("spout '" + id + "'", spout);
            Shipped shipped = shipped("spout '" + id + "'", facts, topoConf, common, check);
            SpoutDeclarer d = builder.setSpout(id, new GaleSpout(id, (ISpout) spout, shipped), common.get_parallelism_hint());
            tasks(common).ifPresent(d::setNumTasks);
        }
        for (Map.Entry<String, Bolt> e : gale.get_bolts().entrySet()) {
            String id = e.getKey();
            String describe = "bolt '" + id + "'";
            ComponentCommon common = e.getValue().get_common();
            Object bolt = Utils.javaDeserialize(e.getValue().get_bolt_object().get_serialized_java(), Serializable.class);
            SubmitChecks.component(describe, bolt);
            SubmitChecks.autoTaskHooks(describe, common.conf());
            Shipped shipped = shipped(describe, facts, topoConf, common, check);
            BoltDeclarer d;
            if (bolt instanceof WindowedBoltExecutor w) {
                SubmitChecks.window(describe, w, conf, common.conf());
                d = builder.setBolt(id, new GaleWindowedBolt(id, w.windowedBolt(), shipped), common.get_parallelism_hint());
            } else {
                d = builder.setBolt(id, new GaleBolt(id, bolt, shipped), common.get_parallelism_hint());
            }
            tasks(common).ifPresent(d::setNumTasks);
            for (Map.Entry<GlobalStreamId, Grouping> in : common.get_inputs().entrySet()) {
                subscribe(d, in.getKey(), in.getValue(), facts);
            }
        }
        for (ByteBuffer hook : gale.get_worker_hooks()) {
            byte[] b = new byte[hook.remaining()];
            hook.get(b);
            builder.addWorkerHook(new GaleWorkerHook(b, facts, topoConf.shipped()));
        }

        Map<String, Object> stormConf = new HashMap<>(topoConf.storm());
        KryoBridge.apply(stormConf);
        stormConf.putIfAbsent(Config.TOPOLOGY_MAX_SPOUT_PENDING, (long) DEFAULT_MAX_SPOUT_PENDING);
        if (stormConf.get(Config.TOPOLOGY_MAX_SPOUT_PENDING) == null) {
            stormConf.put(Config.TOPOLOGY_MAX_SPOUT_PENDING, (long) DEFAULT_MAX_SPOUT_PENDING);
        }
        return new Result(builder.createTopology(), stormConf);
    }

    private static Shipped shipped(String describe, TopologyFacts facts, ConfTranslator.Split topoConf,
                                   ComponentCommon common, boolean check) {
        ConfTranslator.Split own = ConfTranslator.split(describe, common.conf());
        return new Shipped(facts, topoConf.shipped(), own.shipped(), own.storm(), check);
    }

    private static Optional<Integer> tasks(ComponentCommon common) {
        Object t = common.conf().get(Config.TOPOLOGY_TASKS);
        return t instanceof Number n ? Optional.of(n.intValue()) : Optional.empty();
    }

    private static void subscribe(BoltDeclarer d, GlobalStreamId source, Grouping g, TopologyFacts facts) {
        String c = source.get_componentId();
        String s = source.get_streamId();
        switch (g.type()) {
            case SHUFFLE -> d.shuffleGrouping(c, s);
            case LOCAL_OR_SHUFFLE -> d.localOrShuffleGrouping(c, s);
            case FIELDS -> {
                if (g.fields().isEmpty()) {
                    d.globalGrouping(c, s); // Storm's own global grouping is a fields grouping on no fields
                } else {
                    d.fieldsGrouping(c, s, new org.apache.storm.tuple.Fields(g.fields()));
                }
            }
            case ALL -> d.allGrouping(c, s);
            case GLOBAL -> d.globalGrouping(c, s);
            case NONE -> d.noneGrouping(c, s);
            case DIRECT -> d.directGrouping(c, s);
            case PARTIAL_KEY -> d.customGrouping(c, s, GaleGrouping.of(new PartialKeyGrouping(new Fields(g.fields())), facts));
            case CUSTOM -> d.customGrouping(c, s, GaleGrouping.of(g.customGrouping(), facts));
            default -> throw new InvalidTopologyException("subscription to stream '" + s + "' of '" + c + "': grouping "
                    + g + " has no Storm counterpart");
        }
    }
}
