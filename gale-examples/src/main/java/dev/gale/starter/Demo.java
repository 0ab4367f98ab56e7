package dev.gale.starter;

import dev.gale.time.SimulatedClock;

/** Entry point of {@code ./gale demo}; replaced by the engine demo once the engine lands. */
public final class Demo {
    private Demo() {
    }

    public static void main(String[] args) {
        SimulatedClock clock = new SimulatedClock();
        clock.advanceMillis(1_000);
        System.out.println("Gale: simulated clock reads " + clock.millis() + " ms");
    }
}
