package dev.gale.testing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Where a tuple made by {@code dev.gale.Testing.testTuple} comes from: its stream, component
 * and field names (Storm's {@code MkTupleParam}); unset ones get Storm's defaults
 * ({@code default}, {@code component}, {@code field1..n}). Not thread-safe.
 */
public class MkTupleParam {
    private String stream;
    private String component;
    private List<String> fields;

    public String getStream() {
        return stream;
    }

    public void setStream(String stream) {
        this.stream = stream;
    }

    public String getComponent() {
        return component;
    }

    public void setComponent(String component) {
        this.component = component;
    }

    public List<String> getFields() {
        return fields;
    }

    public void setFields(String... fields) {
        this.fields = new ArrayList<>(Arrays.asList(fields));
    }

    public void setFieldsList(List<String> fields) {
        this.fields = fields == null ? null : new ArrayList<>(fields);
    }
}
