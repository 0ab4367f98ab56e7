package dev.gale.metric.api;

/**
 * Reduces the {@code Double}, {@code Long} and {@code Integer} values of a bucket to their mean (a
 * {@code Double}); a bucket without values reports nothing. Stateless: the state is in the
 * accumulator.
 */
public class MeanReducer implements IReducer<MeanReducerState> {

    @Override
    public MeanReducerState init() {
        return new MeanReducerState();
    }

    /** @throws IllegalArgumentException for a value of another type, naming it */
    @Override
    public MeanReducerState reduce(MeanReducerState acc, Object input) {
        double v;
        if (input instanceof Double || input instanceof Long || input instanceof Integer) {
            v = ((Number) input).doubleValue();
        } else {
            throw new IllegalArgumentException("MeanReducer takes Double, Long and Integer values, got "
                    + (input == null ? "null" : input.getClass().getName() + " " + input));
        }
        acc.count++;
        acc.sum += v;
        return acc;
    }

    @Override
    public Object extractResult(MeanReducerState acc) {
        return acc.count > 0 ? acc.sum / acc.count : null;
    }
}
