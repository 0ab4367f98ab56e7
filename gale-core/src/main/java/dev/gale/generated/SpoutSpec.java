package dev.gale.generated;

import dev.gale.impl.topology.ComponentDef;

/** Storm's view of one spout of a built topology: its object and its common settings. Immutable. */
public final class SpoutSpec {
    private final ComponentObject spoutObject;
    private final ComponentCommon common;

    SpoutSpec(ComponentDef def) {
        this.spoutObject = new ComponentObject(def.component());
        this.common = new ComponentCommon(def);
    }

    public ComponentObject get_spout_object() {
        return spoutObject;
    }

    public ComponentCommon get_common() {
        return common;
    }
}
