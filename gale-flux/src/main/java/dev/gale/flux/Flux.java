package dev.gale.flux;

import dev.gale.LocalCluster;
import dev.gale.flux.internal.FluxCommand;

/**
 * The command-line entry point Storm's Flux has ({@code org.apache.storm.flux.Flux}), with its
 * flags: a Storm script {@code storm jar app.jar org.apache.storm.flux.Flux --local topology.yaml}
 * ports as {@code gale run --jar app.jar dev.gale.flux.Flux -- --local topology.yaml}, or
 * {@code java -cp ... dev.gale.flux.Flux --local topology.yaml}. {@code --help} lists the flags;
 * docs/flux.md describes them. Without {@code --local} the topology is submitted through
 * {@code StormSubmitter}: to the cluster {@code gale run} watches, to this JVM's embedded cluster,
 * or to an Apache Storm cluster when gale-storm is on the class path and the program runs under
 * Storm. Not for use from several threads at once.
 */
public final class Flux {
    private Flux() {
    }

    /**
     * Runs the command line. A bad command line or Flux file prints one line naming the mistake
     * and exits with status 2; a failed submit exits with status 1.
     */
    public static void main(String[] args) {
        int status = new FluxCommand(System.out, System.err, System::getenv, LocalCluster::new, Thread::sleep).run(args);
        if (status != FluxCommand.OK) {
            System.exit(status);
        }
    }
}
