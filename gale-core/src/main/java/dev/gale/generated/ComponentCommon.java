package dev.gale.generated;

import java.util.Collections;
import java.util.Map;

/**
 * Storm's view of what spouts and bolts have in common: inputs with their groupings, declared
 * streams and parallelism hint. A read-only view of a built topology's component. Immutable.
 */
public final class ComponentCommon {
    private final Map<GlobalStreamId, Grouping> inputs;
    private final Map<String, StreamInfo> streams;
    private final int parallelismHint;
    private final Map<String, Object> conf;
    private final String jsonConf;

    /**
     * @param inputs and {@code streams}: in declaration order, not copied
     * @param conf     the component's own configuration, unmodifiable
     * @param jsonConf the same configuration as JSON
     */
    ComponentCommon(Map<GlobalStreamId, Grouping> inputs, Map<String, StreamInfo> streams, int parallelismHint,
                    Map<String, Object> conf, String jsonConf) {
        this.inputs = Collections.unmodifiableMap(inputs);
        this.streams = Collections.unmodifiableMap(streams);
        this.parallelismHint = parallelismHint;
        this.conf = conf;
        this.jsonConf = jsonConf;
    }

    /**
     * The component's own configuration (its {@code getComponentConfiguration()} and what its
     * declarer added: {@code setNumTasks}, {@code setMemoryLoad}, ...), as JSON, as Storm keeps it.
     */
    public String get_json_conf() {
        return jsonConf;
    }

    public boolean is_set_json_conf() {
        return jsonConf != null;
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

    /**
     * The component's own configuration (Gale addition): what its {@code getComponentConfiguration}
     * returned, overridden by the declarer's settings ({@code addConfiguration}, {@code setNumTasks}
     * as {@code topology.tasks}, ...). Storm carries the same map as JSON in {@code get_json_conf};
     * this is it with its Java values. Unmodifiable.
     */
    public Map<String, Object> conf() {
        return conf;
    }
}
