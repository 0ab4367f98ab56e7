package dev.gale.generated;

/** Storm's view of one spout of a built topology: its object and its common settings. Immutable. */
public final class SpoutSpec {
    private final ComponentObject spoutObject;
    private final ComponentCommon common;

    SpoutSpec(ComponentObject spoutObject, ComponentCommon common) {
        this.spoutObject = spoutObject;
        this.common = common;
    }

    public ComponentObject get_spout_object() {
        return spoutObject;
    }

    public ComponentCommon get_common() {
        return common;
    }
}
