package dev.gale.grouping;

/**
 * A custom grouping that can take the targets' load into account. Accepted by
 * {@code customGrouping} like any other. Gale measures no load: after {@code prepare} it calls
 * {@link #refreshLoad} once with a mapping that reports every task alike (no metrics, load 1.0),
 * and never again, so the grouping routes as if all targets were equally loaded.
 */
public interface LoadAwareCustomStreamGrouping extends CustomStreamGrouping {
    void refreshLoad(LoadMapping loadMapping);
}
