package dev.gale.topology;

/** Returned by {@link TopologyBuilder#setBolt}: subscribes the bolt and configures it. */
public interface BoltDeclarer extends InputDeclarer<BoltDeclarer>, ComponentConfigurationDeclarer<BoltDeclarer> {
}
