package dev.gale.examples;

import java.io.Serializable;

/**
 * storm-starter's Prefix: a serializable value captured by LambdaTopology's bolt lambda, showing
 * that what a lambda captures must be serializable. Immutable.
 */
class Prefix implements Serializable {
    private String str;

    Prefix(String str) {
        this.str = str;
    }

    @Override
    public String toString() {
        return this.str;
    }
}
