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
    private transient BatchBoltCopies copies;
    private transient BatchOutputCollectorImpl output;

    public BatchBoltExecutor(IBatchBolt<?> bolt) {
        this.boltSer = Utils.javaSerialize(bolt);
    }

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
        output = new BatchOutputCollectorImpl(collector);
        copies = new BatchBoltCopies(boltSer);
        copies.bind(conf, context, output);
    }

    @Override
    public void execute(Tuple input) {
        Object batchId = input.getValue(0);
        try {
            copies.forBatch(batchId).execute(input);
        } catch (FailedException failed) {
            LOG.error("Batch bolt failed a tuple of batch {}; the batch fails with it", batchId, failed);
            output.fail(input);
            return;
        }
        output.ack(input);
    }

    @Override
    public void cleanup() {
    }

    @Override
    public void finishedId(Object id) {
        copies.close(id).finishBatch();
    }

    @Override
    public void timeoutId(Object id) {
        copies.discard(id);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        new BatchBoltCopies(boltSer).fresh().declareOutputFields(declarer);
    }

    @Override
    public Map<String, Object> getComponentConfiguration() {
        return new BatchBoltCopies(boltSer).fresh().getComponentConfiguration();
    }
}
