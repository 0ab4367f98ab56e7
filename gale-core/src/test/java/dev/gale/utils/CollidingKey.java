package dev.gale.utils;

/**
 * A test key whose hash is chosen by the test (one of a few values), so open-addressing tables
 * get long probe runs that wrap around their end; equal only to a key with the same id.
 */
record CollidingKey(int id, int hash) {
    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CollidingKey c && c.id == id;
    }
}
