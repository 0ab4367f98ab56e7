package dev.gale.generated;

import java.io.Serializable;
import java.util.Objects;

/**
 * Options of {@code getTopologyInfoWithOpts}: how many errors per component to return.
 *
 * <p>In the shape of Storm's Thrift-generated class of the same name (fields, {@code get_}/{@code set_}
 * accessors), without the Thrift plumbing. Not thread-safe (a mutable value, as in Storm).
 */
public class GetInfoOptions implements Serializable {
    private static final long serialVersionUID = 1L;

    private NumErrorsChoice num_err_choice;
    private boolean num_err_choice_isset;

    public GetInfoOptions() {
    }

    public NumErrorsChoice get_num_err_choice() {
        return num_err_choice;
    }

    public void set_num_err_choice(NumErrorsChoice num_err_choice) {
        this.num_err_choice = num_err_choice;
        this.num_err_choice_isset = true;
    }

    public boolean is_set_num_err_choice() {
        return num_err_choice_isset;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof GetInfoOptions other)) {
            return false;
        }
        return Objects.equals(num_err_choice, other.num_err_choice);
    }

    @Override
    public int hashCode() {
        return Objects.hash(num_err_choice);
    }

    @Override
    public String toString() {
        return "GetInfoOptions(" + "num_err_choice:" + num_err_choice + ")";
    }
}
