package jdbcpoollab.testing;

import org.junit.jupiter.api.Tag;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A test class whose assertions hold only on a machine it has to itself: it asserts on durations, throughput or CPU
 * shares that another test running beside it would change, or times an event to fall inside a step's window.
 * {@code mvn test} runs the other classes two at a time, in two JVMs (pom.xml), and these after them, one at a time,
 * in the execution named {@value #TAG}. A class that is only slow, or whose bounds a class beside it could only help,
 * runs with the others: alone it costs its whole time, beside another it costs about half.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Inherited
@Tag(RunsAlone.TAG)
public @interface RunsAlone {
   String TAG = "alone";

   /** What the class asserts that another class beside it would break: the bound and the time it falls in. */
   String value();
}
