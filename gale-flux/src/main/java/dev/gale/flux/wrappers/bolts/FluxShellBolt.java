package dev.gale.flux.wrappers.bolts;

import dev.gale.task.ShellBolt;
import dev.gale.topology.IRichBolt;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.tuple.Fields;
import dev.gale.utils.Utils;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A multilang bolt configured entirely from Flux YAML (Storm's {@code FluxShellBolt}): the command
 * to run, the fields of its default stream and of named streams, and component configuration. See
 * {@link ShellBolt} for how the subprocess runs. Not thread-safe: each task has its own copy.
 */
public class FluxShellBolt extends ShellBolt implements IRichBolt {
    private static final long serialVersionUID = 1L;
    private final Map<String, String[]> outputFields = new LinkedHashMap<>();
    private Map<String, Object> componentConfig;

    /** Runs {@code command} (e.g. {@code ["python3", "splitsentence.py"]}), declaring no stream until told. */
    public FluxShellBolt(String[] command) {
        super(command);
    }

    /** Runs {@code command}, declaring its default stream with {@code outputFields}. */
    public FluxShellBolt(String[] command, String[] outputFields) {
        this(command);
        setDefaultStream(outputFields);
    }

    /** Adds a component configuration entry (a Flux {@code configMethods} call). */
    public void addComponentConfig(String key, Object value) {
        if (componentConfig == null) {
            componentConfig = new HashMap<>();
        }
        componentConfig.put(key, value);
    }

    /** Adds a component configuration entry whose value is a list. */
    public void addComponentConfig(String key, List<Object> values) {
        addComponentConfig(key, (Object) values);
    }

    public void setDefaultStream(String[] outputFields) {
        setNamedStream(Utils.DEFAULT_STREAM_ID, outputFields);
    }

    public void setNamedStream(String name, String[] outputFields) {
        this.outputFields.put(name, outputFields);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        outputFields.forEach((stream, fields) -> {
            if (stream.equals(Utils.DEFAULT_STREAM_ID)) {
                declarer.declare(new Fields(fields));
            } else {
                declarer.declareStream(stream, new Fields(fields));
            }
        });
    }

    @Override
    public Map<String, Object> getComponentConfiguration() {
        return componentConfig;
    }
}
