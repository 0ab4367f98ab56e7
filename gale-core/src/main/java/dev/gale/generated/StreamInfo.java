package dev.gale.generated;

import java.io.Serializable;
import java.util.List;

/** Storm's description of a declared stream: its output fields and whether it is direct. Immutable. */
public final class StreamInfo implements Serializable {
    private static final long serialVersionUID = 1L;

    private final List<String> outputFields;
    private final boolean direct;

    public StreamInfo(List<String> outputFields, boolean direct) {
        this.outputFields = List.copyOf(outputFields);
        this.direct = direct;
    }

    public List<String> get_output_fields() {
        return outputFields;
    }

    public boolean is_direct() {
        return direct;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof StreamInfo && ((StreamInfo) o).outputFields.equals(outputFields) && ((StreamInfo) o).direct == direct;
    }

    @Override
    public int hashCode() {
        return outputFields.hashCode() * 31 + (direct ? 1 : 0);
    }

    @Override
    public String toString() {
        return "StreamInfo(output_fields:" + outputFields + ", direct:" + direct + ")";
    }
}
