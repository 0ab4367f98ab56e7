package dev.gale.kafka;

import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Passes (key, message) on, anchored, except on the first delivery of some messages: it fails
 * {@code failPercent}% of them and throws on {@code throwPercent}% (chosen by the message's
 * hash, so the same ones every run). A message equal to {@code poison} throws every time.
 */
class ChaosBolt extends BaseRichBolt {
    private static final long serialVersionUID = 1L;
    static final Set<String> SEEN = ConcurrentHashMap.newKeySet();
    static final AtomicInteger FAILED = new AtomicInteger();
    static final AtomicInteger THREW = new AtomicInteger();
    static final AtomicInteger POISON_SEEN = new AtomicInteger();

    private final int failPercent;
    private final int throwPercent;
    private final String poison;
    private transient OutputCollector collector;

    ChaosBolt(int failPercent, int throwPercent, String poison) {
        this.failPercent = failPercent;
        this.throwPercent = throwPercent;
        this.poison = poison;
    }

    static void reset() {
        SEEN.clear();
        FAILED.set(0);
        THREW.set(0);
        POISON_SEEN.set(0);
    }

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
        this.collector = collector;
    }

    @Override
    public void execute(Tuple input) {
        String message = input.getStringByField("message");
        if (message.equals(poison)) {
            POISON_SEEN.incrementAndGet();
            throw new IllegalStateException("poison record " + message);
        }
        if (SEEN.add(message)) {
            int bucket = Math.floorMod(message.hashCode() * 31 + 7, 100);
            if (bucket < failPercent) {
                FAILED.incrementAndGet();
                collector.fail(input);
                return;
            }
            if (bucket < failPercent + throwPercent) {
                THREW.incrementAndGet();
                throw new IllegalStateException("chaos on first delivery of " + message);
            }
        }
        collector.emit(input, new Values(input.getValueByField("key"), message));
        collector.ack(input);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("key", "message"));
    }
}
