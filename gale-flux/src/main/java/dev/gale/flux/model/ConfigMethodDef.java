package dev.gale.flux.model;

import java.util.ArrayList;
import java.util.List;

/**
 * A configuration method to call on an object once it is made: its name and arguments, which
 * may be {@code ref} and {@code reflist} references. Not thread-safe.
 */
public class ConfigMethodDef {
    private String name;
    private List<Object> args;
    private boolean hasReferences;
    private String location;

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public List<Object> getArgs() {
        return args;
    }

    /** Sets the arguments, turning {@code ref} and {@code reflist} maps into references. */
    public void setArgs(List<Object> args) {
        if (args == null) {
            this.args = null;
            return;
        }
        List<Object> out = new ArrayList<>(args.size());
        for (Object arg : args) {
            Object ref = ObjectDef.References.of(arg);
            if (ref instanceof BeanReference || ref instanceof BeanListReference) {
                hasReferences = true;
            }
            out.add(ref);
        }
        this.args = out;
    }

    public boolean hasReferences() {
        return hasReferences;
    }

    /** Gale only: where this method call was read, {@code file:line}; null when built in code. */
    public String getLocation() {
        return location;
    }

    /** Gale only: see {@link #getLocation()}. */
    public void setLocation(String location) {
        this.location = location;
    }
}
