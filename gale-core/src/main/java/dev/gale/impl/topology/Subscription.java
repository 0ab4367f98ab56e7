package dev.gale.impl.topology;

import dev.gale.generated.GlobalStreamId;
import dev.gale.generated.Grouping;
import java.io.Serializable;

/** A bolt's subscription to one stream of another component, with its grouping. Immutable. */
public record Subscription(GlobalStreamId source, Grouping grouping) implements Serializable {
}
