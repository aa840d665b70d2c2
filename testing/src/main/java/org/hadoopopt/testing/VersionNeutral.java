package org.hadoopopt.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * Marks a test class whose outcome does not depend on the Hadoop release it runs against: the
 * code it checks is our own arithmetic, rendering or experiment harness, and whatever Hadoop
 * path it passes through is tested on its own, per release, by another class (the plugin
 * modules' tests, the suite's and {@code bin/}'s end-to-end tests). Such a class runs in the
 * default build; the second build against another Hadoop release leaves it out with
 * {@code -DexcludedGroups=version-neutral} (JUnit tag {@value #TAG}), as {@code .ci/run} does.
 * A class that reaches Hadoop internals ({@code bin/cluster}, the daemons' plugin points, the
 * collectors, the readers) is not version-neutral.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag(VersionNeutral.TAG)
public @interface VersionNeutral {
  /** The JUnit tag. */
  String TAG = "version-neutral";
}
