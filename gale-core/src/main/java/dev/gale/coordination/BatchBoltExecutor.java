package dev.gale.coordination;

import dev.gale.coordination.CoordinatedBolt.FinishedCallback;
import dev.gale.coordination.CoordinatedBolt.TimeoutCallback;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.FailedException;
import dev.gale.topology.IRichBolt;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.tuple.Tuple;
import dev.gale.utils.Utils;
import java.util.HashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs an {@link IBatchBolt} as a rich bolt: a fresh copy of the batch bolt per batch id (the
 * first field of every tuple), each input acked after the copy executed it (failed on
 * {@link FailedException}), and the copy's {@code finishBatch} called when its
 * {@link CoordinatedBolt} finds the batch complete. Not thread-safe: one per task.
 */
public class BatchBoltExecutor implements IRichBolt, FinishedCallback, TimeoutCallback {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(BatchBoltExecutor.class);

    private final byte[] boltSer;
    private transient Map<Object, IBatchBolt<Object>> openTransactions;
    private transient Map<String, Object> conf;
    private transient TopologyContext context;
    private transient BatchOutputCollectorImpl collector;

    public BatchBoltExecutor(IBatchBolt<?> bolt) {
        this.boltSer = Utils.javaSerialize(bolt);
    }

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
        this.conf = conf;
        this.context = context;
        this.collector = new BatchOutputCollectorImpl(collector);
        this.openTransactions = new HashMap<>();
    }

    @Override
    public void execute(Tuple input) {
        IBatchBolt<Object> bolt = batchBolt(input.getValue(0));
        try {
            bolt.execute(input);
            collector.ack(input);
        } catch (FailedException e) {
            LOG.error("Failed to process tuple in batch", e);
            collector.fail(input);
        }
    }

    @Override
    public void cleanup() {
    }

    @Override
    public void finishedId(Object id) {
        IBatchBolt<Object> bolt = batchBolt(id);
        openTransactions.remove(id);
        bolt.finishBatch();
    }

    @Override
    public void timeoutId(Object id) {
        openTransactions.remove(id);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        newBatchBolt().declareOutputFields(declarer);
    }

    @Override
    public Map<String, Object> getComponentConfiguration() {
        return newBatchBolt().getComponentConfiguration();
    }

    private IBatchBolt<Object> batchBolt(Object id) {
        IBatchBolt<Object> bolt = openTransactions.get(id);
        if (bolt == null) {
            bolt = newBatchBolt();
            bolt.prepare(conf, context, collector, id);
            openTransactions.put(id, bolt);
        }
        return bolt;
    }

    @SuppressWarnings("unchecked")
    private IBatchBolt<Object> newBatchBolt() {
        return Utils.javaDeserialize(boltSer, IBatchBolt.class);
    }
}
