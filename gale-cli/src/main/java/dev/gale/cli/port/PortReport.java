package dev.gale.cli.port;

import dev.gale.cli.port.NameRewriter.Kind;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The port report, in Markdown: what was rewritten, then every item left to the user, grouped by
 * category and ranked by number of uses (most first), each group with what to do. Stateless.
 */
public final class PortReport {
    /** How many places one name lists before "and N more". */
    static final int PLACES_SHOWN = 8;

    private PortReport() {
    }

    /** One name of a group: its uses and notes. */
    record Entry(String name, List<String> places, Set<String> notes) {
    }

    /** One category with its entries, most used first. */
    record Group(Category category, List<Entry> entries) {
        int uses() {
            return entries.stream().mapToInt(e -> e.places().size()).sum();
        }
    }

    /** The groups of {@code findings}: by uses, most first; blocking ones before the others. */
    static List<Group> groups(List<Finding> findings) {
        Map<Category, Map<String, Entry>> by = new LinkedHashMap<>();
        for (Finding f : findings) {
            Entry e = by.computeIfAbsent(f.category(), c -> new LinkedHashMap<>())
                    .computeIfAbsent(f.name(), n -> new Entry(n, new ArrayList<>(), new LinkedHashSet<>()));
            e.places().add(f.where());
            if (!f.note().isEmpty()) {
                e.notes().add(f.note());
            }
        }
        List<Group> out = new ArrayList<>();
        by.forEach((c, entries) -> {
            List<Entry> list = new ArrayList<>(entries.values());
            list.sort(Comparator.comparingInt((Entry e) -> -e.places().size()).thenComparing(Entry::name));
            out.add(new Group(c, list));
        });
        out.sort(Comparator.comparing((Group g) -> !g.category().blocking()).thenComparingInt(g -> -g.uses())
                .thenComparing(Group::category));
        return out;
    }

    public static String markdown(PortPlan plan, String target, boolean dryRun) {
        StringBuilder b = new StringBuilder();
        b.append("# gale port: ").append(plan.dir()).append("\n\n");
        Map<Kind, Integer> n = plan.counts();
        int moved = plan.moves().size();
        b.append(dryRun ? "Dry run: nothing was written. " : "Written to " + target + ". ")
                .append("Gale ").append(plan.galeVersion()).append(".\n\n");
        b.append("- ").append(plan.changedFiles().size()).append(" files ").append(dryRun ? "would change" : "changed")
                .append(moved == 0 ? "" : ", " + moved + " moved to the directory of their new package").append('\n');
        b.append("- names rewritten: ").append(n.getOrDefault(Kind.STORM, 0)).append(" `org.apache.storm` to `dev.gale`, ")
                .append(n.getOrDefault(Kind.BACKTYPE, 0)).append(" `backtype.storm` to `dev.gale`, ")
                .append(n.getOrDefault(Kind.SHADED, 0) + n.getOrDefault(Kind.SHADED_UNKNOWN, 0))
                .append(" shaded names (`org.apache.storm.shade.*`) to their library's own\n");
        List<Group> groups = groups(plan.findings());
        long blocking = groups.stream().filter(g -> g.category().blocking()).mapToLong(Group::uses).sum();
        b.append("- ").append(blocking == 0 ? "everything mapped: build and run it on Gale"
                : blocking + " uses in " + groups.stream().filter(g -> g.category().blocking()).count()
                        + " groups need you before it builds and runs on Gale (below, most used first)").append("\n");

        if (!plan.buildChanges().isEmpty()) {
            b.append("\n## Build file changes\n\n");
            for (String c : plan.buildChanges()) {
                b.append("- ").append(c).append('\n');
            }
        }
        int i = 0;
        for (Group g : groups) {
            if (i == 0 || g.category().blocking() != groups.get(i - 1).category().blocking()) {
                b.append(g.category().blocking() ? "\n## To do before it builds and runs\n"
                        : "\n## Worth a look\n");
            }
            i++;
            b.append("\n### ").append(g.category().title()).append(" (").append(g.uses()).append(g.uses() == 1 ? " use"
                    : " uses").append(")\n\n").append(g.category().advice()).append("\n\n");
            for (Entry e : g.entries()) {
                b.append("- `").append(e.name()).append("`: ").append(e.places().size())
                        .append(e.places().size() == 1 ? " use" : " uses");
                if (!e.notes().isEmpty()) {
                    b.append("; ").append(String.join("; ", e.notes()));
                }
                List<String> places = e.places().stream().filter(p -> !p.isEmpty()).distinct().toList();
                if (!places.isEmpty()) {
                    b.append(" (").append(String.join(", ", places.subList(0, Math.min(PLACES_SHOWN, places.size()))));
                    if (places.size() > PLACES_SHOWN) {
                        b.append(", and ").append(places.size() - PLACES_SHOWN).append(" more");
                    }
                    b.append(')');
                }
                b.append('\n');
            }
        }
        return b.toString();
    }
}
