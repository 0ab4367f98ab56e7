package dev.gale.flux.model;

/**
 * A {@code topologySource}: an object whose method (by default {@code getTopology}) builds the
 * topology in Java, given the configuration as a {@code Map} or a {@code Config}. Not thread-safe.
 */
public class TopologySourceDef extends ObjectDef {
    public static final String DEFAULT_METHOD_NAME = "getTopology";

    private String methodName = DEFAULT_METHOD_NAME;

    public String getMethodName() {
        return methodName;
    }

    public void setMethodName(String methodName) {
        this.methodName = methodName;
    }
}
