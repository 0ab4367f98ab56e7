package dev.gale.benchmarks.flink;

import org.apache.flink.api.common.functions.MapFunction;

/** Passes each record on unchanged: the pass-through's two middle operators. Stateless. */
final class Identity implements MapFunction<String, String> {
    private static final long serialVersionUID = 1L;

    @Override
    public String map(String value) {
        return value;
    }
}
