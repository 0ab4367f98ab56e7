package dev.gale.generated;

/** Storm's view of one bolt of a built topology: its object and its common settings. Immutable. */
public final class Bolt {
    private final ComponentObject boltObject;
    private final ComponentCommon common;

    Bolt(ComponentObject boltObject, ComponentCommon common) {
        this.boltObject = boltObject;
        this.common = common;
    }

    public ComponentObject get_bolt_object() {
        return boltObject;
    }

    public ComponentCommon get_common() {
        return common;
    }
}
