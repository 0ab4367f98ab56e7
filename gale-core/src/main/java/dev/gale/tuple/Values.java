package dev.gale.tuple;

import java.util.ArrayList;
import java.util.Arrays;

/** A convenience list for the values of a tuple to emit. Not thread-safe (an ArrayList). */
public class Values extends ArrayList<Object> {
    private static final long serialVersionUID = 1L;

    public Values() {
    }

    public Values(Object... vals) {
        super(Arrays.asList(vals));
    }
}
