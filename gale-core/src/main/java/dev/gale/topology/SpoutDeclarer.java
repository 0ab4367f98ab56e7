package dev.gale.topology;

/** Returned by {@link TopologyBuilder#setSpout}, to configure the spout. */
public interface SpoutDeclarer extends ComponentConfigurationDeclarer<SpoutDeclarer> {
}
