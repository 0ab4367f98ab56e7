package dev.gale.generated;

import dev.gale.impl.topology.ComponentDef;
import dev.gale.impl.topology.StreamDef;
import dev.gale.impl.topology.Subscription;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Storm's view of what spouts and bolts have in common: inputs with their groupings, declared
 * streams and parallelism hint. A read-only view of a built topology's component. Immutable.
 */
public final class ComponentCommon {
    private final Map<GlobalStreamId, Grouping> inputs;
    private final Map<String, StreamInfo> streams;
    private final int parallelismHint;

    ComponentCommon(ComponentDef def) {
        Map<GlobalStreamId, Grouping> in = new LinkedHashMap<>();
        for (Subscription s : def.inputs()) {
            in.put(s.source(), s.grouping());
        }
        Map<String, StreamInfo> out = new LinkedHashMap<>();
        for (StreamDef s : def.outputs().values()) {
            out.put(s.streamId(), new StreamInfo(s.fields().toList(), s.direct()));
        }
        this.inputs = Collections.unmodifiableMap(in);
        this.streams = Collections.unmodifiableMap(out);
        this.parallelismHint = def.parallelism();
    }

    /** The streams the component subscribes to, with their groupings. */
    public Map<GlobalStreamId, Grouping> get_inputs() {
        return inputs;
    }

    public int get_inputs_size() {
        return inputs.size();
    }

    /** The streams the component declares, by stream id. */
    public Map<String, StreamInfo> get_streams() {
        return streams;
    }

    public int get_streams_size() {
        return streams.size();
    }

    /** The number of executors. */
    public int get_parallelism_hint() {
        return parallelismHint;
    }

    public boolean is_set_parallelism_hint() {
        return true;
    }
}
