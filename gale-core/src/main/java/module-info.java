/**
 * Gale's embedded engine and its Storm-shaped API. Every package here but the engine's internals
 * ({@code dev.gale.impl.*}) is exported; the internals are not part of the API and may change in
 * any release. Storm's metrics-v2 types ({@code TopologyContext.registerCounter} and the like)
 * come from Dropwizard Metrics, which the API therefore exposes.
 */
module dev.gale.core {
    requires transitive com.codahale.metrics;
    requires org.slf4j;
    requires org.jctools.core;
    requires HdrHistogram;
    // Optional: only Storm's YAML configuration readers (Utils.findAndReadConfigFile and the like) use it.
    requires static org.yaml.snakeyaml;
    // Optional: only the types of Storm's Kryo API (dev.gale.serialization) use it.
    requires static com.esotericsoftware.kryo;

    uses dev.gale.spi.ClusterUiProvider;
    uses dev.gale.spi.RemoteSubmitter;

    exports dev.gale;
    exports dev.gale.bolt;
    exports dev.gale.coordination;
    exports dev.gale.daemon.nimbus;
    exports dev.gale.drpc;
    exports dev.gale.generated;
    exports dev.gale.grouping;
    exports dev.gale.hooks;
    exports dev.gale.hooks.info;
    exports dev.gale.lambda;
    exports dev.gale.metric;
    exports dev.gale.metric.api;
    exports dev.gale.metric.api.rpc;
    exports dev.gale.metric.util;
    exports dev.gale.metrics2;
    exports dev.gale.multilang;
    exports dev.gale.serialization;
    exports dev.gale.spi;
    exports dev.gale.spout;
    exports dev.gale.state;
    exports dev.gale.stats;
    exports dev.gale.streams;
    exports dev.gale.task;
    exports dev.gale.testing;
    exports dev.gale.time;
    exports dev.gale.topology;
    exports dev.gale.topology.base;
    exports dev.gale.tuple;
    exports dev.gale.utils;
    exports dev.gale.windowing;
    exports dev.gale.windowing.persistence;
}
