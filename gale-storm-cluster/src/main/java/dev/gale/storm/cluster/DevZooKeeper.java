package dev.gale.storm.cluster;

import java.lang.reflect.Method;

/**
 * The cluster's ZooKeeper: Storm's own in-process server (its shaded copy of ZooKeeper, as
 * {@code storm dev-zookeeper} runs it, which lives in storm-core, a jar the cluster does not
 * need otherwise), started in a JVM of its own from Storm's daemon jars. Arguments: the data
 * directory and the port. Runs until killed.
 */
public final class DevZooKeeper {
    private DevZooKeeper() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            throw new IllegalArgumentException("usage: DevZooKeeper <data dir> <port>");
        }
        // By reflection: storm-server is on the daemons' class path, not on this module's compile path.
        Method start = Class.forName("org.apache.storm.zookeeper.Zookeeper")
                .getMethod("mkInprocessZookeeper", String.class, Integer.class);
        start.invoke(null, args[0], Integer.valueOf(args[1]));
        Thread.currentThread().join(); // the server's threads serve; this one only keeps the JVM alive
    }
}
