package dev.gale.storm.cluster;

import java.io.IOException;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Whether this JVM sits in a network namespace of its own, and how to start a program in one.
 * Storm's Nimbus, Supervisor and workers bind the wildcard address, and Storm has no option to
 * bind them to loopback: inside a private network namespace ({@code unshare -n}, where only a
 * loopback interface exists) those binds are reachable from that namespace only. Stateless and
 * thread-safe.
 */
public final class NetworkIsolation {
    /** Set on a JVM started by {@link #privateNetworkCommand}, so it knows it is inside. */
    public static final String INSIDE_PROPERTY = "gale.storm.netns";

    private NetworkIsolation() {
    }

    /** True if every network interface of this JVM's namespace is a loopback one. */
    public static boolean loopbackOnly() {
        try {
            List<NetworkInterface> all = Collections.list(NetworkInterface.getNetworkInterfaces());
            for (NetworkInterface n : all) {
                if (!n.isLoopback()) {
                    return false;
                }
            }
            return !all.isEmpty();
        } catch (SocketException e) {
            return false;
        }
    }

    /** One line for a log or a test's output saying where the cluster's wildcard binds are reachable from. */
    public static String describe() {
        if (loopbackOnly()) {
            return "the Storm cluster runs inside a private network namespace (unshare -n, loopback only):"
                    + " the wildcard binds of Nimbus, the Supervisor and the workers are reachable from this namespace only";
        }
        String why = System.getProperty(INSIDE_PROPERTY);
        return "the Storm cluster does NOT run in a private network namespace" + (why == null ? "" : " (" + why + ")")
                + ": Nimbus, the Supervisor and the workers bind the wildcard address, reachable from this machine's"
                + " networks while the cluster runs; ZooKeeper and every client use 127.0.0.1";
    }

    /**
     * The command that runs {@code command} in a new private network namespace with its loopback
     * interface up, or null if this machine cannot make one ({@code unshare -n} needs root or
     * unprivileged user namespaces; {@code ip} comes with iproute2). Tries the command once.
     */
    public static List<String> privateNetworkCommand(List<String> command) {
        for (List<String> prefix : List.of(List.of("unshare", "-n"), List.of("unshare", "-r", "-n"))) {
            List<String> probe = new ArrayList<>(prefix);
            probe.addAll(List.of("sh", "-c", "ip link set lo up"));
            if (succeeds(probe)) {
                List<String> out = new ArrayList<>(prefix);
                // "$0" "$@": the command's words reach exec unchanged, whatever they contain.
                out.addAll(List.of("sh", "-c", "ip link set lo up && exec \"$0\" \"$@\""));
                out.addAll(command);
                return out;
            }
        }
        return null;
    }

    private static boolean succeeds(List<String> command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return false;
            }
            return p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
