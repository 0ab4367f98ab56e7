package dev.gale.bolt;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The join clauses a JoinBolt accepts while it is being configured. */
class JoinBoltClausesTest {

    @Test
    void aStreamTakesPartInTheJoinOnceTheProbeSideIncluded() {
        JoinBolt bolt = new JoinBolt("users", "id").join("orders", "userId", "users");
        assertThatThrownBy(() -> bolt.join("orders", "userId", "users"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'orders' is already part of join");
        assertThatThrownBy(() -> bolt.leftJoin("users", "id", "orders"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'users' is already part of join");
    }

    @Test
    void theStreamJoinedToMustHaveBeenNamedBefore() {
        assertThatThrownBy(() -> new JoinBolt("users", "id").join("orders", "userId", "stores"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'stores' was not previously declared");
    }
}
