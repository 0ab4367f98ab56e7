package dev.gale.arch;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.belongToAnyOf;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The layering of gale-core, checked on its compiled main classes so it stays true: the internals
 * ({@code dev.gale.impl}) form a DAG of packages, and the public, Storm-shaped API does not reach
 * into them except through the few composition roots listed in {@link #COMPOSITION_ROOTS}.
 */
@AnalyzeClasses(packages = "dev.gale", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    /**
     * Public classes allowed to depend on {@code dev.gale.impl}, each because it assembles or
     * drives the engine; nested and anonymous classes of these are included. Keep this short:
     * prefer an interface in a public package over a new entry.
     */
    private static final Class<?>[] COMPOSITION_ROOTS = {
        // The embedded cluster: plans, starts and stops running topologies.
        dev.gale.LocalCluster.class,
    };

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

    @ArchTest
    static final ArchRule oneGlobalStreamId = classes()
            .that().haveSimpleName("GlobalStreamId")
            .should().haveFullyQualifiedName("dev.gale.generated.GlobalStreamId");

    @ArchTest
    static final ArchRule topologyContextsSeeAnInterfaceNotThePlan = noClasses()
            .that().haveSimpleNameEndingWith("TopologyContext")
            .should().dependOnClassesThat().resideInAPackage("dev.gale.impl..");
}
