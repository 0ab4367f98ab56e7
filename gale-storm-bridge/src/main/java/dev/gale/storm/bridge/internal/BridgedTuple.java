package dev.gale.storm.bridge.internal;

import java.util.HashMap;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.task.GeneralTopologyContext;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.MessageId;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.TupleImpl;

/**
 * A Gale tuple as Storm's {@link Tuple}: Storm's own tuple class over the same values list (not
 * copied), whose fields come from the Storm context's stream table, and which remembers the Gale
 * tuple so that acks, fails and anchors reach it. Immutable, like the tuple it shows.
 */
final class BridgedTuple extends TupleImpl {
    /** Gale tracks trees itself; Storm's per-tuple message ids are not used by the bridge. */
    private static final MessageId NO_ID = MessageId.makeUnanchored();

    /**
     * For a tuple shown outside any task (to a timestamp extractor, which Gale calls before the
     * bolt's task sees the tuple): its fields come from the Gale tuple itself.
     */
    static final GeneralTopologyContext DETACHED = new GeneralTopologyContext(
        new StormTopology(new HashMap<>(), new HashMap<>(), new HashMap<>()), new HashMap<>(), new HashMap<>(),
        new HashMap<>(), new HashMap<>(), "detached") {
        @Override
        public boolean doSanityCheck() {
            return false;
        }
    };

    final dev.gale.tuple.Tuple gale;

    BridgedTuple(GeneralTopologyContext context, dev.gale.tuple.Tuple gale) {
        super(context, gale.getValues(), gale.getSourceComponent(), gale.getSourceTask(), gale.getSourceStreamId(), NO_ID);
        this.gale = gale;
    }

    @Override
    public Fields getFields() {
        return getContext() == DETACHED ? StormTypes.storm(gale.getFields()) : super.getFields();
    }

    /** The Gale tuple behind {@code tuple}, which must be one the bridge handed to a Storm component. */
    static dev.gale.tuple.Tuple gale(Tuple tuple) {
        if (tuple instanceof BridgedTuple bridged) {
            return bridged.gale;
        }
        throw new IllegalArgumentException("not a tuple this task received from Gale: " + tuple
            + "; a Storm bolt run by gale-storm-bridge can only ack, fail or anchor to its own inputs");
    }
}
