package dev.gale.bolt;

import dev.gale.Config;
import dev.gale.generated.GlobalStreamId;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.utils.ConfigValues;
import dev.gale.utils.ObjectReader;
import dev.gale.utils.RotatingMap;
import dev.gale.utils.TupleUtils;
import dev.gale.utils.Utils;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Joins one tuple from each of its N source streams that share the same id into one output
 * tuple. The id fields are the fields common to every source; subscribe each source with a
 * fields grouping on them, so all parts of an id meet in one task.
 *
 * <p>When the last part of an id arrives, the joined tuple (the requested output fields, each
 * taken from the source that has it) is emitted anchored to every part, and the parts are acked.
 * A part that waits longer than the message timeout T is given up: every part held for its id is
 * failed, so the spouts can replay them. Expiry runs on the bolt's own thread, driven by tick
 * tuples: every second unless {@code topology.tick.tuple.freq.secs} is overridden for the
 * component (freq). With one bucket per tick in T, parts expire between T - freq and T seconds
 * after the first arrived when freq divides T (between T - 1 and T by default), so before the
 * spout would time the tree out. A second part from the same side of one id is reported as an
 * error and failed; the join goes on.
 *
 * <p>Each task has its own instance, used by one thread.
 */
public class SingleJoinBolt extends BaseRichBolt {
    private static final long serialVersionUID = 1L;
    /** The tick frequency it asks for, in seconds; a component override takes precedence. */
    static final int DEFAULT_TICK_SECS = 1;

    private final Fields outFields;
    private transient OutputCollector collector;
    private transient Fields idFields;
    private transient Map<String, GlobalStreamId> fieldSources;
    private transient int numSources;
    private transient RotatingMap<List<Object>, Map<GlobalStreamId, Tuple>> pending;

    /** Joins into tuples of these fields, each found in one of the sources. */
    public SingleJoinBolt(Fields outFields) {
        this.outFields = outFields;
    }

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
        this.collector = collector;
        Set<GlobalStreamId> sources = context.getThisSources().keySet();
        if (sources.size() < 2) {
            throw new IllegalArgumentException("SingleJoinBolt '" + context.getThisComponentId()
                    + "' needs at least two source streams to join, it subscribes to " + sources);
        }
        Set<String> common = null;
        Map<String, GlobalStreamId> owners = new LinkedHashMap<>();
        for (GlobalStreamId source : sources) {
            Fields fields = context.getComponentOutputFields(source);
            Set<String> names = new LinkedHashSet<>(fields.toList());
            if (common == null) {
                common = new LinkedHashSet<>(names);
            } else {
                common.retainAll(names);
            }
            for (String f : fields) {
                owners.putIfAbsent(f, source);
            }
        }
        if (common.isEmpty()) {
            throw new IllegalArgumentException("SingleJoinBolt '" + context.getThisComponentId()
                    + "': its sources " + sources + " share no field to join on");
        }
        List<String> missing = new ArrayList<>();
        Map<String, GlobalStreamId> chosen = new HashMap<>();
        for (String f : outFields) {
            GlobalStreamId owner = owners.get(f);
            if (owner == null) {
                missing.add(f);
            } else {
                chosen.put(f, owner);
            }
        }
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException("SingleJoinBolt '" + context.getThisComponentId()
                    + "': output field(s) " + missing + " are in none of its sources; the sources declare "
                    + owners.keySet());
        }
        this.idFields = new Fields(new ArrayList<>(common));
        this.fieldSources = chosen;
        this.numSources = sources.size();
        int timeoutSecs = ConfigValues.getPositiveInt(conf, Config.TOPOLOGY_MESSAGE_TIMEOUT_SECS,
                ObjectReader.getInt(Utils.readDefaultConfig().get(Config.TOPOLOGY_MESSAGE_TIMEOUT_SECS)));
        // What prepare gets is the topology conf merged with this component's, so an override
        // of the tick frequency (addConfiguration) shows here as it does to the engine's timer.
        int tickSecs = ConfigValues.getNonNegativeInt(conf, Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, DEFAULT_TICK_SECS);
        if (tickSecs == 0) {
            throw new IllegalArgumentException("SingleJoinBolt '" + context.getThisComponentId()
                    + "' expires incomplete joins on tick tuples, but " + Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS
                    + " is 0 for it (no ticks)");
        }
        this.pending = new RotatingMap<>(buckets(timeoutSecs, tickSecs));
    }

    /**
     * One bucket per tick that fits in the timeout, rounded down: parts then wait at most T (a
     * spout replaying a timed-out tree finds its old part gone rather than a duplicate side),
     * and at least T - freq when freq divides T. Two at least, or a part arriving just before a
     * tick would expire on it; with ticks rarer than T / 2 parts may so wait up to 2 freq.
     */
    static int buckets(int timeoutSecs, int tickSecs) {
        return Math.max(2, timeoutSecs / tickSecs);
    }

    @Override
    public void execute(Tuple tuple) {
        if (TupleUtils.isTick(tuple)) {
            expire();
            return;
        }
        List<Object> id = tuple.select(idFields);
        GlobalStreamId side = tuple.getSourceGlobalStreamId();
        Map<GlobalStreamId, Tuple> parts = pending.get(id);
        if (parts == null) {
            parts = new HashMap<>();
            pending.put(id, parts);
        }
        if (parts.containsKey(side)) {
            collector.reportError(new IllegalStateException("received the same side of a single join twice: stream "
                    + side + ", id " + idFields + " = " + id + "; the second part is failed"));
            collector.fail(tuple);
            return;
        }
        parts.put(side, tuple);
        if (parts.size() == numSources) {
            pending.remove(id);
            List<Object> joined = new ArrayList<>(outFields.size());
            for (String f : outFields) {
                joined.add(parts.get(fieldSources.get(f)).getValueByField(f));
            }
            collector.emit(new ArrayList<>(parts.values()), joined);
            for (Tuple part : parts.values()) {
                collector.ack(part);
            }
        }
    }

    private void expire() {
        for (Map<GlobalStreamId, Tuple> parts : pending.rotate().values()) {
            for (Tuple part : parts.values()) {
                collector.fail(part);
            }
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(outFields);
    }

    @Override
    public Map<String, Object> getComponentConfiguration() {
        return Map.of(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, DEFAULT_TICK_SECS);
    }
}
