package dev.gale.generated;

/** How many errors per component {@code getTopologyInfoWithOpts} returns: all kept, none, or the latest one. */
public enum NumErrorsChoice {
    ALL, NONE, ONE
}
