package dev.gale.flux.test;

import dev.gale.Config;
import dev.gale.generated.StormTopology;

/**
 * Storm's Flux test topology source whose method takes a {@link Config} rather than a Map; it
 * records the configuration it was given.
 */
public class SimpleTopologyWithConfigParam {
    /** The configuration of the last call. */
    public static volatile Config lastConfig;

    public SimpleTopologyWithConfigParam() {
    }

    public SimpleTopologyWithConfigParam(String foo, String bar) {
    }

    public StormTopology getTopology(Config config) {
        lastConfig = config;
        return SimpleTopology.wordsToLog();
    }
}
