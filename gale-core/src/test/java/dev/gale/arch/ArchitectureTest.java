package dev.gale.arch;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaCall.Predicates.target;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.belongToAnyOf;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.nameMatching;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noFields;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import dev.gale.LocalCluster;
import dev.gale.Testing;
import dev.gale.generated.StormTopology;
import dev.gale.testing.BoltTester;
import dev.gale.testing.TrackedTopology;
import dev.gale.topology.TopologyBuilder;
import dev.gale.utils.Time;
import dev.gale.utils.Utils;

/**
 * The layering of gale-core, checked on its compiled main classes so it stays true: the internals
 * ({@code dev.gale.impl}) form a DAG of packages, and the public, Storm-shaped API does not reach
 * into them except through the few composition roots listed in {@link #COMPOSITION_ROOTS}. A rule
 * whose {@code that()} selects no class fails (ArchUnit's default), so a rename cannot empty one.
 */
@AnalyzeClasses(packages = "dev.gale", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    /**
     * Public classes allowed to depend on {@code dev.gale.impl}, each because it assembles or
     * drives the engine; nested and anonymous classes of these are included. Keep this short:
     * prefer an interface in a public package over a new entry.
     */
    static final Class<?>[] COMPOSITION_ROOTS = {
        // The embedded cluster: plans, starts and stops running topologies.
        LocalCluster.class,
        // The definition side: the builder creates the engine's component definitions, and
        // StormTopology is what carries them to submit (Storm's getters are views built from them).
        TopologyBuilder.class,
        StormTopology.class,
        // Storm's static Time must answer with the clock of the topology whose executor calls it,
        // which the engine binds to the executor's thread (impl.time.ThreadClock).
        Time.class,
        // Storm's Utils.readStormConfig / readDefaultConfig start from Storm's defaults as Gale
        // applies them (impl.topology.StormDefaults).
        Utils.class,
        // Storm's two Testing entry points (completeTopology, withSimulatedTimeLocalCluster...):
        // they drive running topologies in simulated time and wait for their executors to idle.
        Testing.class,
        dev.gale.testing.Testing.class, // fully qualified: dev.gale.Testing shares the name
        // The testing kit's runners: BoltTester runs one bolt without a cluster on a plan of its own;
        // TrackedTopology copies a topology's definitions and observes every emit of its runs.
        BoltTester.class,
        TrackedTopology.class,
    };

    /** False-sharing pads live in classes of their own, never among a domain class's fields (see LeadingPad). */
    @ArchTest
    static final ArchRule padsAreDeclaredOnlyInPadClasses = fields()
            .that().haveNameMatching("[pqr]\\d\\d")
            .should().beDeclaredInClassesThat().haveSimpleNameEndingWith("Pad");

    @ArchTest
    static final ArchRule padClassesDeclareNothingButPads = fields()
            .that().areDeclaredInClassesThat().haveSimpleNameEndingWith("Pad")
            .should().haveNameMatching("[pqr]\\d\\d");

    @ArchTest
    static final ArchRule implPackagesFormADag = slices()
            .matching("dev.gale.impl.(*)..")
            .should().beFreeOfCycles();

    @ArchTest
    static final ArchRule publicApiStaysOffTheInternals = noClasses()
            .that().resideInAPackage("dev.gale..")
            .and().resideOutsideOfPackage("dev.gale.impl..")
            .and(not(belongToAnyOf(COMPOSITION_ROOTS)))
            .should().dependOnClassesThat().resideInAPackage("dev.gale.impl..");

    /**
     * The engine runs spouts and bolts; the testing kits drive it. So the engine never depends on
     * a kit (a spout contract the kits use, like {@code PendingInput}, lives beside {@code ISpout}),
     * and the kits' shared machinery ({@code impl.testkit}) serves the kits only.
     */
    @ArchTest
    static final ArchRule theEngineNeverUsesTheTestingKits = noClasses()
            .that().resideInAPackage("dev.gale.impl..")
            .and().resideOutsideOfPackage("dev.gale.impl.testkit..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.gale.testing..", "dev.gale.impl.testkit..");

    @ArchTest
    static final ArchRule theKitsMachineryServesTheKitsOnly = classes()
            .that().resideInAPackage("dev.gale.impl.testkit..")
            .should().onlyBeAccessed().byClassesThat(resideInAnyPackage("dev.gale.impl.testkit..", "dev.gale.testing..")
                    .or(belongToAnyOf(Testing.class)));

    @ArchTest
    static final ArchRule oneGlobalStreamId = classes()
            .that().haveSimpleName("GlobalStreamId")
            .should().haveFullyQualifiedName("dev.gale.generated.GlobalStreamId");

    /** The contexts answer from {@link dev.gale.task.TopologyView}, which the engine's plan implements. */
    @ArchTest
    static final ArchRule topologyContextsSeeAnInterfaceNotThePlan = noClasses()
            .that().resideInAPackage("dev.gale.task")
            .and().haveSimpleNameEndingWith("Context")
            .should().dependOnClassesThat().resideInAPackage("dev.gale.impl..");

    /**
     * The executors do not know which scheduler runs them: what differs between the step scheduler
     * and threads of their own comes with the {@code Pace} the scheduler hands them with the parker.
     */
    @ArchTest
    static final ArchRule executorsAskTheirPaceNotTheirScheduler = noClasses()
            .that().resideInAnyPackage("dev.gale.impl.executor..", "dev.gale.impl.spout..")
            .should().callMethodWhere(target(nameMatching("(?i)(is)?stepped")))
            .orShould().dependOnClassesThat().haveSimpleNameStartingWith("Step");

    @ArchTest
    static final ArchRule executorsKeepNoSchedulerMode = noFields()
            .that().areDeclaredInClassesThat().resideInAnyPackage("dev.gale.impl.executor..", "dev.gale.impl.spout..")
            .should().haveNameMatching("(?i).*stepped.*");
}
