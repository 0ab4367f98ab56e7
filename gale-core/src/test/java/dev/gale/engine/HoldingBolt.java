package dev.gale.engine;

import dev.gale.Config;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.tuple.Tuple;
import dev.gale.utils.TupleUtils;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Holds its inputs without acking them. On each tick it renews them with resetTimeout (if asked
 * to), and acks them all once the test has called {@link #release()}. Everything it does runs
 * on its own thread, as collectors require.
 */
class HoldingBolt extends BaseRichBolt {
    private static final long serialVersionUID = 1L;
    private static final Map<String, Boolean> RELEASE = new ConcurrentHashMap<>();

    private final String id = UUID.randomUUID().toString();
    private final boolean resetOnTick;
    private final int tickSecs;
    private transient OutputCollector collector;
    private transient List<Tuple> held;

    HoldingBolt(boolean resetOnTick, int tickSecs) {
        this.resetOnTick = resetOnTick;
        this.tickSecs = tickSecs;
        RELEASE.put(id, false);
    }

    /** The next tick acks everything held. */
    void release() {
        RELEASE.put(id, true);
    }

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
        this.collector = collector;
        this.held = new ArrayList<>();
    }

    @Override
    public void execute(Tuple input) {
        if (!TupleUtils.isTick(input)) {
            held.add(input);
            return;
        }
        if (RELEASE.get(id)) {
            held.forEach(collector::ack);
            held.clear();
        } else if (resetOnTick) {
            held.forEach(collector::resetTimeout);
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
    }

    @Override
    public Map<String, Object> getComponentConfiguration() {
        return tickSecs > 0 ? Map.of(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, tickSecs) : null;
    }
}
