package dev.gale.impl.executor;

import dev.gale.impl.tuple.TupleImpl;
import dev.gale.spout.FailureReason;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.FailedException;
import dev.gale.topology.IBasicBolt;
import dev.gale.topology.IRichBolt;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.ReportedFailedException;
import dev.gale.tuple.Tuple;
import java.util.List;
import java.util.Map;

/**
 * Runs an {@link IBasicBolt} as a rich bolt: emits are anchored to the input, the input is acked
 * when execute returns and failed on {@link FailedException}. Other exceptions propagate to the
 * executor, which reports them and fails the input. Not thread-safe: one per task.
 */
public final class BasicBoltAdapter implements IRichBolt {
    private static final long serialVersionUID = 1L;

    private final IBasicBolt bolt;
    /** The executor's record of the tuple it runs, or null: the adapter sets the collector's context itself. */
    private final transient InputSource inputs;
    /**
     * The task's own collector, or null (driven by hand): the ack goes to it directly, without the
     * check for a call from another thread, and without a store into the input (see
     * {@link BoltCollector#beginBasic}). (Emits go through the {@link TaskOutputCollector}
     * prepare is given, which passes the anchor on without a list.)
     */
    private final transient BoltCollector direct;
    private transient OutputCollector collector;
    private transient BasicOutputCollector basicCollector;

    /** An adapter driven by hand (the bolt tester): each execute sets the collector's context. */
    public BasicBoltAdapter(IBasicBolt bolt) {
        this(bolt, null, null);
    }

    /**
     * An adapter whose collector asks {@code inputs} for the tuple to anchor to. Setting the
     * context on every execute stored a fresh tuple into a long-lived collector, and with G1 such
     * a store costs a full memory fence on every tuple.
     */
    BasicBoltAdapter(IBasicBolt bolt, InputSource inputs, BoltCollector direct) {
        this.bolt = bolt;
        this.inputs = inputs;
        this.direct = direct;
    }

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
        this.collector = collector;
        this.basicCollector = inputs == null ? new BasicOutputCollector(collector)
                : new SourcedCollector(collector, inputs, direct);
        bolt.prepare(topoConf, context);
    }

    @Override
    public void execute(Tuple input) {
        if (inputs == null) {
            basicCollector.setContext(input);
        }
        if (direct != null) {
            direct.beginBasic();
        }
        try {
            bolt.execute(input, basicCollector);
            if (direct != null) {
                direct.ackBasic((TupleImpl) input);
            } else {
                collector.ack(input);
            }
        } catch (FailedException e) {
            if (e instanceof ReportedFailedException) {
                collector.reportError(e);
            }
            if (direct != null) {
                direct.fail(input, direct.reason(FailureReason.FAILED, e)); // the spout learns the exception's text
            } else {
                collector.fail(input);
            }
        }
    }

    @Override
    public void cleanup() {
        bolt.cleanup();
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        bolt.declareOutputFields(declarer);
    }

    @Override
    public Map<String, Object> getComponentConfiguration() {
        return bolt.getComponentConfiguration();
    }

    IBasicBolt delegate() {
        return bolt;
    }

    /**
     * A basic collector anchored to whatever the executor runs now, as Storm's reused collector
     * is: a bolt that keeps the collector and emits from a later execute anchors to that later
     * input. Executor thread only.
     */
    private static final class SourcedCollector extends BasicOutputCollector {
        private final OutputCollector out;
        private final InputSource inputs;

        private final BoltCollector direct;

        SourcedCollector(OutputCollector out, InputSource inputs, BoltCollector direct) {
            super(out);
            this.out = out;
            this.inputs = inputs;
            this.direct = direct;
        }

        @Override
        public List<Integer> emit(String streamId, List<Object> tuple) {
            direct.checkBasicEmitThread();
            return out.emit(streamId, inputs.currentInput(), tuple);
        }

        @Override
        public void emitDirect(int taskId, String streamId, List<Object> tuple) {
            direct.checkBasicEmitThread();
            out.emitDirect(taskId, streamId, inputs.currentInput(), tuple);
        }
    }
}
