package dev.gale.flux.model;

import java.util.List;

/**
 * An argument written {@code reflist: [id, ...]}: a list of those components, which becomes an
 * array when the parameter is one. Not thread-safe.
 */
public class BeanListReference {
    public List<String> ids;

    public BeanListReference() {
    }

    public BeanListReference(List<String> ids) {
        this.ids = ids;
    }

    public List<String> getIds() {
        return ids;
    }

    @Override
    public String toString() {
        return "reflist: " + ids;
    }
}
