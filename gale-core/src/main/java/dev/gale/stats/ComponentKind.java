package dev.gale.stats;

import java.util.Locale;

/**
 * What a component of a running topology is (Gale addition): a spout, a bolt, or the acker that
 * the engine adds when tracking is on. Storm's UI and REST API spell these "spout", "bolt" and
 * "acker"; {@link #stormName()} gives that spelling.
 */
public enum ComponentKind {
    SPOUT, BOLT, ACKER;

    /** The name Storm's UI and REST API use: "spout", "bolt" or "acker". */
    public String stormName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** As in messages: "spout", "bolt" or "acker" (see {@link #stormName()}). */
    @Override
    public String toString() {
        return stormName();
    }
}
