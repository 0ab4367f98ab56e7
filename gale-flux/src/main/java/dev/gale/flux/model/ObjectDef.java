package dev.gale.flux.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * How to make one Java object from YAML: its class, then either constructor arguments or a static
 * factory method with its arguments, then properties to set and configuration methods to call.
 * An argument written {@code ref: id} or {@code reflist: [id, ...]} stands for other components.
 *
 * <p>A mutable description filled by the parser; not thread-safe.
 */
public class ObjectDef {
    private String className;
    private List<Object> constructorArgs;
    private boolean hasReferences;
    private List<PropertyDef> properties;
    private List<ConfigMethodDef> configMethods;
    private String factory;
    private List<Object> factoryArgs;
    private String location;

    public String getClassName() {
        return className;
    }

    public void setClassName(String className) {
        this.className = className;
    }

    public List<Object> getConstructorArgs() {
        return constructorArgs;
    }

    /**
     * Sets the constructor arguments; a map holding only {@code ref} or {@code reflist} becomes a
     * {@link BeanReference} or {@link BeanListReference}, as in Storm.
     */
    public void setConstructorArgs(List<Object> constructorArgs) {
        this.constructorArgs = withReferences(constructorArgs);
    }

    public boolean hasConstructorArgs() {
        return constructorArgs != null && !constructorArgs.isEmpty();
    }

    /** Whether the constructor or factory arguments refer to other components. */
    public boolean hasReferences() {
        return hasReferences;
    }

    public List<PropertyDef> getProperties() {
        return properties;
    }

    public void setProperties(List<PropertyDef> properties) {
        this.properties = properties;
    }

    public List<ConfigMethodDef> getConfigMethods() {
        return configMethods;
    }

    public void setConfigMethods(List<ConfigMethodDef> configMethods) {
        this.configMethods = configMethods;
    }

    public boolean hasFactory() {
        return factory != null && !factory.isEmpty();
    }

    public boolean hasFactoryArgs() {
        return factoryArgs != null && !factoryArgs.isEmpty();
    }

    public String getFactory() {
        return factory;
    }

    public void setFactory(String factory) {
        this.factory = factory;
    }

    public List<Object> getFactoryArgs() {
        return factoryArgs;
    }

    /** Sets the factory method's arguments, turning {@code ref} and {@code reflist} maps into references. */
    public void setFactoryArgs(List<Object> factoryArgs) {
        this.factoryArgs = withReferences(factoryArgs);
    }

    /**
     * Gale only: where this definition was read, {@code file:line}, for error messages; null when
     * built in code.
     */
    public String getLocation() {
        return location;
    }

    /** Gale only: see {@link #getLocation()}. */
    public void setLocation(String location) {
        this.location = location;
    }

    private List<Object> withReferences(List<Object> args) {
        if (args == null) {
            return null;
        }
        List<Object> out = new ArrayList<>(args.size());
        for (Object arg : args) {
            Object ref = References.of(arg);
            if (ref instanceof BeanReference || ref instanceof BeanListReference) {
                hasReferences = true;
            }
            out.add(ref);
        }
        return out;
    }

    /** Recognises Storm's reference maps. Stateless. */
    static final class References {
        private References() {
        }

        /** {@code {ref: id}} as a BeanReference, {@code {reflist: [ids]}} as a BeanListReference, else {@code arg}. */
        @SuppressWarnings("unchecked")
        static Object of(Object arg) {
            if (arg instanceof Map<?, ?> map && map.size() == 1) {
                if (map.get("ref") instanceof String id) {
                    return new BeanReference(id);
                }
                if (map.get("reflist") instanceof List<?> ids && ids.stream().allMatch(String.class::isInstance)) {
                    return new BeanListReference((List<String>) ids);
                }
            }
            return arg;
        }
    }
}
