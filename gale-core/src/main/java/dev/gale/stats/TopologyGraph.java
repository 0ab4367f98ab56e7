package dev.gale.stats;

import java.util.List;

/**
 * The shape of a running topology (Gale addition): its spouts and bolts and the streams between
 * them, with each subscription's grouping, for tools that draw it. The acker is left out, as in
 * Storm UI's visualization. Immutable.
 *
 * @param components spouts and bolts, in declaration order
 * @param edges one per subscription: a bolt reading one stream of one component
 */
public record TopologyGraph(String topologyName, List<Node> components, List<Edge> edges) {

    /**
     * One spout or bolt.
     *
     * @param kind {@link ComponentKind#SPOUT} or {@link ComponentKind#BOLT}
     * @param executors threads running it
     * @param tasks its task ids
     */
    public record Node(String componentId, ComponentKind kind, int executors, List<Integer> tasks) {
    }

    /**
     * One subscription.
     *
     * @param grouping as Storm names it, lower case: "shuffle", "fields[word]", "all", "global",
     *     "direct", "local_or_shuffle", "none", "partial_key[...]" or "custom(class)"
     */
    public record Edge(String source, String stream, String target, String grouping) {
    }
}
