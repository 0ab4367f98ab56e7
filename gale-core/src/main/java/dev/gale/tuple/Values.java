package dev.gale.tuple;

import java.util.ArrayList;

/** A convenience list for the values of a tuple to emit. Not thread-safe (an ArrayList). */
public class Values extends ArrayList<Object> {
    private static final long serialVersionUID = 1L;

    public Values() {
    }

    /**
     * The given values in order. {@code new Values(null)} passes a null array, not a null value;
     * as in Storm it makes the one-value list {@code [null]}.
     */
    public Values(Object... vals) {
        super(vals == null ? 1 : vals.length);
        if (vals == null) {
            add(null);
        } else {
            for (Object v : vals) {
                add(v);
            }
        }
    }
}
