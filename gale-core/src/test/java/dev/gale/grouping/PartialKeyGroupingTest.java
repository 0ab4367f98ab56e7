package dev.gale.grouping;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.tuple.Values;
import dev.gale.utils.Utils;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Storm's public PartialKeyGrouping shape: two candidate tasks per key, alternated by load. */
class PartialKeyGroupingTest {

    @Test
    void withoutFieldsItNeedsNoContextAndAlternatesBetweenTwoTasksOfTheKey() {
        for (List<Integer> targets : List.of(List.of(0, 1, 2, 3, 4, 5), List.of(9, 8, 7, 1, 2, 3))) {
            PartialKeyGrouping g = new PartialKeyGrouping();
            g.prepare(null, null, targets);
            List<Integer> first = g.chooseTasks(0, new Values("key1"));
            List<Integer> second = g.chooseTasks(0, new Values("key1"));
            List<Integer> third = g.chooseTasks(0, new Values("key1"));
            assertThat(first).hasSize(1);
            assertThat(second).isNotEqualTo(first);
            assertThat(third).isEqualTo(first);
            assertThat(targets).contains(first.get(0), second.get(0));
        }
    }

    @Test
    void theCandidatesOfAKeyDependOnlyOnTheKey() {
        PartialKeyGrouping.RandomTwoTaskAssignmentCreator creator = new PartialKeyGrouping.RandomTwoTaskAssignmentCreator();
        List<Integer> tasks = List.of(4, 5, 6, 7);
        for (int k = 0; k < 100; k++) {
            byte[] key = ("k" + k).getBytes();
            int[] a = creator.createAssignment(tasks, key);
            assertThat(creator.createAssignment(tasks, key.clone())).containsExactly(a);
            assertThat(a[0]).isNotEqualTo(a[1]);
        }
        assertThat(creator.createAssignment(List.of(3), new byte[] {1})).containsExactly(3, 3);
    }

    @Test
    void itIsSerializableWithItsParts() {
        PartialKeyGrouping g = new PartialKeyGrouping(null, new PartialKeyGrouping.RandomTwoTaskAssignmentCreator(),
                new PartialKeyGrouping.BalancedTargetSelector());
        assertThat(Utils.javaDeserialize(Utils.javaSerialize(g), PartialKeyGrouping.class)).isNotNull();
    }
}
