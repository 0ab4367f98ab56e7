package dev.gale.flux.model;

/** An argument written {@code ref: id}: the component of that id. Not thread-safe. */
public class BeanReference {
    public String id;

    public BeanReference() {
    }

    public BeanReference(String id) {
        this.id = id;
    }

    public String getId() {
        return id;
    }

    public void setId(String id) {
        this.id = id;
    }

    @Override
    public String toString() {
        return "ref: " + id;
    }
}
