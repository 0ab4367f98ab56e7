package dev.gale.flux.model;

/**
 * A named object definition: a {@code components} entry that spouts, bolts and other components
 * refer to by its id. Not thread-safe.
 */
public class BeanDef extends ObjectDef {
    private String id;

    public String getId() {
        return id;
    }

    public void setId(String id) {
        this.id = id;
    }
}
