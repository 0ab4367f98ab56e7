package dev.gale.starter;

/** Entry point of {@code ./gale demo}; replaced by the engine demo once the engine lands. */
public final class Demo {
    private Demo() {
    }

    public static void main(String[] args) {
        new CollectionsDemo(System.out).run();
    }
}
