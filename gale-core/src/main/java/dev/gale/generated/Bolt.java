package dev.gale.generated;

import dev.gale.impl.topology.ComponentDef;

/** Storm's view of one bolt of a built topology: its object and its common settings. Immutable. */
public final class Bolt {
    private final ComponentObject boltObject;
    private final ComponentCommon common;

    Bolt(ComponentDef def) {
        this.boltObject = new ComponentObject(def.component());
        this.common = new ComponentCommon(def);
    }

    public ComponentObject get_bolt_object() {
        return boltObject;
    }

    public ComponentCommon get_common() {
        return common;
    }
}
