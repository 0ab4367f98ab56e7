package dev.gale.storm.bridge.internal;

import java.util.ArrayList;
import java.util.List;
import org.apache.storm.task.GeneralTopologyContext;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.windowing.TupleWindow;

/**
 * A Gale window as Storm's {@link TupleWindow}: each list shows Gale's tuples as Storm's, made once
 * per window evaluation on first use. Valid during the {@code execute} it is given to; not
 * thread-safe.
 */
final class StormWindowView implements TupleWindow {
    private final GeneralTopologyContext context;
    private final dev.gale.windowing.TupleWindow gale;
    private List<Tuple> all;
    private List<Tuple> added;
    private List<Tuple> expired;

    StormWindowView(GeneralTopologyContext context, dev.gale.windowing.TupleWindow gale) {
        this.context = context;
        this.gale = gale;
    }

    @Override
    public List<Tuple> get() {
        if (all == null) {
            all = storm(gale.get());
        }
        return all;
    }

    @Override
    public List<Tuple> getNew() {
        if (added == null) {
            added = storm(gale.getNew());
        }
        return added;
    }

    @Override
    public List<Tuple> getExpired() {
        if (expired == null) {
            expired = storm(gale.getExpired());
        }
        return expired;
    }

    @Override
    public Long getEndTimestamp() {
        return gale.getEndTimestamp();
    }

    @Override
    public Long getStartTimestamp() {
        return gale.getStartTimestamp();
    }

    private List<Tuple> storm(List<dev.gale.tuple.Tuple> tuples) {
        List<Tuple> shown = new ArrayList<>(tuples.size());
        for (dev.gale.tuple.Tuple t : tuples) {
            shown.add(new BridgedTuple(context, t));
        }
        return shown;
    }
}
